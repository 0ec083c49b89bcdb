"""Position snapshots: one game state as versioned JSON (like FEN in chess), and its hash.

A snapshot holds everything in ``GameState``: the configuration, round, phase, players (boards,
techs, blueprints in the blueprint notation), sectors (tile, rotation, owner, cubes, ships, order
of entry, damage), the hidden supplies as counts, the pending decisions (with their type name)
and, during the combat phase, where it stands. ``docs/game-record.md`` documents the format::

    {"format": "fleetlab-position", "version": 1, "state": {...}}

The state's JSON is written field by field from the dataclasses' type hints (``encode``) and read
back the same way (``decode``), with every value checked: a bad one is a ``RecordError`` naming
its JSON path and what was expected. ``state_hash`` is the BLAKE2b digest (16 bytes, hex) of the
state's canonical JSON (sorted keys, no spaces, ASCII): the same state always gives the same
hash, on any machine and in any Python process.

>>> from engine.setup import new_game
>>> from engine.state import GameConfig
>>> s = new_game(GameConfig(("terran_directorate", "planta")))
>>> read_snapshot(snapshot(s)) == s
True
>>> len(state_hash(s))
32
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import types
import typing
from collections.abc import Mapping
from enum import Enum
from functools import cache
from typing import Any, Union

from blueprints import Blueprint, BlueprintError
from engine.combat_state import CombatState
from engine.decisions import Decision
from engine.errors import EngineError, RecordError
from engine.hexes import Hex
from engine.sectors import sector_tile
from engine.state import GameState

FORMAT = "fleetlab-position"
VERSION = 1

Json = Any
"""A value made of dicts, lists, strings, numbers, booleans and None."""


@cache
def _decision_types() -> dict[str, type[Decision]]:
    out: dict[str, type[Decision]] = {}
    todo = [Decision]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            out[sub.__name__] = sub
            todo.append(sub)
    return out


_HINTS: dict[type[Any], dict[str, Any]] = {}
_FIELDS: dict[type[Any], tuple[dataclasses.Field[Any], ...]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    found = _HINTS.get(cls)
    if found is None:
        names = {"Decision": Decision, "CombatState": CombatState}
        found = _HINTS[cls] = typing.get_type_hints(cls, localns=names)
    return found


def _fields(cls: type[Any]) -> tuple[dataclasses.Field[Any], ...]:
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = tuple(f for f in dataclasses.fields(cls) if f.compare)
    return found


# ----- writing ----------------------------------------------------------------------------------


def encode(value: object, hint: Any) -> Json:
    """The JSON form of ``value`` whose declared type is ``hint``."""
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        if value is None:
            return None
        options = [h for h in typing.get_args(hint) if h is not type(None)]
        return encode(value, options[0])
    if origin is tuple:
        args = typing.get_args(hint)
        assert isinstance(value, tuple)
        if len(args) == 2 and args[1] is Ellipsis:
            return [encode(v, args[0]) for v in value]
        return [encode(v, h) for v, h in zip(value, args, strict=True)]
    if hint is Hex:
        assert isinstance(value, Hex)
        return [value.q, value.r]
    if hint is Blueprint:
        return str(value)
    if isinstance(hint, type) and issubclass(hint, Enum):
        assert isinstance(value, Enum)
        return value.value
    if hint in (int, str, bool):
        return value
    if hint is Decision or (isinstance(hint, type) and issubclass(hint, Decision)):
        assert isinstance(value, Decision)
        return {"type": type(value).__name__, **_encode_fields(value)}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _encode_fields(value)
    raise TypeError(f"cannot encode {value!r} as {hint!r}")  # pragma: no cover


def _legacy(cls: type[Any]) -> Mapping[str, object]:
    """Fields added after the format's version came out, with the value their absence means."""
    found: Mapping[str, object] = getattr(cls, "LEGACY", {})
    return found


def _encode_fields(value: object) -> dict[str, Json]:
    cls: type[Any] = type(value)
    hints = _hints(cls)
    legacy = _legacy(cls)
    return {
        f.name: encode(getattr(value, f.name), hints[f.name])
        for f in _fields(cls)
        # A field holding its legacy value is left out: the JSON (and the hash) of a state that
        # older records describe stays what it was, and reading restores the value.
        if f.name not in legacy or getattr(value, f.name) != legacy[f.name]
    }


def state_json(state: GameState) -> dict[str, Json]:
    """The JSON object of a state (the ``state`` member of a snapshot)."""
    return _encode_fields(state)


def snapshot(state: GameState) -> dict[str, Json]:
    """The snapshot of a state: ``{"format", "version", "state"}``."""
    return {"format": FORMAT, "version": VERSION, "state": state_json(state)}


def canonical(data: Json) -> str:
    """Canonical JSON text: sorted keys, no spaces, ASCII only."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def state_hash(state: GameState) -> str:
    """A stable hash of the whole state: BLAKE2b (16 bytes) of its canonical JSON, in hex."""
    text = canonical(state_json(state))
    return hashlib.blake2b(text.encode("ascii"), digest_size=16).hexdigest()


# ----- reading ----------------------------------------------------------------------------------


def _bad(path: str, wanted: str, got: object) -> RecordError:
    shown = repr(got)
    if len(shown) > 80:
        shown = shown[:77] + "..."
    return RecordError(f"{path}: expected {wanted}, got {shown}")


def decode(data: Json, hint: Any, path: str) -> Any:
    """The value of declared type ``hint`` read from JSON; ``RecordError`` names a bad value."""
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        if data is None:
            return None
        options = [h for h in typing.get_args(hint) if h is not type(None)]
        return decode(data, options[0], path)
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(data, list):
            raise _bad(path, "a list", data)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(v, args[0], f"{path}[{i}]") for i, v in enumerate(data))
        if len(data) != len(args):
            raise _bad(path, f"a list of {len(args)}", data)
        return tuple(
            decode(v, h, f"{path}[{i}]") for i, (v, h) in enumerate(zip(data, args, strict=True))
        )
    if hint is Hex:
        if (
            not isinstance(data, list)
            or len(data) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in data)
        ):
            raise _bad(path, "a hex [q, r]", data)
        return Hex(data[0], data[1])
    if hint is Blueprint:
        if not isinstance(data, str):
            raise _bad(path, "a blueprint in its notation", data)
        try:
            return Blueprint.parse(data)
        except BlueprintError as exc:
            raise RecordError(f"{path}: {exc}") from None
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(data)
        except ValueError:
            legal = ", ".join(repr(m.value) for m in hint)
            raise _bad(path, f"one of {legal}", data) from None
    if hint is bool:
        if not isinstance(data, bool):
            raise _bad(path, "true or false", data)
        return data
    if hint is int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise _bad(path, "a whole number", data)
        return data
    if hint is str:
        if not isinstance(data, str):
            raise _bad(path, "a string", data)
        return data
    if hint is Decision or (isinstance(hint, type) and issubclass(hint, Decision)):
        if not isinstance(data, dict):
            raise _bad(path, "a decision object", data)
        name = data.get("type")
        cls = _decision_types().get(name) if isinstance(name, str) else None
        if cls is None:
            legal = ", ".join(sorted(_decision_types()))
            raise _bad(f"{path}.type", f"a decision type ({legal})", name)
        body = {k: v for k, v in data.items() if k != "type"}
        return _decode_fields(cls, body, path)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _decode_fields(hint, data, path)
    raise RecordError(f"{path}: cannot read a {hint!r}")  # pragma: no cover


def _decode_fields(cls: type, data: Json, path: str) -> Any:
    if not isinstance(data, dict):
        raise _bad(path, f"an object ({cls.__name__})", data)
    hints = _hints(cls)
    fields = _fields(cls)
    names = {f.name for f in fields}
    unknown = sorted(k for k in data if k not in names)
    if unknown:
        keys = ", ".join(sorted(names))
        raise RecordError(f"{path}: unknown key {unknown[0]!r} for {cls.__name__}; keys: {keys}")
    kwargs: dict[str, Any] = {}
    legacy = _legacy(cls)
    for f in fields:
        where = f"{path}.{f.name}"
        if f.name not in data:
            if f.name in legacy:
                kwargs[f.name] = legacy[f.name]
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise RecordError(f"{where}: missing")
            continue
        kwargs[f.name] = decode(data[f.name], hints[f.name], where)
    try:
        return cls(**kwargs)
    except (ValueError, TypeError) as exc:
        raise RecordError(f"{path}: {exc}") from None


def read_state(data: Json, path: str = "state") -> GameState:
    """A state from its JSON object, checked (``check_state``)."""
    state = _decode_fields(GameState, data, path)
    assert isinstance(state, GameState)
    state = dataclasses.replace(state, index={s.hex: i for i, s in enumerate(state.sectors)})
    check_state(state, path)
    return state


def read_snapshot(data: Json) -> GameState:
    """A state from a snapshot object (format and version checked)."""
    if not isinstance(data, Mapping):
        raise _bad("snapshot", "an object", data)
    if data.get("format") != FORMAT:
        raise _bad("format", repr(FORMAT), data.get("format"))
    if data.get("version") != VERSION:
        raise _bad("version", f"{VERSION} (the version this Fleetlab reads)", data.get("version"))
    extra = sorted(k for k in data if k not in ("format", "version", "state"))
    if extra:
        raise RecordError(f"snapshot: unknown key {extra[0]!r}; keys: format, version, state")
    if "state" not in data:
        raise RecordError("state: missing")
    return read_state(data["state"])


def check_state(state: GameState, path: str = "state") -> None:
    """What a readable state must satisfy beyond its types (``RecordError`` otherwise)."""
    n = state.config.players
    if not 2 <= n <= 6:
        raise RecordError(f"{path}.config.species: 2 to 6 players, got {n}")
    if len(state.players) != n:
        raise RecordError(f"{path}.players: {len(state.players)} players for {n} species")
    for i, p in enumerate(state.players):
        if p.seat != i or p.species != state.config.species[i]:
            raise RecordError(f"{path}.players[{i}]: seat {p.seat}, species {p.species!r}")
    if len(state.index) != len(state.sectors):
        raise RecordError(f"{path}.sectors: two sectors on one hex")
    for i, s in enumerate(state.sectors):
        try:
            printed = sector_tile(s.tile)
        except EngineError as exc:
            raise RecordError(f"{path}.sectors[{i}].tile: {exc}") from None
        if len(s.cubes) != len(printed.squares):
            squares = len(printed.squares)
            raise RecordError(
                f"{path}.sectors[{i}].cubes: {len(s.cubes)} flags for {squares} squares"
            )
        for j, (seat, _, count) in enumerate(s.ships):
            if not 0 <= seat < n or count <= 0:
                raise RecordError(f"{path}.sectors[{i}].ships[{j}]: seat {seat}, count {count}")
        if s.owner is not None and not 0 <= s.owner < n:
            raise RecordError(f"{path}.sectors[{i}].owner: no seat {s.owner}")
    if len(state.reputation_bag) != 4 or min(state.reputation_bag) < 0:
        raise RecordError(f"{path}.reputation_bag: {state.reputation_bag!r}")
