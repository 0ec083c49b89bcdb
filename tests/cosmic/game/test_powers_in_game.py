"""Each of the 15 powers on a hand-built game where it decides the outcome.

Unless said otherwise seat 0 attacks planet 1.0 of seat 1 (4 ships) with 4 ships, nobody is
invited, and the powers that do not act (Empath playing an attack, Vulch without edicts) fill
the other seats.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from cosmic.cards import Card
from cosmic.game import OddsBot, Step, chance_outcomes, legal_actions, to_act
from cosmic.game.invariants import problems
from cosmic.game.state import CHANCE, GameState
from cosmic.game.view import challenge_of, view_of
from cosmic.powers import Power
from tests.cosmic.game.support import deal, legal, play, to_cards

E, V = Power.EMPATH, Power.VULCH


def total_on_planets(state: GameState, seat: int) -> int:
    return sum(row[seat] for row in state.planets)


def without_home_bases(state: GameState, seat: int, planets: tuple[int, ...]) -> GameState:
    """``seat``'s ships on ``planets`` (its own) moved to the warp."""
    for pid in planets:
        n = state.ships_on(pid, seat)
        state = state.with_ships(pid, seat, -n).with_warp(seat, n)
    return state


def test_virus_multiplies_and_loses_it_with_two_home_bases() -> None:
    s = to_cards(deal([Power.VIRUS, E, V], [["attack:8"], ["attack:20"]]))
    won = play(s, "play attack:8", "play attack:20")  # 8 x 4 = 32 against 20 + 4
    assert won.ships_on(5, 0) == 4 and won.warp[1] == 4
    weak = without_home_bases(s, 0, (2, 3, 4))  # 2 home bases left: no power
    lost = play(weak, "play attack:8", "play attack:20")  # 8 + 4 against 24
    assert lost.ships_on(5, 0) == 0 and lost.warp[0] == 3 + 4 * 3 + 4 - 3
    assert not problems(lost)


def test_macron_sends_one_ship_worth_four() -> None:
    s = deal([Power.MACRON, E, V], [["attack:10"], ["attack:8"]])
    s = play(s, "destiny 1", "aim 1.0 1", "launch 0.0")
    assert s.step is Step.INVITE  # one ship is all a Macron sends
    s = play(s, "invite -", "invite -", "play attack:10", "play attack:8")
    assert s.ships_on(5, 0) == 1  # 10 + 4 against 8 + 4
    plain = to_cards(deal([V, E, Power.CLONE], [["attack:10"], ["attack:8"]]), ships=1)
    plain = play(plain, "play attack:10", "play attack:8")
    assert plain.ships_on(5, 0) == 0  # 10 + 1 against 12


def test_zombie_ships_never_reach_the_warp() -> None:
    s = to_cards(deal([V, Power.ZOMBIE, E], [["attack:20"], ["attack:6"]]))
    s = play(s, "play attack:20", "play attack:6")
    assert s.ships_on(5, 0) == 4 and s.ships_on(5, 1) == 0
    assert s.warp[1] == 0 and total_on_planets(s, 1) == 20


def test_void_removes_the_ships_it_beats() -> None:
    s = to_cards(deal([Power.VOID, E, V], [["attack:20"], ["attack:6"]]))
    s = play(s, "play attack:20", "play attack:6")
    assert s.removed[1] == 4 and s.warp[1] == 0 and not problems(s)


def test_amoeba_oozes_past_four_ships_with_its_card() -> None:
    s = to_cards(deal([Power.AMOEBA, E, V], [["attack:6"], ["attack:12"]]))
    plays = legal(s)
    assert "play attack:6 15" in plays and "play attack:6 16" not in plays  # 4 + 11 spare
    tie = play(s, "play attack:6 10", "play attack:12")  # 16 against 16: the defense
    assert tie.ships_on(5, 0) == 0 and tie.warp[0] == 10
    won = play(s, "play attack:6 11", "play attack:12")
    assert won.ships_on(5, 0) == 11 and sum(won.planets[p][0] for p in range(5)) == 9
    assert not problems(won)


def test_empath_compromise_forces_a_deal_it_cannot_let_fail() -> None:
    s = to_cards(deal([V, Power.EMPATH, Power.CLONE], [["attack:20"], ["compromise"]]))
    s = play(s, "play attack:20", "play compromise")
    assert s.step is Step.PROPOSE and "pass" not in legal(s)
    s = play(s, "propose 1.0 - 0 0 no")
    assert "accept" in legal(s) and "refuse" not in legal(s)  # counteroffers, no refusal


def test_chronos_travels_in_time_and_the_set_aside_card_returns() -> None:
    s = to_cards(deal([Power.CHRONOS, E, V], [["attack:6", "attack:40"], ["attack:20"]]))
    s = play(s, "play attack:6", "play attack:20")
    assert s.step is Step.CHRONOS
    s = play(s, "time_travel")
    assert s.step is Step.CARDS and Card.parse("attack:6") in s.hands[0]
    assert s.cone.aside == (1, Card.parse("attack:20"))
    s = play(s, "play attack:40")
    assert "play attack:20" not in legal(s)  # set aside
    s = play(s, "play attack:6")
    assert s.ships_on(5, 0) == 4 and Card.parse("attack:20") in s.hands[1]
    assert not problems(s)


def test_clone_keeps_its_card() -> None:
    s = to_cards(deal([Power.CLONE, E, V], [["attack:40"], ["attack:6"]]))
    s = play(s, "play attack:40", "play attack:6")
    assert s.step is Step.CLONE
    assert Card.parse("attack:40") in play(s, "keep").hands[0]
    assert Card.parse("attack:40") not in play(s, "pass").hands[0]


def test_laser_makes_the_opponent_card_a_chance_event() -> None:
    s = to_cards(deal([Power.LASER, V, Power.CLONE], [["attack:6"], ["attack:20", "compromise"]]))
    s = play(s, "play attack:6")
    assert to_act(s) == CHANCE
    odds = {str(a): p for a, p in chance_outcomes(s)}
    copies = Counter(str(c) for c in s.hands[1])  # every copy of a challenge card equally likely
    assert odds == pytest.approx({f"laser {c}": n / 7 for c, n in copies.items()})
    assert odds["laser attack:20"] == pytest.approx(1 / 7)
    s = play(s, "laser compromise")
    assert s.ships_on(5, 0) == 4  # an attack beats a compromise


def test_oracle_sees_the_card_first_and_the_bot_replies() -> None:
    s = to_cards(
        deal([Power.ORACLE, E, V], [["attack:4", "attack:12", "attack:40"], ["attack:10"]])
    )
    assert s.cone.to_ask == (1, 0)  # the defense plays first
    s = play(s, "play attack:10")
    assert s.cone.shown_first
    bot = OddsBot(np.random.default_rng(0))
    choice = bot.choose(view_of(s, 0), legal_actions(s))
    assert str(choice) == "play attack:12"  # the weakest card that wins: 12 + 4 > 10 + 4


def test_mind_looks_and_the_odds_know_the_hand() -> None:
    s = to_cards(deal([Power.MIND, E, V], [["attack:6"], ["attack:20"]]))
    # The Mind was asked before cards: the test reaches the cards after passing; look instead.
    s2 = deal([Power.MIND, E, V], [["attack:6"], ["attack:20"]])
    s2 = play(s2, "destiny 1", "aim 1.0 1", "launch 0.0", "launched", "invite -", "invite -")
    assert s2.step is Step.POWERS and "look 1" in legal(s2)
    s2 = play(s2, "look 1")  # nothing more to look at: on to the cards
    assert challenge_of(view_of(s2, 0)).opponent_known == s2.hands[1]
    assert challenge_of(view_of(s, 0)).opponent_known == ()


def test_mutant_fills_its_hand_and_plays_what_it_drew() -> None:
    s = deal([Power.MUTANT, E, V], [["attack:6"], ["attack:20"]])
    s = s.with_discards(s.hands[0][5:]).with_hand(0, s.hands[0][:5])
    s = play(s, "destiny 1", "aim 1.0 1", "launch 0.0", "launched", "invite -", "invite -")
    assert {"mutate draw", "mutate take 1", "mutate take 2"} <= set(legal(s))
    s = play(s, "mutate draw", "draw attack:40", "mutate take 1")
    assert {str(a) for a, _ in chance_outcomes(s)} == {f"take {c}" for c in set(s.hands[1])}
    s = play(s, "take attack:20")
    assert len(s.hands[0]) == 7 and s.step is Step.CARDS  # full: the Mutant is done
    s = play(s, "play attack:40", "play attack:8")
    assert s.ships_on(5, 0) == 1 and not problems(s)


def test_philanthropist_ally_gives_the_winning_card() -> None:
    s = deal([V, E, Power.PHILANTHROPIST], [["attack:6"], ["attack:20"], ["attack:40"]])
    s = play(s, "destiny 1", "aim 1.0 1", "launch 0.0", "launched", "invite 2", "invite -")
    s = play(s, "join offense", "launch 2.0", "launched")
    assert s.step is Step.POWERS and "give attack:40 0" in legal(s)
    s = play(s, "give attack:40 0", "play attack:40", "play attack:20")
    assert s.ships_on(5, 0) == 1 and s.ships_on(5, 2) == 1  # the ally gains a base too


def test_trader_takes_the_opponent_hand() -> None:
    s = deal([Power.TRADER, E, V], [["attack:6"], ["attack:40"]])
    s = play(s, "destiny 1", "aim 1.0 1", "launch 0.0", "launched", "invite -", "invite -")
    hands = s.hands
    s = play(s, "trade")
    assert s.hands[0] == hands[1] and s.hands[1] == hands[0]
    s = play(s, "play attack:40", "play attack:6")
    assert s.ships_on(5, 0) == 1


def test_vulch_takes_an_edict_another_player_plays() -> None:
    s = to_cards(
        deal([E, Power.CLONE, Power.VULCH], [["attack:6", "edict:emotion_control"], ["attack:20"]])
    )
    s = play(s, "play attack:6", "play attack:20")
    assert s.step is Step.REVEAL and "edict emotion_control -" in legal(s)
    s = play(s, "edict emotion_control -")
    assert s.step is Step.VULCH
    s = play(s, "vulch")  # seat 0 holds no other edict to play: it is not asked again
    assert Card.parse("edict:emotion_control") in s.hands[2]
    assert s.step is Step.PROPOSE  # both attacks became compromises


def test_amoeba_zapped_plays_its_committed_ships() -> None:
    s = to_cards(deal([Power.AMOEBA, E, V], [["attack:6"], ["attack:12", "edict:cosmic_zap"]]))
    s = play(s, "play attack:6 11", "play attack:12", "edict cosmic_zap 0", "pass")  # the Vulch
    assert s.warp[0] == 4 and s.ships_on(5, 1) == 4  # 6 + 4 against 16


def test_hand_built_states_keep_the_invariants() -> None:
    s = to_cards(deal([Power.VIRUS, E, V], [["attack:8"], ["attack:20"]]))
    assert problems(s) == [] and problems(replace(s, warp=(1, 0, 0)))
