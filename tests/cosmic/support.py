"""Tiny hand-made decks for closed-form tests."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from cosmic import (
    BySide,
    Card,
    CardKind,
    Challenge,
    Encounter,
    OpponentModel,
    Play,
    Result,
    Side,
    parse_cards,
    resolve,
)
from cosmic.cards import strength
from cosmic.decks import custom


def tiny(
    hand: list[str],
    unseen: list[str],
    opponent_hand_size: int,
    *,
    you: Side = Side.OFFENSE,
    ships: tuple[int, int] = (2, 2),
    allies: tuple[int, int] | BySide[Any] = (0, 0),
    hand_size: int = 7,
    seen: list[str] = (),  # type: ignore[assignment]
    **kw: Any,
) -> Challenge:
    """A challenge on a deck made of exactly your hand, the seen cards and ``unseen``."""
    all_cards = Counter(c.deck_card for c in parse_cards(*hand, *unseen, *seen))
    deck = custom(((Card.parse(str(c)), n) for c, n in all_cards.items()), hand_size, "tiny")
    return Challenge(
        deck=deck,
        you=you,
        hand=parse_cards(*hand),
        ships=BySide(*ships),
        allies=allies if isinstance(allies, BySide) else BySide(*allies),
        opponent_hand_size=opponent_hand_size,
        seen=parse_cards(*seen),
        **kw,
    )


def reveal(c: Challenge, offense: str | Card, defense: str | Card) -> Encounter:
    """The encounter of two revealed cards, each main player with its committed ships."""
    off = Card.parse(offense) if isinstance(offense, str) else offense
    dfn = Card.parse(defense) if isinstance(defense, str) else defense
    return resolve(c.table, Play(off, c.ships.offense), Play(dfn, c.ships.defense))


PLAIN_MODELS = [OpponentModel.HIGHEST, OpponentModel.BEST_RESPONSE, OpponentModel.RANDOM]
"""The opponent models that play one card per hand (not the equilibrium game)."""


def brute_force_win(c: Challenge, play: Play) -> Fraction:
    """P(win) of one play of yours, by direct enumeration of every opponent hand.

    Every subset of the unseen cards of the opponent's size is equally likely (the deck must
    make every such hand hold a challenge card: no redraw here); the opponent's choice is read
    straight from the model's definition, its ships too when it is an Amoeba that chooses them.
    A check written apart from the solver: it shares only ``resolve``.
    """
    from itertools import combinations

    pool = [card for card, n in sorted(c.unseen().items()) for _ in range(n)]
    table = c.table
    them = c.you.other
    total = Fraction(0)
    hands = list(combinations(range(len(pool)), c.opponent_random))
    for idx in hands:
        hand = [pool[i] for i in idx] + list(c.opponent_hand_known)
        options = [z for z in hand if z.is_challenge]
        assert options, "brute_force_win needs hands that hold a challenge card"
        choices = list(table.ship_choices(them))
        committed = c.ships.of(them)

        def outcome(q: Play) -> Encounter:
            if c.you is Side.OFFENSE:
                return resolve(table, play, q)
            return resolve(table, q, play)

        def mine(q: Play) -> int:
            return int(outcome(q).result.winner() is c.you)

        if c.opponent is OpponentModel.RANDOM:
            total += Fraction(sum(mine(Play(z, committed)) for z in options), len(options))
            continue
        if c.opponent is OpponentModel.HIGHEST:
            z = max(options, key=strength)
            n = choices[-1] if z.kind in (CardKind.ATTACK, CardKind.MORPH) else committed
            total += mine(Play(z, n))
            continue

        def rank(q: Play) -> tuple[object, ...]:
            e = outcome(q)
            r = 1 if e.result is Result.DEAL else 2 if e.result.winner() is them else 0
            lost = 0 if r else e.warp.of(them) + e.removed.of(them)
            return (r, -lost, *(-v for v in strength(q.card)), -q.ships)

        best = max((Play(z, n) for z in options for n in choices), key=rank)
        total += mine(best)
    return total / len(hands)
