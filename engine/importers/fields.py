"""Which keys of an AsyncEclipse save the importer reads, and a report of every other one.

Nothing is dropped silently. The keys of the whole game, of a player and of a board entry are
classed in ``engine/data/asynceclipse.toml`` (``[fields.*]``): ``read`` (the importer uses them),
``bookkeeping`` (the bot's own working data, nothing of the position: skipped), ``unmodelled``
(game content Fleetlab does not model yet: one ``loss`` per key, with the reason) and, for the
rest, unknown (one ``note`` per key). A key met in several players or board entries is reported
once, naming where.

>>> from engine.importers.problems import ProblemLog
>>> log = ProblemLog(strict=False)
>>> report_unread(log, "player", [("players.1", {"name": "Planta", "mood": 3}),
...                               ("players.2", {"name": "Planta", "mood": 1})])
>>> str(log.finished()[0])
"players.1.mood: key 'mood' is unknown to the importer (also in players.2); not read"
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from engine.importers.problems import ProblemLog, Severity

LEVELS = ("game", "player", "board")
"""Where keys sit: the whole document, a player object, a board entry."""

_WHERE_SHOWN = 4


@dataclass(frozen=True, slots=True)
class FieldRules:
    """How the keys of one level are classed (see the module docstring)."""

    read: frozenset[str]
    bookkeeping: frozenset[str]
    bookkeeping_suffixes: tuple[str, ...]
    unmodelled: Mapping[str, str]

    def known(self, key: str) -> bool:
        """True for a key that is read or bookkeeping (nothing to report)."""
        return (
            key in self.read
            or key in self.bookkeeping
            or any(key.endswith(s) for s in self.bookkeeping_suffixes)
        )


@cache
def field_rules() -> dict[str, FieldRules]:
    """The key classes of each level, from ``engine/data/asynceclipse.toml``."""
    text = resources.files("engine").joinpath("data", "asynceclipse.toml").read_text("utf-8")
    raw: dict[str, Any] = tomllib.loads(text)["fields"]
    return {
        level: FieldRules(
            read=frozenset(raw[level]["read"]),
            bookkeeping=frozenset(raw[level]["bookkeeping"]),
            bookkeeping_suffixes=tuple(raw[level].get("bookkeeping_suffixes", ())),
            unmodelled=dict(raw[level].get("unmodelled", {})),
        )
        for level in LEVELS
    }


def report_unread(
    log: ProblemLog, level: str, holders: Sequence[tuple[str, Mapping[str, Any]]]
) -> None:
    """One problem per key of ``level`` that the importer does not read.

    ``holders`` are ``(JSON path, object)`` pairs: the document (path ``$``), each player, each
    board entry. The problem sits at the key's first place and names the others.
    """
    rules = field_rules()[level]
    places: dict[str, list[str]] = {}
    for path, obj in holders:
        for key in obj:
            name = str(key)
            if not rules.known(name):
                places.setdefault(name, []).append(name if path == "$" else f"{path}.{name}")
    for key, where in places.items():
        others = where[1:]
        also = ""
        if others:
            shown = ", ".join(w.rsplit(".", 1)[0] for w in others[:_WHERE_SHOWN])
            more = len(others) - _WHERE_SHOWN
            also = f" (also in {shown}{f' and {more} more' if more > 0 else ''})"
        why = rules.unmodelled.get(key)
        if why is not None:
            log.add(where[0], f"key {key!r} holds {why}{also}", "not imported", Severity.LOSS)
        else:
            log.add(
                where[0], f"key {key!r} is unknown to the importer{also}", "not read", Severity.NOTE
            )
