"""Closed forms worked by hand, as exact fractions, against the exact solver (to 1e-12)."""

from __future__ import annotations

from fractions import Fraction as F  # noqa: N817

import pytest

from blueprints import Blueprint
from calc.battle.model import Battle, ShipGroup, Side
from calc.exact.solver import solve_exact
from tests.calc.helpers import battle, ship, side

TOL = 1e-12


def test_one_interceptor_against_one_at_equal_initiative() -> None:
    # Default interceptors: no computer, so only 6s hit (p = 1/6). The defender fires first.
    # P(A wins) = (5/6)(1/6) / (1 - (5/6)^2) = (5/36) / (11/36) = 5/11.
    i = Blueprint.default("terran_directorate", "interceptor")
    r = solve_exact(
        Battle.two_sided(Side("A", (ShipGroup.of(i, 1),)), Side("D", (ShipGroup.of(i, 1),)))
    )
    assert r.attacker_wins == pytest.approx(float(F(5, 11)), abs=TOL)
    assert r.defender_wins == pytest.approx(float(F(6, 11)), abs=TOL)
    # A round ends the battle with probability 11/36: 36/11 rounds on average.
    assert r.expected_rounds == pytest.approx(float(F(36, 11)), abs=TOL)
    assert r.draw == 0.0 and r.stalemate == 0.0


def test_unequal_initiative_the_faster_ship_fires_first() -> None:
    # Attacker initiative 3 > 2: it fires first, so it wins (1/6) / (11/36) = 6/11.
    r = solve_exact(battle(side("A", (ship(init=3), 1)), side("D", (ship(init=2), 1))))
    assert r.attacker_wins == pytest.approx(float(F(6, 11)), abs=TOL)


def test_missile_only_volley() -> None:
    # The attacker has 2 orange missiles and no cannon; computer 1 -> hits on 5+ (p = 1/3).
    # One volley before the first round; if both miss, the defender's cannon wins eventually
    # (the attacker cannot damage it any more). P(A wins) = 1 - (2/3)^2 = 5/9.
    a = side("A", (ship(comp=1, cannons={}, missiles={"orange": 2}, init=1), 1))
    d = side("D", (ship(init=1), 1))
    r = solve_exact(battle(a, d))
    assert r.attacker_wins == pytest.approx(float(F(5, 9)), abs=TOL)


def test_missiles_fire_in_initiative_order_before_cannons() -> None:
    # Both have one yellow missile and one yellow cannon (only 6s hit, p = 1/6); attacker
    # initiative 3, defender 1. Missiles: A first: A wins 1/6; else D's missile: A dies 1/6.
    # Then rounds with A first: A wins 6/11 of the rest.
    # P = 1/6 + (5/6)(5/6)(6/11) = 1/6 + 150/396 = 66/396 + 150/396 = 216/396 = 6/11.
    a = side("A", (ship(init=3, missiles={"yellow": 1}), 1))
    d = side("D", (ship(init=1, missiles={"yellow": 1}), 1))
    r = solve_exact(battle(a, d))
    assert r.attacker_wins == pytest.approx(float(F(6, 11)), abs=TOL)


def test_rift_only_duel() -> None:
    # Each side: one hull-0 ship with one rift die; the defender fires first.
    # A rift volley: 1 or 2 damage (2/6) kills the target; 3 + self (1/6) kills both;
    # self only (1/6) kills the firer; blank (2/6) nothing.
    # x = P(A wins) at D's volley: x = 1/6 + (2/6) y, y = 2/6 + (2/6) x  =>  x = 5/16.
    # draw: d = 1/6 + (2/6)(1/6 + (2/6) d)  =>  d = 1/4.  So D wins 7/16.
    a = side("A", (ship(cannons={"pink": 1}), 1))
    d = side("D", (ship(cannons={"pink": 1}), 1))
    r = solve_exact(battle(a, d))
    assert r.attacker_wins == pytest.approx(float(F(5, 16)), abs=TOL)
    assert r.draw == pytest.approx(0.25, abs=TOL)
    assert r.defender_wins == pytest.approx(float(F(7, 16)), abs=TOL)


def test_rift_ignores_computers_and_shields() -> None:
    plain = solve_exact(
        battle(side("A", (ship(cannons={"pink": 1}), 1)), side("D", (ship(cannons={"pink": 1}), 1)))
    )
    shielded = solve_exact(
        battle(
            side("A", (ship(cannons={"pink": 1}, comp=3, shield=5), 1)),
            side("D", (ship(cannons={"pink": 1}, comp=2, shield=4), 1)),
        )
    )
    assert shielded.attacker_wins == pytest.approx(plain.attacker_wins, abs=TOL)


def test_shields_so_high_that_only_sixes_hit() -> None:
    # Computer 1 against shield 3: 6 - 1 + 3 = 8 > 6, so only 6s hit: same as the 5/11 duel.
    r = solve_exact(
        battle(side("A", (ship(comp=1, shield=3), 1)), side("D", (ship(comp=1, shield=3), 1)))
    )
    assert r.attacker_wins == pytest.approx(float(F(5, 11)), abs=TOL)


def test_ones_always_miss_whatever_the_computer() -> None:
    # Computer 9 cannot beat the blank face: p = 5/6 for both. Defender first:
    # P(A) = (1/6)(5/6) / (1 - 1/36) = (5/36)/(35/36) = 1/7.
    r = solve_exact(battle(side("A", (ship(comp=9), 1)), side("D", (ship(comp=9), 1))))
    assert r.attacker_wins == pytest.approx(float(F(1, 7)), abs=TOL)


def _race(p: F, cruiser_needs: int, starbase_needs: int) -> F:
    """P(the cruiser wins) when the starbase fires first each round; each volley hits with p.

    f(a, b): start of round, the cruiser needs a more hits on it to die, the starbase b.
    g(a, b): the cruiser is about to fire.  g = p * [b == 1 ? 1 : f(a, b-1)] + q * f(a, b);
    f = p * [a == 1 ? 0 : g(a-1, b)] + q * g(a, b).  Substituting g(a, b) in f:
    f (1 - q^2) = p * G + q * p * Fb  with G = [a == 1 ? 0 : g(a-1, b)] and
    Fb = [b == 1 ? 1 : f(a, b-1)].
    """
    q = 1 - p
    f: dict[tuple[int, int], F] = {}
    g: dict[tuple[int, int], F] = {}
    for a in range(1, cruiser_needs + 1):
        for b in range(1, starbase_needs + 1):
            big_g = F(0) if a == 1 else g[(a - 1, b)]
            fb = F(1) if b == 1 else f[(a, b - 1)]
            f[(a, b)] = (p * big_g + q * p * fb) / (1 - q * q)
            g[(a, b)] = p * fb + q * f[(a, b)]
    return f[(cruiser_needs, starbase_needs)]


def test_starbase_against_a_cruiser_with_hull() -> None:
    # Default starbase: initiative 4, hull 2 (3 hits), computer 1. Default cruiser: initiative
    # 2, hull 1 (2 hits), computer 1. Both hit on 5+ (p = 1/3); the starbase fires first.
    sb = Blueprint.default("terran_directorate", "starbase")
    cr = Blueprint.default("terran_directorate", "cruiser")
    r = solve_exact(
        Battle.two_sided(Side("A", (ShipGroup.of(cr, 1),)), Side("D", (ShipGroup.of(sb, 1),)))
    )
    expected = _race(F(1, 3), cruiser_needs=2, starbase_needs=3)
    assert r.attacker_wins == pytest.approx(float(expected), abs=TOL)


def test_damage_already_taken_counts() -> None:
    # A cruiser that already has 1 damage needs only 1 more hit: same race with a = 1.
    sb = Blueprint.default("terran_directorate", "starbase")
    cr = Blueprint.default("terran_directorate", "cruiser")
    r = solve_exact(
        Battle.two_sided(Side("A", (ShipGroup.of(cr, 1, (1,)),)), Side("D", (ShipGroup.of(sb, 1),)))
    )
    assert r.attacker_wins == pytest.approx(float(_race(F(1, 3), 1, 3)), abs=TOL)


def test_stalemate_counts_for_the_defender() -> None:
    a = side("A", (ship(cannons={}), 2))
    d = side("D", (ship(cannons={}), 1))
    r = solve_exact(battle(a, d))
    assert r.stalemate == 1.0
    assert r.defender_wins == 1.0
    assert r.attacker_wins == 0.0


def test_stalemate_after_missiles() -> None:
    # Only missiles on both sides (hit on 6): A fires first. A wins 1/6; else D's missile kills
    # A with 1/6; otherwise nobody can ever damage anybody: stalemate (5/6)^2 = 25/36.
    a = side("A", (ship(init=3, cannons={}, missiles={"yellow": 1}), 1))
    d = side("D", (ship(init=1, cannons={}, missiles={"yellow": 1}), 1))
    r = solve_exact(battle(a, d))
    assert r.attacker_wins == pytest.approx(1 / 6, abs=TOL)
    assert r.stalemate == pytest.approx(25 / 36, abs=TOL)
    assert r.defender_wins == pytest.approx(1 - 1 / 6, abs=TOL)


def test_antimatter_splitter_splits_damage() -> None:
    # One red die (4 damage) against four hull-0 ships that shoot back with nothing: with the
    # splitter a hit kills all four; without, one. The attacker fires on 6s only (p = 1/6)...
    targets = (ship(cannons={}), 4)
    plain = solve_exact(battle(side("A", (ship(cannons={"red": 1}), 1)), side("D", targets)))
    split = solve_exact(
        battle(side("A", (ship(cannons={"red": 1}), 1), splitter=True), side("D", targets))
    )
    # ... and the defender cannot shoot, so the attacker always wins eventually; but the
    # number of rounds differs: 4 hits needed (24 rounds on average) against 1 (6 rounds).
    assert plain.attacker_wins == pytest.approx(1.0, abs=TOL)
    assert split.attacker_wins == pytest.approx(1.0, abs=TOL)
    assert plain.expected_rounds == pytest.approx(24.0, abs=1e-9)
    assert split.expected_rounds == pytest.approx(6.0, abs=1e-9)


def test_draw_when_both_sides_die_in_one_volley() -> None:
    r = solve_exact(
        battle(side("A", (ship(cannons={"pink": 1}), 1)), side("D", (ship(cannons={"pink": 1}), 1)))
    )
    assert r.attacker_wins + r.defender_wins + r.draw == pytest.approx(1.0, abs=TOL)
    assert r.draw > 0
