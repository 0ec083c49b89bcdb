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


class PositionError(EngineError):
    """A position the engine cannot continue from (``engine.advice``): the game is over, chance
    acts next, or the file lacks what play needs (a board with home sectors, storage that is not
    negative); the message names what is missing."""


class AdviceRequestError(EngineError):
    """A request for advice that does not fit the position (``engine.advice``): a player name
    that names no seat (the message lists the legal names), an action index outside the
    record, a player asked about in the middle of someone else's action."""


class GameFileError(EngineError):
    """A file that is no game file Fleetlab can open (``engine.advice.read_position``): not
    readable, not JSON, no known format, or a record, snapshot or save that cannot be read; the
    message names the file and why."""
