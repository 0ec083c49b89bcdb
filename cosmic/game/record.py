"""Game records: a whole Cosmic Encounter game as versioned JSON, replayed without a seed.

A record holds the configuration, the players' names (bots or people) and its *entries* in
order: the text of every action and chance outcome (``str(action)``: ``draw attack:12``,
``destiny 2``, ``play compromise``), checkpoints ``{"turn", "challenges", "hash"}`` with the
state hash at the start, after every step that begins a new turn and after the step that ends
the game, and notes ``{"note"}``. ``docs/cosmic-record.md`` documents the format. Because every
card drawn, every counter flipped and every card taken at random is an entry, a record replays
exactly with no seed, and a game played at a real table can be typed in.

``state_hash`` is the BLAKE2b digest (16 bytes, hex) of the state's canonical JSON (sorted
keys, no spaces): the same state gives the same hash on any machine and in any process.
``save_record`` writes atomically (a temporary file in the same folder, flushed and fsynced,
then ``os.replace``). ``load_record`` reads the file through ``fileio`` and checks the
structure (``RecordError`` naming the JSON path of the first problem); ``replay`` plays the
entries and stops at the first bad one (an entry of the wrong form, a text that is not an
action, an action that is not legal, a checkpoint whose hash differs), naming it by index and
text. The entries, the writer and the replay loop are those every game record shares
(``fileio.records``).

>>> import numpy as np
>>> from cosmic.game.bots import RandomBot
>>> from cosmic.game.play import play_game, random_config
>>> rng = np.random.default_rng(7)
>>> config = random_config(3, rng, max_turns=30)
>>> recorder = Recorder(config, ("random",) * 3)
>>> final = play_game(config, [RandomBot(rng) for _ in range(3)], rng, on_step=recorder)
>>> result = replay(loads_record(record_text(recorder.record())))
>>> result.ok, result.state == final
(True, True)
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from cosmic.cards import Card
from cosmic.errors import CosmicError, shown
from cosmic.game.actions import Action, parse_action
from cosmic.game.errors import EntryError, RecordError
from cosmic.game.rules import apply
from cosmic.game.setup import new_game
from cosmic.game.state import LEGACY_RULES, RULES, GameConfig, GameState
from cosmic.powers import Power, VirusAllies
from fileio import DocumentError, parse_document, read_bytes, records, write_atomic
from fileio.records import Note, Unreadable

FORMAT = "fleetlab-cosmic-record"
VERSION = 2
"""The version written. Version 2 adds ``config.rules`` (the edition of the rules: 2, edicts in
every window and negotiated deals; 3, the offense's last-ship launch and the turn cap as an
error; new games are played by ``RULES``); version 1 records, which have none, replay by the
rules of edition 1 and keep their hashes."""
READS = (1, 2)
"""The versions read."""
MAX_BYTES = 20_000_000
"""Records larger than this are refused (a long 6-player game is well under 1 MB)."""

Json = Any
"""A value made of dicts, lists, strings, numbers, booleans and None."""


# ----- the state as JSON, and its hash ----------------------------------------------------------


def to_json(value: object) -> Json:
    """A value of the state as JSON: dataclasses as objects, enums by value, cards by text."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        # A field added after edition 1 is left out while it holds its edition-1 value, so a
        # version-1 record's states keep the hashes it was written with.
        return {
            f.name: to_json(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if "legacy" not in f.metadata or getattr(value, f.name) != f.metadata["legacy"]
        }
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if value is None or isinstance(value, bool | int | str):
        return value
    raise TypeError(f"no JSON form for {type(value).__name__}")


def state_hash(state: GameState) -> str:
    """A stable hash of the whole state (see the module docstring).

    >>> from cosmic.powers import Power
    >>> len(state_hash(new_game(GameConfig((Power.VOID, Power.MIND, Power.CLONE)))))
    32
    """
    text = json.dumps(to_json(state), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.blake2b(text.encode("ascii"), digest_size=16).hexdigest()


# ----- entries ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """The state's hash at a point of the game, with its turn and challenges begun."""

    turn: int
    challenges: int
    hash: str

    @classmethod
    def of(cls, state: GameState) -> Checkpoint:
        """The checkpoint of a state."""
        return cls(state.turn, state.challenges, state_hash(state))

    def __str__(self) -> str:
        return f"checkpoint turn {self.turn} challenges {self.challenges} {self.hash}"


Entry = str | Checkpoint | Note | Unreadable


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game: its configuration, its players' names and its entries."""

    config: GameConfig
    players: tuple[str, ...]
    entries: tuple[Entry, ...]

    @property
    def actions(self) -> int:
        """Number of action entries."""
        return sum(1 for e in self.entries if isinstance(e, str))


class Recorder:
    """An ``on_step`` callback for ``play_game`` that writes the record of the game."""

    def __init__(self, config: GameConfig, players: Sequence[str]) -> None:
        self.config = config
        self.players = tuple(players)
        self.entries: list[Entry] = [Checkpoint.of(new_game(config))]

    def __call__(self, before: GameState, action: Action, after: GameState) -> None:
        self.entries.append(str(action))
        if after.turn != before.turn or (after.is_over and not before.is_over):
            self.entries.append(Checkpoint.of(after))

    def record(self) -> GameRecord:
        """The record so far."""
        return GameRecord(self.config, self.players, tuple(self.entries))


# ----- JSON ---------------------------------------------------------------------------------------


def config_json(config: GameConfig) -> dict[str, Json]:
    """The JSON object of a configuration."""
    return {
        "powers": [p.value for p in config.powers],
        "deck": config.deck,
        "max_turns": config.max_turns,
        "virus_allies": config.virus_allies.value,
        "rules": config.rules,
    }


def _checkpoint_json(entry: Checkpoint) -> Json:
    return {"turn": entry.turn, "challenges": entry.challenges, "hash": entry.hash}


def entry_json(entry: Entry) -> Json:
    """The JSON form of an entry."""
    return records.entry_json(entry, _checkpoint_json)


def record_json(record: GameRecord) -> dict[str, Json]:
    """The JSON object of a record."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "config": config_json(record.config),
        "players": list(record.players),
        "entries": [entry_json(e) for e in record.entries],
    }


def record_text(record: GameRecord) -> str:
    """The record as JSON text, one entry per line (it reads and diffs as a list)."""
    data = record_json(record)
    head = {k: v for k, v in data.items() if k != "entries"}
    return records.record_text(head, data["entries"])


def _whole(data: Json, path: str) -> int:
    if isinstance(data, bool) or not isinstance(data, int):
        raise RecordError(f"{path}: expected a whole number, got {shown(data)}")
    return data


def _read_config(data: Json, version: int) -> GameConfig:
    if not isinstance(data, Mapping):
        raise RecordError(f"config: expected an object, got {shown(data)}")
    keys: tuple[str, ...] = ("powers", "deck", "max_turns", "virus_allies")
    if version >= 2:
        keys = (*keys, "rules")
    extra = sorted(str(k) for k in data if k not in keys)
    if extra:
        raise RecordError(f"config: unknown key {extra[0]!r}; keys: {', '.join(keys)}")
    powers = data.get("powers")
    if not isinstance(powers, list):
        raise RecordError(f"config.powers: expected a list of powers, got {shown(powers)}")
    read: list[Power] = []
    for i, p in enumerate(powers):
        try:
            read.append(Power(p))
        except ValueError:
            legal = ", ".join(x.value for x in Power)
            raise RecordError(f"config.powers[{i}]: {shown(p)} is not a power ({legal})") from None
    try:
        virus = VirusAllies(data.get("virus_allies", VirusAllies.MULTIPLY.value))
    except ValueError:
        raise RecordError(
            f"config.virus_allies: {shown(data.get('virus_allies'))} (legal: multiply, add)"
        ) from None
    deck = data.get("deck", "eon")
    if not isinstance(deck, str):
        raise RecordError(f"config.deck: expected a deck's name, got {shown(deck)}")
    rules = _whole(data.get("rules", RULES), "config.rules") if version >= 2 else LEGACY_RULES
    try:
        return GameConfig(
            tuple(read),
            deck,
            _whole(data.get("max_turns", 400), "config.max_turns"),
            virus,
            rules,
        )
    except CosmicError as exc:
        raise RecordError(f"config: {exc}") from None


def _read_checkpoint(data: Mapping[str, Json], path: str) -> Checkpoint:
    h = data["hash"]
    if not isinstance(h, str):
        raise RecordError(f"{path}.hash: expected a string, got {shown(h)}")
    turn = _whole(data["turn"], f"{path}.turn")
    return Checkpoint(turn, _whole(data["challenges"], f"{path}.challenges"), h)


def _read_entry(data: Json, path: str) -> Entry:
    return records.read_entry(data, path, ("turn", "challenges", "hash"), _read_checkpoint)


def record_from_json(data: Json) -> GameRecord:
    """A record from its JSON object; ``RecordError`` names the first bad value's path (bad
    entries are kept, as ``Unreadable``, for ``replay`` to refuse in order)."""
    if not isinstance(data, Mapping):
        raise RecordError(f"record: expected a JSON object, got {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise RecordError(f"format: expected {FORMAT!r}, got {shown(data.get('format'))}")
    version = data.get("version")
    if isinstance(version, bool) or version not in READS:
        raise RecordError(
            f"version: expected {' or '.join(map(str, READS))} (the versions this Fleetlab "
            f"reads), got {shown(version)}"
        )
    keys = ("format", "version", "config", "players", "entries")
    extra = sorted(str(k) for k in data if k not in keys)
    if extra:
        raise RecordError(f"record: unknown key {extra[0]!r}; keys: {', '.join(keys)}")
    for key in ("config", "players", "entries"):
        if key not in data:
            raise RecordError(f"{key}: missing")
    config = _read_config(data["config"], int(version))
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError(f"players: expected a list of names, got {shown(players)}")
    if len(players) != config.players:
        raise RecordError(f"players: {len(players)} names for {config.players} powers")
    entries = data["entries"]
    if not isinstance(entries, list):
        raise RecordError(f"entries: expected a list, got {type(entries).__name__}")
    read = tuple(_read_entry(e, f"entries[{i}]") for i, e in enumerate(entries))
    return GameRecord(config, tuple(players), read)


def loads_record(text: str | bytes, where: str = "record") -> GameRecord:
    """A record from its JSON text or bytes (an upload, a file), read by
    ``fileio.parse_document`` (the reader every Fleetlab file shares: UTF-8 with an optional
    byte-order mark, no duplicate keys, no ``NaN``/``Infinity``, bounded size, nesting and
    integers): nothing in it is executed."""
    try:
        data = parse_document(text, where=where, max_bytes=MAX_BYTES)
    except DocumentError as exc:
        raise RecordError(str(exc)) from None
    return record_from_json(data)


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read a record file (``RecordError`` when it cannot be read or is not a record)."""
    try:
        data = read_bytes(path, max_bytes=MAX_BYTES, what="game record")
    except DocumentError as exc:
        raise RecordError(str(exc)) from None
    return loads_record(data, str(path))


def save_record(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write the record atomically (``fileio.write_atomic``: temporary file, fsync, rename)."""
    write_atomic(path, record_text(record))


# ----- replaying ----------------------------------------------------------------------------------


Replay = records.Replay[GameState, EntryError]
"""What replaying a record gave (``fileio.records.Replay``): the state reached, the index of the
first entry not played, actions applied, checkpoints verified, the error that stopped it."""


def replay(
    record: GameRecord, on_entry: Callable[[int, Entry, GameState], None] | None = None
) -> Replay:
    """Play a record's entries from the setup; stop at the first bad entry (module docstring).

    ``on_entry(index, entry, state)`` sees each entry replayed with the state after it.
    """
    return records.replay_entries(
        record.entries,
        new_game(record.config),
        lambda state, text: apply(state, parse_action(text)),
        Checkpoint.of,
        _differs,
        (CosmicError,),
        EntryError,
        on_entry,
    )


def _differs(recorded: Checkpoint, found: Checkpoint) -> str:
    return (
        f"the state differs from the recorded one: recorded turn {recorded.turn}, "
        f"{recorded.challenges} challenges, hash {recorded.hash}; replayed turn {found.turn}, "
        f"{found.challenges} challenges, hash {found.hash}"
    )


def replay_file(path: str | os.PathLike[str]) -> tuple[GameRecord, Replay]:
    """Load and replay a record file (``RecordError`` when the file itself cannot be read)."""
    record = load_record(path)
    return record, replay(record)
