"""The dashboard's Plotly figures, tested as data."""

from __future__ import annotations

import pytest

from calc.sector.ladder import odds
from ui.battle_editor import build, draft_from_file, example_battle
from ui.figures import (
    NPC_COLOUR,
    SIDE_COLOURS,
    TOOLBAR_ROOM,
    design_comparison_figure,
    side_colour,
    survivors_figure,
    upgrade_gain_figure,
)
from ui.galaxy import NAMED_COLOURS


def test_survivors_figure_has_one_trace_per_group_in_one_panel_per_side() -> None:
    battle = build(draft_from_file(example_battle())).battle
    assert battle is not None
    result = odds(battle)
    fig = survivors_figure(result)
    expected = [(s.name, g) for s in result.sides for g in s.groups]
    assert [t.name for t in fig.data] == [f"{name}: {g.label}" for name, g in expected]
    for trace, (_, g) in zip(fig.data, expected, strict=True):
        assert list(trace.y) == pytest.approx([100 * p for p in g.survivors])
        assert list(trace.x) == [str(k) for k in range(g.count + 1)]
    assert [t.xaxis for t in fig.data] == ["x", "x", "x2", "x2", "x2"]
    red = [t.marker.color for t in fig.data[:2]]
    assert red[0] == "#d62728" and red[1] != red[0]  # shades of the side's colour
    assert [a.text for a in fig.layout.annotations] == ["Red: ships left", "Blue: ships left"]


def test_upgrade_gain_figure() -> None:
    fig = upgrade_gain_figure(["a", "b"], [0.25, -0.125], "Red")
    assert list(fig.data[0].y) == ["a", "b"]
    assert list(fig.data[0].x) == [25.0, -12.5]
    assert list(fig.data[0].marker.color) == ["#2e7d32", "#c62828"]
    assert "P(Red wins)" in fig.layout.xaxis.title.text


def test_design_comparison_figure() -> None:
    fig = design_comparison_figure(
        ["Design A", "Design B"], [[0.5, 0.5, 0.0], [0.75, 0.25, 0.0]], ["Red wins", "Red loses"]
    )
    assert [t.name for t in fig.data] == ["Red wins", "Red loses"]
    assert list(fig.data[0].y) == [50.0, 75.0]
    assert list(fig.data[1].y) == [50.0, 25.0]
    assert fig.layout.barmode == "stack"


def test_survivor_colours_follow_the_player_not_the_place_in_the_battle() -> None:
    doc = example_battle()
    doc["sides"].reverse()  # Blue first, Red second
    doc["defender"] = 0
    battle = build(draft_from_file(doc)).battle
    assert battle is not None
    fig = survivors_figure(odds(battle))
    by_side: dict[str, str] = {}
    for t in fig.data:  # the first group of a side has the side's colour, later ones shades
        by_side.setdefault(t.name.split(":")[0], t.marker.color)
    assert by_side["Blue"] == NAMED_COLOURS["blue"] and by_side["Red"] == NAMED_COLOURS["red"]
    # A game's seat colours win over the names; the NPCs are grey; other names by place.
    assert side_colour("bot 1 (Planta)", 0, False, {"bot 1 (Planta)": "#e6b800"}) == "#e6b800"
    assert side_colour("Green (Planta)", 0, False) == NAMED_COLOURS["green"]
    assert side_colour("NPCs", 1, True) == NPC_COLOUR
    assert side_colour("bot 2", 1, False) == SIDE_COLOURS[1]


def test_chart_titles_leave_room_for_the_toolbar() -> None:
    battle = build(draft_from_file(example_battle())).battle
    assert battle is not None
    fig = survivors_figure(odds(battle))
    assert fig.layout.margin.t >= TOOLBAR_ROOM
