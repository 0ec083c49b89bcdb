"""Typed reads of a parsed AsyncEclipse save, each recording a ``Problem`` instead of failing.

A ``Reader`` is one import's context: the ``ProblemLog`` and the code tables
(``engine.importers.bot_tables``). Its reads (``number``, ``listing``, ``text``, ``codes_in``)
return what the JSON holds when it is usable, and otherwise a stated default with a problem at
the value's path. The parts of the importer (players, board, supplies) are functions that take a
``Reader``.

>>> r = Reader(strict=False)
>>> r.number({"money": "12"}, "money", "players.7", 0)
12
>>> [str(p) for p in r.log.finished()]
["players.7.money: expected a whole number, got '12'; read 12"]
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.importers.bot_tables import BotTables, codes
from engine.importers.problems import ROOT, ProblemLog, Severity

QUOTE_CHARS = 60
"""Longest quotation of a bad value in a message."""


def as_number(value: object) -> int | None:
    """An integer from an int, an integral float or a numeric string; ``None`` otherwise.

    >>> as_number(3), as_number(180.0), as_number(" 120 "), as_number("1e3"), as_number(True)
    (3, 180, 120, 1000, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if math.isfinite(value) and value.is_integer() else None
    if isinstance(value, str):
        text = value.strip()
        if len(text) > 40:  # no save holds such a number; int() of 4,300 digits raises
            return None
        try:
            return int(text)
        except ValueError:
            try:
                number = float(text)
            except ValueError:
                return None
            return int(number) if math.isfinite(number) and number.is_integer() else None
    return None


def kind(value: object) -> str:
    """What a JSON value is, in words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def quote(value: object) -> str:
    """``repr`` of a value, cut to ``QUOTE_CHARS``."""
    if isinstance(value, str) and len(value) > 4 * QUOTE_CHARS:
        value = value[: 2 * QUOTE_CHARS]  # do not build the repr of a huge string to cut it
    text = repr(value)
    return text if len(text) <= QUOTE_CHARS else text[: QUOTE_CHARS - 3] + "..."


def sub(path: str, key: str) -> str:
    """The path of ``key`` inside the value at ``path``."""
    return key if path == ROOT else f"{path}.{key}"


def truthy(value: object) -> bool | None:
    """A yes/no flag as the bot writes them (``1``, ``true``, ``"True"``...), else ``None``."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in ("0", "1", "true", "false"):
        return value.strip().lower() in ("1", "true")
    return None


class Reader:
    """One import's problem log and code tables, with reads that record problems."""

    def __init__(self, strict: bool) -> None:
        self.log = ProblemLog(strict)
        self.t: BotTables = codes()

    def problem(
        self,
        path: str,
        message: str,
        action: str,
        severity: Severity = Severity.LOSS,
        *,
        group: tuple[str, str] | None = None,
        item: str | None = None,
    ) -> None:
        """Record a problem (see ``ProblemLog.add``)."""
        self.log.add(path, message, action, severity, group=group, item=item)

    def number(
        self,
        obj: Mapping[str, Any],
        key: str,
        path: str,
        default: int,
        *,
        required: bool = True,
        low: int | None = None,
        high: int | None = None,
    ) -> int:
        """A whole number at ``obj[key]`` (a numeric string is read, with a note)."""
        where = sub(path, key)
        if key not in obj:
            if required:
                self.problem(where, "missing", f"used {default}")
            return default
        value = obj[key]
        got = as_number(value)
        if got is None:
            self.problem(
                where,
                f"expected a whole number, got {kind(value)} {quote(value)}",
                f"used {default}",
            )
            return default
        if not isinstance(value, int):
            self.problem(
                where, f"expected a whole number, got {quote(value)}", f"read {got}", Severity.NOTE
            )
        if low is not None and got < low:
            self.problem(where, f"{got} is below the least legal value {low}", f"used {low}")
            return low
        if high is not None and got > high:
            self.problem(where, f"{got} is above the largest legal value {high}", f"used {high}")
            return high
        return got

    def listing(
        self,
        obj: Mapping[str, Any],
        key: str,
        path: str,
        *,
        required: bool,
        severity: Severity = Severity.LOSS,
    ) -> list[Any]:
        """The list at ``obj[key]``; a missing or other value reads as an empty list."""
        where = sub(path, key)
        if key not in obj:
            if required:
                self.problem(where, "missing", "read as an empty list", severity)
            return []
        value = obj[key]
        if not isinstance(value, list):
            self.problem(
                where,
                f"expected a list, got {kind(value)} {quote(value)}",
                "read as an empty list",
            )
            return []
        return value

    def text(self, obj: Mapping[str, Any], key: str, path: str, *, required: bool) -> str | None:
        """The string at ``obj[key]``, or ``None``."""
        where = sub(path, key)
        if key not in obj:
            if required:
                self.problem(where, "missing", "left out")
            return None
        value = obj[key]
        if not isinstance(value, str):
            self.problem(where, f"expected a string, got {kind(value)} {quote(value)}", "left out")
            return None
        return value

    def codes_in(
        self, items: Sequence[Any], path: str, table: Mapping[str, str], what: str
    ) -> Iterator[tuple[int, str]]:
        """``(index, our id)`` for each known code of the list at ``path``.

        The others are reported once per list: unknown codes together, values that are not
        codes together.
        """
        for i, code in enumerate(items):
            where = f"{path}[{i}]"
            if not isinstance(code, str):
                self.problem(
                    where,
                    f"expected a {what} code, got {kind(code)} {quote(code)}",
                    "left out",
                    group=(path, f"entries that are not {what} codes"),
                    item=f"[{i}] {quote(code)}",
                )
                continue
            found = table.get(code)
            if found is None:
                self.problem(
                    where,
                    f"unknown {what} code {quote(code)}",
                    "left out",
                    group=(path, f"unknown {what} codes"),
                    item=f"[{i}] {quote(code)}",
                )
                continue
            yield i, found
