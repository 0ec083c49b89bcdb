"""Pure Plotly figure builders: data in, ``plotly.graph_objects.Figure`` out.

Nothing here touches Streamlit, so every figure is tested as data (``fig.data`` values).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

# Plotly's validators look pandas up in sys.modules without importing it; a figure built in one
# script thread while another thread (a rerun, another session) is importing pandas sees a
# half-initialised module and fails ("partially initialized module 'pandas'"). Importing it here,
# with this module, makes it whole before any figure is built.
import pandas  # type: ignore[import-untyped]  # noqa: F401
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from calc import BattleResult
from calc.design import Objective
from engine.galaxy import is_contested
from engine.hexes import Hex
from engine.state import GameState, SectorState
from ui.designer_form import DesignCard
from ui.galaxy import (
    BLACK_HOLE_FILL,
    CLASS_LETTERS,
    CLASS_SYMBOLS,
    CONTESTED_LINE,
    NAMED_COLOURS,
    NPC_SYMBOLS,
    SUPERNOVA_LINE,
    UNOWNED_FILL,
    SeatStyle,
    board_edges,
    default_styles,
    edge_midpoint,
    hex_centre,
    hex_corners,
    pulsar_spaces,
    seat_colour,
    sector_centre,
    sector_fill,
    sector_hover,
    sector_label,
    sector_outline,
    voyage_text,
)

SIDE_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


def _shade(colour: str, step: int, steps: int) -> str:
    """The side's colour, lighter for later groups, so groups of one side stay apart."""
    if steps <= 1 or step == 0:
        return colour
    mix = 0.6 * step / (steps - 1)
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * mix):02x}" for c in rgb)


NPC_COLOUR = "#7f7f7f"
"""The NPCs' colour in charts (their pieces are grey)."""
TOOLBAR_ROOM = 64
"""Top margin (px) of charts with titles: Plotly's toolbar sits in the top 30 px or so, so the
titles go below it instead of under it."""


def side_colour(name: str, index: int, npc: bool, colours: Mapping[str, str] | None = None) -> str:
    """A side's colour in charts: its player's colour when known (``colours`` by side name, as
    a game gives them), else the colour its name starts with ("Blue", "blue (eridani empire)"),
    grey for the NPCs, else one by its place in the battle."""
    if colours and name in colours:
        return colours[name]
    if npc:
        return NPC_COLOUR
    words = name.replace("(", " ").replace(":", " ").split()
    if words and words[0].lower() in NAMED_COLOURS:
        return NAMED_COLOURS[words[0].lower()]
    return SIDE_COLOURS[index % len(SIDE_COLOURS)]


def survivors_figure(result: BattleResult, colours: Mapping[str, str] | None = None) -> go.Figure:
    """Bar charts of P(exactly k ships survive), one panel per side, one trace per group.

    Each trace is named "side: group" and its ``y`` values are the survivor distribution in
    percent, so the figure can be read (and tested) as data. Groups of a side share its colour
    (``side_colour``: the player's, when known) in shades.
    """
    sides = result.sides
    fig = make_subplots(
        rows=1,
        cols=len(sides),
        subplot_titles=[f"{side.name}: ships left" for side in sides],
        shared_yaxes=True,
        horizontal_spacing=0.06,
    )
    for side_index, side in enumerate(sides):
        colour = side_colour(side.name, side_index, side.npc, colours)
        for group_index, group in enumerate(side.groups):
            fig.add_trace(
                go.Bar(
                    name=f"{side.name}: {group.label}",
                    x=[str(k) for k in range(len(group.survivors))],
                    y=[100 * p for p in group.survivors],
                    marker_color=_shade(colour, group_index, len(side.groups)),
                    marker_line={"color": "#333333", "width": 0.5},
                    hovertemplate="%{x} left: %{y:.2f}%<extra>%{fullData.name}</extra>",
                ),
                row=1,
                col=side_index + 1,
            )
        fig.update_xaxes(title_text="ships left at the end", row=1, col=side_index + 1)
    fig.update_yaxes(title_text="probability (%)", row=1, col=1)
    fig.update_layout(
        barmode="group",
        legend={"orientation": "h", "y": -0.25, "x": 0},
        margin={"l": 50, "r": 10, "t": TOOLBAR_ROOM, "b": 40},
        height=400,
    )
    return fig


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


def upgrade_gain_figure(labels: Sequence[str], gains: Sequence[float], side: str) -> go.Figure:
    """Horizontal bars: the change in the side's P(win), in percentage points, per upgrade.

    ``fig.data[0].y`` are the upgrades (best at the top) and ``x`` their gains; gains are
    green, losses red.
    """
    points = [100 * g for g in gains]
    fig = go.Figure(
        go.Bar(
            x=points,
            y=list(labels),
            orientation="h",
            marker_color=["#2e7d32" if p >= 0 else "#c62828" for p in points],
            hovertemplate="%{y}: %{x:+.2f} points<extra></extra>",
        )
    )
    fig.update_layout(
        xaxis_title=f"change in P({side} wins), percentage points",
        yaxis={"autorange": "reversed", "automargin": True},
        margin={"l": 10, "r": 10, "t": 30, "b": 40},
        height=max(240, 24 * len(points) + 90),
    )
    return fig


def design_comparison_figure(
    designs: Sequence[str], outcomes: Sequence[Sequence[float]], outcome_names: Sequence[str]
) -> go.Figure:
    """Stacked bars per design: the probability of each outcome (win, lose, draw ...).

    ``outcomes[i][j]`` is P(outcome j) with design i; trace j is outcome j, in percent.
    """
    colours = ("#2e7d32", "#c62828", "#757575", "#f9a825")
    fig = go.Figure()
    for j, name in enumerate(outcome_names):
        values = [100 * row[j] for row in outcomes]
        fig.add_bar(
            name=name,
            x=list(designs),
            y=values,
            marker_color=colours[j % len(colours)],
            text=[f"{v:.1f}%" for v in values],
            textposition="inside",
        )
    fig.update_layout(
        barmode="stack",
        yaxis={"title": "probability (%)", "range": [0, 100]},
        legend={"orientation": "h"},
        margin={"l": 40, "r": 10, "t": 30, "b": 40},
        height=320,
    )
    return fig


OBJECTIVE_AXIS = {
    Objective.WIN: "P(win)",
    Objective.WIN_PER_MATERIAL: "P(win) per material",
    Objective.EXCHANGE: "expected material exchange",
}


def design_ranking_figure(designs: Sequence[DesignCard], objective: Objective) -> go.Figure:
    """Horizontal bars of the ranked designs' objective values, best at the top.

    ``fig.data[0]`` holds the objective values (``x``) by rank label (``y``, "#1" ...), with each
    design's fleet (parts by name), cost and method in ``customdata``; for ``win_per_material``
    and ``exchange`` a second trace ``fig.data[1]`` marks each design's P(win) on a second axis.
    """
    labels = [f"#{d.rank}" for d in designs]
    fleets = ["<br>".join(line.describe() for line in d.lines) for d in designs]
    custom = [[fleet, d.cost, d.method] for fleet, d in zip(fleets, designs, strict=True)]
    fig = go.Figure()
    fig.add_trace(
        go.Bar(
            name=OBJECTIVE_AXIS[objective],
            x=[d.value for d in designs],
            y=labels,
            orientation="h",
            marker_color=SIDE_COLOURS[0],
            customdata=custom,
            # The value on each bar: designs near the top often differ by tenths of a percent.
            texttemplate="%{x:.2%}" if objective is Objective.WIN else "%{x:.4g}",
            textposition="inside",
            insidetextanchor="end",
            hovertemplate=(
                "%{y}: %{x:.4g}<br>%{customdata[0]}<br>cost %{customdata[1]}, "
                "%{customdata[2]}<extra></extra>"
            ),
        )
    )
    if objective is not Objective.WIN:
        fig.add_trace(
            go.Scatter(
                name="P(win)",
                x=[d.win for d in designs],
                y=labels,
                mode="markers",
                marker={"color": SIDE_COLOURS[1], "size": 10, "symbol": "diamond"},
                xaxis="x2",
                hovertemplate="%{y}: P(win) %{x:.2%}<extra></extra>",
            )
        )
        fig.update_layout(
            xaxis2={"title": "P(win)", "overlaying": "x", "side": "top", "range": [0, 1]}
        )
    fig.update_layout(
        xaxis_title=OBJECTIVE_AXIS[objective],
        yaxis={"autorange": "reversed", "title": "design"},
        margin={"l": 50, "r": 10, "t": 40, "b": 40},
        height=120 + 40 * max(1, len(designs)),
        showlegend=objective is not Objective.WIN,
    )
    return fig


def convergence_figure(
    samples: Sequence[int],
    estimates: Sequence[float],
    lower: Sequence[float],
    upper: Sequence[float],
    exact: float,
) -> go.Figure:
    """Monte Carlo estimates of a probability against the number of simulated battles, with
    their 95% intervals as error bars and the exact value as a line (all in percent).

    ``fig.data[0]`` is the estimate trace (``x`` = samples, ``y`` = estimate in %),
    ``fig.data[1]`` the exact line.
    """
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            name="Monte Carlo (95% interval)",
            x=list(samples),
            y=[100 * e for e in estimates],
            mode="markers+lines",
            error_y={
                "type": "data",
                "symmetric": False,
                "array": [100 * (u - e) for u, e in zip(upper, estimates, strict=True)],
                "arrayminus": [100 * (e - lo) for lo, e in zip(lower, estimates, strict=True)],
            },
            marker_color=SIDE_COLOURS[1],
        )
    )
    fig.add_trace(
        go.Scatter(
            name="exact",
            x=[min(samples), max(samples)],
            y=[100 * exact, 100 * exact],
            mode="lines",
            line={"color": SIDE_COLOURS[0], "dash": "dash"},
        )
    )
    fig.update_layout(
        xaxis={"title": "simulated battles", "type": "log"},
        yaxis_title="P(attacker wins) (%)",
        margin={"l": 50, "r": 10, "t": 30, "b": 40},
        height=360,
    )
    return fig


# ----- the galaxy of a game position --------------------------------------------------------


def _with_alpha(colour: str, alpha: float) -> str:
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({red},{green},{blue},{alpha})"


def _hex_trace(sector: SectorState, fill: str, contested: bool, chosen: bool) -> go.Scatter:
    xs, ys = zip(*sector_outline(sector), strict=True)
    width = 4.0 if contested or chosen else 1.0
    line = CONTESTED_LINE if contested else ("#222222" if chosen else "#888888")
    if not contested and not chosen and sector.printed.special is not None:
        width = 2.0
        if sector.printed.special.value == "supernova" and not sector.exploded:
            line = SUPERNOVA_LINE
    return go.Scatter(
        x=list(xs),
        y=list(ys),
        mode="lines",
        fill="toself",
        fillcolor=fill,
        line={"color": line, "width": width},
        hoverinfo="skip",
        showlegend=False,
        name=f"sector {sector.tile}",
    )


def _ship_points(sectors: Sequence[SectorState]) -> dict[int, dict[str, list[object]]]:
    """Marker positions per seat: a ring of markers in the lower half of each hex."""
    points: dict[int, dict[str, list[object]]] = {}
    for sector in sectors:
        cx, cy = sector_centre(sector)
        entries = [(s, c, n) for s, c, n in sector.ships if n > 0]
        part = sector.hex.part
        for k, (seat, ship_class, count) in enumerate(entries):
            spread = len(entries)
            x = cx + (k - (spread - 1) / 2) * (0.22 if part else 0.32)
            y = cy - (0.25 if part else 0.42)
            bucket = points.setdefault(seat, {"x": [], "y": [], "symbol": [], "text": []})
            bucket["x"].append(x)
            bucket["y"].append(y)
            bucket["symbol"].append(CLASS_SYMBOLS.get(ship_class, "circle"))
            bucket["text"].append(f"{count}{CLASS_LETTERS.get(ship_class, '?')}")
    return points


def _legend_entry(name: str, symbol: str, colour: str) -> go.Scatter:
    """A trace with no points that only puts a symbol and a name in the legend."""
    if symbol.endswith("-open"):
        colour = "#111111"  # an open symbol is drawn in its colour only: white would vanish
    return go.Scatter(
        x=[None],
        y=[None],
        mode="markers",
        marker={
            "symbol": symbol,
            "size": 12,
            "color": colour,
            "line": {"color": "#111111", "width": 1},
        },
        name=name,
    )


def _add_specials(
    fig: go.Figure,
    state: GameState,
    sectors: Sequence[SectorState],
    styles: Mapping[int, SeatStyle],
) -> None:
    """New Dangers: Pulsar action spaces and disc, ships in Black Holes, exploded Supernovae."""
    spaces = [(s, *space) for s in sectors for space in pulsar_spaces(s)]
    if spaces:
        fills = []
        for s, _, _, _, here in spaces:
            owner = styles.get(s.owner) if s.owner is not None else None
            fills.append(owner.colour if here and owner is not None else "#ffffff")
        fig.add_trace(
            go.Scatter(
                x=[x for _, x, _, _, _ in spaces],
                y=[y for _, _, y, _, _ in spaces],
                mode="markers+text",
                marker={"symbol": "square", "size": 11, "color": fills, "line": {"width": 1}},
                text=[letter for _, _, _, letter, _ in spaces],
                textfont={"size": 9, "color": "#111111"},
                hoverinfo="skip",
                name="pulsar action spaces",
                showlegend=False,
            )
        )
    by_hole: dict[Hex, list[int]] = {}
    for i, v in enumerate(state.voyages):
        by_hole.setdefault(v.hole, []).append(i)
    vx: list[float] = []
    vy: list[float] = []
    vtext: list[str] = []
    vcolour: list[str] = []
    vsymbol: list[str] = []
    for hole, indices in by_hole.items():
        cx, cy = hex_centre(hole)
        for k, i in enumerate(indices):
            v = state.voyages[i]
            style = styles.get(v.seat)
            vx.append(cx + (k - (len(indices) - 1) / 2) * 0.5)
            vy.append(cy - 0.35)
            vtext.append(voyage_text(v))
            vcolour.append(style.colour if style is not None else seat_colour(None, v.seat))
            vsymbol.append(CLASS_SYMBOLS.get(v.ship_class, "circle"))
    if vx:
        fig.add_trace(
            go.Scatter(
                x=vx,
                y=vy,
                mode="markers+text",
                marker={"symbol": vsymbol, "size": 12, "color": vcolour, "opacity": 0.7},
                text=vtext,
                textposition="bottom center",
                textfont={"size": 10, "color": "#eeeeee"},
                hoverinfo="skip",
                name="ships in a black hole",
                showlegend=False,
            )
        )
    exploded = [s for s in sectors if s.exploded]
    if exploded:
        fig.add_trace(
            go.Scatter(
                x=[hex_centre(s.hex)[0] for s in exploded],
                y=[hex_centre(s.hex)[1] - 0.1 for s in exploded],
                mode="markers+text",
                marker={"symbol": "asterisk-open", "size": 22, "color": SUPERNOVA_LINE},
                text=["exploded" for _ in exploded],
                textposition="bottom center",
                textfont={"size": 10, "color": "#555555"},
                hoverinfo="skip",
                name="exploded supernovae",
                showlegend=False,
            )
        )


def galaxy_figure(
    state: GameState,
    styles: Mapping[int, SeatStyle] | None = None,
    *,
    chosen: Hex | None = None,
    unexplored: Sequence[tuple[Hex, int]] = (),
    title: str | None = None,
) -> go.Figure:
    """The galaxy of ``state``; ``chosen`` outlines one sector; ``unexplored`` are zones that
    show a facedown sector back of the given ring (an imported save lists them), drawn dashed.
    See the module docstring."""
    styles = dict(styles) if styles is not None else default_styles(state)
    fig = go.Figure()
    for zone, ring in unexplored:
        xs, ys = zip(*hex_corners(zone), strict=True)
        fig.add_trace(
            go.Scatter(
                x=list(xs),
                y=list(ys),
                mode="lines",
                line={"color": "#bbbbbb", "width": 1, "dash": "dot"},
                hoverinfo="skip",
                showlegend=False,
                name=f"unexplored {ring}",
            )
        )
    if unexplored:
        fig.add_trace(
            go.Scatter(
                x=[hex_centre(zone)[0] for zone, _ in unexplored],
                y=[hex_centre(zone)[1] for zone, _ in unexplored],
                mode="text",
                text=[("I", "II", "III")[min(max(ring, 1), 3) - 1] for _, ring in unexplored],
                textfont={"size": 12, "color": "#aaaaaa"},
                hovertext=[f"unexplored ring {ring} zone at {zone}" for zone, ring in unexplored],
                hovertemplate="%{hovertext}<extra></extra>",
                showlegend=False,
                name="unexplored",
            )
        )
    sectors = sorted(state.sectors, key=lambda s: (s.hex.r, s.hex.q))
    contested = {s.hex for s in sectors if is_contested(state, s)}
    for sector in sectors:
        special = sector_fill(sector)
        if sector.owner is not None and sector.owner in styles:
            fill = _with_alpha(styles[sector.owner].colour, 0.35)
        else:
            fill = special or UNOWNED_FILL
        fig.add_trace(_hex_trace(sector, fill, sector.hex in contested, sector.hex == chosen))

    # Wormholes: a dark notch inside each edge that carries one.
    wx: list[float] = []
    wy: list[float] = []
    for sector in sectors:
        for edge in board_edges(sector):
            x, y = edge_midpoint(sector.hex, edge, inset=0.08)
            wx.append(x)
            wy.append(y)
    fig.add_trace(
        go.Scatter(
            x=wx,
            y=wy,
            mode="markers",
            marker={"symbol": "circle", "size": 9, "color": "#444444"},
            hoverinfo="skip",
            name="wormholes",
            showlegend=False,
        )
    )

    # Sector numbers (and the hover/selection point of each sector).
    centres = [sector_centre(s) for s in sectors]
    fig.add_trace(
        go.Scatter(
            x=[x for x, _ in centres],
            y=[
                y + (0.12 if s.hex.part else 0.3)
                for s, (_, y) in zip(sectors, centres, strict=True)
            ],
            mode="markers+text",
            marker={"size": 38, "color": "rgba(0,0,0,0)"},
            text=[f"<b>{sector_label(s)}</b>" for s in sectors],
            textfont={
                "size": [10 if s.hex.part else 13 for s in sectors],
                "color": [
                    "#eeeeee"
                    if sector_fill(s) == BLACK_HOLE_FILL and s.owner is None
                    else "#111111"
                    for s in sectors
                ],
            },
            customdata=[
                [s.hex.q, s.hex.r, s.hex.part] if s.hex.part else [s.hex.q, s.hex.r]
                for s in sectors
            ],
            hovertext=[sector_hover(state, s, styles) for s in sectors],
            hovertemplate="%{hovertext}<extra></extra>",
            name="sectors",
            showlegend=False,
        )
    )

    # NPCs: dark markers in the middle of the hex.
    npc_x: list[float] = []
    npc_y: list[float] = []
    npc_symbol: list[str] = []
    npc_size: list[int] = []
    npc_label: list[str] = []
    for sector in sectors:
        present = [
            (kind, n)
            for kind, n in (
                ("ancient", sector.ancients),
                ("guardian", sector.guardian),
                ("gcds", sector.gcds),
            )
            if n
        ]
        cx, cy = sector_centre(sector)
        for k, (kind, n) in enumerate(present):
            npc_x.append(cx + (k - (len(present) - 1) / 2) * 0.4 - (0.1 if sector.hex.part else 0))
            npc_y.append(cy if sector.hex.part else cy - 0.05)
            npc_symbol.append(NPC_SYMBOLS[kind])
            npc_size.append(10 if sector.hex.part else 15)
            npc_label.append(f"{n}" if kind == "ancient" else "")
    fig.add_trace(
        go.Scatter(
            x=npc_x,
            y=npc_y,
            mode="markers+text",
            marker={"symbol": npc_symbol, "size": npc_size, "color": "#222222"},
            text=npc_label,
            textposition="middle right",
            hoverinfo="skip",
            name="NPCs",
            showlegend=False,
        )
    )

    _add_specials(fig, state, sectors, styles)

    # Ships: one trace per seat; the legend shows each seat's colour and each class's shape.
    for seat, bucket in sorted(_ship_points(sectors).items()):
        style = styles.get(seat, SeatStyle(seat_colour(None, seat), f"seat {seat}"))
        fig.add_trace(
            go.Scatter(
                x=bucket["x"],
                y=bucket["y"],
                mode="markers+text",
                marker={
                    "symbol": bucket["symbol"],
                    "size": 13,
                    "color": style.colour,
                    "line": {"color": "#111111", "width": 1},
                },
                text=bucket["text"],
                textposition="bottom center",
                textfont={"size": 10},
                hoverinfo="skip",
                name=f"ships of {style.label}",
                showlegend=False,
            )
        )
    for _seat, style in sorted(styles.items()):
        fig.add_trace(_legend_entry(style.label, "hexagon", style.colour))
    for ship_class, symbol in CLASS_SYMBOLS.items():
        fig.add_trace(_legend_entry(ship_class.value, symbol, "#ffffff"))
    for kind, symbol in NPC_SYMBOLS.items():
        fig.add_trace(_legend_entry("GCDS" if kind == "gcds" else kind, symbol, "#222222"))
    if any(pulsar_spaces(s) for s in sectors):
        fig.add_trace(_legend_entry("pulsar action spaces (disc)", "square", "#ffffff"))
    if state.voyages:
        fig.add_trace(_legend_entry("in a black hole (→ round back)", "circle", BLACK_HOLE_FILL))
    if any(s.exploded for s in sectors):
        fig.add_trace(_legend_entry("exploded supernova", "asterisk-open", SUPERNOVA_LINE))

    fig.update_xaxes(visible=False)
    fig.update_yaxes(visible=False, scaleanchor="x", scaleratio=1)
    fig.update_layout(
        title=title,
        height=640,
        margin={"l": 10, "r": 10, "t": 40 if title else 10, "b": 10},
        plot_bgcolor="white",
        legend={"orientation": "h", "y": -0.02},
        clickmode="event+select",
        dragmode="pan",
    )
    return fig
