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
