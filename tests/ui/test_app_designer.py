"""AppTest of the Fleet designer page (the search in its worker process, progress, Cancel, the
designs as a player reads them, a design put into the battle) and its pure pieces."""

from __future__ import annotations

import json
import os
import signal
import time
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from calc import percent
from calc.design import Objective, design, result_to_dict, search_estimate
from tests.ui.dashboard import DESIGNER, open_page, rerun, widget
from ui.battle_editor import build, draft_from_file, printed_battle
from ui.designer_form import (
    design_cards,
    design_document,
    design_request,
    search_summary,
    tech_choices,
)
from ui.share import encode_battle

SEARCH_SECONDS = 240.0


def wait_for_designs(at: AppTest) -> AppTest:
    """Run the page until the worker's search has ended (the page shows no progress bar)."""
    deadline = time.monotonic() + SEARCH_SECONDS
    while time.monotonic() < deadline:
        rerun(at)
        if not at.get("progress"):
            return at
        time.sleep(0.5)
    raise AssertionError("the search did not end")


def small_search(at: AppTest) -> None:
    widget(at.number_input, "design.budget").set_value(3)
    widget(at.number_input, "design.upgrades").set_value(1)
    rerun(at)


def test_the_page_estimates_searches_and_shows_readable_designs() -> None:
    at = open_page(DESIGNER)
    assert any("Press the button" in i.value for i in at.info)
    small_search(at)
    # Before the search: how big it is and the longest it can take.
    assert any(c.value.startswith("50 designs to weigh (50 battles: 50 exact)") for c in at.caption)
    at.button(key="design.run").click()
    wait_for_designs(at)
    built = build(draft_from_file(printed_battle()))
    doc = design_document(built.doc, "Red", techs=[], budget=3, upgrades=1)
    expected = result_to_dict(design(design_request(doc), workers=1))
    cards = design_cards(expected)
    titles = [m.value for m in at.markdown if m.value.startswith("**#")]
    assert titles == [f"**{c.title(Objective.WIN)}**" for c in cards]
    assert titles[0].startswith(f"**#1 · P(win) {percent(expected['designs'][0]['win'])} · ")
    lines = [m.value for m in at.markdown if m.value.startswith("- ")]
    assert lines[0].startswith(f"- {cards[0].lines[0].describe()}")
    assert "_" not in lines[0].split("\n")[0]  # parts by name, no ids
    assert any(c.value.startswith("50 designs in the search space") for c in at.caption)
    # The design goes into the battle: Red's ships become the design's.
    at.button(key="design.use.1").click()
    rerun(at)
    red = at.session_state["fleetlab.draft"].sides[0]
    counts = {g.ship_class: g.count for g in red.groups if g.is_blueprint}
    assert counts == {
        **{g.ship_class: 0 for g in red.groups if g.is_blueprint},
        **{line.ship_class: line.count for line in cards[0].lines},
    }


def test_a_search_can_be_cancelled() -> None:
    at = open_page(DESIGNER)
    widget(at.number_input, "design.budget").set_value(16)  # thousands of designs: seconds
    rerun(at)
    at.button(key="design.run").click()
    rerun(at)
    assert at.get("progress"), "the search shows its progress while it runs"
    job = next(iter(at.session_state["fleetlab.design.jobs"].values()))
    # Frozen (SIGSTOP) so that the search, seconds long, cannot end before the click; the
    # cancel wakes a stopped group, so this also shows that a stopped search is stopped.
    os.killpg(job.pid, signal.SIGSTOP)
    at.button(key="design.cancel").click()
    rerun(at)
    status = job.status()
    assert status.cancelled and not status.running and status.result is None
    # Ended by the SIGTERM, not by the SIGKILL that follows a 10 s wait.
    assert job.exit_status == -signal.SIGTERM
    assert job.wait(30).running is False
    with pytest.raises(ProcessLookupError):  # the worker's process group is gone
        os.killpg(job.pid, 0)
    assert not at.get("progress") and not at.error
    assert any("Press the button" in i.value for i in at.info)


def test_request_estimate_and_cards() -> None:
    built = build(draft_from_file(printed_battle()))
    doc = design_document(built.doc, "Red", techs=["plasma_cannon"], budget=3, upgrades=1, top=3)
    assert "method" not in doc["options"]  # the designer picks every battle's method
    request = design_request(doc)
    assert request.side.name == "Red" and request.techs == ("plasma_cannon",)
    assert len(request.opponents) == len(built.doc["sides"]) - 1
    found = search_estimate(request, workers=2)
    result = design(request, workers=1)
    assert found.designs == result.candidates
    assert found.battles == result.candidates * len(request.opponents)
    assert found.seconds > 0 and "designs to weigh" in found.describe()
    out = result_to_dict(result)
    cards = design_cards(out)
    assert [c.rank for c in cards] == [1, 2, 3]
    assert all(c.cost <= 3 for c in cards)
    for card, ranked in zip(cards, result.designs, strict=True):
        assert [line.blueprint for line in card.lines] == [g.blueprint for g in ranked.groups]
        assert card.win == round(ranked.win, 9)
    assert "evaluated" in search_summary(out)
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
    small_search(at)
    toggle = widget(at.toggle, "design.sector")
    assert toggle.value is False
    assert not widget(at.selectbox, "design.aggregate").disabled
    toggle.set_value(True)
    rerun(at)
    assert widget(at.selectbox, "design.aggregate").disabled
    at.button(key="design.run").click()
    wait_for_designs(at)
    assert any(c.value.startswith("Whole sector") for c in at.caption)
    built = build(draft_from_file(three_sides()))
    doc = design_document(built.doc, "Red", techs=[], budget=3, upgrades=1, sector=True)
    expected = design(design_request(doc), workers=1)
    assert expected.request.whole_sector
    titles = [m.value for m in at.markdown if m.value.startswith("**#")]
    assert titles == [
        f"**{c.title(Objective.WIN)}**" for c in design_cards(result_to_dict(expected))
    ]
    # Off again: one battle per opponent, the search asked for again.
    widget(at.toggle, "design.sector").set_value(False)
    rerun(at)
    assert any("Press the button" in i.value for i in at.info)


def test_the_worker_is_a_filter_of_design_files(tmp_path: Any) -> None:
    import io

    from ui.design_worker import run

    built = build(draft_from_file(printed_battle()))
    doc = design_document(built.doc, "Red", techs=[], budget=2, upgrades=1)
    out = io.StringIO()
    assert run(io.StringIO(json.dumps(doc)), out, workers=1) == 0
    messages = [json.loads(line) for line in out.getvalue().splitlines()]
    assert all("progress" in m for m in messages[:-1])
    assert messages[-1]["result"]["format"] == "fleetlab-design/1"
    bad = io.StringIO()
    doc["design"]["side"] = "Nobody"
    assert run(io.StringIO(json.dumps(doc)), bad, workers=1) == 2
    assert "design.side" in json.loads(bad.getvalue())["error"]
    worse = io.StringIO()
    assert run(io.StringIO("{"), worse) == 2
    assert "not JSON" in json.loads(worse.getvalue())["error"]
