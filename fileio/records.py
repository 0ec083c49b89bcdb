"""What every game record shares: entries, their one-entry-per-line text, the replay loop.

A game record (Eclipse's ``engine.record``, Cosmic Encounter's ``cosmic.game.record``) is a JSON
object whose ``entries`` list the game in order: the text of every action and chance outcome,
*checkpoints* (the state's hash at a point of the game, each game with its own fields), and
*notes* (``{"note": ...}``, skipped by the replay). An entry of no known form is kept as it was
found (``Unreadable``) so that the replay stops there and says why, rather than the whole file
being refused. Each package supplies what is its own (its actions, its checkpoints, its errors)
and calls these for the rest:

* ``read_entry``: a JSON value to an entry;
* ``record_text``: a record's JSON text, its head one key a line and then one entry a line, so
  that it reads and diffs as a list;
* ``replay_entries`` (and its ``Replay``): play the entries from a state and stop at the first
  bad one (an unreadable entry, a text that is not an action or not legal, a checkpoint that
  differs), naming it by index and text with the reason.

>>> read_entry({"note": "hi"}, "entries[0]", CHECKS, lambda data, path: data)
Note(text='hi')
>>> read_entry(5, "entries[1]", CHECKS, lambda data, path: data).reason
"expected an action's text, a checkpoint {turn, hash} or a note {note}, got 5"
>>> print(record_text({"format": "demo"}, ["pass", {"note": "x"}]))
{
 "format": "demo",
 "entries": [
  "pass",
  {"note": "x"}
 ]
}
<BLANKLINE>
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from fileio.quoting import quote

Json = Any
"""A value made of dicts, lists, strings, numbers, booleans and None."""

S = TypeVar("S")
C = TypeVar("C")
E = TypeVar("E", bound=Exception)

CHECKS = ("turn", "hash")
"""The checkpoint keys of the doctests."""


@dataclass(frozen=True, slots=True)
class Note:
    """A comment in a record (the replay skips it)."""

    text: str

    def __str__(self) -> str:
        return f"note {self.text!r}"


@dataclass(frozen=True, slots=True)
class Unreadable:
    """An entry of no known form, kept as found (its JSON value) so that the replay stops there
    and says why."""

    data: Json
    reason: str

    def __str__(self) -> str:
        text = json.dumps(self.data)
        return text if len(text) <= 60 else text[:57] + "..."


def read_entry(
    data: Json,
    path: str,
    checkpoint_keys: Sequence[str],
    read_checkpoint: Callable[[Mapping[str, Json], str], C],
) -> str | Note | Unreadable | C:
    """The entry ``data`` at ``path``: an action's text (a string), a note, a checkpoint (an
    object with exactly ``checkpoint_keys``, read by ``read_checkpoint``, which raises a
    ``ValueError`` naming the bad field's path), else ``Unreadable`` with the reason (without
    the path: the replay names the entry by its index)."""
    if isinstance(data, str):
        return data
    if isinstance(data, Mapping):
        if set(data) == {"note"} and isinstance(data["note"], str):
            return Note(data["note"])
        if set(data) == set(checkpoint_keys):
            try:
                return read_checkpoint(data, path)
            except ValueError as exc:
                reason = str(exc).removeprefix(f"{path}: ").removeprefix(f"{path}.")
                return Unreadable(data, reason)
    keys = ", ".join(checkpoint_keys)
    return Unreadable(
        data,
        f"expected an action's text, a checkpoint {{{keys}}} or a note {{note}}, got {quote(data)}",
    )


def entry_json(entry: object, checkpoint_json: Callable[[Any], Json]) -> Json:
    """The JSON form of an entry: its text, a note or an unreadable entry as found, else (a
    checkpoint) ``checkpoint_json(entry)``."""
    if isinstance(entry, str):
        return entry
    if isinstance(entry, Note):
        return {"note": entry.text}
    if isinstance(entry, Unreadable):
        return entry.data
    return checkpoint_json(entry)


def record_text(
    head: Mapping[str, Json], entries: Sequence[Json], indent: int | None = None
) -> str:
    """A record's JSON text: each key of ``head`` on its own line (its value on one line, or
    indented by ``indent``), then ``entries`` one a line."""
    lines = ["{"]
    for key, value in head.items():
        shown = json.dumps(value, indent=indent)
        if indent is not None:
            shown = shown.replace("\n", "\n ")
        lines.append(f" {json.dumps(key)}: {shown},")
    lines.append(' "entries": [')
    lines.append(",\n".join(f"  {json.dumps(e)}" for e in entries))
    lines.append(" ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True, slots=True)
class Replay(Generic[S, E]):
    """What replaying a record gave: the state reached, the index of the first entry not played
    (``played``), actions applied, checkpoints verified, and the error that stopped it (``None``:
    every entry replayed and every checkpoint matched)."""

    state: S
    played: int
    actions: int
    checkpoints: int
    error: E | None = None

    @property
    def ok(self) -> bool:
        """True when every entry replayed and every checkpoint matched."""
        return self.error is None


def replay_entries(
    entries: Sequence[object],
    state: S,
    apply_text: Callable[[S, str], S],
    checkpoint_of: Callable[[S], C],
    differs: Callable[[C, C], str],
    known: tuple[type[Exception], ...],
    error: Callable[[int, str, str], E],
    on_entry: Callable[[int, Any, S], None] | None = None,
) -> Replay[S, E]:
    """Play ``entries`` from ``state``: an action's text through ``apply_text``, a checkpoint
    compared with ``checkpoint_of(state)`` (``differs(recorded, found)`` says how they differ),
    a note skipped. Stop at the first bad entry: an ``Unreadable`` one, a text whose
    ``apply_text`` raises (an error of ``known`` gives its message; any other is reported, never
    raised: a record is input), or a checkpoint that differs; ``error(index, text, reason)`` is
    the package's error naming it. ``on_entry(index, entry, state)`` sees each entry replayed
    with the state after it."""
    actions = checkpoints = 0
    for i, entry in enumerate(entries):
        reason: str
        if isinstance(entry, Note):
            if on_entry is not None:
                on_entry(i, entry, state)
            continue
        if isinstance(entry, Unreadable):
            reason = f"not an entry: {entry.reason}"
        elif isinstance(entry, str):
            try:
                state = apply_text(state, entry)
            except known as exc:
                reason = str(exc)
            except Exception as exc:  # a record is input: report any failure, never crash
                reason = f"the engine could not apply it ({type(exc).__name__}: {exc})"
            else:
                actions += 1
                if on_entry is not None:
                    on_entry(i, entry, state)
                continue
        else:
            found = checkpoint_of(state)
            if found == entry:
                checkpoints += 1
                if on_entry is not None:
                    on_entry(i, entry, state)
                continue
            reason = differs(entry, found)  # type: ignore[arg-type]
        text = entry if isinstance(entry, str) else str(entry)
        return Replay(state, i, actions, checkpoints, error(i, text, reason))
    return Replay(state, len(entries), actions, checkpoints)


__all__ = [
    "Json",
    "Note",
    "Replay",
    "Unreadable",
    "entry_json",
    "read_entry",
    "record_text",
    "replay_entries",
]
