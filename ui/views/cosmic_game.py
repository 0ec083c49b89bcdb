"""Page: step through a Cosmic Encounter game record; from any challenge, its exact odds."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import streamlit as st

from calc import percent
from cosmic import CosmicError, solve
from cosmic.fileformat import challenge_to_dict
from cosmic.game import (
    OddsBot,
    RandomBot,
    Recorder,
    TurnCapError,
    loads_record,
    play_game,
    random_config,
    record_text,
)
from cosmic.game.view import challenge_of, view_of
from ui.cosmic_figures import systems_figure
from ui.cosmic_game import (
    Steps,
    cone_lines,
    main_players,
    players_rows,
    replay_steps,
    seat_label,
    systems_rows,
    waiting_for,
)

st.title("Cosmic Encounter game")
st.caption(
    "Step through a game record of the forum variant (docs/cosmic-record.md): the systems, the "
    "warp, the cone and the hand of the player whose view you choose. Every entry is replayed "
    "and every state hash checked."
)


@st.cache_data(max_entries=4, show_spinner=False)
def _steps(text: bytes) -> Steps:
    return replay_steps(loads_record(text))


@st.cache_data(max_entries=8, show_spinner=False)
def _bot_game(players: int, seed: int, bots: str) -> bytes:
    rng = np.random.default_rng(seed)
    config = random_config(players, rng)
    seats = [
        OddsBot(np.random.default_rng([seed, s])) if bots == "odds" else RandomBot(rng)
        for s in range(players)
    ]
    recorder = Recorder(config, [bots] * players)
    play_game(config, seats, rng, on_step=recorder)
    return record_text(recorder.record()).encode()


source = st.radio("Record", ["Bots play a game", "Open a record file"], horizontal=True)
if source == "Open a record file":
    upload = st.file_uploader("A Cosmic game record (JSON)", type=["json"], key="cosmicgame.file")
    if upload is None:
        st.info("Open a record written by `fleetlab cosmic-play --record FILE`.")
        st.stop()
    text = upload.getvalue()
else:
    a, b, c = st.columns(3)
    players = int(a.number_input("Players", min_value=3, max_value=6, value=4))
    seed = int(b.number_input("Seed", min_value=0, max_value=10**9, value=3))
    bots = c.selectbox("Bots", ["odds", "random"])
    with st.spinner("The bots are playing..."):
        try:
            text = _bot_game(players, seed, bots)
        except TurnCapError as exc:
            st.error(
                f"This game is stuck: {exc}. Play it with `fleetlab cosmic-play --players "
                f"{players} --seed {seed} --bots {bots}` to see its last turns; try another seed."
            )
            st.stop()
    st.download_button(
        "Save this game's record", data=text, file_name="cosmic-game.json", mime="application/json"
    )

try:
    steps = _steps(text)
except CosmicError as exc:
    st.error(str(exc))
    st.stop()
if steps.result.error is not None:
    st.error(
        f"The record stops being valid at {steps.result.error}. Shown up to the entry before it."
    )
else:
    st.success(
        f"{steps.result.actions:,} actions replayed, {steps.result.checkpoints} state hashes "
        "verified.",
        icon=":material/verified:",
    )
if not steps.states:
    st.stop()

last = len(steps.states) - 1
index = st.slider("Step", min_value=0, max_value=last, value=last, key="cosmicgame.step")
state = steps.states[index]
st.markdown(f"**Entry {index}:** `{steps.texts[index]}`. {waiting_for(state)}")

views = ["everything"] + [seat_label(state, s) for s in range(state.players)]
view = st.selectbox("View as", views, key="cosmicgame.view")
viewer = None if view == "everything" else views.index(view) - 1

left, right = st.columns([3, 2])
with left:
    st.subheader("Systems")
    st.plotly_chart(
        systems_figure(state),
        use_container_width=True,
        config={"displayModeBar": False},
        key="cosmicgame.systems",
    )
    st.caption(
        "One row per player's system: its five planets, each disc a player's ships there in its "
        "colour (a foreign colony is another colour on your planet), then its ships in the warp. "
        "The outlined planet is the one the cone is aimed at; the triangle is the cone, with the "
        "offense's side's ships in it (after the bar: the defense's allies')."
    )
    st.subheader("Players")
    st.dataframe(players_rows(state, viewer), hide_index=True, use_container_width=True)
    with st.expander("Ships on every planet (table)"):
        st.dataframe(systems_rows(state), hide_index=True, use_container_width=True)
with right:
    st.subheader("The cone")
    for line in cone_lines(state, viewer):
        st.write(line)
    st.subheader("Hands")
    for seat in range(state.players) if viewer is None else (viewer,):
        cards = ", ".join(str(card) for card in state.hands[seat]) or "no card"
        st.write(f"{seat_label(state, seat)}: {cards}")
    st.caption(f"Draw pile {state.draw_count()} cards, discard pile {len(state.discard)}.")

mains = main_players(state)
if mains:
    st.subheader("Odds of this challenge")
    chooser = st.selectbox("For", [seat_label(state, s) for s in mains], key="cosmicgame.odds_for")
    seat = mains[[seat_label(state, s) for s in mains].index(chooser)]
    try:
        challenge = challenge_of(view_of(state, seat))
    except CosmicError as exc:
        st.info(f"No odds here: {exc}")
    else:
        if st.button("Compute the exact odds", key="cosmicgame.odds"):
            try:
                report = solve(challenge, budget=30)
            except CosmicError as exc:
                st.error(str(exc))
            else:
                st.write(f"Best card: {report.best or 'a mixed strategy'}")
                rows: list[dict[str, Any]] = [
                    {
                        "card": str(r.card),
                        "ships": r.ships,
                        "win": percent(float(r.odds.win)),
                        "deal": percent(float(r.odds.deal)),
                        "lose": percent(float(r.odds.lose)),
                    }
                    for r in report.cards
                ]
                st.dataframe(rows, hide_index=True, use_container_width=True)
        data = challenge_to_dict(challenge)
        name = hashlib.blake2b(text, digest_size=4).hexdigest()
        save, open_it = st.columns(2)
        save.download_button(
            "Save as a challenge file",
            data=json.dumps(data, indent=2),
            file_name=f"challenge-{name}-{index}.json",
            mime="application/json",
        )
        if open_it.button("Open on the Cosmic Encounter page", key="cosmicgame.open"):
            # The Cosmic page shows this challenge until its player asks for the inputs again.
            st.session_state["cosmic.from_game"] = data
            st.switch_page("ui/views/cosmic_encounter.py")
