"""Reading JSON and TOML documents from untrusted files, bounded in size, depth and numbers.

The checks run in an order that keeps every step bounded: the byte count before decoding, the
nesting of brackets on the text before parsing (the parsers recurse, so a document nested
100,000 deep would otherwise end in ``RecursionError``), and a walk of the parsed value with an
explicit stack (never recursion) for what only the value shows: duplicate keys, numbers, lone
surrogates, TOML dates, and nesting that TOML dotted keys build without brackets.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from fileio.errors import DocumentError
from fileio.quoting import quote

MAX_DEPTH = 64
"""Deepest nesting of arrays and objects accepted (Fleetlab's own files nest at most about 12)."""

MAX_INT = 2**63 - 1
"""Largest integer magnitude accepted: 64-bit signed (no count, seed or id in a Fleetlab file
comes near it; larger numbers are refused rather than carried into NumPy, which overflows)."""

_INT_DIGITS = len(str(MAX_INT))

_UTF8_BOM = b"\xef\xbb\xbf"
_WIDE_BOMS = (
    (b"\xff\xfe\x00\x00", "UTF-32"),
    (b"\x00\x00\xfe\xff", "UTF-32"),
    (b"\xff\xfe", "UTF-16"),
    (b"\xfe\xff", "UTF-16"),
)

# The bracket scan: one pass over the text, jumping from one character that matters to the
# next. Every search starts where the last one ended and never looks back, so the scan is linear
# in the text whatever its shape (a regular expression that skips strings backtracks: on an
# unterminated string of escaped quotes it retried from every quote to the end, O(n^2)).
_JSON_OUTSIDE = re.compile(r'[\[\]{}"]')
_JSON_STRING_REST = re.compile(r'(?:[^"\\]++|\\.)*+"', re.DOTALL)
_TOML_OUTSIDE = re.compile(r"[\[\]{}\"'#]")
_TOML_BASIC_REST = re.compile(r'(?:[^"\\\n]++|\\.)*+"')
_TOML_MULTI_REST = re.compile(r'(?:[^"\\]++|\\.|"(?!""))*+"""', re.DOTALL)
# Possessive quantifiers (``++``, ``*+``) never give back what they took: a string's rest is
# matched or refused in one pass from its opening quote, and the scan goes on after it.


class ScanCounter:
    """How many searches the bracket scans made since ``reset()``: the work counter the tests
    use to show the scan linear (at most one search per character of the text, plus one)."""

    searches = 0

    @classmethod
    def reset(cls) -> None:
        """Start counting again from zero."""
        cls.searches = 0


class _Refused:
    """A number the parser met that the walk refuses with its path (the parse hooks cannot know
    where they are, so they leave this marker in the value)."""

    __slots__ = ("text", "why")

    def __init__(self, text: str, why: str) -> None:
        self.text = text
        self.why = why


def _line_column(text: str | bytes, offset: int) -> str:
    newline: Any = b"\n" if isinstance(text, bytes) else "\n"
    line = text.count(newline, 0, offset) + 1
    column = offset - (text.rfind(newline, 0, offset) + 1) + 1
    return f"line {line}, column {column}"


def read_bytes(path: str | os.PathLike[str], *, max_bytes: int, what: str = "file") -> bytes:
    """The bytes of the regular file at ``path``, at most ``max_bytes`` of them.

    A directory, a device (``/dev/zero`` never ends) or a pipe is refused before anything is
    read; opening does not wait for a pipe's writer. A file that grows while it is read is
    still cut off after ``max_bytes + 1`` bytes.
    """
    where = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise DocumentError(where, "", f"cannot read the {what} ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise DocumentError(where, "", f"is a directory, not a {what}")
        if not stat.S_ISREG(info.st_mode):
            raise DocumentError(where, "", f"is not a regular file (a device or a pipe?); "
                                f"give a {what} saved on disk")  # fmt: skip
        if info.st_size > max_bytes:
            raise DocumentError(
                where, "", f"is {info.st_size:,} bytes; a {what} is at most {max_bytes:,}"
            )
        chunks: list[bytes] = []
        size = 0
        while size <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise DocumentError(where, "", f"cannot read the {what} ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if size > max_bytes:
        raise DocumentError(where, "", f"is larger than {max_bytes:,} bytes, a {what}'s limit")
    return b"".join(chunks)


def decode_text(data: bytes, *, where: str = "") -> str:
    """UTF-8 text from bytes; a leading UTF-8 byte-order mark is dropped.

    RFC 8259 lets a JSON reader skip the mark, and Windows editors write it, so every Fleetlab
    reader skips it. UTF-16 and UTF-32 are refused with the remedy.

    >>> decode_text(b"\\xef\\xbb\\xbf{}")
    '{}'
    >>> decode_text(b"{\\n\\xff}", where="f.json")
    Traceback (most recent call last):
    ...
    fileio.errors.DocumentError: f.json: not UTF-8 text: byte 0xff at line 2, column 1
    """
    for mark, name in _WIDE_BOMS:
        if data.startswith(mark):
            raise DocumentError(where, "", f"the file is {name} text; save it as UTF-8")
    if len(data) >= 2 and (data[0] == 0 or data[1] == 0):
        raise DocumentError(where, "", "the file looks like UTF-16 text; save it as UTF-8")
    if data.startswith(_UTF8_BOM):
        data = data[len(_UTF8_BOM) :]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        at = _line_column(data, exc.start)
        raise DocumentError(
            where,
            "",
            f"not UTF-8 text: byte 0x{data[exc.start]:02x} at {at}",
        ) from None


def _deepest_json(text: str, limit: int) -> int:
    r"""How deep the brackets of JSON ``text`` nest outside strings, stopping once past
    ``limit``; an unterminated string ends the scan (the parser then says where it starts).

    >>> _deepest_json(r'[{"a": "[[[\"]"}, 1]', 64)
    2
    """
    depth = deepest = 0
    at = 0
    while True:
        ScanCounter.searches += 1
        found = _JSON_OUTSIDE.search(text, at)
        if found is None:
            return deepest
        char, at = found.group(), found.end()
        if char == '"':
            ScanCounter.searches += 1
            rest = _JSON_STRING_REST.match(text, at)
            if rest is None:  # unterminated: the parser says where
                return deepest
            at = rest.end()
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        else:
            depth -= 1


def _deepest_toml(text: str, limit: int) -> int:
    r'''As ``_deepest_json`` for TOML: skips basic and literal strings, their multi-line forms
    and comments; a table header ``[[a]]`` counts as two levels, which is never deep.

    >>> _deepest_toml('a = [[1], \'[[\'] # [[[\nb = """]\\""""\nc = { d = [2] }', 64)
    2
    '''
    depth = deepest = 0
    at = 0
    while True:
        ScanCounter.searches += 1
        found = _TOML_OUTSIDE.search(text, at)
        if found is None:
            return deepest
        char, at = found.group(), found.end()
        if char == "#":
            end = text.find("\n", at)
            if end < 0:
                return deepest
            at = end + 1
        elif char == "'":
            if text.startswith("''", at):  # a multi-line literal string
                end = text.find("'''", at + 2)
                if end < 0:
                    return deepest
                at = end + 3
            else:
                end = text.find("'", at)
                line = text.find("\n", at)
                if end < 0 or 0 <= line < end:  # unterminated on its line: the parser says so
                    return deepest
                at = end + 1
        elif char == '"':
            ScanCounter.searches += 1
            if text.startswith('""', at):  # a multi-line basic string
                rest = _TOML_MULTI_REST.match(text, at + 2)
                if rest is None:
                    return deepest
                at = rest.end()
                for _ in range(2):  # up to two quotes may end its content
                    if text.startswith('"', at):
                        at += 1
            else:
                rest = _TOML_BASIC_REST.match(text, at)
                if rest is None:  # unterminated on its line: the parser says so
                    return deepest
                at = rest.end()
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        else:
            depth -= 1


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKeyError(key)
        out[key] = value
    return out


class _DuplicateKeyError(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _parse_int(text: str) -> int | _Refused:
    if len(text.lstrip("-")) > _INT_DIGITS or abs(int(text)) > MAX_INT:
        digits = len(text.lstrip("-"))
        return _Refused(
            text, f"the integer {quote(text)} ({digits:,} digits) is too large; at most {MAX_INT:,}"
        )
    return int(text)


def _parse_float(text: str) -> float | _Refused:
    value = float(text)
    if math.isfinite(value):
        return value
    if text.lstrip("+-") in ("inf", "nan"):  # TOML's literals
        return _Refused(text, f"{text} is not a number Fleetlab files allow")
    return _Refused(text, f"the number {quote(text)} is too large (it overflows to infinity)")


def _parse_constant(text: str) -> _Refused:
    return _Refused(text, f"{text} is not a number JSON allows")


def _step(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    shown = key if key.isidentifier() else quote(key)
    return f"{path}.{shown}" if path else shown


def _shown(path: str) -> str:
    """A path short enough for a message (a path 1,000 keys deep is cut in the middle)."""
    return path if len(path) <= 100 else f"{path[:60]}...{path[-30:]}"


def _walk(value: Any) -> Iterator[tuple[str, int, Any]]:
    """Every value of a parsed document with its path and depth, without recursion."""
    stack: list[tuple[str, int, Any]] = [("", 0, value)]
    while stack:
        path, depth, item = stack.pop()
        yield _shown(path), depth, item
        if isinstance(item, dict):
            for key, child in item.items():
                stack.append((_step(path, key), depth + 1, key))
                stack.append((_step(path, key), depth + 1, child))
        elif isinstance(item, list):
            for i, child in enumerate(item):
                stack.append((_step(path, i), depth + 1, child))


def _check_value(value: Any, where: str, max_depth: int) -> None:
    for path, depth, item in _walk(value):
        if isinstance(item, dict | list):
            if depth >= max_depth:
                raise DocumentError(where, path, f"nested deeper than {max_depth} levels; "
                                    f"Fleetlab files nest only a few levels")  # fmt: skip
        elif isinstance(item, _Refused):
            raise DocumentError(where, path, item.why)
        elif isinstance(item, str):
            if not item.isascii():
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError as exc:
                    code = ord(item[exc.start])
                    raise DocumentError(
                        where, path, f"the text {quote(item)} holds a lone UTF-16 surrogate "
                        f"\\u{code:04x}, which is not a character"
                    ) from None  # fmt: skip
        elif isinstance(item, bool) or item is None:
            pass
        elif isinstance(item, int):
            if abs(item) > MAX_INT:
                raise DocumentError(
                    where, path, f"the integer {quote(item)} is too large; at most {MAX_INT:,}"
                )
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise DocumentError(where, path, f"{item} is not a number Fleetlab files allow")
        else:  # TOML dates and times
            raise DocumentError(
                where, path, f"{quote(item)} is a {type(item).__name__}; Fleetlab files hold "
                "only numbers, text, true/false, lists and tables"
            )  # fmt: skip


def _decimal_hook(decimals: Callable[[str], Any]) -> Callable[[str], Any]:
    """``decimals`` as the parser's hook: a ``ValueError`` it raises refuses the number, with its
    path, like the parser's own refusals."""

    def hook(text: str) -> Any:
        try:
            return decimals(text)
        except ValueError as exc:
            return _Refused(text, str(exc))

    return hook


def _last_wins(on_duplicate: Callable[[str], None]) -> Callable[[list[tuple[str, Any]]], Any]:
    """An object hook that keeps the last value of a key written twice and tells
    ``on_duplicate`` the key (the rule of Python's own ``json`` and of most writers' readers)."""

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                on_duplicate(key)
            out[key] = value
        return out

    return hook


def _parse_json(
    text: str,
    where: str,
    decimals: Callable[[str], Any] | None = None,
    on_duplicate: Callable[[str], None] | None = None,
) -> Any:
    try:
        return json.loads(
            text,
            object_pairs_hook=_unique_keys if on_duplicate is None else _last_wins(on_duplicate),
            parse_int=_parse_int,
            parse_float=_parse_float if decimals is None else _decimal_hook(decimals),
            parse_constant=_parse_constant,
        )
    except json.JSONDecodeError as exc:
        raise DocumentError(
            where, "", f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        ) from None
    except _DuplicateKeyError as exc:
        raise DocumentError(
            where, "", f"the key {quote(exc.key)} appears twice in one object; keys must be unique"
        ) from None  # fmt: skip


def _parse_toml(text: str, where: str) -> Any:
    try:
        return tomllib.loads(text, parse_float=_parse_float)
    except tomllib.TOMLDecodeError as exc:
        raise DocumentError(where, "", f"not valid TOML: {exc}") from None
    except ValueError:  # int() of an integer literal over 4,300 digits
        raise DocumentError(where, "", f"an integer is too large; at most {MAX_INT:,}") from None


def parse_document(
    data: str | bytes,
    *,
    where: str = "",
    toml: bool = False,
    max_bytes: int = 1 << 20,
    max_depth: int = MAX_DEPTH,
    decimals: Callable[[str], Any] | None = None,
    on_duplicate: Callable[[str], None] | None = None,
) -> Any:
    """The JSON (or, with ``toml``, TOML) document in ``data``, checked as the module says.

    ``where`` names the source in messages (a path, ``"the upload"``); ``DocumentError`` is the
    only error raised, whatever the input. ``decimals`` (JSON only) reads each number with a
    fraction or an exponent from its text instead of ``float`` (a reader that wants them exact
    keeps the text); a ``ValueError`` it raises refuses the number, with its path.
    A key written twice in one JSON object is refused, unless ``on_duplicate`` is given: then
    the last value wins and ``on_duplicate`` hears the key (for files of other programs that
    read them so; Fleetlab's own formats stay strict).

    >>> parse_document('{"p": 0.1}', decimals=lambda text: f"exactly {text}")
    {'p': 'exactly 0.1'}
    >>> seen = []
    >>> parse_document('{"201": 1, "201": 2}', on_duplicate=seen.append), seen
    ({'201': 2}, ['201'])
    """
    if len(data) > max_bytes:
        raise DocumentError(where, "", f"{len(data):,} bytes; at most {max_bytes:,} are accepted")
    text = (
        decode_text(data, where=where) if isinstance(data, bytes) else data.removeprefix("\ufeff")
    )
    deepest = (_deepest_toml if toml else _deepest_json)(text, max_depth)
    if deepest > max_depth:
        raise DocumentError(where, "", f"nested deeper than {max_depth} levels; Fleetlab files "
                            "nest only a few levels")  # fmt: skip
    try:
        value = (
            _parse_toml(text, where) if toml else _parse_json(text, where, decimals, on_duplicate)
        )
    except RecursionError:  # the bracket scan is exact for JSON; this guards odd TOML
        raise DocumentError(where, "", "nested too deeply to read") from None
    _check_value(value, where, max_depth)
    return value


def read_document(
    path: str | os.PathLike[str],
    *,
    toml: bool | None = None,
    max_bytes: int = 1 << 20,
    max_depth: int = MAX_DEPTH,
    what: str = "file",
) -> Any:
    """Read the document in the file at ``path``: TOML when ``toml`` (``None``: by the
    ``.toml`` suffix), else JSON. See ``read_bytes`` and ``parse_document``."""
    if toml is None:
        toml = Path(path).suffix.lower() == ".toml"
    data = read_bytes(path, max_bytes=max_bytes, what=what)
    return parse_document(data, where=str(path), toml=toml, max_bytes=max_bytes,
                          max_depth=max_depth)  # fmt: skip
