"""`fleetlab selfplay --record` and `fleetlab replay`: write a record, replay it, report damage."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.snapshot import read_snapshot
from ui.cli import main

GOLDEN = Path(__file__).resolve().parents[1] / "engine" / "golden"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_selfplay_writes_a_record_that_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    status, out, err = run(
        capsys, "selfplay", "--players", "2", "--seed", "18", "--record", str(path)
    )
    assert status == 0 and err == "" and f"Game record written to {path}" in out
    scores = out.splitlines()[3:5]
    status, out, err = run(capsys, "replay", str(path))
    assert status == 0 and err == ""
    assert "9 checkpoint(s) verified; round 8, game over." in out
    assert out.splitlines()[-2:] == scores  # the same final scores
    status, out, _ = run(capsys, "replay", str(path), "--json")
    data = json.loads(out)
    assert data["over"] and data["checkpoints"] == 9 and len(data["scores"]) == 2


def test_replay_stops_at_a_bad_entry_and_keeps_the_position(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = json.loads((GOLDEN / "table_battle.json").read_text())
    data["entries"][4] = "roll yellow 7"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    where = tmp_path / "position.json"
    status, out, err = run(capsys, "replay", str(bad), "--snapshot", str(where))
    assert status == 2 and out == ""
    assert "entry 4 ('roll yellow 7'): 'roll yellow 7' is not legal now" in err
    assert "replayed up to that entry (round 1, combat phase, 2 actions, 1 checkpoint(s)" in err
    position = read_snapshot(json.loads(where.read_text()))
    assert position.phase.value == "combat"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read the game record (No such file or directory)"),
        ("[1, 2]", "record: expected a JSON object"),
        ('{"format": "fleetlab-game-record", "version": 9}', "version: expected 1"),
    ],
)
def test_replay_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str | None, message: str
) -> None:
    path = tmp_path / "record.json"
    if content is not None:
        path.write_text(content)
    status, out, err = run(capsys, "replay", str(path))
    assert status == 2 and out == "" and message in err


def test_a_new_dangers_game_replays_with_every_hash_and_lists_its_modules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    status, _, err = run(
        capsys,
        "selfplay",
        "--players",
        "3",
        "--seed",
        "2",
        "--modules",
        "all",
        "--record",
        str(path),
    )
    assert status == 0 and err == ""
    status, out, err = run(capsys, "replay", str(path))
    assert status == 0 and err == "" and "9 checkpoint(s) verified; round 8, game over." in out
    assert "Modules: pulsar, black_hole, supernova, nebula, minor_species, rift_cannon." in out
    status, out, _ = run(capsys, "replay", str(path), "--json")
    assert json.loads(out)["modules"][0] == "pulsar"
