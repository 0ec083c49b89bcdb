"""Golden records: games played by ``fleetlab cosmic-play``, checked in, replayed with every
state hash verified; played again from the same seed they come out byte for byte the same.

A change to the rules that changes these games makes this test fail: look at what changed,
then write the records again with the commands in ``GOLDEN`` (``--record``).

``golden/v1/`` holds records of version 1, written before edition 2 of the rules (edicts in
every window, negotiated deals): they still replay, by the rules of edition 1, with the hashes
they were written with. ``golden/v2/`` holds the same games as ``GOLDEN`` played by edition 2,
before edition 3 let an offense with no spare ship launch the last ship of a base: they replay
by edition 2 (their ``config.rules``). Neither is ever written again. The odds bots changed
with edition 3 too (they no longer aim at a planet where they already have a base): the Mayfair
game ran 122 turns then and ends in 6 now.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from cosmic.game import load_record, replay, summary
from cosmic.game.record import Checkpoint
from cosmic.game.state import LEGACY_RULES, RULES
from ui.cli import main

HERE = Path(__file__).parent / "golden"
GOLDEN = {
    "odds-4p-eon-seed3": ("--players 4 --seed 3", [1, 3], 5, 7),
    "random-6p-ffg-seed5": ("--players 6 --seed 5 --bots random --deck ffg_2008", [5], 14, 17),
    "random-5p-eon-seed11": ("--players 5 --seed 11 --bots random", [2], 18, 22),
    "mixed-3p-mayfair-seed8": (
        "--players 3 --seed 8 --powers amoeba,chronos,laser --bots odds,random,odds "
        "--deck mayfair_1991",
        [2],
        6,
        8,
    ),
}
LEGACY = {
    "odds-4p-eon-seed3": ([0], 11, 19),
    "random-6p-ffg-seed5": ([2], 13, 16),
    "mixed-3p-mayfair-seed8": ([2], 30, 43),
}
"""Version-1 records: winners, turns, challenges."""
EDITION_2 = {
    "odds-4p-eon-seed3": ([3], 16, 29),
    "random-6p-ffg-seed5": ([5], 14, 17),
    "random-5p-eon-seed11": ([2], 18, 22),
    "mixed-3p-mayfair-seed8": ([2], 122, 183),
}
"""Records of edition 2 (version 2, ``config.rules`` 2): winners, turns, challenges."""


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_replays_with_every_hash(name: str) -> None:
    _, winners, turns, challenges = GOLDEN[name]
    record = load_record(HERE / f"{name}.json")
    result = replay(record)
    assert result.ok, result.error
    assert result.checkpoints == sum(isinstance(e, Checkpoint) for e in record.entries) > turns
    got = summary(result.state)
    assert (got["winners"], got["turns"], got["challenges"]) == (winners, turns, challenges)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_the_same_seed_writes_the_same_record(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = GOLDEN[name][0].split()
    out = tmp_path / "again.json"
    assert main(["cosmic-play", *args, "--record", str(out), "--json"]) == 0
    assert out.read_bytes() == (HERE / f"{name}.json").read_bytes()
    printed = json.loads(capsys.readouterr().out)
    assert printed["winners"] == GOLDEN[name][1]


@pytest.mark.parametrize("name", sorted(LEGACY))
def test_version_1_records_replay_by_the_rules_of_edition_1(name: str) -> None:
    path = HERE / "v1" / f"{name}.json"
    assert json.loads(path.read_text())["version"] == 1
    record = load_record(path)
    assert record.config.rules == LEGACY_RULES
    result = replay(record)
    assert result.ok, result.error
    assert result.checkpoints == sum(isinstance(e, Checkpoint) for e in record.entries)
    got = summary(result.state)
    assert (got["winners"], got["turns"], got["challenges"]) == LEGACY[name]


@pytest.mark.parametrize("name", sorted(EDITION_2))
def test_edition_2_records_replay_by_the_rules_of_edition_2(name: str) -> None:
    record = load_record(HERE / "v2" / f"{name}.json")
    assert record.config.rules == 2
    result = replay(record)
    assert result.ok, result.error
    got = summary(result.state)
    assert (got["winners"], got["turns"], got["challenges"]) == EDITION_2[name]
    assert got["ended_by"] == "five_foreign_bases"


def test_a_version_1_record_replayed_by_edition_2_fails_at_a_named_entry() -> None:
    record = load_record(HERE / "v1" / "random-6p-ffg-seed5.json")
    again = replace(record, config=replace(record.config, rules=RULES))
    result = replay(again)
    assert not result.ok and result.error is not None and result.error.index == 0  # its hash
