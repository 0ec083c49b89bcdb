"""Ties under optimal play: the firing side optimises P(win) first, then (within the ``TIE``
tolerance of P(win)) the lower expected build value of its own ships lost, then the higher
expected build value of the enemy's ships lost."""

from __future__ import annotations

from fractions import Fraction as F  # noqa: N817

import pytest

from calc.battle.model import Battle
from calc.exact.solver import ExactSolver
from tests.calc.exact_reference import solve_reference
from tests.calc.helpers import ship, side

TOL = 1e-12


def own_losses_battle() -> Battle:
    # A: two interceptors (cost 3 each) with a yellow missile and a yellow cannon, initiative 3.
    # D: a missile interceptor X (cost 1, no cannon) and an unarmed cruiser Y (cost 5), all hull
    # 0, hit on 6 only. D has no cannon, so A wins whatever it does (P = 1 both ways); with one
    # missile hit A should destroy X, whose missile could still destroy one of A's ships.
    a = side("A", (ship(init=3, missiles={"yellow": 1}, cost=3), 2))
    d = side(
        "D",
        (ship(init=2, cannons={}, missiles={"yellow": 1}, cost=1), 1),
        (ship("cruiser", init=2, cannons={}, cost=5), 1),
    )
    return Battle.two_sided(a, d)


@pytest.mark.parametrize("general", [False, True])
def test_a_tie_in_p_win_goes_to_fewer_own_losses(general: bool) -> None:
    # X survives A's missiles unless a missile hits it: P(no hit) = 25/36 (with one hit A
    # destroys X, with two both). X's missile then destroys an interceptor with 1/6.
    # E[A's loss] = 3 * (25/36) * (1/6) = 25/72 (destroying Y instead would give 35/72).
    r = ExactSolver(own_losses_battle(), general=general).run()
    assert r.attacker_wins == pytest.approx(1.0, abs=TOL)
    assert r.sides[0].expected_material_lost == pytest.approx(float(F(25, 72)), abs=TOL)


def enemy_losses_battle() -> Battle:
    # A: one interceptor, initiative 3, hits on 6. D: a cruiser (cost 3) and an interceptor
    # (cost 5) with the same guns, hull and initiative: which one A destroys first does not
    # change P(A wins), but destroying the interceptor costs D more.
    a = side("A", (ship(init=3, cost=2), 1))
    d = side("D", (ship("cruiser", init=2, cost=3), 1), (ship(init=2, cost=5), 1))
    return Battle.two_sided(a, d)


def enemy_loss_closed_form(first: int, second: int) -> F:
    # p: A hits, q: a D ship hits. W1 = P(A wins against one ship, round start)
    # = p / (1 - (1-p)(1-q)). With both D ships: A hits (p), destroys `first`, then the other
    # fires (A survives 1-q) and the one-ship battle follows; all miss: (1-p)(1-q)^2 again.
    # L2 = p (first + (1-q) W1 second) / (1 - (1-p)(1-q)^2).
    p = q = F(1, 6)
    w1 = p / (1 - (1 - p) * (1 - q))
    return p * (first + (1 - q) * w1 * second) / (1 - (1 - p) * (1 - q) ** 2)


@pytest.mark.parametrize("general", [False, True])
def test_then_more_enemy_losses(general: bool) -> None:
    r = ExactSolver(enemy_losses_battle(), general=general).run()
    expected = enemy_loss_closed_form(first=5, second=3)
    assert r.sides[1].expected_material_lost == pytest.approx(float(expected), abs=TOL)
    assert expected > enemy_loss_closed_form(first=3, second=5)


@pytest.mark.parametrize("battle", [own_losses_battle, enemy_losses_battle])
def test_the_reference_breaks_ties_the_same_way(battle: object) -> None:
    b = battle()  # type: ignore[operator]
    fast, ref = ExactSolver(b).run(), solve_reference(b)
    for fs, rs in zip(fast.sides, ref.sides, strict=True):
        assert fs.expected_material_lost == pytest.approx(rs.expected_material_lost, abs=TOL)
