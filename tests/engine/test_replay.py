"""A game's actions, chance outcomes included, replay it exactly from their text: no seed."""

from __future__ import annotations

import numpy as np

from engine.actions.base import Action, parse_action
from engine.play import play_game, random_config
from engine.players import GreedyPlayer, RandomPlayer
from engine.rules import apply
from engine.setup import new_game
from engine.state import GameState


def test_the_text_of_every_step_replays_the_game() -> None:
    rng = np.random.default_rng(2024)
    config = random_config(4, rng)
    record: list[str] = []

    def keep(before: GameState, action: Action, after: GameState) -> None:
        record.append(str(action))

    bots = [RandomPlayer(np.random.default_rng(1)), GreedyPlayer(np.random.default_rng(2))] * 2
    final = play_game(config, bots, rng, on_step=keep)
    state = new_game(config)
    for line in record:
        state = apply(state, parse_action(line))
    assert state == final and state.scores == final.scores
    assert any(line.startswith("draw_sector") for line in record)
    assert any(line.startswith("draw_tech") for line in record)
