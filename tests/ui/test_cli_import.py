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
    assert "(exact, " in out and " s CPU)" in out  # the method and its CPU time
    assert "Tech tray:\n  1 neutron_bombs, 1 plasma_missile, 1 tachyon_drive" in out
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
    assert all(b["cpu_seconds"] >= 0 for b in doc["battles"])
    assert doc["tech_tray"] == {
        "neutron_bombs": 1, "plasma_missile": 1, "tachyon_drive": 1, "quantum_grid": 1,
        "sentient_hull": 1,
    }  # fmt: skip
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
    assert problems[0]["severity"] == "loss"
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
    assert [(p["path"], p["severity"]) for p in doc["problems"]] == [
        ("players.265561667293675521.nano_tech[1]", "note"),
        ("board.103.player_ships", "loss"),  # over the miniature limits (a developer game)
        ("board.103.player_ships", "loss"),
        ("board.207.player_ships", "loss"),
        ("tile_deck_100[5]", "note"),
        ("discTiles", "note"),
    ]
    assert doc["tech_tray"]["plasma_cannon"] == 2


def test_import_lists_losses_before_notes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = json.loads(SMALL.read_text())
    data["game_phase"] = ["combat"]  # a note
    data["board"]["101"]["sector"] = "999"  # a loss
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    status, out, _ = run(capsys, "import", str(bad), "--no-odds")
    assert status == 0
    losses, notes = out.index("Problems that lose information (1):"), out.index("Notes (1):")
    assert losses < out.index("board.101.sector: unknown sector '999'") < notes
    assert notes < out.index("game_phase: phase ['combat'] is not read")


def test_a_save_with_no_readable_player_exits_2_saying_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = json.loads(SMALL.read_text())
    for player in data["players"].values():
        player["name"] = "Klingons"
    bad = tmp_path / "nobody.json"
    bad.write_text(json.dumps(data))
    status, out, err = run(capsys, "import", str(bad))
    assert status == 2 and out == ""
    assert "players: no player could be read (players.1001.name: unknown species" in err


@pytest.mark.parametrize("value", ["0", "-3", "nan", "inf", "soon", "3601", "1e400"])
def test_the_budget_must_be_a_positive_number_of_seconds(
    capsys: pytest.CaptureFixture[str], value: str
) -> None:
    status, out, err = run(capsys, "import", str(SMALL), "--budget-seconds", value)
    assert status == 2 and out == ""
    assert "--budget-seconds" in err and repr(value) in err


def test_the_large_battle_of_aeb40_answers_with_its_method_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    save = shared_file("saves", "AsyncEclipse_DiscordBot__ActiveGames_aeb40_7a50c7fc6a91.json")
    status, out, _ = run(capsys, "import", str(save), "--json", "--budget-seconds", "20")
    assert status == 0
    (battle,) = json.loads(out)["battles"]
    assert battle["position"] == "207"
    assert battle["odds"]["method"] in ("exact", "monte-carlo") and battle["odds"]["why"]
    assert battle["cpu_seconds"] > 0
