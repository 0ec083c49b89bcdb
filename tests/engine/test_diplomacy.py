"""Diplomacy at 4+ players: proposing, the exchange, acts of aggression and the traitor."""

from __future__ import annotations

from engine.decisions import CubeReturn, DiplomacyAnswer
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
