"""The galaxy of a game position as a Plotly figure: hexes, owners, wormholes, ships and NPCs.

``galaxy_figure(state, seats)`` draws every placed sector as a flat-topped hex at its axial
position (``engine.hexes``: edge 0 is north, ``r`` grows southwards), filled in its controller's
colour, labelled with the sector tile number, with a notch on every edge that carries a
wormhole after the tile's rotation. Ships are markers around the centre (one per player and
class, the count beside it; the marker's shape says the class), NPCs are dark markers, and a
sector with a battle or an attack on population due has a thick red outline.

Every sector also has one invisible hover point at its centre whose ``customdata`` is
``[q, r]``: selecting it in the dashboard (``st.plotly_chart(on_select=...)``) tells which
sector was chosen. The figure is pure data (no Streamlit), so tests read ``fig.data``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import plotly.graph_objects as go

from blueprints import ShipClass
from engine.galaxy import is_contested
from engine.hexes import Hex
from engine.state import GameState, SectorState

SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#e6b800", "#9467bd", "#8c564b")
"""Colours of seats 0-5 when the position does not name any (records and snapshots)."""

NAMED_COLOURS = {
    "red": "#d62728",
    "blue": "#1f77b4",
    "green": "#2ca02c",
    "yellow": "#e6b800",
    "purple": "#9467bd",
    "black": "#303030",
    "white": "#bdbdbd",
    "orange": "#ff7f0e",
    "pink": "#e377c2",
    "brown": "#8c564b",
    "grey": "#7f7f7f",
    "gray": "#7f7f7f",
}
"""Hex colours for the colour names a saved game uses (AsyncEclipse players pick one)."""

CONTESTED_LINE = "#b30000"
UNOWNED_FILL = "#ffffff"

CLASS_SYMBOLS = {
    ShipClass.INTERCEPTOR: "triangle-up",
    ShipClass.CRUISER: "diamond",
    ShipClass.DREADNOUGHT: "square",
    ShipClass.STARBASE: "star",
    ShipClass.ORBITAL: "circle-open",
}
CLASS_LETTERS = {
    ShipClass.INTERCEPTOR: "I",
    ShipClass.CRUISER: "C",
    ShipClass.DREADNOUGHT: "D",
    ShipClass.STARBASE: "S",
    ShipClass.ORBITAL: "O",
}
NPC_SYMBOLS = {"ancient": "circle-x", "guardian": "hexagram", "gcds": "star-square"}


@dataclass(frozen=True, slots=True)
class SeatStyle:
    """How a seat is drawn and named: its colour (``#rrggbb``) and a label (name, species)."""

    colour: str
    label: str


def seat_colour(name: str | None, seat: int) -> str:
    """The hex colour of a seat: its named colour when known, else the seat's default."""
    if name:
        key = name.strip().lower()
        if key in NAMED_COLOURS:
            return NAMED_COLOURS[key]
        if key.startswith("#") and len(key) == 7:
            return key
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def default_styles(state: GameState, names: Sequence[str] | None = None) -> dict[int, SeatStyle]:
    """Seat styles from the default colours, labelled "name (species)" or "seat N (species)"."""
    styles: dict[int, SeatStyle] = {}
    for player in state.players:
        who = names[player.seat] if names and player.seat < len(names) else f"seat {player.seat}"
        styles[player.seat] = SeatStyle(
            seat_colour(None, player.seat), f"{who} ({player.species.replace('_', ' ')})"
        )
    return styles


# ----- geometry ---------------------------------------------------------------------------------

SQRT3 = math.sqrt(3.0)


def hex_centre(where: Hex, size: float = 1.0) -> tuple[float, float]:
    """Plot coordinates of a hex centre (flat-topped hexes, north up)."""
    return 1.5 * size * where.q, -SQRT3 * size * (where.r + where.q / 2)


def hex_corners(where: Hex, size: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of a flat-topped hex (east corner first, counter-clockwise), closed."""
    cx, cy = hex_centre(where, size)
    points = [
        (cx + size * math.cos(math.radians(60 * k)), cy + size * math.sin(math.radians(60 * k)))
        for k in range(6)
    ]
    return [*points, points[0]]


def edge_midpoint(
    where: Hex, edge: int, size: float = 1.0, inset: float = 0.0
) -> tuple[float, float]:
    """The middle of edge ``edge`` (0 north, clockwise), ``inset`` of the way in to the centre."""
    cx, cy = hex_centre(where, size)
    angle = math.radians(90 - 60 * edge)
    reach = size * SQRT3 / 2 * (1 - inset)
    return cx + reach * math.cos(angle), cy + reach * math.sin(angle)


def board_edges(sector: SectorState) -> tuple[int, ...]:
    """Board edges (0-5) of the sector that carry a wormhole, after its rotation."""
    mask = sector.wormholes
    return tuple(e for e in range(6) if mask >> e & 1)


# ----- text -------------------------------------------------------------------------------------


def fleet_text(sector: SectorState, styles: Mapping[int, SeatStyle]) -> list[str]:
    """One line per player with ships here ("red (terran): 2 interceptor, 1 cruiser")."""
    lines: list[str] = []
    for seat in sector.owners():
        parts = [f"{n} {c.value}" for s, c, n in sector.ships if s == seat]
        label = styles[seat].label if seat in styles else f"seat {seat}"
        lines.append(f"{label}: {', '.join(parts)}")
    return lines


def npc_text(sector: SectorState) -> str | None:
    """The NPCs in the sector ("2 ancient, 1 guardian"), or None."""
    parts = [
        f"{n} {name}"
        for name, n in (
            ("ancient", sector.ancients),
            ("guardian", sector.guardian),
            ("GCDS", sector.gcds),
        )
        if n
    ]
    return ", ".join(parts) or None


def sector_hover(state: GameState, sector: SectorState, styles: Mapping[int, SeatStyle]) -> str:
    """The hover text of a sector: tile, owner, population, structures, ships, NPCs, battle."""
    printed = sector.printed
    lines = [f"<b>{printed.id} {printed.name}</b> at {sector.hex}"]
    if sector.owner is not None:
        owner = styles[sector.owner].label if sector.owner in styles else f"seat {sector.owner}"
        lines.append(f"controlled by {owner}, {sector.population()} population")
    else:
        lines.append("not controlled")
    extras = [
        name
        for name, present in (
            ("orbital", sector.orbital),
            ("monolith", sector.monolith),
            ("discovery tile", sector.discovery),
            ("warp portal", sector.has_portal),
        )
        if present
    ]
    if extras:
        lines.append(", ".join(extras))
    lines.extend(fleet_text(sector, styles))
    npcs = npc_text(sector)
    if npcs:
        lines.append(f"NPCs: {npcs}")
    if is_contested(state, sector):
        lines.append("<b>battle due</b>")
    return "<br>".join(lines)


# ----- the figure -------------------------------------------------------------------------------


def _with_alpha(colour: str, alpha: float) -> str:
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({red},{green},{blue},{alpha})"


def _hex_trace(sector: SectorState, fill: str, contested: bool, chosen: bool) -> go.Scatter:
    xs, ys = zip(*hex_corners(sector.hex), strict=True)
    width = 4.0 if contested or chosen else 1.0
    line = CONTESTED_LINE if contested else ("#222222" if chosen else "#888888")
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


def _ship_points(
    sectors: Sequence[SectorState], styles: Mapping[int, SeatStyle]
) -> dict[int, dict[str, list[object]]]:
    """Marker positions per seat: a ring of markers in the lower half of each hex."""
    points: dict[int, dict[str, list[object]]] = {}
    for sector in sectors:
        cx, cy = hex_centre(sector.hex)
        entries = [(s, c, n) for s, c, n in sector.ships if n > 0]
        for k, (seat, ship_class, count) in enumerate(entries):
            spread = len(entries)
            x = cx + (k - (spread - 1) / 2) * 0.32
            y = cy - 0.42
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
        if sector.owner is not None and sector.owner in styles:
            fill = _with_alpha(styles[sector.owner].colour, 0.35)
        else:
            fill = UNOWNED_FILL
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
    centres = [hex_centre(s.hex) for s in sectors]
    fig.add_trace(
        go.Scatter(
            x=[x for x, _ in centres],
            y=[y + 0.3 for _, y in centres],
            mode="markers+text",
            marker={"size": 38, "color": "rgba(0,0,0,0)"},
            text=[f"<b>{s.tile}</b>" for s in sectors],
            textfont={"size": 13, "color": "#111111"},
            customdata=[[s.hex.q, s.hex.r] for s in sectors],
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
        cx, cy = hex_centre(sector.hex)
        for k, (kind, n) in enumerate(present):
            npc_x.append(cx + (k - (len(present) - 1) / 2) * 0.4)
            npc_y.append(cy - 0.05)
            npc_symbol.append(NPC_SYMBOLS[kind])
            npc_label.append(f"{n}" if kind == "ancient" else "")
    fig.add_trace(
        go.Scatter(
            x=npc_x,
            y=npc_y,
            mode="markers+text",
            marker={"symbol": npc_symbol, "size": 15, "color": "#222222"},
            text=npc_label,
            textposition="middle right",
            hoverinfo="skip",
            name="NPCs",
            showlegend=False,
        )
    )

    # Ships: one trace per seat; the legend shows each seat's colour and each class's shape.
    for seat, bucket in sorted(_ship_points(sectors, styles).items()):
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


def chosen_hex(selection: object) -> Hex | None:
    """The sector picked in a ``st.plotly_chart`` selection event (its first point with a
    ``customdata`` of ``[q, r]``), or None."""
    if not isinstance(selection, Mapping):
        return None
    inner = selection.get("selection", selection)
    if not isinstance(inner, Mapping):
        return None
    points = inner.get("points")
    if not isinstance(points, Sequence):
        return None
    for point in points:
        if not isinstance(point, Mapping):
            continue
        data = point.get("customdata")
        if isinstance(data, Sequence) and len(data) == 2:
            q, r = data
            if isinstance(q, int | float) and isinstance(r, int | float):
                return Hex(int(q), int(r))
    return None
