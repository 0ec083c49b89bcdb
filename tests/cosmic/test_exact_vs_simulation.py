"""The exact odds agree with a seeded simulation within 4 standard errors; enumeration sanity."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

import pytest

from cosmic import BySide, Challenge, OpponentModel, Side, parse_cards, preset, solve
from cosmic.hands import as_hand, hand_distribution
from cosmic.simulate import simulate_wins


@pytest.mark.parametrize(
    ("deck", "model", "you"),
    [
        ("mayfair_1991", OpponentModel.RANDOM, Side.OFFENSE),
        ("mayfair_1991", OpponentModel.HIGHEST, Side.DEFENSE),
        ("ffg_2008", OpponentModel.BEST_RESPONSE, Side.OFFENSE),
        ("eon", OpponentModel.HIGHEST, Side.OFFENSE),
    ],
)
def test_exact_within_four_standard_errors(deck: str, model: OpponentModel, you: Side) -> None:
    c = Challenge(
        preset(deck), you, parse_cards("attack:12", "attack:8", "compromise"), BySide(3, 2),
        BySide(1, 1), opponent_hand_size=5, opponent=model,
    )  # fmt: skip
    report = solve(c)
    sim = simulate_wins(c, samples=3000, seed=20260101)
    checked = 0
    for row in report.cards:
        mean, se = sim[row.card]
        if se > 0:
            assert abs(float(row.odds.win) - mean) <= 4 * se, (str(row.card), row.odds.win, mean)
            checked += 1
    assert checked >= 2


def test_simulation_would_notice_a_wrong_answer() -> None:
    # The same check against a deliberately wrong value fails: the tolerance is not vacuous.
    c = Challenge(
        preset("mayfair_1991"), Side.OFFENSE, parse_cards("attack:12"), BySide(4, 2), BySide(0, 3),
        opponent_hand_size=7, opponent=OpponentModel.RANDOM,
    )  # fmt: skip
    exact = float(solve(c).row("attack:12").win)
    mean, se = simulate_wins(c, samples=3000, seed=7)[parse_cards("attack:12")[0]]
    assert abs(exact - mean) <= 4 * se
    assert abs(exact + 0.05 - mean) > 4 * se


def test_hand_distribution_sums_to_one_with_the_redraw() -> None:
    unseen = Counter(parse_cards("edict", "edict", "edict", "attack:3", "attack:9", "compromise"))
    dist = hand_distribution(as_hand(()), 3, unseen, 3, {})
    assert sum(p for _, p in dist) == 1
    # The only hand without a challenge card is {E,E,E}: 1 of C(6,3) = 20; then a new hand is
    # the 3 remaining challenge cards.
    full = as_hand(parse_cards("attack:3", "attack:9", "compromise"))
    assert dict(dist)[full] == Fraction(1, 20) + Fraction(1, comb(6, 3))


def test_full_mayfair_hand_with_best_response() -> None:
    c = Challenge(
        preset("mayfair_1991"), Side.OFFENSE,
        parse_cards("attack:40", "attack:20", "attack:15", "attack:10", "attack:8", "attack:6",
              "compromise"),
        BySide(4, 3), BySide(2, 2), opponent_hand_size=7, opponent=OpponentModel.BEST_RESPONSE,
    )  # fmt: skip
    report = solve(c)  # timed in benchmarks/cosmic_full_hand.py, not here
    assert len(report.cards) == 7
    assert report.best == parse_cards("attack:40")[0]
    assert report.compositions > 0
