"""Tiny hand-made decks for closed-form tests."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cosmic import BySide, Card, Challenge, Side, cards
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
    all_cards = Counter(cards(*hand, *unseen, *seen))
    deck = custom(((Card.parse(str(c)), n) for c, n in all_cards.items()), hand_size, "tiny")
    return Challenge(
        deck=deck,
        you=you,
        hand=cards(*hand),
        ships=BySide(*ships),
        allies=BySide(*allies),
        opponent_hand_size=opponent_hand_size,
        seen=cards(*seen),
        **kw,
    )
