"""Tiny hand-made decks for closed-form tests."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cosmic import (
    BySide,
    Card,
    Challenge,
    Encounter,
    OpponentModel,
    Play,
    Side,
    parse_cards,
    resolve,
)
from cosmic.decks import custom


def tiny(
    hand: list[str],
    unseen: list[str],
    opponent_hand_size: int,
    *,
    you: Side = Side.OFFENSE,
    ships: tuple[int, int] = (2, 2),
    allies: tuple[int, int] = (0, 0),
    hand_size: int = 7,
    seen: list[str] = (),  # type: ignore[assignment]
    **kw: Any,
) -> Challenge:
    """A challenge on a deck made of exactly your hand, the seen cards and ``unseen``."""
    all_cards = Counter(parse_cards(*hand, *unseen, *seen))
    deck = custom(((Card.parse(str(c)), n) for c, n in all_cards.items()), hand_size, "tiny")
    return Challenge(
        deck=deck,
        you=you,
        hand=parse_cards(*hand),
        ships=BySide(*ships),
        allies=BySide(*allies),
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
