"""AppTest of the Battle odds page: edit counts, blueprints, species and options; read the odds."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest

from calc.battle.report import percent
from calc.sector.ladder import odds
from tests.support import REPO
from tests.ui.dashboard import ODDS, metrics, open_page, rerun, widget
from ui.battle_editor import build, draft_from_file, example_battle, set_count, set_part
from ui.share import encode_battle


def expected_headline(draft_change: object = None) -> dict[str, str]:
    draft = draft_from_file(example_battle())
    if callable(draft_change):
        draft = draft_change(draft)
    battle = build(draft).battle
    assert battle is not None
    result = odds(battle)
    return {
        "Red wins": percent(result.attacker_wins),
        "Blue wins": percent(result.defender_wins),
        "Engagement rounds": f"{result.expected_rounds:.2f}",
    }


def test_opens_on_the_example_with_exact_odds() -> None:
    at = open_page(ODDS)
    assert metrics(at) == {"Red wins": "46.92%", "Blue wins": "53.08%", "Engagement rounds": "5.95"}
    assert metrics(at) == expected_headline()
    assert any("green-badge[Exact]" in m.value for m in at.markdown)
    assert any("Red: optimal play; Blue: optimal play" in m.value for m in at.markdown)
    assert [d.label for d in at.download_button][:2] == ["Results (JSON)", "Results (CSV)"]
    assert "Download battle file" in [d.label for d in at.sidebar.download_button]
    assert len(at.get("plotly_chart")) == 1
    assert at.query_params["battle"].startswith("1.")


def test_changing_counts_changes_the_odds() -> None:
    at = open_page(ODDS)
    widget(at.number_input, "side0.count.interceptor.0").set_value(5)
    rerun(at)
    assert metrics(at) == expected_headline(lambda d: set_count(d, 0, 0, 5))
    assert metrics(at)["Red wins"] != "46.92%"
    widget(at.number_input, "side1.count.starbase.3").set_value(0)
    rerun(at)
    assert metrics(at) == expected_headline(lambda d: set_count(set_count(d, 0, 0, 5), 1, 3, 0))


def test_an_illegal_part_shows_the_problem_and_blocks_the_solve() -> None:
    at = open_page(ODDS)
    slot = widget(at.selectbox, "side0.interceptor.0.slot3")
    assert "plasma_cannon" not in slot.options  # only legal parts by default
    at.toggle(key="every-part").set_value(True)
    rerun(at)
    slot = widget(at.selectbox, "side0.interceptor.0.slot3")
    assert "Plasma Cannon (orange cannon x1, energy -2) · breaks a rule" in slot.options
    slot.set_value("plasma_cannon")
    rerun(at)
    errors = [e.value for e in at.error]
    assert "Uses 5 energy but produces only 3" in errors  # beside the blueprint
    assert any("Red interceptor: uses 5 energy but produces only 3" in e for e in errors)
    solve = at.button(key="solve")
    assert solve.disabled
    assert "uses 5 energy" in solve.help
    assert not at.metric  # no odds for an illegal battle
    assert at.query_params["battle"] == encode_battle(build(draft_from_file(example_battle())).doc)
    # Putting the computer back makes it solvable again.
    widget(at.selectbox, "side0.interceptor.0.slot3").set_value("electron_computer")
    rerun(at)
    assert metrics(at)["Red wins"] == "46.92%"


def test_removing_a_tech_makes_its_part_a_problem() -> None:
    at = open_page(ODDS)
    widget(at.multiselect, "side0.part-techs").set_value([])
    rerun(at)
    assert "'plasma_cannon' needs the tech 'plasma_cannon'" in [e.value for e in at.error]
    assert at.button(key="solve").disabled


def test_npc_side_monte_carlo_and_sector_facts() -> None:
    at = open_page(ODDS)
    widget(at.selectbox, "side1.species").set_value("npc")
    rerun(at)
    assert widget(at.number_input, "side1.count.ancient.0").value == 1
    widget(at.number_input, "side1.count.ancient.0").set_value(2)
    rerun(at)
    doc = example_battle()
    doc["sides"][1] = {"name": "Blue", "npc": True, "ships": [{"class": "ancient", "count": 2}]}
    del doc["options"]["policy"]["Blue"]
    battle = build(draft_from_file(doc)).battle
    assert battle is not None
    assert metrics(at)["Red wins"] == percent(odds(battle).attacker_wins)
    assert any("the NPC rule" in m.value for m in at.markdown)
    widget(at.checkbox, "side0.can-retreat").check()
    rerun(at)
    assert not at.exception
    assert "Red wins" in metrics(at)  # retreat is part of the odds: the page still solves
    widget(at.selectbox, "method").set_value("monte-carlo")
    rerun(at)
    widget(at.number_input, "samples").set_value(20_000)
    rerun(at)
    assert any("Press Solve" in i.value for i in at.info)  # simulations wait for the button
    at.button(key="solve").click()
    rerun(at)
    assert any("orange-badge[Approximate ± " in m.value for m in at.markdown)
    assert "±" in metrics(at)["Red wins"]


def test_three_sides_are_solved_as_a_sector() -> None:
    at = open_page(ODDS)
    at.button(key="add-side#0").click()
    rerun(at)
    assert [t.label for t in at.tabs] == ["Red (attacker)", "Blue (defender)", "Green (attacker)"]
    if not metrics(at):
        at.button(key="solve").click()
        rerun(at)
    shown = metrics(at)
    for name in ("Red", "Blue", "Green"):
        assert f"{name} holds the sector" in shown
    assert "Nobody left" in shown


def test_links_restore_the_battle_and_bad_links_say_so() -> None:
    draft = set_part(set_count(draft_from_file(example_battle()), 0, 0, 4), 1, 0, 3, "hull")
    token = encode_battle(build(draft).doc)
    at = open_page(ODDS, {"battle": token})
    assert not at.warning
    assert widget(at.number_input, "side0.count.interceptor.0").value == 4
    assert metrics(at) == expected_headline(
        lambda d: set_part(set_count(d, 0, 0, 4), 1, 0, 3, "hull")
    )
    bad = open_page(ODDS, {"battle": "7.abc"})
    assert "another version of Fleetlab" in bad.warning[0].value
    assert metrics(bad)["Red wins"] == "46.92%"


def test_a_big_battle_waits_for_the_solve_button_and_uploads_work() -> None:
    at = open_page(ODDS)
    big = (REPO / "benchmarks/corpus/18_largest_4_groups_vs_starbases.json").read_bytes()
    at.sidebar.file_uploader[0].set_value(("big.json", big, "application/json"))
    rerun(at)
    assert any("Press Solve" in i.value for i in at.info)
    assert not at.metric
    at.button(key="solve").click()
    rerun(at)
    battle = build(draft_from_file(json.loads(big))).battle
    assert battle is not None
    assert metrics(at)["Red wins"] == percent(odds(battle).attacker_wins)
    bad = example_battle()
    bad["sides"][0]["ships"][0]["count"] = "three"
    at.sidebar.file_uploader[0].set_value(
        ("bad.json", json.dumps(bad).encode(), "application/json")
    )
    rerun(at)
    message = at.sidebar.error[0].value
    assert message.startswith("bad.json was not opened, at sides[0].ships[0].count: ")
    assert metrics(at)["Red wins"] == percent(odds(battle).attacker_wins)  # the battle stays


def test_other_pages_open_a_battle_on_the_odds_page() -> None:
    def script() -> None:
        import json

        import streamlit as st

        from tests.support import REPO
        from ui import state

        doc = json.loads((REPO / "examples/red_vs_ancients.json").read_text())
        if st.button("Open", key="open"):
            state.open_battle(doc, switch=False)
        st.write(", ".join(side.name for side in state.draft().sides))

    at = AppTest.from_function(script, default_timeout=60)
    at.run()
    assert at.markdown[0].value == "Red, Blue"
    at.button(key="open").click()
    at.run()
    assert at.markdown[0].value == "Red, Ancients"
