"""The challenge file round-trips: preset decks by name, changed decks as their changes."""

from __future__ import annotations

import pytest

from cosmic import Card, preset, presets
from cosmic.errors import DeckError
from cosmic.fileformat import challenge_to_dict, parse_challenge
from tests.cosmic.support import tiny

BASE = {
    "format": "fleetlab-cosmic/1",
    "you": "offense",
    "hand": ["attack:12", "compromise"],
    "ships": {"offense": 4, "defense": 2},
    "allies": {"offense": 0, "defense": 3},
    "opponent_hand_size": 7,
}


@pytest.mark.parametrize("name", sorted(presets()))
def test_every_preset_deck_is_written_by_name_and_reads_back(name: str) -> None:
    challenge = parse_challenge({**BASE, "deck": name})
    doc = challenge_to_dict(challenge)
    assert doc["deck"] == name
    assert parse_challenge(doc) == challenge


def test_a_changed_preset_is_written_as_its_changes() -> None:
    challenge = parse_challenge(
        {**BASE, "deck": {"preset": "eon", "counts": {"attack:40": 0}, "hand_size": 8}}
    )
    assert challenge.deck.count(Card.parse("attack:40")) == 0
    doc = challenge_to_dict(challenge)
    assert doc["deck"] == {"preset": "eon", "counts": {"attack:40": 0}, "hand_size": 8}
    assert parse_challenge(doc) == challenge
    assert preset("eon").count(Card.parse("attack:40")) > 0


def test_a_deck_that_is_no_preset_has_no_file_form() -> None:
    with pytest.raises(DeckError, match="'tiny' is not a preset"):
        challenge_to_dict(tiny(["attack:4"], ["attack:8"], 1))
