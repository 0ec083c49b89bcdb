"""The one reader of untrusted JSON and TOML: every hostile input gets a ``DocumentError`` that
says what is wrong, in bounded time, and nothing else escapes."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fileio import MAX_DEPTH, MAX_INT, DocumentError, parse_document, quote, read_document
from tests.support import examples

DEEP = 100_000


@pytest.mark.parametrize(
    ("data", "toml", "message"),
    [
        ("[" * DEEP + "]" * DEEP, False, f"nested deeper than {MAX_DEPTH} levels"),
        ('{"a":' * DEEP + "1" + "}" * DEEP, False, "nested deeper than"),
        ("a = " + "[" * DEEP + "]" * DEEP, True, "nested deeper than"),
        ("a = " + "{b=" * 5_000 + "1" + "}" * 5_000, True, "nested deeper than"),
        (".".join(["a"] * 5_000) + " = 1", True, "nested deeper than"),  # dotted keys: no brackets
        ('{"a": 1, "a": 2}', False, "the key 'a' appears twice"),
        ("a = 1\na = 2", True, "not valid TOML"),
        ("1" * 5_000, False, "(5,000 digits) is too large"),
        ('{"hull": ' + str(2**63) + "}", False, "hull: the integer '9223372036854775808'"),
        ('{"x": -' + str(2**63) + "}", False, "too large"),
        ("a = " + "9" * 5_000, True, "an integer is too large"),
        ("a = " + str(2**64), True, "a: the integer"),
        ('{"x": 1e999}', False, "x: the number '1e999' is too large"),
        ('{"x": NaN}', False, "x: NaN is not a number JSON allows"),
        ('{"x": [Infinity]}', False, "x[0]: Infinity is not a number"),
        ('{"x": -Infinity}', False, "-Infinity is not a number"),
        ("x = inf", True, "x: inf is not a number"),
        ("x = nan", True, "x: nan is not a number"),
        ("x = 1979-05-27", True, "is a date; Fleetlab files hold only"),
        ('{"name": "\\ud800"}', False, "name: the text '\\ud800' holds a lone UTF-16 surrogate"),
        ('{"\\udc00": 1}', False, "lone UTF-16 surrogate \\udc00"),
        (b"\xff\xfe{\x00}\x00", False, "the file is UTF-16 text; save it as UTF-8"),
        (b"\x00\x00\xfe\xff", False, "UTF-32"),
        (b"{\x00\x22\x00", False, "looks like UTF-16"),
        (b'{"a":\n "\xc3("}', False, "not UTF-8 text: byte 0xc3 at line 2, column 3"),
        (b"\xef\xbb\xbf\xef\xbb\xbf{}", False, "not valid JSON"),  # one mark is skipped, not two
        ("{", False, "not valid JSON: Expecting property name enclosed in double quotes at line 1"),
        ("x" * (2 << 20), False, "2,097,152 bytes; at most 1,048,576"),
    ],
)
def test_hostile_documents_are_refused_with_a_reason(
    data: str | bytes, toml: bool, message: str
) -> None:
    with pytest.raises(DocumentError) as caught:
        parse_document(data, where="f", toml=toml)
    assert message in str(caught.value)
    assert str(caught.value).startswith("f: ")
    assert len(str(caught.value)) < 400  # the bad value is quoted, not copied


def test_what_every_reader_accepts() -> None:
    # One UTF-8 byte-order mark (Windows editors write it; RFC 8259 lets readers skip it), the
    # largest 64-bit integers, tiny numbers, brackets inside strings and TOML comments.
    assert parse_document(b"\xef\xbb\xbf" + b'{"a": 1}') == {"a": 1}
    assert parse_document("\ufeff[1]") == [1]
    assert parse_document(f"[{MAX_INT}, -{MAX_INT}, 1e-99999]") == [MAX_INT, -MAX_INT, 0.0]
    assert parse_document('["[[[[", "\\"{{"]') == ["[[[[", '"{{']
    text = 'a = """ [[[[ """\nb = \'[[[\'\n# [[[[[[\nc = [[1]]\n'
    assert parse_document(text, toml=True) == {"a": " [[[[ ", "b": "[[[", "c": [[1]]}
    nested = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert parse_document(nested) is not None
    with pytest.raises(DocumentError):
        parse_document("[" + nested + "]")


def test_files_that_are_not_regular_files_are_refused_before_reading(tmp_path: Path) -> None:
    with pytest.raises(DocumentError, match="is a directory, not a battle file"):
        read_document(tmp_path, what="battle file")
    with pytest.raises(DocumentError, match="not a regular file"):
        read_document("/dev/zero")
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(DocumentError, match="not a regular file"):
        read_document(fifo)  # opening does not wait for a writer
    with pytest.raises(DocumentError, match="cannot read the file"):
        read_document(tmp_path / "missing.json")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 2_000)
    with pytest.raises(DocumentError, match="is 2,000 bytes; a file is at most 1,000"):
        read_document(big, max_bytes=1_000)
    good = tmp_path / "good.toml"
    good.write_text("a = 1\n", encoding="utf-8")
    assert read_document(good) == {"a": 1}  # TOML by the suffix
    with pytest.raises(DocumentError, match="not valid JSON"):
        read_document(good, toml=False)  # the caller may decide the format


def test_quote_cuts_long_values_without_building_them_whole() -> None:
    assert len(quote("x" * 50_000_000)) == 60
    assert quote(10**5000) == "an integer of about 5,000 digits"
    assert quote(list(range(100))) == "a list of 100 items"
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    assert quote(deep) == "a deeply nested list"


# ----- fuzz ------------------------------------------------------------------------------------

PIECES = st.sampled_from(
    ["[", "]", "{", "}", ",", ":", '"', "\\", "\\ud800", "1e999", "NaN", "-", "0", "9" * 30,
     "true", "\ufeff", "=", "\n", "#", "'''", '"""', "a", ".", "1979-05-27", "inf", " "]
)  # fmt: skip
TEXTS = st.one_of(
    st.text(max_size=200),
    st.lists(PIECES, max_size=80).map("".join),
    st.integers(1, 3_000).map(lambda n: "[" * n),
    st.integers(1, 3_000).map(lambda n: "a = " + "{b=" * n),
)
BYTES = st.one_of(st.binary(max_size=200), TEXTS.map(lambda t: t.encode("utf-8", "surrogatepass")))


@settings(max_examples=examples(300))
@given(data=st.one_of(TEXTS, BYTES), toml=st.booleans())
def test_fuzz_only_document_errors_escape(data: str | bytes, toml: bool) -> None:
    try:
        value = parse_document(data, where="fuzz", toml=toml)
    except DocumentError as exc:
        refused = str(exc)
    else:
        refused = ""
    if refused:
        assert refused.startswith("fuzz: ")
        return
    # Whatever is accepted is plain data that writes back as JSON (no NaN, no surrogates).
    json.dumps(value, allow_nan=False).encode("utf-8")


@settings(max_examples=examples(100))
@given(
    value=st.recursive(
        st.none() | st.booleans() | st.integers(-MAX_INT, MAX_INT) | st.text(max_size=20)
        | st.floats(allow_nan=False, allow_infinity=False),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                   max_size=4),
        max_leaves=30,
    )
)  # fmt: skip
def test_fuzz_every_json_value_reads_back(value: object) -> None:
    try:
        text = json.dumps(value, allow_nan=False)
        text.encode("utf-8")
    except (ValueError, UnicodeEncodeError):
        return  # a value with a lone surrogate: refused by design (the first test shows it)
    assert parse_document(text) == json.loads(text)


def test_toml_and_json_read_the_same_document() -> None:
    toml_text = 'format = "x"\n[[sides]]\nname = "A"\n[[sides]]\nname = "B"\n'
    assert parse_document(toml_text, toml=True) == tomllib.loads(toml_text)
