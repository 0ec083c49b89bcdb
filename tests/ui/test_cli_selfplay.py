"""`fleetlab selfplay`: a whole game, the final scores, JSON and clear errors."""

from __future__ import annotations

import json

import pytest

from ui.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_selfplay_prints_the_final_scores(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "selfplay", "--players", "4", "--seed", "7")
    assert status == 0 and err == ""
    assert "Final scores after round 8 (seed 7, greedy bots)" in out
    lines = [line for line in out.splitlines() if line[:1].isdigit()]
    assert len(lines) == 4 and sum("winner" in line for line in lines) >= 1
    status, again, _ = run(capsys, "selfplay", "--players", "4", "--seed", "7")
    assert again == out  # the seed reproduces the game


def test_selfplay_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "selfplay",
        "--players",
        "2",
        "--seed",
        "3",
        "--bots",
        "random",
        "--species",
        "planta,mechanema",
        "--json",
    )
    data = json.loads(out)
    assert status == 0 and data["bots"] == "random"
    assert [p["species"] for p in data["players"]] == ["planta", "mechanema"]
    for p in data["players"]:
        assert p["score"] == sum(p["breakdown"].values()) or p["eliminated"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "2", "--species", "planta"], "names 1 species for 2 players"),
        (["--players", "2", "--species", "planta,terran_union"], "two sides of one"),
    ],
)
def test_selfplay_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, out, err = run(capsys, "selfplay", *argv)
    assert status == 2 and out == "" and message in err
