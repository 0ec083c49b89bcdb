"""The chance layer (calc.rules.dice): the hit rule, the categories of a die, and the outcomes of
a volley checked against every sequence of faces the dice can show."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product

import pytest

from blueprints import Dice, DieColour
from calc.rules.dice import (
    RIFT_REACH,
    die_hits,
    hit_categories,
    hit_threshold,
    hits_of_faces,
    volley_outcomes,
)


@pytest.fixture(autouse=True)
def _fresh_outcomes() -> None:
    """``volley_outcomes`` is memoised: each test computes its outcomes afresh, so an answer
    cached by earlier code (another test, or the process a mutation run forks from) never
    stands in for the code under test."""
    volley_outcomes.cache_clear()


def test_a_six_always_hits_a_one_always_misses_and_otherwise_computers_and_shields_count() -> None:
    assert die_hits(6, computer=0, shield=9) and not die_hits(1, computer=9, shield=0)
    assert die_hits(5, computer=1, shield=0) and not die_hits(4, computer=1, shield=0)
    assert die_hits(3, computer=4, shield=1) and not die_hits(2, computer=4, shield=1)
    for roll, computer, shield in product(range(1, 7), range(6), range(6)):
        expected = roll == 6 or (roll != 1 and roll + computer - shield >= 6)
        assert die_hits(roll, computer, shield) is expected
        # The threshold form of the same rule, which the solvers use.
        assert (roll >= hit_threshold(computer, shield)) is expected


def test_the_roll_needed_is_six_less_computers_plus_shields_between_two_and_six() -> None:
    assert [hit_threshold(c, 0) for c in range(6)] == [6, 5, 4, 3, 2, 2]
    assert [hit_threshold(2, s) for s in range(5)] == [4, 5, 6, 6, 6]


def test_a_die_falls_into_miss_or_the_highest_threshold_its_roll_reaches() -> None:
    assert hit_categories(()) == (1.0,)
    assert hit_categories((6,)) == pytest.approx((5 / 6, 1 / 6))
    assert hit_categories((3, 5)) == pytest.approx((2 / 6, 2 / 6, 2 / 6))
    assert hit_categories((2, 4, 6)) == pytest.approx((1 / 6, 2 / 6, 2 / 6, 1 / 6))


def test_two_yellow_dice_needing_a_five_by_hand() -> None:
    out = {o.hits: p for o, p in volley_outcomes(Dice(yellow=2), (5,))}
    assert out == pytest.approx({(): 4 / 9, ((1, 5, 1),): 4 / 9, ((1, 5, 2),): 1 / 9})


def _by_enumeration(
    dice: dict[DieColour, int], needs: tuple[int, ...], splitter: bool
) -> dict[tuple[tuple[tuple[int, int, int], ...], int], Fraction]:
    """Every sequence of faces, each with probability 6^-n, through ``hits_of_faces``."""
    colours = [c for c, n in dice.items() for _ in range(n)]
    out: dict[tuple[tuple[tuple[int, int, int], ...], int], Fraction] = defaultdict(Fraction)
    for faces in product(range(1, 7), repeat=len(colours)):
        hits, self_points = hits_of_faces(list(zip(colours, faces, strict=True)), needs, splitter)
        out[(hits, self_points)] += Fraction(1, 6 ** len(colours))
    return dict(out)


@pytest.mark.parametrize(
    ("dice", "needs", "splitter"),
    [
        ({DieColour.YELLOW: 2, DieColour.ORANGE: 1}, (3, 5), False),
        ({DieColour.YELLOW: 1, DieColour.RED: 1, DieColour.BLUE: 1}, (2, 4, 6), False),
        ({DieColour.RED: 2}, (4,), True),
        ({DieColour.RED: 1, DieColour.YELLOW: 2}, (3, 5), True),  # split hits merge with yellow
        ({DieColour.PINK: 2, DieColour.YELLOW: 1}, (5,), False),
        ({DieColour.PINK: 3}, (6,), False),
    ],
)
def test_volley_outcomes_are_every_sequence_of_faces_counted(
    dice: dict[DieColour, int], needs: tuple[int, ...], splitter: bool
) -> None:
    pool = Dice(**{c.value: n for c, n in dice.items()})
    got = {(o.hits, o.self_damage): p for o, p in volley_outcomes(pool, needs, splitter)}
    want = _by_enumeration(dice, needs, splitter)
    assert got.keys() == want.keys()
    for key, p in want.items():
        assert got[key] == pytest.approx(float(p), abs=1e-12), key
    assert sum(got.values()) == pytest.approx(1.0, abs=1e-12)


def test_faces_to_hits_in_hit_order_with_rift_self_damage() -> None:
    # Largest damage first, then the lowest reach; equal hits are counted together.
    faces = [
        (DieColour.YELLOW, 6),
        (DieColour.RED, 5),
        (DieColour.YELLOW, 5),
        (DieColour.YELLOW, 6),
    ]
    assert hits_of_faces(faces, (5, 6), False) == (((4, 5, 1), (1, 5, 1), (1, 6, 2)), 0)
    # A 1 misses and a face below every need misses.
    assert hits_of_faces([(DieColour.BLUE, 1), (DieColour.BLUE, 4)], (5,), False) == ((), 0)
    # The Antimatter Splitter: a red hit is four hits of 1 with the same reach.
    assert hits_of_faces([(DieColour.RED, 6)], (4, 6), True) == (((1, 6, 4),), 0)
    # Rift faces: 1 and 2 damage, 3 damage and 1 to itself, 1 to itself alone, two blanks.
    rift = [(DieColour.PINK, f) for f in range(1, 7)]
    assert hits_of_faces(rift, (6,), False) == (
        ((3, RIFT_REACH, 1), (2, RIFT_REACH, 1), (1, RIFT_REACH, 1)),
        2,
    )
