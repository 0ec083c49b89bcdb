"""AppTest of the Cosmic game page (a record stepped through; a challenge's odds), and the
Cosmic Encounter page showing a challenge sent from it."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from cosmic.fileformat import challenge_to_dict
from cosmic.game import Step, load_record
from cosmic.game.view import challenge_of, view_of
from tests.support import REPO
from ui.cosmic_game import replay_steps

GOLDEN = Path(__file__).parents[1] / "cosmic" / "game" / "golden" / "odds-4p-eon-seed3.json"


def page() -> AppTest:
    at = AppTest.from_file(str(REPO / "ui/views/cosmic_game.py"), default_timeout=120)
    at.run()
    assert not at.exception
    return at


def test_bots_play_and_the_record_is_stepped_through() -> None:
    at = page()
    assert "state hashes verified" in at.success[0].value
    # The page's default game is the golden record's (4 odds bots, seed 3).
    steps = replay_steps(load_record(GOLDEN))
    assert at.slider[0].max == len(steps.states) - 1
    assert "Game over: seat 1 (chronos), seat 3 (philanthropist) won." in at.markdown[0].value
    cards = next(i for i, s in enumerate(steps.states) if s.step is Step.CARDS and not s.queue)
    at.slider[0].set_value(cards).run()
    assert not at.exception
    assert "Waiting for" in at.markdown[0].value and "'cards'" in at.markdown[0].value
    players = at.dataframe[0].value
    assert list(players["seat"]) == [0, 1, 2, 3]
    at.button(key="cosmicgame.odds").click().run()
    assert not at.exception
    odds = at.dataframe[2].value
    assert {"card", "win", "deal", "lose"} <= set(odds.columns)


def test_a_seat_sees_only_its_own_hand() -> None:
    at = page()
    at.selectbox(key="cosmicgame.view").set_value("seat 1 (chronos)").run()
    hands = [m.value for m in at.markdown if m.value.startswith("seat ")]
    assert hands and all(h.startswith("seat 1 (chronos):") for h in hands)


def test_the_cosmic_page_shows_a_challenge_from_a_record() -> None:
    steps = replay_steps(load_record(GOLDEN))
    state = next(s for s in steps.states if s.step is Step.CARDS and not s.queue)
    data = challenge_to_dict(challenge_of(view_of(state, state.offense)))
    at = AppTest.from_file(str(REPO / "ui/views/cosmic_encounter.py"), default_timeout=120)
    at.session_state["cosmic.from_game"] = data
    at.run()
    assert not at.exception
    assert any("from a game record" in i.value for i in at.info)
    assert at.subheader[0].value.startswith("Best card")


def test_a_stuck_bot_game_is_a_message_not_a_traceback(monkeypatch: object) -> None:
    import cosmic.game

    def stuck(*args: object, **kwargs: object) -> None:
        raise cosmic.game.TurnCapError(400, ("oracle", "amoeba", "void", "trader"))

    monkeypatch.setattr(cosmic.game, "play_game", stuck)  # type: ignore[attr-defined]
    at = page()
    at.number_input[1].set_value(987_654).run()  # a seed no other test has cached
    assert not at.exception
    message = at.error[0].value
    assert "This game is stuck" in message and "--seed 987654" in message
