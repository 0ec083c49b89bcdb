"""Page: a game position or a whole recorded game. Open a game record, a position snapshot or
an AsyncEclipse save; see the galaxy, each player's board and the battles due; step through a
record's actions; open a battle on the Battle odds page; ask for advice for the player whose
turn it is and play an advised turn.

The opened game is a ``LoadedGame`` (``ui.game_loader``) kept in the session; uploads are read
as JSON only. The galaxy is ``ui.galaxy.galaxy_figure``; clicking a sector picks it. The advice
(``ui.game_advice``) is searched in a worker process with a progress bar and Cancel, the Fleet
designer's mechanism (``ui.worker_job``, ``ui.job_progress``); "Play this" opens the position
after the advised turn as a game of its own, with a way back.
"""

from __future__ import annotations

import streamlit as st

from engine.advice import DEFAULT_THINK_MS, MAX_THINK_MS
from engine.hexes import Hex
from ui import state as shared
from ui.attack_planner import attack_planner
from ui.figures import galaxy_figure
from ui.galaxy import chosen_hex, seat_label, sector_hover
from ui.game_advice import (
    AdviceCard,
    advice_cards,
    advice_summary,
    advice_target,
    play_advice,
    start_advice,
    steps_text,
)
from ui.game_battles import due_battles, side_colours
from ui.game_loader import (
    EXAMPLES,
    MAX_UPLOAD_BYTES,
    GameFileError,
    LoadedGame,
    open_example,
    open_game,
)
from ui.job_progress import JobKeys, jobs_of, running_job, start_job
from ui.player_boards import blueprint_rows, overview_rows, tech_rows
from ui.tech_tray import tray_rows

GAME = "fleetlab.game"
SOURCE = "fleetlab.game.source"
STEP = "game.step"
ERROR = "fleetlab.game.error"
UPLOADS = "fleetlab.game.uploads"
LOG_LINES = 14
ADVICE = JobKeys(
    "fleetlab.game.advice.jobs", "fleetlab.game.advice.results", "fleetlab.game.advice.error"
)
BEFORE = "fleetlab.game.before-advice"  # the game, source and step an advised turn came from
THINK = "game.think-ms"

st.title("Game")


def _opened(game: LoadedGame, source: str, *, played: bool = False) -> None:
    if not played:
        st.session_state.pop(BEFORE, None)  # a game of its own: no way back to another
    st.session_state[GAME] = game
    st.session_state[SOURCE] = source
    st.session_state[STEP] = game.steps  # a record opens at its end: the position now
    st.session_state.pop(ERROR, None)


def _upload_key() -> str:
    # A new key empties the uploader (after an example is opened, its file must not reopen).
    return f"game.upload#{int(st.session_state.get(UPLOADS, 0))}"


def _uploaded(key: str) -> None:
    """A file put in the uploader (or taken out): open it, or say why not. The error belongs to
    that file: it goes when the file is taken out or another is opened."""
    st.session_state.pop(ERROR, None)
    upload = st.session_state.get(key)
    if upload is None:
        return
    try:
        _opened(open_game(upload.getvalue(), upload.name), f"upload:{upload.file_id}")
    except GameFileError as exc:
        # Keep whatever was open before; say why this file was not opened.
        st.session_state[ERROR] = str(exc)


def _open_example() -> None:
    name = st.session_state["game.example"]
    _opened(open_example(name), f"example:{name}")
    st.session_state[UPLOADS] = int(st.session_state.get(UPLOADS, 0)) + 1


def _step(delta: int | None = None, to: int | None = None) -> None:
    game: LoadedGame = st.session_state[GAME]
    current = int(st.session_state.get(STEP, game.steps))
    target = to if to is not None else current + (delta or 0)
    st.session_state[STEP] = max(0, min(game.steps, target))


with st.sidebar:
    st.subheader("Open a game")
    upload_key = _upload_key()
    st.file_uploader(
        "Game record, position snapshot or AsyncEclipse save (JSON)",
        type=["json"],
        key=upload_key,
        on_change=_uploaded,
        args=(upload_key,),
        max_upload_size=MAX_UPLOAD_BYTES // (1024 * 1024),
        help=f"Read as JSON only, never run; at most {MAX_UPLOAD_BYTES // (1024 * 1024)} MB. "
        "Fleetlab writes records with `fleetlab selfplay --record FILE`.",
    )
    st.selectbox("Or an example", list(EXAMPLES), key="game.example")
    st.button("Open the example", on_click=_open_example, key="game.open-example")

if ERROR in st.session_state:
    st.error(st.session_state[ERROR], icon=":material/error:")
if GAME not in st.session_state:
    first_example = next(iter(EXAMPLES))
    _opened(open_example(first_example), f"example:{first_example}")

game: LoadedGame = st.session_state[GAME]
st.caption(game.describe())
if game.problems:
    with st.expander(f"{len(game.problems)} problems met while opening the file", expanded=False):
        for problem in game.problems:
            st.markdown(f"- `{problem}`")

# ----- stepping through a record ----------------------------------------------------------------

step = game.steps
if game.steps:
    st.session_state.setdefault(STEP, game.steps)
    st.session_state[STEP] = max(0, min(game.steps, int(st.session_state[STEP])))
    buttons = st.columns([1, 1, 1, 1, 8])
    buttons[0].button(
        ":material/first_page:",
        on_click=_step,
        kwargs={"to": 0},
        key="game.first",
        help="The start",
    )
    buttons[1].button(
        ":material/chevron_left:",
        on_click=_step,
        args=(-1,),
        key="game.back",
        help="One action back",
    )
    buttons[2].button(
        ":material/chevron_right:",
        on_click=_step,
        args=(1,),
        key="game.forward",
        help="One action on",
    )
    buttons[3].button(
        ":material/last_page:",
        on_click=_step,
        kwargs={"to": game.steps},
        key="game.last",
        help="The end",
    )
    with buttons[4]:
        step = st.slider("Action", 0, game.steps, key=STEP, label_visibility="collapsed")

position = game.states[step]
to_act = position.to_act
who = game.styles[to_act].label if to_act is not None and to_act in game.styles else None
status = f"Round {position.round}, {position.phase.value} phase"
if position.is_over:
    status = f"Round {position.round}: the game is over"
elif who:
    status += f", {who} to act"
if game.steps:
    status = f"After action {step} of {game.steps}. " + status
st.markdown(f"**{status}**")
if game.steps and step:
    st.caption(f"Last action: `{game.events[step - 1]}`")

# ----- advice for the player to act -------------------------------------------------------------


def _advise(key: str, step: int, seat: int) -> None:
    """Start the search for the advice (a callback: it runs before the page does)."""
    think = int(st.session_state.get(THINK, DEFAULT_THINK_MS))
    start_job(ADVICE, key, start_advice(st.session_state[GAME], step, seat, think))


def _play(step: int, card: AdviceCard, player: str) -> None:
    """Open the position after an advised turn, keeping the game it was played on."""
    current: LoadedGame = st.session_state[GAME]
    before = st.session_state.get(BEFORE) or (current, st.session_state.get(SOURCE, ""), step)
    played = play_advice(current, step, card, player)
    _opened(played, f"advice:{st.session_state.get(SOURCE, '')}@{step}#{card.rank}", played=True)
    st.session_state[BEFORE] = before


def _back() -> None:
    """Back to the game the advised turn was played on, at the step it was played from."""
    game_before, source_before, step_before = st.session_state.pop(BEFORE)
    _opened(game_before, source_before)
    st.session_state[STEP] = step_before


def _advice_section(game: LoadedGame, step: int) -> None:
    st.subheader("Advice")
    if BEFORE in st.session_state:
        st.button(
            "Back to the game",
            key="game.advice.back",
            icon=":material/undo:",
            on_click=_back,
            help="The game the advised turn was played on, at the position it was played from.",
        )
    target = advice_target(game, step)
    if target.seat is None:
        st.caption(f"No advice here: {target.why}.")
        return
    think = int(st.session_state.get(THINK, DEFAULT_THINK_MS))
    key = f"{st.session_state.get(SOURCE, '')}@{step}#{think}"
    error = st.session_state.pop(ADVICE.error, None)
    if error:
        st.error(f"No advice: {error}", icon=":material/error:")
    results: dict[str, dict[str, object]] = st.session_state.setdefault(ADVICE.results, {})
    running = key in jobs_of(ADVICE)
    ask, budget = st.columns([2, 1], vertical_alignment="bottom")
    # The budget is drawn on every run (disabled while the search runs): a widget left out of
    # a run loses its value, and with it the key of the running search.
    budget.number_input(
        "Search budget (ms)",
        min_value=0,
        max_value=MAX_THINK_MS,
        value=DEFAULT_THINK_MS,
        step=500,
        key=THINK,
        disabled=running,
        help="Milliseconds of the search's work for each decision it weighs (the turn "
        "and the choices inside its best actions); the same budget gives the same advice "
        "on any machine.",
    )
    if running:
        with ask:
            running_job(
                ADVICE,
                key,
                f"Thinking for {target.label}",
                "game.advice.cancel",
                "Stop the search; nothing it found so far is kept.",
            )
        return
    if key not in results:
        ask.button(
            f"Advise {target.label}",
            key="game.advise",
            type="primary",
            icon=":material/lightbulb:",
            on_click=_advise,
            args=(key, step, target.seat),
            help="The best next turns by Fleetlab's search, each with its value and why "
            "(the same as `fleetlab advise`). The search runs in a worker process.",
        )
        return
    result = results[key]
    st.caption(advice_summary(result))
    player = str(result["player"])
    cards = advice_cards(result)
    if not cards:
        st.info("The decision has no answers to weigh.", icon=":material/block:")
    for card in cards:
        with st.container(border=True):
            words, play = st.columns([5, 1], vertical_alignment="center")
            words.markdown(f"**{card.rank}. {card.reason}**")
            words.caption(card.stats())
            play.button(
                "Play this",
                key=f"game.advice.play.{card.rank}",
                icon=":material/play_arrow:",
                on_click=_play,
                args=(step, card, player),
                help="See the position after this turn (and step through it).",
            )
            with st.expander("The steps, as a game record writes them"):
                st.code(steps_text(card.steps), language=None)


_advice_section(game, step)

# ----- the galaxy, the battles and the log ------------------------------------------------------

battles = due_battles(position, game.styles, game.positions)
left, right = st.columns([3, 2])
with left:
    fig = galaxy_figure(position, game.styles, unexplored=game.unexplored)
    event = st.plotly_chart(
        fig,
        width="stretch",
        on_select="rerun",
        selection_mode="points",
        key=f"game.galaxy.{step}",
        config={"scrollZoom": True, "displaylogo": False},
    )
    picked: Hex | None = chosen_hex(event)
with right:
    if picked is not None:
        sector = position.sector(picked)
        if sector is not None:
            st.subheader(f"Sector {sector.tile}")
            st.markdown(sector_hover(position, sector, game.styles), unsafe_allow_html=True)
    st.subheader(f"Battles due: {len(battles)}")
    if not battles:
        st.caption("No sector holds ships of two sides or an attack on population.")
    for number, battle in enumerate(battles):
        chosen = picked is not None and battle.hex == picked
        st.markdown(("**" if chosen else "") + battle.label + ("**" if chosen else ""))
        if battle.note is not None:
            st.caption(battle.note)
        if battle.doc is not None:
            if st.button(
                "Open in Battle odds",
                key=f"game.battle.{number}",
                icon=":material/casino:",
                type="primary" if chosen else "secondary",
            ):
                shared.open_battle(battle.doc, colours=side_colours(game.styles))
        else:
            st.caption(f"Cannot be modelled: {battle.error}")
    attack_planner(position, game.styles, picked, str(st.session_state.get(SOURCE, "")))
    if game.steps:
        st.subheader("Actions")
        log_start = max(0, step - LOG_LINES)
        lines = []
        for index in range(log_start, step):
            marker = "▶ " if index == step - 1 else "  "
            lines.append(f"{marker}{index + 1:>5}  {game.events[index]}")
        st.code("\n".join(lines) or "(the start of the game)", language=None)

# ----- the players' boards ----------------------------------------------------------------------

st.subheader("Players")
st.dataframe(overview_rows(position, game.styles), hide_index=True, width="stretch")
tabs = st.tabs([seat_label(game.styles, p.seat) for p in position.players])
for tab, player in zip(tabs, position.players, strict=True):
    with tab:
        st.dataframe(tech_rows(player), hide_index=True, width="stretch")
        st.dataframe(blueprint_rows(player), hide_index=True, width="stretch")

st.subheader("Tech tray")
tray = tray_rows(position)
if tray:
    st.dataframe(tray, hide_index=True, width="stretch", key="game.tray")
else:
    st.caption("The tray is empty.")
