"""Each edict on a hand-built game where it decides the outcome, in every window where it may be
played (``cosmic.game.edicts``), and the odds bot's choice of it.

Unless said otherwise seat 0 attacks planet 1.0 of seat 1 (4 ships) with 4 ships and nobody is
invited; the powers chosen do nothing here (an Empath playing an attack, a Mutant with a full
hand, a Clone that is not a main player).
"""

from __future__ import annotations

import numpy as np

from cosmic.cards import Card
from cosmic.game import OddsBot, RandomBot, Step, legal_actions, to_act
from cosmic.game.edicts import plague_discards
from cosmic.game.invariants import problems
from cosmic.game.state import GameState
from cosmic.game.view import view_of
from cosmic.powers import Power
from tests.cosmic.game.support import deal, legal, play, to_cards

E, M, C = Power.EMPATH, Power.MUTANT, Power.CLONE
QUIET = (E, M, C)


def odds_choice(state: GameState) -> str:
    seat = to_act(state)
    assert seat is not None and seat >= 0
    bot = OddsBot(np.random.default_rng(0))
    return str(bot.choose(view_of(state, seat), legal_actions(state)))


def test_card_zap_cancels_emotion_control_and_the_attack_wins() -> None:
    hands = [["attack:6", "edict:emotion_control"], ["attack:20", "edict:card_zap"]]
    s = play(to_cards(deal(QUIET, hands)), "play attack:6", "play attack:20")
    s = play(s, "edict emotion_control -")
    assert s.step is Step.CARD_ZAP and to_act(s) == 1
    assert legal(s) == ["edict card_zap -", "pass"]
    assert odds_choice(s) == "edict card_zap -"  # the defense would lose its win to a deal
    zapped = play(s, "edict card_zap -")
    assert zapped.warp[0] == 4 and zapped.ships_on(5, 1) == 4  # 10 against 24: the defense wins
    assert {Card.parse("edict:emotion_control"), Card.parse("edict:card_zap")} <= set(
        zapped.discard
    )
    assert play(s, "pass").step is Step.PROPOSE  # not zapped: both attacks became compromises
    assert problems(s) == [] and problems(zapped) == []


def test_plague_at_the_regroup_weakens_the_defense_and_the_attack_wins() -> None:
    hands = [["attack:8"], ["attack:8", "attack:1"], ["edict:plague"]]
    s = deal((E, C, M), hands)  # a Mutant would fill the hand the Plague took a card from
    assert s.step is Step.PLAGUE and to_act(s) == 2
    assert legal(s) == ["edict plague 0", "edict plague 1", "pass"]
    plagued = play(s, "edict plague 1")
    # One ship at a time from its fullest base: 1.0, 1.1 and 1.2 keep three each.
    assert [plagued.ships_on(p, 1) for p in range(5, 10)] == [3, 3, 3, 4, 4]
    assert plagued.warp[1] == 3
    assert Card.parse("attack:1") not in plagued.hands[1]  # its weakest attack, discarded
    assert Card.parse("attack:1") in plagued.discard and len(plagued.hands[1]) == 6
    won = play(to_cards(plagued), "play attack:8", "play attack:8")
    assert won.ships_on(5, 0) == 4  # 8 + 4 beats 8 + 3
    lost = play(to_cards(play(s, "pass")), "play attack:8", "play attack:8")
    assert lost.warp[0] == 4  # 12 against 12: the defense wins ties
    assert problems(plagued) == []


def test_plague_discards_the_weakest_card_of_each_kind() -> None:
    hand = tuple(map(Card.parse, ["attack:12", "attack:4", "compromise", "compromise"]))
    assert [str(c) for c in plague_discards(hand)] == ["attack:4", "compromise"]


def test_cosmic_zap_cancels_a_trade_as_it_is_used() -> None:
    hands = [["attack:6"], ["attack:20"], ["edict:cosmic_zap"]]
    s = to_cards(deal((Power.TRADER, M, C), hands))
    assert s.step is Step.POWERS and "trade" in legal(s)
    s = play(s, "trade")
    assert s.step is Step.ZAP and to_act(s) == 2
    assert legal(s) == ["edict cosmic_zap 0", "pass"]
    zapped = play(s, "edict cosmic_zap 0")
    assert zapped.step is Step.CARDS and Card.parse("attack:20") in zapped.hands[1]
    assert play(zapped, "play attack:6", "play attack:20").warp[0] == 4  # it keeps its hand: lost
    traded = play(s, "pass")
    assert Card.parse("attack:20") in traded.hands[0]  # the trade went ahead
    won = play(traded, "play attack:20", "play attack:6", "pass")  # no zap at the reveal
    assert won.ships_on(5, 0) == 4


def test_a_card_zap_on_the_cosmic_zap_lets_the_trade_happen() -> None:
    hands = [["attack:6"], ["attack:20", "edict:card_zap"], ["edict:cosmic_zap"]]
    s = play(to_cards(deal((Power.TRADER, M, C), hands)), "trade", "edict cosmic_zap 0")
    assert s.step is Step.CARD_ZAP and to_act(s) == 1
    s = play(s, "edict card_zap -")
    assert s.step is Step.CARDS and Card.parse("attack:20") in s.hands[0]
    assert problems(s) == []


def test_odds_bot_zaps_a_trade_with_it_but_not_others() -> None:
    hands = [["attack:6"], ["attack:20", "edict:cosmic_zap"]]
    s = play(to_cards(deal((Power.TRADER, M, C), hands)), "trade")
    assert to_act(s) == 1 and odds_choice(s) == "edict cosmic_zap 0"
    hands = [["attack:6"], ["attack:20"], ["edict:cosmic_zap"]]
    s = play(to_cards(deal((Power.TRADER, M, C), hands)), "trade")
    assert to_act(s) == 2 and odds_choice(s) == "pass"  # seat 2 is not in the challenge


def test_cosmic_zap_before_cards_stops_the_laser() -> None:
    hands = [["attack:40", "attack:1"], ["attack:20"], ["edict:cosmic_zap"]]
    s = to_cards(deal((E, Power.LASER, C), hands))
    assert s.step is Step.BEFORE_CARDS and legal(s) == ["edict cosmic_zap 1", "pass"]
    assert to_act(play(s, "pass")) == -1  # the Laser: seat 0's card is a chance event
    zapped = play(s, "edict cosmic_zap 1")
    assert zapped.step is Step.CARDS and to_act(zapped) == 0  # seat 0 chooses its 40
    assert play(zapped, "play attack:40", "play attack:20").ships_on(5, 0) == 4


def test_force_field_cancels_the_defensive_alliance() -> None:
    hands = [["attack:8", "edict:force_field"], ["attack:6"]]
    s = deal(QUIET, hands)
    s = play(s, "destiny 1", "aim 1.0 1", "launch 0.0", "launch 0.1", "launch 0.2", "launch 0.3")
    s = play(s, "invite -", "invite 2", "join defense")
    s = play(s, "launch 2.0", "launch 2.1", "launch 2.2", "launch 2.3")
    assert s.step is Step.FORCE_FIELD and legal(s) == ["edict force_field defense", "pass"]
    shielded = play(s, "edict force_field defense", "play attack:8", "play attack:6")
    assert shielded.ships_on(5, 0) == 4 and shielded.ships_on(10, 2) == 4  # 12 beats 10
    allied = play(s, "pass", "play attack:8", "play attack:6")
    assert allied.warp[0] == 4  # 12 against 6 + 4 + 4


def test_ionic_gas_stops_the_consolation() -> None:
    hands = [["attack:8"], ["compromise", "edict:ionic_gas"]]
    s = play(to_cards(deal(QUIET, hands)), "play attack:8", "play compromise")
    assert s.step is Step.REVEAL and "edict ionic_gas -" in legal(s)
    assert odds_choice(s) == "pass"  # it changes no winner
    gassed = play(s, "edict ionic_gas -")
    assert not gassed.queue and len(gassed.hands[0]) == 6  # no card taken from the attacker
    paid = play(s, "pass")
    assert paid.queue and paid.queue[0].count == 4  # one card per ship lost


def test_quash_kills_the_deal_made() -> None:
    hands = [["compromise"], ["compromise"], ["edict:quash"]]
    s = play(to_cards(deal(QUIET, hands)), "play compromise", "play compromise")
    s = play(s, "propose 1.1 0.1 0 0 no", "accept")
    assert s.step is Step.QUASH and to_act(s) == 2 and legal(s) == ["edict quash -", "pass"]
    quashed = play(s, "edict quash -")
    assert quashed.warp[0] == 3 and quashed.warp[1] == 3  # a failed deal
    made = play(s, "pass")
    assert made.ships_on(6, 0) == 1 and made.ships_on(1, 1) == 1  # the bases were granted


def test_mobius_tubes_frees_every_ship_from_the_warp() -> None:
    s = deal(QUIET, [["attack:6", "edict:mobius_tubes"]], warp=(2, 3, 1))
    assert s.step is Step.MOBIUS and legal(s) == ["edict mobius_tubes -", "pass"]
    freed = play(s, "edict mobius_tubes -")
    assert freed.warp == (0, 0, 0) and freed.ships_on(5, 1) == 7  # 1.0: 4 + 3
    assert freed.step is Step.REGROUP or freed.queue  # on to the regroup
    assert problems(freed) == []


def test_odds_bot_plagues_the_leader() -> None:
    s = deal(QUIET, [["attack:6"], [], ["edict:plague"]])
    assert odds_choice(s) == "pass"  # nobody leads yet
    for pid in (0, 1, 2):  # seat 1 holds three bases in seat 0's system
        s = s.with_ships(5 + pid, 1, -1).with_ships(pid, 1, 1)
    assert odds_choice(s) == "edict plague 1"


def test_random_bot_chooses_uniformly_among_the_edicts_offered() -> None:
    hands = [["attack:6"], ["attack:8"], ["edict:plague"]]
    s = deal(QUIET, hands)
    bot = RandomBot(np.random.default_rng(5))
    seen = {str(bot.choose(view_of(s, 2), legal_actions(s))) for _ in range(60)}
    assert seen == {"edict plague 0", "edict plague 1", "pass"}


def test_edition_1_offers_no_card_zap_and_no_plague() -> None:
    hands = [["attack:6", "edict:emotion_control"], ["attack:20", "edict:card_zap"]]
    s = deal(QUIET, hands, rules=1)
    assert s.step is not Step.PLAGUE
    s = play(to_cards(s), "play attack:6", "play attack:20", "edict emotion_control -")
    assert s.step is Step.REVEAL  # no Card Zap window: the offense is asked again
