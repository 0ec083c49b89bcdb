"""Page: battle odds. Edit the sides of a battle and their blueprints; see who wins how often.

The battle is the shared ``BattleDraft`` (``ui.state``); every widget edits it through a
callback. Small battles are solved on every change; bigger ones wait for the Solve button.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from blueprints import NpcVariant, ShipClass, npc_tile, ship_class_info, species
from calc import BattleError, BattleResult, Policy, RetreatObjective, RetreatPolicy
from calc.battle import RETREAT_OBJECTIVES, RETREAT_POLICIES, RetreatOption
from ui import state
from ui.battle_editor import (
    BattleDraft,
    SideDraft,
    add_side,
    blueprint_problems,
    count_limit,
    group_blueprint,
    group_stats,
    remove_group,
    remove_side,
    rename_side,
    set_count,
    set_damage,
    set_defender,
    set_group_blueprint,
    set_method,
    set_part,
    set_policy,
    set_reputation_bag,
    set_retreat,
    set_sector,
    set_species,
    set_techs,
    set_variant,
    species_choices,
    tech_choices,
)
from ui.battle_fixes import fixes
from ui.components import (
    SUMMARY_KEY,
    blueprint_editor,
    edited_battle,
    headline_view,
    lazy_expander,
    result_details,
    sticky_summary,
)
from ui.raw_ship_form import raw_ship_form
from ui.solve import estimate, is_quick
from ui.wording import class_name, computer_text, shield_text, tech_name

NPC_CHOICE = "npc"
POLICY_NAMES = {
    "optimal": "Optimal (minimax)",
    "greedy": "Greedy heuristic",
    "npc": "NPC rulebook rule",
}
METHOD_NAMES = {
    "auto": "Automatic (exact, else approximate)",
    "exact": "Exact only",
    "monte-carlo": "Monte Carlo (approximate)",
}

st.title("Battle odds")
draft, built = edited_battle()

# The compact odds line is a child of the page itself (not of a column), so it can stay in view
# at the top of the screen while the rest scrolls (components.SUMMARY_CSS).
summary = st.container(key=SUMMARY_KEY)
top = st.container()
every = st.toggle(
    "Offer parts that break a rule",
    key="every-part",
    help="Off: each slot offers only the parts that keep the blueprint legal. On: every part "
    "that fits the slot, marked as breaking a rule, so you can try a design out.",
)


# ----- one side --------------------------------------------------------------------------


def _on_species(s: int, widget: str) -> None:
    choice = st.session_state[widget]
    state.edit(set_species, s, None if choice == NPC_CHOICE else choice, replaced=True)


def _on_value(change: Callable[..., BattleDraft], s: int, widget: str, *extra: object) -> None:
    value = st.session_state[widget]
    state.edit(change, s, *extra, value)


def _on_techs(s: int, combat_key: str, parts_key: str, others: tuple[str, ...]) -> None:
    chosen = [*st.session_state[combat_key], *st.session_state[parts_key], *others]
    state.edit(set_techs, s, chosen)


def _on_damage(s: int, g: int, widget: str) -> None:
    text = str(st.session_state[widget])
    try:
        damage = [int(t) for t in text.replace(" ", "").split(",") if t]
    except ValueError:
        st.session_state["fleetlab.damage-error"] = (
            f"Damage {text!r} is not a list of whole numbers such as '2, 1'."
        )
        return
    state.edit(set_damage, s, g, damage)


def _on_retreat(s: int, policy_key: str, below_key: str, objective_key: str) -> None:
    retreat = RetreatOption(
        RetreatPolicy(str(st.session_state[policy_key])),
        float(st.session_state.get(below_key, 0.0)),
        RetreatObjective(str(st.session_state.get(objective_key, "value"))),
    )
    state.edit(set_retreat, s, retreat)


def side_editor(draft: BattleDraft, s: int) -> None:
    side = draft.sides[s]
    role = "defends (controls the sector)" if s == draft.defender else "attacks"
    k = f"side{s}"
    name_col, species_col = st.columns(2)
    name_col.text_input(
        "Side name",
        side.name,
        key=state.key(f"{k}.name"),
        on_change=lambda: state.edit(rename_side, s, st.session_state[state.key(f"{k}.name")]),
        help=f"Enters the sector {'last' if s == len(draft.sides) - 1 else 'before later sides'};"
        f" {role}. Names must differ.",
    )
    choices: list[str] = [*species_choices(), NPC_CHOICE]
    current = NPC_CHOICE if side.npc or side.species is None else side.species
    species_key = state.key(f"{k}.species")
    species_col.selectbox(
        "Species",
        choices,
        index=choices.index(current),
        format_func=lambda c: (
            "NPCs (Ancients, Guardian, GCDS)" if c == NPC_CHOICE else species(c).name
        ),
        key=species_key,
        on_change=_on_species,
        args=(s, species_key),
        help="A player's species (its printed blueprints and build costs), or the NPCs of a "
        "sector. Changing it resets the blueprints to the new species' printed ones.",
    )
    if side.npc:
        npc_editor(side, s)
    else:
        player_editor(side, s)
    sector_editor(draft, side, s)
    if len(draft.sides) > 2:
        st.button(
            f"Remove {side.name}",
            key=state.key(f"{k}.remove"),
            on_click=lambda: state.edit(remove_side, s, replaced=True),
            help="Take this side out of the battle.",
        )


def player_editor(side: SideDraft, s: int) -> None:
    k = f"side{s}"
    combat, part_techs = tech_choices()
    others = tuple(t for t in side.techs if t not in combat and t not in part_techs)
    policy_key = state.key(f"{k}.policy")
    st.selectbox(
        "Damage assignment",
        [p.value for p in Policy],
        index=[p.value for p in Policy].index(side.policy.value),
        format_func=POLICY_NAMES.__getitem__,
        key=policy_key,
        on_change=_on_value,
        args=(set_policy, s, policy_key),
        help="How this side assigns the hits it rolls. Optimal: the attacker maximises and the "
        "defender minimises the attacker's chance. Greedy: a simple player heuristic. NPC: "
        "the rulebook's rule for NPCs.",
    )
    combat_key = state.key(f"{k}.combat-techs")
    parts_key = state.key(f"{k}.part-techs")
    tech_selectors = (
        (
            "Combat techs",
            combat,
            "None",
            combat_key,
            "Antimatter Splitter splits Antimatter Cannon damage freely; Neutron Bombs and "
            "Neutron Absorber matter when population is attacked.",
        ),
        (
            "Techs for ship parts",
            part_techs,
            "Starting parts only",
            parts_key,
            "The techs whose parts this side may place; the slot selectors offer their parts.",
        ),
    )
    for column, (label, offered, placeholder, widget, text) in zip(
        st.columns(2), tech_selectors, strict=True
    ):
        column.multiselect(
            label,
            list(offered),
            default=[t for t in side.techs if t in offered],
            format_func=_tech_name,
            placeholder=placeholder,
            key=widget,
            on_change=_on_techs,
            args=(s, combat_key, parts_key, others),
            help=text,
        )
    groups = list(enumerate(side.groups))
    columns = st.columns(len(groups))
    for (g, group), column in zip(groups, columns, strict=True):
        count_key = state.key(f"{k}.count.{group.ship_class.value}.{g}")
        limit = count_limit(side, g)
        column.number_input(
            class_name(group.ship_class, 2).capitalize()
            if group.is_blueprint
            else group.label or f"{group.ship_class.value.capitalize()} (numbers)",
            min_value=0,
            max_value=max(limit, group.count),
            value=group.count,
            step=1,
            key=count_key,
            on_change=_on_value,
            args=(set_count, s, count_key, g),
        )
    st.caption(
        "Ships per class, within the miniatures a player has: "
        + ", ".join(
            f"{ship_class_info(group.ship_class).limit} {class_name(group.ship_class, 2)}"
            for _, group in groups
            if group.is_blueprint
        )
        + "."
    )
    if side.ship_count == 0:
        st.caption(
            f"{side.name} has no ships here"
            + (
                f": its {side.population} population cubes are attacked by the ships left in "
                "the sector."
                if side.population
                else "; give it ships, or population cubes to attack (Retreat and population)."
            )
        )
    for g, group in groups:
        if not group.is_blueprint:
            typed_group(side, s, g)
            continue
        blueprint_group(side, s, g)
    raw_ship_form(side, s)


def typed_group(side: SideDraft, s: int, g: int) -> None:
    """A group typed as numbers (or read from a battle file's ``stats``): what it is, and a
    button to take it off."""
    group = side.groups[g]
    stats = group_stats(group)
    name = group.label or f"{group.ship_class.value} (numbers)"
    text_col, button_col = st.columns([4, 1], vertical_alignment="center")
    text_col.caption(
        f"**{name}**, typed as numbers: initiative {stats.initiative} · hull {stats.hull} · "
        f"{computer_text(stats.computer)} · {shield_text(stats.shield)} · "
        f"{stats.describe_dice() or 'no dice'}"
    )
    button_col.button(
        "Remove",
        key=state.key(f"side{s}.remove-group.{g}"),
        on_click=lambda: state.edit(remove_group, s, g, replaced=True),
        help=f"Take the {name} ships off {side.name}.",
    )


def blueprint_group(side: SideDraft, s: int, g: int) -> None:
    group = side.groups[g]
    bp = group_blueprint(side, group)
    problems = blueprint_problems(side, group)
    title = f"{group.ship_class.value.capitalize()} blueprint"
    if problems:
        title += " · breaks a rule"
    first = next((i for i, grp in enumerate(side.groups) if grp.count and grp.is_blueprint), -1)
    with lazy_expander(
        title,
        # A blueprint that comes to break a rule opens: the key changes with it.
        state.key(f"side{s}.blueprint.{g}.{'problem' if problems else 'ok'}"),
        expanded=bool(problems) or (g == first and s == 0),
    ) as is_open:
        if not is_open:
            return
        blueprint_editor(
            bp,
            side.techs,
            f"side{s}.{group.ship_class.value}.{g}",
            lambda slot, part_id: state.edit(set_part, s, g, slot, part_id),
            every=bool(st.session_state.get("every-part")),
            owner=side.name,
        )
        damage_key = state.key(f"side{s}.damage.{g}")
        left, right = st.columns(2)
        left.text_input(
            "Damage already taken",
            ", ".join(str(d) for d in group.damage),
            key=damage_key,
            on_change=_on_damage,
            args=(s, g, damage_key),
            help="Damage on ships of this class from an earlier fight, one number per damaged "
            "ship, e.g. '2, 1'. Leave empty when no ship is damaged.",
        )
        right.button(
            "Printed blueprint",
            key=state.key(f"side{s}.reset.{g}"),
            on_click=lambda: state.edit(
                set_group_blueprint, s, g, type(bp).default(bp.species, bp.ship_class)
            ),
            help="Go back to the species' printed blueprint of this class.",
        )


def npc_editor(side: SideDraft, s: int) -> None:
    st.caption("NPCs assign hits by the rulebook rule and always defend.")
    for g, group in enumerate(side.groups):
        if group.variant is None:
            continue
        count_col, variant_col = st.columns(2)
        count_key = state.key(f"side{s}.count.{group.ship_class.value}.{g}")
        tile = npc_tile(group.ship_class, group.variant)
        count_col.number_input(
            tile.label.split(" (")[0] + "s"
            if group.ship_class is ShipClass.ANCIENT
            else tile.label.split(" (")[0],
            min_value=0,
            max_value=max(count_limit(side, g), group.count),
            value=group.count,
            key=count_key,
            on_change=_on_value,
            args=(set_count, s, count_key, g),
            help=f"At most {ship_class_info(group.ship_class).limit} in a sector.",
        )
        variant_key = state.key(f"side{s}.variant.{g}")
        variants = [v.value for v in NpcVariant]
        variant_col.selectbox(
            "Printing",
            variants,
            index=variants.index(group.variant.value),
            format_func=lambda v: v.replace("_", " ").capitalize(),
            key=variant_key,
            on_change=_on_value,
            args=(set_variant, s, variant_key, g),
            help="Which tile of this NPC the game uses: normal, advanced or Worlds Afar.",
        )
        stats = tile.stats
        st.caption(
            f"Initiative {stats.initiative} · hull {stats.hull} · {computer_text(stats.computer)}"
            f" · {shield_text(stats.shield)} · {stats.describe_dice()}"
        )


def sector_editor(draft: BattleDraft, side: SideDraft, s: int) -> None:
    k = f"side{s}"
    # Open when the population is what this side is in the battle for.
    with lazy_expander(
        "Retreat and population (sector combat)",
        state.key(f"{k}.sector"),
        expanded=s == draft.defender and side.ship_count == 0 and not side.npc,
    ) as is_open:
        if not is_open:
            return
        left, right = st.columns(2)
        retreat_key = state.key(f"{k}.can-retreat")
        left.checkbox(
            "Can retreat",
            side.can_retreat,
            key=retreat_key,
            on_change=lambda: state.edit(
                lambda d, i: set_sector(d, i, can_retreat=bool(st.session_state[retreat_key])), s
            ),
            help="The side controls a neighbouring sector it can retreat to.",
        )
        population_key = state.key(f"{k}.population")
        right.number_input(
            "Population cubes",
            min_value=0,
            max_value=12,
            value=side.population,
            key=population_key,
            on_change=lambda: state.edit(
                lambda d, i: set_sector(d, i, population=int(st.session_state[population_key])),
                s,
            ),
            help="The side's population cubes in the sector, which the winner attacks.",
        )
        policy_key = state.key(f"{k}.retreat-policy")
        below_key = state.key(f"{k}.retreat-below")
        objective_key = state.key(f"{k}.retreat-objective")
        st.selectbox(
            "Retreat policy",
            list(RETREAT_POLICIES),
            index=list(RETREAT_POLICIES).index(side.retreat.policy),
            key=policy_key,
            on_change=_on_retreat,
            args=(s, policy_key, below_key, objective_key),
            help="never; threshold: retreat when the chance of winning falls below a value; "
            "optimal: retreat when it serves the objective best.",
        )
        if side.retreat.policy == "threshold":
            st.slider(
                "Retreat below this chance of winning",
                0.0,
                1.0,
                side.retreat.below,
                0.05,
                key=below_key,
                on_change=_on_retreat,
                args=(s, policy_key, below_key, objective_key),
            )
        if side.retreat.policy == "optimal":
            st.selectbox(
                "Retreat objective",
                list(RETREAT_OBJECTIVES),
                index=list(RETREAT_OBJECTIVES).index(side.retreat.objective),
                format_func=lambda o: "ship value kept" if o == "value" else "chance of winning",
                key=objective_key,
                on_change=_on_retreat,
                args=(s, policy_key, below_key, objective_key),
            )


def _tech_name(tech_id: str) -> str:
    return tech_name(tech_id)


def battle_options(draft: BattleDraft) -> None:
    """Who defends, a side more, the method and the reputation bag."""
    left, middle, right = st.columns(3)
    npc_side = next((i for i, side in enumerate(draft.sides) if side.npc), None)
    defender_key = state.key("defender")
    left.selectbox(
        "Controls the sector (defends)",
        list(range(len(draft.sides))),
        index=draft.defender,
        format_func=lambda i: draft.sides[i].name,
        key=defender_key,
        on_change=lambda: state.edit(set_defender, int(st.session_state[defender_key])),
        disabled=npc_side is not None,
        help="The side that controls the sector fights last and wins ties of initiative. NPCs "
        "always defend.",
    )
    left.button(
        "Add a side",
        key=state.key("add-side"),
        on_click=lambda: state.edit(add_side, replaced=True),
        help="Another player entering the sector (battles of more than two sides need sector "
        "combat to be solved).",
    )
    method_key = state.key("method")
    samples_key = state.key("samples")
    seed_key = state.key("seed")

    def _on_method() -> None:
        method = str(st.session_state[method_key])
        samples = st.session_state.get(samples_key) if method == "monte-carlo" else None
        seed = st.session_state.get(seed_key) if method == "monte-carlo" else None
        state.edit(
            set_method,
            method,
            None if samples is None else int(samples),
            None if seed is None else int(seed),
        )

    middle.selectbox(
        "Method",
        list(METHOD_NAMES),
        index=list(METHOD_NAMES).index(draft.method),
        format_func=METHOD_NAMES.__getitem__,
        key=method_key,
        on_change=_on_method,
        help="Automatic tries the exact solver within a time budget, then exact with greedy "
        "play, then Monte Carlo.",
    )
    if draft.method == "monte-carlo":
        middle.number_input(
            "Simulated battles",
            min_value=1000,
            max_value=2_000_000,
            value=draft.samples or 100_000,
            step=10_000,
            key=samples_key,
            on_change=_on_method,
            help="More battles, a smaller ± (it shrinks with the square root).",
        )
        middle.number_input(
            "Random seed",
            min_value=0,
            value=draft.seed or 0,
            key=seed_key,
            on_change=_on_method,
            help="The same seed gives the same simulated battles.",
        )
    bag_key = state.key("bag")
    bag_values = dict(draft.reputation_bag or ())

    def _on_bag() -> None:
        if not st.session_state[bag_key]:
            state.edit(set_reputation_bag, None)
            return
        bag = [
            (v, int(st.session_state.get(state.key(f"bag{v}"), bag_values.get(v, 0))))
            for v in (1, 2, 3, 4)
        ]
        state.edit(set_reputation_bag, bag)

    right.checkbox(
        "Reputation tiles left in the bag",
        draft.reputation_bag is not None,
        key=bag_key,
        on_change=_on_bag,
        help="For the chance of each reputation value drawn (sector combat); off: the base "
        "game's bag.",
    )
    if draft.reputation_bag is not None:
        bag_columns = right.columns(4)
        for v, column in zip((1, 2, 3, 4), bag_columns, strict=True):
            column.number_input(
                f"Value {v}",
                min_value=0,
                max_value=20,
                value=bag_values.get(v, 0),
                key=state.key(f"bag{v}"),
                on_change=_on_bag,
            )


# ----- odds ------------------------------------------------------------------------------


def odds_block() -> BattleResult | None:
    """The solve button, the hint and the headline odds, drawn in ``top``; the result, or None
    while the battle has problems or waits for the button."""
    with top:
        if not built.ok:
            st.error(
                "This battle cannot be solved yet:\n"
                + "\n".join(f"- {problem}" for problem in built.problems),
                icon=":material/block:",
            )
            offered = fixes(draft)
            if offered:
                fix_columns = st.columns(min(len(offered), 3))
                for n, fix in enumerate(offered):
                    fix_columns[n % len(fix_columns)].button(
                        fix.label,
                        key=state.key(f"fix.{fix.key}"),
                        on_click=state.edit,
                        args=(fix.edit,),
                        kwargs={"replaced": True},
                        help=fix.help,
                        icon=":material/build:",
                    )
            summary.caption("No odds yet: the battle has problems (listed below the title).")
            st.button(
                "Solve",
                disabled=True,
                key="solve",
                type="primary",
                help="Fix the problems listed above first: "
                + "; ".join(str(p) for p in built.problems),
            )
            return None
        assert built.battle is not None and built.options is not None
        found = estimate(built.battle, built.options.method, built.options.samples)
        quick = is_quick(built.battle, built.options.method)
        button_col, auto_col, hint_col = st.columns([1, 2, 5], vertical_alignment="center")
        clicked = button_col.button(
            "Solve",
            key="solve",
            type="primary",
            help="Compute the odds of this battle now.",
        )
        auto = auto_col.toggle(
            "Auto-solve small battles",
            value=True,
            key="auto-solve",
            help="Battles estimated to solve in under a second are solved on every change.",
        )
        ready = clicked or state.was_solved(built) or (auto and quick)
        if not ready:
            # Before the solve, say what it will do; afterwards the result says what it did.
            if found is not None:
                hint_col.caption(found.describe())
            summary.caption("Press Solve for the odds.")
            st.info(
                "Press Solve to compute the odds of this battle.", icon=":material/hourglass_empty:"
            )
            return None
        if found is None:
            hint_col.caption("No two sides with ships meet: only the attack on population is left.")
        try:
            result = state.solve(built, "Solving the battle")
        except BattleError as exc:
            st.error(f"This battle cannot be solved: {exc}", icon=":material/error:")
            return None
        sticky_summary(summary, result)
        headline_view(result)
    return result


# ----- the battle ------------------------------------------------------------------------

# The odds go out before the editors, so the browser draws the first odds while it is still
# laying out the widgets below them.
result = odds_block()


if len(draft.sides) == 2:
    for s, column in enumerate(st.columns(2, gap="large")):
        with column:
            st.subheader(
                f"{draft.sides[s].name} · {'defender' if s == draft.defender else 'attacker'}"
            )
            side_editor(draft, s)
else:
    tabs = st.tabs(
        [
            f"{side.name} ({'defender' if s == draft.defender else 'attacker'})"
            for s, side in enumerate(draft.sides)
        ]
    )
    for s, tab in enumerate(tabs):
        with tab:
            side_editor(draft, s)

damage_error = st.session_state.pop("fleetlab.damage-error", None)
if damage_error:
    st.error(str(damage_error))

with lazy_expander("Sides, method and reputation bag", state.key("battle-options")) as is_open:
    if is_open:
        battle_options(draft)


if result is None:
    st.stop()
st.divider()
st.subheader("Survivors, materials and reputation")
result_details(result, "odds", "battle")
