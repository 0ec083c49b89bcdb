"""Game records: round trips, stable hashes, atomic saves, damaged records refused at the
first bad entry with the entry named."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

from cosmic.game import (
    GameConfig,
    RandomBot,
    Recorder,
    RecordError,
    load_record,
    loads_record,
    new_game,
    play_game,
    record_text,
    replay,
    save_record,
    state_hash,
)
from cosmic.game.record import Checkpoint, GameRecord, Note, record_json
from cosmic.game.state import LEGACY_RULES
from cosmic.powers import Power


@pytest.fixture(scope="module")
def record() -> GameRecord:
    config = GameConfig((Power.VIRUS, Power.ZOMBIE, Power.LASER, Power.AMOEBA), max_turns=40)
    rng = np.random.default_rng(11)
    recorder = Recorder(config, ("a", "b", "c", "d"))
    play_game(config, [RandomBot(rng) for _ in range(4)], rng, on_step=recorder)
    return recorder.record()


def damaged(record: GameRecord, index: int, value: object) -> str:
    data = record_json(record)
    data["entries"][index] = value
    return json.dumps(data)


def test_text_round_trip_and_replay(record: GameRecord) -> None:
    again = loads_record(record_text(record))
    assert again == record
    result = replay(again)
    assert result.ok and result.checkpoints == sum(
        isinstance(e, Checkpoint) for e in record.entries
    )
    assert result.actions == record.actions and result.state.is_over


def test_the_hash_is_stable_across_processes() -> None:
    # Pinned: the same state hashes the same on any machine and in any process.
    s = new_game(GameConfig((Power.VOID, Power.MIND, Power.CLONE)))
    assert state_hash(s) == state_hash(new_game(GameConfig((Power.VOID, Power.MIND, Power.CLONE))))
    assert state_hash(s) == "6c11135529b151ad71c8fc0566f7db4d"
    # The edition is part of the state: edition 2's states keep the hashes they were written with.
    edition_2 = new_game(GameConfig((Power.VOID, Power.MIND, Power.CLONE), rules=2))
    assert state_hash(edition_2) == "f41a6fd98016f28fa6002c1371e993a6"
    # A game by the rules of edition 1 hashes as version-1 records were written: the fields
    # added since are left out while they hold their edition-1 values.
    legacy = new_game(GameConfig((Power.VOID, Power.MIND, Power.CLONE), rules=LEGACY_RULES))
    assert state_hash(legacy) == "47203d91e450bbb54cf71e5c875945d6"
    assert state_hash(s) != state_hash(new_game(GameConfig((Power.MIND, Power.VOID, Power.CLONE))))


def first_draw(record: GameRecord) -> int:
    return next(i for i, e in enumerate(record.entries) if isinstance(e, str))


def test_a_changed_chance_outcome_is_refused_at_its_entry(record: GameRecord) -> None:
    i = first_draw(record)
    # Only one attack:40 is in the deck: draw it twice and the second is not legal.
    text = damaged(record, i, "draw attack:40")
    data = json.loads(text)
    data["entries"][i + 1] = "draw attack:40"
    result = replay(loads_record(json.dumps(data)))
    assert not result.ok and result.error is not None
    assert result.error.index == i + 1 and result.error.text == "draw attack:40"
    assert "not legal" in result.error.reason and result.played == i + 1


def test_a_changed_action_is_caught_by_the_next_checkpoint(record: GameRecord) -> None:
    # Swap two different draws of one hand: every action stays legal, the state differs.
    entries = record.entries
    i = first_draw(record)
    j = next(k for k in range(i + 1, i + 7) if entries[k] != entries[i])
    data = record_json(record)
    data["entries"][i], data["entries"][j] = entries[j], entries[i]
    result = replay(loads_record(json.dumps(data)))
    assert result.ok  # a hand is a set: the same state, the same hashes
    data["entries"][i] = "draw attack:30" if entries[i] != "draw attack:30" else "draw attack:20"
    result = replay(loads_record(json.dumps(data)))
    assert not result.ok and result.error is not None
    bad = result.error
    assert isinstance(record.entries[bad.index], Checkpoint) or "not legal" in bad.reason


def test_a_wrong_hash_is_refused_at_its_checkpoint(record: GameRecord) -> None:
    k = next(i for i, e in enumerate(record.entries) if isinstance(e, Checkpoint) and i > 5)
    cp = record.entries[k]
    assert isinstance(cp, Checkpoint)
    text = damaged(record, k, {"turn": cp.turn, "challenges": cp.challenges, "hash": "0" * 32})
    result = replay(loads_record(text))
    assert result.error is not None and result.error.index == k
    assert "differs from the recorded one" in str(result.error) and "0" * 32 in str(result.error)


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        (5, "expected an action's text"),
        ({"turn": 1}, "expected an action's text"),
        ("teleport 2", "unknown action"),
        ("play attack:99999999", "needs a value"),
    ],
)
def test_a_malformed_entry_is_named(record: GameRecord, value: object, reason: str) -> None:
    result = replay(loads_record(damaged(record, 3, value)))
    assert result.error is not None and result.error.index == 3
    assert reason in str(result.error) and result.played == 3


def test_notes_are_skipped(record: GameRecord) -> None:
    entries = (*record.entries[:4], Note("table talk"), *record.entries[4:])
    result = replay(GameRecord(record.config, record.players, entries))
    assert result.ok


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "x"}, "format: expected 'fleetlab-cosmic-record'"),
        ({"version": 9}, "version: expected 1 or 2"),
        ({"extra": 1}, "unknown key 'extra'"),
        ({"players": ["a"]}, "players: 1 names for 4 powers"),
        ({"config": {"powers": ["virus", "warlord", "laser"]}}, r"config.powers\[1\]: 'warlord'"),
        ({"config": {"powers": ["virus", "virus", "laser"]}}, "already seat 0's"),
        ({"entries": {}}, "entries: expected a list"),
    ],
)
def test_bad_records_are_refused_naming_the_path(
    record: GameRecord, change: dict[str, object], message: str
) -> None:
    data = record_json(record)
    data.update(change)
    with pytest.raises(RecordError, match=message):
        loads_record(json.dumps(data))


def test_bad_json_is_refused() -> None:
    with pytest.raises(RecordError, match=r"not valid JSON: .* at line 1"):
        loads_record('{"format": ')
    with pytest.raises(RecordError, match="format: NaN is not a number JSON allows"):
        loads_record('{"format": NaN}')
    with pytest.raises(RecordError, match="appears twice"):
        loads_record('{"format": 1, "format": 2}')


def test_save_is_atomic(
    record: GameRecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.json"
    save_record(record, target)
    assert load_record(target) == record
    before = target.read_bytes()

    def fail(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError, match="disk full"):
        save_record(GameRecord(record.config, record.players, record.entries[:5]), target)
    assert target.read_bytes() == before and sorted(tmp_path.iterdir()) == [target]


def test_an_unreadable_file_is_a_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read the game record"):
        load_record(tmp_path / "missing.json")
    with pytest.raises(RecordError, match="is a directory, not a game record"):
        load_record(tmp_path)
