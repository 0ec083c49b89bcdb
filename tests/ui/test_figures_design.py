"""The designer's ranking figure, tested as data."""

from __future__ import annotations

import pytest

from blueprints import Blueprint, ShipClass
from calc import ShipGroup, Side
from calc.design import DesignRequest, Objective, Opponent, design, result_to_dict
from ui.designer_form import design_cards
from ui.figures import design_ranking_figure

TERRAN = "terran_directorate"


@pytest.mark.parametrize("objective", list(Objective))
def test_design_ranking_figure(objective: Objective) -> None:
    bp = Blueprint.default(TERRAN, "interceptor")
    result = design(
        DesignRequest(
            side=Side("Red", (ShipGroup.of(bp, 1),), species=TERRAN),
            opponents=(Opponent(Side("NPC", (ShipGroup.npc("ancient"),), npc=True)),),
            techs=("plasma_cannon",),
            budget=3,
            upgrades=1,
            classes=(ShipClass.INTERCEPTOR,),
            objective=objective,
            top=4,
        ),
        workers=1,
    )
    cards = design_cards(result_to_dict(result))
    fig = design_ranking_figure(cards, objective)
    bars = fig.data[0]
    assert list(bars.y) == ["#1", "#2", "#3", "#4"]
    assert list(bars.x) == pytest.approx([d.value for d in result.designs])
    assert bars.customdata[0][1] == result.designs[0].cost
    # Each bar is labelled with its value (a percentage for P(win)).
    assert bars.texttemplate == ("%{x:.2%}" if objective is Objective.WIN else "%{x:.4g}")
    fleet = str(bars.customdata[0][0])  # the fleet in words: classes and parts by name
    assert "interceptor" in fleet and "Nuclear Drive" in fleet and "_" not in fleet
    if objective is Objective.WIN:
        assert len(fig.data) == 1
    else:
        assert list(fig.data[1].x) == pytest.approx([d.win for d in result.designs])
