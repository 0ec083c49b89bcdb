"""Errors of the cosmic package: one hierarchy rooted in ``ValueError``, and how they quote input.

Messages quote the offending input with ``shown`` (its ``repr``, cut to a readable length, so a
50 MB field gives a short message) and say what would be legal. Errors raised while reading a
challenge file carry the path of the bad value (``hand[2]``, ``ships.offense``).

>>> shown("attack:" + "9" * 500)[:20], len(shown("x" * 10_000)) < 120
("'attack:999999999999", True)
"""

from __future__ import annotations

SHOWN_LIMIT = 60
"""Characters of a bad value that a message quotes before it is cut."""


def shown(value: object, limit: int = SHOWN_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters, saying how long it was when cut.

    The ``repr`` of a very long string or number is itself expensive, so long strings are cut
    before they are quoted and integers are described by their number of digits.
    """
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        # ``str`` of an integer of more than 4,300 digits raises; count digits from the bits.
        if value.bit_length() <= 3 * limit:
            return repr(value)
        return f"an integer of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}... ({len(value):,} characters)"
    if isinstance(value, list | dict | tuple):
        kind = type(value).__name__
        if len(value) > limit:
            return f"a {kind} of {len(value):,} items"
        text = _short_repr(value, limit)
        return text
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text):,} characters)"


def _short_repr(value: list[object] | dict[object, object] | tuple[object, ...], limit: int) -> str:
    """The repr of a small container, without building the repr of a deep or huge one."""
    try:
        text = repr(value)
    except RecursionError:
        return f"a deeply nested {type(value).__name__}"
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text):,} characters)"


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
    """A challenge file that cannot be read, with an unknown key or a value of the wrong form."""


class NotModelledError(CosmicError):
    """A question Fleetlab does not answer (yet), said plainly instead of answered wrongly."""


class LinearProgramError(CosmicError):
    """A linear program of the equilibrium that has no optimum (unbounded, or HiGHS failed)."""


class BudgetExceededError(CosmicError):
    """The exact answer needs more time than the budget given to ``solve``."""
