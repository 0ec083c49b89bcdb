"""The Amoeba by the text (ships chosen with the card) and by the older reading (after the
reveal): closed forms on tiny decks, a brute force over every hand, and the 7-card case."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cosmic import (
    AmoebaTiming,
    BySide,
    Challenge,
    ChallengeError,
    OpponentModel,
    Play,
    Power,
    PowerOptions,
    Side,
    Table,
    parse_cards,
    preset,
    resolve,
    solve,
)
from tests.cosmic.support import PLAIN_MODELS, brute_force_win, tiny

F = Fraction
TEXT = PowerOptions(amoeba_reserve=6)
LATE = PowerOptions(amoeba_reserve=6, amoeba_timing=AmoebaTiming.AFTER_REVEAL)


def test_the_text_costs_ships_that_the_late_reading_saves() -> None:
    # Your 5 with 2 ships and 6 more to ooze (0 to 8 ships); the opponent holds one of {9, 20}.
    # Against 20 + 2 = 22 nothing wins. Against 9 + 2 = 11 you need 5 + n > 11: n >= 7.
    # By the text you choose n with the card: n = 7 wins 1/2 and loses the 7 ships the other
    # half: warp 7/2 (any n < 7 wins nothing). After the reveal you ooze to 7 against the 9 and
    # out against the 20: the same 1/2, for free.
    hand, unseen = ["attack:5"], ["attack:9", "attack:20"]
    text = solve(tiny(hand, unseen, 1, powers=BySide(Power.AMOEBA, None), options=TEXT))
    row = text.card_row("attack:5")
    assert (row.ships, row.odds.win, row.odds.warp) == (7, F(1, 2), F(7, 2))
    late = solve(tiny(hand, unseen, 1, powers=BySide(Power.AMOEBA, None), options=LATE))
    assert (late.row("attack:5").win, late.row("attack:5").warp) == (F(1, 2), 0)


def test_the_text_amoeba_plays_the_fewest_ships_that_win_as_much() -> None:
    # Against a known 9 (2 ships) the 5 needs 7 ships; more win no more and would be lost no
    # more either, but the fewest that win are chosen. With a compromise it oozes out: a
    # compromise loses to the 9 whatever the ships, so 0 ships lose nothing.
    c = tiny(["attack:5", "compromise"], ["attack:9"], 1, powers=BySide(Power.AMOEBA, None),
             options=TEXT)  # fmt: skip
    report = solve(c)
    assert report.card_row("attack:5").ships == 7
    assert report.card_row("attack:5").odds.win == 1
    compromise = report.card_row("compromise")
    assert (compromise.ships, compromise.odds.lose, compromise.odds.warp) == (0, 1, 0)


def test_a_defending_amoeba_wins_ties() -> None:
    # As the defense your 5 with n ships against its 9 + 2: 5 + n >= 11 needs n = 6.
    c = tiny(["attack:5"], ["attack:9"], 1, you=Side.DEFENSE,
             powers=BySide(None, Power.AMOEBA), options=TEXT)  # fmt: skip
    row = solve(c).card_row("attack:5")
    assert (row.ships, row.odds.win) == (6, 1)


@pytest.mark.parametrize(
    ("model", "expected_ships", "win"),
    [
        # Highest: its 9 with every ship it can (2 + 6): 17 beats your 12 + 2; it always wins.
        (OpponentModel.HIGHEST, 8, F(0)),
        # Random: its 9 or its compromise, ships as committed (2): 11 < 14 -> you win both.
        (OpponentModel.RANDOM, 2, F(1)),
        # Best response: it knows your 12 + 2 = 14 and oozes in the fewest that win: 9 + 5 = 14
        # (ties go to the defense).
        (OpponentModel.BEST_RESPONSE, 5, F(0)),
    ],
)
def test_an_opposing_amoeba_chooses_its_ships_by_the_model(
    model: OpponentModel, expected_ships: int, win: Fraction
) -> None:
    c = tiny(["attack:12"], ["attack:9", "compromise"], 2, powers=BySide(None, Power.AMOEBA),
             opponent=model, options=TEXT)  # fmt: skip
    report = solve(c)
    assert report.row("attack:12").win == win
    assert brute_force_win(c, Play(parse_cards("attack:12")[0], 2)) == win
    assert any("Amoeba" in n for n in report.notes)
    from cosmic.solver import Solver

    s = Solver(c)
    plays = s.their_play(tuple(sorted((card, 1) for card in parse_cards("attack:9",
                                                                         "compromise"))),
                         Play(parse_cards("attack:12")[0], 2), ())  # fmt: skip
    if model is not OpponentModel.RANDOM:
        assert plays[0][0] == Play(parse_cards("attack:9")[0], expected_ships)


UNSEEN = ["attack:1", "attack:4", "attack:6", "attack:9", "attack:15", "compromise", "morph"]


@pytest.mark.parametrize("model", PLAIN_MODELS)
@pytest.mark.parametrize("you", list(Side))
@pytest.mark.parametrize("amoeba", ["yours", "theirs"])
@pytest.mark.parametrize("timing", list(AmoebaTiming))
def test_matches_brute_force_over_every_hand(
    model: OpponentModel, you: Side, amoeba: str, timing: AmoebaTiming
) -> None:
    # Every 2-card hand of the 7 unseen cards; every play of every card of yours (the Amoeba's
    # ship counts too) against the model read from its definition.
    mine = you if amoeba == "yours" else you.other
    powers = BySide(Power.AMOEBA, None) if mine is Side.OFFENSE else BySide(None, Power.AMOEBA)
    c = tiny(["attack:8", "compromise", "attack:3"], UNSEEN, 2, you=you, ships=(2, 1),
             allies=(1, 1), opponent=model, powers=powers,
             options=PowerOptions(amoeba_reserve=3, amoeba_timing=timing))  # fmt: skip
    report = solve(c)
    for row in report.cards:
        assert row.odds.win == brute_force_win(c, Play(row.card, row.ships)), str(row.card)
        if c.table.chooses_ships(you):
            # The row's count is the best: no other count wins more.
            best = max(brute_force_win(c, Play(row.card, n)) for n in c.table.ship_choices(you))
            assert row.odds.win == best


def test_the_seven_card_amoeba_case_is_small_work() -> None:
    # The slow case (111 s, 744 MB): seven cards, the Amoeba attacking. The work counter
    # (opponent hand compositions weighed) is what it costs; benchmarks/cosmic_amoeba.py times
    # it. Before: 322,336 compositions.
    hand = parse_cards("attack:40", "attack:20", "attack:15", "attack:10", "attack:8",
                       "attack:6", "compromise")  # fmt: skip
    for timing in AmoebaTiming:
        c = Challenge(preset("mayfair_1991"), Side.OFFENSE, hand, BySide(4, 3), BySide(2, 2),
                      opponent_hand_size=7, opponent=OpponentModel.RANDOM,
                      powers=BySide(Power.AMOEBA, None),
                      options=PowerOptions(amoeba_timing=timing))  # fmt: skip
        report = solve(c)
        assert report.compositions < 5000
        assert report.row("attack:40").win == 1


def test_a_play_with_ships_not_its_own_is_refused() -> None:
    table = Table(BySide(2, 2))
    with pytest.raises(ChallengeError, match=r"ships\.offense: 3 ships at the reveal"):
        resolve(table, Play(parse_cards("attack:5")[0], 3), Play(parse_cards("attack:9")[0], 2))
    amoeba = Table(BySide(2, 2), powers=BySide(Power.AMOEBA, None), options=TEXT)
    e = resolve(amoeba, Play(parse_cards("attack:5")[0], 8), Play(parse_cards("attack:9")[0], 2))
    assert e.totals == BySide(13, 11)
    with pytest.raises(ChallengeError, match="0 to 8"):
        resolve(amoeba, Play(parse_cards("attack:5")[0], 9), Play(parse_cards("attack:9")[0], 2))
