"""The galaxy figure as data: every sector drawn where it is, wormholes after rotation, ships
and NPCs, battles outlined, and the selection point of each sector."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from blueprints import ShipClass
from engine.hexes import Hex
from engine.setup import new_game
from engine.state import GameConfig, GameState, SectorState
from ui.figures import galaxy_figure
from ui.galaxy import (
    CONTESTED_LINE,
    SeatStyle,
    board_edges,
    chosen_hex,
    default_styles,
    edge_midpoint,
    hex_centre,
    hex_corners,
    seat_colour,
    seat_label,
)


@pytest.fixture(scope="module")
def start() -> GameState:
    return new_game(GameConfig(("terran_directorate", "planta", "hydran_progress")))


def _with_ships(
    state: GameState, where: Hex, ships: tuple[tuple[int, ShipClass, int], ...]
) -> GameState:
    sector = state.sector(where)
    assert sector is not None
    return state.with_sector(replace(sector, ships=ships, arrivals=tuple(s for s, _, _ in ships)))


def test_neighbouring_hex_centres_are_one_hex_width_apart() -> None:
    centre = hex_centre(Hex(0, 0))
    for direction in range(6):
        other = hex_centre(Hex(0, 0).neighbour(direction))
        assert math.dist(centre, other) == pytest.approx(math.sqrt(3))
    # North is up: the northern neighbour has a larger y, the southern a smaller one.
    assert hex_centre(Hex(0, -1))[1] > 0 > hex_centre(Hex(0, 1))[1]


def test_edge_midpoints_lie_halfway_to_the_neighbour() -> None:
    for direction in range(6):
        mid = edge_midpoint(Hex(0, 0), direction)
        other = hex_centre(Hex(0, 0).neighbour(direction))
        assert mid == pytest.approx((other[0] / 2, other[1] / 2))


def test_a_hex_outline_is_closed_and_has_six_corners() -> None:
    corners = hex_corners(Hex(2, -1))
    assert len(corners) == 7 and corners[0] == corners[-1]
    centre = hex_centre(Hex(2, -1))
    assert all(math.dist(c, centre) == pytest.approx(1.0) for c in corners)


def test_every_sector_is_drawn_and_selectable(start: GameState) -> None:
    fig = galaxy_figure(start)
    sectors = next(t for t in fig.data if t.name == "sectors")
    assert sorted(tuple(c) for c in sectors.customdata) == sorted(
        (s.hex.q, s.hex.r) for s in start.sectors
    )
    assert sorted(int(t.strip("<b>/")) for t in sectors.text) == sorted(
        s.tile for s in start.sectors
    )
    outlines = [t for t in fig.data if str(t.name).startswith("sector ")]
    assert len(outlines) == len(start.sectors)


def test_wormhole_marks_follow_the_rotation(start: GameState) -> None:
    fig = galaxy_figure(start)
    marks = next(t for t in fig.data if t.name == "wormholes")
    expected = sum(len(board_edges(s)) for s in start.sectors)
    assert len(marks.x) == expected
    home = next(s for s in start.sectors if s.owner == 0)
    # Turning the tile by one step moves every wormhole one edge clockwise.
    turned = replace(home, rotation=(home.rotation + 1) % 6)
    assert board_edges(turned) == tuple(sorted((e + 1) % 6 for e in board_edges(home)))


def test_owner_colours_fill_home_sectors(start: GameState) -> None:
    styles = default_styles(start, ["Ann", "Bo", "Cy"])
    fig = galaxy_figure(start, styles)
    for seat in range(3):
        home = next(s for s in start.sectors if s.owner == seat)
        outline = next(t for t in fig.data if t.name == f"sector {home.tile}")
        red, green, blue = (int(styles[seat].colour[i : i + 2], 16) for i in (1, 3, 5))
        assert outline.fillcolor == f"rgba({red},{green},{blue},0.35)"
    assert styles[1].label == "Bo (Planta)"
    legend = {t.name for t in fig.data}
    assert {"Ann (Terran Directorate)", "Bo (Planta)", "Cy (Hydran Progress)"} <= legend


def test_ships_are_markers_with_counts_and_a_battle_is_outlined(start: GameState) -> None:
    centre = start.sector(Hex(0, 0))
    assert centre is not None and centre.gcds
    state = _with_ships(
        start, Hex(0, 0), ((1, ShipClass.INTERCEPTOR, 2), (1, ShipClass.CRUISER, 1))
    )
    styles = default_styles(state)
    fig = galaxy_figure(state, styles)
    ships = next(t for t in fig.data if t.name == f"ships of {styles[1].label}")
    # The home's starting interceptor is there too: 1I besides the 2I and 1C in the centre.
    pairs = list(zip(ships.text, ships.marker.symbol, strict=True))
    assert sorted(pairs) == [("1C", "diamond"), ("1I", "triangle-up"), ("2I", "triangle-up")]
    outline = next(t for t in fig.data if t.name == f"sector {centre.tile}")
    assert outline.line.color == CONTESTED_LINE
    sectors = next(t for t in fig.data if t.name == "sectors")
    hover = sectors.hovertext[[tuple(c) for c in sectors.customdata].index((0, 0))]
    assert "2 interceptors, 1 cruiser" in hover and "battle due" in hover and "GCDS" in hover
    npcs = next(t for t in fig.data if t.name == "NPCs")
    assert "star-square" in list(npcs.marker.symbol)


def test_quiet_sectors_are_not_outlined_as_battles(start: GameState) -> None:
    fig = galaxy_figure(start)
    homes = {s.tile for s in start.sectors if s.owner is not None}
    for trace in fig.data:
        if str(trace.name).startswith("sector ") and int(str(trace.name).split()[1]) in homes:
            assert trace.line.color != CONTESTED_LINE


def test_chosen_hex_reads_a_selection_event() -> None:
    event = {"selection": {"points": [{"x": 0.0, "customdata": [2, -1]}]}}
    assert chosen_hex(event) == Hex(2, -1)
    assert chosen_hex({"selection": {"points": []}}) is None
    assert chosen_hex({"selection": {"points": [{"customdata": "x"}]}}) is None
    assert chosen_hex(None) is None


def test_seat_colours_accept_names_and_fall_back() -> None:
    assert seat_colour("Red", 4) == "#d62728"
    assert seat_colour("#123456", 0) == "#123456"
    assert seat_colour("chartreuse", 1) == "#1f77b4"
    assert seat_colour(None, 7) == "#1f77b4"


def test_sector_state_type_is_what_the_figure_reads(start: GameState) -> None:
    assert all(isinstance(s, SectorState) for s in start.sectors)


def test_seat_label_names_a_seat_by_its_style_else_by_number() -> None:
    styles = {0: SeatStyle("#d62728", "Ann (terran directorate)")}
    assert seat_label(styles, 0) == "Ann (terran directorate)"
    assert seat_label(styles, 3) == "seat 3"
