"""Nebula sectors (New Dangers text 001): three parts, each a sector; no discs; discoveries."""

from __future__ import annotations

from dataclasses import replace

import pytest

from blueprints import ShipClass
from engine.actions.explore import place_nebula
from engine.battle_view import sector_battle
from engine.decisions import Activations, DiscoveryChoice, DiscoveryReveal, ExploreControl
from engine.enums import ActionKind
from engine.errors import RecordError
from engine.galaxy import (
    connected_sectors,
    explorable_zones,
    move_targets,
    outer_edges,
    sector_across,
)
from engine.hexes import Hex, parse_hex
from engine.modules import Module
from engine.snapshot import read_snapshot, snapshot
from engine.specials import can_hold_disc
from engine.state import GameState, SectorState
from tests.engine.builders import answers, do, edit, sector, started, to_combat, with_sector

HOME0 = Hex(0, -2)  # the Terrans' home at two players: wormholes N, NE, S and SW
NEBULA = Hex(0, -3)  # north of it
BEYOND = Hex(0, -4)  # north of the Nebula


def part(where: Hex, p: int) -> Hex:
    return Hex(where.q, where.r, p)


def at(state: GameState, where: Hex) -> SectorState:
    found = state.sector(where)
    assert found is not None
    return found


def with_nebula(state: GameState, ancients: int = 1) -> GameState:
    """The Nebula 295 north of the Terran home, turned 0: part a owns the north and north-west
    edges, b the north-east and south-east, c the south and south-west (the home's side)."""
    state = place_nebula(state, NEBULA, 295, 0)
    for p in (1, 2, 3):
        state = state.with_sector(replace(at(state, part(NEBULA, p)), ancients=ancients))
    return state


def two() -> GameState:
    return started("terran_directorate", "planta", modules=(Module.NEBULA,))


def test_a_placed_nebula_is_three_parts_with_an_ancient_and_a_tile_each() -> None:
    s = two()
    s = do(s, "action explore", "explore (0,-3)", "draw_sector 395")
    assert {f"place 395 {r}" for r in range(6)} <= answers(s)  # every turn connects
    s = do(s, "place 395 0")
    parts = [at(s, part(NEBULA, p)) for p in (1, 2, 3)]
    assert [(x.ancients, x.discovery, x.owner) for x in parts] == [(1, True, None)] * 3
    assert s.sector(NEBULA) is None and s.explored(NEBULA)
    # No disc, no discovery tile at once: the explorer is back to its activations.
    assert not isinstance(s.decision, ExploreControl | DiscoveryReveal)
    assert not any(str(a).startswith("claim") for a in [*answers(s)])
    assert all(not can_hold_disc(x) for x in parts)


def test_each_part_has_its_own_outer_edges_and_the_parts_are_joined() -> None:
    s = with_nebula(two())
    a, b, c = (part(NEBULA, p) for p in (1, 2, 3))
    assert sector_across(s, HOME0, 0) == at(s, c)  # north of the home lies part c
    linked = {x.hex for x in connected_sectors(s, c, generator=False)}
    assert linked == {HOME0, a, b}  # the home through the wormhole, and the other parts
    assert bin(at(s, a).wormholes) == "0b100001"  # north and north-west only
    turned = with_nebula(started("terran_directorate", "planta"))
    turned = turned.with_sector(replace(at(turned, c), rotation=1))
    assert bin(turned.sector(c).wormholes) == "0b110000"  # type: ignore[union-attr]


def test_a_part_meets_other_hexes_only_across_its_own_two_outer_edges() -> None:
    s = with_nebula(two(), ancients=0)
    a, b, c = (part(NEBULA, p) for p in (1, 2, 3))
    assert outer_edges(at(s, a)) == (0, 5)  # north and north-west
    assert outer_edges(at(s, b)) == (1, 2)
    assert outer_edges(at(s, c)) == (3, 4)
    assert outer_edges(at(s, HOME0)) == (0, 1, 2, 3, 4, 5)
    # Across the north-west edge of (1,-3) (south-east of the Nebula) lies part b.
    s = with_sector(s, sector(Hex(1, -3), 102, rotation=0))
    assert sector_across(s, Hex(1, -3), 5) == at(s, b)
    # Every part is joined to both others.
    assert {x.hex for x in connected_sectors(s, a, generator=False)} == {b, c}
    assert {x.hex for x in connected_sectors(s, b, generator=False)} >= {a, c}


def test_a_jump_from_a_part_crosses_only_its_outer_edges() -> None:
    """A Jump Drive ship in part c (south and south-west edges, towards the home) jumps to the
    home or to another part, never across the far side of the Nebula, and a jump into another
    part uses the one jump of the activation."""
    s = with_nebula(two(), ancients=0)
    s = with_sector(s, sector(BEYOND, 102, rotation=0))  # north of part a
    a, b, c = (part(NEBULA, p) for p in (1, 2, 3))
    s = with_sector(s, replace(at(s, c), ships=((0, ShipClass.INTERCEPTOR, 1),), arrivals=(0,)))
    assert set(move_targets(s, 0, c, 0, jump=True)) == {HOME0, a, b}


def test_the_wormhole_generator_explores_from_a_part_across_its_outer_edges_only() -> None:
    """A ship in part a explores across any of a's outer edges, not across part b's."""
    a = part(NEBULA, 1)
    g = with_nebula(two(), ancients=0)
    g = with_sector(g, replace(at(g, a), ships=((0, ShipClass.INTERCEPTOR, 1),), arrivals=(0,)))
    g = edit(g, 0, techs=((), (), ("wormhole_generator",)))
    zones = set(explorable_zones(g, 0))
    assert {BEYOND, Hex(-1, -3)} <= zones and Hex(1, -4) not in zones


def test_the_texts_example_two_move_activations_through_the_nebula() -> None:
    """A Fusion Drive interceptor (movement 2) needs 2 Move activations to cross the Nebula:
    each part counts as a sector, so home -> part c -> part a -> beyond is 3 steps."""
    s = with_nebula(two(), ancients=0)
    s = with_sector(s, sector(BEYOND, 102, rotation=0))  # Pollux: a wormhole on its south edge
    s = edit(
        s,
        0,
        blueprints=tuple(
            bp.upgrade(remove=(), place=(2, "fusion_drive"), techs=["fusion_drive"])
            if bp.ship_class is ShipClass.INTERCEPTOR
            else bp
            for bp in s.players[0].blueprints
        ),
    )
    assert s.players[0].blueprint(ShipClass.INTERCEPTOR).stats.movement == 2
    a, c = part(NEBULA, 1), part(NEBULA, 3)
    reach = set(move_targets(s, 0, HOME0, 2, jump=False))
    assert {c, a} <= reach and BEYOND not in reach
    s = do(s, "action move", "move interceptor (0,-2) (0,-3)a")
    assert BEYOND in set(move_targets(s, 0, a, 2, jump=False))
    # Were the Nebula an ordinary sector, one activation would do: two steps.
    plain = with_sector(two(), sector(NEBULA, 209, rotation=0))  # wormholes N and S
    plain = with_sector(plain, sector(BEYOND, 102, rotation=0))
    assert BEYOND in move_targets(plain, 0, HOME0, 2, jump=False)


def test_the_texts_example_explore_from_a_part() -> None:
    """The Red player explores through the wormholes of the part where its ship is."""
    s = with_nebula(two(), ancients=0)
    s = with_sector(s, replace(at(s, part(NEBULA, 1)), ships=((0, ShipClass.INTERCEPTOR, 1),)))
    s = with_sector(s, replace(at(s, part(NEBULA, 1)), arrivals=(0,)))
    zones = set(explorable_zones(s, 0))
    assert {BEYOND, Hex(-1, -3)} <= zones  # across part a's north and north-west wormholes
    assert Hex(1, -4) not in zones and Hex(1, -3) in zones  # part b's edges: not from a...
    # ... but (1,-3) is next to the home's north-east wormhole too.


def test_no_disc_goes_on_a_part_but_a_ship_there_reaches_neighbours_for_influence() -> None:
    s = with_nebula(two(), ancients=0)
    a = part(NEBULA, 1)
    s = with_sector(s, replace(at(s, a), ships=((0, ShipClass.INTERCEPTOR, 1),), arrivals=(0,)))
    s = with_sector(s, sector(BEYOND, 102, rotation=0))
    s = edit(s, 0, discs_track=5)
    s = do(s, "action influence")
    options = answers(s)
    assert not any(o.endswith(str(a)) for o in options if o.startswith("influence"))
    assert "influence - (0,-4)" in options  # connected to the part where its ship is


def test_a_parts_discovery_goes_to_a_ship_there_at_the_end_of_the_combat_phase() -> None:
    s = with_nebula(two(), ancients=0)
    a = part(NEBULA, 1)
    s = with_sector(s, replace(at(s, a), ships=((0, ShipClass.INTERCEPTOR, 1),), arrivals=(0,)))
    s = to_combat(s)
    assert isinstance(s.decision, DiscoveryReveal) and s.decision.where == a
    assert not any(str(o).startswith("claim") for o in answers(s))
    s = do(s, "reveal money_8")
    assert isinstance(s.decision, DiscoveryChoice)
    assert not at(s, a).discovery and at(s, part(NEBULA, 2)).discovery  # only that part's tile


def test_an_orbital_or_monolith_tile_in_a_nebula_is_discarded_and_another_drawn() -> None:
    s = with_nebula(two(), ancients=0)
    a = part(NEBULA, 1)
    s = with_sector(s, replace(at(s, a), ships=((0, ShipClass.INTERCEPTOR, 1),), arrivals=(0,)))
    s = to_combat(s)
    out = s.discovery_out
    s = do(s, "reveal ancient_orbital")
    assert isinstance(s.decision, DiscoveryReveal) and s.decision.where == a  # draw again
    assert s.discovery_out == out + 1  # the discarded tile leaves the game
    s = do(s, "reveal ancient_monolith")
    assert isinstance(s.decision, DiscoveryReveal)
    s = do(s, "reveal money_8")
    assert isinstance(s.decision, DiscoveryChoice) and s.decision.tile == "money_8"
    assert s.discovery_out == out + 2


def test_a_parts_battle_is_the_parts_ships() -> None:
    s = with_nebula(two())
    a, b = part(NEBULA, 1), part(NEBULA, 2)
    s = with_sector(s, replace(at(s, a), ships=((0, ShipClass.CRUISER, 1),), arrivals=(0,)))
    s = with_sector(s, replace(at(s, b), ships=((0, ShipClass.INTERCEPTOR, 2),), arrivals=(0,)))
    battle = sector_battle(s, a)
    groups = [(g.stats.ship_class, g.count) for side in battle.sides for g in side.groups]
    assert sorted(groups, key=str) == sorted(
        [(ShipClass.CRUISER, 1), (ShipClass.ANCIENT, 1)], key=str
    )
    s = to_combat(s)
    assert s.combat is not None
    fights = {s.combat.current.where, *s.combat.queue}  # type: ignore[union-attr]
    assert fights == {a, b}  # one battle per part with the player's ships


def test_a_nebula_position_reads_back_and_parts_have_a_text_form() -> None:
    s = with_nebula(two())
    assert read_snapshot(snapshot(s)) == s
    assert parse_hex(str(part(NEBULA, 2))) == part(NEBULA, 2)
    assert snapshot(s)["state"]["sectors"][-1]["hex"] == [0, -3, 3]


def test_a_snapshot_with_a_nebula_on_a_whole_hex_is_refused() -> None:
    s = with_nebula(two())
    data = snapshot(s)
    data["state"]["sectors"][-1]["hex"] = [0, -3]
    with pytest.raises(RecordError, match=r"sector 295 must be on a Nebula part"):
        read_snapshot(data)
    plain = snapshot(two())
    plain["state"]["sectors"][1]["hex"] = [0, -2, 2]
    with pytest.raises(RecordError, match="must be on a whole hex"):
        read_snapshot(plain)


def test_a_discarded_nebula_tile_is_redrawn_only_while_the_bag_has_one() -> None:
    """The redraw takes another tile only if an unclaimed one is left in the bag: with the last
    tile discarded nothing is drawn and the combat phase goes on; with one left it is drawn."""
    from engine.discoveries import discovery_index

    def only(state: GameState, orbitals: int, others: int) -> GameState:
        # No other face-down tile on the board, so every tile in the bag is unclaimed.
        for s in state.sectors:
            if s.discovery and s.hex != part(NEBULA, 1):
                state = with_sector(state, replace(s, discovery=False))
        bag = [0] * len(state.discovery_bag)
        bag[discovery_index("ancient_orbital")] = orbitals
        bag[discovery_index("money_8")] = others
        return replace(state, discovery_bag=tuple(bag))

    s = with_nebula(two(), ancients=0)
    a = part(NEBULA, 1)
    s = with_sector(s, replace(at(s, a), ships=((0, ShipClass.INTERCEPTOR, 1),), arrivals=(0,)))
    s = to_combat(s)
    assert isinstance(s.decision, DiscoveryReveal)
    last = do(only(s, 1, 0), "reveal ancient_orbital")
    assert not isinstance(last.decision, DiscoveryReveal | DiscoveryChoice)
    assert last.decision == do(only(s, 0, 1), "reveal money_8", "keep_vp").decision
    again = do(only(s, 1, 1), "reveal ancient_orbital")
    assert isinstance(again.decision, DiscoveryReveal) and again.decision.where == a


def test_a_placed_nebula_keeps_its_turn_and_takes_only_tiles_the_bag_can_spare() -> None:
    s = two()
    facedown = sum(1 for x in s.sectors if x.discovery)
    s = replace(s, discovery_bag=(facedown + 2,) + (0,) * (len(s.discovery_bag) - 1))
    s = do(s, "action explore", "explore (0,-3)", "draw_sector 395", "place 395 2")
    parts = [at(s, part(NEBULA, p)) for p in (1, 2, 3)]
    assert [x.rotation for x in parts] == [2, 2, 2]
    assert [x.discovery for x in parts] == [True, True, False]  # two tiles left to spare
    assert s.pending == (Activations(0, ActionKind.EXPLORE, 0),)  # the placement is over
