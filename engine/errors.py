"""Errors of the engine package: one hierarchy rooted in ``ValueError``.

Messages quote the offending input with ``!r`` and say what would be legal, e.g. an action that
is not legal in the current state names the decision that is pending and a few legal answers.
"""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every error about game states, setup and actions."""


class SetupError(EngineError):
    """A game configuration the rules do not allow (player count, species, options)."""


class IllegalActionError(EngineError):
    """An action that is not legal in the state it was applied to."""


class DataError(EngineError):
    """The packaged engine data (sectors, discovery tiles, rules numbers) is inconsistent."""


class ActionParseError(EngineError):
    """Text that is not the text form of an action; the message names the bad token."""


class RecordError(EngineError):
    """A game record or position snapshot that cannot be read or replayed; the message says
    where (the JSON path or the entry index and text) and why."""
