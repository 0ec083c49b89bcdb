"""Cosmic Encounter cards: the kinds of card in a deck and their text form.

A card is a kind and, for attacks and reinforcements, a value. Its text form is the one used in
challenge files: ``attack:12``, ``attack:0`` (FFG's 00), ``compromise`` (FFG's Negotiate, which
plays the same part), ``morph``, ``reinforcement:3``, ``edict`` and ``artifact``. Only attacks,
compromises and morphs are *challenge cards*; the others count as cards in a hand that cannot be
played as the challenge card.

An edict may be named (``edict:cosmic_zap``): a named edict in your hand is one you may play
(``cosmic.edicts`` says which names change a challenge). For the deck it is one of the deck's
edicts: ``deck_card`` is the unnamed form the deck counts.

>>> Card.parse("attack:12")
Card('attack:12')
>>> str(Card.parse("negotiate")), Card.parse("attack:07").value
('compromise', 7)
>>> [c.is_challenge for c in map(Card.parse, ["compromise", "morph", "edict"])]
[True, True, False]
>>> Card.parse("edict:cosmic_zap").deck_card
Card('edict')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from cosmic.errors import CardError, shown


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


class Edict(StrEnum):
    """The edicts Fleetlab knows by name (``NONE``: an edict whose name is not given).

    The names are those of the base-game edicts (FFG calls them artifacts); ``cosmic.edicts``
    says which of them change a challenge and how.
    """

    NONE = ""
    COSMIC_ZAP = "cosmic_zap"
    EMOTION_CONTROL = "emotion_control"
    FORCE_FIELD = "force_field"
    IONIC_GAS = "ionic_gas"
    QUASH = "quash"
    CARD_ZAP = "card_zap"
    MOBIUS_TUBES = "mobius_tubes"
    PLAGUE = "plague"


CHALLENGE_KINDS = frozenset({CardKind.ATTACK, CardKind.COMPROMISE, CardKind.MORPH})

ALIASES = {"negotiate": CardKind.COMPROMISE, "flare": CardKind.EDICT}

MAX_CARD_VALUE = 9999
"""The largest printed number Fleetlab reads (real decks print at most 40)."""

_NUMBER = re.compile(r"[0-9]{1,6}")
_MAX_CARD_TEXT = 40


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card type: a kind, for attacks and reinforcements its printed number, for an edict
    its name when known."""

    kind: CardKind
    value: int = 0
    edict: Edict = Edict.NONE

    def __post_init__(self) -> None:
        if not self.kind.has_value and self.value != 0:
            raise CardError(f"a {self.kind.value!r} card has no value (got {shown(self.value)})")
        if not 0 <= self.value <= MAX_CARD_VALUE:
            raise CardError(f"card values are 0 to {MAX_CARD_VALUE}, not {shown(self.value)}")
        if self.edict is not Edict.NONE and self.kind is not CardKind.EDICT:
            raise CardError(f"only an edict has a name, not a {self.kind.value!r} card")

    @property
    def is_challenge(self) -> bool:
        """True for attacks, compromises and morphs."""
        return self.kind.is_challenge

    @property
    def is_attack(self) -> bool:
        """True for attack cards."""
        return self.kind is CardKind.ATTACK

    @property
    def deck_card(self) -> Card:
        """The card as the deck counts it: a named edict is one of the deck's edicts."""
        return Card(CardKind.EDICT) if self.edict is not Edict.NONE else self

    def __str__(self) -> str:
        if self.kind.has_value:
            return f"{self.kind.value}:{self.value}"
        if self.edict is not Edict.NONE:
            return f"{self.kind.value}:{self.edict.value}"
        return self.kind.value

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read the text form; raises ``CardError`` naming the bad text and the legal forms."""
        if not isinstance(text, str):
            raise CardError(f"a card is a string such as 'attack:12', not {shown(text)}")
        if len(text) > _MAX_CARD_TEXT:
            raise CardError(f"unknown card {shown(text)} (a card's text is short: 'attack:12')")
        raw = text.strip().lower()
        name, sep, rest = raw.partition(":")
        kind = ALIASES.get(name)
        if kind is None:
            try:
                kind = CardKind(name)
            except ValueError:
                raise CardError(
                    f"unknown card {shown(text)} (legal: attack:N, compromise, negotiate, morph, "
                    "reinforcement:N, edict, edict:NAME, artifact)"
                ) from None
        if kind.has_value:
            if not sep or not _NUMBER.fullmatch(rest):
                raise CardError(f"card {shown(text)} needs a value, e.g. '{kind.value}:8'")
            return cls(kind, int(rest))
        if kind is CardKind.EDICT and sep:
            try:
                edict = Edict(rest)
            except ValueError:
                edict = Edict.NONE
            if edict is Edict.NONE:
                legal = ", ".join(e.value for e in Edict if e is not Edict.NONE)
                raise CardError(f"unknown edict {shown(text)} (legal names: {legal})") from None
            return cls(kind, 0, edict)
        if sep:
            raise CardError(f"card {shown(text)}: a {kind.value!r} card has no value")
        return cls(kind)


COMPROMISE = Card(CardKind.COMPROMISE)
MORPH = Card(CardKind.MORPH)


def attack(value: int) -> Card:
    """The attack card with that number.

    >>> str(attack(8))
    'attack:8'
    """
    return Card(CardKind.ATTACK, value)


def edict(name: Edict) -> Card:
    """The named edict.

    >>> str(edict(Edict.COSMIC_ZAP))
    'edict:cosmic_zap'
    """
    return Card(CardKind.EDICT, 0, name)


def strength(card: Card) -> tuple[int, int]:
    """The order in which a player holding several cards values them as challenge cards.

    Attacks by number, above the morph, above the compromise, above cards that are not
    challenge cards. It is the order of the ``highest`` opponent model and the order in which a
    player who does equally well with several cards keeps the stronger ones.

    >>> sorted(map(Card.parse, ["attack:4", "compromise", "edict", "morph"]), key=strength)[-1]
    Card('attack:4')
    """
    if card.kind is CardKind.ATTACK:
        return (3, card.value)
    if card.kind is CardKind.MORPH:
        return (2, 0)
    if card.kind is CardKind.COMPROMISE:
        return (1, 0)
    return (0, 0)


def parse_cards(*texts: str) -> tuple[Card, ...]:
    """Cards from their text forms.

    >>> [str(c) for c in parse_cards("attack:4", "negotiate")]
    ['attack:4', 'compromise']
    """
    return tuple(Card.parse(t) for t in texts)
