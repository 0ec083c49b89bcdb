"""Page: blueprint what-if. Rank every single upgrade of one class by the odds it gives, and
compare two hand-made designs side by side, in the battle of the Battle odds page."""

from __future__ import annotations

import streamlit as st

from blueprints import Blueprint, Origin, ShipClass, part, parts, species
from calc import BattleError, BattleResult, percent
from ui import state
from ui.battle_editor import (
    BattleDraft,
    build,
    group_blueprint,
    place_part,
    set_class_blueprint,
)
from ui.components import blueprint_editor, edited_battle
from ui.figures import design_comparison_figure, upgrade_gain_figure
from ui.solve import WHATIF_BUDGET, estimate
from ui.whatif import method_text, rank, ranking_rows, side_wins, upgrades
from ui.wording import count_text, parts_text, tech_name

# Rank at once when all candidates together are estimated to solve within this many seconds.
AUTO_SECONDS = 3.0

st.title("Blueprint what-if")
st.caption(
    "Which single upgrade of a blueprint helps most in this battle? Every part the side's techs "
    "allow, in every slot, solved and ranked by the change in the side's chance of winning. "
    "The battle is the one on the Battle odds page."
)

draft, built = edited_battle()

if not built.ok:
    st.error(
        "The battle has problems; fix them on the Battle odds page first:\n"
        + "\n".join(f"- {p}" for p in built.problems),
        icon=":material/block:",
    )
    st.page_link(state.ODDS_PAGE, label="Go to Battle odds", icon=":material/casino:")
    st.stop()
assert built.battle is not None

players = [i for i, side in enumerate(draft.sides) if not side.npc]
if not players:
    st.info("No player side in this battle: NPC tiles have no blueprints to upgrade.")
    st.stop()

left, middle, right = st.columns(3)
side_key = state.key("whatif.side")
s = left.selectbox(
    "Side",
    players,
    format_func=lambda i: draft.sides[i].name,
    key=side_key,
    help="The side whose blueprint is upgraded.",
)
side = draft.sides[s]
assert side.species is not None
with_ships = [
    c
    for c in species(side.species).ship_classes
    if any(g.ship_class is c and g.is_blueprint and g.count for g in side.groups)
]
if not with_ships:
    st.info(f"{side.name} has no ships built from its blueprints in this battle.")
    st.stop()
cls: ShipClass = middle.selectbox(
    "Class",
    with_ships,
    format_func=lambda c: c.value.capitalize(),
    key=state.key(f"whatif.class.{s}"),
    help="The blueprint to upgrade; every ship of this class in the battle carries it.",
)
g = next(i for i, grp in enumerate(side.groups) if grp.ship_class is cls and grp.is_blueprint)
current = group_blueprint(side, side.groups[g])
ships = sum(grp.count for grp in side.groups if grp.ship_class is cls and grp.is_blueprint)
discovery_parts = [p.id for p in parts() if p.origin is Origin.DISCOVERY]
held = right.multiselect(
    "Discovery parts held",
    discovery_parts,
    default=[p.id for p in current.parts() if p.origin is Origin.DISCOVERY],
    format_func=lambda pid: part(pid).name,
    placeholder="None",
    key=state.key(f"whatif.discoveries.{s}"),
    help="Ancient parts from discovery tiles that this side keeps and may place.",
)
techs_text = (
    ", ".join(tech_name(t) for t in side.techs) if side.techs else "none beyond the starting parts"
)
st.caption(
    f"{side.name}'s {cls.value} now: {parts_text(current)} · {count_text(ships, cls)}, build cost "
    f"{current.stats.cost} materials each. Techs: {techs_text} (change them on the Battle odds "
    "page). Placing a part costs an Upgrade activation, not materials."
)


def with_design(design: Blueprint) -> BattleDraft:
    return set_class_blueprint(draft, s, cls, design)


def solved(design_draft: BattleDraft) -> BattleResult | None:
    candidate = build(design_draft)
    if not candidate.ok:
        return None
    return state.solve_now(candidate, "whatif")


try:
    base = state.solve_now(built, "whatif")
except BattleError as exc:
    st.error(f"This battle cannot be solved: {exc}", icon=":material/error:")
    st.stop()

candidates = upgrades(current, side.techs, held)
found = estimate(built.battle)
total_seconds = (found.seconds if found else 0.0) * len(candidates)
ranking_id = (built.key, s, cls.value, tuple(held))
already = state.recall("ranked") == ranking_id
st.subheader(f"Every single upgrade ({len(candidates)})")
button_col, info_col = st.columns([1, 4], vertical_alignment="center")
clicked = button_col.button(
    "Rank the upgrades",
    type="primary",
    key="whatif.rank",
    help="Solve the battle once per upgrade and rank them.",
)
info_col.caption(
    f"{side.name} wins {percent(side_wins(base, side.name))} now ({method_text(base)}). "
    + (
        f"About {total_seconds:.0f} s for all of them."
        if total_seconds >= 1
        else "All of them take under a second or two."
    )
    + f" Each is solved exactly within {WHATIF_BUDGET.max_seconds:g} s, else approximately."
)
if clicked or already or total_seconds < AUTO_SECONDS:
    bar = st.progress(0.0, text="Solving each upgrade")
    evaluated = []
    for n, upgrade in enumerate(candidates, 1):
        result = solved(with_design(upgrade.blueprint))
        if result is not None:
            evaluated.append((upgrade, result))
        bar.progress(n / max(1, len(candidates)), text=f"Solved {n} of {len(candidates)} upgrades")
    bar.empty()
    state.remember("ranked", ranking_id)
    ranked = rank(side.name, base, evaluated)
    if not ranked:
        st.info(f"No single upgrade is possible with {side.name}'s techs and discovery parts.")
    else:
        best = ranked[0]
        st.markdown(
            f"Best: **{best.upgrade.describe()}** — {side.name} wins {percent(best.wins)} "
            f"({100 * best.gain:+.2f} points)."
        )
        top = ranked[:15]
        st.plotly_chart(
            upgrade_gain_figure(
                [r.upgrade.describe() for r in top], [r.gain for r in top], side.name
            ),
            key="whatif.gains",
            config={"displaylogo": False},
        )
        st.dataframe(ranking_rows(ranked, ships), hide_index=True, key="whatif.table")
        # The picker belongs to this ranking: its key names the side, the class and the
        # blueprint ranked, and its options are the upgrades themselves (by their words), so a
        # choice made for another class can never stand for an upgrade of this one.
        by_words = {f"{i}. {r.upgrade.describe()}": r for i, r in enumerate(ranked, 1)}
        pick_key = state.key(f"whatif.pick.{s}.{cls.value}.{current.compact()}")
        pick_col, use_col = st.columns([3, 1], vertical_alignment="bottom")
        pick = pick_col.selectbox("Upgrade to put in the battle", list(by_words), key=pick_key)
        chosen = by_words[str(pick)] if pick in by_words else ranked[0]
        use_col.button(
            "Use it in the battle",
            key="whatif.use",
            on_click=state.edit,
            args=(set_class_blueprint, s, cls, chosen.upgrade.blueprint),
            help=f"Give {side.name}'s {cls.value} blueprint this upgrade: "
            f"{chosen.upgrade.describe()} (the Battle odds page shows it).",
        )


# ----- two designs side by side ----------------------------------------------------------

st.divider()
st.subheader("Compare two designs")
st.caption(
    f"Two hand-made {cls.value} blueprints for {side.name}, each in this battle. They start as "
    "the current blueprint; each slot offers the parts that keep the design legal."
)


def design_name(which: str) -> str:
    return f"design.{which}.{s}.{cls.value}.{current.compact()}"


columns = st.columns(2, gap="large")
results: list[tuple[str, Blueprint, BattleResult | None]] = []
for which, column in zip(("A", "B"), columns, strict=True):
    stored = state.recall(design_name(which))
    design = stored if isinstance(stored, Blueprint) else current
    with column:
        st.markdown(f"**Design {which}**")

        def store(
            slot: int, part_id: str | None, which: str = which, design: Blueprint = design
        ) -> None:
            state.remember(design_name(which), place_part(design, slot, part_id))

        blueprint_editor(design, side.techs, f"whatif.{which}", store, owner=side.name)
        result = solved(with_design(design)) if not design.problems(techs=side.techs) else None
        results.append((which, design, result))
        if result is not None:
            change = side_wins(result, side.name) - side_wins(base, side.name)
            st.metric(
                f"{side.name} wins with design {which}",
                percent(side_wins(result, side.name)),
                delta=f"{100 * change:+.2f} points" if abs(change) >= 5e-5 else None,
                help="Change from the battle's current blueprint, in percentage points.",
            )
            st.caption(
                f"Materials lost: {result.side(side.name).expected_material_lost:.2f} expected · "
                f"{method_text(result)}"
            )
            st.button(
                f"Use design {which} in the battle",
                key=f"whatif.use.{which}",
                on_click=lambda d=design: state.edit(set_class_blueprint, s, cls, d),
            )

ready = [(w, r) for w, _, r in results if r is not None]
if ready:
    names = [f"{side.name} wins", f"{side.name} loses"]
    outcomes = []
    for _, r in ready:
        mine = side_wins(r, side.name)
        outcomes.append([mine, max(0.0, 1 - mine - r.draw), r.draw])
    if any(row[2] > 0 for row in outcomes):
        names.append("both destroyed")
    st.plotly_chart(
        design_comparison_figure([f"Design {w}" for w, _ in ready], outcomes, names),
        key="whatif.compare",
        config={"displaylogo": False},
    )
