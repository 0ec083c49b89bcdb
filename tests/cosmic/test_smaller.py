"""The smaller items: a hand without a challenge card, your Mutant's take from the opponent,
ships the offense must send, the time budget and the progress of a solve."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cosmic import (
    BudgetExceededError,
    BySide,
    Challenge,
    ChallengeError,
    MutantRule,
    OpponentModel,
    Power,
    PowerOptions,
    Side,
    parse_cards,
    preset,
    solve,
)
from tests.cosmic.support import tiny

F = Fraction


def test_a_hand_without_a_challenge_card_is_redrawn_and_played() -> None:
    # Hand size 1: you hold an edict, discard it and draw one of {20, 3} (the opponent holds the
    # other): the 20 wins (22 against 5), the 3 loses: 1/2. Before, the plan said redraw = 1.
    report = solve(tiny(["edict"], ["attack:20", "attack:3"], 1, hand_size=1))
    assert report.cards == ()
    plan = report.plan("redraw")
    assert (plan.odds.win, plan.odds.lose, plan.odds.redraw) == (F(1, 2), F(1, 2), 0)
    assert plan.description.startswith("discard your hand, draw a new one")


def test_a_second_redraw_is_counted_as_redraw() -> None:
    # Hand size 1, you hold an edict; unseen {edict, 9, 2}, the opponent holds one. Your new
    # card: the edict (1/3): no challenge card again, counted in `redraw`; the 9 (1/3): it holds
    # the 2, or the edict and redraws the 2: 11 beats 4, you win; the 2 (1/3): it plays the 9
    # either way: you lose.
    report = solve(tiny(["edict"], ["edict", "attack:9", "attack:2"], 1, hand_size=1))
    plan = report.plan("redraw")
    assert (plan.odds.redraw, plan.odds.win, plan.odds.lose) == (F(1, 3), F(1, 3), F(1, 3))


def test_your_mutant_takes_a_card_from_the_opponent() -> None:
    # Hand size 2: you hold a 1; the opponent holds only a 20 (known); the deck has a 3 left.
    # Drawing, you get the 3 and face its 20: you lose. Taking its card you hold the 20; it has
    # nothing left, draws a new hand: the 3. Your 20 + 2 beats 3 + 2: you win.
    c = tiny(["attack:1"], ["attack:20", "attack:3"], 1, hand_size=2,
             powers=BySide(Power.MUTANT, None), opponent_known=parse_cards("attack:20"))  # fmt: skip
    report = solve(c)
    assert report.plan("mutant").odds.win == 0
    assert report.plan("mutant take").odds.win == 1
    assert report.best_plan.name == "mutant take"
    # Under the deck rule the Mutant takes nothing from hands.
    deck = solve(c.replace(options=PowerOptions(mutant_rule=MutantRule.DECK)))
    assert "mutant take" not in [p.name for p in deck.plans]


def test_a_random_take_is_one_more_unseen_card() -> None:
    # Hand size 2, you hold a 1; unseen {20, 3, 3}; the opponent holds 2 unknown cards. Taking
    # one of them at random, then drawing none (your hand is full), is by symmetry drawing one
    # unseen card while it keeps one: P(you take the 20) = 1/3, and then its 3 (5) loses to
    # your 20 + 2; otherwise you hold {1, 3} against a hand holding the 20: you lose.
    c = tiny(["attack:1"], ["attack:20", "attack:3", "attack:3"], 2, hand_size=2,
             powers=BySide(Power.MUTANT, None), opponent=OpponentModel.HIGHEST)  # fmt: skip
    assert solve(c).plan("mutant take").odds.win == F(1, 3)


def test_the_offense_sends_one_to_four_ships() -> None:
    with pytest.raises(ChallengeError, match=r"ships\.offense: 0 ships; the offense sends 1 to 4"):
        tiny(["attack:5"], ["attack:9"], 1, ships=(0, 2))
    with pytest.raises(ChallengeError, match=r"ships\.offense: 0 ships"):
        tiny(["attack:5"], ["attack:9"], 1, ships=(0, 2), powers=BySide(Power.AMOEBA, None))
    with pytest.raises(ChallengeError, match=r"ships\.offense: 5 ships"):
        tiny(["attack:5"], ["attack:9"], 1, ships=(5, 2))


def _slow_challenge() -> Challenge:
    # The Mind looks at a 7-card hand: a joint enumeration of thousands of compositions.
    return Challenge(
        preset("mayfair_1991"), Side.OFFENSE,
        parse_cards("attack:40", "attack:20", "attack:15", "attack:10", "attack:8", "attack:6",
                    "compromise"),
        BySide(4, 3), BySide(2, 2), 7, powers=BySide(Power.MIND, None),
    )  # fmt: skip


def test_a_time_budget_stops_the_solve_with_a_clear_error() -> None:
    with pytest.raises(BudgetExceededError, match="time budget of 0 s"):
        solve(_slow_challenge(), budget=0.0)


def test_progress_is_reported_in_order_up_to_done() -> None:
    seen: list[tuple[float, str]] = []
    solve(_slow_challenge(), progress=lambda f, stage: seen.append((f, stage)))
    fractions = [f for f, _ in seen]
    assert fractions == sorted(fractions)
    assert seen[-1] == (1.0, "done")
    assert any("Mind" in stage for _, stage in seen)
