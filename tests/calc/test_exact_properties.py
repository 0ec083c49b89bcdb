"""Properties of the exact solver over small random fleets (Hypothesis)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blueprints import Dice, ShipClass, ShipStats
from calc.battle.model import Battle, Policy, ShipGroup, Side
from calc.exact.solver import solve_exact
from tests.support import examples

TOL = 1e-9
CLASSES = [ShipClass.INTERCEPTOR, ShipClass.CRUISER, ShipClass.DREADNOUGHT, ShipClass.STARBASE]


@st.composite
def ship_stats(draw: st.DrawFn, cls: ShipClass, rift: bool) -> ShipStats:
    yellow = draw(st.integers(0, 1))
    orange = draw(st.integers(0, 1))
    pink = draw(st.integers(0, 1)) if rift else 0
    if yellow + orange + pink == 0:
        yellow = 1
    return ShipStats(
        cls,
        initiative=draw(st.integers(0, 4)),
        hull=draw(st.integers(0, 1)),
        computer=draw(st.integers(0, 2)),
        shield=draw(st.integers(0, 2)),
        cannons=Dice(yellow=yellow, orange=orange, pink=pink),
        missiles=Dice(yellow=draw(st.integers(0, 1))),
        cost=draw(st.integers(1, 8)),
    )


@st.composite
def sides(draw: st.DrawFn, name: str, rift: bool = True, max_groups: int = 2) -> Side:
    classes = draw(st.lists(st.sampled_from(CLASSES), min_size=1, max_size=max_groups, unique=True))
    groups = tuple(ShipGroup(draw(ship_stats(c, rift)), draw(st.integers(1, 2))) for c in classes)
    return Side(name, groups)


def with_policy(side: Side, policy: Policy) -> Side:
    return replace(side, policy=policy)


@settings(max_examples=examples(40))
@given(sides("A"), sides("D"), st.sampled_from(list(Policy)), st.sampled_from(list(Policy)))
def test_probabilities_are_distributions(a: Side, d: Side, pa: Policy, pd: Policy) -> None:
    r = solve_exact(Battle.two_sided(with_policy(a, pa), with_policy(d, pd)))
    for p in (r.attacker_wins, r.defender_wins, r.draw, r.stalemate):
        assert -TOL <= p <= 1 + TOL
    assert r.attacker_wins + r.defender_wins + r.draw == pytest.approx(1.0, abs=TOL)
    assert r.stalemate <= r.defender_wins + TOL
    for s in r.sides:
        for g in s.groups:
            assert sum(g.survivors) == pytest.approx(1.0, abs=TOL)
            assert 0 <= g.expected_survivors <= g.count + TOL
        assert sum(s.reputation_tiles) == pytest.approx(1.0, abs=TOL)
    assert r.expected_rounds >= 0


@settings(max_examples=examples(30))
@given(sides("A"), sides("D"))
def test_the_order_of_groups_changes_nothing(a: Side, d: Side) -> None:
    r1 = solve_exact(Battle.two_sided(a, d))
    r2 = solve_exact(
        Battle.two_sided(replace(a, groups=a.groups[::-1]), replace(d, groups=d.groups[::-1]))
    )
    assert r1.attacker_wins == pytest.approx(r2.attacker_wins, abs=1e-12)
    assert r1.expected_rounds == pytest.approx(r2.expected_rounds, abs=1e-9)


@settings(max_examples=examples(30))
@given(sides("A", rift=False), sides("D", rift=False), st.data())
def test_adding_a_ship_never_lowers_the_optimal_win_probability(
    a: Side, d: Side, data: st.DataObject
) -> None:
    # Rift ships are left out: an extra rift die also adds self-damage.
    base = solve_exact(Battle.two_sided(a, d)).attacker_wins
    g = data.draw(st.integers(0, len(a.groups) - 1))
    groups = list(a.groups)
    groups[g] = groups[g].with_count(groups[g].count + 1)
    more_att = solve_exact(Battle.two_sided(replace(a, groups=tuple(groups)), d)).attacker_wins
    assert more_att >= base - TOL
    h = data.draw(st.integers(0, len(d.groups) - 1))
    dgroups = list(d.groups)
    dgroups[h] = dgroups[h].with_count(dgroups[h].count + 1)
    more_def = solve_exact(Battle.two_sided(a, replace(d, groups=tuple(dgroups)))).attacker_wins
    assert more_def <= base + TOL


@settings(max_examples=examples(30))
@given(sides("A"), sides("D"), st.data())
def test_one_more_computer_never_lowers_the_optimal_win_probability(
    a: Side, d: Side, data: st.DataObject
) -> None:
    base = solve_exact(Battle.two_sided(a, d)).attacker_wins
    g = data.draw(st.integers(0, len(a.groups) - 1))
    groups = list(a.groups)
    stats = groups[g].stats
    groups[g] = ShipGroup(replace(stats, computer=stats.computer + 1), groups[g].count)
    better = solve_exact(Battle.two_sided(replace(a, groups=tuple(groups)), d)).attacker_wins
    assert better >= base - TOL


@settings(max_examples=examples(30))
@given(sides("A"), sides("D"), st.sampled_from([Policy.GREEDY, Policy.NPC]))
def test_optimal_is_never_worse_than_greedy(a: Side, d: Side, opponent: Policy) -> None:
    d_fixed = with_policy(d, opponent)
    optimal = solve_exact(Battle.two_sided(with_policy(a, Policy.OPTIMAL), d_fixed))
    greedy = solve_exact(Battle.two_sided(with_policy(a, Policy.GREEDY), d_fixed))
    assert optimal.attacker_wins >= greedy.attacker_wins - TOL
    a_fixed = with_policy(a, opponent)
    d_opt = solve_exact(Battle.two_sided(a_fixed, with_policy(d, Policy.OPTIMAL)))
    d_greedy = solve_exact(Battle.two_sided(a_fixed, with_policy(d, Policy.GREEDY)))
    assert d_opt.attacker_wins <= d_greedy.attacker_wins + TOL
