"""Game records and position snapshots: golden records, round trips, damaged and fuzzed records."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions.base import parse_action
from engine.enums import Phase
from engine.errors import RecordError
from engine.modules import MODULES
from engine.play import play_from, random_config, sample_chance
from engine.players import GreedyPlayer, RandomPlayer
from engine.record import (
    Checkpoint,
    GameRecord,
    Note,
    Recorder,
    Unreadable,
    load_record,
    loads_record,
    record_from_json,
    record_json,
    record_text,
    replay,
    replay_file,
    save_record,
)
from engine.rules import apply, legal_actions
from engine.setup import new_game
from engine.snapshot import read_snapshot, snapshot, state_hash
from engine.state import CHANCE, GameConfig, GameState
from tests.engine.harness import add_skirmish
from tests.support import REPO, examples

GOLDEN = Path(__file__).resolve().parent / "golden"


# ----- golden records ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "checkpoints", "over"),
    [
        ("greedy_2p.json", 9, True),
        ("skirmish_3p.json", 3, False),
        ("table_battle.json", 2, False),
        ("new_dangers_3p.json", 9, True),
    ],
)
def test_golden_records_replay_to_identical_hashes(name: str, checkpoints: int, over: bool) -> None:
    record, result = replay_file(GOLDEN / name)
    assert result.ok, result.error
    assert result.checkpoints == checkpoints and result.state.is_over is over
    assert result.played == len(record.entries)
    # Recording the replay again gives the same entries and hashes (notes aside).
    start = record.start
    state = start if start is not None else new_game(record.config)
    recorder = Recorder(record.config, record.players, start)
    for entry in record.entries:
        if isinstance(entry, str):
            after = apply(state, parse_action(entry))
            recorder(state, parse_action(entry), after)
            state = after
    written = [e for e in recorder.record().entries if not isinstance(e, Note)]
    kept = [e for e in record.entries if not isinstance(e, Note)]
    if name == "table_battle.json":  # typed in: checkpoints only at its start and end
        assert [e for e in written if isinstance(e, str)] == [e for e in kept if isinstance(e, str)]
        assert kept[-1] == Checkpoint.of(state)
    else:
        assert written == kept


def test_the_golden_games_have_battles() -> None:
    greedy = load_record(GOLDEN / "greedy_2p.json")
    skirmish = load_record(GOLDEN / "skirmish_3p.json")
    verbs = {e.split()[0] for r in (greedy, skirmish) for e in r.entries if isinstance(e, str)}
    assert {"roll", "assign", "keep_reputation", "draw_reputation"} <= verbs
    assert skirmish.start is not None and skirmish.start.round == 1


def test_the_new_dangers_golden_game_uses_its_modules() -> None:
    record, result = replay_file(GOLDEN / "new_dangers_3p.json")
    assert result.ok and record.config.modules == MODULES
    verbs = Counter(e.split()[0] for e in record.entries if isinstance(e, str))
    assert verbs["pulsar"] and verbs["minor_species"] and verbs["return_ship"]
    final = result.state
    assert any(s.exploded for s in final.sectors) and any(s.hex.part for s in final.sectors)
    assert any(p.minor_species for p in final.players)


def test_a_record_from_before_the_setup_options_replays_with_their_legacy_values() -> None:
    """A record written before ``worlds_afar``, ``reputation_tiles`` and ``reward_placement``
    existed (``golden/legacy``: the typed-in battle as it was recorded then) has none of them: it
    reads as their legacy values (the bags and the placement of that time), and its state
    hashes, computed by the engine of that time, still match."""
    legacy = GOLDEN / "legacy" / "table_battle_before_issue_25.json"
    raw = json.loads(legacy.read_text())
    assert not {"worlds_afar", "reputation_tiles", "reward_placement"} & set(raw["config"])
    record, result = replay_file(legacy)
    assert result.ok, result.error
    assert result.checkpoints == 2
    for name, value in GameConfig.LEGACY.items():
        assert getattr(record.config, name) == value
    assert record.start is not None and record.start.reputation_bag == (12, 10, 7, 3)


def test_a_config_writes_its_options_and_leaves_out_only_legacy_values() -> None:
    """The defaults (the base box and the rulebook) are written into every record; a field
    holding its legacy value is left out, and reading restores it."""
    config = GameConfig(("planta", "orion_hegemony"))
    written = record_json(GameRecord(config, ("a", "b"), ()))["config"]
    assert written["worlds_afar"] is False
    assert written["reputation_tiles"] == [12, 10, 7, 4]
    assert written["reward_placement"] == "rulebook"
    legacy = replace(config, **GameConfig.LEGACY)  # type: ignore[arg-type]
    old = json.loads(record_text(GameRecord(legacy, ("a", "b"), ())))
    assert not set(GameConfig.LEGACY) & set(old["config"])
    assert record_from_json(old).config == legacy
    # The two games differ from setup on: the bags are part of the state and of its hash.
    assert state_hash(new_game(config)) != state_hash(new_game(legacy))


def test_a_state_hash_does_not_depend_on_the_python_process() -> None:
    code = (
        "from engine.setup import new_game; from engine.state import GameConfig; "
        "from engine.snapshot import state_hash; "
        "print(state_hash(new_game(GameConfig(('planta', 'orion_hegemony')))))"
    )
    hashes = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run(
            [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True
        )
        hashes.add(out.stdout.strip())
    assert hashes == {state_hash(new_game(GameConfig(("planta", "orion_hegemony"))))}


# ----- round trips --------------------------------------------------------------------------------


@cache
def played() -> tuple[GameRecord, GameState, tuple[GameState, ...]]:
    """A 4-player game with battles from the start (``add_skirmish``), recorded from that
    position: its record, final state and a sample of its states."""
    rng = np.random.default_rng(31)
    config = random_config(4, rng)
    start = new_game(config)
    while start.to_act == CHANCE:
        start = apply(start, sample_chance(start, rng))
    start = add_skirmish(start)
    recorder = Recorder(config, ("a", "b", "c", "d"), start)
    states: list[GameState] = []

    def keep(before: GameState, action: Any, after: GameState) -> None:
        recorder(before, action, after)
        if len(states) < 400 and (after.combat is not None or len(recorder.entries) % 23 == 0):
            states.append(after)

    bots = [RandomPlayer(np.random.default_rng(i), 0.1, 0.3) for i in range(4)]
    state = play_from(start, bots, rng, on_step=keep)
    return recorder.record(), state, tuple(states)


def test_record_save_load_replay_round_trip(tmp_path: Path) -> None:
    record, final, _ = played()
    path = tmp_path / "game.json"
    save_record(record, path)
    loaded = load_record(path)
    assert loaded == record
    assert path.read_text(encoding="utf-8") == record_text(record)
    assert record_from_json(json.loads(path.read_text())) == record
    seen: list[tuple[int, Any, GameState]] = []
    result = replay(loaded, on_entry=lambda i, e, s: seen.append((i, e, s)))
    assert result.ok and result.state == final and result.checkpoints == 9
    assert [i for i, _, _ in seen] == list(range(len(record.entries))) and seen[-1][2] == final
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


def test_snapshots_round_trip_at_every_kind_of_state() -> None:
    _, final, states = played()
    kinds = set()
    for state in (*states, final):
        data = json.loads(json.dumps(snapshot(state)))
        back = read_snapshot(data)
        assert back == state and snapshot(back) == data
        assert state_hash(back) == state_hash(state)
        kinds.add(type(state.decision).__name__)
    assert {"VolleyRoll", "TurnStart"} <= kinds  # mid-battle states too


def test_a_record_can_start_from_a_snapshot() -> None:
    record, final, _ = played()
    assert record.start is not None
    state = record.start
    actions = [e for e in record.entries if isinstance(e, str)]
    for text in actions[:300]:
        state = apply(state, parse_action(text))
    start = read_snapshot(json.loads(json.dumps(snapshot(state))))
    rest = GameRecord(record.config, record.players, tuple(actions[300:]), start)
    again = record_from_json(json.loads(json.dumps(record_json(rest))))
    result = replay(again)
    assert result.ok and result.state == final


def test_saving_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record, _, _ = played()
    path = tmp_path / "game.json"
    path.write_text("old")
    path.chmod(0o640)

    def broken(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="disk full"):
        save_record(record, path)
    assert path.read_text() == "old" and list(tmp_path.iterdir()) == [path]
    monkeypatch.undo()
    save_record(record, path)
    assert load_record(path) == record and path.stat().st_mode & 0o777 == 0o640


# ----- damaged records ----------------------------------------------------------------------------


def short_record() -> GameRecord:
    """The first ~150 entries of the skirmish golden record (battles in round 1)."""
    record = load_record(GOLDEN / "skirmish_3p.json")
    return replace(record, entries=record.entries[:150])


def prefix_state(record: GameRecord, upto: int) -> GameState:
    state = record.start if record.start is not None else new_game(record.config)
    for entry in record.entries[:upto]:
        if isinstance(entry, str):
            state = apply(state, parse_action(entry))
    return state


def test_a_damaged_record_stops_at_the_first_bad_entry_and_keeps_the_game() -> None:
    record = short_record()
    assert replay(record).ok
    entries = list(record.entries)
    i = next(k for k, e in enumerate(entries) if isinstance(e, str) and e.startswith("roll"))
    entries[i] = "roll yellow 7"
    result = replay(replace(record, entries=tuple(entries)))
    assert result.error is not None and result.error.index == i
    assert result.error.text == "roll yellow 7" and "is not legal now" in result.error.reason
    assert str(result.error).startswith(f"entry {i} ('roll yellow 7'): ")
    assert result.state == prefix_state(record, i) and result.played == i
    entries[i] = "rol yellow 6"
    result = replay(replace(record, entries=tuple(entries)))
    assert result.error is not None and "unknown action 'rol'" in result.error.reason


@pytest.mark.parametrize(
    ("index", "value", "reason"),
    [
        (3, 17, "not an entry: expected an action's text, a checkpoint"),
        (0, {"round": 1, "phase": "setup", "hash": 5}, "not an entry: hash: expected a string"),
        (5, {"note": 3}, "not an entry: expected an action's text"),
    ],
)
def test_an_unreadable_entry_is_reported_by_the_replay(index: int, value: Any, reason: str) -> None:
    data = record_json(short_record())
    data["entries"][index] = value
    record = record_from_json(json.loads(json.dumps(data)))
    assert isinstance(record.entries[index], Unreadable)
    assert record_json(record)["entries"][index] == value  # kept as found
    result = replay(record)
    assert result.error is not None and result.error.index == index
    assert result.error.reason.startswith(reason) and result.error.text == json.dumps(value)
    assert result.state == prefix_state(record, index)


def test_an_edited_record_fails_its_next_checkpoint() -> None:
    record = load_record(GOLDEN / "greedy_2p.json")
    entries = list(record.entries)
    # Change the last tech tile drawn before round 8: still legal, but not the recorded game.
    check = next(
        i
        for i, e in enumerate(entries)
        if isinstance(e, Checkpoint) and e.round == 8 and e.phase is Phase.ACTION
    )
    drawn = entries[check - 1]
    assert isinstance(drawn, str) and drawn.startswith("draw_tech")
    before = prefix_state(record, check - 1)
    entries[check - 1] = next(str(a) for a in legal_actions(before) if str(a) != drawn)
    result = replay(replace(record, entries=tuple(entries)))
    assert result.error is not None and "differs from the recorded one" in result.error.reason
    assert result.error.index == check
    # A wrong hash is caught where it is.
    entries = list(record.entries)
    first = entries[0]
    assert isinstance(first, Checkpoint)
    entries[0] = replace(first, hash="0" * 32)
    result = replay(replace(record, entries=tuple(entries)))
    assert result.error is not None and result.error.index == 0


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "expected a JSON object"),
        ({"format": "x"}, "format: expected 'fleetlab-game-record'"),
        ({"format": "fleetlab-game-record", "version": 2}, "version: expected 1"),
        ({"format": "fleetlab-game-record", "version": 1}, "config: missing"),
    ],
)
def test_bad_record_headers(data: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        record_from_json(data)


def test_bad_values_name_their_path(tmp_path: Path) -> None:
    good = record_json(short_record())
    cases = [
        (("config", "ancient"), "huge", "config.ancient: expected one of"),
        (("config", "species"), ["planta"], "config: Eclipse is played by 2 to 6"),
        (("players",), ["a"], "players: 1 names for 3 seats"),
        (("start", "sectors", 0, "ships"), [[0, "frigate", 1]], "start.sectors[0].ships[0][1]"),
        (("start", "round"), True, "start.round: expected a whole number"),
    ]
    for path, value, message in cases:
        data = json.loads(json.dumps(good))
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        with pytest.raises(RecordError, match=message.replace("[", r"\[").replace("]", r"\]")):
            record_from_json(data)
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        load_record(bad)
    bad.write_bytes(b"\xff\xfe")
    with pytest.raises(RecordError, match="UTF-16 text; save it as UTF-8"):
        load_record(bad)
    bad.write_bytes(b'{"a": "\xff"}')
    with pytest.raises(RecordError, match="not UTF-8 text: byte 0xff at line 1, column 8"):
        load_record(bad)
    assert loads_record(json.dumps(good).encode()) == record_from_json(good)
    with pytest.raises(RecordError, match="cannot read the game record"):
        load_record(tmp_path / "missing.json")


# ----- fuzzing ------------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 400) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=examples(60))
@given(data=json_values)
def test_any_json_is_a_record_or_a_record_error(data: Any) -> None:
    with contextlib.suppress(RecordError):
        record_from_json(data)


@settings(max_examples=examples(40))
@given(
    where=st.lists(
        st.sampled_from(["config", "players", "start", "entries"]), min_size=1, max_size=1
    ),
    path=st.lists(st.integers(0, 40), max_size=3),
    value=json_values,
)
def test_a_record_with_a_changed_value_loads_or_fails_clearly(
    where: list[str], path: list[int], value: Any
) -> None:
    data = json.loads(json.dumps(record_json(short_record())))
    target: Any = data
    key: Any = where[0]
    for step in path:
        node = target[key]
        if isinstance(node, dict) and node:
            target, key = node, sorted(node)[step % len(node)]
        elif isinstance(node, list) and node:
            target, key = node, step % len(node)
        else:
            break
    target[key] = value
    try:
        record = record_from_json(data)
    except RecordError:
        return
    result = replay(record)  # never raises: a bad entry is reported
    if result.error is not None:
        assert 0 <= result.error.index < len(record.entries)


entry_edits = st.lists(
    st.tuples(
        st.sampled_from(["delete", "duplicate", "swap", "text", "typo", "hash"]),
        st.integers(0, 149),
        st.integers(0, 149),
        st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789 ,-()", max_size=16),
    ),
    min_size=1,
    max_size=3,
)


@settings(max_examples=examples(60))
@given(edits=entry_edits)
def test_fuzzed_entries_never_crash_the_replay(edits: list[tuple[str, int, int, str]]) -> None:
    record = short_record()
    entries: list[Any] = list(record.entries)
    for kind, i, j, text in edits:
        i %= len(entries)
        j %= len(entries)
        if kind == "delete":
            del entries[i]
        elif kind == "duplicate":
            entries.insert(i, entries[i])
        elif kind == "swap":
            entries[i], entries[j] = entries[j], entries[i]
        elif kind == "text":
            entries[i] = text
        elif kind == "typo" and isinstance(entries[i], str) and entries[i]:
            k = j % len(entries[i])
            entries[i] = entries[i][:k] + (text[:1] or "x") + entries[i][k + 1 :]
        elif kind == "hash" and isinstance(entries[i], Checkpoint):
            entries[i] = replace(entries[i], hash=text)
    damaged = record_from_json(
        json.loads(json.dumps(record_json(replace(record, entries=tuple(entries)))))
    )
    result = replay(damaged)
    if result.error is None:
        assert result.played == len(damaged.entries)
        return
    err = result.error
    assert 0 <= err.index < len(damaged.entries) and err.reason
    assert result.state == prefix_state(damaged, err.index)


def test_a_record_typed_in_turn_by_turn() -> None:
    """A table game: entries added one at a time, each checked against the legal answers."""
    config = GameConfig(("terran_directorate", "planta"))
    state = new_game(config)
    rng = np.random.default_rng(3)
    entries: list[str] = []
    while state.phase is Phase.SETUP or (state.round == 1 and state.to_act == CHANCE):
        action = sample_chance(state, rng)
        entries.append(str(action))
        state = apply(state, action)
    assert str(legal_actions(state)[0]) == "action explore"
    record = GameRecord(config, ("Ann", "Bob"), tuple(entries))
    assert replay(record).state == state
    greedy = GreedyPlayer(np.random.default_rng(0))
    entries.append(str(greedy.choose(state, legal_actions(state))))
    assert replay(replace(record, entries=tuple(entries))).ok
