"""Black Holes (New Dangers text 001): the discovery of the first entrant, the die, the return."""

from __future__ import annotations

from dataclasses import replace

import pytest

from blueprints import ShipClass
from engine.actions.black_hole import exit_sectors, rounds_away
from engine.decisions import (
    Activations,
    BlackHoleReturn,
    BlackHoleRoll,
    DiscoveryChoice,
    DiscoveryReveal,
    ExploreControl,
    TurnStart,
)
from engine.enums import ActionKind, Phase
from engine.galaxy import move_targets
from engine.hexes import Hex
from engine.modules import Module
from engine.rules import chance_outcomes
from engine.snapshot import read_snapshot, snapshot
from engine.state import GameState, SectorState, Voyage
from tests.engine.builders import answers, do, sector, started, to_combat, with_sector

HOME0 = Hex(0, -2)  # the Terrans' home at two players: wormholes N, NE, S and SW
HOLE = Hex(0, -3)  # north of it
INNER = Hex(0, -1)  # a ring I hex between the home and the centre


def at(state: GameState, where: Hex) -> SectorState:
    found = state.sector(where)
    assert found is not None
    return found


def with_hole(tile: int = 396, discovery: bool = True) -> GameState:
    """Cygnus X-1 (396) or V616 Mon (399) north of the Terran home, turned to connect."""
    s = started("terran_directorate", "planta", modules=(Module.BLACK_HOLE,), black_hole=tile)
    s = with_sector(s, sector(HOLE, tile, rotation=1, discovery=discovery))  # edges 2,3,5,0
    return with_sector(s, sector(INNER, 102, rotation=0))  # Pollux: wormholes N and S


def test_one_black_hole_joins_ring_iii_at_setup() -> None:
    s = started("terran_directorate", "planta", modules=(Module.BLACK_HOLE,), black_hole=399)
    outer = s.stacks[2]
    assert 399 in outer.pool and 396 not in outer.pool and outer.size == 5  # 5 at 2 players
    fresh = started("terran_directorate", "planta")
    assert 396 not in fresh.stacks[2].pool and 399 not in fresh.stacks[2].pool


def test_the_explorer_takes_no_discovery_tile_from_a_black_hole() -> None:
    s = started("terran_directorate", "planta", modules=(Module.BLACK_HOLE,))
    s = do(s, "action explore", "explore (0,-3)", "draw_sector 396", "place 396 1")
    assert at(s, HOLE).discovery  # left face down for the first ship to enter
    assert s.decision == ExploreControl(0, HOLE)  # the disc may still go on it (decision)
    claimed = do(s, "claim (0,-3)")
    assert at(claimed, HOLE).owner == 0
    assert claimed.pending == (Activations(0, ActionKind.EXPLORE, 0),)


def test_a_black_hole_is_offered_to_the_explorer_only_with_a_disc_left() -> None:
    def explore(discs: int) -> GameState:
        s = started("terran_directorate", "planta", modules=(Module.BLACK_HOLE,))
        s = replace(s, players=(replace(s.players[0], discs_track=discs), *s.players[1:]))
        return do(s, "action explore", "explore (0,-3)", "draw_sector 396", "place 396 1")

    assert explore(2).decision == ExploreControl(0, HOLE)  # one disc left after the action
    assert explore(1).pending == (Activations(0, ActionKind.EXPLORE, 0),)  # none left


def test_the_first_ship_to_enter_takes_the_tile_then_leaves_the_board() -> None:
    s = do(with_hole(), "action move", "move interceptor (0,-2) (0,-3)")
    assert not at(s, HOLE).ships and not at(s, HOME0).ships  # on no sector
    assert isinstance(s.decision, DiscoveryReveal) and s.decision.finder == 0
    assert s.decision.where is None  # nothing stays in the hole: rewards go elsewhere
    assert not at(s, HOLE).discovery
    s = do(s, "reveal money_8")
    assert isinstance(s.decision, DiscoveryChoice)
    s = do(s, "keep_vp")
    assert isinstance(s.decision, BlackHoleRoll)
    assert [p for _, p in chance_outcomes(s)] == [pytest.approx(1 / 6)] * 6


@pytest.mark.parametrize(("face", "back"), [(2, 2), (3, 2), (4, 3), (5, 3)])
def test_faces_two_to_five_send_the_ship_away_for_one_or_two_rounds(face: int, back: int) -> None:
    s = do(with_hole(discovery=False), "action move", "move interceptor (0,-2) (0,-3)")
    s = do(s, f"roll yellow {face}")
    assert s.voyages == (Voyage(0, ShipClass.INTERCEPTOR, back, HOLE),)
    assert isinstance(s.decision, Activations)  # the ship's activation ended; the action goes on
    assert rounds_away(face) == back - 1


def test_blank_or_explosion_brings_it_back_at_once_with_one_damage() -> None:
    s = with_hole(discovery=False)
    s = with_sector(s, replace(at(s, HOME0), ships=((0, ShipClass.CRUISER, 1),)))
    s = do(s, "action move", "move cruiser (0,-2) (0,-3)", "roll yellow 6")
    assert isinstance(s.decision, BlackHoleReturn) and s.decision.damage == 1
    assert answers(s) == {"return_ship cruiser (0,-1)"}  # Cygnus X-1: any ring I sector
    s = do(s, "return_ship cruiser (0,-1)")
    assert at(s, INNER).damage_of(0, ShipClass.CRUISER) == (1,)
    # An interceptor without hull does not survive its 1 damage (decision): it is lost.
    t = do(with_hole(discovery=False), "action move", "move interceptor (0,-2) (0,-3)")
    t = do(t, "roll yellow 1")
    assert not t.voyages and not isinstance(t.decision, BlackHoleReturn)
    assert not any(x.ships_of(0) for x in t.sectors)


def test_the_damage_stays_until_the_end_of_the_combat_phase() -> None:
    s = with_hole(discovery=False)
    s = with_sector(s, replace(at(s, HOME0), ships=((0, ShipClass.CRUISER, 2),)))
    s = do(s, "action move", "move cruiser (0,-2) (0,-3)", "roll yellow 1")
    s = do(s, "return_ship cruiser (0,-1)")  # two of the three move activations are left
    assert "move_damaged cruiser (0,-1) (0,-2) 1" in answers(s)
    s = do(s, "move_damaged cruiser (0,-1) (0,-2) 1")
    assert at(s, HOME0).damage_of(0, ShipClass.CRUISER) == (1, 0)  # it took its damage along
    assert "move cruiser (0,-2) (0,-1)" in answers(s)  # the undamaged one moves by plain move
    s = to_combat(do(s, "end"))
    assert s.phase is not Phase.ACTION and not at(s, HOME0).damage


def test_a_ship_comes_back_before_an_action_of_its_round_or_is_lost() -> None:
    s = do(with_hole(discovery=False), "action move", "move interceptor (0,-2) (0,-3)")
    s = do(s, "roll yellow 2", "end")
    s = replace(s, round=2, pending=(TurnStart(0),), turn=0)
    assert answers(s) >= {"return_ship interceptor (0,-1)"}
    back = do(s, "return_ship interceptor (0,-1)")
    assert isinstance(back.decision, TurnStart) and not back.voyages  # the turn goes on
    assert at(back, INNER).ships_of(0, ShipClass.INTERCEPTOR) == 1
    # Not returned in its round: lost when the action phase ends.
    lost = to_combat(s)
    assert not lost.voyages
    assert sum(x.ships_of(0, ShipClass.INTERCEPTOR) for x in lost.sectors) == 0


def test_a_ship_due_after_the_eighth_round_is_lost() -> None:
    s = replace(with_hole(discovery=False), round=7)
    s = do(s, "action move", "move interceptor (0,-2) (0,-3)", "roll yellow 5")
    assert not s.voyages  # due in round 9


def test_v616_mon_sends_ships_to_sectors_facing_unexplored_zones() -> None:
    s = with_hole(tile=399, discovery=False)
    s = with_sector(s, sector(INNER, 304, rotation=0))  # Theta Pegasi: wormholes N and S only
    found = exit_sectors(s, HOLE)
    assert HOME0 in found  # its north-east wormhole faces an unexplored zone
    assert INNER not in found  # its wormholes face the home and the centre
    assert HOLE not in found  # never back into the hole itself
    assert exit_sectors(with_hole(396), HOLE) == (INNER,)


def test_a_ship_stops_in_the_black_hole_and_never_passes_through() -> None:
    s = with_hole(discovery=False)
    s = with_sector(s, sector(Hex(0, -4), 209, rotation=0))  # beyond the hole, wormholes N, S
    reach = move_targets(s, 0, HOME0, 3, jump=False)
    assert HOLE in reach and Hex(0, -4) not in reach


def test_ships_in_a_black_hole_read_back_from_a_snapshot() -> None:
    s = do(with_hole(discovery=False), "action move", "move interceptor (0,-2) (0,-3)")
    s = do(s, "roll yellow 4")
    assert read_snapshot(snapshot(s)) == s
    assert snapshot(s)["state"]["voyages"] == [
        {"seat": 0, "ship_class": "interceptor", "back": 3, "hole": [0, -3]}
    ]


def test_a_ship_back_at_once_joins_damaged_ships_of_its_class_keeping_their_damage() -> None:
    """The returning dreadnought brings its 1 damage to a sector where two damaged dreadnoughts
    of its owner wait: all three keep their damage."""
    from engine.state import set_damage

    s = with_hole(discovery=False)
    s = with_sector(s, replace(at(s, HOME0), ships=((0, ShipClass.DREADNOUGHT, 1),)))
    waiting = replace(
        at(s, INNER),
        ships=((0, ShipClass.DREADNOUGHT, 2),),
        arrivals=(0,),
        damage=set_damage((), 0, ShipClass.DREADNOUGHT, (1, 1)),
    )
    s = with_sector(s, waiting)
    s = do(s, "action move", "move dreadnought (0,-2) (0,-3)", "roll yellow 6")
    s = do(s, "return_ship dreadnought (0,-1)")
    assert at(s, INNER).damage_of(0, ShipClass.DREADNOUGHT) == (1, 1, 1)


def in_round_two(*voyages: Voyage) -> GameState:
    """Round 2, seat 0 to start its turn, with these ships in the Black Hole."""
    s = with_hole(discovery=False)
    return replace(s, round=2, pending=(TurnStart(0),), turn=0, voyages=voyages)


NOW_I = Voyage(0, ShipClass.INTERCEPTOR, 2, HOLE)
LATER_I = Voyage(0, ShipClass.INTERCEPTOR, 3, HOLE)
NOW_C = Voyage(0, ShipClass.CRUISER, 2, HOLE)
THEIRS = Voyage(1, ShipClass.CRUISER, 2, HOLE)


def test_only_the_players_own_ships_due_this_round_may_come_back() -> None:
    s = in_round_two(LATER_I, THEIRS)
    assert not any(a.startswith("return_ship") for a in answers(s))
    s = in_round_two(NOW_I, LATER_I, THEIRS)
    assert {a for a in answers(s) if a.startswith("return_ship")} == {
        "return_ship interceptor (0,-1)"
    }


def test_the_returning_ship_is_the_one_of_its_class_due_now_and_comes_back_undamaged() -> None:
    s = do(in_round_two(NOW_I, LATER_I, NOW_C, THEIRS), "return_ship cruiser (0,-1)")
    assert s.voyages == (NOW_I, LATER_I, THEIRS)
    assert at(s, INNER).ships_of(0, ShipClass.CRUISER) == 1
    assert at(s, INNER).damage_of(0, ShipClass.CRUISER) == (0,)  # a voyage does no damage


def test_ships_due_later_stay_in_the_hole_when_the_action_phase_ends() -> None:
    s = to_combat(in_round_two(NOW_I, LATER_I))
    assert s.voyages == (LATER_I,)  # the interceptor due in round 2 is lost


def test_a_damaged_ship_entering_the_hole_keeps_its_damage_and_takes_one_more() -> None:
    from engine.state import set_damage

    s = with_hole(discovery=False)
    home = replace(
        at(s, HOME0),
        ships=((0, ShipClass.DREADNOUGHT, 1),),
        damage=set_damage((), 0, ShipClass.DREADNOUGHT, (1,)),
    )
    s = do(with_sector(s, home), "action move", "move_damaged dreadnought (0,-2) (0,-3) 1")
    s = do(s, "roll yellow 1")
    assert isinstance(s.decision, BlackHoleReturn) and s.decision.damage == 1 + 1
    s = do(s, "return_ship dreadnought (0,-1)")
    assert at(s, INNER).damage_of(0, ShipClass.DREADNOUGHT) == (2,)


@pytest.mark.parametrize(("start", "face"), [(7, 2), (6, 4)])
def test_a_ship_due_in_the_eighth_round_still_comes_back(start: int, face: int) -> None:
    s = replace(with_hole(discovery=False), round=start)
    s = do(s, "action move", "move interceptor (0,-2) (0,-3)", f"roll yellow {face}")
    assert s.voyages == (Voyage(0, ShipClass.INTERCEPTOR, 8, HOLE),)


def test_two_ships_of_a_class_due_back_are_offered_one_return_per_sector() -> None:
    from engine.rules import legal_actions

    s = in_round_two(NOW_I, NOW_I)
    returns = [str(a) for a in legal_actions(s) if str(a).startswith("return_ship")]
    assert returns == ["return_ship interceptor (0,-1)"]
    s = do(s, "return_ship interceptor (0,-1)")
    assert s.voyages == (NOW_I,)  # one ship per answer
