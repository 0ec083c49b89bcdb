"""AppTest of the Blueprint what-if page: the ranking, using an upgrade, two designs compared."""

from __future__ import annotations

from blueprints import Blueprint
from calc.battle.report import percent
from calc.sector.ladder import odds
from tests.ui.dashboard import WHATIF, open_page, rerun, widget
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
    at = open_page(WHATIF)
    table = at.dataframe[0].value
    assert list(zip(table["upgrade"], table["P(win)"], strict=True)) == expected_ranking()
    assert list(table["rank"]) == list(range(1, len(table) + 1))
    assert set(table["ships affected"]) == {3} and set(table["build cost each"]) == {3}
    assert any(m.value.startswith("Best: **right: Electron Computer → Hull**") for m in at.markdown)
    assert len(at.get("plotly_chart")) == 2  # the gains and the two designs


def test_using_an_upgrade_changes_the_shared_battle() -> None:
    at = open_page(WHATIF)
    at.button(key="whatif.use").click()
    rerun(at)
    assert any("terran_directorate/interceptor:nus,plc,nud,hul" in c.value for c in at.caption)
    # The ranking now starts from the upgraded blueprint.
    assert "right: Hull → Electron Computer" in list(at.dataframe[0].value["upgrade"])


def test_two_designs_side_by_side_and_another_class() -> None:
    at = open_page(WHATIF)
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
