"""Each of the 15 powers on a tiny deck where it decides the outcome (fractions worked by hand).

Unless said otherwise: you are the offense, 2 ships each side, no allies, opponent `highest`.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from cosmic import (
    AmoebaTiming,
    BySide,
    ChallengeError,
    MutantRule,
    OpponentModel,
    Power,
    PowerOptions,
    Side,
    VirusAllies,
    parse_cards,
    solve,
)
from tests.cosmic.support import reveal, tiny

F = Fraction


def off(power: Power) -> BySide[Power | None]:
    return BySide(power, None)


def dfn(power: Power) -> BySide[Power | None]:
    return BySide(None, power)


def test_virus_multiplies_and_the_ally_option() -> None:
    # 5 with 3 ships: 5 + 3 = 8 loses to 9 + 2 = 11; the Virus's 5 x 3 = 15 wins.
    assert solve(tiny(["attack:5"], ["attack:9"], 1, ships=(3, 2))).row("attack:5").win == 0
    virus = tiny(["attack:5"], ["attack:9"], 1, ships=(3, 2), powers=off(Power.VIRUS))
    assert solve(virus).row("attack:5").win == 1
    # With 1 allied ship against 15 + 2 = 17: the text multiplies 5 x (3 + 1) = 20 and wins;
    # the published rules give 5 x 3 + 1 = 16 and lose.
    text = tiny(
        ["attack:5"], ["attack:15"], 1, ships=(3, 2), allies=(1, 0), powers=off(Power.VIRUS)
    )
    assert solve(text).row("attack:5").win == 1
    published = tiny(
        ["attack:5"], ["attack:15"], 1, ships=(3, 2), allies=(1, 0), powers=off(Power.VIRUS),
        options=PowerOptions(virus_allies=VirusAllies.ADD),
    )  # fmt: skip
    assert solve(published).row("attack:5").win == 0


def test_macron_counts_four_per_ship_and_sends_one() -> None:
    # Defending Macron: 4 + 2 x 4 = 12 beats 8 + 3 = 11; without the power 4 + 2 = 6 loses.
    base = {"you": Side.DEFENSE, "ships": (3, 2)}
    assert solve(tiny(["attack:4"], ["attack:8"], 1, **base)).row("attack:4").win == 0
    macron = tiny(["attack:4"], ["attack:8"], 1, powers=dfn(Power.MACRON), **base)
    row = solve(macron).row("attack:4")
    assert row.win == 1
    with pytest.raises(ChallengeError, match=r"ships\.offense.*at most 1"):
        tiny(["attack:4"], ["attack:8"], 1, ships=(2, 2), powers=off(Power.MACRON))


def test_laser_makes_the_opponent_card_random() -> None:
    # It holds {20, C}: `highest` plays the 20 and you lose; against your Laser it plays a random
    # card, the compromise half the time, and your attack wins.
    hand, unseen = ["attack:5"], ["attack:20", "compromise"]
    assert solve(tiny(hand, unseen, 2)).row("attack:5").win == 0
    assert solve(tiny(hand, unseen, 2, powers=off(Power.LASER))).row("attack:5").win == F(1, 2)


def test_opposing_laser_draws_your_card() -> None:
    # Your card is drawn from {5, 30} against its 9: the 30 wins, the 5 loses -> plan 1/2, and no
    # best card to choose.
    c = tiny(["attack:5", "attack:30"], ["attack:9"], 1, powers=dfn(Power.LASER))
    report = solve(c)
    assert report.best is None
    assert report.plans[0].name == "laser" and report.plans[0].odds.win == F(1, 2)


ORACLE_HAND = ["attack:1", "morph"]
ORACLE_UNSEEN = ["attack:10", "compromise"]


def test_oracle_replies_to_the_revealed_card() -> None:
    # 4 ships against 1. Its card is a random one of {10, C}. Committed: attack:1 loses to the 10
    # (5 vs 11) and beats the C: 1/2; the morph copies the 10 (14 vs 11, win) or the C (deal): 1/2.
    # The Oracle sees the card first: morph against the 10, attack against the C: always wins.
    c = tiny(ORACLE_HAND, ORACLE_UNSEEN, 2, ships=(4, 1), opponent=OpponentModel.RANDOM,
             powers=off(Power.ORACLE))  # fmt: skip
    report = solve(c)
    assert report.row("attack:1").win == F(1, 2) and report.row("morph").win == F(1, 2)
    oracle = next(p for p in report.plans if p.name == "oracle")
    assert oracle.odds.win == 1
    assert report.best_plan.name == "oracle"


def test_opposing_oracle_best_responds() -> None:
    # An opposing Oracle sees your 12 and answers with the 20 it holds, whatever the model:
    # `random` would have played its compromise half the time.
    hand, unseen = ["attack:12"], ["attack:20", "compromise"]
    base = {"opponent": OpponentModel.RANDOM, "you": Side.OFFENSE}
    assert solve(tiny(hand, unseen, 2, **base)).row("attack:12").win == F(1, 2)
    assert solve(tiny(hand, unseen, 2, powers=dfn(Power.ORACLE), **base)).row("attack:12").win == 0


def test_mind_chooses_after_seeing_the_hand() -> None:
    # It holds one card of {10, C}. Each committed card wins 1/2 (as for the Oracle above); the
    # Mind sees which card it holds and plays the morph or the attack: always wins.
    c = tiny(ORACLE_HAND, ORACLE_UNSEEN, 1, ships=(4, 1), powers=off(Power.MIND))
    report = solve(c)
    assert max(r.odds.win for r in report.cards) == F(1, 2)
    assert next(p for p in report.plans if p.name == "mind").odds.win == 1


def test_opposing_mind_changes_nothing() -> None:
    hand, unseen = ["attack:8", "compromise"], ["attack:9", "attack:3", "compromise"]
    plain = solve(tiny(hand, unseen, 2, opponent=OpponentModel.BEST_RESPONSE))
    mind = solve(
        tiny(hand, unseen, 2, opponent=OpponentModel.BEST_RESPONSE, powers=dfn(Power.MIND))
    )
    assert plain.cards == mind.cards


def test_amoeba_oozes_after_the_reveal() -> None:
    # The reading kept as an option (tests/cosmic/test_amoeba.py has the text's reading):
    # 5 + 2 = 7 against 9 + 2 = 11: the Amoeba oozes in 5 more ships (12 > 11) and wins.
    late = AmoebaTiming.AFTER_REVEAL
    c = tiny(["attack:5"], ["attack:9"], 1, powers=off(Power.AMOEBA),
             options=PowerOptions(amoeba_timing=late))  # fmt: skip
    assert solve(c).row("attack:5").win == 1
    # With no reserve it cannot win, so it removes its 2 ships and loses none (else 2 to warp).
    c = tiny(["attack:5"], ["attack:9"], 1, powers=off(Power.AMOEBA),
             options=PowerOptions(amoeba_reserve=0, amoeba_timing=late))  # fmt: skip
    row = solve(c).row("attack:5")
    assert (row.lose, row.warp) == (1, 0)
    assert solve(tiny(["attack:5"], ["attack:9"], 1)).row("attack:5").warp == 2


def test_trader_swaps_hands() -> None:
    # You hold a 1, it holds the only unseen card, a 20: keep and lose, trade and win.
    report = solve(tiny(["attack:1"], ["attack:20"], 1, powers=off(Power.TRADER)))
    assert report.row("attack:1").win == 0
    assert next(p for p in report.plans if p.name == "trade").odds.win == 1
    assert report.best_plan.name == "trade"
    # An opposing Trader that swaps takes your 20 and leaves you its 1.
    swapped = solve(tiny(["attack:20"], ["attack:1"], 1, powers=dfn(Power.TRADER)))
    assert swapped.cards == () and swapped.best_plan.odds.lose == 1


def test_mutant_draws_to_a_full_hand() -> None:
    # Hand size 2: you hold a 1 and draw one of {20, 3}; it holds the other. Draw the 20 (1/2):
    # 22 beats 5. Draw the 3: 20 + 2 beats you. Without drawing, the 1 always loses.
    report = solve(tiny(["attack:1"], ["attack:20", "attack:3"], 1, hand_size=2,
                        powers=off(Power.MUTANT)))  # fmt: skip
    assert report.row("attack:1").win == 0
    assert next(p for p in report.plans if p.name == "mutant").odds.win == F(1, 2)


def test_opposing_mutant_takes_from_your_hand_under_the_text() -> None:
    # Hand size 2; it holds 1 card and needs 1. Under the text it takes one of your {20, 1} at
    # random: taking the 20 (1/2) leaves you the 1 against its 20; taking the 1 leaves you the 20
    # against {C, 1}. P(win) = 1/2. Drawing from the deck instead (the C) it holds {C, C}: you
    # always win with the 20.
    hand, unseen = ["attack:20", "attack:1"], ["compromise", "compromise"]
    text = solve(tiny(hand, unseen, 1, hand_size=2, powers=dfn(Power.MUTANT)))
    assert text.best_plan.odds.win == F(1, 2)
    deck = solve(tiny(hand, unseen, 1, hand_size=2, powers=dfn(Power.MUTANT),
                      options=PowerOptions(mutant_rule=MutantRule.DECK)))  # fmt: skip
    assert deck.best_plan.odds.win == 1


def test_empath_turns_the_attack_into_a_compromise() -> None:
    # Your 20 against its only card, a compromise: you win; against an Empath it is a deal.
    assert solve(tiny(["attack:20"], ["compromise"], 1)).row("attack:20").win == 1
    row = solve(tiny(["attack:20"], ["compromise"], 1, powers=dfn(Power.EMPATH))).row("attack:20")
    assert (row.win, row.deal) == (0, 1)


def test_clone_keeps_its_card_to_challenge_again() -> None:
    # You win with your only card; you may challenge again only if you still hold a challenge card.
    assert solve(tiny(["attack:20"], ["attack:1"], 1)).row("attack:20").again == 0
    clone = solve(tiny(["attack:20"], ["attack:1"], 1, powers=off(Power.CLONE)))
    assert clone.row("attack:20").again == 1


def test_zombie_ships_never_reach_the_warp() -> None:
    assert solve(tiny(["attack:1"], ["attack:20"], 1)).row("attack:1").warp == 2
    zombie = solve(tiny(["attack:1"], ["attack:20"], 1, powers=off(Power.ZOMBIE))).row("attack:1")
    assert (zombie.lose, zombie.warp, zombie.removed) == (1, 0, 0)


def test_void_removes_the_ships_it_beats() -> None:
    row = solve(tiny(["attack:1"], ["attack:20"], 1, powers=dfn(Power.VOID))).row("attack:1")
    assert (row.warp, row.removed) == (0, 2)
    # A Zombie is not immune to the Void: the powers are one per player, so check the rule.
    c = tiny(["attack:1"], ["attack:20"], 1, powers=BySide(Power.ZOMBIE, Power.VOID))
    assert reveal(c, "attack:1", "attack:20").removed.offense == 2


def test_vulch_holds_used_edicts() -> None:
    # The used edict was seen. Without the Vulch the opponent's 2 cards are {20, C}: it plays the
    # 20 and you lose. An opposing Vulch holds the edict, so one random card of {20, C} joins
    # it: the compromise half the time.
    hand, unseen = ["attack:5"], ["attack:20", "compromise"]
    assert solve(tiny(hand, unseen, 2, seen=["edict"])).row("attack:5").win == 0
    vulch = tiny(hand, unseen, 2, seen=["edict"], powers=dfn(Power.VULCH),
                 options=PowerOptions(vulch_holds=parse_cards("edict")))  # fmt: skip
    assert solve(vulch).row("attack:5").win == F(1, 2)


def test_chronos_replays_a_lost_challenge() -> None:
    # It holds {15, 5}. Your 10 (12) loses to its 15 (17); Chronos time-travels: the 15 is set
    # aside, it plays the 5 (7) and your 10 wins.
    hand, unseen = ["attack:10", "attack:1"], ["attack:15", "attack:5"]
    assert solve(tiny(hand, unseen, 2)).row("attack:10").win == 0
    assert solve(tiny(hand, unseen, 2, powers=off(Power.CHRONOS))).row("attack:10").win == 1


def test_opposing_chronos_replays_when_it_loses() -> None:
    # Its hand: one random card of {20, 3}. Your 10 (12) beats the 3 (5); the Chronos travels:
    # your 10 is set aside, you must play your 1 (3) and it plays its 3 again (5): you lose.
    # P(win) = 0 instead of 1/2.
    hand, unseen = ["attack:10", "attack:1"], ["attack:20", "attack:3"]
    assert solve(tiny(hand, unseen, 1)).row("attack:10").win == F(1, 2)
    chronos = solve(tiny(hand, unseen, 1, powers=dfn(Power.CHRONOS)))
    assert chronos.row("attack:10").win == 0


def test_philanthropist_gives_a_card() -> None:
    # A random opponent holding only a 20 beats your 10. Give it your compromise: it plays the
    # compromise half the time and your 10 wins: 1/2.
    c = tiny(["attack:10", "compromise"], ["attack:20"], 1, opponent=OpponentModel.RANDOM,
             powers=off(Power.PHILANTHROPIST))  # fmt: skip
    report = solve(c)
    assert report.row("attack:10").win == 0
    gift = next(p for p in report.plans if p.name == "give compromise")
    assert gift.odds.win == F(1, 2)
    assert report.best_plan.name == "give compromise"
