"""Page: the fleet designer. Search the blueprints reachable by the side's Upgrade activations
and the fleets its materials can build, against the other sides of the battle on the Battle
odds page, and rank them."""

from __future__ import annotations

import streamlit as st

from blueprints import part, tech
from calc import BattleError, DesignError
from calc.design import Aggregate, DesignRequest, DesignResult, Objective, design
from ui import state
from ui.battle_editor import build
from ui.components import battle_file_tools
from ui.designer_form import (
    OBJECTIVE_WORDS,
    default_upgrades,
    design_request,
    design_rows,
    discovery_choices,
    search_summary,
    tech_choices,
)
from ui.figures import design_ranking_figure

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
    max_value=6,
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

try:
    request = design_request(
        battle,
        s,
        techs=techs,
        discoveries=discoveries,
        budget=int(budget),
        upgrades=int(upgrades),
        objective=objective,
        aggregate=aggregate,
        top=int(top),
        sector=whole_sector,
    )
except (BattleError, ValueError) as exc:
    st.error(str(exc), icon=":material/error:")
    st.stop()


@st.cache_data(show_spinner=False, max_entries=16)
def _search(_request: DesignRequest, key: str) -> DesignResult:
    bar = st.progress(0.0, text="Searching the designs")

    def report(fraction: float) -> None:
        bar.progress(min(1.0, fraction), text=f"Searching the designs: {fraction:.0%}")

    try:
        # In this process: a spawned pool worker would run this page again (see the
        # Runners paragraph of calc.design.evaluate).
        return design(_request, workers=1, progress=report)
    finally:
        bar.empty()


if st.button("Find the best designs", type="primary", key="design.run"):
    state.remember("design.asked", repr(request))
if state.recall("design.asked") != repr(request):
    st.info("Press the button to search.", icon=":material/travel_explore:")
    st.stop()
try:
    result = _search(request, repr(request))
except (DesignError, BattleError) as exc:
    st.error(f"The search cannot run: {exc}", icon=":material/error:")
    st.stop()

st.caption(search_summary(result))
if not result.designs:
    st.warning("No design fits the budget and the rules.", icon=":material/block:")
    st.stop()
st.dataframe(
    design_rows(result),
    hide_index=True,
    width="stretch",
    # Narrow number columns leave the fleet the room it needs (its full text shows on hover).
    column_config={
        "fleet": st.column_config.TextColumn(width="large"),
        **{
            name: st.column_config.Column(width="small")
            for name in ("rank", "materials", "P(win)", "objective", "method")
        },
    },
)
st.plotly_chart(design_ranking_figure(result), width="stretch", key="design.chart")
