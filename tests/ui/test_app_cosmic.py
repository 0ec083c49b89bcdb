"""AppTest of the Cosmic Encounter page, and the P(win) chart as data."""

from __future__ import annotations

from math import comb

import pytest
from streamlit.testing.v1 import AppTest

from calc.battle.report import percent
from tests.support import REPO
from ui.figures import cosmic_win_chart


def page() -> AppTest:
    at = AppTest.from_file(str(REPO / "ui/views/cosmic_encounter.py"), default_timeout=60)
    at.run()
    assert not at.exception
    return at


def test_page_computes_and_reacts_to_the_hand() -> None:
    at = page()
    assert at.subheader[0].value == "Best card: attack:12"
    rows = at.dataframe[0].value
    assert list(rows["card"]) == ["compromise", "attack:6", "attack:12"]
    # Chances read as percentages with sensible precision (the exact value: 6.82%).
    assert rows["win"].iloc[2] == percent(comb(48, 7) / comb(69, 7))
    # Tiny chances are not rounded away: a compromise or a 6 almost surely loses, not surely.
    assert list(rows["lose"]) == [">99.99%", ">99.99%", percent(1 - comb(48, 7) / comb(69, 7))]
    assert rows["warp"].iloc[2] == pytest.approx(4 * (1 - comb(48, 7) / comb(69, 7)), abs=1e-9)
    hand = next(t for t in at.text_input if t.label == "Your hand")
    hand.set_value("attack:40, attack:6").run()
    assert not at.exception
    assert at.subheader[0].value == "Best card: attack:40"
    rows = at.dataframe[0].value
    assert list(rows["card"]) == ["attack:6", "attack:40"]
    assert rows["win"].iloc[1] == "100%"  # 44 beats any defending 40 + 5


def test_page_shows_the_eon_caveat_and_errors() -> None:
    at = page()
    assert not at.warning
    deck = next(s for s in at.selectbox if s.label == "Deck")
    deck.set_value("eon").run()
    assert any("not public" in w.value for w in at.warning)
    hand = next(t for t in at.text_input if t.label == "Your hand")
    hand.set_value("attack:99").run()
    assert any("attack:99" in e.value for e in at.error)


def test_win_chart_data() -> None:
    fig = cosmic_win_chart(
        ["attack:6", "attack:12"], [0.25, 0.5], [0.0, 0.1], [0.75, 0.4], "attack:12"
    )
    assert list(fig.data[0].x) == ["attack:6", "attack:12"]
    assert list(fig.data[0].y) == [0.25, 0.5]
    assert fig.data[0].name == "P(win)"
    assert list(fig.data[2].y) == [0.75, 0.4]
    assert list(fig.data[0].marker.line.width) == [0, 3]
    assert fig.layout.barmode == "stack"


def _select(at: AppTest, label: str, value: object) -> None:
    box = next(s for s in at.selectbox if s.label == label)
    box.set_value(value).run()
    assert not at.exception


def test_equilibrium_play_on_the_page() -> None:
    at = page()
    _select(at, "Opponent model", "equilibrium")
    text = " ".join(m.value for m in at.markdown)
    assert "**Equilibrium:** play attack:12" in text
    assert "guarantees" in text
    assert any("opponent's equilibrium play" in c.value for c in at.caption)


def test_ships_to_send_allies_and_candidates_on_the_page() -> None:
    at = page()
    next(c for c in at.checkbox if c.label == "Odds of sending 1 to 4 ships").check().run()
    assert not at.exception
    assert any(s.value.startswith("Ships to send: ") for s in at.subheader)
    sends = next(d for d in at.dataframe if list(d.value.columns)[:2] == ["ships", "best card"])
    assert list(sends.value["ships"]) == [1, 2, 3, 4]
    field = next(t for t in at.text_input if t.label == "Allies you might invite")
    field.set_value("green=4, 2 zombie").run()
    assert not at.exception
    assert any(s.value.startswith("Whom to invite: ") for s in at.subheader)
    invites = next(d for d in at.dataframe if "allies' bases" in d.value.columns)
    assert list(invites.value["invite"]) == ["nobody", "green", "2 ship(s)", "green, 2 ship(s)"]
    allies = next(t for t in at.text_input if t.label == "Offensive allies")
    allies.set_value("red=2 macron").run()
    assert any("allies.offense[0].ships: 2 ships; an allied macron" in e.value for e in at.error)
    allies.set_value("red=1 macron").run()
    table = next(d for d in at.dataframe if "side wins" in d.value.columns)
    assert list(table.value["ally"]) == ["red", "defense ally 1"]


def test_the_second_challenge_and_the_amoeba_on_the_page() -> None:
    at = page()
    next(c for c in at.checkbox if c.label == "Second challenge of the turn").check().run()
    rows = at.dataframe[0].value
    assert set(rows["again"]) == {"0%"}
    _select(at, "Offense power", "amoeba")
    rows = at.dataframe[0].value
    assert "ships" in rows.columns  # the Amoeba plays each card with a count it chooses


def test_an_invited_ally_on_the_page() -> None:
    at = page()
    next(r for r in at.radio if r.label == "You are").set_value("invited ally").run()
    assert not at.exception
    assert at.subheader[0].value.startswith("Best: join the offense")
    rows = at.dataframe[0].value
    assert list(rows["choice"])[:2] == ["decline", "join the offense with 1"]
