"""The Game page's advice (AppTest): none where the game is over, the search in its worker
process with progress and Cancel, the turns as cards with the reasons `fleetlab advise` gives,
"Play this" and the way back; and the presenter (``ui.game_advice``) without Streamlit."""

from __future__ import annotations

import os
import re
import signal
import time

import pytest
from streamlit.testing.v1 import AppTest

from engine.advice import read_position
from engine.advice.advise import advise
from tests.support import REPO
from tests.ui.dashboard import GAME, open_page, rerun
from ui.game_advice import advice_cards, advice_target, play_advice
from ui.game_loader import EXAMPLES, open_example, open_game

SAVE = REPO / "engine" / "data" / "examples" / "asynceclipse_small.json"
SAVE_EXAMPLE = "An AsyncEclipse save with two battles due"
SEARCH_SECONDS = 240.0


def _open_save(at: AppTest) -> AppTest:
    at.selectbox(key="game.example").set_value(SAVE_EXAMPLE)
    at.button(key="game.open-example").click()
    return rerun(at)


def _wait(at: AppTest) -> AppTest:
    """Run the page until the advice's search has ended (no progress bar)."""
    deadline = time.monotonic() + SEARCH_SECONDS
    while time.monotonic() < deadline:
        rerun(at)
        if not at.get("progress"):
            return at
        time.sleep(0.5)
    raise AssertionError("the advice did not end")


def _caption(at: AppTest) -> str:
    return str(at.caption[0].value)


def test_the_page_advises_the_player_to_act_and_plays_a_turn() -> None:
    at = open_page(GAME)  # the example record, at its end
    assert any(c.value.startswith("No advice here: the game is over") for c in at.caption)
    _open_save(at)
    at.number_input(key="game.think-ms").set_value(0)
    rerun(at)
    at.button(key="game.advise").click()
    _wait(at)
    expected = advise(read_position(SAVE), 0, think_ms=0)
    cards = [m.value for m in at.markdown if re.match(r"\*\*\d\. ", m.value)]
    assert cards == [f"**{i}. {a.reason}**" for i, a in enumerate(expected.actions, 1)]
    assert any(c.value.startswith("Advice for Blue (Eridani Empire): ") for c in at.caption)
    assert at.code[0].value == "\n".join(expected.actions[0].steps)
    # Play the first: the position after it, stepped through like a record.
    at.button(key="game.advice.play.1").click()
    rerun(at)
    assert _caption(at).startswith(
        "Advice 1 for Blue (Eridani Empire) played on AsyncEclipse save 'hand-made test': "
    )
    steps = len(expected.actions[0].steps)
    assert at.slider(key="game.step").max == steps and at.slider(key="game.step").value == steps
    at.button(key="game.advice.back").click()
    rerun(at)
    assert _caption(at) == "AsyncEclipse save 'hand-made test'"
    assert not [b for b in at.button if b.key == "game.advice.back"]


def test_the_advice_can_be_cancelled() -> None:
    at = _open_save(open_page(GAME))
    at.number_input(key="game.think-ms").set_value(600_000)  # minutes of search
    rerun(at)
    at.button(key="game.advise").click()
    rerun(at)
    assert at.get("progress"), "the search shows its progress while it runs"
    job = next(iter(at.session_state["fleetlab.game.advice.jobs"].values()))
    os.killpg(job.pid, signal.SIGSTOP)  # it cannot end before the click
    at.button(key="game.advice.cancel").click()
    rerun(at)
    status = job.status()
    assert status.cancelled and not status.running and status.result is None
    assert job.exit_status == -signal.SIGTERM
    with pytest.raises(ProcessLookupError):  # the worker's process group is gone
        os.killpg(job.pid, 0)
    assert not at.get("progress") and not at.error
    assert [b for b in at.button if b.key == "game.advise"]


def test_whom_the_presenter_advises() -> None:
    record = open_example(next(iter(EXAMPLES)))
    over = advice_target(record, record.steps)
    assert over.seat is None and over.why.startswith("the game is over")
    first = next(i for i, s in enumerate(record.states) if s.to_act == -1)
    chance = advice_target(record, first)
    assert chance.seat is None and chance.why.startswith("chance acts next")
    save = open_game(SAVE.read_bytes(), "small.json")
    assert advice_target(save, 0).label == "Blue (Eridani Empire)"


def test_a_played_turn_is_a_game_of_its_own() -> None:
    save = open_game(SAVE.read_bytes(), "small.json")
    advice = advise(read_position(SAVE), 0, think_ms=0).to_json()
    card = advice_cards(advice)[0]
    played = play_advice(save, 0, card, "Blue (Eridani Empire)")
    assert played.events == card.steps and played.steps == len(card.steps)
    assert played.states[0] == save.states[0]
    assert played.describe().startswith("Advice 1 for Blue (Eridani Empire) played on ")
