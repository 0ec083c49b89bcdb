"""How the galaxy of a game position is drawn: hex geometry, seat colours, markers and texts.

The figure itself is ``ui.figures.galaxy_figure(state, styles)``. It draws every placed sector
as a flat-topped hex at its axial position (``engine.hexes``: edge 0 is north, ``r`` grows
southwards), filled in its controller's colour, labelled with the sector tile number, with a
notch on every edge that carries a wormhole after the tile's rotation. Ships are markers
around the centre (one per player and class, the count beside it; the marker's shape says the
class), NPCs are dark markers, and a sector with a battle or an attack on population due has a
thick red outline.

Every sector also has one invisible hover point at its centre whose ``customdata`` is
``[q, r]``: selecting it in the dashboard (``st.plotly_chart(on_select=...)``) tells which
sector was chosen (``chosen_hex``). Nothing here imports Streamlit or Plotly.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from blueprints import ShipClass
from engine.galaxy import is_contested
from engine.hexes import Hex
from engine.state import GameState, SectorState
from ui.wording import count_text, species_name

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
            seat_colour(None, player.seat), f"{who} ({species_name(player.species)})"
        )
    return styles


def seat_label(styles: Mapping[int, SeatStyle], seat: int) -> str:
    """How the page names a seat: its style's label, else "seat N"."""
    style = styles.get(seat)
    return style.label if style is not None else f"seat {seat}"


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
    """One line per player with ships here ("Red (Terran Union): 2 interceptors, 1 cruiser")."""
    lines: list[str] = []
    for seat in sector.owners():
        parts = [count_text(n, c) for s, c, n in sector.ships if s == seat]
        lines.append(f"{seat_label(styles, seat)}: {', '.join(parts)}")
    return lines


def npc_text(sector: SectorState) -> str | None:
    """The NPCs in the sector ("2 Ancients, 1 Guardian"), or None."""
    parts = [
        count_text(n, kind)
        for kind, n in (
            (ShipClass.ANCIENT, sector.ancients),
            (ShipClass.GUARDIAN, sector.guardian),
            (ShipClass.GCDS, sector.gcds),
        )
        if n
    ]
    return ", ".join(parts) or None


def sector_hover(state: GameState, sector: SectorState, styles: Mapping[int, SeatStyle]) -> str:
    """The hover text of a sector: tile, owner, population, structures, ships, NPCs, battle."""
    printed = sector.printed
    lines = [f"<b>{printed.id} {printed.name}</b> at {sector.hex}"]
    if sector.owner is not None:
        lines.append(
            f"controlled by {seat_label(styles, sector.owner)}, {sector.population()} population"
        )
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


# ----- selection ------------------------------------------------------------------------------


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
