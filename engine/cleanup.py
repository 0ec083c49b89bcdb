"""Cleanup: new tech tiles, discs and cubes back, colony ships and summary tiles face up.

Tech tiles drawn into the tray: 5, 6, 7, 8 or 9 regular tiles for 2-6 players
(``catalogue.tech_draws``; rare tiles drawn do not count). Discs on the action track return to
the influence track, graveyard cubes to their population tracks, colony ships and summary tiles
turn face up, the round marker advances and the first player to pass starts the next round.
Pulsars (New Dangers) may be activated again.
After round 8 the game ends instead (cleanup changes nothing that scores).
"""

from __future__ import annotations

from dataclasses import replace

from blueprints.catalogue import tech_draws
from engine.actions.pulsar import reset_pulsars
from engine.board import add_cube, return_options
from engine.decisions import TechDraw, TurnStart
from engine.enums import RESOURCES, Phase, SquareType
from engine.state import CHANCE, GameState
from engine.tables import tables


def start_cleanup(state: GameState) -> GameState:
    """Enter cleanup: draw tech tiles (a chance event) if the bag has any."""
    state = replace(state, phase=Phase.CLEANUP)
    if any(state.tech_bag):
        return state.with_pending(TechDraw(CHANCE, tech_draws().at_cleanup(len(state.players))))
    return state


def finish_cleanup(state: GameState) -> GameState:
    """Reset the boards and start the next round's action phase."""
    for p in state.players:
        if p.eliminated:
            continue
        player = replace(
            p,
            discs_track=p.discs_track + p.discs_actions,
            discs_actions=0,
            colony_used=0,
            passed=False,
            graveyard=(0, 0, 0),
        )
        for r, count in zip(RESOURCES, p.graveyard, strict=True):
            for _ in range(count):
                options = return_options(player, SquareType(r.value))
                player = add_cube(player, options[0])
        state = state.with_player(player)
    state = reset_pulsars(state)
    start = state.next_start if state.next_start is not None else state.start_player
    return begin_round(replace(state, round=state.round + 1, start_player=start))


def begin_round(state: GameState) -> GameState:
    """The action phase of ``state.round``: the start player (or the next active one) acts."""
    active = state.active_seats()
    n = len(state.players)
    seat = next(
        (s for s in ((state.start_player + i) % n for i in range(n)) if s in active),
        state.start_player,
    )
    state = replace(
        state, phase=Phase.ACTION, start_player=seat, turn=seat, pass_order=(), next_start=None
    )
    return state.with_pending(TurnStart(seat))


def game_is_over(state: GameState) -> bool:
    """True after the last round's upkeep."""
    return state.round >= tables().rounds
