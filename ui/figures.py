"""Pure Plotly figure builders: data in, ``plotly.graph_objects.Figure`` out.

Nothing here touches Streamlit, so every figure is tested as data (``fig.data`` values).
"""

from __future__ import annotations

import plotly.graph_objects as go

from calc.result import BattleResult

SIDE_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


def survivors_figure(result: BattleResult) -> go.Figure:
    """Bar chart per ship group: P(exactly k ships survive), one trace per group.

    Each trace is named "side: group" and its ``y`` values are the survivor distribution in
    percent, so the figure can be read (and tested) as data.
    """
    fig = go.Figure()
    for side_index, side in enumerate(result.sides):
        colour = SIDE_COLOURS[side_index % len(SIDE_COLOURS)]
        for group in side.groups:
            fig.add_trace(
                go.Bar(
                    name=f"{side.name}: {group.label}",
                    x=[str(k) for k in range(len(group.survivors))],
                    y=[100 * p for p in group.survivors],
                    marker_color=colour,
                    opacity=0.85,
                    hovertemplate="%{x} left: %{y:.2f}%<extra>%{fullData.name}</extra>",
                )
            )
    fig.update_layout(
        barmode="group",
        xaxis_title="ships left at the end",
        yaxis_title="probability (%)",
        legend_title="group",
        margin={"l": 40, "r": 10, "t": 30, "b": 40},
        height=360,
    )
    return fig
