"""The joined galaxies of the AsyncEclipse bot (engine.layouts): the facts of its adjacency files
and every rule that crosses an edge (wormholes, exploring, placing, moving, influence, diplomacy).

The facts come from the bot's data/tileAdjacencies_4p.properties and _5p.properties (see
engine/data/galaxy_layouts.toml); positions are written as the bot's codes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from blueprints import ShipClass
from engine.actions.diplomacy import can_relate
from engine.actions.explore import valid_rotations
from engine.actions.influence import influence_targets
from engine.errors import SetupError
from engine.galaxy import connected_sectors, explorable_zones, move_targets
from engine.hexes import Hex, ring_hexes
from engine.importers import position_code, position_hex
from engine.layouts import GalaxyLayout, layout
from engine.setup import check_config, new_game
from engine.snapshot import read_snapshot, snapshot, state_json
from engine.state import GameConfig, GameState, SectorState
from tests.engine.builders import sector, started

FOUR = layout(GalaxyLayout.HYPERLANE_4P)
FIVE = layout(GalaxyLayout.HYPERLANE_5P)
PLAIN = layout(GalaxyLayout.STANDARD)


def at(code: str) -> Hex:
    return position_hex(code)


def across(shape: object, code: str, edge: int) -> tuple[str, int] | None:
    found = shape.across(at(code), edge)  # type: ignore[attr-defined]
    return None if found is None else (position_code(found[0]), found[1])


# ----- the facts ----------------------------------------------------------------------------------


def test_the_removed_wedges() -> None:
    assert sorted(position_code(h) for h in FOUR.removed) == [
        "101", "104", "201", "206", "207", "212", "301", "302", "309", "310",
        "311", "318", "401", "402", "411", "412", "413", "414", "423", "424",
    ]  # fmt: skip
    assert sorted(position_code(h) for h in FIVE.removed) == [
        "104", "206", "207", "309", "310", "311", "411", "412", "413", "414",
    ]  # fmt: skip
    assert FOUR.players == 4 and FIVE.players == 5 and PLAIN.players is None


@pytest.mark.parametrize(("shape", "code", "edge", "meets"), [
    (FOUR, "102", 5, ("106", 1)), (FOUR, "106", 1, ("102", 5)),
    (FOUR, "103", 3, ("208", 1)), (FOUR, "103", 4, ("105", 2)),
    (FOUR, "202", 0, ("317", 2)), (FOUR, "403", 5, ("422", 1)),
    (FOUR, "308", 3, ("415", 1)), (FIVE, "208", 3, ("308", 5)),
    (FIVE, "410", 4, ("415", 2)), (FIVE, "205", 4, ("208", 2)),
    (FOUR, "000", 0, None), (FOUR, "000", 3, None), (FIVE, "000", 3, None),
    (FOUR, "102", 0, ("202", 3)), (FIVE, "101", 0, ("201", 3)),
])  # fmt: skip
def test_edges_as_the_bots_files_list_them(
    shape: object, code: str, edge: int, meets: tuple[str, int] | None
) -> None:
    assert across(shape, code, edge) == meets


def _differing(shape: object, rings: int) -> tuple[int, int]:
    """Edges of the layout's positions up to ``rings`` whose far hex is not the plain one."""
    edges = differ = 0
    for ring in range(rings + 1):
        for h in ring_hexes(ring):
            if not shape.exists(h):  # type: ignore[attr-defined]
                continue
            for d in range(6):
                edges += 1
                found = shape.across(h, d)  # type: ignore[attr-defined]
                differ += found is None or found[0] != h.neighbour(d)
    return differ, edges


def test_the_counts_of_edges_that_differ_from_the_plain_grid() -> None:
    # The count: 30 of 246 edges differ for 4 players (rings 0-4), 12 of 186 for 5
    # (rings 0-3); the centre's two filler entries of the 4-player file meet nothing here.
    assert _differing(FOUR, 4) == (30, 246)
    assert _differing(FIVE, 3) == (12, 186)
    assert _differing(PLAIN, 4) == (0, 366)


@pytest.mark.parametrize("shape", [FOUR, FIVE])
def test_joins_are_mutual_and_only_replace_edges_towards_removed_hexes(shape: object) -> None:
    joins = shape.joins  # type: ignore[attr-defined]
    assert len(joins) == (28 if shape is FOUR else 14)
    for (h, d), (other, back) in joins.items():
        assert joins[(other, back)] == (h, d)
        assert h.neighbour(d) in shape.removed  # type: ignore[attr-defined]
    # Beyond ring 4 the files contradict themselves: nothing is joined there.
    assert all(h.ring <= 4 for h, _ in joins)
    assert shape.across(Hex(0, -6), 0) == (Hex(0, -7), 3)  # type: ignore[attr-defined]


# ----- the rules across joined edges ----------------------------------------------------------------


def board(galaxy: GalaxyLayout, *sectors: SectorState) -> GameState:
    s = started("terran_directorate", "mechanema", "planta", "hydran_progress")
    return replace(
        s,
        config=replace(s.config, galaxy=galaxy),
        sectors=sectors,
        index={x.hex: i for i, x in enumerate(sectors)},
    )


# Theta Pegasi (304) prints wormholes on edges 0 and 3 only: turned 5 at 102 they face edges 5
# (towards the removed 101, joined to 106's edge 1) and 2; turned 1 at 106, edges 1 and 4.
SOURCE = sector(at("102"), 304, rotation=5, owner=0, ships=[(0, "interceptor", 1)])
TARGET = sector(at("106"), 304, rotation=1)


def test_a_wormhole_connection_across_a_joined_edge() -> None:
    joined = board(GalaxyLayout.HYPERLANE_4P, SOURCE, TARGET)
    assert [s.tile for s in connected_sectors(joined, at("102"), False)] == [304]
    plain = board(GalaxyLayout.STANDARD, SOURCE, TARGET)
    assert list(connected_sectors(plain, at("102"), False)) == []
    # 106 turned 2 shows edges 2 and 5: its edge opposite 102's edge 5 (2) has a half, the
    # edge the join meets (1) has none: no connection.
    wrong = board(GalaxyLayout.HYPERLANE_4P, SOURCE, replace(TARGET, rotation=2))
    assert list(connected_sectors(wrong, at("102"), False)) == []


def test_exploring_across_a_joined_edge_and_never_into_a_removed_hex() -> None:
    joined = board(GalaxyLayout.HYPERLANE_4P, SOURCE)
    zones = explorable_zones(joined, 0)
    assert at("106") in zones and at("101") not in zones
    plain = board(GalaxyLayout.STANDARD, SOURCE)
    assert at("101") in explorable_zones(plain, 0) and at("106") not in explorable_zones(plain, 0)
    # Placed at 106 the new hex must show a wormhole on its edge 1, the join's: 304 turned 1 or 4.
    assert valid_rotations(joined, 0, at("106"), 304) == (1, 4)


def test_moving_and_influence_across_a_joined_edge() -> None:
    joined = board(GalaxyLayout.HYPERLANE_4P, SOURCE, TARGET)
    assert at("106") in move_targets(joined, 0, at("102"), movement=1, jump=False)
    assert at("106") in influence_targets(joined, 0, None, ())
    plain = board(GalaxyLayout.STANDARD, SOURCE, TARGET)
    assert at("106") not in move_targets(plain, 0, at("102"), movement=1, jump=False)
    assert at("106") not in influence_targets(plain, 0, None, ())
    # The Jump Drive steps to any adjacent placed sector: adjacency is the join too.
    no_wormhole = board(GalaxyLayout.HYPERLANE_4P, SOURCE, replace(TARGET, rotation=2))
    assert at("106") in move_targets(no_wormhole, 0, at("102"), movement=0, jump=True)


def test_diplomacy_sees_neighbours_across_a_joined_edge() -> None:
    joined = board(GalaxyLayout.HYPERLANE_4P, SOURCE, replace(TARGET, owner=1))
    assert can_relate(joined, 0, 1)
    plain = board(GalaxyLayout.STANDARD, SOURCE, replace(TARGET, owner=1))
    assert not can_relate(plain, 0, 1)


# ----- configuration and files ---------------------------------------------------------------


def test_the_galaxy_is_kept_in_snapshots_and_left_out_when_plain() -> None:
    joined = board(GalaxyLayout.HYPERLANE_4P, SOURCE, TARGET)
    assert read_snapshot(snapshot(joined)) == joined
    assert state_json(joined)["config"]["galaxy"] == "hyperlane_4p"
    plain = new_game(GameConfig(("terran_directorate", "planta")))
    assert "galaxy" not in state_json(plain)["config"]  # older files and hashes hold
    assert read_snapshot(snapshot(plain)).config.galaxy is GalaxyLayout.STANDARD


def test_a_joined_galaxy_needs_its_player_count_and_is_not_set_up_by_fleetlab() -> None:
    four = ("terran_directorate", "mechanema", "planta", "hydran_progress")
    check_config(GameConfig(four, galaxy=GalaxyLayout.HYPERLANE_4P))
    with pytest.raises(SetupError, match="made for 4 players, not 2"):
        check_config(GameConfig(four[:2], galaxy=GalaxyLayout.HYPERLANE_4P))
    with pytest.raises(SetupError, match="sets up the 'standard' galaxy only"):
        new_game(GameConfig(four, galaxy=GalaxyLayout.HYPERLANE_4P))


def test_the_boards_above_show_the_edges_they_say() -> None:
    assert SOURCE.ships_of(0, ShipClass.INTERCEPTOR) == 1
    assert [d for d in range(6) if SOURCE.wormholes >> d & 1] == [2, 5]
    assert [d for d in range(6) if TARGET.wormholes >> d & 1] == [1, 4]
