"""Negotiation after two compromises (``cosmic.game.deals``): offers and counteroffers, at most
``DEAL_ROUNDS`` of them, a deal of cards and bases, the failed deal's penalty; the record of a
negotiation replays.

Seat 0 attacks planet 1.0 of seat 1 with 4 ships; both play compromises.
"""

from __future__ import annotations

import numpy as np

from cosmic.cards import Card
from cosmic.game import OddsBot, Step, legal_actions, replay, to_act
from cosmic.game.actions import Propose
from cosmic.game.record import GameRecord
from cosmic.game.state import DEAL_ROUNDS, GameState
from cosmic.game.view import view_of
from cosmic.powers import Power
from tests.cosmic.game.support import deal, legal, play, scripted, to_cards

QUIET = (Power.CLONE, Power.MUTANT, Power.VIRUS)
HANDS = [["compromise", "attack:30"], ["compromise", "attack:40"]]


def at_deal() -> GameState:
    s = to_cards(deal(QUIET, HANDS))
    return play(s, "play compromise", "play compromise")


def test_offers_and_counteroffers_alternate_then_a_deal_is_made() -> None:
    s = at_deal()
    assert s.step is Step.PROPOSE and to_act(s) == 0 and "pass" in legal(s)
    s = play(s, "propose 1.1 - 0 1 no")  # a base for the offense, a card from the defense
    assert s.step is Step.ANSWER and to_act(s) == 1
    assert {"accept", "refuse", "propose 1.1 0.1 0 0 no"} <= set(legal(s))
    s = play(s, "propose 1.1 0.1 0 0 no")  # counteroffer: a base each way, no card
    assert to_act(s) == 0 and s.cone.proposals == 2
    s = play(s, "accept")
    assert s.ships_on(6, 0) == 1 and s.ships_on(1, 1) == 1
    assert s.step is Step.CLONE or s.step is Step.AGAIN  # a deal is a success for the offense


def test_cards_promised_are_handed_over() -> None:
    s = play(at_deal(), "propose - - 2 0 no", "accept")
    assert s.step is Step.DEAL_CARDS and to_act(s) == 0
    s = play(s, "hand attack:30")
    s = play(s, f"hand {s.hands[0][0]}")
    assert Card.parse("attack:30") in s.hands[1] and len(s.hands[1]) == 8


def test_the_negotiation_fails_after_the_last_round() -> None:
    s = play(at_deal(), "propose 1.1 - 0 0 no")
    offers = ["propose - 0.1 0 0 no", "propose 1.1 - 0 0 no", "propose - 0.1 0 0 no"]
    for text in offers[: DEAL_ROUNDS - 1]:
        assert text in legal(s)
        s = play(s, text)
    assert s.cone.proposals == DEAL_ROUNDS
    assert legal(s) == ["accept", "refuse"]  # no more counteroffers
    failed = play(s, "refuse")
    assert failed.warp[0] == 3 and failed.warp[1] == 3  # each main player loses three ships


def test_no_offer_fails_the_deal() -> None:
    s = play(at_deal(), "pass")
    assert s.warp[0] == 3 and s.warp[1] == 3


def test_odds_bot_accepts_a_fair_offer_and_counters_a_poor_one() -> None:
    bot = OddsBot(np.random.default_rng(0))
    fair = play(at_deal(), "propose 1.1 0.1 0 0 no")
    assert str(bot.choose(view_of(fair, 1), legal_actions(fair))) == "accept"
    poor = play(at_deal(), "propose 1.1 - 0 2 no")
    choice = bot.choose(view_of(poor, 1), legal_actions(poor))
    assert str(choice).startswith("propose")  # worth -1.5 to it: a counteroffer


def test_odds_bot_never_grants_a_fifth_foreign_base() -> None:
    s = at_deal()
    for i in range(4):  # seat 1 moves a ship from 1.(i+1) to 2.i: four foreign bases
        s = s.with_ships(6 + i, 1, -1).with_ships(10 + i, 1, 1)
    assert s.foreign_bases(1) == 4
    choice = OddsBot(np.random.default_rng(0)).choose(view_of(s, 0), legal_actions(s))
    assert isinstance(choice, Propose) and choice.defense_base == -1


def test_a_negotiation_is_recorded_and_replays() -> None:
    with scripted() as entries:
        final = play(at_deal(), "propose 1.1 - 0 1 no", "propose 1.1 0.1 0 0 no", "accept")
    record = GameRecord(final.config, ("a", "b", "c"), tuple(entries))
    result = replay(record)
    assert result.ok, result.error
    assert result.state == final and result.actions == len(entries)
