"""What the odds page shows, as data: headline, badge, tables, CSV, and the solve door."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace

import pytest

from calc import BattleResult, Budget, Rung, odds, parse_battle, percent, plan
from tests.support import REPO
from ui.battle_editor import add_side, build, draft_from_file, example_battle, set_sector
from ui.results import (
    CSV_COLUMNS,
    badge,
    group_rows,
    half_width,
    headline,
    policy_text,
    reputation_rows,
    result_csv,
    side_rows,
    solver_caption,
    summary_line,
    survivor_rows,
)
from ui.solve import estimate, is_quick, solve_key


@pytest.fixture(scope="module")
def exact() -> BattleResult:
    battle = build(draft_from_file(example_battle())).battle
    assert battle is not None
    return odds(battle)


@pytest.fixture(scope="module")
def approximate() -> BattleResult:
    battle, _ = parse_battle(json.loads((REPO / "examples/red_vs_ancients.json").read_text()))
    return odds(battle, "monte-carlo", samples=20_000, seed=3)


def test_headline_and_badge_of_an_exact_result(exact: BattleResult) -> None:
    numbers = {h.label: h.value for h in headline(exact)}
    assert numbers == {"Red wins": "46.92%", "Blue wins": "53.08%", "Engagement rounds": "5.95"}
    assert badge(exact) == ("Exact", "green")
    assert half_width(exact) is None
    assert policy_text(exact) == "Red: optimal play; Blue: optimal play"
    assert solver_caption(exact).startswith("Exact: 1,152 states, within the exact budget; ")


def test_headline_and_badge_of_a_monte_carlo_result(approximate: BattleResult) -> None:
    text, colour = badge(approximate)
    assert colour == "orange"
    se = approximate.standard_error
    assert se is not None
    assert text == f"Approximate ± {100 * 1.96 * se['attacker_wins']:.2f}%"
    assert headline(approximate)[0].value.endswith(f"± {100 * 1.96 * se['attacker_wins']:.2f}")
    assert "NPC rule" in policy_text(approximate)
    assert solver_caption(approximate).startswith("Monte Carlo: Monte Carlo requested; 20,000")


def test_tables(exact: BattleResult) -> None:
    sides = side_rows(exact)
    assert [r["side"] for r in sides] == ["Red", "Blue"]
    assert sides[0]["role"] == "attacker" and sides[1]["role"] == "defender"
    assert sides[0]["materials lost"] == round(exact.sides[0].expected_material_lost, 2)
    assert sides[0]["reputation tiles"] == "3.83"
    assert float(str(sides[0]["best tile kept"])) > 1
    assert "retreats" not in sides[0]  # nobody can retreat: the column is left out
    reputation = reputation_rows(exact)
    assert reputation[0]["1 tiles"] == "10.60%"
    groups = group_rows(exact)
    assert [(r["side"], r["group"], r["ships"]) for r in groups][:2] == [
        ("Red", "interceptor", 3),
        ("Red", "cruiser", 2),
    ]
    # The solver's own number (it moves with its tie-breaking between equally good plays).
    interceptors = exact.sides[0].groups[0]
    assert interceptors.label == "interceptor"
    assert groups[0]["none survive"] == percent(interceptors.survivors[0])


def test_csv_holds_every_number(exact: BattleResult, approximate: BattleResult) -> None:
    for result in (exact, approximate):
        rows = list(csv.DictReader(io.StringIO(result_csv(result))))
        assert tuple(rows[0]) == CSV_COLUMNS
        top = {r["quantity"]: float(r["value"]) for r in rows if not r["side"]}
        assert top["attacker_wins"] + top["defender_wins"] + top["draw"] == pytest.approx(1)
        for side in result.sides:
            for g in side.groups:
                dist = [
                    float(r["value"])
                    for r in rows
                    if r["quantity"] == "survivors"
                    and r["side"] == side.name
                    and r["group"] == g.label
                ]
                assert dist == pytest.approx(list(g.survivors))
    mc_rows = list(csv.DictReader(io.StringIO(result_csv(approximate))))
    assert float(mc_rows[0]["standard_error"]) == pytest.approx(
        approximate.standard_error["attacker_wins"]  # type: ignore[index]
    )


def test_solve_door(exact: BattleResult) -> None:
    built = build(draft_from_file(example_battle()))
    assert built.battle is not None and built.options is not None
    assert replace(solve_key(built.key), stats=exact.stats) == exact
    found = estimate(built.battle)
    assert found is not None and found.states == 1152
    assert found.describe() == "1,152 battle states: exact in under a second"
    assert is_quick(built.battle, "auto") and not is_quick(built.battle, "monte-carlo")
    # Sector facts are part of the odds now: the defender's population is attacked.
    draft = draft_from_file(example_battle())
    defender = built.battle.defender
    sector = build(set_sector(draft, defender, population=3))
    assert sector.battle is not None
    result = solve_key(sector.key)
    assert len(result.sides[defender].population_destroyed) == 4
    rows = side_rows(result)
    assert "cubes destroyed" in rows[defender]


def test_more_than_two_sides_are_a_sector() -> None:
    built = build(add_side(draft_from_file(example_battle())))
    assert built.ok and built.battle is not None
    found = estimate(built.battle)
    if found is None:
        return  # the new side has no ships: nothing to fight
    result = solve_key(built.key)
    assert len(result.sides) == 3
    assert sum(s.holds_sector for s in result.sides) + result.draw == pytest.approx(1.0)
    assert any("holds the sector" in h.label for h in headline(result))


# ----- what the page says before a solve, and what the solve then does -------------------


def test_the_hint_names_the_rung_the_ladder_takes() -> None:
    """The hint before a solve never contradicts the result: for budgets that send the same
    battle to each rung, the hint's rung is the method (and approximation) of the result, and
    its reason the result's."""
    battle = build(draft_from_file(example_battle())).battle
    assert battle is not None
    base = estimate(battle)
    assert base is not None
    probe = plan(battle, "auto", Budget(max_seconds=0.999 * base.seconds))
    greedy_seconds = probe.greedy_seconds
    assert probe.rung is Rung.EXACT_GREEDY and greedy_seconds is not None
    budgets = {
        Rung.EXACT: Budget(),
        Rung.EXACT_GREEDY: Budget(max_seconds=(base.seconds + greedy_seconds) / 2),
        Rung.MONTE_CARLO: Budget(max_states=base.states - 1, mc_samples=2_000),
    }
    for rung, budget in budgets.items():
        found = estimate(battle, budget=budget)
        assert found is not None and found.plan.rung is rung
        result = odds(battle, budget=budget, seed=0)
        assert result.method.value == ("monte-carlo" if rung is Rung.MONTE_CARLO else "exact")
        if rung is not Rung.MONTE_CARLO:  # (Monte Carlo plays greedy for optimal: approximated)
            assert result.optimal_approximated == (rung is Rung.EXACT_GREEDY)
        if rung is Rung.MONTE_CARLO:
            assert found.describe() == (
                f"{found.plan.reason}: approximate (Monte Carlo, 2,000 simulated battles)"
            )
            assert result.why.startswith(found.plan.reason)
    assert base.describe() == "1,152 battle states: exact in under a second"
    greedy = estimate(battle, budget=budgets[Rung.EXACT_GREEDY])
    assert greedy is not None
    assert greedy.describe().startswith("1,152 battle states: optimal play would take about")
    assert "exact with greedy play in place of optimal play" in greedy.describe()
    # The reason names the limit that binds: the states here, the seconds for a slow battle.
    over = estimate(battle, budget=budgets[Rung.MONTE_CARLO])
    assert over is not None and "1,152 states exceed the exact budget of 1,151 states" in (
        over.describe()
    )
    slow = estimate(battle, budget=Budget(max_seconds=0.0))
    assert slow is not None and "would take about" in slow.describe()
    assert "exceed" not in slow.describe()
    forced = estimate(battle, "monte-carlo", 5_000)
    assert forced is not None
    assert forced.describe() == "Monte Carlo, as asked: 5,000 simulated battles"
    exact = estimate(battle, "exact")
    assert (
        exact is not None
        and exact.describe() == "1,152 battle states: exact, as asked, in under a second"
    )


def test_a_population_attack_alone_solves_at_once_and_heads_with_the_cubes() -> None:
    doc = {
        "format": "fleetlab-battle/1",
        "sides": [
            {
                "name": "Red",
                "species": "terran_directorate",
                "ships": [{"class": "interceptor", "count": 2}],
            },
            {"name": "Blue", "species": "eridani_empire", "ships": [], "population": 3},
        ],
        "defender": 1,
    }
    battle, _ = parse_battle(doc)
    assert estimate(battle) is None and is_quick(battle, "auto")
    result = odds(battle)
    # Two ion cannons, one volley at the cubes: each hits on a 6 (a cube has no shield).
    miss = 5 / 6
    assert result.sides[1].population_destroyed == pytest.approx(
        (miss**2, 2 * miss / 6, 1 / 36, 0.0)
    )
    shown = {h.label: h.value for h in headline(result)}
    assert shown == {
        "Red wins": percent(1.0),
        "Cubes destroyed": f"{2 / 6:.2f} of 3",
        "All 3 cubes destroyed": percent(0.0),
    }  # Blue has no ships: no chance of its own to win, and no rounds to count
    assert "of Blue destroyed" in headline(result)[1].help
    assert summary_line(result) == f"Red {percent(1.0)} · 0.3 of 3 cubes destroyed · Exact"
    assert solver_caption(result).startswith("Exact: no ships fight, so only the attack on")


def test_an_npc_side_is_named_as_many() -> None:
    doc = json.loads((REPO / "examples/red_vs_ancients.json").read_text())
    battle, _ = parse_battle(doc)
    labels = [h.label for h in headline(odds(battle))]
    assert labels[:2] == ["Red wins", "Ancients win"]


def test_survivor_rows_hold_every_distribution(exact: BattleResult) -> None:
    rows = survivor_rows(exact)
    groups = [(s.name, g) for s in exact.sides for g in s.groups]
    assert [(r["side"], r["group"]) for r in rows] == [(name, g.label) for name, g in groups]
    most = max(g.count for _, g in groups)
    for row, (_, g) in zip(rows, groups, strict=True):
        assert [row[f"{k} left"] for k in range(g.count + 1)] == [percent(p) for p in g.survivors]
        assert all(row[f"{k} left"] == "" for k in range(g.count + 1, most + 1))
