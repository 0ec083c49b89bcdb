"""`fleetlab odds`: text and JSON output, and errors that name the file and the path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support import REPO
from ui.cli import main

EXAMPLE = REPO / "examples" / "red_vs_ancients.json"


def test_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", str(EXAMPLE), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["method"] == "exact"
    assert doc["policy"] == {"Red": "optimal", "Ancients": "npc"}
    assert 0.5 < doc["attacker_wins"] < 1
    assert doc["attacker_wins"] + doc["defender_wins"] + doc["draw"] == pytest.approx(1)


def test_odds_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "Red (attacker, optimal) wins" in out
    assert "Ancients (defender, npc) wins" in out


def test_bad_file_names_the_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(EXAMPLE.read_text())
    doc["sides"][0]["ships"][0]["parts"][1] = "death_ray"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    assert main(["odds", str(bad)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "sides[0].ships[0].parts[1]" in captured.err
    assert "unknown part 'death_ray'" in captured.err


def test_odds_reads_the_files_reputation_bag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A bag holding only 4-point tiles: every tile drawn is worth 4 (the library honoured the
    # option; the command ignored it and printed the default bag's 2.45).
    doc = json.loads(EXAMPLE.read_text())
    doc.setdefault("options", {})["reputation_bag"] = {"1": 0, "2": 0, "3": 0, "4": 5}
    path = tmp_path / "bag.json"
    path.write_text(json.dumps(doc))
    assert main(["odds", str(path), "--json"]) == 0
    red = json.loads(capsys.readouterr().out)["sides"][0]
    assert red["reputation"]["expected_best"] == pytest.approx(4.0)


def test_odds_reports_the_solvers_work(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", str(EXAMPLE), "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)["stats"]
    assert stats["states"] > 0 and stats["outcomes"] > 0 and stats["assignments"] > 0
