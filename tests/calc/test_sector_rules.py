"""Retreat and Morph Shields in one battle: closed forms, the brute-force reference, and the
property that having the retreat option never hurts a side's objective."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blueprints import DRACO, ancients_fight
from calc.battle.model import Battle, Retreat, RetreatObjective, RetreatPolicy, Side
from calc.battle.result import BattleResult
from calc.exact.solver import ExactSolver, solve_exact
from calc.rules.accounting import (
    Fate,
    Holder,
    battle_order,
    holder_after,
    ship_fate,
)
from calc.rules.battle_state import FIGHTING, LEFT, RETREATING
from tests.calc.brute_force_sector import sector_brute
from tests.calc.helpers import ship, side
from tests.support import examples

TOL = 1e-12


def retreating(
    s: Side, policy: str = "optimal", objective: str = "value", below: float = 0.0
) -> Side:
    return replace(
        s, can_retreat=True,
        retreat=Retreat(RetreatPolicy(policy), below, RetreatObjective(objective)),
    )  # fmt: skip


def kept(r: BattleResult, index: int) -> float:
    """Build value a side keeps: its ships left in the sector and those that escaped."""
    s = r.sides[index]
    return sum(g.cost * (g.expected_survivors + g.expected_escaped) for g in s.groups)


def test_a_lone_ship_that_always_retreats() -> None:
    # Equal initiative: the defender fires first (hits on 6: 1/6), then the attacker declares
    # its retreat; next round the defender fires again, then the attacker leaves.
    # P(destroyed) = 1/6 + 5/6 * 1/6 = 11/36; it escapes with 25/36; it never wins. It gets
    # to declare its retreat only if the first shot missed: P(retreats) = 5/6.
    a = retreating(side("A", (ship(init=3, cost=3), 1)), "threshold", below=1.0)
    d = side("D", (ship(init=3, cost=3), 1))
    r = solve_exact(Battle.two_sided(a, d))
    att, dfn = r.sides
    assert r.attacker_wins == pytest.approx(0.0, abs=TOL)
    assert r.defender_wins == pytest.approx(1.0, abs=TOL)
    assert att.retreats == pytest.approx(5 / 6, abs=TOL)
    assert att.expected_saved == pytest.approx(25 / 36, abs=TOL)
    # Survivors are the ships left in the sector (none: shot down or gone); the escaped apart.
    assert att.groups[0].survivors == pytest.approx((1.0, 0.0), abs=TOL)
    assert att.groups[0].escaped == pytest.approx((11 / 36, 25 / 36), abs=TOL)
    assert att.groups[0].expected_destroyed == pytest.approx(11 / 36, abs=TOL)
    # When it tried to retreat with all its ships it loses the participation tile; shot down
    # before its activation (1/6) it keeps it. It destroyed nothing.
    assert att.reputation_tiles[0] == pytest.approx(5 / 6, abs=TOL)
    assert att.reputation_tiles[1] == pytest.approx(1 / 6, abs=TOL)
    # The defender: 1 for taking part, +1 if it destroyed the interceptor.
    assert dfn.reputation_tiles[1] == pytest.approx(25 / 36, abs=TOL)
    assert dfn.reputation_tiles[2] == pytest.approx(11 / 36, abs=TOL)


def test_retreating_ships_can_still_be_shot_and_a_full_retreat_loses() -> None:
    # The attacker fires first (initiative 3 vs 2) but has no chance: it declares at once.
    a = retreating(side("A", (ship(init=3, cannons={}), 2)), "threshold", below=0.5)
    d = side("D", (ship(init=2, comp=5), 1))  # hits on 2+ (5/6)
    r = solve_exact(Battle.two_sided(a, d))
    # Round 1: A declares, D shoots one (5/6). Round 2: A's survivors leave before D fires.
    assert r.sides[0].expected_saved == pytest.approx(2 - 5 / 6, abs=TOL)
    assert r.defender_wins == pytest.approx(1.0, abs=TOL)


def test_morph_ship_against_a_one_damage_attacker() -> None:
    # D: hull 1 with a Morph Shield, fires first with 1 yellow (1/6 kills A). A: 2 yellow dice
    # (1/6 each) must land both in one round: the other damage is repaired at the round's end.
    # Per round: D wins 1/6; else A wins 1/36.  P(A wins) = (5/6)(1/36) / (1/6 + (5/6)(1/36))
    # = 5/41.
    a = side("A", (ship(init=1, cannons={"yellow": 2}), 1))
    d = side("D", (ship("cruiser", init=3, hull=1, morph=1), 1))
    r = solve_exact(Battle.two_sided(a, d))
    assert r.attacker_wins == pytest.approx(float(Fraction(5, 41)), abs=TOL)
    # The repair makes a cycle: a block solved as a linear system, not by value iteration.
    assert r.stats.blocks_direct >= 1 and r.stats.fallbacks == 0
    # Without the Morph Shield the damage stays and A does better.
    plain = solve_exact(Battle.two_sided(a, side("D", (ship("cruiser", init=3, hull=1), 1))))
    assert plain.attacker_wins > r.attacker_wins + 0.1


def test_morph_expected_rounds() -> None:
    # Same battle: each round ends it with probability 1/6 + 5/216 = 41/216.
    a = side("A", (ship(init=1, cannons={"yellow": 2}), 1))
    d = side("D", (ship("cruiser", init=3, hull=1, morph=1), 1))
    r = solve_exact(Battle.two_sided(a, d))
    assert r.expected_rounds == pytest.approx(216 / 41, abs=1e-9)


TINY = {
    "retreat on value": (
        retreating(
            side(
                "A", (ship("cruiser", init=2, hull=1, comp=1, cost=5), 1), (ship(init=3, cost=3), 1)
            )
        ),
        side("D", (ship("dreadnought", init=1, hull=2, comp=1, cannons={"yellow": 2}, cost=8), 1)),
    ),
    "retreat on win": (
        retreating(side("A", (ship(init=3, comp=1, cost=3), 2)), "optimal", "win"),
        side("D", (ship("cruiser", init=2, hull=1, comp=2, cost=5), 1)),
    ),
    "defender threshold": (
        side("A", (ship("cruiser", init=2, hull=1, comp=1, cannons={"yellow": 2}, cost=5), 1)),
        retreating(side("D", (ship(init=3, cost=3), 2)), "threshold", below=0.6),
    ),
    "both retreat, morph": (
        retreating(side("A", (ship("cruiser", init=2, hull=1, comp=1, morph=1, cost=5), 1))),
        retreating(
            side("D", (ship("cruiser", init=2, hull=1, comp=1, cost=5), 1)), "optimal", "win"
        ),
    ),
    "morph with missiles": (
        side(
            "A",
            (ship("cruiser", init=1, hull=2, comp=1, morph=1, missiles={"yellow": 1}, cost=5), 1),
        ),
        side("D", (ship(init=3, comp=1, cannons={"yellow": 1}, cost=3), 2)),
    ),
}


@pytest.mark.parametrize("name", sorted(TINY))
def test_matches_the_brute_force(name: str) -> None:
    a, d = TINY[name]
    b = Battle.two_sided(a, d)
    r = solve_exact(b)
    ref = sector_brute(b)
    assert r.attacker_wins == pytest.approx(ref[0], abs=1e-10)
    assert r.defender_wins == pytest.approx(ref[1], abs=1e-10)
    assert kept(r, 0) == pytest.approx(ref[2], abs=1e-9)
    assert kept(r, 1) == pytest.approx(ref[3], abs=1e-9)


def test_general_loops_equal_the_plain_fast_path() -> None:
    from tests.calc.test_exact_fast_vs_reference import MEDIUM

    for b in MEDIUM.values():
        plain = solve_exact(b)
        general = ExactSolver(b, general=True).run()
        assert general.attacker_wins == pytest.approx(plain.attacker_wins, abs=1e-12)
        assert general.expected_rounds == pytest.approx(plain.expected_rounds, abs=1e-9)
        for gs, ps in zip(general.sides, plain.sides, strict=True):
            for gg, pg in zip(gs.groups, ps.groups, strict=True):
                assert gg.survivors == pytest.approx(pg.survivors, abs=1e-12)


@st.composite
def small_sides(draw: st.DrawFn, name: str) -> Side:
    n = draw(st.integers(1, 2))
    groups = [
        (ship("interceptor", init=draw(st.integers(1, 3)), comp=draw(st.integers(0, 2)), cost=3), n)
    ]
    if draw(st.booleans()):
        groups.append((ship("cruiser", init=draw(st.integers(0, 3)), hull=1, comp=1, cost=5), 1))
    return side(name, *groups)


@settings(max_examples=examples(25))
@given(small_sides("A"), small_sides("D"), st.sampled_from(["value", "win"]))
def test_the_retreat_option_never_lowers_the_optimal_objective(
    a: Side, d: Side, objective: str
) -> None:
    plain = solve_exact(Battle.two_sided(a, d))
    with_option = solve_exact(Battle.two_sided(retreating(a, "optimal", objective), d))
    if objective == "win":
        assert with_option.attacker_wins >= plain.attacker_wins - 1e-9
    else:

        def value(r: BattleResult) -> float:
            return kept(r, 0) - kept(r, 1)

        assert value(with_option) >= value(plain) - 1e-9


def test_the_general_loops_are_for_retreats_and_morph_shields() -> None:
    from calc.exact.solver import needs_general_loops

    a = side("A", (ship(), 1))
    d = side("D", (ship("cruiser", hull=1), 1))
    assert not needs_general_loops((a, d))
    assert needs_general_loops((retreating(a), d))
    assert needs_general_loops((a, side("D", (ship("cruiser", hull=1, morph=1), 1))))
    # Able to retreat but with the ``never`` rule: no decisions, so the plain loops.
    assert not needs_general_loops((replace(a, can_retreat=True), d))


# ----- the end of a battle (calc.rules.accounting), rule by rule --------------------------------


@pytest.mark.parametrize("stalemate", [False, True])
@pytest.mark.parametrize("attacker", [False, True])
@pytest.mark.parametrize("can_escape", [False, True])
def test_ships_that_declared_a_retreat_escape_whatever_else_happens(
    stalemate: bool, attacker: bool, can_escape: bool
) -> None:
    for status in (RETREATING, LEFT):
        fate = ship_fate(status, stalemate=stalemate, attacker=attacker, can_escape=can_escape)
        assert fate is Fate.ESCAPE


def test_a_stalemate_sends_the_attackers_fighting_ships_away_or_destroys_them() -> None:
    """RULINGS: at a stalemate the attacker must retreat or its ships are destroyed; the
    defender's ships stay, and without a stalemate every fighting ship stays."""
    fate = partial(ship_fate, FIGHTING)
    assert fate(stalemate=True, attacker=True, can_escape=True) is Fate.ESCAPE
    assert fate(stalemate=True, attacker=True, can_escape=False) is Fate.DESTROYED
    for can_escape in (False, True):
        assert fate(stalemate=True, attacker=False, can_escape=can_escape) is Fate.STAY
        for attacker in (False, True):
            assert fate(stalemate=False, attacker=attacker, can_escape=can_escape) is Fate.STAY


def test_the_side_left_in_the_sector_holds_it_and_a_stalemate_counts_for_the_defender() -> None:
    assert holder_after(True, False, stalemate=False) is Holder.ATTACKER
    assert holder_after(False, True, stalemate=False) is Holder.DEFENDER
    assert holder_after(False, False, stalemate=False) is Holder.NOBODY  # a draw
    assert holder_after(True, True, stalemate=True) is Holder.DEFENDER
    assert holder_after(False, True, stalemate=True) is Holder.DEFENDER


def test_only_the_descendants_of_draco_are_spared_by_the_ancients() -> None:
    assert not ancients_fight(DRACO)
    assert ancients_fight("terran_directorate") and ancients_fight(None)


def test_sides_fight_in_reverse_order_of_entry_and_the_defender_last() -> None:
    names = ("first", "second", "third", "fourth")
    sides = tuple(side(n, (ship(), 1)) for n in names)
    assert battle_order(Battle(sides, defender=0)) == [3, 2, 1, 0]
    assert battle_order(Battle(sides, defender=1)) == [3, 2, 0, 1]
    assert battle_order(Battle(sides[:2], defender=1)) == [0, 1]
