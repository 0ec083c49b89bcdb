"""Bots: a seat's player as a function from what it may see and its legal actions to one of them.

``RandomBot`` plays a uniformly random legal action. ``cosmic.game.odds_bot.OddsBot`` plays its
challenge card by the exact challenge odds. A bot is given its seat's ``PlayerView``
(``cosmic.game.view``), never the state: its own hand, the other hands' sizes, the board, the
discard pile and the cards face up, so no bot can read a hidden hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from cosmic.game.actions import Action
from cosmic.game.view import PlayerView


class Bot(Protocol):
    """Chooses one of ``legal`` for the view's seat."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The action chosen."""
        ...


class RandomBot:
    """A uniformly random legal action, from its own generator."""

    name = "random"

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Any legal action, each equally likely."""
        return legal[int(self.rng.integers(len(legal)))]
