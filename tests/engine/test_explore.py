"""Explore: zones, the chance draw, connecting rotations, discard, discovery, control, Draco."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.decisions import (
    Activations,
    DiscoveryChoice,
    DiscoveryReveal,
    ExploreControl,
    SectorDraw,
    SectorPlacement,
)
from engine.enums import ActionKind
from engine.hexes import Hex
from engine.rules import chance_outcomes
from engine.state import Stack
from tests.engine.builders import answers, do, edit, sector, started, with_sector


def explorer(species: str = "terran_directorate"):  # type: ignore[no-untyped-def]
    return started(species, "planta")


def test_explore_draws_from_the_ring_stack_with_equal_odds() -> None:
    s = do(explorer(), "action explore")
    assert "explore (0,-1)" in answers(s) and "explore (1,-1)" not in answers(s)
    s = do(s, "explore (0,-1)")
    assert isinstance(s.decision, SectorDraw) and s.to_act == -1
    outcomes = chance_outcomes(s)
    assert len(outcomes) == 10 and all(p == pytest.approx(0.1) for _, p in outcomes)
    s = do(s, "draw_sector 102")
    assert isinstance(s.decision, SectorPlacement)
    assert 102 not in s.stacks[0].pool and s.stacks[0].size == 9


def test_only_rotations_that_connect_are_offered() -> None:
    s = do(explorer(), "action explore", "explore (0,-1)", "draw_sector 102")
    # Pollux prints wormholes 0, 2, 3, 5; its north edge must meet the home's wormhole.
    assert answers(s) == {"place 102 0", "place 102 1", "place 102 3", "place 102 4", "discard"}
    s = do(s, "place 102 3")
    placed = s.sector(Hex(0, -1))
    assert placed is not None and placed.tile == 102 and placed.rotation == 3
    assert isinstance(s.decision, ExploreControl)
    s = do(s, "claim (0,-1)")
    assert s.sector(Hex(0, -1)).owner == 0  # type: ignore[union-attr]
    assert s.players[0].discs_track == 10  # one for the action, one for the sector
    assert answers(s) >= {"end"} and not any(a.startswith("explore") for a in answers(s))


def test_the_wormhole_generator_allows_half_connections() -> None:
    s = edit(explorer(), 0, techs=((), (), ("wormhole_generator",)))
    s = do(s, "action explore", "explore (0,-1)", "draw_sector 102")
    assert {"place 102 2", "place 102 5"} <= answers(s)


def test_discard_ends_the_activation_and_feeds_the_discard_pile() -> None:
    s = do(explorer(), "action explore", "explore (0,-1)", "draw_sector 107", "discard")
    assert s.stacks[0].discard == (107,) and s.stacks[0].size == 9
    assert s.decision is not None and s.decision.describe().startswith("explore action, 0")


def test_an_empty_stack_takes_its_discard_pile() -> None:
    s = explorer()
    s = replace(s, stacks=(Stack((101, 102), 1, (110,)), s.stacks[1], s.stacks[2]))
    s = do(s, "action explore", "explore (0,-1)", "draw_sector 102")
    # The stack ran out as 102 came up: the discard pile is the new stack at once.
    assert s.stacks[0] == Stack((110,), 1, ())
    s = do(s, "discard")
    assert s.stacks[0] == Stack((110,), 1, (102,))
    # With stack and discard pile both empty, inner zones cannot be explored.
    empty = replace(explorer(), stacks=(Stack((), 0, ()), s.stacks[1], s.stacks[2]))
    empty = do(empty, "action explore")
    assert "explore (0,-1)" not in answers(empty) and "explore (0,-3)" in answers(empty)


def test_discovery_without_ancients_is_taken_at_once() -> None:
    s = do(explorer(), "action explore", "explore (0,-1)", "draw_sector 110", "place 110 0")
    assert s.to_act == -1  # the reveal is a chance event
    s = do(s, "reveal money_8")
    assert isinstance(s.decision, DiscoveryChoice) and answers(s) == {"reward", "keep_vp"}
    rich = do(s, "reward")
    assert rich.players[0].money == 3 + 8
    kept = do(s, "keep_vp")
    assert kept.players[0].discovery_vp == ("money_8",) and kept.players[0].money == 3
    assert isinstance(kept.decision, ExploreControl)
    assert not kept.sector(Hex(0, -1)).discovery  # type: ignore[union-attr]


def test_ancients_keep_the_discovery_tile_and_block_control() -> None:
    s = do(explorer(), "action explore", "explore (0,-1)", "draw_sector 101")
    rotation = sorted(answers(s) - {"discard"})[0]
    s = do(s, rotation)
    placed = s.sector(Hex(0, -1))
    assert placed is not None and placed.ancients == 1 and placed.discovery
    assert not isinstance(s.decision, ExploreControl | DiscoveryChoice)
    assert s.to_act == 0 and "end" in answers(s)


def test_draco_reveal_two_and_may_control_sectors_with_ancients() -> None:
    s = do(explorer("descendants_of_draco"), "action explore", "explore (0,-1)")
    s = do(s, "draw_sector 101")
    assert isinstance(s.decision, SectorDraw)  # Draco flip a second hex
    s = do(s, "draw_sector 102")
    options = answers(s)
    assert any(o.startswith("place 101") for o in options)
    assert any(o.startswith("place 102") for o in options)
    rotation = sorted(o for o in options if o.startswith("place 101"))[0]
    s = do(s, rotation)
    assert s.stacks[0].discard == (102,)
    # Ancients stay; Draco may take control but not the discovery tile.
    assert isinstance(s.decision, ExploreControl)
    s = do(s, "claim (0,-1)")
    placed = s.sector(Hex(0, -1))
    assert placed is not None and placed.owner == 0 and placed.discovery


EXPLORING = (Activations(0, ActionKind.EXPLORE, 0),)
"""The pending stack of an explore action with its activation used, and nothing else."""


def bag_with(state, unclaimed: int):  # type: ignore[no-untyped-def]
    """The state with ``unclaimed`` tiles in the bag beyond those face down on the board."""
    facedown = sum(1 for x in state.sectors if x.discovery)
    return replace(
        state, discovery_bag=(facedown + unclaimed,) + (0,) * (len(state.discovery_bag) - 1)
    )


def test_a_placed_hex_has_no_cubes_and_leaves_the_other_stacks_alone() -> None:
    s = explorer()
    before = s.stacks
    s = do(s, "action explore", "explore (0,-1)", "draw_sector 102", "place 102 0")
    placed = s.sector(Hex(0, -1))
    assert placed is not None and not any(placed.cubes)
    assert s.stacks[1:] == before[1:]
    assert answers(s) == {"claim (0,-1)", "decline"}
    s = do(s, "decline")
    assert s.pending == EXPLORING  # the explore action with its activation used, nothing more


def test_the_last_hex_of_a_stack_with_no_discard_pile_leaves_the_ring_closed() -> None:
    s = explorer()
    s = replace(s, stacks=(Stack((102,), 1, ()), s.stacks[1], s.stacks[2]))
    s = do(s, "action explore", "explore (0,-1)", "draw_sector 102")
    assert s.stacks[0] == Stack((), 0, ()) and s.stacks[0].empty
    s = do(s, "place 102 0", "decline")
    assert s.stacks[0] == Stack((), 0, ())


def test_a_hex_with_a_discovery_symbol_gets_a_tile_only_while_the_bag_has_one() -> None:
    """Tiles face down on the board are still in the bag until revealed: with every tile of
    the bag already lying face down, a newly placed hex gets none."""
    empty = do(bag_with(explorer(), 0), "action explore", "explore (0,-1)", "draw_sector 110")
    empty = do(empty, "place 110 0")
    placed = empty.sector(Hex(0, -1))
    assert placed is not None and not placed.discovery
    assert isinstance(empty.decision, ExploreControl)  # no reveal
    last = do(bag_with(explorer(), 1), "action explore", "explore (0,-1)", "draw_sector 110")
    last = do(last, "place 110 0")
    assert isinstance(last.decision, DiscoveryReveal)


def test_control_is_offered_only_with_a_disc_left_on_the_track() -> None:
    one = do(edit(explorer(), 0, discs_track=2), "action explore", "explore (0,-1)")
    one = do(one, "draw_sector 102", "place 102 0")
    assert one.players[0].discs_track == 1 and answers(one) == {"claim (0,-1)", "decline"}
    none = do(edit(explorer(), 0, discs_track=1), "action explore", "explore (0,-1)")
    none = do(none, "draw_sector 102", "place 102 0")
    assert none.players[0].discs_track == 0 and none.pending == EXPLORING


def test_draco_discard_the_second_hex_to_its_own_ring_and_the_action_goes_on() -> None:
    s = do(explorer("descendants_of_draco"), "action explore", "explore (0,-1)")
    s = do(s, "draw_sector 101", "draw_sector 102")
    s = do(s, sorted(o for o in answers(s) if o.startswith("place 101"))[0])
    assert s.stacks[0] == Stack((103, 104, 105, 106, 107, 108, 109, 110), 8, (102,))
    assert s.stacks[1].discard == () and s.stacks[2].discard == ()
    s = do(s, "decline")
    assert s.pending == EXPLORING


def test_a_hex_connects_to_a_sector_where_the_player_has_only_an_unpinned_ship() -> None:
    s = explorer()
    s = with_sector(s, sector(Hex(0, -1), 102, rotation=0, ships=[(0, "interceptor", 1)]))
    s = do(s, "action explore")
    assert "explore (1,-1)" in answers(s)  # across the ship's sector's south-east wormhole
    s = do(s, "explore (1,-1)", "draw_sector 103")
    # 103 prints every wormhole but the south one (3): all turns but 2 put one on its
    # north-west edge, towards the ship (the centre, pinning everything, does not count).
    assert answers(s) == {f"place 103 {r}" for r in (0, 1, 3, 4, 5)} | {"discard"}
