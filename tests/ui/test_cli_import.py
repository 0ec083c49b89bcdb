"""`fleetlab import`: the position summary, the JSON document, battles with odds and errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support import REPO, shared_file
from ui.cli import main

SMALL = REPO / "engine" / "data" / "examples" / "asynceclipse_small.json"
AEB39 = ("saves", "AsyncEclipse_DiscordBot__ActiveGames_aeb39.json")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_import_prints_players_sectors_and_battles(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "import", str(SMALL))
    assert status == 0 and err == ""
    assert "hand-made test (fleetlab1): round 2" in out
    assert "eridani_empire *" in out  # the first player is starred
    assert "102  (1,-1)  102 Pollux" in out
    assert "101 (sector 104): seat 0 (eridani_empire)" in out
    assert "Imported with no problems." in out


def test_import_json_document(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "import", str(SMALL), "--json")
    assert status == 0
    doc = json.loads(out)
    assert doc["format"] == "fleetlab-import/1"
    assert [p["species"] for p in doc["players"]] == ["eridani_empire", "planta"]
    assert doc["players"][0]["blueprints"]["interceptor"]["outside"] == "muon_source"
    assert {s["position"] for s in doc["sectors"]} == {"000", "101", "102", "201", "207"}
    assert all(b["odds"]["format"] == "fleetlab-odds/1" for b in doc["battles"])
    assert [b["position"] for b in doc["battles"]] == ["101", "102"]
    assert doc["problems"] == []


def test_import_lists_problems_with_paths(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = json.loads(SMALL.read_text())
    data["board"]["101"]["orientation"] = "sideways"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    status, out, _ = run(capsys, "import", str(bad), "--json", "--no-odds")
    assert status == 0
    problems = json.loads(out)["problems"]
    assert problems[0]["path"] == "board.101.orientation"
    assert "'sideways'" in problems[0]["message"] and problems[0]["action"] == "used 0 degrees"
    status, out, err = run(capsys, "import", str(bad), "--strict")
    assert status == 2 and out == ""
    assert "board.101.orientation" in err


def test_import_errors_exit_2_naming_the_path(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"board": ')
    status, out, err = run(capsys, "import", str(broken))
    assert status == 2 and out == ""
    assert "fleetlab import: error:" in err and "$: not JSON" in err
    status, _, err = run(capsys, "import", str(tmp_path / "nowhere.json"))
    assert status == 2 and "cannot read" in err


def test_import_real_save(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "import", str(shared_file(*AEB39)), "--json")
    assert status == 0
    doc = json.loads(out)
    assert doc["game_id"] == "aeb39"
    assert [p["species"] for p in doc["players"]] == ["mechanema", "hydran_progress"]
    assert doc["battles"] == []
    assert [p["path"] for p in doc["problems"]] == [
        "players.265561667293675521.nano_tech[1]",
        "tile_deck_100[5]",
        "discTiles",
    ]
