"""The Cosmic Encounter page's text inputs, read without Streamlit (so tests read them directly).

The page takes cards as comma-separated text (``attack:12, compromise``), deck changes as
``card=copies`` and allies as ``[name=]ships[ power]`` (``red=2, 1 macron``). Each reader raises
``CosmicError`` naming the input and the bad token, cut to a readable length.

>>> [str(c) for c in read_cards("attack:12, negotiate", "hand")]
['attack:12', 'compromise']
>>> read_allies("red=2, 1 macron", "offensive allies")
(Ally(ships=2, power=None, name='red'), Ally(ships=1, power=<Power.MACRON: 'macron'>, name=''))
"""

from __future__ import annotations

from cosmic import Ally, Card, CosmicError, Edict, PlayedEdict, Power
from cosmic.errors import shown

MAX_TEXT = 2000
"""Longest text input read (a hand is a few dozen characters)."""


def _tokens(text: str, label: str) -> list[str]:
    if len(text) > MAX_TEXT:
        raise CosmicError(f"{label}: {len(text):,} characters; at most {MAX_TEXT:,} are read")
    return [t.strip() for t in text.split(",") if t.strip()]


def read_cards(text: str, label: str) -> tuple[Card, ...]:
    """Cards from comma-separated text forms."""
    out = []
    for i, token in enumerate(_tokens(text, label)):
        try:
            out.append(Card.parse(token))
        except CosmicError as exc:
            raise CosmicError(f"{label}[{i}]: {exc}") from None
    return tuple(out)


def read_counts(text: str) -> dict[Card, int]:
    """Deck changes ``card=copies``."""
    counts: dict[Card, int] = {}
    for token in _tokens(text, "deck counts"):
        card, sep, n = token.partition("=")
        n = n.strip()
        if not sep or not n.isascii() or not n.isdigit() or len(n) > 3:
            raise CosmicError(f"deck counts: {shown(token)} is not card=copies, e.g. 'edict=10'")
        counts[Card.parse(card)] = int(n)
    return counts


def read_allies(text: str, label: str) -> tuple[Ally, ...]:
    """Allies ``[name=]ships[ power]``, comma-separated."""
    out = []
    for i, token in enumerate(_tokens(text, label)):
        name, sep, rest = token.partition("=")
        if not sep:
            name, rest = "", token
        parts = rest.split()
        if not parts or not parts[0].isascii() or not parts[0].isdigit() or len(parts) > 2:
            raise CosmicError(
                f"{label}[{i}]: {shown(token)} is not [name=]ships[ power], e.g. 'red=2 macron'"
            )
        power = None
        if len(parts) == 2:
            try:
                power = Power(parts[1].lower())
            except ValueError:
                legal = ", ".join(p.value for p in Power)
                raise CosmicError(
                    f"{label}[{i}]: unknown power {shown(parts[1])} (legal: {legal})"
                ) from None
        out.append(Ally(int(parts[0][:3]), power, name.strip()[:40]))
    return tuple(out)


EDICT_CHOICES = {
    "Emotion Control (attacks become compromises)": PlayedEdict(Edict.EMOTION_CONTROL),
    "Ionic Gas (no consolation, no rewards)": PlayedEdict(Edict.IONIC_GAS),
    "Quash (a deal fails)": PlayedEdict(Edict.QUASH),
    "Cosmic Zap on the offense's power": PlayedEdict(Edict.COSMIC_ZAP, "offense"),
    "Cosmic Zap on the defense's power": PlayedEdict(Edict.COSMIC_ZAP, "defense"),
    "Force Field on the offense's allies": PlayedEdict(Edict.FORCE_FIELD, "offense"),
    "Force Field on the defense's allies": PlayedEdict(Edict.FORCE_FIELD, "defense"),
}
"""The edicts the page lets you mark as played, by label."""
