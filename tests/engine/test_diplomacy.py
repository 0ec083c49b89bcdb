"""Diplomacy at 4+ players: proposing, the exchange, acts of aggression and the traitor."""

from __future__ import annotations

from dataclasses import replace

from blueprints import ShipClass
from engine.actions.diplomacy import can_relate
from engine.decisions import CubeReturn, DiplomacyAnswer
from engine.enums import SquareType
from engine.hexes import Hex
from engine.scoring import score
from tests.engine.builders import answers, do, edit, sector, started, with_sector

SPECIES = ("terran_directorate", "planta", "hydran_progress", "mechanema")


def neighbours():  # type: ignore[no-untyped-def]
    s = started(*SPECIES)
    # Seat 0 (home at (0,-2)) controls (1,-2), wormhole-connected to seat 1's home at (2,-2).
    return with_sector(s, sector(Hex(1, -2), 102, rotation=0, owner=0))


def test_proposal_and_exchange_of_ambassadors() -> None:
    s = neighbours()
    assert "propose 1 money -" in answers(s)
    assert not any(o.startswith("propose 2") for o in answers(s))  # not connected
    s = do(s, "propose 1 money -")
    assert s.decision == DiplomacyAnswer(1, 0, s.decision.resource, None)  # type: ignore[union-attr]
    assert answers(s) >= {"accept science -", "decline_relations"}
    s = do(s, "accept science -")
    p0, p1 = s.players[0], s.players[1]
    assert p0.ambassadors == (1,) and p1.ambassadors == (0,)
    assert p0.tracks[0] == 9 and p1.tracks[1] == 9  # the cubes left the tracks
    assert score(s, 0).ambassadors == 1
    assert not any(o.startswith("propose 1") for o in answers(s))  # already related


def test_declining_changes_nothing() -> None:
    s = do(neighbours(), "propose 1 money -", "decline_relations")
    assert s.players[0].ambassadors == () and s.players[0].tracks[0] == 10


def test_no_diplomacy_below_four_players_or_with_intruding_ships() -> None:
    three = started("terran_directorate", "planta", "hydran_progress")
    three = with_sector(three, sector(Hex(1, -2), 102, rotation=0, owner=0))
    assert not any(o.startswith("propose") for o in answers(three))
    intruding = with_sector(
        neighbours(), sector(Hex(1, -2), 102, rotation=0, owner=0, ships=[(1, "interceptor", 1)])
    )
    assert not any(o.startswith("propose 1") for o in answers(intruding))


def test_a_full_reputation_track_returns_a_tile_to_make_room() -> None:
    s = edit(neighbours(), 0, reputation=(1, 2, 3, 4))  # 1 ambassador + 4 mixed slots: room
    assert "propose 1 money -" in answers(s)
    s = edit(neighbours(), 0, reputation=(1, 2, 3, 4), ambassadors=())
    s = edit(s, 0, reputation=(1, 1, 2, 3, 4))  # full: return one tile to make room
    options = {o for o in answers(s) if o.startswith("propose 1 money")}
    assert "propose 1 money -" not in options and "propose 1 money 1" in options
    bag = sum(s.reputation_bag)
    s = do(s, "propose 1 money 1", "accept money -")
    assert s.players[0].reputation == (1, 2, 3, 4) and sum(s.reputation_bag) == bag + 1


def test_an_act_of_aggression_breaks_relations_and_makes_a_traitor() -> None:
    s = with_sector(
        neighbours(), sector(Hex(1, -2), 102, rotation=0, owner=0, ships=[(0, "cruiser", 1)])
    )
    s = do(s, "propose 1 money -", "accept science -")
    # Seat 0 moves its cruiser into seat 1's home; at the end of the action: aggression.
    s = do(s, "action move", "move cruiser (1,-2) (2,-2)")
    assert s.traitor is None
    s = do(s, "end")
    assert s.traitor == 0
    assert s.players[0].ambassadors == () and s.players[1].ambassadors == ()
    assert isinstance(s.decision, CubeReturn) and s.decision.seat == 0
    s = do(s, "return_cube money", "return_cube science")
    assert s.players[0].tracks[0] == 10 and s.players[1].tracks[1] == 10
    assert score(s, 0).traitor == -2
    # The traitor may not propose relations any more.
    back = with_sector(s, sector(Hex(2, -2), 223, rotation=4, owner=1))
    assert not any(o.startswith("propose") for o in answers(back) if back.to_act == 0)


def related(state, *pairs: tuple[int, int]):  # type: ignore[no-untyped-def]
    """The state with diplomatic relations between each pair (ambassadors exchanged)."""
    held: dict[int, list[int]] = {seat: [] for seat in range(len(state.players))}
    for a, b in pairs:
        held[a].append(b)
        held[b].append(a)
    for seat, others in held.items():
        state = edit(state, seat, ambassadors=tuple(others))
    return state


def test_who_may_relate_with_whom() -> None:
    s = neighbours()
    assert can_relate(s, 0, 1) and can_relate(s, 1, 0)
    assert not can_relate(s, 0, 2)  # no wormhole connection between their sectors
    assert not can_relate(s, 0, 0)
    assert not can_relate(replace(s, traitor=1), 0, 1)  # nobody relates with the traitor
    assert not can_relate(related(s, (0, 1)), 0, 1)  # already related
    mine = s.sector(Hex(1, -2))
    assert mine is not None
    theirs = replace(mine, ships=((1, ShipClass.INTERCEPTOR, 1),), arrivals=(1,))
    assert not can_relate(with_sector(s, theirs), 0, 1)  # 1 has ships in 0's sector
    assert not can_relate(with_sector(s, theirs), 1, 0)
    ours = replace(mine, ships=((0, ShipClass.INTERCEPTOR, 1),), arrivals=(0,))
    assert can_relate(with_sector(s, ours), 0, 1)  # ships in one's own sector are no bar
    three = started("terran_directorate", "planta", "hydran_progress")
    three = with_sector(three, sector(Hex(1, -2), 102, rotation=0, owner=0))
    three = with_sector(three, sector(Hex(1, -1), 102, rotation=0, owner=1))  # joined to it
    assert not can_relate(three, 0, 1)  # diplomacy needs 4 or more players
    four = with_sector(s, sector(Hex(1, -1), 102, rotation=0, owner=2))
    assert can_relate(four, 0, 2)  # the same two sectors at 4 players
    # No proposal to the traitor either.
    assert not any(o.startswith("propose 1") for o in answers(replace(s, traitor=1)))


def test_a_proposal_to_one_player_is_not_kept_from_another_by_the_first_ones_bar() -> None:
    s = neighbours()
    s = with_sector(s, sector(Hex(1, -1), 102, rotation=0, owner=2))  # joined to (1,-2) too
    assert {"propose 1 money -", "propose 2 money -"} <= answers(s)
    home1 = s.sector(Hex(2, -2))
    assert home1 is not None
    barred = with_sector(s, replace(home1, ships=((0, ShipClass.CRUISER, 1), *home1.ships)))
    options = answers(barred)
    assert not any(o.startswith("propose 1") for o in options) and "propose 2 money -" in options
    no_cubes = edit(s, 1, tracks=(0, 0, 0))  # nothing to put on an ambassador
    options = answers(no_cubes)
    assert not any(o.startswith("propose 1") for o in options) and "propose 2 money -" in options


def test_both_players_may_return_a_reputation_tile_to_its_own_pile() -> None:
    s = edit(neighbours(), 0, reputation=(1, 1, 2, 3, 4))  # full: a tile must go back
    s = edit(s, 1, reputation=(1, 2, 3, 4))  # Planta: 4 slots, 1 of them ambassador-only
    bag = s.reputation_bag
    s = do(s, "propose 1 money 1")
    options = answers(s)
    assert "accept money 2" in options and "accept money -" not in options
    s = do(s, "accept money 2")
    assert s.players[0].reputation == (1, 2, 3, 4) and s.players[1].reputation == (1, 3, 4)
    assert s.reputation_bag == (bag[0] + 1, bag[1] + 1, bag[2], bag[3])
    assert s.players[0].ambassadors == (1,) and s.players[1].ambassadors == (0,)


def test_aggression_is_entering_a_partners_sector_or_joining_its_ships() -> None:
    """Relations break at the end of the action of a player whose ships are in a sector the
    partner controls (no partner ships needed) or where the partner has ships (no control
    needed); ships with a player one has no relations with break nothing."""
    base = related(started(*SPECIES), (0, 1), (0, 2))
    controlled = with_sector(base, sector(Hex(1, 1), 102, owner=2, ships=[(0, "cruiser", 1)]))
    s = do(controlled, "action research", "end")
    assert s.traitor == 0
    assert s.players[0].ambassadors == (1,) and s.players[1].ambassadors == (0,)
    assert s.players[2].ambassadors == ()
    # Each ambassador's cube goes to any track of its owner's choice.
    assert s.decision == CubeReturn(0, SquareType.GREY)
    assert {"return_cube money", "return_cube science", "return_cube materials"} <= answers(s)
    s = do(s, "return_cube materials")
    assert s.decision == CubeReturn(2, SquareType.GREY)
    shared = with_sector(
        base, sector(Hex(1, -2), 102, ships=[(0, "cruiser", 1), (1, "interceptor", 1)])
    )
    s = do(shared, "action research", "end")
    assert s.traitor == 0 and s.players[1].ambassadors == () and s.players[2].ambassadors == (0,)
    stranger = with_sector(base, sector(Hex(-1, 1), 102, owner=3, ships=[(0, "cruiser", 1)]))
    s = do(stranger, "action research", "end")
    assert s.traitor is None and s.players[0].ambassadors == (1, 2)
    assert not isinstance(s.decision, CubeReturn)
