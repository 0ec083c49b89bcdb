"""Page: the fleet designer. Search the blueprints reachable by the side's Upgrade activations
and the fleets its materials can build, against the other sides of the battle on the Battle
odds page, and rank them.

The search runs in a worker process (``ui.design_job``), so the page shows its progress and a
Cancel button while it runs (``ui.job_progress``); before it runs, the page says how big it is
and the longest it can take (``calc.design.search_estimate``).
"""

from __future__ import annotations

import json
import os
from typing import Any

import streamlit as st

from blueprints import part, tech
from calc import BattleError
from calc.design import MAX_UPGRADES, Aggregate, Objective, SearchEstimate, search_estimate
from ui import state
from ui.battle_editor import build, canonical_json, set_fleet
from ui.components import battle_file_tools
from ui.design_job import DesignJob
from ui.designer_form import (
    OBJECTIVE_WORDS,
    default_upgrades,
    design_cards,
    design_document,
    design_request,
    discovery_choices,
    search_summary,
    tech_choices,
)
from ui.figures import design_ranking_figure
from ui.job_progress import JobKeys, jobs_of, running_job, start_job

JOBS = "fleetlab.design.jobs"
RESULTS = "fleetlab.design.results"
ERROR = "fleetlab.design.error"
WORKERS = os.cpu_count() or 1
KEYS = JobKeys(JOBS, RESULTS, ERROR)


@st.cache_data(show_spinner="Counting the designs", max_entries=32)
def _estimate(design_key: str) -> SearchEstimate:
    return search_estimate(design_request(json.loads(design_key)), WORKERS)


st.title("Fleet designer")
st.caption(
    "Which blueprints and which ships win this battle? Every design the side can reach with "
    "its Upgrade activations and its materials, within the miniature limits, is evaluated "
    "against the other sides of the battle on the Battle odds page (exactly where it fits, by "
    "simulation otherwise) and ranked."
)

draft = state.draft()
built = build(draft)
state.sync_url(built)
with st.sidebar:
    battle_file_tools(built)
if not built.ok or built.battle is None:
    st.error(
        "The battle has problems; fix them on the Battle odds page first:\n"
        + "\n".join(f"- {p}" for p in built.problems),
        icon=":material/block:",
    )
    st.page_link(state.ODDS_PAGE, label="Go to Battle odds", icon=":material/casino:")
    st.stop()
battle = built.battle
players = [i for i, s in enumerate(battle.sides) if not s.npc and s.species]
if not players:
    st.info("No player side in this battle: only a species can be designed for.")
    st.stop()

left, middle, right = st.columns(3)
s = left.selectbox(
    "Side to design",
    players,
    format_func=lambda i: battle.sides[i].name,
    key=state.key("design.side"),
    help="Its ships in the battle are the ones it already has; the budget buys more.",
)
side = battle.sides[s]
assert side.species is not None
budget = middle.number_input(
    "Materials to spend",
    min_value=0,
    max_value=60,
    value=8,
    step=1,
    key=state.key("design.budget"),
    help="Materials for new ships (the species' build costs apply).",
)
upgrades = right.number_input(
    "Upgrade activations",
    min_value=0,
    max_value=MAX_UPGRADES,
    value=default_upgrades(side.species),
    step=1,
    key=state.key("design.upgrades"),
    help="Activations this round (one Upgrade action gives the species' number).",
)
known = tech_choices()
side_parts_techs = tuple(t for t in draft.sides[s].techs if t in known)
techs = st.multiselect(
    "Researched techs",
    known,
    default=side_parts_techs,
    key=state.key("design.techs"),
    format_func=lambda t: tech(t).name,
    help="Techs whose parts the designs may use.",
    placeholder="Starting parts only",
)
discoveries = st.multiselect(
    "Discovery parts held",
    discovery_choices(),
    default=(),
    key=state.key("design.discoveries"),
    format_func=lambda p: part(p).name,
    help="Ancient parts from discovery tiles, not yet on a blueprint.",
    placeholder="None",
)
whole_sector = False
if len(battle.sides) >= 3:
    whole_sector = st.toggle(
        "Whole sector",
        value=False,
        key=state.key("design.sector"),
        help="Evaluate every design in the sector's combat, all sides together: battles two at "
        "a time in reverse order of entry, the survivors going on to the next. P(win) is then "
        "the chance that the side's ships hold the sector at the end. Off: each other side is "
        "a separate battle.",
    )
a, b, c = st.columns(3)
chosen_objective = a.selectbox(
    "Rank by",
    list(Objective),
    index=0,
    format_func=lambda o: OBJECTIVE_WORDS[o],
    key=state.key("design.objective"),
)
chosen_aggregate = b.selectbox(
    "Against several opponents",
    list(Aggregate),
    index=0,
    format_func=lambda g: {"worst": "the worst matchup", "mean": "the average"}[g.value],
    key=state.key("design.aggregate"),
    help="Each other side is a separate battle; designs are scored by the worst or the mean.",
    disabled=whole_sector,
)
objective = Objective(chosen_objective or Objective.WIN)
aggregate = Aggregate(chosen_aggregate or Aggregate.WORST)
top = c.number_input("Designs to show", min_value=1, max_value=20, value=5, step=1)

design_doc = design_document(
    built.doc,
    side.name,
    techs=techs,
    discoveries=discoveries,
    budget=int(budget),
    upgrades=int(upgrades),
    objective=objective,
    aggregate=aggregate,
    top=int(top),
    sector=whole_sector,
)
request_key = canonical_json(design_doc)
try:
    found = _estimate(request_key)
except (BattleError, ValueError) as exc:
    st.error(f"The search cannot run: {exc}", icon=":material/error:")
    st.stop()
jobs = jobs_of(KEYS)
results: dict[str, dict[str, Any]] = st.session_state.setdefault(RESULTS, {})
run_col, hint_col = st.columns([1, 3], vertical_alignment="center")
hint_col.caption(found.describe())
job = jobs.get(request_key)
running = job is not None and job.status().running
if run_col.button(
    "Find the best designs",
    type="primary",
    key="design.run",
    disabled=running,
    help="Search in a worker process; the page stays free and the search can be cancelled.",
):
    start_job(KEYS, request_key, DesignJob(design_doc, WORKERS))  # one search at a time
    st.rerun()


error = st.session_state.pop(ERROR, None)
if error:
    st.error(f"The search stopped: {error}", icon=":material/error:")
if request_key in jobs:
    running_job(
        KEYS,
        request_key,
        "Searching the designs",
        "design.cancel",
        "Stop the search; nothing it found so far is kept.",
    )
    st.stop()
if request_key not in results:
    st.info("Press the button to search.", icon=":material/travel_explore:")
    st.stop()

doc = results[request_key]
st.caption(search_summary(doc))
cards = design_cards(doc)
if not cards:
    st.warning("No design fits the budget and the rules.", icon=":material/block:")
    st.stop()
for card in cards:
    with st.container(border=True):
        st.markdown(f"**{card.title(objective)}**")
        for line in card.lines:
            st.markdown(f"- {line.describe()}  \n  :gray[{line.stats()}]")
        st.button(
            f"Put design {card.rank} into the battle",
            key=f"design.use.{card.rank}",
            on_click=state.edit,
            args=(set_fleet, s, card.fleet()),
            kwargs={"replaced": True},
            help=f"{side.name}'s ships on the Battle odds page become this design's "
            "(blueprints, counts and the techs their parts need).",
        )
st.plotly_chart(
    design_ranking_figure(cards, objective),
    width="stretch",
    key="design.chart",
    config={"displaylogo": False},
)
