"""`fleetlab design`: JSON and text output, and errors that name the path (exit status 2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from blueprints import Blueprint
from calc.battle.files import parse_battle
from calc.errors import BattleFileError
from tests.support import REPO
from ui.cli import main

EXAMPLE = REPO / "examples" / "design_red_vs_ancients.json"


def small(**design: Any) -> dict[str, Any]:
    doc = json.loads(EXAMPLE.read_text())
    doc["design"].update({"budget": 3, "upgrades": 1, "classes": ["interceptor"]})
    doc["design"].update(design)
    return doc


def write(tmp_path: Path, doc: dict[str, Any]) -> str:
    path = tmp_path / "design.json"
    path.write_text(json.dumps(doc))
    return str(path)


def test_design_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["design", write(tmp_path, small(top=3)), "--json", "--workers", "1"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["format"] == "fleetlab-design/1"
    assert doc["objective"] == "win" and doc["side"] == "Red"
    assert len(doc["designs"]) == 3
    assert doc["evaluated"] + doc["pruned"] == doc["candidates"]
    assert sum(doc["methods"].values()) == doc["evaluated"]
    best = doc["designs"][0]
    assert best["objective"] == best["win"] == best["attacker_wins"]
    assert [d["objective"] for d in doc["designs"]] == sorted(
        (d["objective"] for d in doc["designs"]), reverse=True
    )
    assert best["cost"] <= 3 and best["method"] == "exact"
    # The ships are battle-file groups: they paste back into a battle file and keep their odds.
    battle_doc = json.loads(EXAMPLE.read_text())
    del battle_doc["design"]
    battle_doc["sides"][0]["ships"] = best["ships"]
    battle, _ = parse_battle(battle_doc)
    for group in battle.sides[0].groups:
        assert group.blueprint is not None
        assert group.blueprint.problems(["plasma_cannon", "gauss_shield"], []) == ()
    assert main(["odds", write(tmp_path, battle_doc), "--json"]) == 0
    odds = json.loads(capsys.readouterr().out)
    assert odds["attacker_wins"] == pytest.approx(best["attacker_wins"], abs=1e-9)


def test_design_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["design", write(tmp_path, small(objective="win_per_material", top=2))]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Best designs for Red against Ancients (objective P(win)/material)")
    assert "1. P(win)" in out and "2. P(win)" in out
    assert str(Blueprint.default("terran_directorate", "interceptor")).split(":")[0] in out
    assert "evaluated" in out and "battles solved" in out


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        ({"colour": "red"}, "design.colour", "unknown key 'colour'"),
        ({"techs": ["plasma_cannon", "death_ray"]}, "design.techs[1]", "unknown tech"),
        ({"objective": "glory"}, "design.objective", "unknown value 'glory'"),
        ({"budget": -1}, "design.budget", "whole number >= 0"),
        ({"top": 0}, "design.top", "whole number >= 1"),
        ({"side": "Blue"}, "design.side", "name of a side"),
        ({"side": "Ancients"}, "design.side", "no species"),
        ({"classes": ["frigate"]}, "design.classes[0]", "unknown ship class 'frigate'"),
        ({"classes": ["starbase"]}, "design.classes[0]", "cannot move"),
        ({"discoveries": ["hull"]}, "design.discoveries[0]", "not a discovery part"),
        ({"blueprints": {"cruiser": ["hull"]}}, "design.blueprints.cruiser", "1 slots given"),
        (
            {
                "blueprints": {
                    "cruiser": {"parts": ["elc", "ioc", None, "nus", "hul", "nud"], "x": 1}
                }
            },
            "design.blueprints.cruiser.x",
            "unknown key",
        ),
        ({"upgrades": "two"}, "design.upgrades", "whole number"),
    ],
)
def test_bad_design_section_names_the_path(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    change: dict[str, Any],
    path: str,
    message: str,
) -> None:
    assert main(["design", write(tmp_path, small(**change))]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"{path}: " in captured.err
    assert message in captured.err


def test_missing_design_section(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = small()
    del doc["design"]
    assert main(["design", write(tmp_path, doc)]) == 2
    assert "design: missing" in capsys.readouterr().err


def test_battle_errors_keep_their_paths(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = small()
    doc["sides"][0]["ships"][0]["parts"] = ["nus", "death_ray", "nud", None]
    assert main(["design", write(tmp_path, doc)]) == 2
    assert "sides[0].ships[0].parts[1]" in capsys.readouterr().err


def test_plain_battle_files_still_reject_a_design_key() -> None:
    with pytest.raises(BattleFileError) as info:
        parse_battle(small())
    assert info.value.path == "design"


def test_bad_workers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["design", write(tmp_path, small()), "--workers", "0"]) == 2
    assert "--workers" in capsys.readouterr().err


SECTOR_EXAMPLE = REPO / "examples" / "design_sector.json"


def small_sector(**design: Any) -> dict[str, Any]:
    doc = json.loads(SECTOR_EXAMPLE.read_text())
    doc["design"].update({"budget": 3, "upgrades": 1, "classes": ["interceptor"], "top": 2})
    doc["design"].update(design)
    return doc


def test_design_whole_sector(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, small_sector())
    assert main(["design", path, "--json", "--workers", "1"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    doc = json.loads(captured.out)
    assert doc["sector"] is True and doc["aggregate"] is None
    assert doc["opponents"] == ["Blue", "Green"]
    best = doc["designs"][0]
    (matchup,) = best["matchups"]
    assert matchup["opponent"] == "sector" and set(matchup["sides_lost"]) == {"Blue", "Green"}
    assert best["win"] == matchup["win"] == best["objective"]
    # Round trip: the design's ships in the battle file give its P(holding the sector).
    battle_doc = json.loads(SECTOR_EXAMPLE.read_text())
    del battle_doc["design"]
    battle_doc["sides"][2]["ships"] = best["ships"]
    battle_path = tmp_path / "battle.json"
    battle_path.write_text(json.dumps(battle_doc))
    assert main(["odds", str(battle_path), "--json"]) == 0
    odds = json.loads(capsys.readouterr().out)
    red = next(s for s in odds["sides"] if s["name"] == "Red")
    assert red["holds_sector"] == pytest.approx(best["win"], abs=1e-9)
    # --no-sector overrides the file: one battle per opponent, and a note on stderr.
    assert main(["design", path, "--json", "--workers", "1", "--no-sector"]) == 0
    captured = capsys.readouterr()
    apart = json.loads(captured.out)
    assert apart["sector"] is False and apart["aggregate"] == "worst"
    assert [m["opponent"] for m in apart["designs"][0]["matchups"]] == ["Blue", "Green"]
    assert "3 sides" in captured.err and "design.sector" in captured.err


def test_design_sector_flag_and_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, small_sector(sector=False))
    assert main(["design", path, "--workers", "1", "--sector"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("Best designs for Red in the whole sector with Blue, Green")
    assert captured.err == ""
    # Two sides: no note, whatever the mode.
    assert main(["design", write(tmp_path, small()), "--workers", "1"]) == 0
    assert capsys.readouterr().err == ""


def test_bad_sector_value(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["design", write(tmp_path, small_sector(sector="yes"))]) == 2
    assert "design.sector: expected true or false" in capsys.readouterr().err


def test_design_section_counts_and_classes() -> None:
    from calc.design.files import parse_design
    from calc.design.prune import Objective

    doc = small(upgrades=None, classes=["interceptor", "cruiser"], seed=4, max_states=900)
    del doc["design"]["budget"]
    request, _ = parse_design(doc)
    # Left out or null: the designer's defaults; given: as written.
    assert (request.budget, request.upgrades, request.builds, request.top) == (0, None, None, 5)
    assert request.classes == ("interceptor", "cruiser")
    assert (request.evaluation.seed, request.evaluation.max_states) == (4, 900)
    assert request.objective is Objective.WIN
    assert parse_design(small(builds=2, budget=7))[0].builds == 2
    for key in ("budget", "top", "max_candidates"):
        with pytest.raises(BattleFileError) as info:
            parse_design(small(**{key: None}))
        assert info.value.path == f"design.{key}"
