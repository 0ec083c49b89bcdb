"""The combat of a sector: several sides, population attacks, reputation draws."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calc.battle.model import Battle, Policy, ShipGroup, Side
from calc.exact.solver import solve_exact
from calc.rules.reputation import best_of_draw, best_tiles
from calc.sector.chain import battle_order, solve_sector
from tests.calc.brute_force_chain import ChainBrute
from tests.calc.helpers import ship, side
from tests.support import examples

TOL = 1e-12


def npc_play(s: Side) -> Side:
    return replace(s, policy=Policy.NPC)


def test_order_of_battles() -> None:
    # Red controls the sector; Green entered, then Blue: Green and Blue fight first (Green, the
    # earlier entrant, defends), then the survivor fights Red (official example).
    sides = (side("Red", (ship(), 1)), side("Green", (ship(), 1)), side("Blue", (ship(), 1)))
    assert battle_order(Battle(sides, 0)) == [2, 1, 0]
    # NPCs always defend, even when listed first.
    npc = side("Ancients", (ship("ancient"), 1), npc=True)
    assert battle_order(Battle((npc, sides[1], sides[2]), 0)) == [2, 1, 0]


def test_two_sides_agree_with_the_battle_solver() -> None:
    a = side("A", (ship(init=3, comp=1), 2), (ship("cruiser", init=2, hull=1, comp=1), 1))
    d = side("D", (ship("dreadnought", init=1, hull=2, comp=1, cannons={"yellow": 2}), 1))
    b = Battle.two_sided(a, d)
    sector, battle = solve_sector(b), solve_exact(b)
    assert sector.attacker_wins == pytest.approx(battle.attacker_wins, abs=TOL)
    assert sector.expected_rounds == pytest.approx(battle.expected_rounds, abs=1e-9)
    for s1, s2 in zip(sector.sides, battle.sides, strict=True):
        assert s1.holds_sector == pytest.approx(s2.wins, abs=TOL)
        assert s1.reputation_tiles == pytest.approx(s2.reputation_tiles, abs=TOL)
        for g1, g2 in zip(s1.groups, s2.groups, strict=True):
            assert g1.survivors == pytest.approx(g2.survivors, abs=TOL)


THREE = {
    "duels": (
        side("Red", (ship(init=2), 1)),
        side("Green", (ship(init=3), 1)),
        side("Blue", (ship(init=1), 1)),
    ),
    "damage carries over": (
        side("Red", (ship("cruiser", init=1, hull=1, comp=1), 1)),
        side("Green", (ship(init=3, comp=1), 2)),
        side("Blue", (ship("cruiser", init=2, hull=1, comp=2), 1)),
    ),
    "npc defender": (
        side(
            "Ancients",
            (ship("ancient", init=2, hull=1, comp=1, cannons={"yellow": 2}), 1),
            npc=True,
        ),
        side("Green", (ship(init=3, comp=1), 2)),
        side("Blue", (ship("cruiser", init=2, hull=1, comp=1), 1)),
    ),
}


@pytest.mark.parametrize("name", sorted(THREE))
def test_three_sides_match_the_brute_force(name: str) -> None:
    sides = tuple(npc_play(s) for s in THREE[name])
    b = Battle(sides, 0)
    r = solve_sector(b)
    ref = ChainBrute(b).value()
    for i, s in enumerate(r.sides):
        assert s.holds_sector == pytest.approx(ref[i], abs=1e-10), s.name
    assert r.draw == pytest.approx(ref[-1], abs=1e-10)
    assert sum(s.holds_sector for s in r.sides) + r.draw == pytest.approx(1.0, abs=TOL)


def test_survivors_keep_their_damage_into_the_next_battle() -> None:
    # Blue's cruiser (hull 1) fights Green first; if it survives with 1 damage it meets Red
    # needing one hit. A fresh copy of the sector where Red meets an undamaged cruiser would
    # give Red better odds.
    sides = tuple(npc_play(s) for s in THREE["damage carries over"])
    chained = solve_sector(Battle(sides, 0))
    fresh = solve_exact(Battle.two_sided(sides[2], sides[0]))
    p_blue_wins_alone = fresh.attacker_wins
    assert chained.sides[2].holds_sector < p_blue_wins_alone


def test_population_attack_is_a_binomial() -> None:
    # Two default interceptors (1 yellow, hit on 6) alone in a sector with 3 enemy cubes:
    # cubes destroyed ~ Binomial(2, 1/6): 25/36, 10/36, 1/36.
    a = side("A", (ship(init=2), 2))
    d = replace(side("D", (ship(), 1)), groups=(), population=3)
    r = solve_sector(Battle.two_sided(a, d))
    assert r.sides[1].population_destroyed == pytest.approx(
        (25 / 36, 10 / 36, 1 / 36, 0.0), abs=TOL
    )
    assert r.sides[0].holds_sector == pytest.approx(1.0)


def test_population_after_a_battle_mixes_over_survivors() -> None:
    # A wins with 1 or 2 interceptors left; each survivor rolls one die (p = 1/3 with a computer).
    a = side("A", (ship(init=3, comp=1), 2))
    d = replace(side("D", (ship(init=1), 1)), population=2)
    r = solve_sector(Battle.two_sided(a, d))
    surv = r.sides[0].groups[0].survivors  # P(0), P(1), P(2) survivors
    p = Fraction(1, 3)
    one = [1 - p, p, 0]
    two = [(1 - p) ** 2, 2 * p * (1 - p), p * p]
    expected = [
        float(surv[0] + surv[1] * one[k] + surv[2] * two[k])
        if k == 0
        else float(surv[1] * one[k] + surv[2] * two[k])
        for k in range(3)
    ]
    expected[0] = 1 - expected[1] - expected[2]
    assert r.sides[1].population_destroyed == pytest.approx(tuple(expected), abs=TOL)


def test_neutron_bombs_absorber_and_planta() -> None:
    base_a = side("A", (ship(init=2), 1))
    d = replace(side("D", (ship(), 1)), groups=(), population=4)
    bombs = replace(base_a, techs=("neutron_bombs",))
    r = solve_sector(Battle.two_sided(bombs, d))
    assert r.sides[1].population_destroyed == pytest.approx((0, 0, 0, 0, 1.0))
    absorbed = solve_sector(Battle.two_sided(bombs, replace(d, techs=("neutron_absorber",))))
    assert absorbed.sides[1].population_destroyed[4] == pytest.approx(0.0)
    planta = solve_sector(
        Battle.two_sided(base_a, replace(d, species="planta", techs=("neutron_absorber",)))
    )
    assert planta.sides[1].population_destroyed == pytest.approx((0, 0, 0, 0, 1.0))


def test_best_of_k_by_hand() -> None:
    # Bag: two 1s, one 2, no 3, one 4 (4 tiles). Draw 2 of the 6 pairs:
    # best 4 in 3 pairs (1/2), best 2 in 2 pairs (1/3), best 1 in 1 pair (1/6).
    dist = best_of_draw((2, 1, 0, 1), 2)
    assert dist == pytest.approx((0, 1 / 6, 1 / 3, 0, 1 / 2))
    assert best_of_draw((2, 1, 0, 1), 0) == pytest.approx((1, 0, 0, 0, 0))
    assert best_of_draw((2, 1, 0, 1), 9) == pytest.approx((0, 0, 0, 0, 1))


def test_later_drawers_meet_a_smaller_bag() -> None:
    # One 4 and one 1 in the bag; each side draws 1 tile, the first keeps what it drew.
    # Side 1: best 4 or 1 with 1/2 each; side 2 then gets the other tile.
    rows = best_tiles({(1, 1): 1.0}, ((1, 1), (4, 1)))
    assert rows[0] == pytest.approx((0, 0.5, 0, 0, 0.5))
    assert rows[1] == pytest.approx((0, 0.5, 0, 0, 0.5))
    rows = best_tiles({(2, 1): 1.0}, ((1, 1), (4, 1)))
    assert rows[0] == pytest.approx((0, 0, 0, 0, 1.0))
    assert rows[1] == pytest.approx((0, 1.0, 0, 0, 0))


def test_expected_best_in_results() -> None:
    a = side("A", (ship(init=3, comp=1), 2))
    d = side("D", (ship(init=1), 1))
    r = solve_sector(Battle.two_sided(a, d), bag=((1, 0), (2, 0), (3, 5), (4, 0)))
    assert r.sides[0].expected_best == pytest.approx(3.0)
    assert sum(r.sides[0].reputation_best) == pytest.approx(1.0)


@st.composite
def small(draw: st.DrawFn, name: str) -> Side:
    groups = [
        (
            ship("interceptor", init=draw(st.integers(1, 3)), comp=draw(st.integers(0, 2))),
            draw(st.integers(1, 2)),
        )
    ]
    if draw(st.booleans()):
        groups.append((ship("cruiser", init=draw(st.integers(0, 2)), hull=1, comp=1), 1))
    return side(name, *groups, policy=draw(st.sampled_from([Policy.NPC, Policy.OPTIMAL])))


@settings(max_examples=examples(20))
@given(small("A"), small("B"), small("C"))
def test_holds_sector_and_nobody_sum_to_one(a: Side, b: Side, c: Side) -> None:
    r = solve_sector(Battle((a, b, c), 0))
    total = sum(s.holds_sector for s in r.sides) + r.draw
    assert total == pytest.approx(1.0, abs=1e-10)
    # attacker_wins is the result's attacker (the last to enter) holding the sector; with three
    # sides the third side's share is the rest.
    assert r.attacker_wins == pytest.approx(r.sides[r.attacker].holds_sector, abs=1e-12)
    assert r.defender_wins == pytest.approx(r.sides[r.defender].holds_sector, abs=1e-12)
    third = next(s for i, s in enumerate(r.sides) if i not in (r.attacker, r.defender))
    assert r.attacker_wins + r.defender_wins + r.draw + third.holds_sector == pytest.approx(
        1.0, abs=1e-10
    )
    for s in r.sides:
        assert sum(s.reputation_tiles) == pytest.approx(1.0, abs=1e-10)


def test_monte_carlo_sector_agrees_with_exact() -> None:
    sides = tuple(npc_play(s) for s in THREE["damage carries over"])
    b = Battle(sides, 0)
    exact = solve_sector(b)
    mc = solve_sector(b, method="monte-carlo", rng=np.random.default_rng(11), samples=20_000)
    for e, m in zip(exact.sides, mc.sides, strict=True):
        se = (e.holds_sector * (1 - e.holds_sector) / 20_000) ** 0.5
        assert abs(m.holds_sector - e.holds_sector) <= 4 * se + 1e-12


def test_the_ancients_do_not_fight_draco_in_a_sector_of_three() -> None:
    # A entered first, Draco last, Ancients hold the sector. Draco attacks A first. If Draco
    # wins it stays with the Ancients, who never fight it; if A wins, A fights the Ancients.
    from blueprints import DRACO

    a = side("A", (ship(init=2, cannons={"yellow": 1}), 2))
    draco = replace(side("Draco", (ship(init=2, cannons={"yellow": 1}), 2)), species=DRACO)
    ancients = Side("NPCs", (ShipGroup.npc("ancient", count=1),), npc=True)
    r = solve_sector(Battle((a, draco, ancients), 2))
    first = solve_exact(Battle.two_sided(draco, a))
    assert r.side("Draco").holds_sector == pytest.approx(first.attacker_wins, abs=1e-12)
    # A holds only after beating Draco and then the Ancients: less than beating Draco alone.
    assert 0 < r.side("A").holds_sector < first.defender_wins
    total = sum(s.holds_sector for s in r.sides) + r.draw
    assert total == pytest.approx(1.0, abs=1e-10)
