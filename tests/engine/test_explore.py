"""Explore: zones, the chance draw, connecting rotations, discard, discovery, control, Draco."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.decisions import DiscoveryChoice, ExploreControl, SectorDraw, SectorPlacement
from engine.hexes import Hex
from engine.rules import chance_outcomes
from engine.state import Stack
from tests.engine.builders import answers, do, edit, started


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
