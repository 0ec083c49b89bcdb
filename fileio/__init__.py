"""Files people give Fleetlab and files it writes: one careful reader, one atomic writer.

Every file type the project reads (battle files, share links, design files, Cosmic challenge
files, game records and snapshots, AsyncEclipse saves) is JSON or TOML that came from someone
else, so every reader goes through ``read_document`` or ``parse_document`` here and each gets
the same answers to the same hostile inputs (``docs/file-reading.md``):

- at most ``max_bytes`` are read, and only from a regular file (a directory, ``/dev/zero`` or a
  pipe is refused before anything is read);
- the text is UTF-8; one UTF-8 byte-order mark is skipped; UTF-16 and UTF-32 are refused with
  the advice to save as UTF-8; an invalid byte is named with its line and column;
- nesting is at most ``max_depth`` deep, checked on the text before the parser runs (so no
  ``RecursionError``) and on the value after it (TOML dotted keys nest without brackets);
- duplicate keys are refused (JSON would silently keep the last one);
- integers beyond 64 bits, ``NaN``, ``Infinity`` and numbers that overflow to infinity are
  refused; a string escaping a lone UTF-16 surrogate (``"\\ud800"``) is refused;
- every message names the file (``where``) and the path of the bad value, and quotes at most
  ``QUOTE_CHARS`` characters of it (``quote``).

``DocumentError`` is the one error; each package's reader turns it into its own error type.
``write_atomic`` writes a file so that a crash, a full disk or a file-size limit leaves the old
file as it was.

This package imports nothing else of the project: every layer may use it.

>>> parse_document(b'{"a": [1, 2.5, "x"]}', where="f.json")
{'a': [1, 2.5, 'x']}
>>> parse_document('{"a": 1, "a": 2}', where="f.json")
Traceback (most recent call last):
...
fileio.errors.DocumentError: f.json: the key 'a' appears twice in one object; keys must be unique
"""

from __future__ import annotations

from fileio.errors import DocumentError
from fileio.quoting import QUOTE_CHARS, quote
from fileio.reading import (
    MAX_DEPTH,
    MAX_INT,
    decode_text,
    parse_document,
    read_bytes,
    read_document,
)
from fileio.writing import write_atomic

__all__ = [
    "MAX_DEPTH",
    "MAX_INT",
    "QUOTE_CHARS",
    "DocumentError",
    "decode_text",
    "parse_document",
    "quote",
    "read_bytes",
    "read_document",
    "write_atomic",
]
