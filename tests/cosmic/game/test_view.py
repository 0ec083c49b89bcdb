"""A bot is given its seat's view (``cosmic.game.view``), never the state: no hidden hand, no
draw pile, no face-down card of another player."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from cosmic.cards import Card
from cosmic.game import Action, OddsBot, RandomBot, legal_actions, play_game
from cosmic.game.state import GameConfig, GameState
from cosmic.game.view import PlayerView, view_of
from cosmic.powers import Power
from tests.cosmic.game.support import deal, play, to_cards

QUIET = (Power.CLONE, Power.MUTANT, Power.VIRUS)


def swap_hidden(state: GameState, seat: int, out: str, into: str) -> GameState:
    """``state`` with one ``out`` card of ``seat``'s hand exchanged for an ``into`` card of the
    draw pile: a state that differs only in what the other seats cannot see."""
    gone, come = Card.parse(out), Card.parse(into)
    state = state.without_drawn(come)
    hand = list(state.hands[seat])
    hand.remove(gone)
    pile = dict(state.draw_pile)
    pile[gone] = pile.get(gone, 0) + 1
    state = replace(state, draw_pile=tuple(sorted(pile.items())))
    return state.with_hand(seat, [*hand, come])


def test_states_differing_in_a_hidden_hand_give_the_same_view() -> None:
    s = to_cards(deal(QUIET, [["attack:6"], ["attack:8"]]))
    other = swap_hidden(s, 1, "attack:8", "attack:40")
    assert other != s and other.hands[1] != s.hands[1]
    for seat in (0, 2):
        assert view_of(other, seat) == view_of(s, seat)
    assert view_of(other, 1) != view_of(s, 1)  # its own hand it sees
    v = view_of(s, 0)
    assert v.board.hands[1] == () and v.board.draw_pile == () and v.hand == s.hands[0]
    assert v.hand_sizes == (7, 7, 7) and v.draw_count == s.draw_count()


def test_a_card_played_face_down_is_hidden_until_the_reveal() -> None:
    s = play(to_cards(deal(QUIET, [["attack:6"], ["attack:8"]])), "play attack:6")
    assert view_of(s, 0).board.cone.cards == (Card.parse("attack:6"), None)
    assert view_of(s, 1).board.cone.cards == (None, None)
    assert view_of(s, 2).board.cone.cards == (None, None)


def test_the_oracle_sees_the_card_at_once_and_the_mind_sees_the_hand_it_looked_at() -> None:
    s = to_cards(deal((Power.ORACLE, Power.MUTANT, Power.VIRUS), [[], ["attack:8"]]))
    s = play(s, "play attack:8")  # the Oracle's opponent plays first, face up
    assert view_of(s, 0).board.cone.cards[1] == Card.parse("attack:8")
    m = to_cards(deal((Power.MIND, Power.MUTANT, Power.VIRUS), [[], ["attack:8"]]))
    assert view_of(m, 0).known == ()
    looked = play(m, "look 1")
    assert view_of(looked, 0).known == ((1, looked.hands[1]),)
    assert view_of(looked, 2).known == ()


class Spy:
    """A bot that keeps what it is given and plays at random."""

    def __init__(self, seat: int, rng: np.random.Generator) -> None:
        self.seat = seat
        self.inner = RandomBot(rng)
        self.views: list[PlayerView] = []

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        self.views.append(view)
        return self.inner.choose(view, legal)


def test_bots_in_a_game_see_no_other_hand() -> None:
    rng = np.random.default_rng(4)
    config = GameConfig((Power.MIND, Power.TRADER, Power.ORACLE, Power.VULCH), max_turns=20)
    spies = [Spy(s, rng) for s in range(4)]
    play_game(config, spies, rng)
    for spy in spies:
        assert spy.views
        for v in spy.views:
            assert isinstance(v, PlayerView) and v.seat == spy.seat
            assert not v.board.draw_pile and not v.board.queue
            assert all(not h for s, h in enumerate(v.board.hands) if s != spy.seat)


def test_the_odds_bot_plays_from_its_view() -> None:
    s = to_cards(deal(QUIET, [["attack:6", "attack:40"], ["attack:8"]]))
    bot = OddsBot(np.random.default_rng(0))
    a = bot.choose(view_of(s, 0), legal_actions(s))
    b = bot.choose(view_of(swap_hidden(s, 1, "attack:8", "attack:30"), 0), legal_actions(s))
    assert a == b


def test_the_odds_bot_aims_where_a_win_gains_a_base() -> None:
    # Seat 0 already has a base on 1.0, where seat 1 has no ship left: by fewest defenders the
    # bot would aim there, and a win would add ships, not a base. It aims at 1.1 instead.
    s = deal(QUIET, [])
    s = s.with_ships(0, 0, -1).with_ships(5, 0, 1).with_ships(5, 1, -4).with_warp(1, 4)
    s = play(s, "destiny 1")
    bot = OddsBot(np.random.default_rng(0))
    assert str(bot.choose(view_of(s, 0), legal_actions(s))) == "aim 1.1 1"
