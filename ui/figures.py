"""Pure Plotly figure builders: data in, ``plotly.graph_objects.Figure`` out.

Nothing here touches Streamlit, so every figure is tested as data (``fig.data`` values).
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go


def cosmic_win_chart(
    cards: Sequence[str],
    win: Sequence[float],
    deal: Sequence[float],
    lose: Sequence[float],
    best: str | None = None,
) -> go.Figure:
    """Stacked bars per card: P(win), then P(deal), then P(lose); the best card is outlined.

    ``fig.data[0].y`` is P(win) per card, in the order of ``cards``.
    """
    widths = [3 if card == best else 0 for card in cards]
    fig = go.Figure()
    fig.add_bar(
        name="P(win)",
        x=list(cards),
        y=list(win),
        marker={"color": "#2e7d32", "line": {"width": widths, "color": "#111111"}},
        text=[f"{100 * w:.1f}%" for w in win],
        textposition="inside",
    )
    fig.add_bar(name="P(deal)", x=list(cards), y=list(deal), marker={"color": "#f9a825"})
    fig.add_bar(name="P(lose)", x=list(cards), y=list(lose), marker={"color": "#c62828"})
    fig.update_layout(
        barmode="stack",
        yaxis={"title": "probability", "range": [0, 1], "tickformat": ".0%"},
        xaxis={"title": "card you play"},
        legend={"orientation": "h"},
        margin={"t": 30, "b": 40},
    )
    return fig
