"""The stalemate rule (``calc.rules.stalemate``) in the exact solver, judged at round starts.

A battle is a stalemate when neither side can ever destroy a ship of the other: each side's best
round (its fighting ships' dice all hitting one ship) deals at most the other side's toughness
``min(morph, hull - damage)``. The exact solver judges it at the start of every engagement round
(after the missiles and after the previous round's Morph Shield repair), as Monte Carlo and the
engine do. A stalemate counts for the defender.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F  # noqa: N817

import pytest

from calc.battle.model import Battle, Retreat, RetreatPolicy
from calc.exact.solver import ExactSolver, solve_exact
from tests.calc.helpers import ship, side

TOL = 1e-12


@pytest.mark.parametrize("count", [1, 2])
@pytest.mark.parametrize("general", [False, True])
def test_the_issue_battle_nobody_can_win_is_a_stalemate_at_once(count: int, general: bool) -> None:
    # Cruisers with 1 yellow die, hull 2 and two Morph Shields: a round deals at most 1 per ship
    # on one target (2 for two ships), the repair takes 2 back and 2 never exceeds the hull.
    cruiser = ship("cruiser", hull=2, morph=2, comp=1)
    b = Battle.two_sided(side("A", (cruiser, count)), side("D", (cruiser, count)))
    r = ExactSolver(b, general=general).run()
    assert r.stalemate == 1.0
    assert r.defender_wins == 1.0
    assert r.attacker_wins == 0.0
    assert r.expected_rounds == 0.0
    # The attacker cannot retreat, so its ships in the sector are destroyed.
    assert r.sides[0].groups[0].survivors == pytest.approx((1.0,) + (0.0,) * count, abs=TOL)
    assert r.stats.fallbacks == 0


def test_damage_from_missiles_can_break_the_stalemate_until_the_repair() -> None:
    # D: an unarmed cruiser, hull 2, two Morph Shields. A: one orange missile and one yellow
    # cannon die, hitting on 6 only (p = 1/6). Toughness min(2, 2 - damage): undamaged 2, so A's
    # best round (1) cannot destroy it. If the missile hits (1/6), the cruiser starts round 1 at
    # damage 2: toughness 0, the battle goes on, and A's yellow die destroys it with 1/6; a miss
    # leaves the damage to the repair (back to 0) and round 2 starts a stalemate.
    # P(A wins) = 1/36, P(stalemate) = 35/36, expected rounds 1/6.
    a = side("A", (ship(init=3, missiles={"orange": 1}), 1))
    d = side("D", (ship("cruiser", hull=2, morph=2, cannons={}), 1))
    for general in (False, True):
        r = ExactSolver(Battle.two_sided(a, d), general=general).run()
        assert r.attacker_wins == pytest.approx(float(F(1, 36)), abs=TOL)
        assert r.stalemate == pytest.approx(float(F(35, 36)), abs=TOL)
        assert r.expected_rounds == pytest.approx(float(F(1, 6)), abs=TOL)


def test_a_side_that_cannot_outdamage_the_repair_forces_a_stalemate() -> None:
    # A: a cruiser with hull 4 and two Morph Shields, 1 yellow die. D: two cruisers with hull 2
    # and a Morph Shield each, 1 yellow die each. A's best round: 1 <= min(1, 2) (D's
    # toughness); D's best round: 2 <= min(2, 4) (A's). Nobody can ever destroy anything.
    a = side("A", (ship("cruiser", init=3, hull=4, morph=2), 1))
    d = side("D", (ship("cruiser", init=2, hull=2, morph=1), 2))
    r = solve_exact(Battle.two_sided(a, d))
    assert r.stalemate == 1.0 and r.defender_wins == 1.0


def test_an_armed_battle_without_morph_shields_is_never_a_stalemate() -> None:
    # Plain ships: toughness 0, so any armed side can destroy something: the classic rule.
    a = side("A", (ship(), 1))
    d = side("D", (ship(cannons={}), 1))
    r = solve_exact(Battle.two_sided(a, d))
    assert r.attacker_wins == pytest.approx(1.0, abs=TOL)
    assert r.stalemate == 0.0
    assert r.expected_rounds == pytest.approx(6.0, abs=1e-9)


def test_the_stalemate_is_judged_at_the_start_of_a_round_after_the_repair() -> None:
    # A: a ship (initiative 3, hull 0) with two rift dice, and an unarmed interceptor. D: an
    # unarmed cruiser, hull 2, two
    # Morph Shields, that may retreat (threshold 0: it never does, but it gets an activation each
    # round, after A's). If A's volley does 1 damage to D and 1 to itself (its own death), both
    # sides are left unarmed in the middle of the round (likewise 2 and 1). The round plays out
    # (D passes), the repair takes D back to 0 damage, and the next round starts a stalemate: D
    # ends with no damage. Judging at once (mid-round) would end it with 1 or 2 damage.
    a = side("A", (ship(init=3, cannons={"pink": 2}), 1), (ship(init=1, cannons={}), 1))
    d = replace(
        side("D", (ship("cruiser", init=1, hull=2, morph=2, cannons={}), 1)),
        can_retreat=True,
        retreat=Retreat(RetreatPolicy.THRESHOLD, 0.0),
    )
    solution = ExactSolver(Battle.two_sided(a, d)).solution()
    stale = [e for e in solution.ends if e.stalemate]
    assert stale
    for end in stale:
        groups, _, _ = end.defender
        assert sum(groups[0]) == 1
        # A stalemate starts a round, after the repair: the cruiser has no damage left.
        assert groups[0][0] == 1
