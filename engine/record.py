"""Game records: a whole game as versioned JSON, replayed and checked without any seed.

A record holds the setup (``GameConfig``), the players' names, optionally the position it starts
from (a snapshot state, ``engine.snapshot``; otherwise ``new_game(config)``) and its *entries* in
order: the text of every action and chance outcome (``str(action)``), and checkpoints with the
state hash (``engine.snapshot.state_hash``) at the start and at every round boundary (after the
step that begins a new round, and after the final scoring). ``docs/game-record.md`` documents the
format. Because every chance outcome is an entry, a record replays exactly with no seed, and a
real table game can be typed in with its real dice.

``save_record`` writes atomically (``fileio.write_atomic``: a temporary file in the same folder,
flushed and fsynced, then ``os.replace``). ``load_record`` reads and checks the structure
(``RecordError`` with the JSON path of the first problem). ``replay`` plays the entries and stops
at the first bad one: an entry that is not an entry at all, a text that is not an action, an
action that is not legal, or a checkpoint whose hash differs; its ``Replay`` keeps the state
reached and says which entry (index and text) and why.

>>> import numpy as np
>>> from engine.play import play_game, random_config
>>> from engine.players import RandomPlayer
>>> rng = np.random.default_rng(5)
>>> config = random_config(2, rng)
>>> recorder = Recorder(config, ("random", "random"))
>>> final = play_game(config, [RandomPlayer(rng), RandomPlayer(rng)], rng, on_step=recorder)
>>> result = replay(record_from_json(record_json(recorder.record())))
>>> result.ok, result.state == final, result.checkpoints
(True, True, 9)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.actions.base import Action, parse_action
from engine.enums import Phase
from engine.errors import EngineError, RecordError
from engine.rules import apply
from engine.setup import check_config, new_game
from engine.snapshot import Json, decode, encode, read_state, state_hash, state_json
from engine.state import GameConfig, GameState
from fileio import DocumentError, parse_document, quote, read_bytes, records, write_atomic
from fileio.records import Note, Unreadable

FORMAT = "fleetlab-game-record"
VERSION = 1
MAX_BYTES = 50_000_000
"""Records larger than this are refused (a whole 6-player game is well under 1 MB)."""


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """The state at a point of the game: its round, phase and hash."""

    round: int
    phase: Phase
    hash: str

    @classmethod
    def of(cls, state: GameState) -> Checkpoint:
        """The checkpoint of a state."""
        return cls(state.round, state.phase, state_hash(state))

    def __str__(self) -> str:
        return f"checkpoint round {self.round} {self.phase.value} {self.hash}"


Entry = str | Checkpoint | Note | Unreadable


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game: its setup, players, start position (``None``: setup) and entries."""

    config: GameConfig
    players: tuple[str, ...]
    entries: tuple[Entry, ...]
    start: GameState | None = None

    @property
    def actions(self) -> int:
        """Number of action entries."""
        return sum(1 for e in self.entries if isinstance(e, str))


class Recorder:
    """An ``on_step`` callback for ``play_game`` that writes the record of the game.

    The first entry is the checkpoint of the start; a checkpoint follows every step that starts a
    new round or ends the game.
    """

    def __init__(
        self, config: GameConfig, players: Sequence[str], start: GameState | None = None
    ) -> None:
        self.config = config
        self.players = tuple(players)
        self.start = start
        first = start if start is not None else new_game(config)
        self.entries: list[Entry] = [Checkpoint.of(first)]

    def __call__(self, before: GameState, action: Action, after: GameState) -> None:
        self.entries.append(str(action))
        if after.round != before.round or (after.is_over and not before.is_over):
            self.entries.append(Checkpoint.of(after))

    def record(self) -> GameRecord:
        """The record so far."""
        return GameRecord(self.config, self.players, tuple(self.entries), self.start)


# ----- JSON -------------------------------------------------------------------------------------


def _checkpoint_json(entry: Checkpoint) -> Json:
    return {"round": entry.round, "phase": entry.phase.value, "hash": entry.hash}


def entry_json(entry: Entry) -> Json:
    """The JSON form of an entry: a string, or a checkpoint or note object."""
    return records.entry_json(entry, _checkpoint_json)


def record_json(record: GameRecord) -> dict[str, Json]:
    """The JSON object of a record."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "config": encode(record.config, GameConfig),
        "players": list(record.players),
        "start": None if record.start is None else state_json(record.start),
        "entries": [entry_json(e) for e in record.entries],
    }


def _read_checkpoint(data: Mapping[str, Json], path: str) -> Checkpoint:
    r = data["round"]
    if not isinstance(r, int) or isinstance(r, bool):
        raise RecordError(f"{path}.round: expected a whole number, got {r!r}")
    phase = decode(data["phase"], Phase, f"{path}.phase")
    h = data["hash"]
    if not isinstance(h, str):
        raise RecordError(f"{path}.hash: expected a string, got {h!r}")
    return Checkpoint(r, phase, h)


def _entry(data: Json, path: str) -> Entry:
    return records.read_entry(data, path, ("round", "phase", "hash"), _read_checkpoint)


def record_from_json(data: Json) -> GameRecord:
    """A record from its JSON object; ``RecordError`` names the first bad value's path."""
    if not isinstance(data, Mapping):
        raise RecordError(f"record: expected a JSON object, got {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise RecordError(f"format: expected {FORMAT!r}, got {quote(data.get('format'))}")
    version = data.get("version")
    # `true == 1` and `1.0 == 1` in Python: the version is the integer itself, nothing equal to it
    if type(version) is not int or version != VERSION:
        raise RecordError(
            f"version: expected {VERSION} (the version this Fleetlab reads), got {quote(version)}"
        )
    keys = ("format", "version", "config", "players", "start", "entries")
    extra = sorted(str(k) for k in data if k not in keys)
    if extra:
        raise RecordError(f"record: unknown key {extra[0]!r}; keys: {', '.join(keys)}")
    for key in ("config", "players", "entries"):
        if key not in data:
            raise RecordError(f"{key}: missing")
    config = decode(data["config"], GameConfig, "config")
    try:
        check_config(config)
    except EngineError as exc:
        raise RecordError(f"config: {exc}") from None
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError(f"players: expected a list of names, got {players!r}")
    if len(players) != config.players:
        raise RecordError(f"players: {len(players)} names for {config.players} seats")
    start = None
    if data.get("start") is not None:
        start = read_state(data["start"], "start")
        if start.config != config:
            raise RecordError("start.config: differs from the record's config")
    entries = data["entries"]
    if not isinstance(entries, list):
        raise RecordError(f"entries: expected a list, got {type(entries).__name__}")
    return GameRecord(
        config,
        tuple(players),
        tuple(_entry(e, f"entries[{i}]") for i, e in enumerate(entries)),
        start,
    )


def record_text(record: GameRecord) -> str:
    """The record as JSON text: one entry per line, so that it reads (and diffs) as a list."""
    data = record_json(record)
    head = {k: v for k, v in data.items() if k != "entries"}
    return records.record_text(head, data["entries"], indent=1)


def save_record(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write the record atomically (``fileio.write_atomic``: temporary file, fsync, rename)."""
    write_atomic(path, record_text(record))


def parse_json(
    text: str | bytes,
    where: str = "record",
    max_bytes: int = MAX_BYTES,
    on_duplicate: Callable[[str], None] | None = None,
) -> Json:
    """JSON from text or bytes (an upload, a file), at most ``max_bytes``, read by
    ``fileio.parse_document`` (the reader every Fleetlab file type shares: UTF-8 with an
    optional byte-order mark, no duplicate keys, no ``NaN``/``Infinity``, bounded nesting and
    integers); ``RecordError`` says what is wrong. Nothing in it is executed. ``on_duplicate``
    (for other programs' files only): see ``fileio.parse_document``."""
    try:
        data: Json = parse_document(
            text, where=where, max_bytes=max_bytes, on_duplicate=on_duplicate
        )
    except DocumentError as exc:
        raise RecordError(str(exc)) from None
    return data


def loads_record(text: str | bytes) -> GameRecord:
    """A record from its JSON text (``parse_json`` then ``record_from_json``)."""
    return record_from_json(parse_json(text))


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read a record file; ``RecordError`` says what is wrong with it (not its entries: those are
    checked by ``replay``)."""
    p = Path(path)
    try:
        data = read_bytes(p, max_bytes=MAX_BYTES, what="game record")
    except DocumentError as exc:
        raise RecordError(str(exc)) from None
    return record_from_json(parse_json(data, str(p)))


# ----- replaying --------------------------------------------------------------------------------


class EntryError(RecordError):
    """A record entry that cannot be replayed: ``index`` and ``text`` say which, ``reason`` why."""

    def __init__(self, index: int, text: str, reason: str) -> None:
        super().__init__(f"entry {index} ({text!r}): {reason}")
        self.index = index
        self.text = text
        self.reason = reason


Replay = records.Replay[GameState, EntryError]
"""What replaying a record gave (``fileio.records.Replay``): the state reached, the index of the
first entry not played, actions applied, checkpoints verified, the error that stopped it."""


def replay(
    record: GameRecord, on_entry: Callable[[int, Entry, GameState], None] | None = None
) -> Replay:
    """Play a record's entries from its start; stop at the first bad entry (see module doc).

    ``on_entry(index, entry, state)`` sees every entry replayed with the state after it (a
    viewer stepping through the game keeps these states).
    """
    return records.replay_entries(
        record.entries,
        record.start if record.start is not None else new_game(record.config),
        lambda state, text: apply(state, parse_action(text)),
        Checkpoint.of,
        _differs,
        (EngineError,),
        EntryError,
        on_entry,
    )


def _differs(recorded: Checkpoint, found: Checkpoint) -> str:
    return (
        f"the state differs from the recorded one: recorded round {recorded.round} "
        f"{recorded.phase.value} hash {recorded.hash}, replayed round {found.round} "
        f"{found.phase.value} hash {found.hash}"
    )


def replay_file(path: str | os.PathLike[str]) -> tuple[GameRecord, Replay]:
    """Load and replay a record file (``RecordError`` if the file itself cannot be read)."""
    record = load_record(path)
    return record, replay(record)
