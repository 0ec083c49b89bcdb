"""Challenge decks as data: the presets in ``cosmic/data/decks.toml`` and decks changed from them.

A ``Deck`` is a multiset of ``Card`` s with the hand size of its edition. ``preset(name)`` loads a
packaged deck; ``Deck.with_counts`` changes counts (the Eon preset is an estimate, so its counts
are meant to be changed). ``Deck.exact`` is false for a preset whose card list is not public, and
``Deck.note`` says what the preset is; both are shown wherever the deck is.

>>> deck = preset("mayfair_1991")
>>> deck.size, deck.hand_size, deck.count(Card.parse("attack:6"))
(72, 7, 8)
>>> preset("ffg_2008").size, preset("eon").exact
(72, False)
>>> preset("eon").with_counts({Card.parse("edict"): 10}).size
82
"""

from __future__ import annotations

import difflib
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from cosmic.cards import Card, CardKind
from cosmic.errors import DeckError


@dataclass(frozen=True, slots=True)
class Deck:
    """A challenge deck: card counts (sorted by card, no zero counts), hand size and provenance."""

    name: str
    title: str
    hand_size: int
    cards: tuple[tuple[Card, int], ...]
    exact: bool = True
    note: str = ""

    def __post_init__(self) -> None:
        merged: Counter[Card] = Counter()
        for card, n in self.cards:
            if n < 0:
                raise DeckError(
                    f"deck {self.name!r}: {n!r} copies of {str(card)!r}; counts are >= 0"
                )
            merged[card] += n
        object.__setattr__(self, "cards", tuple(sorted((c, n) for c, n in merged.items() if n)))
        if self.hand_size < 1:
            raise DeckError(f"deck {self.name!r}: hand size {self.hand_size!r} must be 1 or more")
        if not any(c.is_challenge for c, _ in self.cards):
            raise DeckError(f"deck {self.name!r} has no challenge card")

    @property
    def size(self) -> int:
        """Number of cards."""
        return sum(n for _, n in self.cards)

    def counter(self) -> Counter[Card]:
        """The cards as a ``Counter``."""
        return Counter(dict(self.cards))

    def count(self, card: Card) -> int:
        """Copies of one card."""
        return self.counter()[card]

    def with_counts(self, counts: Mapping[Card, int], hand_size: int | None = None) -> Deck:
        """This deck with some counts replaced (0 removes a card); the result is marked changed."""
        merged = self.counter()
        for card, n in counts.items():
            merged[card] = n
        changed = ", ".join(f"{c}={n}" for c, n in sorted(counts.items()))
        note = self.note if not counts else f"{self.note} Changed: {changed}.".strip()
        return Deck(
            name=self.name,
            title=self.title,
            hand_size=self.hand_size if hand_size is None else hand_size,
            cards=tuple(merged.items()),
            exact=self.exact and not counts,
            note=note,
        )

    def describe(self) -> str:
        """A one-line summary of the composition.

        >>> preset("mayfair_1991").describe()
        '72 cards, hand 7: 55 attack, 17 compromise'
        """
        by_kind: Counter[str] = Counter()
        for card, n in self.cards:
            by_kind[card.kind.value] += n
        parts = ", ".join(f"{n} {kind}" for kind, n in sorted(by_kind.items()))
        return f"{self.size} cards, hand {self.hand_size}: {parts}"


def _cards_of(name: str, entry: Mapping[str, Any]) -> list[tuple[Card, int]]:
    cards: list[tuple[Card, int]] = []
    for key, raw in entry.items():
        if key in ("title", "hand_size", "exact", "note"):
            continue
        try:
            kind = CardKind(key)
        except ValueError:
            raise DeckError(f"deck {name!r}: unknown card kind {key!r}") from None
        if kind.has_value:
            cards.extend((Card(kind, int(value)), int(n)) for value, n in raw.items())
        else:
            cards.append((Card(kind), int(raw)))
    return cards


@cache
def presets() -> dict[str, Deck]:
    """Every packaged deck by name."""
    text = resources.files("cosmic").joinpath("data", "decks.toml").read_text(encoding="utf-8")
    raw = tomllib.loads(text)["deck"]
    return {
        name: Deck(
            name=name,
            title=entry["title"],
            hand_size=entry["hand_size"],
            cards=tuple(_cards_of(name, entry)),
            exact=entry["exact"],
            note=entry["note"],
        )
        for name, entry in raw.items()
    }


def preset(name: str) -> Deck:
    """One packaged deck; an unknown name raises ``DeckError`` listing the presets."""
    decks = presets()
    if name not in decks:
        close = difflib.get_close_matches(str(name), list(decks), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise DeckError(f"unknown deck {name!r}{hint} (legal: {', '.join(sorted(decks))})")
    return decks[name]


def custom(cards: Iterable[tuple[Card, int]], hand_size: int, name: str = "custom") -> Deck:
    """A deck given card by card (for tests and made-up decks)."""
    return Deck(name=name, title=name, hand_size=hand_size, cards=tuple(cards), exact=True)
