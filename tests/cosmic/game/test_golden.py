"""Golden records: games played by ``fleetlab cosmic-play``, checked in, replayed with every
state hash verified; played again from the same seed they come out byte for byte the same.

A change to the rules that changes these games makes this test fail: look at what changed,
then write the records again with the commands in ``GOLDEN`` (``--record``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cosmic.game import load_record, replay, summary
from cosmic.game.record import Checkpoint
from ui.cli import main

HERE = Path(__file__).parent / "golden"
GOLDEN = {
    "odds-4p-eon-seed3": ("--players 4 --seed 3", [0], 11, 19),
    "random-6p-ffg-seed5": ("--players 6 --seed 5 --bots random --deck ffg_2008", [2], 13, 16),
    "mixed-3p-mayfair-seed8": (
        "--players 3 --seed 8 --powers amoeba,chronos,laser --bots odds,random,odds "
        "--deck mayfair_1991",
        [2],
        30,
        43,
    ),
}


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
