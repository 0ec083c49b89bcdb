"""Quoting a bad value in a message, cut to a length a person reads."""

from __future__ import annotations

QUOTE_CHARS = 60
"""Longest quotation of a bad value in a message."""


def quote(value: object, limit: int = QUOTE_CHARS) -> str:
    """``repr`` of a value, cut to ``limit`` characters (a 50 MB field quotes as 60).

    The repr of a huge string or container is never built whole: strings are cut first, and
    containers are quoted by their kind and size.

    >>> quote("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    >>> quote(list(range(10**6)))
    'a list of 1,000,000 items'
    >>> quote(3), quote("ion_cannon")
    ('3', "'ion_cannon'")
    """
    if isinstance(value, str) and len(value) > 2 * limit:
        value = value[: 2 * limit]
    elif isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        # str() of a huge integer is slow (and refused beyond 4,300 digits).
        return f"an integer of about {int(value.bit_length() * 0.30103):,} digits"
    elif isinstance(value, list | tuple | dict | set) and len(value) > limit:
        kind = type(value).__name__
        return f"a {kind} of {len(value):,} items"
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # a deeply nested container
        return f"a deeply nested {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."
