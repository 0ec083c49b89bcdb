"""Cosmic Encounter cards: the kinds of card in a deck and their text form.

A card is a kind and, for attacks and reinforcements, a value. Its text form is the one used in
challenge files: ``attack:12``, ``attack:0`` (FFG's 00), ``compromise`` (FFG's Negotiate, which
plays the same part), ``morph``, ``reinforcement:3``, ``edict`` and ``artifact``. Only attacks,
compromises and morphs are *challenge cards*; the others count as cards in a hand that cannot be
played as the challenge card.

>>> Card.parse("attack:12")
Card(kind=<CardKind.ATTACK: 'attack'>, value=12)
>>> str(Card.parse("negotiate")), Card.parse("attack:07").value
('compromise', 7)
>>> [c.is_challenge for c in map(Card.parse, ["compromise", "morph", "edict"])]
[True, True, False]
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cosmic.errors import CardError


class CardKind(StrEnum):
    """What a card is; values are the identifiers used in files."""

    ATTACK = "attack"
    COMPROMISE = "compromise"
    MORPH = "morph"
    REINFORCEMENT = "reinforcement"
    EDICT = "edict"
    ARTIFACT = "artifact"

    @property
    def is_challenge(self) -> bool:
        """True for the kinds a main player may play as the challenge card."""
        return self in CHALLENGE_KINDS

    @property
    def has_value(self) -> bool:
        """True for the kinds that carry a number (attacks and reinforcements)."""
        return self in (CardKind.ATTACK, CardKind.REINFORCEMENT)


CHALLENGE_KINDS = frozenset({CardKind.ATTACK, CardKind.COMPROMISE, CardKind.MORPH})

ALIASES = {"negotiate": CardKind.COMPROMISE, "flare": CardKind.EDICT}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card type: a kind and, for attacks and reinforcements, its printed number."""

    kind: CardKind
    value: int = 0

    def __post_init__(self) -> None:
        if not self.kind.has_value and self.value != 0:
            raise CardError(f"a {self.kind.value!r} card has no value (got {self.value!r})")
        if self.value < 0:
            raise CardError(f"card values are 0 or more, not {self.value!r}")

    @property
    def is_challenge(self) -> bool:
        """True for attacks, compromises and morphs."""
        return self.kind.is_challenge

    @property
    def is_attack(self) -> bool:
        """True for attack cards."""
        return self.kind is CardKind.ATTACK

    def __str__(self) -> str:
        if self.kind.has_value:
            return f"{self.kind.value}:{self.value}"
        return self.kind.value

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read the text form; raises ``CardError`` naming the bad text and the legal forms."""
        if not isinstance(text, str):
            raise CardError(f"a card is a string such as 'attack:12', not {text!r}")
        raw = text.strip().lower()
        name, sep, number = raw.partition(":")
        kind = ALIASES.get(name)
        if kind is None:
            try:
                kind = CardKind(name)
            except ValueError:
                raise CardError(
                    f"unknown card {text!r} (legal: attack:N, compromise, negotiate, morph, "
                    "reinforcement:N, edict, artifact)"
                ) from None
        if kind.has_value:
            if not sep or not number.isdigit():
                raise CardError(f"card {text!r} needs a value, e.g. '{kind.value}:8'")
            return cls(kind, int(number))
        if sep:
            raise CardError(f"card {text!r}: a {kind.value!r} card has no value")
        return cls(kind)


COMPROMISE = Card(CardKind.COMPROMISE)
MORPH = Card(CardKind.MORPH)


def attack(value: int) -> Card:
    """The attack card with that number.

    >>> str(attack(8))
    'attack:8'
    """
    return Card(CardKind.ATTACK, value)


def strength(card: Card) -> tuple[int, int]:
    """The order in which a player holding several cards values them as challenge cards.

    Attacks by number, above the morph, above the compromise, above cards that are not
    challenge cards. It is the order of the ``highest`` opponent model and the order in which a
    player who does equally well with several cards keeps the stronger ones.

    >>> sorted(map(Card.parse, ["attack:4", "compromise", "edict", "morph"]), key=strength)[-1]
    Card(kind=<CardKind.ATTACK: 'attack'>, value=4)
    """
    if card.kind is CardKind.ATTACK:
        return (3, card.value)
    if card.kind is CardKind.MORPH:
        return (2, 0)
    if card.kind is CardKind.COMPROMISE:
        return (1, 0)
    return (0, 0)
