"""Share links: the battle file in a versioned, compact token; bad links never break a page."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import REPO, examples
from ui.battle_editor import (
    build,
    draft_from_file,
    example_battle,
    printed_battle,
    set_count,
    set_part,
)
from ui.share import (
    MAX_JSON_BYTES,
    ShareError,
    decode_battle,
    draft_from_link,
    encode_battle,
)


def token_of(payload: bytes, version: str = "1") -> str:
    return f"{version}." + base64.urlsafe_b64encode(payload).decode().rstrip("=")


def test_a_link_restores_the_same_battle_and_is_compact() -> None:
    draft = set_part(draft_from_file(example_battle()), 1, 0, 3, "hull")
    doc = build(draft).doc
    token = encode_battle(doc)
    assert token.startswith("1.")
    assert len(token) < len(json.dumps(doc, separators=(",", ":"))) // 2
    assert set(token[2:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    restored, notice = draft_from_link(token)
    assert notice is None
    assert restored == draft
    # Part ids travel as codes, and the battle file reads them back as ids.
    assert "hul" in decode_battle(token)["sides"][1]["ships"][0]["parts"]


@given(counts=st.lists(st.integers(0, 8), min_size=2, max_size=2))
@settings(max_examples=examples(25), deadline=None)
def test_round_trip_of_any_fleet(counts: list[int]) -> None:
    draft = draft_from_file(example_battle())
    draft = set_count(set_count(draft, 0, 0, counts[0]), 1, 0, counts[1])
    built = build(draft)
    if not built.ok:
        return  # a side with no ships: the link keeps the last legal battle
    # The battle comes back; a blueprint of a class without ships is not part of it.
    restored, notice = draft_from_link(encode_battle(built.doc))
    assert notice is None
    assert build(restored).doc == built.doc


@pytest.mark.parametrize(
    ("token", "words"),
    [
        ("", "holds no battle"),
        ("eNqrVirOTEktVrKKjq0FABvkBEc", "no version mark"),
        ("9.eNqrVirOTEktVrKKjq0FABvkBEc", "another version of Fleetlab"),
        ("1.%%%", "damaged"),
        ("1." + "A" * 20_000, "characters long"),
        (token_of(b"not zlib at all"), "does not unpack"),
        (token_of(zlib.compress(b'{"format": 1}')[:-6]), "cut short"),
        (token_of(zlib.compress(b"[1, 2")), "not valid JSON"),
        (token_of(zlib.compress(b" " * (MAX_JSON_BYTES + 10))), "larger than"),
    ],
)
def test_bad_links_say_what_is_wrong(token: str, words: str) -> None:
    with pytest.raises(ShareError, match=words):
        decode_battle(token)
    draft, notice = draft_from_link(token)
    assert draft == draft_from_file(printed_battle())
    assert notice is not None and words in notice
    assert notice.endswith("Showing a new battle instead.")


def test_a_link_to_a_bad_battle_names_the_path() -> None:
    doc = example_battle()
    doc["sides"][1]["ships"][0]["count"] = 99
    draft, notice = draft_from_link(encode_battle(doc))
    assert draft == draft_from_file(printed_battle())
    assert notice is not None and "sides[1].ships" in notice and "limit is 8" in notice
    old = json.loads((REPO / "examples/red_vs_ancients.json").read_text())
    old["format"] = "fleetlab-battle/0"
    notice = draft_from_link(encode_battle(old))[1]
    assert notice is not None and "format" in notice
    assert draft_from_link(None) == (draft_from_file(printed_battle()), None)
