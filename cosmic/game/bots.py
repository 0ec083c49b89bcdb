"""Bots: a seat's player as a function from the state and its legal actions to one of them.

``RandomBot`` plays a uniformly random legal action. ``cosmic.game.odds_bot.OddsBot`` plays its
challenge card by the exact challenge odds. A bot sees the whole state object, but a fair bot
reads only what its seat may know (its hand, the board, the discard pile, cards shown to it);
``cosmic.game.view`` says what that is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from cosmic.game.actions import Action
from cosmic.game.state import GameState


class Bot(Protocol):
    """Chooses one of ``legal`` for ``seat``."""

    def choose(self, state: GameState, seat: int, legal: Sequence[Action]) -> Action:
        """The action chosen."""
        ...


class RandomBot:
    """A uniformly random legal action, from its own generator."""

    name = "random"

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def choose(self, state: GameState, seat: int, legal: Sequence[Action]) -> Action:
        """Any legal action, each equally likely."""
        return legal[int(self.rng.integers(len(legal)))]
