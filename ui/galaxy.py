"""How the galaxy of a game position is drawn: hex geometry, seat colours, markers and texts.

The figure itself is ``ui.figures.galaxy_figure(state, styles)``. It draws every placed sector
as a flat-topped hex at its axial position (``engine.hexes``: edge 0 is north, ``r`` grows
southwards), filled in its controller's colour, labelled with the sector tile number, with a
notch on every edge that carries a wormhole after the tile's rotation. Ships are markers
around the centre (one per player and class, the count beside it; the marker's shape says the
class), NPCs are dark markers, and a sector with a battle or an attack on population due has a
thick red outline.

Every sector also has one invisible hover point at its centre whose ``customdata`` is
``[q, r]`` (``[q, r, part]`` for a Nebula part): selecting it in the dashboard
(``st.plotly_chart(on_select=...)``) tells which sector was chosen (``chosen_hex``). Nothing here
imports Streamlit or Plotly.

The New Dangers special sectors (``engine.modules``): a Nebula's three parts are drawn as the
three wedges of its hex (``sector_outline``, ``sector_centre``), each a sector with its own
ships; a Pulsar shows its three action spaces with the disc on one (``pulsar_spaces``); a Black
Hole is dark, and the ships in it are drawn beside it with the round they are due back
(``voyage_text``); an exploded Supernova is grey and marked.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from blueprints import ShipClass
from engine.enums import ActionKind
from engine.galaxy import is_contested, outer_edges
from engine.hexes import PART_LETTERS, Hex
from engine.modules import SpecialSector
from engine.specials import PULSAR_SPACES
from engine.state import GameState, SectorState, Voyage
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
BLACK_HOLE_FILL = "#2b2140"
EXPLODED_FILL = "#c8c8c8"
NEBULA_FILL = "#efe6f7"
SUPERNOVA_LINE = "#e67300"
PULSAR_LETTERS = {ActionKind.MOVE: "M", ActionKind.UPGRADE: "U", ActionKind.BUILD: "B"}

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
    """The middle of edge ``edge`` (0 north, clockwise) of a board hex (a Nebula part: of its
    hex), ``inset`` of the way in to the centre."""
    cx, cy = hex_centre(where.board, size)
    angle = math.radians(90 - 60 * edge)
    reach = size * SQRT3 / 2 * (1 - inset)
    return cx + reach * math.cos(angle), cy + reach * math.sin(angle)


def board_edges(sector: SectorState) -> tuple[int, ...]:
    """Board edges (0-5) of the sector that carry a wormhole, after its rotation."""
    mask = sector.wormholes
    return tuple(e for e in range(6) if mask >> e & 1)


def _corner(where: Hex, angle: float, size: float) -> tuple[float, float]:
    cx, cy = hex_centre(where.board, size)
    return cx + size * math.cos(math.radians(angle)), cy + size * math.sin(math.radians(angle))


def sector_outline(sector: SectorState, size: float = 1.0) -> list[tuple[float, float]]:
    """The closed outline of a sector: its hex, or for a Nebula part the wedge of the hex
    between the centre and its two outer edges."""
    if not sector.hex.part:
        return hex_corners(sector.hex, size)
    first = _first_edge(sector)
    centre = hex_centre(sector.hex.board, size)
    # Edge e runs between the corners at 120 - 60 e and 60 - 60 e degrees.
    corners = [_corner(sector.hex, 120 - 60 * first - 60 * k, size) for k in range(3)]
    return [centre, *corners, centre]


def _first_edge(sector: SectorState) -> int:
    """The first (counter-clockwise) of a Nebula part's two outer edges."""
    a, b = outer_edges(sector)
    return b if (a, b) == (0, 5) else a


def sector_centre(sector: SectorState, size: float = 1.0) -> tuple[float, float]:
    """Where a sector's markers go: its hex centre, or the middle of a Nebula part's wedge."""
    if not sector.hex.part:
        return hex_centre(sector.hex, size)
    cx, cy = hex_centre(sector.hex.board, size)
    angle = math.radians(60 - 60 * _first_edge(sector))
    return cx + 0.5 * size * math.cos(angle), cy + 0.5 * size * math.sin(angle)


def sector_label(sector: SectorState) -> str:
    """The label of a sector: its tile number (a Nebula part: with its letter)."""
    if sector.hex.part:
        return f"{sector.tile}{PART_LETTERS[sector.hex.part - 1]}"
    return str(sector.tile)


def sector_fill(sector: SectorState) -> str | None:
    """The fill of a special sector (``None``: the controller's or the unowned fill)."""
    kind = sector.printed.special
    if kind is SpecialSector.BLACK_HOLE:
        return BLACK_HOLE_FILL
    if sector.exploded:
        return EXPLODED_FILL
    if kind is SpecialSector.NEBULA:
        return NEBULA_FILL
    return None


def pulsar_spaces(sector: SectorState) -> list[tuple[float, float, str, bool]]:
    """The three action spaces of a Pulsar: ``(x, y, letter, disc here)``, in a row above the
    centre (empty for another sector)."""
    if sector.printed.special is not SpecialSector.PULSAR:
        return []
    cx, cy = hex_centre(sector.hex)
    return [
        (cx + (k - 1) * 0.26, cy + 0.64, PULSAR_LETTERS[kind], sector.pulsar is kind)
        for k, kind in enumerate(PULSAR_SPACES)
    ]


def voyage_text(voyage: Voyage) -> str:
    """How a ship in a Black Hole is labelled: its class letter and the round it is due back."""
    return f"{CLASS_LETTERS.get(voyage.ship_class, '?')}→r{voyage.back}"


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
    lines.extend(special_lines(state, sector, styles))
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


def special_lines(
    state: GameState, sector: SectorState, styles: Mapping[int, SeatStyle]
) -> list[str]:
    """What the hover says about a special sector (nothing for the others)."""
    kind = sector.printed.special
    if kind is None:
        return []
    if kind is SpecialSector.NEBULA:
        letter = PART_LETTERS[sector.hex.part - 1]
        return [f"Nebula, part {letter}: no influence disc; its discovery tile goes to a ship here"]
    if kind is SpecialSector.PULSAR:
        if sector.pulsar is None:
            return ["Pulsar: nobody's disc on its action spaces"]
        used = " (activated this round)" if sector.pulsar_used else ""
        return [f"Pulsar: the disc is on the {sector.pulsar.value} space{used}"]
    if kind is SpecialSector.SUPERNOVA:
        if sector.exploded:
            return ["Supernova: exploded (no squares, no wormholes)"]
        return ["Supernova: rolled for at every upkeep"]
    exit_rule = sector.printed.black_hole_exit
    where = (
        "any ring I sector"
        if exit_rule and exit_rule.value == "inner"
        else ("a sector with a wormhole facing an unexplored zone")
    )
    lines = [f"Black Hole: ships come back to {where}"]
    for v in state.voyages:
        if v.hole == sector.hex:
            lines.append(
                f"in the hole: {seat_label(styles, v.seat)}'s {v.ship_class.value}, "
                f"back in round {v.back}"
            )
    return lines


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
        if not isinstance(data, Sequence) or len(data) not in (2, 3):
            continue
        if all(isinstance(v, int | float) for v in data):
            q, r, *part = (int(v) for v in data)
            return Hex(q, r, part[0] if part and part[0] in (1, 2, 3) else 0)
    return None
