"""`fleetlab cosmic FILE`: JSON keys, the text table and errors naming the bad path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ui.cli import main

ISSUE_EXAMPLE: dict[str, Any] = {
    "format": "fleetlab-cosmic/1", "deck": "mayfair_1991", "you": "offense",
    "hand": ["attack:12", "attack:6", "compromise"], "ships": {"offense": 4, "defense": 2},
    "allies": {"offense": 0, "defense": 3}, "opponent_hand_size": 7, "seen": [],
    "powers": {"offense": None, "defense": None}, "opponent": "highest",
}  # fmt: skip


def run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: object, *flags: str
) -> tuple[int, str, str]:
    path = tmp_path / "challenge.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status = main(["cosmic", str(path), *flags])
    out, err = capsys.readouterr()
    return status, out, err


def test_json_output(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, tmp_path, ISSUE_EXAMPLE, "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert [c["card"] for c in data["cards"]] == ["compromise", "attack:6", "attack:12"]
    for row in data["cards"]:
        for key in ("card", "win", "lose", "deal", "warp", "bases", "exact"):
            assert key in row
        assert abs(row["win"] + row["lose"] + row["deal"] + row["redraw"] - 1) < 1e-12
    assert data["best"] == "attack:12"
    # 16 against 5 + the defense's card: it wins with 11 or more; P(no card >= 11 among 7 of the
    # 69 unseen, 21 of which are >= 11) = C(48,7)/C(69,7).
    from math import comb

    assert data["cards"][2]["win"] == pytest.approx(comb(48, 7) / comb(69, 7), abs=1e-12)
    assert data["deck"]["exact"] is True


def test_text_output_and_eon_caveat(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, tmp_path, {**ISSUE_EXAMPLE, "deck": "eon"})
    assert status == 0
    assert "Best card: attack:12" in out
    assert "not public" in out
    changed = {**ISSUE_EXAMPLE, "deck": {"preset": "eon", "counts": {"edict": 12}}}
    status, out, _ = run(capsys, tmp_path, changed, "--json")
    data = json.loads(out)
    assert "edict=12" in data["deck"]["note"] and data["deck"]["exact"] is False


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"colour": "red"}, "colour: unknown key 'colour'"),
        ({"hand": ["attack:12", "attak:6"]}, "hand[1]: unknown card 'attak:6'"),
        ({"ships": {"offense": -1, "defense": 2}}, "ships.offense: -1 is below 0"),
        ({"ships": {"offense": 4, "defence": 2}}, "ships.defence: unknown key"),
        ({"deck": "mayfair"}, "deck: unknown deck 'mayfair'"),
        ({"opponent": "smart"}, "opponent: unknown value 'smart'"),
        ({"powers": {"offense": "wizard", "defense": None}}, "powers.offense: unknown value"),
        ({"powers": {"offense": "macron", "defense": None}}, "ships.offense: 4 ships"),
        ({"seen": ["attack:40", "attack:40"]}, "seen[1]: 2 copies of 'attack:40'"),
        ({"options": {"virus_allies": "sum"}}, "options.virus_allies: unknown value 'sum'"),
        ({"deck": {"preset": "eon", "counts": {"attack:x": 1}}}, "deck.counts.attack:x"),
        ({"opponent_hand_size": 80}, "opponent_hand_size: 80 cards"),
        ({"format": "fleetlab-cosmic/9"}, "format: unknown format"),
    ],
)
def test_bad_values_name_their_path(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    status, out, err = run(capsys, tmp_path, {**ISSUE_EXAMPLE, **change})
    assert status == 2
    assert out == ""
    assert message in err


def test_missing_file_and_bad_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["cosmic", str(tmp_path / "none.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["cosmic", str(bad)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_ships_to_send_and_whom_to_invite(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    doc = {**ISSUE_EXAMPLE, "candidates": [{"ships": 4, "name": "green"}]}
    status, out, _ = run(capsys, tmp_path, doc, "--ships")
    assert status == 0
    assert "Ships to send:" in out and "Best: send 4" in out
    assert "Whom to invite" in out and "green" in out
    status, out, _ = run(capsys, tmp_path, doc, "--ships", "--json")
    data = json.loads(out)
    assert [r["ships"] for r in data["ships_to_send"]["rows"]] == [1, 2, 3, 4]
    assert [r["invite"] for r in data["invitations"]["rows"]] == ["nobody", "green"]
    # Inviting green's 4 ships raises the 12's chance: 20 against 5 + its card.
    rows = data["invitations"]["rows"]
    assert rows[1]["win"] > rows[0]["win"]


def test_equilibrium_output(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, tmp_path, {**ISSUE_EXAMPLE, "opponent": "equilibrium"}, "--json")
    assert status == 0
    eq = json.loads(out)["equilibrium"]
    assert set(eq) >= {"strategy", "value", "opponent", "guarantee", "best_reply", "exact"}
    assert abs(sum(eq["strategy"].values()) - 1) < 1e-12
    assert eq["guarantee"] <= eq["value"] <= eq["best_reply"] + 1e-12
    status, out, _ = run(capsys, tmp_path, {**ISSUE_EXAMPLE, "opponent": "equilibrium"})
    assert "Equilibrium (the zero-sum game" in out and "guaranteed value" in out


def test_an_invited_ally(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = {
        "format": "fleetlab-cosmic/1", "deck": "mayfair_1991", "you": "ally",
        "hand": ["attack:12", "attack:6", "compromise"], "ships": {"offense": 4, "defense": 3},
        "hand_sizes": {"offense": 7, "defense": 7}, "invited_by": ["defense"],
    }  # fmt: skip
    status, out, _ = run(capsys, tmp_path, doc)
    assert status == 0
    assert "join the defense with 4" in out and "join the offense" not in out
    status, out, _ = run(capsys, tmp_path, doc, "--json")
    data = json.loads(out)
    assert data["format"] == "fleetlab-cosmic-invitation/1"
    assert [r["choice"] for r in data["choices"]][:2] == ["decline", "join the defense with 1"]
    status, _, err = run(capsys, tmp_path, {**doc, "opponent": "best_response"})
    assert status == 2 and "'highest' or 'random'" in err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format": ' + "[" * 10_000 + "]" * 10_000 + "}", "nested deeper than 32"),
        ('{"deal_success": Infinity}', "Infinity is not a number JSON allows"),
        ('{"a": 1, "a": 2}', "appears twice"),
    ],
)
def test_hostile_files_exit_with_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    assert main(["cosmic", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err
    assert main(["cosmic", "/dev/zero"]) == 2
    assert "at most 1,000,000" in capsys.readouterr().err


def test_a_time_budget(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = {**ISSUE_EXAMPLE, "hand": ["attack:40", "attack:20", "attack:15", "attack:10",
                                     "attack:8", "attack:6", "compromise"],
           "powers": {"offense": "mind", "defense": None}}  # fmt: skip
    status, _, err = run(capsys, tmp_path, doc, "--budget", "0.000001")
    assert status == 2 and "time budget" in err
