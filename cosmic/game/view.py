"""What one seat may see of a game (``PlayerView``), and the challenge it faces as the odds
module's ``Challenge``.

``view_of(state, seat)`` is everything a bot is given (``cosmic.game.bots``): its own hand, every
other hand's size (a hand the seat's Mind looked at in this challenge, in full), the board (the
planets with their ships, the warp, ships removed, players out), the discard pile, the draw
pile's count, the destiny pile, whose turn it is and the step, and the cone with the cards
that are face up: a main player's card played face down is hidden from the others until both are
revealed (or shown at once to an Oracle), and so is the count of ships an Amoeba chose with it.
``PlayerView.board`` is the state with what the seat may not see taken out: the other hands
are empty (their sizes are ``hand_sizes``), the draw pile is empty (its size is
``draw_count``), no chance event is queued, hidden cards are ``None``.
Two states that differ only in what the seat cannot see give the same view.

``challenge_of(view)`` is the challenge the main player faces once its cards are to be chosen:
its hand, the ships and allies in the cone, the powers in force, the discard pile as seen cards,
the opponent's hand as known cards when a Mind looked at it, the edicts in force. It is what the
odds bot solves (``cosmic.game.odds_bot``) and what the dashboard sends to the Cosmic odds page
from a step of a record.

Powers that have done their work before cards (Mind, Trader, Philanthropist, Mutant) and the
Vulch are left out of the challenge: at this point they change nothing the odds count, and the
odds module would otherwise count their choices again.

Ruling (U): a Mind that looked at a hand sees it for the rest of the challenge (the view shows
the hand as it is now, not as it was at the look).

>>> from cosmic.powers import Power
>>> from cosmic.game.setup import new_game
>>> from cosmic.game.rules import apply, legal_actions
>>> s = new_game(GameConfig((Power.VIRUS, Power.ZOMBIE, Power.LASER)))
>>> while s.step is not Step.CARDS:
...     s = apply(s, legal_actions(s)[0])
>>> v = view_of(s, s.offense)
>>> v.hand_sizes, v.board.hands[1], v.draw_count
((7, 7, 7), (), 59)
>>> c = challenge_of(v)
>>> c.you.value, c.ships, len(c.hand)
('offense', BySide(offense=4, defense=4), 7)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cosmic.cards import Card, Edict
from cosmic.challenge import Challenge, Objective, OpponentModel
from cosmic.decks import preset
from cosmic.edicts import PlayedEdict
from cosmic.game.errors import GameError
from cosmic.game.resolution import allies_of, amoeba_reserve, committed_ships
from cosmic.game.state import GameConfig, GameState, Step  # noqa: F401  (doctest)
from cosmic.powers import AmoebaTiming, Power, PowerOptions, rule
from cosmic.sides import BySide, Side
from cosmic.table import Ally

BEFORE_CARDS = frozenset({Power.MIND, Power.TRADER, Power.PHILANTHROPIST, Power.MUTANT})
LEFT_OUT = BEFORE_CARDS | {Power.VULCH}
"""Powers left out of the challenge at the choice of cards (see the module docstring)."""


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What ``seat`` may see of a game (see the module docstring).

    Attributes:
        seat: whose view it is.
        hand: its hand.
        hand_sizes: every player's number of cards.
        known: ``(seat, hand)`` for each other hand it may see (a Mind's look this challenge).
        draw_count: cards in the draw pile.
        board: the state with the hidden information taken out (module docstring).
    """

    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[int, tuple[Card, ...]], ...]
    draw_count: int
    board: GameState

    def known_hand(self, seat: int) -> tuple[Card, ...] | None:
        """``seat``'s hand when this view may see it (its own, or one a Mind looked at)."""
        if seat == self.seat:
            return self.hand
        return next((hand for s, hand in self.known if s == seat), None)


def card_visible(state: GameState, seat: int, side: Side) -> bool:
    """True when ``seat`` may see the card ``side``'s main player has played: its own, both
    revealed, or the first card shown to an Oracle."""
    c = state.cone
    mine = state.main(side) == seat
    return mine or None not in c.cards or c.shown_first


def view_of(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may see of ``state``."""
    c = state.cone
    known = tuple(
        (other, state.hands[other])
        for viewer, other in c.looked
        if viewer == seat and other != seat
    )
    shown = (card_visible(state, seat, Side.OFFENSE), card_visible(state, seat, Side.DEFENSE))
    # A hidden card is None; so is the count of ships an Amoeba chose with it (0).
    cards = (c.cards[0] if shown[0] else None, c.cards[1] if shown[1] else None)
    ships = (c.ships[0] if shown[0] else 0, c.ships[1] if shown[1] else 0)
    hands = tuple(h if s == seat else () for s, h in enumerate(state.hands))
    cone = replace(c, cards=cards, ships=ships)
    board = replace(state, hands=hands, draw_pile=(), queue=(), cone=cone)
    return PlayerView(
        seat=seat,
        hand=state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        known=tuple(dict(known).items()),
        draw_count=state.draw_count(),
        board=board,
    )


def _power(state: GameState, seat: int) -> Power | None:
    p = state.power(seat)
    return None if p in LEFT_OUT else p


def challenge_of(
    view: PlayerView,
    opponent: OpponentModel = OpponentModel.EQUILIBRIUM,
    objective: Objective = Objective.WIN,
) -> Challenge:
    """The challenge the view's seat (a main player) faces at the choice of cards (module
    docstring)."""
    state, seat = view.board, view.seat
    side = state.side_of(seat)
    if state.cone.planet < 0 or seat not in (state.offense, state.cone.defense) or side is None:
        raise GameError(f"seat {seat} is not a main player of a challenge aimed at a planet")
    other = state.main(side.other)
    allies = BySide(
        tuple(
            Ally(state.cone.committed(s), _power(state, s), f"seat {s}")
            for s in allies_of(state, Side.OFFENSE)
        ),
        tuple(
            Ally(state.cone.committed(s), _power(state, s), f"seat {s}")
            for s in allies_of(state, Side.DEFENSE)
        ),
    )
    powers = BySide(_power(state, state.offense), _power(state, state.cone.defense))
    reserve = None
    for s in Side:
        if rule(powers.of(s)).oozes:
            reserve = amoeba_reserve(state, s)
    known = view.known_hand(other) or ()
    in_force = tuple(
        PlayedEdict(e) for e in state.cone.edicts if e in (Edict.EMOTION_CONTROL, Edict.IONIC_GAS)
    )
    return Challenge(
        deck=preset(state.config.deck),
        you=side,
        hand=view.hand,
        ships=BySide(committed_ships(state, Side.OFFENSE), committed_ships(state, Side.DEFENSE)),
        allies=allies,
        opponent_hand_size=view.hand_sizes[other],
        seen=tuple(c.deck_card for c in state.discard),
        opponent_known=tuple(c.deck_card for c in known),
        powers=powers,
        opponent=opponent,
        objective=objective,
        second_challenge=state.challenge == 2,
        options=PowerOptions(
            virus_allies=state.config.virus_allies,
            amoeba_reserve=reserve,
            amoeba_timing=AmoebaTiming.TEXT,
            trader_swaps=False,
        ),
        edicts=in_force,
    )
