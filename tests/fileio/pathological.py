"""Texts of about 1 MB shaped to make a careless reader slow: what the linear-scan tests and
``benchmarks/reader_pathological.py`` feed to every reader.

Each shape is one a backtracking pre-scan or a recursive parser would choke on: an unterminated
string of escaped quotes (a regular expression that skips strings retries from every quote),
brackets nested a million deep, brackets inside one long string, a million empty brackets side by
side, and for TOML comments full of quotes, a comment on every line and an unterminated
multi-line string of escaped quotes.
"""

from __future__ import annotations

SIZE = 999_936
"""About how many characters each shape has: 1 MB, just under the smallest reader limit
(a Cosmic Encounter challenge file, 1,000,000 bytes), so that every reader scans it."""


def json_shapes(size: int = SIZE) -> dict[str, str]:
    """The JSON shapes by name, each ``size`` characters or a few fewer."""
    half = size // 2
    return {
        "escaped quotes": '["' + '\\"' * (half - 1),
        "nested brackets": "[" * size,
        "brackets in a string": '["' + "[" * (size - 4) + '"]',
        "empty brackets": "[]" * half,
        "empty strings": '[""' + ',""' * (size // 3 - 2) + "]",
    }


def toml_shapes(size: int = SIZE) -> dict[str, str]:
    """The TOML shapes by name, each about ``size`` characters."""
    return {
        "quotes in a comment": "#" + '"' * (size - 1),
        "a comment a line": "# x\n" * (size // 4),
        "unterminated multi-line string": 'a = """' + '\\"' * (size // 2 - 4),
        "nested arrays": "a = " + "[" * (size - 4),
    }
