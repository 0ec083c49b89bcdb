"""`fleetlab league` and `fleetlab selfplay --bots`: tables, JSON and clear errors."""

from __future__ import annotations

import json

import pytest

from ui.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_league_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "league", "--bots", "greedy,random", "--players", "2", "--games", "2",
        "--seed", "5", "--workers", "1", "--json",
    )  # fmt: skip
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["games"] == 2 and data["players"] == 2 and data["seed"] == 5
    assert data["bots"]["greedy"]["seats"] == 2 and data["bots"]["random"]["seats"] == 2
    assert data["bots"]["greedy"]["wins"] + data["bots"]["random"]["wins"] == pytest.approx(2)
    for key in ("battles_per_game", "actions_per_player_round", "seconds_per_game"):
        assert data[key] >= 0
    for source in ("sectors", "techs", "reputation", "ambassadors", "discoveries", "monoliths"):
        assert {"per_player", "share"} <= set(data["vp_sources"][source])


def test_league_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "league", "--bots", "greedy", "--players", "3", "--games", "1", "--workers", "1"
    )
    assert status == 0
    assert "League of 1 games, seats greedy, greedy, greedy rotated each game (seed 0)" in out
    assert "battles per game" in out and "VP per player by source: sectors" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "wizard"], "unknown bot 'wizard'"),
        (["--bots", "greedy,random", "--players", "3"], "2 bots named"),
        (["--games", "0"], "--games must be at least 1, not 0"),
        (["--players", "7"], "--players must be 2 to 6, not 7"),
        (["--workers", "0"], "--workers must be at least 1, not 0"),
    ],
)
def test_league_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, out, err = run(capsys, "league", *argv)
    assert status == 2 and out == "" and message in err


def test_selfplay_one_bot_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "selfplay", "--players", "2", "--seed", "4", "--bots", "planner,greedy", "--json"
    )
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["bots"] == ["planner", "greedy"]
    assert [p["bot"] for p in data["players"]] == ["planner", "greedy"]
    status, out, err = run(capsys, "selfplay", "--players", "2", "--bots", "planner,greedy,random")
    assert status == 2 and out == "" and "3 bots named" in err
