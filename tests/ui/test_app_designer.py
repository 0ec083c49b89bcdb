"""AppTest of the Fleet designer page, and its pure form module."""

from __future__ import annotations

from typing import Any

from calc.design.prune import Objective
from tests.support import REPO
from tests.ui.dashboard import open_page, rerun, widget
from ui.battle_editor import build, draft_from_file, example_battle
from ui.designer_form import design_request, design_rows, search_summary, tech_choices
from ui.share import encode_battle

DESIGNER = REPO / "ui/views/fleet_designer.py"


def test_the_page_searches_and_ranks() -> None:
    at = open_page(DESIGNER)
    assert any("Press the button" in i.value for i in at.info)
    widget(at.number_input, "design.budget").set_value(3)
    widget(at.number_input, "design.upgrades").set_value(1)
    rerun(at)
    at.button(key="design.run").click()
    rerun(at)
    frame = at.dataframe[0].value
    assert frame["rank"].iloc[0] == 1
    assert all(m <= 3 for m in frame["materials"])
    assert any("designs in the search space" in c.value for c in at.caption)


def test_request_and_rows() -> None:
    built = build(draft_from_file(example_battle()))
    assert built.battle is not None
    request = design_request(built.battle, 0, techs=["plasma_cannon"], budget=3, upgrades=1, top=3)
    assert request.side.name == built.battle.sides[0].name
    assert len(request.opponents) == len(built.battle.sides) - 1
    from calc.design.designer import design

    result = design(request, workers=1)
    rows = design_rows(result)
    assert rows and rows[0]["rank"] == 1
    assert all(r["materials"] <= 3 for r in rows)  # type: ignore[operator]
    assert "evaluated" in search_summary(result)
    assert "plasma_cannon" in tech_choices()
    assert request.objective is Objective.WIN


def three_sides() -> dict[str, Any]:
    def side(name: str, ships: list[dict[str, Any]]) -> dict[str, Any]:
        return {"name": name, "species": "terran_directorate", "ships": ships}

    return {
        "format": "fleetlab-battle/1",
        "sides": [
            side("Green", [{"class": "cruiser"}]),
            side("Red", [{"class": "interceptor"}]),
            side("Blue", [{"class": "interceptor", "count": 2}]),
        ],
        "defender": 2,
    }


def test_whole_sector_toggle_with_three_sides() -> None:
    assert not open_page(DESIGNER).toggle  # two sides: nothing to choose
    at = open_page(DESIGNER, {"battle": encode_battle(three_sides())})
    widget(at.selectbox, "design.side").set_value(1)
    widget(at.number_input, "design.budget").set_value(3)
    widget(at.number_input, "design.upgrades").set_value(1)
    rerun(at)
    toggle = widget(at.toggle, "design.sector")
    assert toggle.value is False
    assert not widget(at.selectbox, "design.aggregate").disabled
    toggle.set_value(True)
    rerun(at)
    assert widget(at.selectbox, "design.aggregate").disabled
    at.button(key="design.run").click()
    rerun(at)
    assert any(c.value.startswith("Whole sector") for c in at.caption)
    frame = at.dataframe[0].value
    built = build(draft_from_file(three_sides()))
    assert built.battle is not None
    from calc.design.designer import design

    expected = design(
        design_request(built.battle, 1, techs=[], budget=3, upgrades=1, sector=True), workers=1
    )
    assert expected.request.whole_sector
    assert list(frame["fleet"]) == [d.describe() for d in expected.designs]
    # Off again: one battle per opponent, the search asked for again.
    widget(at.toggle, "design.sector").set_value(False)
    rerun(at)
    assert any("Press the button" in i.value for i in at.info)
