"""The challenge file reader under hostile input: only the project's own errors escape, in
bounded time and memory, with messages that quote a bad value cut short."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cosmic import Challenge, CosmicError
from cosmic.fileformat import (
    MAX_BYTES,
    challenge_to_dict,
    load_challenge,
    parse_challenge,
    parse_json_text,
)
from cosmic.invitation import Invitation
from tests.support import REPO, examples

VALID: dict[str, Any] = {
    "format": "fleetlab-cosmic/1", "deck": "mayfair_1991", "you": "offense",
    "hand": ["attack:12", "attack:6", "compromise"], "ships": {"offense": 4, "defense": 2},
    "allies": {"offense": 0, "defense": [{"ships": 3, "name": "blue"}]},
    "opponent_hand_size": 7, "opponent": "equilibrium", "deal_success": "1/2",
    "edicts": ["emotion_control"], "options": {"amoeba_timing": "text"},
}  # fmt: skip


def read(data: bytes | str) -> Challenge | Invitation:
    """The whole reading path of a file's content."""
    return parse_challenge(parse_json_text(data))


def refused(data: bytes | str) -> str:
    """The message of a refused content (the test fails on any other exception)."""
    with pytest.raises(CosmicError) as info:
        read(data)
    message = str(info.value)
    assert len(message) < 600, message[:200]
    return message


# The text-level refusals are fileio's (the reader every Fleetlab file shares); cosmic adds its
# own limits (MAX_BYTES, MAX_DEPTH, the exponents of its probabilities) and its paths.
EXTREMES: list[tuple[str, bytes | str, str]] = [
    ("a 5000-digit card", json.dumps({**VALID, "hand": ["attack:" + "9" * 5000]}),
     "hand[0]: unknown card 'attack:999"),
    ("a 5000-digit integer", json.dumps(VALID).replace('"opponent_hand_size": 7',
                                                       '"opponent_hand_size": 1' + "0" * 5000),
     "opponent_hand_size: the integer '1000"),
    ("Infinity", json.dumps(VALID).replace('"1/2"', "Infinity"),
     "deal_success: Infinity is not a number"),
    ("NaN", json.dumps(VALID).replace('"1/2"', "NaN"), "deal_success: NaN is not a number"),
    ("1e-99999 as text", json.dumps({**VALID, "deal_success": "1e-99999"}), "exponents"),
    ("1e-999999999 as text", json.dumps({**VALID, "deal_success": "1e-999999999"}), "exponents"),
    ("1e-999999999 as a number", json.dumps(VALID).replace('"1/2"', "1e-999999999"), "exponents"),
    ("1e400", json.dumps(VALID).replace('"1/2"', "1e400"), "exponents"),
    ("nested 5,000 deep", "[" * 5000 + "]" * 5000, "nested deeper than 32"),
    ("nested 100,000 deep", "{\"a\":" * 100_000 + "1" + "}" * 100_000, "nested deeper than 32"),
    ("invalid UTF-8", b'{"format": "\xff\xfe\xfd"}',
     "not UTF-8 text: byte 0xff at line 1, column 13"),
    ("UTF-16", json.dumps(VALID).encode("utf-16"), "UTF-16 text"),
    ("NUL bytes", b"\x00" * 100, "UTF-16 text; save it as UTF-8"),
    ("a duplicate key", '{"you": "offense", "you": "defense"}', "appears twice"),
    ("a lone surrogate", json.dumps({**VALID, "hand": ["\ud800"]}),
     "hand[0]: the text '\\ud800' holds a lone UTF-16 surrogate"),
    ("a 2 MB field", json.dumps({**VALID, "hand": ["x" * 2_000_000]}), "at most 1,000,000"),
    ("a 900 kB field", json.dumps({**VALID, "hand": ["x" * 900_000]}), "900,000 characters"),
    ("a list as a name", json.dumps({**VALID, "allies": {"offense": [{"ships": 1, "name": [1]}],
                                                          "defense": 0}}), "a short name"),
    ("a huge ally count", json.dumps({**VALID, "allies": {"offense": 10**9, "defense": 0}}),
     "above 200"),
    ("a deep list of cards", json.dumps({**VALID, "hand": [[[["attack:4"]]]]}), "hand[0]"),
    ("an amoeba of a million ships", json.dumps({**VALID, "ships": {"offense": 10**6,
                                                                    "defense": 2}}), "above 50"),
]  # fmt: skip


@pytest.mark.parametrize(("what", "data", "message"), EXTREMES, ids=[e[0] for e in EXTREMES])
def test_extreme_inputs_get_a_clear_error(what: str, data: bytes | str, message: str) -> None:
    assert message in refused(data)


def test_a_valid_file_reads_and_round_trips() -> None:
    c = read(json.dumps(VALID))
    assert isinstance(c, Challenge)
    assert read(json.dumps(challenge_to_dict(c))) == c
    assert read(b"\xef\xbb\xbf" + json.dumps(VALID).encode()) == c  # a UTF-8 BOM is fine


def test_files_that_are_not_files(tmp_path: Path) -> None:
    with pytest.raises(CosmicError, match="is a folder"):
        load_challenge(tmp_path)
    with pytest.raises(CosmicError, match="at most 1,000,000"):
        load_challenge("/dev/zero")
    with pytest.raises(CosmicError, match="cannot read"):
        load_challenge(tmp_path / "missing.json")


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=30) | st.sampled_from(["attack:4", "compromise", "edict:cosmic_zap",
                                               "offense", "amoeba", "1/2", "1e-999"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner,
                                                                max_size=4),
    max_leaves=20,
)  # fmt: skip


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A valid file with one value (at any depth) replaced by arbitrary JSON."""
    doc = json.loads(json.dumps(VALID))
    path: list[Any] = []
    node: Any = doc
    while isinstance(node, dict | list) and node and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node))))
        path.append(key)
        node = node[key]
    value = draw(JSON)
    if not path:
        return json.dumps(value)
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return json.dumps(doc)


@settings(max_examples=examples(300), deadline=None)
@given(
    st.one_of(
        mutated(),
        st.binary(max_size=200),
        st.text(max_size=200),
        st.builds(lambda depth, ch: ch * depth, st.integers(0, 100_000), st.sampled_from("[{")),
        st.builds(lambda n: '{"opponent_hand_size": ' + "9" * n + "}", st.integers(1, 6000)),
    )
)
def test_only_the_projects_errors_escape(data: str | bytes) -> None:
    error: CosmicError | None = None
    try:
        read(data)
    except CosmicError as exc:
        error = exc
    assert error is None or len(str(error)) < 600


def test_the_largest_allowed_file_stays_under_a_memory_ceiling(tmp_path: Path) -> None:
    # A file of the largest size read, full of numbers, parsed under a 1 GiB address-space limit
    # (the interpreter and NumPy take about 300 MiB of it).
    big = tmp_path / "big.json"
    body = json.dumps({**VALID, "seen": [1] * ((MAX_BYTES - 1000) // 3)})
    big.write_text(body[:MAX_BYTES], encoding="utf-8")
    code = f"""
import resource
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
from cosmic.errors import CosmicError
from cosmic.fileformat import load_challenge
try:
    load_challenge({str(big)!r})
except CosmicError as exc:
    print("refused:", str(exc)[:80])
"""
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120,
        env=env,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-500:]
    assert out.stdout.startswith("refused:")
