"""The form that adds ships typed as raw numbers to a side, beside the blueprint editor.

Other calculators take a ship as its numbers: initiative, hull, computer, shield and dice. A
player who knows the numbers (from a table, or a ship the blueprints here cannot build) types
them; the ships join the side as a group with ``stats`` (the battle file's raw numbers), and
fight like any other (the class decides the miniature limit, the reputation value and where NPCs
aim). Only the widgets live here: ``ui.battle_editor.add_stats_group`` makes the edit.
"""

from __future__ import annotations

import streamlit as st

from blueprints import BlueprintError, Dice, ShipClass, ShipStats, ship_class_info
from ui import state
from ui.battle_editor import SideDraft, add_stats_group
from ui.components import lazy_expander
from ui.wording import class_name

PLAYER_CLASSES = tuple(c for c in ShipClass if not c.is_npc)
CANNON_COLOURS = (("yellow", "1 damage"), ("orange", "2"), ("blue", "3"), ("red", "4"))
ERROR = "fleetlab.raw-ship-error"


def _key(s: int, name: str) -> str:
    return state.key(f"side{s}.raw.{name}")


def room(side: SideDraft, ship_class: ShipClass) -> int:
    """How many more ships of a class the side's miniatures allow."""
    used = sum(g.count for g in side.groups if g.ship_class is ship_class)
    return max(0, ship_class_info(ship_class).limit - used)


def _typed(s: int) -> ShipStats:
    """The numbers in the form as ``ShipStats`` (raises ``BlueprintError`` for bad ones)."""
    value = st.session_state

    def number(name: str) -> int:
        return int(value.get(_key(s, name), 0) or 0)

    cannons = {c: number(f"cannon-{c}") for c, _ in CANNON_COLOURS}
    cannons["pink"] = number("cannon-pink")
    missiles = {c: number(f"missile-{c}") for c, _ in CANNON_COLOURS}
    return ShipStats(
        ship_class=ShipClass(value.get(_key(s, "class"), ShipClass.INTERCEPTOR.value)),
        initiative=number("initiative"),
        hull=number("hull"),
        computer=number("computer"),
        shield=number("shield"),
        cannons=Dice.from_mapping({c: n for c, n in cannons.items() if n}),
        missiles=Dice.from_mapping({c: n for c, n in missiles.items() if n}),
    )


def _add(s: int) -> None:
    try:
        stats = _typed(s)
    except (BlueprintError, ValueError) as exc:
        st.session_state[ERROR] = f"These numbers do not make a ship: {exc}"
        return
    if not stats.is_armed:
        st.session_state[ERROR] = "Give the ship at least one cannon or missile die."
        return
    side = state.draft().sides[s]
    free = room(side, stats.ship_class)
    count = int(st.session_state.get(_key(s, "count"), 1) or 1)
    if free == 0:
        limit = ship_class_info(stats.ship_class).limit
        st.session_state[ERROR] = (
            f"{side.name} already has all {limit} {class_name(stats.ship_class, 2)} a player "
            "has; take some away first."
        )
        return
    label = str(st.session_state.get(_key(s, "label"), "") or "")
    state.edit(add_stats_group, s, stats, min(count, free), label, replaced=True)


def _dice_row(s: int, kind: str, title: str, *, rift: bool) -> None:
    """One number per die colour (cannons also the rift die); a typed ship starts with one
    yellow cannon, the smallest ship that can fight."""
    st.markdown(title)
    columns = st.columns(5)
    for column, (colour, damage) in zip(columns, CANNON_COLOURS, strict=False):
        column.number_input(
            f"{colour.capitalize()} ({damage})",
            min_value=0,
            max_value=12,
            value=1 if kind == "cannon" and colour == "yellow" else 0,
            key=_key(s, f"{kind}-{colour}"),
        )
    if rift:
        columns[4].number_input(
            "Rift", min_value=0, max_value=6, value=0, key=_key(s, f"{kind}-pink")
        )


def raw_ship_form(side: SideDraft, s: int) -> None:
    """An expander with the form; the ships are added when it is submitted."""
    with lazy_expander("Add ships by their numbers", _key(s, "open")) as is_open:
        if not is_open:
            return
        st.caption(
            "Type a ship as other calculators take it. Hull is the damage it can take and "
            "survive; the computer adds to its rolls, the shield takes from the opponent's."
        )
        with st.form(key=_key(s, "form"), border=False):
            top = st.columns(3)
            top[0].selectbox(
                "Class",
                [c.value for c in PLAYER_CLASSES],
                format_func=lambda c: class_name(c).capitalize(),
                key=_key(s, "class"),
                help="Decides the miniature limit, the reputation value and NPC targeting.",
            )
            top[1].number_input("Ships", min_value=1, max_value=8, value=1, key=_key(s, "count"))
            top[2].text_input("Name", "", key=_key(s, "label"), placeholder="e.g. Raider")
            numbers = st.columns(4)
            for column, (name, label, low, default) in zip(
                numbers,
                (
                    ("initiative", "Initiative", -10, 2),
                    ("hull", "Hull", 0, 0),
                    ("computer", "Computer +", 0, 0),
                    ("shield", "Shield −", 0, 0),
                ),
                strict=True,
            ):
                column.number_input(
                    label, min_value=low, max_value=20, value=default, key=_key(s, name)
                )
            _dice_row(s, "cannon", "Cannons (dice rolled every round)", rift=True)
            _dice_row(s, "missile", "Missiles (fired once, before the first round)", rift=False)
            st.form_submit_button(f"Add to {side.name}", on_click=_add, args=(s,), type="secondary")
        st.caption(
            "Typed ships count against the miniatures of their class: "
            + ", ".join(
                f"{room(side, c)} more {class_name(c, 2)}"
                for c in PLAYER_CLASSES
                if any(g.ship_class is c for g in side.groups)
            )
            + "."
        )
    error = st.session_state.pop(ERROR, None)
    if error:
        st.error(str(error), icon=":material/error:")
