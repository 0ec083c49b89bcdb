"""The rules of the forum seed, each on a scripted game where it decides what happens."""

from __future__ import annotations

from collections import Counter

import pytest

from cosmic.cards import Card
from cosmic.game import GameConfig, GameError, IllegalActionError, Step, new_game, to_act
from cosmic.game.actions import parse_action
from cosmic.game.invariants import problems
from cosmic.game.rules import apply, chance_outcomes
from cosmic.game.state import CHANCE, GameState
from cosmic.powers import Power
from tests.cosmic.game.support import deal, legal, play, to_cards

C, E, V = Power.CLONE, Power.EMPATH, Power.VULCH


def test_setup_five_planets_of_four_ships_and_hands_of_seven() -> None:
    s = deal([C, E, V], [])
    assert [s.home_bases(p) for p in range(3)] == [5, 5, 5]
    assert [len(h) for h in s.hands] == [7, 7, 7] and s.draw_count() == 80 - 21
    assert s.step is Step.DESTINY and to_act(s) == CHANCE and not problems(s)


def test_first_player_is_a_chance_event() -> None:
    s = new_game(GameConfig((C, E, V, Power.MIND)))
    while len(s.queue) > 1:
        s = apply(s, next(iter(chance_outcomes(s)))[0])
    assert [str(a) for a, _ in chance_outcomes(s)] == ["first 0", "first 1", "first 2", "first 3"]


def test_attack_against_attack_the_defense_wins_ties() -> None:
    s = to_cards(deal([C, E, V], [["attack:10"], ["attack:10"]]))
    s = play(s, "play attack:10", "play attack:10", "pass")  # the Clone discards
    assert s.warp[0] == 4 and s.ships_on(5, 1) == 4  # 14 against 14


def test_attack_beats_compromise_and_pays_consolation() -> None:
    s = to_cards(deal([C, V, Power.VIRUS], [["attack:4"], ["compromise"]]))
    s = play(s, "play attack:4", "play compromise")
    assert s.ships_on(5, 0) == 4 and s.warp[1] == 4
    # One random card of the attacker's hand per ship of the compromiser's lost: four takes.
    assert to_act(s) == CHANCE and s.queue[0].count == 4 and s.queue[0].source == 0
    hand = s.hands[0]
    odds = {str(a): p for a, p in chance_outcomes(s)}
    assert odds == pytest.approx({f"take {c}": n / len(hand) for c, n in Counter(hand).items()})


def test_defensive_allies_take_one_reward_per_ship() -> None:
    s = deal([C, E, V], [["attack:4"], ["attack:20"]])
    s = play(s, "destiny 1", "aim 1.0 1", "launch 0.0", "launched", "invite -", "invite 2")
    s = play(s, "join defense", "launch 2.0", "launch 2.0", "launched")
    s = play(s, "play attack:4", "play attack:20")
    assert s.step is Step.REWARDS and s.cone.rewards == ((2, 2),)
    assert legal(s) == ["reward card"]  # nothing of seat 2 is in the warp
    s = play(s, "reward card", "draw attack:30")
    s = play(s, "reward card", "draw attack:40", "pass")  # then the Clone discards
    assert Card.parse("attack:40") in s.hands[2] and s.ships_on(10, 2) == 4
    assert s.offense == 1 and not problems(s)  # the turn passed to the left


def test_offensive_allies_gain_a_base() -> None:
    s = deal([C, E, V], [["attack:40"], ["attack:4"]])
    s = play(s, "destiny 1", "aim 1.0 1", "launch 0.0", "launched", "invite 2", "invite -")
    s = play(s, "join offense", "launch 2.0", "launched", "play attack:40", "play attack:4")
    assert s.ships_on(5, 0) == 1 and s.ships_on(5, 2) == 1 and s.foreign_bases(2) == 1


def test_failed_deal_costs_each_main_player_three_ships() -> None:
    s = to_cards(deal([V, Power.VIRUS, Power.ZOMBIE], [["compromise"], ["compromise"]]))
    s = play(s, "play compromise", "play compromise")
    assert s.step is Step.PROPOSE and s.cone.commits == ()  # every ship went home
    s = play(s, "pass")  # the offense proposes nothing
    assert s.warp[0] == 3 and s.warp[1] == 3 and not problems(s)


def test_deal_made_gives_bases_and_a_second_challenge() -> None:
    s = to_cards(deal([V, Power.VIRUS, Power.ZOMBIE], [["compromise"], ["compromise"]]))
    s = play(s, "play compromise", "play compromise", "propose 1.2 0.4 1 0 no", "accept")
    assert s.ships_on(7, 0) == 1 and s.ships_on(4, 1) == 1
    assert s.step is Step.DEAL_CARDS
    s = play(s, "hand attack:6")
    assert Card.parse("attack:6") in s.hands[1]
    assert s.step is Step.AGAIN and legal(s) == ["again", "pass"]


def test_a_refused_deal_fails() -> None:
    s = to_cards(deal([V, Power.VIRUS, Power.ZOMBIE], [["compromise"], ["compromise"]]))
    s = play(s, "play compromise", "play compromise", "propose - - 0 0 no", "refuse")
    assert s.warp[:2] == (3, 3)


def test_second_challenge_then_the_turn_passes() -> None:
    s = to_cards(
        deal(
            [V, Power.VIRUS, Power.ZOMBIE], [["attack:40", "attack:30"], ["attack:4"], ["attack:5"]]
        )
    )
    s = play(s, "play attack:40", "play attack:4", "again")
    assert s.challenge == 2 and s.challenges == 2 and s.offense == 0
    s = to_cards(s, defense=2, planet="2.0")
    s = play(s, "play attack:30", "play attack:5")
    assert s.step is Step.REGROUP and s.offense == 1 and s.turn == 2  # seat 1 has 4 in the warp


def test_own_colour_attacks_a_colony_at_home_or_flips_again() -> None:
    s = to_cards(
        deal(
            [V, Power.VIRUS, Power.ZOMBIE],
            [["attack:4"], ["attack:40", "attack:30", "attack:20"], ["attack:5"]],
        )
    )
    s = play(s, "play attack:4", "play attack:40")  # seat 1's turn now
    s = play(s, "destiny 0", "aim 0.0 0", "launch 1.0", "launched", "invite -", "invite -")
    s = play(s, "play attack:30", "play attack:6")
    assert s.ships_on(0, 1) == 1  # seat 1 now has a colony on seat 0's planet 0.0
    s = play(s, "pass")  # no second challenge; seat 2 flips seat 0, then seat 0 flips its own
    s = play(s, "destiny 1", "aim 1.4 1", "launch 2.0", "launched", "invite -", "invite -")
    s = play(s, "play attack:5", "play attack:20")
    assert s.offense == 0 and s.step is Step.REGROUP  # seat 0 lost 4 ships in turn 1
    s = play(s, "regroup 0.1", "destiny 0")
    assert s.step is Step.OWN_COLOUR and legal(s) == ["aim 0.0 1", "flip"]
    assert play(s, "flip").step is Step.DESTINY


def test_no_challenge_card_discards_and_redraws() -> None:
    s = deal(
        [C, E, V],
        [
            [
                "edict:plague",
                "edict:quash",
                "edict:card_zap",
                "edict:force_field",
                "edict:ionic_gas",
                "edict:mobius_tubes",
                "edict:cosmic_zap",
            ]
        ],
    )
    # Seat 0 has no challenge card at the start of its first challenge: a new hand of 7.
    assert s.hands[0] == () and s.queue[0].count == 7 and len(s.discard) == 7
    assert not problems(s)


def test_five_foreign_bases_win_at_once() -> None:
    s = deal([V, Power.VIRUS, Power.ZOMBIE], [["attack:40"], ["attack:4"]])
    for pid in (6, 7, 8, 9):  # seat 0 already holds four planets of seat 1
        s = s.with_ships(0, 0, -1).with_ships(pid, 0, 1)
    s = to_cards(s, ships=3)
    s = play(s, "play attack:40", "play attack:4")
    assert s.is_over and s.winners == (0,) and s.foreign_bases(0) == 5
    assert to_act(s) is None and not problems(s)


def test_illegal_actions_are_refused_with_what_is_legal() -> None:
    s = deal([C, E, V], [])
    with pytest.raises(IllegalActionError, match=r"'aim 1.0 1' is not legal .*'destiny 0'"):
        apply(s, parse_action("aim 1.0 1"))
    with pytest.raises(GameError, match="unknown action"):
        parse_action("teleport 3")
    with pytest.raises(GameError, match="not a planet"):
        parse_action("aim 1.9 1")


@pytest.mark.parametrize("powers", [(C, C, V), (C,), tuple(Power)[:7]])
def test_bad_configurations(powers: tuple[Power, ...]) -> None:
    with pytest.raises(GameError):
        GameConfig(powers)


def test_state_is_frozen() -> None:
    s: GameState = deal([C, E, V], [])
    with pytest.raises(AttributeError):
        s.turn = 3  # type: ignore[misc]


def one_ship_a_base(rules: int) -> GameState:
    """Seat 0 to attack seat 1 with one ship on each of its five bases, the rest in the warp:
    the position seed 5's four players reached (their ships spread one a base)."""
    s = deal([C, E, V], [["attack:40"], ["attack:4"]], rules=rules)
    for pid in range(5):
        s = s.with_ships(pid, 0, -3).with_warp(0, 3)
    assert not problems(s)
    return play(s, "destiny 1", "aim 1.0 1")


def test_an_offense_without_a_spare_ship_launches_the_last_ship_of_a_base() -> None:
    s = one_ship_a_base(rules=3)
    assert legal(s) == [f"launch 0.{i}" for i in range(5)]
    s = play(s, "launch 0.0", "invite -", "invite -", "play attack:40", "play attack:4")
    # The ship lands on 1.0: a foreign base won, the home base it left is gone.
    assert s.ships_on(5, 0) == 1 and s.ships_on(0, 0) == 0
    assert (s.home_bases(0), s.foreign_bases(0)) == (4, 1) and not problems(s)


def test_by_edition_2_that_offense_could_not_challenge_at_all() -> None:
    # The stalemate edition 3 resolves: the challenge ends before it begins, the turn passes.
    s = one_ship_a_base(rules=2)
    assert (s.step, s.turn, s.offense) == (Step.DESTINY, 2, 1)
