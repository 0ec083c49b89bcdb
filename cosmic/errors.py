"""Errors of the cosmic package: one hierarchy rooted in ``ValueError``.

Messages quote the offending input with ``!r`` and say what would be legal. Errors raised while
reading a challenge file carry the path of the bad value (``hand[2]``, ``ships.offense``).
"""

from __future__ import annotations


class CosmicError(ValueError):
    """Base of every error about cards, decks, powers and challenges."""


class CardError(CosmicError):
    """Text that does not name a card (``attack:12``, ``compromise``, ``edict`` ...)."""


class DeckError(CosmicError):
    """An unknown deck preset, a bad card count, or more cards out of the deck than it holds."""


class ChallengeError(CosmicError):
    """A challenge the rules do not allow; ``path`` names the input at fault (``ships.offense``).

    The path is the one of the challenge file (docs/cosmic-file.md), so the same message serves
    the library, the command line and the dashboard.
    """

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path


class ChallengeFileError(ChallengeError):
    """A challenge file with an unknown key or a value of the wrong type or form."""
