"""The dashboard's Plotly figures, tested as data."""

from __future__ import annotations

import pytest

from calc.sector.ladder import odds
from ui.battle_editor import build, draft_from_file, example_battle
from ui.figures import design_comparison_figure, survivors_figure, upgrade_gain_figure


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
