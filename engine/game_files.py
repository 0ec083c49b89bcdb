"""Which kind of game file a parsed JSON document is: a game record, a position snapshot or an
AsyncEclipse save, told apart by their content.

Fleetlab's own files say what they are (``format``); the AsyncEclipse bot's saves have no
``format`` key but always have ``players`` and at least one of the bot's own keys. The Game page
and ``fleetlab advise`` open the same files by this one rule.

>>> kind_of({"format": "fleetlab-game-record", "version": 1})
'record'
>>> kind_of({"players": {}, "game_round": 2})
'asynceclipse'
>>> kind_of({"format": "fleetlab-battle"}) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import record as records
from engine import snapshot as snapshots

KINDS = {
    "record": "game record (fleetlab-game-record)",
    "snapshot": "position snapshot (fleetlab-position)",
    "asynceclipse": "AsyncEclipse save",
}
"""The kinds of game file, with the words that name them in messages."""

BOT_KEYS = ("board", "game_id", "game_round", "tech_deck", "setup_finished")
"""Keys of the AsyncEclipse bot's game JSON that tell a save apart from other JSON."""


def kind_of(data: Any) -> str | None:
    """Which kind of game file (a key of ``KINDS``) a parsed document is, or None."""
    if not isinstance(data, Mapping):
        return None
    fmt = data.get("format")
    if fmt == records.FORMAT:
        return "record"
    if fmt == snapshots.FORMAT:
        return "snapshot"
    # Every era of the bot's saves has players and at least one of these; early ones have no
    # board yet, or an empty list for it.
    if fmt is None and "players" in data and any(k in data for k in BOT_KEYS):
        return "asynceclipse"
    return None


def not_a_game_file(data: Any, name: str, what: str) -> str:
    """Why a document is no game file: what it is, and what ``what`` (the reader) opens."""
    accepted = ", ".join(KINDS.values())
    found = (
        f"format {data.get('format')!r}"
        if isinstance(data, Mapping) and "format" in data
        else "no known format"
    )
    return f"'{name}' is JSON with {found}; {what} opens a {accepted}"
