"""Edicts that change a challenge, played (facts) or held (yours to play); the others are hand
places. Closed forms on tiny decks."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cosmic import (
    Ally,
    BySide,
    Card,
    ChallengeError,
    Edict,
    OpponentModel,
    PlayedEdict,
    Power,
    solve,
)
from tests.cosmic.support import reveal, tiny

F = Fraction


def played(edict: Edict, target: str = "") -> tuple[PlayedEdict, ...]:
    return (PlayedEdict(edict, target),)


def test_emotion_control_played_turns_attacks_into_compromises() -> None:
    c = tiny(["attack:20"], ["attack:1"], 1, edicts=played(Edict.EMOTION_CONTROL))
    assert reveal(c, "attack:20", "attack:1").result.value == "deal"
    row = solve(c).row("attack:20")
    assert (row.win, row.deal, row.warp) == (0, 1, F(3, 2))  # a failed deal (1/2) costs 3


def test_a_held_emotion_control_saves_a_lost_challenge() -> None:
    # Your 1 against a random card of {20, 3}: both beat you (3 + 2 > 1 + 2 needs ... 5 > 3).
    # Holding Emotion Control you play it at the reveal: a deal instead of a loss, each time.
    hand, unseen = ["attack:1", "edict:emotion_control"], ["attack:20", "attack:3"]
    assert solve(tiny(["attack:1"], unseen, 1)).row("attack:1").lose == 1
    row = solve(tiny(hand, unseen, 1, opponent=OpponentModel.RANDOM)).row("attack:1")
    assert (row.win, row.lose, row.deal) == (0, 0, 1)
    # It is not played when you win: your 30 keeps its win.
    row = solve(tiny(["attack:30", "edict:emotion_control"], unseen, 1)).row("attack:30")
    assert row.win == 1


def test_a_cosmic_zap_played_cancels_a_power() -> None:
    # The Virus's 5 x 3 = 15 beats 9 + 2; zapped, 5 + 3 = 8 loses.
    c = tiny(["attack:5"], ["attack:9"], 1, ships=(3, 2), powers=BySide(Power.VIRUS, None))
    assert solve(c).row("attack:5").win == 1
    zapped = c.replace(edicts=played(Edict.COSMIC_ZAP, "offense"))
    assert zapped.your_power is None
    assert solve(zapped).row("attack:5").win == 0
    # An ally's power: the allied Macron's ship counts 1 once zapped.
    m = tiny(["attack:5"], ["attack:8"], 1, allies=BySide((Ally(1, Power.MACRON),), ()),
             edicts=played(Edict.COSMIC_ZAP, "offense.allies[0]"))  # fmt: skip
    assert reveal(m, "attack:5", "attack:8").totals == BySide(8, 10)


def test_a_held_cosmic_zap_cancels_a_power_at_the_reveal() -> None:
    # A defending Macron's 8 + 2 x 4 = 16 beats your 10 + 2; you zap it at the reveal: 10 + 2
    # against 8 + 2 wins.
    c = tiny(["attack:10", "edict:cosmic_zap"], ["attack:8"], 1,
             powers=BySide(None, Power.MACRON))  # fmt: skip
    assert solve(c.replace(hand=c.hand[:1])).row("attack:10").win == 0
    assert solve(c).row("attack:10").win == 1


def test_a_held_cosmic_zap_before_cards_against_a_laser() -> None:
    # The opposing Laser draws your card from {5, 30} against its 9: 1/2. Zapping it first you
    # choose the 30: a sure win (plan 'zap').
    c = tiny(["attack:5", "attack:30", "edict:cosmic_zap"], ["attack:9"], 1,
             powers=BySide(None, Power.LASER))  # fmt: skip
    report = solve(c)
    assert report.plan("laser").odds.win == F(1, 2)
    assert report.plan("zap").odds.win == 1
    assert report.best_plan.name == "zap"


def test_a_force_field_cancels_alliances() -> None:
    # Its 8 with 2 ships and 3 allied ships (13) beats your 10 + 2; without them 10 loses to
    # nothing: 12 > 10.
    c = tiny(["attack:10"], ["attack:8"], 1, allies=BySide((), (Ally(3),)))
    assert solve(c).row("attack:10").win == 0
    assert solve(c.replace(edicts=played(Edict.FORCE_FIELD, "defense"))).row("attack:10").win == 1
    held = tiny(["attack:10", "edict:force_field"], ["attack:8"], 1, allies=BySide((), (Ally(3),)))
    report = solve(held)
    assert report.plan("play").odds.win == 0
    assert report.plan("force field").odds.win == 1


def test_ionic_gas_stops_consolation_and_a_quash_fails_the_deal() -> None:
    # Your 9 beats its compromise; its 2 ships destroyed would cost you 2 of your 3 other cards,
    # so you may challenge again with chance 1/3 (tests/cosmic/test_closed_forms.py); under Ionic
    # Gas nothing is given: you keep your 3.
    hand = ["attack:9", "attack:3", "edict", "edict"]
    c = tiny(hand, ["compromise"], 1)
    assert solve(c).row("attack:9").again == F(1, 3)
    assert solve(c.replace(edicts=played(Edict.IONIC_GAS))).row("attack:9").again == 1
    deal = tiny(["compromise"], ["compromise"], 1, edicts=played(Edict.QUASH))
    row = solve(deal).row("compromise")
    assert (row.deal, row.warp, row.bases) == (1, 3, 0)


def test_edicts_that_do_not_change_a_challenge() -> None:
    with pytest.raises(ChallengeError, match=r"edicts\[0\]: 'plague' does not change a challenge"):
        tiny(["attack:5"], ["attack:9"], 1, edicts=played(Edict.PLAGUE))
    with pytest.raises(ChallengeError, match="target"):
        tiny(["attack:5"], ["attack:9"], 1, edicts=played(Edict.COSMIC_ZAP, "moon"))
    report = solve(tiny(["attack:5", "edict:plague"], ["attack:9"], 1))
    assert any("edict:plague in your hand does not change a challenge" in n for n in report.notes)


def test_named_edicts_are_the_decks_edicts() -> None:
    # A deck with one edict: holding it named, no edict is left unseen.
    c = tiny(["attack:5", "edict:cosmic_zap"], ["attack:9"], 1)
    assert c.deck.count(Card.parse("edict")) == 1
    assert c.unseen()[Card.parse("edict")] == 0
    with pytest.raises(ChallengeError, match=r"hand\[2\]: 2 copies of 'edict'"):
        c.replace(hand=(*c.hand, Card.parse("edict:quash")))
