"""Starbases and orbitals never retreat: they have no drive (``ship_classes.toml``: drives
"forbidden") and cannot move. The exact solver gives them no retreat status and no retreat
decision, and an unarmed one gets no activation at all."""

from __future__ import annotations

from dataclasses import replace

import pytest

from blueprints import ShipClass
from calc.battle.model import Battle, Retreat, RetreatPolicy, Side
from calc.exact.solver import ExactSolver, solve_exact
from calc.rules.battle_state import activation_order, can_retreat
from tests.calc.helpers import ship, side

TOL = 1e-12


def always_retreating(s: Side) -> Side:
    # Threshold 1: a type retreats at every activation where it may.
    return replace(s, can_retreat=True, retreat=Retreat(RetreatPolicy.THRESHOLD, 1.0))


@pytest.mark.parametrize(
    ("cls", "moves"),
    [
        (ShipClass.INTERCEPTOR, True),
        (ShipClass.CRUISER, True),
        (ShipClass.DREADNOUGHT, True),
        (ShipClass.STARBASE, False),
        (ShipClass.ORBITAL, False),
        (ShipClass.ANCIENT, False),
        (ShipClass.GUARDIAN, False),
        (ShipClass.GCDS, False),
    ],
)
def test_only_ships_with_drives_can_retreat(cls: ShipClass, moves: bool) -> None:
    assert can_retreat(ship(cls.value)) is moves


@pytest.mark.parametrize("general", [False, True])
def test_a_starbase_that_wants_to_retreat_stays(general: bool) -> None:
    # D's starbase (hull 0) would retreat at once if it could; it fights instead. Both hit on 6,
    # the starbase (initiative 4) first: P(A wins) = (5/6)(1/6) / (1 - (5/6)^2) = 5/11.
    a = side("A", (ship(init=2), 1))
    d = always_retreating(side("D", (ship("starbase", init=4), 1)))
    r = ExactSolver(Battle.two_sided(a, d), general=general).run()
    assert r.sides[1].retreats == 0.0
    assert r.sides[1].expected_saved == 0.0
    assert r.attacker_wins == pytest.approx(5 / 11, abs=TOL)


def test_the_interceptor_retreats_the_starbase_stays() -> None:
    # D: an unarmed interceptor (initiative 3) that declares a retreat at its first activation
    # and leaves at its second, and an armed starbase (initiative 1) that would retreat too but
    # cannot. A (initiative 2, optimal) hits on 6 and shoots the starbase: once it is gone, the
    # interceptor leaves and A holds the sector. Round 1: A wins 1/6; else the starbase kills A
    # with 1/6; else round 2 is a duel that A, firing first, wins with 6/11.
    # P(A wins) = 1/6 + (5/6)(5/6)(6/11) = 6/11.
    a = side("A", (ship(init=2), 1))
    d = always_retreating(
        side("D", (ship("starbase", init=1), 1), (ship("interceptor", init=3, cannons={}), 1))
    )
    r = solve_exact(Battle.two_sided(a, d))
    assert r.attacker_wins == pytest.approx(6 / 11, abs=TOL)
    by_class = {g.ship_class: g for g in r.sides[1].groups}
    starbase, interceptor = by_class[ShipClass.STARBASE], by_class[ShipClass.INTERCEPTOR]
    assert starbase.survivors == pytest.approx((6 / 11, 5 / 11), abs=TOL)
    # The interceptor is never shot (A always prefers the starbase): it escapes.
    assert interceptor.escaped == pytest.approx((0.0, 1.0), abs=TOL)
    assert interceptor.expected_destroyed == pytest.approx(0.0, abs=TOL)
    assert r.sides[1].retreats == pytest.approx(1.0, abs=TOL)
    assert r.sides[1].expected_saved == pytest.approx(1.0, abs=TOL)
    # The starbase stays, so D never tried to retreat with all its ships: it keeps the
    # participation tile (at least 1 tile in every outcome).
    assert r.sides[1].reputation_tiles[0] == pytest.approx(0.0, abs=TOL)


def test_an_unarmed_starbase_of_a_retreating_side_gets_no_activation() -> None:
    a = side("A", (ship(init=2), 1))
    d = always_retreating(
        side("D", (ship("starbase", init=4, cannons={}), 1), (ship("interceptor", init=3), 1))
    )
    slots = activation_order(a, d.canonical(), missiles=False)
    groups = d.canonical().groups
    assert [(s.side, groups[s.group].stats.ship_class if s.side else None) for s in slots] == [
        (1, ShipClass.INTERCEPTOR),
        (0, None),
    ]
