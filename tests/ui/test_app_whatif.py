"""AppTest of the Blueprint what-if page: the ranking, using an upgrade, two designs compared."""

from __future__ import annotations

from blueprints import Blueprint
from calc import odds, percent
from tests.ui.dashboard import EXAMPLE, WHATIF, open_page, rerun, widget
from ui.battle_editor import build, draft_from_file, example_battle, set_class_blueprint
from ui.whatif import rank, upgrades

RED_INTERCEPTOR = Blueprint.from_parts(
    "terran_directorate",
    "interceptor",
    ["nuclear_source", "plasma_cannon", "nuclear_drive", "electron_computer"],
)


def expected_ranking() -> list[tuple[str, str]]:
    draft = draft_from_file(example_battle())
    base = build(draft).battle
    assert base is not None
    evaluated = []
    for u in upgrades(RED_INTERCEPTOR, ["plasma_cannon"], []):
        battle = build(
            set_class_blueprint(draft, 0, RED_INTERCEPTOR.ship_class, u.blueprint)
        ).battle
        assert battle is not None
        evaluated.append((u, odds(battle)))
    return [(r.upgrade.describe(), percent(r.wins)) for r in rank("Red", odds(base), evaluated)]


def test_ranks_every_upgrade_of_the_chosen_class() -> None:
    at = open_page(WHATIF, EXAMPLE)
    table = at.dataframe[0].value
    assert list(zip(table["upgrade"], table["P(win)"], strict=True)) == expected_ranking()
    assert list(table["rank"]) == list(range(1, len(table) + 1))
    assert set(table["ships affected"]) == {3} and set(table["build cost each"]) == {3}
    assert any(m.value.startswith("Best: **right: Electron Computer → Hull**") for m in at.markdown)
    assert len(at.get("plotly_chart")) == 2  # the gains and the two designs


def test_using_an_upgrade_changes_the_shared_battle() -> None:
    at = open_page(WHATIF, EXAMPLE)
    assert "right: Electron Computer → Hull" in at.button(key="whatif.use").help
    at.button(key="whatif.use").click()
    rerun(at)
    now = "Red's interceptor now: Nuclear Source, Plasma Cannon, Nuclear Drive, Hull · 3 "
    assert any(c.value.startswith(now + "interceptors") for c in at.caption)
    # The ranking now starts from the upgraded blueprint.
    assert "right: Hull → Electron Computer" in list(at.dataframe[0].value["upgrade"])


def test_the_picker_belongs_to_the_class_it_ranks() -> None:
    """The choice made for the interceptor does not stand for a cruiser upgrade: after the
    class changes, the picker offers the cruiser's upgrades and "Use it" applies the one it
    names."""
    at = open_page(WHATIF, EXAMPLE)
    picker = next(s for s in at.selectbox if s.label == "Upgrade to put in the battle")
    picker.set_value(picker.options[2])
    rerun(at)
    widget(at.selectbox, "whatif.class.0").select_index(1)  # the cruiser
    rerun(at)
    picker = next(s for s in at.selectbox if s.label == "Upgrade to put in the battle")
    cruiser_upgrades = list(at.dataframe[0].value["upgrade"])
    assert picker.value == f"1. {cruiser_upgrades[0]}"
    assert all(o.split(". ", 1)[1] in cruiser_upgrades for o in picker.options)
    picker.set_value(picker.options[1])
    rerun(at)
    chosen = picker.options[1].split(". ", 1)[1]
    assert chosen in at.button(key="whatif.use").help
    at.button(key="whatif.use").click()
    rerun(at)
    draft = at.session_state["fleetlab.draft"]
    cruiser = next(g for g in draft.sides[0].groups if g.ship_class.value == "cruiser")
    expected = next(
        u.blueprint
        for u in upgrades(Blueprint.default("terran_directorate", "cruiser"), ["plasma_cannon"], [])
        if u.describe() == chosen
    )
    assert cruiser.parts == tuple(None if p is None else p.id for p in expected.slots)


def test_two_designs_side_by_side_and_another_class() -> None:
    at = open_page(WHATIF, EXAMPLE)
    a, b = (m for m in at.metric if m.label.startswith("Red wins with design"))
    assert a.value == b.value == "46.92%"
    widget(at.selectbox, "whatif.B.slot3").set_value("hull")
    rerun(at)
    b = next(m for m in at.metric if m.label == "Red wins with design B")
    assert b.value == "69.70%"
    assert b.delta == "+22.78 points"
    widget(at.selectbox, "whatif.class.0").select_index(1)
    rerun(at)
    assert any("Red's cruiser now" in c.value for c in at.caption)
    assert set(at.dataframe[0].value["ships affected"]) == {2}
