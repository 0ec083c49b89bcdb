"""Playing whole games: a driver that asks each seat's bot and samples chance with a generator.

>>> import numpy as np
>>> from cosmic.powers import Power
>>> from cosmic.game.bots import RandomBot
>>> config = GameConfig((Power.VIRUS, Power.ZOMBIE, Power.LASER), max_turns=60)
>>> rng = np.random.default_rng(1)
>>> final = play_game(config, [RandomBot(rng) for _ in range(3)], rng)
>>> final.is_over
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from cosmic.game.actions import Action
from cosmic.game.bots import Bot
from cosmic.game.rules import apply, chance_outcomes, legal_actions, to_act
from cosmic.game.setup import new_game
from cosmic.game.state import CHANCE, GameConfig, GameState
from cosmic.game.view import view_of
from cosmic.powers import Power

Step = Callable[[GameState, Action, GameState], None]
"""Called with the state before a step, the action and the state after it."""


def sample_chance(state: GameState, rng: np.random.Generator) -> Action:
    """One outcome of the chance event waiting, drawn with its probability."""
    outcomes = chance_outcomes(state)
    x = rng.random()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if x < acc:
            return action
    return outcomes[-1][0]


def random_config(
    players: int, rng: np.random.Generator, deck: str = "eon", max_turns: int = 400
) -> GameConfig:
    """A configuration with powers dealt at random (the seed: "randomly assigned")."""
    chosen = rng.choice(len(Power), size=players, replace=False)
    powers = tuple(list(Power)[int(i)] for i in chosen)
    return GameConfig(powers, deck=deck, max_turns=max_turns)


def play_from(
    state: GameState,
    bots: Sequence[Bot],
    rng: np.random.Generator,
    on_step: Step | None = None,
) -> GameState:
    """Play on from ``state`` to the end; ``bots[seat]`` chooses for each seat from its view
    (``cosmic.game.view.view_of``: it never sees a hidden hand), chance is drawn
    from ``rng`` and ``on_step(before, action, after)`` sees every step."""
    while not state.is_over:
        seat = to_act(state)
        assert seat is not None
        if seat == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = bots[seat].choose(view_of(state, seat), legal_actions(state))
        after = apply(state, action)
        if on_step is not None:
            on_step(state, action, after)
        state = after
    return state


def play_game(
    config: GameConfig,
    bots: Sequence[Bot],
    rng: np.random.Generator,
    on_step: Step | None = None,
) -> GameState:
    """Play a game from its setup to the end (see ``play_from``)."""
    return play_from(new_game(config), bots, rng, on_step)
