"""Eliminating a player: their score is counted, their components leave the game.

A player who cannot pay upkeep even after trading and abandoning sectors, or who ends the combat
phase with neither ships nor controlled sectors, is eliminated (dized player elimination). Their
discs, cubes and ships leave the board; the ambassadors they gave leave the game with their cubes;
ambassadors they held go back to their owners, whose cubes return to a track of their choice.
Their ships in a Black Hole are lost too.
"""

from __future__ import annotations

from dataclasses import replace

from engine.decisions import CubeReturn, Decision
from engine.enums import SquareType
from engine.scoring import score
from engine.state import GameState


def eliminate(state: GameState, seat: int) -> GameState:
    """The state with the player out of the game."""
    total = score(state, seat).total
    for sector in state.sectors:
        changed = sector
        if sector.owner == seat:
            changed = replace(
                changed, owner=None, cubes=(False,) * len(sector.cubes), orbital_cube=False
            )
        if sector.ships_of(seat):
            changed = replace(
                changed,
                ships=tuple(f for f in sector.ships if f[0] != seat),
                arrivals=tuple(a for a in sector.arrivals if a != seat),
            )
        if changed is not sector:
            state = state.with_sector(changed)
    follow: list[Decision] = []
    player = state.players[seat]
    for owner in player.ambassadors:
        if not state.players[owner].eliminated:
            follow.append(CubeReturn(owner, SquareType.GREY))
    for other in state.players:
        if seat in other.ambassadors:
            state = state.with_player(
                replace(other, ambassadors=tuple(a for a in other.ambassadors if a != seat))
            )
    player = replace(
        state.players[seat], eliminated=True, passed=True, final_score=total, ambassadors=()
    )
    state = state.with_player(player)
    if any(v.seat == seat for v in state.voyages):
        state = replace(state, voyages=tuple(v for v in state.voyages if v.seat != seat))
    if state.traitor == seat:
        state = replace(state, traitor=None)
    return state.with_pending(*follow)
