"""`fleetlab parts` and `fleetlab blueprint`: output, JSON keys and clear errors."""

from __future__ import annotations

import json

import pytest

from ui.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_parts_lists_every_part(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "parts")
    assert status == 0
    assert "plasma_cannon" in out and "muon_source" in out
    status, out, _ = run(capsys, "parts", "--json")
    data = json.loads(out)["parts"]
    assert len(data) == 44
    ion = next(p for p in data if p["id"] == "ion_cannon")
    assert ion["cannons"] == {"yellow": 1} and ion["energy_use"] == 1


def test_blueprint_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "blueprint", "orion_hegemony", "cruiser", "--json")
    assert status == 0
    data = json.loads(out)
    for key in (
        "species", "class", "slots", "initiative", "hull", "computer", "shield", "movement",
        "energy_production", "energy_use", "cannons", "missiles", "cost", "problems",
    ):  # fmt: skip
        assert key in data
    assert data["species"] == "orion_hegemony"
    assert data["class"] == "cruiser"
    assert data["initiative"] == 3 and data["shield"] == 1
    assert data["slots"][2] == "gauss_shield"
    assert data["problems"] == []


def test_blueprint_with_parts_reports_problems(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "blueprint", "terran_directorate", "interceptor", "--parts",
        "nus,plc,-,plm", "--json",
    )  # fmt: skip
    assert status == 0
    data = json.loads(out)
    assert data["slots"] == ["nuclear_source", "plasma_cannon", None, "plasma_missile"]
    assert data["missiles"] == {"orange": 2}
    assert any("drive" in p for p in data["problems"])
    status, out, _ = run(capsys, "blueprint", "planta", "interceptor")
    assert "(blocked)" in out and "Legal blueprint." in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["blueprint", "vulcans", "cruiser"], "unknown species 'vulcans'"),
        (["blueprint", "planta", "frigate"], "unknown ship class 'frigate'"),
        (["blueprint", "exiles", "starbase"], "has no 'starbase' blueprint"),
        (
            ["blueprint", "planta", "cruiser", "--parts", "nus,ioc,-,-,hul,warp"],
            "unknown part 'warp'",
        ),
    ],
)
def test_bad_input_exits_non_zero_with_a_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert message in err
