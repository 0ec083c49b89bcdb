"""Hand-worked odds on tiny decks, as exact fractions, and brute force over every hand."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from cosmic import Card, Objective, OpponentModel, Side, parse_cards, solve
from cosmic.cards import strength
from tests.cosmic.support import PLAIN_MODELS, reveal, tiny

F = Fraction


def test_highest_model_by_hand() -> None:
    # You attack with 5 and 1 ship (total 6); the defense has 1 ship. Unseen: 10, 2, 2, C and the
    # opponent holds 2 of them: C(4,2) = 6 equally likely hands. Its highest card:
    # {10,2} x2 -> 10 (11 > 6, you lose); {10,C} -> 10 (lose); {2,2} -> 2 (3, you win);
    # {2,C} x2 -> 2 (win). P(win) = 3/6; you lose your 1 ship half the time.
    c = tiny(["attack:5"], ["attack:10", "attack:2", "attack:2", "compromise"], 2, ships=(1, 1))
    row = solve(c).row("attack:5")
    assert (row.win, row.lose, row.deal) == (F(1, 2), F(1, 2), 0)
    assert row.warp == F(1, 2)
    assert row.bases == F(1, 2)
    assert row.again == 0  # nothing left in hand after playing the only card


def test_random_model_by_hand() -> None:
    # Same deck, the opponent plays a random card of its two:
    # {10,2} x2: 1/2 each (the 2 loses); {10,C}: 10 loses for you, C gives you the win -> 1/2;
    # {2,2}: win; {2,C} x2: win. P(win) = (2*1/2 + 1/2 + 1 + 2) / 6 = 3/4.
    c = tiny(
        ["attack:5"], ["attack:10", "attack:2", "attack:2", "compromise"], 2, ships=(1, 1),
        opponent=OpponentModel.RANDOM,
    )  # fmt: skip
    assert solve(c).row("attack:5").win == F(3, 4)


def test_best_response_by_hand() -> None:
    # Knowing your 5, the opponent wins with the 10 when it holds it (3 hands of 6) and loses
    # otherwise: P(win) = 1/2, the same as `highest` here.
    c = tiny(
        ["attack:5"], ["attack:10", "attack:2", "attack:2", "compromise"], 2, ships=(1, 1),
        opponent=OpponentModel.BEST_RESPONSE,
    )  # fmt: skip
    assert solve(c).row("attack:5").win == F(1, 2)


def test_redraw_of_a_hand_without_challenge_card() -> None:
    # Unseen: E, E, 3, 9; the opponent holds 2: {E,E} 1 way, {E,3} 2, {E,9} 2, {3,9} 1.
    # {E,E} has no challenge card: it discards and draws 2 new cards from {3, 9}, then plays 9.
    # Your 5 + 2 ships = 7 beats 3 + 2 only: P(win) = 2/6 = 1/3 (ignoring the redraw: 2/5).
    c = tiny(["attack:5"], ["edict", "edict", "attack:3", "attack:9"], 2, hand_size=2)
    assert solve(c).row("attack:5").win == F(1, 3)


def test_deal_and_its_cost() -> None:
    # Your compromise against one random card of {C, attack:4}: a deal half the time, else you
    # lose your 2 ships. A failed deal (chance 1/2) costs 3 ships: warp = 1/2*2 + 1/2*1/2*3.
    c = tiny(["compromise"], ["compromise", "attack:4"], 1, opponent=OpponentModel.RANDOM)
    row = solve(c).row("compromise")
    assert (row.deal, row.lose, row.win) == (F(1, 2), F(1, 2), 0)
    assert row.warp == F(7, 4)
    assert row.bases == F(1, 4)  # a made deal counts a base


def test_ties_go_to_the_defense() -> None:
    # As the defense your 6 + 2 equals its 6 + 2: you win.
    c = tiny(["attack:6"], ["attack:6"], 1, you=Side.DEFENSE)
    assert solve(c).row("attack:6").win == 1
    c = tiny(["attack:6"], ["attack:6"], 1, you=Side.OFFENSE)
    assert solve(c).row("attack:6").lose == 1


def test_consolation_can_take_the_last_challenge_card() -> None:
    # You attack with 9 against its only card, a compromise: you win, and give one random card
    # per defending ship destroyed (2) from your remaining hand {attack:3, edict, edict}. You can
    # challenge again only if the 3 is not among the 2 given: P = C(2,2)/C(3,2) = 1/3.
    c = tiny(["attack:9", "attack:3", "edict", "edict"], ["compromise"], 1)
    assert solve(c).row("attack:9").again == F(1, 3)


def test_objective_changes_the_best_card() -> None:
    # As the defense against a random card of {attack:30, compromise}: your attack:1 (3 in all)
    # loses to the 30 and beats the compromise (win 1/2); your compromise loses to the 30 and
    # makes a deal with the compromise (win 0). The best card for "win" is the attack.
    c = tiny(
        ["attack:1", "compromise"], ["attack:30", "compromise"], 1, you=Side.DEFENSE,
        opponent=OpponentModel.RANDOM,
    )  # fmt: skip
    report = solve(c)
    assert report.row("attack:1").win == F(1, 2)
    assert report.best == Card.parse("attack:1")


UNSEEN = ["attack:4", "attack:6", "attack:6", "attack:9", "attack:15", "compromise", "compromise",
          "edict", "morph"]  # fmt: skip


@pytest.mark.parametrize("model", PLAIN_MODELS)
@pytest.mark.parametrize("you", list(Side))
def test_matches_brute_force_over_every_hand(model: OpponentModel, you: Side) -> None:
    # Every 3-card subset of the 9 unseen cards, played by a direct reading of the model.
    hand = ["attack:8", "compromise", "attack:5"]
    c = tiny(hand, UNSEEN, 3, you=you, ships=(3, 1), allies=(1, 2), opponent=model)
    report = solve(c)
    from cosmic import Result

    def i_win(mine: Card, theirs: Card) -> int:
        off, dfn = (mine, theirs) if you is Side.OFFENSE else (theirs, mine)
        return int(reveal(c, off, dfn).result.winner() is you)

    def their_rank(mine: Card, theirs: Card) -> tuple[int, ...]:
        off, dfn = (mine, theirs) if you is Side.OFFENSE else (theirs, mine)
        e = reveal(c, off, dfn)
        them = you.other
        rank = 1 if e.result is Result.DEAL else 2 if e.result.winner() is them else 0
        return (rank, -(e.warp.of(them) + e.removed.of(them)), *(-s for s in strength(theirs)))

    subsets = list(combinations(parse_cards(*UNSEEN), 3))
    for mine in parse_cards(*hand):
        total = F(0)
        for sub in subsets:
            options = [x for x in sub if x.is_challenge]
            if model is OpponentModel.RANDOM:
                total += F(sum(i_win(mine, z) for z in options), len(options))
            elif model is OpponentModel.HIGHEST:
                total += i_win(mine, max(options, key=strength))
            else:
                total += i_win(mine, max(options, key=lambda z: their_rank(mine, z)))
        assert report.row(mine).win == total / len(subsets), str(mine)


def test_objective_avoid_loss() -> None:
    # The Empath defense: its compromise forces a deal (never a loss); its attack:10 wins
    # against 6 + 2 ships only. Objective win -> attack; avoid_loss -> compromise.
    from cosmic import BySide, Power

    base = {
        "you": Side.DEFENSE,
        "powers": BySide(None, Power.EMPATH),
        "opponent": OpponentModel.RANDOM,
    }
    c = tiny(["attack:10", "compromise"], ["attack:6", "attack:20"], 1, **base)
    assert solve(c).best == Card.parse("attack:10")
    c = tiny(["attack:10", "compromise"], ["attack:6", "attack:20"], 1,
             objective=Objective.AVOID_LOSS, **base)  # fmt: skip
    report = solve(c)
    assert report.best == Card.parse("compromise")
    assert report.row("compromise").deal == 1
