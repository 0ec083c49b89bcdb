"""Playing whole games: a driver that asks the players and samples chance with a generator.

>>> import numpy as np
>>> from engine.players import RandomPlayer
>>> rng = np.random.default_rng(3)
>>> config = random_config(2, rng)
>>> final = play_game(config, [RandomPlayer(rng), RandomPlayer(rng)], rng)
>>> final.is_over, final.round, len(final.scores)
(True, 8, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from engine.actions.base import Action
from engine.players import Player
from engine.rules import apply, chance_outcomes, legal_actions
from engine.sectors import home_tile
from engine.setup import base_species, new_game
from engine.state import CHANCE, GameConfig, GameState


def sample_chance(state: GameState, rng: np.random.Generator) -> Action:
    """One outcome of the pending chance event, drawn with its probability."""
    outcomes = chance_outcomes(state)
    x = rng.random()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if x < acc:
            return action
    return outcomes[-1][0]


def random_config(players: int, rng: np.random.Generator) -> GameConfig:
    """Random base-game species for each seat (never both sides of one board)."""
    pool = list(base_species())
    chosen: list[str] = []
    boards: set[int] = set()
    while len(chosen) < players:
        s = pool[int(rng.integers(len(pool)))]
        board = (home_tile(s).id - 221) // 2
        if board in boards:
            continue
        boards.add(board)
        chosen.append(s)
    return GameConfig(tuple(chosen), start_player=int(rng.integers(players)))


def play_game(
    config: GameConfig,
    players: Sequence[Player],
    rng: np.random.Generator,
    on_step: Callable[[GameState, Action, GameState], None] | None = None,
) -> GameState:
    """Play from setup to the final scores; ``on_step(before, action, after)`` sees each step."""
    return play_from(new_game(config), players, rng, on_step)


def play_from(
    state: GameState,
    players: Sequence[Player],
    rng: np.random.Generator,
    on_step: Callable[[GameState, Action, GameState], None] | None = None,
    until: Callable[[GameState], bool] | None = None,
) -> GameState:
    """Play on from ``state`` until the game is over or ``until(state)`` holds (checked before
    each step); chance is drawn from ``rng``, ``players[seat]`` chooses for each seat and
    ``on_step(before, action, after)`` sees each step.
    """
    while not state.is_over and (until is None or not until(state)):
        seat = state.to_act
        assert seat is not None
        if seat == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = players[seat].choose(state, legal_actions(state))
        after = apply(state, action)
        if on_step is not None:
            on_step(state, action, after)
        state = after
    return state
