"""Errors of the Cosmic Encounter game engine, rooted in the cosmic package's ``CosmicError``.

``GameError`` is a game the rules do not allow (a bad configuration, an action that is not
legal now); ``RecordError`` a game record that cannot be read or replayed. Messages quote the
offending input and say what would be legal.
"""

from __future__ import annotations

from cosmic.errors import CosmicError


class GameError(CosmicError):
    """A configuration or an action that the rules do not allow."""


class IllegalActionError(GameError):
    """An action that is not one of ``legal_actions(state)``."""


class RecordError(GameError):
    """A game record that cannot be read: the message names the JSON path at fault."""


class EntryError(RecordError):
    """A record entry that cannot be replayed: ``index`` and ``text`` name it, ``reason`` says
    why."""

    def __init__(self, index: int, text: str, reason: str) -> None:
        super().__init__(f"entry {index} ({text!r}): {reason}")
        self.index = index
        self.text = text
        self.reason = reason


class TurnCapError(GameError):
    """A game still going at its ``max_turns``: the rules should have ended it, so this is a
    stuck game (a loop of the bots or a rule missing), never a finished one. ``turn`` and
    ``powers`` say which game; the command that played it adds the seed and the last turns."""

    def __init__(self, turn: int, powers: tuple[str, ...]) -> None:
        super().__init__(
            f"the game is still going after {turn} turns (powers {', '.join(powers)}); "
            "a game ends by its rules, not at the turn cap"
        )
        self.turn = turn
        self.powers = powers
