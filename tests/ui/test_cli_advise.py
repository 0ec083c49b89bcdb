"""`fleetlab advise`: the best turns for a player of a save, a record or a snapshot, as text and
JSON, and the errors: an unknown player (status 2, the legal names), an action index outside
the record (2), a position the engine cannot continue from (status 1, what is missing)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.actions.base import parse_action
from engine.advice import read_position
from engine.rules import apply, legal_actions
from tests.support import REPO
from ui.cli import main

SMALL = REPO / "engine" / "data" / "examples" / "asynceclipse_small.json"
RECORD = REPO / "tests" / "engine" / "golden" / "table_battle.json"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_advice_on_the_example_save_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "advise", str(SMALL), "--json", "--think-ms", "0")
    assert status == 0 and err == ""
    doc = json.loads(out)
    assert {"player", "actions", "seconds"} <= set(doc)
    assert doc["player"] == "Blue (Eridani Empire)" and doc["seat"] == 0
    assert doc["think_ms"] == 0 and doc["note"] is None and doc["caveats"] == []
    assert 3 <= len(doc["actions"]) <= 5
    assert isinstance(doc["seconds"], float) and doc["seconds"] > 0
    values = [a["value"] for a in doc["actions"]]
    assert values == sorted(values, reverse=True)
    state = read_position(SMALL).state
    for action in doc["actions"]:
        assert {"action", "value", "reason"} <= set(action)
        assert isinstance(action["value"], float) and action["reason"]
        assert action["action"] == "; ".join(action["steps"])
        now = state
        for text in action["steps"]:  # every step is legal where it is played
            step = parse_action(text)
            assert step in legal_actions(now)
            now = apply(now, step)


def test_advice_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "advise", str(SMALL), "--player", "green", "--think-ms", "0")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Advice for Green (Planta): AsyncEclipse save 'hand-made test'"
    assert lines[1] == (
        "(it is Blue (Eridani Empire)'s turn; Green (Planta) is advised as if its turn had come)"
    )
    assert lines[3].startswith("1. ")
    assert "VP margin, leads in " in out and " rollouts" in out
    assert out.rstrip().endswith("s (the search's budget: 0 ms a decision)")


def test_advice_on_a_record_at_an_action(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "advise", str(RECORD), "--at", "1", "--json", "--think-ms", "0")
    assert status == 0
    doc = json.loads(out)
    assert doc["player"] == "Bob (Planta)"
    assert doc["position"].endswith("after action 1 of 13")


def test_an_unknown_player_lists_the_names(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "advise", str(SMALL), "--player", "red")
    assert status == 2 and out == ""
    assert err == (
        "fleetlab advise: error: the player 'red' names no seat; the players are Blue (Eridani "
        "Empire): blue, Eridani Empire, seat 0; Green (Planta): green, Planta, seat 1\n"
    )


def test_an_action_outside_the_record_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "advise", str(RECORD), "--at", "99")
    assert (
        status == 2 and "action 99: " in err and "has 13 actions; give 0 (the start) to 13" in err
    )
    status, _, err = run(capsys, "advise", str(SMALL), "--at", "3")
    assert status == 2 and "is an AsyncEclipse save, one position" in err
    with pytest.raises(SystemExit) as stopped:
        main(["advise", str(SMALL), "--think-ms", "-5"])
    assert stopped.value.code == 2
    assert "a budget in milliseconds is a whole number from 0" in capsys.readouterr().err


def _unresumable(tmp_path: Path) -> Path:
    data: dict[str, Any] = json.loads(SMALL.read_text(encoding="utf-8"))
    next(iter(data["players"].values()))["money"] = -8
    path = tmp_path / "debt.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_position_the_engine_cannot_continue_from(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _unresumable(tmp_path)
    status, out, err = run(capsys, "advise", str(path), "--json")
    assert status == 1 and out == ""
    assert err == (
        f"fleetlab advise: {path}: Blue (Eridani Empire) has -8 money in storage; the engine's "
        "storage never goes below zero (the AsyncEclipse bot allows it while its setup is not "
        "finished)\n"
    )
    status, _, err = run(capsys, "advise", str(RECORD), "--at", "2")
    assert status == 1
    assert (
        "chance acts next (roll 2 yellow dice: seat 0's interceptor cannons), not a player; " in err
    )
    assert "a player acts after action 1 and after action 7" in err
    assert "Traceback" not in err


def test_a_file_that_is_no_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_text("[1, 2]", encoding="utf-8")
    status, _, err = run(capsys, "advise", str(path))
    assert status == 2 and "is JSON with no known format; fleetlab advise opens a" in err
    status, _, err = run(capsys, "advise", str(tmp_path / "missing.json"))
    assert status == 2 and "missing.json" in err


def test_the_saves_benchmark_runs(tmp_path: Path) -> None:
    """A smoke test of benchmarks/advice_saves.py: one save advised, one refused."""
    from benchmarks.advice_saves import advise_file, files, table

    refused = _unresumable(tmp_path)
    found = [advise_file(p, 0) for p in files([SMALL, tmp_path])]
    assert [r.status for r in found] == [0, 1]
    assert found[0].outcome == "Blue (Eridani Empire)" and 3 <= found[0].actions <= 5
    assert found[0].advice_seconds is not None and found[0].wall >= found[0].advice_seconds
    assert found[1].file == refused.name and found[1].outcome.startswith(
        "refused: Blue (Eridani Empire) has -8 money in storage"
    )
    text = table(found)
    assert text.splitlines()[0].split() == [
        "file", "status", "advised", "/", "why", "not", "turns", "wall", "s", "CPU", "s",
        "advice", "s",
    ]  # fmt: skip
