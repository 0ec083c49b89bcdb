"""Eliminating a player (``engine.elimination``): what leaves the game with it, and what stays."""

from __future__ import annotations

from dataclasses import replace

from blueprints import ShipClass
from engine.decisions import CubeReturn
from engine.elimination import eliminate
from engine.enums import SquareType
from engine.hexes import Hex
from engine.scoring import score
from engine.state import GameState, Voyage
from tests.engine.builders import edit, sector, started, with_sector

SPECIES = ("terran_directorate", "planta", "hydran_progress", "mechanema")
SHARED = Hex(3, -3)
"""An uncontrolled sector where seat 0 (entered first) and seat 1 both have ships."""
HELD = Hex(-3, 3)
"""Seat 1's sector, where seat 0 has an interceptor."""


def four() -> GameState:
    """Seat 0 with reputation, ambassadors of seats 1, 2 and 3 (seat 2 already out), seats 1 and
    3 holding seat 0's ambassador, seat 0 the traitor, one ship of seat 0 and one of seat 1 in a
    Black Hole, and ships of seat 0 beside seat 1's."""
    s = started(*SPECIES)
    s = edit(s, 0, reputation=(3, 4), ambassadors=(1, 2, 3))
    s = edit(s, 1, ambassadors=(0,))
    s = edit(s, 2, eliminated=True)
    s = edit(s, 3, ambassadors=(2, 0))
    mine = next(x for x in s.sectors if x.owner == 0)
    s = with_sector(s, replace(mine, orbital=True, orbital_cube=True))
    shared = [(0, "interceptor", 1), (1, "cruiser", 1)]
    s = with_sector(s, sector(SHARED, 102, ships=shared))
    s = with_sector(s, sector(HELD, 102, owner=1, cubes=[0], ships=[(0, "interceptor", 1)]))
    hole = Hex(2, 2)
    voyages = (Voyage(0, ShipClass.CRUISER, 5, hole), Voyage(1, ShipClass.INTERCEPTOR, 5, hole))
    return replace(s, traitor=0, voyages=voyages)


def test_an_eliminated_player_keeps_its_score_at_elimination() -> None:
    s = four()
    total = score(s, 0).total
    assert total > 0
    out = eliminate(s, 0)
    p = out.players[0]
    assert p.eliminated and p.passed and p.final_score == total


def test_an_eliminated_players_discs_cubes_and_ships_leave_the_board() -> None:
    s = four()
    home = next(x for x in s.sectors if x.owner == 0)
    out = eliminate(s, 0)
    after = out.sector(home.hex)
    assert after is not None
    assert after.owner is None and not any(after.cubes) and not after.orbital_cube
    assert after.population() == 0
    shared = out.sector(SHARED)
    assert shared is not None
    assert shared.ships_of(0) == 0 and shared.ships_of(1, ShipClass.CRUISER) == 1
    assert shared.arrivals == (1,)
    held = out.sector(HELD)
    assert held is not None
    assert held.owner == 1 and held.cubes == (True, False) and held.ships_of(0) == 0
    assert not any(x.owner == 0 or x.ships_of(0) for x in out.sectors)
    # Every other player's sectors and cubes are as they were.
    others = [x for x in s.sectors if x.owner not in (None, 0)]
    assert all(out.sector(x.hex) == x for x in others if x.hex != HELD)


def test_ships_in_a_black_hole_are_lost_and_the_traitor_card_returns() -> None:
    out = eliminate(four(), 0)
    assert out.voyages == (Voyage(1, ShipClass.INTERCEPTOR, 5, Hex(2, 2)),)
    assert out.traitor is None
    alone = four()
    alone = replace(alone, voyages=alone.voyages[:1])  # only the eliminated player's ship
    assert eliminate(alone, 0).voyages == ()
    # Another player's elimination leaves the traitor and the other voyages alone.
    other = eliminate(four(), 3)
    assert other.traitor == 0 and len(other.voyages) == 2


def test_ambassadors_leave_the_game_and_return_to_their_active_owners() -> None:
    """Ambassadors the eliminated player gave leave the game; those it held go back to their
    owners still in the game, who each return the cube to a track of their choice (a grey
    square's choice)."""
    s = four()
    out = eliminate(s, 0)
    assert out.players[0].ambassadors == ()
    assert out.players[1].ambassadors == () and out.players[3].ambassadors == (2,)
    assert out.pending[-2:] == (CubeReturn(1, SquareType.GREY), CubeReturn(3, SquareType.GREY))
    assert len(out.pending) == len(s.pending) + 2
