"""Reputation rules (calc.rules.reputation): what each destroyed ship earns, how many tiles a
side draws, the cap, and the best tile of a draw, each against the rulebook or a hand count."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from blueprints import ShipClass
from calc.rules.reputation import (
    DEFAULT_REPUTATION_BAG,
    MAX_REPUTATION_TILES,
    best_of_draw,
    expected_value,
    ship_reputation,
    tiles_drawn,
)


def test_each_ship_class_earns_the_rulebooks_reputation_value() -> None:
    """Rulebook, Reputation: interceptor, starbase, orbital and ancient 1; cruiser and guardian
    2; dreadnought and the Galactic Center Defense System 3."""
    expected = {
        ShipClass.INTERCEPTOR: 1,
        ShipClass.CRUISER: 2,
        ShipClass.DREADNOUGHT: 3,
        ShipClass.STARBASE: 1,
        ShipClass.ANCIENT: 1,
        ShipClass.GUARDIAN: 2,
        ShipClass.GCDS: 3,
    }
    for ship_class, value in expected.items():
        assert ship_reputation(ship_class) == value, ship_class


@pytest.mark.parametrize(
    ("earned", "took_part", "participation", "npc", "tiles"),
    [
        (0, True, True, False, 1),  # taking part alone draws one
        (0, True, False, False, 0),  # ... unless every remaining ship tried to retreat
        (2, True, True, False, 3),
        (2, True, False, False, 2),
        (4, True, True, False, 5),  # 4 + 1 = 5: exactly the cap
        (5, True, True, False, 5),  # 6 capped at 5
        (9, True, False, False, 5),
        (3, False, True, False, 0),  # fought no battle: nothing
        (3, True, True, True, 0),  # NPCs draw none
    ],
)
def test_tiles_drawn(
    earned: int, took_part: bool, participation: bool, npc: bool, tiles: int
) -> None:
    got = tiles_drawn(earned, took_part=took_part, participation=participation, npc=npc)
    assert got == tiles


def test_the_cap_is_five_tiles() -> None:
    """Rulebook: a player draws at most 5 reputation tiles after a sector's battles."""
    assert MAX_REPUTATION_TILES == 5
    draws = [tiles_drawn(e, took_part=True, participation=True, npc=False) for e in range(10)]
    assert draws == [1, 2, 3, 4, 5, 5, 5, 5, 5, 5]


def test_the_best_of_one_tile_is_the_bags_proportions() -> None:
    bag = dict(DEFAULT_REPUTATION_BAG)
    counts = (bag[1], bag[2], bag[3], bag[4])
    dist = best_of_draw(counts, 1)
    total = sum(counts)
    assert dist == pytest.approx([0.0, *(c / total for c in counts)])


def test_the_best_of_two_tiles_by_hand() -> None:
    """A bag of 1, 1, 2, 4 (four tiles), two drawn: 6 pairs; best 1 only for {1, 1} (1/6), best
    2 for the two pairs {1, 2} (2/6), best 4 for the three pairs with the 4 (3/6)."""
    dist = best_of_draw((2, 1, 0, 1), 2)
    assert dist == pytest.approx([0, 1 / 6, 2 / 6, 0, 3 / 6])
    assert expected_value(dist) == pytest.approx(1 / 6 + 4 / 6 + 12 / 6)


def test_the_best_of_k_tiles_is_a_hypergeometric_maximum() -> None:
    counts = (12, 10, 7, 4)
    total = sum(counts)
    for k in range(1, 6):
        dist = best_of_draw(counts, k)
        below = 0
        previous = Fraction(0)
        for v in range(1, 5):
            below += counts[v - 1]
            at_most = Fraction(comb(below, k), comb(total, k))
            assert dist[v] == pytest.approx(float(at_most - previous), abs=1e-12), (k, v)
            previous = at_most
