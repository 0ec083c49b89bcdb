"""The order of play: turns, phases and rounds, moved on whenever no decision is pending.

Setup's chance events, then rounds 1 to 8: the action phase (turns clockwise from the start
player until everyone has passed; an act-of-aggression check ends every turn), the combat phase
(``engine.combat``: battles, population, influence, discovery, repair), upkeep and cleanup.
Ships due back from a Black Hole and not returned by the end of the action phase are lost.
After the eighth round's upkeep the game is scored.
"""

from __future__ import annotations

from dataclasses import replace

from engine.actions.black_hole import lose_overdue
from engine.actions.diplomacy import check_aggression
from engine.board import seats_after
from engine.cleanup import begin_round, finish_cleanup, game_is_over, start_cleanup
from engine.combat import combat_step, start_combat
from engine.decisions import TurnStart
from engine.enums import Phase
from engine.scoring import final_scores
from engine.state import GameState
from engine.upkeep import start_upkeep


def advance(state: GameState) -> GameState:
    """Move the game on until a decision is pending or the game is over."""
    while not state.pending and state.phase is not Phase.GAME_OVER:
        phase = state.phase
        if phase is Phase.SETUP:
            state = begin_round(state)
        elif phase is Phase.ACTION:
            state = _end_turn(state)
        elif phase is Phase.COMBAT:
            state = combat_step(state) if state.combat is not None else start_upkeep(state)
        elif phase is Phase.UPKEEP:
            state = _end_game(state) if game_is_over(state) else start_cleanup(state)
        else:
            state = finish_cleanup(state)
        if not state.active_seats() and state.phase is not Phase.GAME_OVER:
            state = _end_game(state.with_pending(pop=len(state.pending)))
    return state


def _end_turn(state: GameState) -> GameState:
    state = check_aggression(state, state.turn)
    if state.pending:
        return state
    active = state.active_seats()
    if all(state.players[s].passed for s in active):
        return start_combat(lose_overdue(state))
    nxt = seats_after(state, state.turn)[0]
    return replace(state, turn=nxt).with_pending(TurnStart(nxt))


def _end_game(state: GameState) -> GameState:
    state = replace(state, phase=Phase.GAME_OVER)
    return replace(state, scores=final_scores(state))
