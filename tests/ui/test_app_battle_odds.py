"""AppTest of the Battle odds page: edit counts, blueprints, species and options; read the odds;
population attacks, fixes, ships typed as numbers, Back and Forward."""

from __future__ import annotations

import json
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from blueprints import Dice, ShipClass, ShipStats
from calc import odds, percent
from tests.support import REPO
from tests.ui.dashboard import EXAMPLE, ODDS, expand, metrics, open_page, rerun, widget
from ui.battle_editor import (
    add_stats_group,
    build,
    draft_from_file,
    example_battle,
    printed_battle,
    set_count,
    set_part,
)
from ui.share import encode_battle


def expected_headline(doc: Any, draft_change: object = None) -> dict[str, str]:
    draft = draft_from_file(doc)
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


def test_opens_on_printed_blueprints_with_exact_odds() -> None:
    at = open_page(ODDS)
    assert metrics(at) == {"Red wins": "53.19%", "Blue wins": "46.81%", "Engagement rounds": "7.28"}
    assert metrics(at) == expected_headline(printed_battle())
    assert any("green-badge[Exact]" in m.value for m in at.markdown)
    assert any("Red: optimal play; Blue: optimal play" in m.value for m in at.markdown)
    # The compact line that stays at the top of a phone's screen says the same.
    assert "**Red 53.19% · Blue 46.81% · Exact**" in [m.value for m in at.markdown]
    assert [d.label for d in at.download_button][:2] == ["Results (JSON)", "Results (CSV)"]
    assert "Download battle file" in [d.label for d in at.sidebar.download_button]
    # The survivor distributions: a table at once, the chart on request.
    table = at.dataframe[2].value
    battle = build(draft_from_file(printed_battle())).battle
    assert battle is not None
    result = odds(battle)
    red = result.sides[0].groups[0]
    assert list(table.iloc[0][[f"{k} left" for k in range(red.count + 1)]]) == [
        percent(p) for p in red.survivors
    ]
    assert not at.get("plotly_chart")
    expand(at, "odds.survivors-chart")
    assert len(at.get("plotly_chart")) == 1
    assert at.query_params["battle"].startswith("1.")
    # Every blueprint is printed and no side has a tech to take away.
    draft = at.session_state["fleetlab.draft"]
    assert all(not side.techs for side in draft.sides)
    assert all(g.parts is None for side in draft.sides for g in side.groups)


def test_new_battle_and_the_upgraded_example_buttons() -> None:
    at = open_page(ODDS, EXAMPLE)
    assert metrics(at)["Red wins"] == "46.92%"
    at.button(key="battle-new").click()
    rerun(at)
    assert metrics(at)["Red wins"] == "53.19%"
    at.button(key="battle-reset").click()
    rerun(at)
    assert metrics(at)["Red wins"] == "46.92%"


def test_changing_counts_changes_the_odds() -> None:
    at = open_page(ODDS, EXAMPLE)
    widget(at.number_input, "side0.count.interceptor.0").set_value(5)
    rerun(at)
    assert metrics(at) == expected_headline(example_battle(), lambda d: set_count(d, 0, 0, 5))
    assert metrics(at)["Red wins"] != "46.92%"
    widget(at.number_input, "side1.count.starbase.3").set_value(0)
    rerun(at)
    assert metrics(at) == expected_headline(
        example_battle(), lambda d: set_count(set_count(d, 0, 0, 5), 1, 3, 0)
    )


def test_an_illegal_part_shows_the_problem_and_blocks_the_solve() -> None:
    at = open_page(ODDS, EXAMPLE)
    slot = widget(at.selectbox, "side0.interceptor.0.slot3")
    assert "plasma_cannon" not in slot.options  # only legal parts by default
    at.toggle(key="every-part").set_value(True)
    rerun(at)
    slot = widget(at.selectbox, "side0.interceptor.0.slot3")
    assert "Plasma Cannon (orange cannon x1, energy −2) · breaks a rule" in slot.options
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


def test_removing_a_tech_offers_to_drop_the_part_or_give_the_tech_back() -> None:
    at = open_page(ODDS, EXAMPLE)
    widget(at.multiselect, "side0.part-techs").set_value([])
    rerun(at)
    problem = "Plasma Cannon needs the Plasma Cannon tech, which Red has not researched"
    assert problem in [e.value for e in at.error]  # beside the blueprint, by names
    assert any(f"Red interceptor: {problem}" in e.value for e in at.error)
    assert at.button(key="solve").disabled
    labels = [b.label for b in at.button if b.key and b.key.startswith("fix.")]
    assert labels == [
        "Give Red the Plasma Cannon tech",
        "Take the Plasma Cannon off Red's interceptors",
    ]
    widget(at.button, "fix.drop.0.interceptor").click()
    rerun(at)
    # The printed Ion Cannon is back in the slot: the battle solves, Red without a tech.
    doc = example_battle()
    doc["sides"][0]["techs"] = []
    doc["sides"][0]["ships"][0]["parts"][1] = "ion_cannon"
    assert metrics(at) == expected_headline(doc)
    assert at.session_state["fleetlab.draft"].sides[0].techs == ()
    # The other way out: the tech comes back and so do the example's odds.
    at = open_page(ODDS, EXAMPLE)
    widget(at.multiselect, "side0.part-techs").set_value([])
    rerun(at)
    widget(at.button, "fix.tech.0.plasma_cannon").click()
    rerun(at)
    assert metrics(at)["Red wins"] == "46.92%"


def test_npc_side_monte_carlo_and_sector_facts() -> None:
    at = open_page(ODDS, EXAMPLE)
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
    assert any("shield no shield" not in c.value and "no shield" in c.value for c in at.caption)
    expand(at, "side0.sector")
    widget(at.checkbox, "side0.can-retreat").check()
    rerun(at)
    assert "Red wins" in metrics(at)  # retreat is part of the odds: the page still solves
    expand(at, "battle-options")
    widget(at.selectbox, "method").set_value("monte-carlo")
    rerun(at)
    widget(at.number_input, "samples").set_value(20_000)
    rerun(at)
    assert any("Press Solve" in i.value for i in at.info)  # simulations wait for the button
    assert any(c.value == "Monte Carlo, as asked: 20,000 simulated battles" for c in at.caption)
    at.button(key="solve").click()
    rerun(at)
    assert any("orange-badge[Approximate ± " in m.value for m in at.markdown)
    assert "±" in metrics(at)["Red wins"]


def test_three_sides_are_solved_as_a_sector() -> None:
    at = open_page(ODDS, EXAMPLE)
    expand(at, "battle-options")
    widget(at.button, "add-side").click()
    rerun(at)
    assert [t.label for t in at.tabs] == ["Red (attacker)", "Blue (defender)", "Green (attacker)"]
    if not metrics(at):
        at.button(key="solve").click()
        rerun(at)
    shown = metrics(at)
    for name in ("Red", "Blue", "Green"):
        assert f"{name} holds the sector" in shown
    assert "Nobody left" in shown


def population_attack() -> dict[str, Any]:
    """The built-in record's sector 223: a Planta cruiser against Terran cubes, no ships."""
    return {
        "format": "fleetlab-battle/1",
        "sides": [
            {"name": "bot 4 (Planta)", "species": "planta", "ships": [{"class": "cruiser"}]},
            {
                "name": "bot 1 (Terran Federation)",
                "species": "terran_federation",
                "techs": ["neutron_bombs"],
                "ships": [],
                "population": 4,
            },
        ],
        "defender": 1,
    }


def test_a_side_with_population_and_no_ships_opens_and_solves() -> None:
    doc = population_attack()
    at = open_page(ODDS, {"battle": encode_battle(doc)})
    assert not at.warning and not at.error
    battle = build(draft_from_file(doc)).battle
    assert battle is not None
    result = odds(battle)
    cubes = result.sides[1].population_destroyed
    assert len(cubes) == 5
    shown = metrics(at)
    assert shown["bot 4 (Planta) wins"] == percent(result.attacker_wins)
    expected = sum(k * p for k, p in enumerate(cubes))
    assert shown["Cubes destroyed"] == f"{expected:.2f} of 4"
    assert shown["All 4 cubes destroyed"] == percent(cubes[-1])
    assert "Engagement rounds" not in shown and len(shown) == 3
    assert any("its 4 population cubes are attacked" in c.value for c in at.caption)
    # Its population is the defender's part in the battle: the sector editor is open.
    assert widget(at.number_input, "side1.population").value == 4


def test_an_attacker_without_ships_is_a_problem() -> None:
    at = open_page(ODDS)
    for g, cls in enumerate(("interceptor", "cruiser")):
        widget(at.number_input, f"side0.count.{cls}.{g}").set_value(0)
        rerun(at)
    assert any("Red: attacks with no ships; give it at least one" in e.value for e in at.error)
    assert at.button(key="solve").disabled


def test_ships_typed_as_numbers_join_the_side() -> None:
    at = open_page(ODDS)
    expand(at, "side1.raw.open")
    numbers = {"initiative": 3, "hull": 2, "computer": 1, "shield": 1, "cannon-orange": 2}
    widget(at.selectbox, "side1.raw.class").set_value("cruiser")
    widget(at.number_input, "side1.raw.count").set_value(2)
    widget(at.text_input, "side1.raw.label").set_value("Raider")
    widget(at.number_input, "side1.raw.cannon-yellow").set_value(0)
    for name, value in numbers.items():
        widget(at.number_input, f"side1.raw.{name}").set_value(value)
    next(b for b in at.button if b.label == "Add to Blue").click()  # the form's submit
    rerun(at)
    stats = ShipStats(
        ShipClass.CRUISER, initiative=3, hull=2, computer=1, shield=1, cannons=Dice(orange=2)
    )
    draft = add_stats_group(draft_from_file(printed_battle()), 1, stats, 2, "Raider")
    battle = build(draft).battle
    assert battle is not None
    result = odds(battle)
    assert metrics(at)["Blue wins"] == percent(result.defender_wins)
    assert any(
        "**Raider**, typed as numbers: initiative 3 · hull 2 · computer +1 · shield −1" in c.value
        for c in at.caption
    )
    assert widget(at.number_input, "side1.count.cruiser.2").value == 2
    # The miniatures hold: the printed cruiser and the two Raiders are Blue's 3 of 4 cruisers.
    assert widget(at.number_input, "side1.count.cruiser.2").max == 3
    widget(at.button, "side1.remove-group.2").click()
    rerun(at)
    assert metrics(at)["Red wins"] == "53.19%"


def test_back_and_forward_restore_the_battle_each_entry_names() -> None:
    at = open_page(ODDS)
    first = at.query_params["battle"]
    widget(at.number_input, "side0.count.interceptor.0").set_value(5)
    rerun(at)
    second = at.query_params["battle"]
    assert second != first
    five = metrics(at)
    # Back: the browser puts the previous address back and the page runs again.
    at.query_params["battle"] = first
    rerun(at)
    assert widget(at.number_input, "side0.count.interceptor.0").value == 3
    assert metrics(at)["Red wins"] == "53.19%"
    assert at.query_params["battle"] == first
    # Forward.
    at.query_params["battle"] = second
    rerun(at)
    assert widget(at.number_input, "side0.count.interceptor.0").value == 5
    assert metrics(at) == five
    # An address that cannot be read keeps the battle and says why.
    at.query_params["battle"] = "1.damaged"
    rerun(at)
    assert "Keeping the battle you had" in at.warning[0].value
    assert widget(at.number_input, "side0.count.interceptor.0").value == 5


def test_links_restore_the_battle_and_bad_links_say_so() -> None:
    draft = set_part(set_count(draft_from_file(example_battle()), 0, 0, 4), 1, 0, 3, "hull")
    token = encode_battle(build(draft).doc)
    at = open_page(ODDS, {"battle": token})
    assert not at.warning
    assert widget(at.number_input, "side0.count.interceptor.0").value == 4
    assert metrics(at) == expected_headline(
        example_battle(), lambda d: set_part(set_count(d, 0, 0, 4), 1, 0, 3, "hull")
    )
    bad = open_page(ODDS, {"battle": "7.abc"})
    assert "another version of Fleetlab" in bad.warning[0].value
    assert "Showing a new battle instead" in bad.warning[0].value
    assert metrics(bad)["Red wins"] == "53.19%"


def test_a_big_battle_waits_for_the_solve_button_and_uploads_work() -> None:
    at = open_page(ODDS)
    big = (REPO / "benchmarks/corpus/18_largest_4_groups_vs_starbases.json").read_bytes()
    at.sidebar.file_uploader[0].set_value(("big.json", big, "application/json"))
    rerun(at)
    assert any("Press Solve" in i.value for i in at.info)
    assert not at.metric
    assert any("battle states: exact in about" in c.value for c in at.caption)
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
            state.open_battle(doc, switch=False, colours={"Red": "#123456"})
        st.write(", ".join(side.name for side in state.draft().sides))
        st.write(repr(state.side_colours()))

    at = AppTest.from_function(script, default_timeout=60)
    at.run()
    assert at.markdown[0].value == "Red, Blue"
    at.button(key="open").click()
    at.run()
    assert at.markdown[0].value == "Red, Ancients"
    assert at.markdown[1].value == "{'Red': '#123456'}"


def _packed(text: str) -> str:
    """A share token around any JSON text (the link form: version, base64 of zlib)."""
    import base64
    import zlib

    raw = zlib.compress(text.encode("utf-8", "surrogatepass"))
    return "1." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _with_dice(dice: int) -> str:
    doc = example_battle()
    doc["sides"][0]["ships"] = [
        {
            "class": "cruiser",
            "count": 1,
            "stats": {"initiative": 2, "hull": 1, "computer": 0, "cannons": {"yellow": dice}},
        }
    ]
    return encode_battle(doc)


def _surrogate_name() -> str:
    doc = example_battle()
    text = json.dumps(doc).replace('"Red"', '"Red \\ud800"')
    return _packed(text)


@pytest.mark.parametrize(
    ("token", "words"),
    [
        (_packed("[" * 100_000 + "]" * 100_000), "nested"),
        (_surrogate_name(), "surrogate"),
        (_with_dice(2_000), "at most 32"),
        (_with_dice(1_000_000), "at most 32"),
        (_packed('{"format": "fleetlab-battle/1", "sides": 7}'), "sides"),
    ],
    ids=["nested-100000-deep", "lone-surrogate-name", "2000-dice", "a-million-dice", "sides-7"],
)
def test_a_hostile_link_opens_the_page_with_a_notice(token: str, words: str) -> None:
    """The issue's hostile links, opened as a visitor opens them: the page runs without an
    exception, says what was wrong with the link, and shows (and solves) a new battle."""
    at = open_page(ODDS, {"battle": token})
    notices = " ".join(w.value for w in at.warning)
    assert words in notices and "Showing a new battle instead" in notices, notices
    assert metrics(at)["Red wins"] == "53.19%"
    assert at.query_params["battle"] != token
