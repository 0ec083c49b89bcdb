"""``fleetlab cosmic-play`` and ``fleetlab cosmic-replay`` as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ui.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        status = main(list(args))
    except SystemExit as exc:
        status = int(exc.code or 0)
    out = capsys.readouterr()
    return status, out.out, out.err


def test_play_json_has_the_issue_keys(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    status, out, _ = run(
        capsys, "cosmic-play", "--players", "3", "--seed", "2", "--powers", "virus,void,zombie",
        "--bots", "random", "--record", str(record), "--json",
    )  # fmt: skip
    assert status == 0
    data = json.loads(out)
    assert {"winners", "turns", "challenges", "powers", "bases"} <= set(data)
    assert data["powers"] == ["virus", "void", "zombie"] and len(data["bases"]) == 3
    assert all({"seat", "home", "foreign"} <= set(b) for b in data["bases"])
    assert all(data["bases"][w]["foreign"] >= 5 for w in data["winners"])
    status, out, _ = run(capsys, "cosmic-replay", str(record), "--json")
    replayed = json.loads(out)
    assert status == 0 and replayed["winners"] == data["winners"]
    assert replayed["turns"] == data["turns"] and replayed["checkpoints"] == data["turns"] + 1


def test_play_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "cosmic-play", "--players", "4", "--seed", "1", "--bots", "random")
    assert status == 0 and "Game over after" in out and "foreign" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "2"], "--players must be 3 to 6"),
        (["--players", "3", "--powers", "virus,void"], "names 2 powers for 3 players"),
        (["--players", "3", "--powers", "virus,void,warlord"], "'warlord' is not a power"),
        (["--players", "3", "--powers", "virus,virus,void"], "already seat 0's"),
        (["--players", "3", "--bots", "odds,smart,odds"], "'smart' is not a bot"),
        (["--deck", "tarot"], "--deck 'tarot'"),
    ],
)
def test_bad_arguments_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = run(capsys, "cosmic-play", *args)
    assert status == 2 and out == "" and message in err


def test_a_damaged_record_names_its_entry(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "g.json"
    run(capsys, "cosmic-play", "--players", "3", "--seed", "4", "--bots", "random",
        "--record", str(record))  # fmt: skip
    data = json.loads(record.read_text())
    data["entries"][9] = "launch 9.9"
    record.write_text(json.dumps(data))
    status, out, err = run(capsys, "cosmic-replay", str(record))
    assert status == 2 and out == "" and "entry 9 ('launch 9.9')" in err
    record.write_text("{")
    status, _, err = run(capsys, "cosmic-replay", str(record))
    assert status == 2 and "not valid JSON" in err


def test_seed_5_of_four_players_ends_by_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    # Oracle, Amoeba, Void, Trader: by edition 2 this game ran to the 400-turn cap (483
    # challenges), its offenses down to one ship a base and unable to launch.
    status, out, _ = run(capsys, "cosmic-play", "--players", "4", "--seed", "5", "--json")
    data = json.loads(out)
    assert status == 0 and data["powers"] == ["oracle", "amoeba", "void", "trader"]
    assert data["over"] and data["winners"] and data["ended_by"] == "five_foreign_bases"
    assert data["turns"] < 20


def test_a_game_at_its_turn_cap_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "cosmic-play", "--players", "4", "--seed", "5",
                           "--max-turns", "2", "--json")  # fmt: skip
    assert status == 1 and out == ""
    assert "seed 5" in err and "oracle, amoeba, void, trader" in err
    assert "still going after 2 turns" in err
    # The last five turns, or every turn when there were fewer: here turns 1 and 2.
    assert [line.split(" (")[0].strip() for line in err.splitlines()[1:]] == [
        "turn 1", "turn 2",
    ]  # fmt: skip
