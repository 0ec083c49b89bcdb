"""Streamlit pieces shared by the battle pages: the blueprint editor, the result view and the
battle-file tools (share link, download, upload). Logic lives in the pure modules
(``ui.battle_editor``, ``ui.results``, ``ui.share``); this module only lays out widgets."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from blueprints import OUTSIDE, Blueprint, ship_class_info
from calc import BattleFileError, BattleResult, result_to_dict
from ui import state
from ui.battle_editor import (
    MAX_UPLOAD_BYTES,
    BattleDraft,
    Built,
    build,
    draft_from_file,
    example_battle,
    part_label,
    plain_problems,
    printed_battle,
    read_battle_upload,
    slot_choices,
    stats_line,
    without_path,
    without_where,
)
from ui.export import figure_png, png_support
from ui.figures import survivors_figure
from ui.results import (
    badge,
    group_rows,
    headline,
    policy_text,
    reputation_rows,
    result_csv,
    side_rows,
    solver_caption,
    summary_line,
    survivor_rows,
)

EMPTY = ""
"""Selector value of an empty slot."""


def slot_name(bp: Blueprint, slot: int) -> str:
    """A slot in words: its position on the board (``top-left``) or outside the grid."""
    if slot == OUTSIDE:
        return "Outside the grid"
    names = ship_class_info(bp.ship_class).slot_names
    return (names[slot] if slot < len(names) else f"slot {slot + 1}").capitalize()


def blueprint_editor(
    bp: Blueprint,
    techs: tuple[str, ...],
    key_prefix: str,
    on_part: Callable[[int, str | None], None],
    *,
    every: bool = False,
    owner: str = "the side",
) -> None:
    """One selector per slot, the derived stats and every rule problem in plain words.

    Selectors offer the parts that keep the blueprint legal with ``techs`` (with ``every``:
    each part that fits the slot, marked when it breaks a rule). ``on_part(slot, part_id)``
    is called when the user picks another part.
    """
    layout = bp.layout
    slots = list(range(len(bp.slots)))
    if bp.outside is not None or (every and len(bp.placeable(OUTSIDE, techs)) > 1):
        slots.append(OUTSIDE)
    for slot in slots:
        with st.container():
            label = slot_name(bp, slot)
            if slot != OUTSIDE and layout.blocked[slot]:
                st.selectbox(
                    label,
                    ["Blocked"],
                    disabled=True,
                    key=f"{key_prefix}.slot{slot}.blocked#{state.revision()}",
                    help="This slot is blocked on the species' board and takes no part.",
                )
                continue
            choices = slot_choices(bp, slot, techs, every=every)
            legal = set(bp.placeable(slot, techs))
            printed = None if slot == OUTSIDE else layout.printed[slot]
            current = bp.outside if slot == OUTSIDE else bp.slots[slot]
            ids = [EMPTY if p is None else p.id for p in choices]
            names = {
                (EMPTY if p is None else p.id): part_label(p, printed)
                + ("" if p in legal or p == current else " · breaks a rule")
                for p in choices
            }
            widget = f"{key_prefix}.slot{slot}#{state.revision()}.{bp.compact()}"
            st.selectbox(
                label,
                ids,
                index=ids.index(EMPTY if current is None else current.id),
                format_func=names.__getitem__,
                key=widget,
                on_change=_pick,
                args=(on_part, slot, widget),
                help=(
                    "Every part that fits here; those marked 'breaks a rule' are not legal "
                    f"with {owner}'s techs and the other slots."
                    if every
                    else f"Only the parts that keep the blueprint legal with {owner}'s techs."
                ),
            )
    st.caption(stats_line(bp))
    for problem in plain_problems(bp, techs, owner):
        st.error(_plain(problem), icon=":material/error:")


def _pick(on_part: Callable[[int, str | None], None], slot: int, widget: str) -> None:
    value = st.session_state[widget]
    on_part(slot, value or None)


def _plain(message: str) -> str:
    rest = without_where(message)
    return message if rest == message else rest[:1].upper() + rest[1:]


@contextmanager
def lazy_expander(label: str, key: str, expanded: bool = False) -> Iterator[bool]:
    """An expander whose content is built only while it is open; yields whether it is.

    A page with every editor's widgets built at once makes the browser lay out a hundred
    widgets before the first odds appear; closed expanders cost nothing this way (opening one
    runs the page again, which is quick: results come from the cache).
    """
    box = st.expander(label, expanded=expanded, key=key, on_change="rerun")
    if box.open:
        with box:
            yield True
    else:
        yield False


# ----- results ---------------------------------------------------------------------------


def headline_view(result: BattleResult) -> None:
    """The headline probabilities, the method badge and the policies."""
    numbers = headline(result)
    columns = st.columns(len(numbers))
    for column, number in zip(columns, numbers, strict=True):
        column.metric(number.label, number.value, help=number.help)
    text, colour = badge(result)
    st.markdown(
        f":{colour}-badge[{text}] &nbsp; Damage assignment: {policy_text(result)}",
        help="Exact: computed over every dice outcome. Approximate: Monte Carlo; ± is the 95% "
        "interval of the attacker's chance, in percentage points.",
    )
    if result.optimal_approximated:
        st.warning(
            "Optimal play was approximated: the battle is too large to solve with optimal "
            "damage assignment within the budget, so the sides that asked for it used the "
            "greedy policy.",
            icon=":material/balance:",
        )
    st.caption(solver_caption(result))


SUMMARY_KEY = "odds-summary"
SUMMARY_CSS = f"""
<style>
div[data-testid="stLayoutWrapper"]:has(> .st-key-{SUMMARY_KEY}) {{
    position: sticky;
    top: 3.75rem;
    z-index: 99;
    background: var(--st-background-color, #ffffff);
    border-bottom: 1px solid rgba(49, 51, 63, 0.2);
    padding: 0.3rem 0;
}}
</style>
"""
"""The compact odds line stays at the top of the screen while the page scrolls (below
Streamlit's header), so a player editing the last ship on a phone still sees the odds. The
rule is on the container's wrapper, a child of the page's column: a sticky element sticks
within its parent, and the container's own parent is only as tall as it is."""


def sticky_summary(where: DeltaGenerator, result: BattleResult) -> None:
    """The odds in one line, in ``where`` (a container keyed ``SUMMARY_KEY`` at the top level of
    the page, so that it can stay in view)."""
    st.html(SUMMARY_CSS)
    where.markdown(f"**{summary_line(result)}**")


CHART_KEY = "survivors-chart"
"""The survivors chart's expander: kept open or closed for the whole session, not per battle."""


def result_details(result: BattleResult, key_prefix: str, file_stem: str) -> None:
    """Survivor distributions (a table, and the chart on request), materials, reputation, and
    the downloads.

    The chart waits behind an expander: Plotly's script is by far the heaviest piece of the
    page for the browser (6-16 s of the tab's CPU on a busy 2-core machine, against 3-8 s for
    all the rest, measured with the DevTools profiler), and the first odds are the ones a
    player waits for. The table holds the same distributions; an opened chart stays open.
    """
    colours = state.side_colours()
    st.dataframe(side_rows(result), hide_index=True, key=f"{key_prefix}.sides")
    st.dataframe(group_rows(result), hide_index=True, key=f"{key_prefix}.groups")
    st.dataframe(survivor_rows(result), hide_index=True, key=f"{key_prefix}.survivors-table")
    with lazy_expander("Survivors chart", f"{key_prefix}.{CHART_KEY}") as is_open:
        if is_open:
            st.plotly_chart(
                survivors_figure(result, colours),
                key=f"{key_prefix}.survivors",
                config={"displaylogo": False},
            )
    reputation = reputation_rows(result)
    if reputation:
        with st.expander("Reputation tiles: how many are drawn, and the best one kept"):
            st.caption(
                "Tiles drawn after the battles (1 for taking part, unless the side retreated "
                "with all its ships, plus the reputation value of the opponent ships destroyed, "
                "at most 5) and the value of the best one, drawn in order of entry from the bag "
                "(the base game's, unless the battle sets it)."
            )
            st.dataframe(reputation, hide_index=True, key=f"{key_prefix}.reputation")
    a, b, c = st.columns(3)
    a.download_button(
        "Results (JSON)",
        json.dumps(result_to_dict(result), indent=2),
        file_name=f"{file_stem}-odds.json",
        mime="application/json",
        key=f"{key_prefix}.json",
        help="The odds in the fleetlab-odds/1 format, as `fleetlab odds FILE --json` writes.",
        on_click="ignore",
    )
    b.download_button(
        "Results (CSV)",
        result_csv(result),
        file_name=f"{file_stem}-odds.csv",
        mime="text/csv",
        key=f"{key_prefix}.csv",
        help="One row per number: quantity, side, group, k, value, standard error.",
        on_click="ignore",
    )
    support = png_support()
    if support.available:
        c.download_button(
            "Survivors chart (PNG)",
            lambda: figure_png(survivors_figure(result, colours)),
            file_name=f"{file_stem}-survivors.png",
            mime="image/png",
            key=f"{key_prefix}.png",
            help=f"{support.reason}; takes a few seconds.",
            on_click="ignore",
        )
    else:
        c.caption(f"{support.reason}. The chart's camera button saves it from the browser.")


# ----- the battle file -------------------------------------------------------------------


def edited_battle() -> tuple[BattleDraft, Built]:
    """The battle being edited and its build, for the top of a battle page.

    Shows the message of a share link that could not be opened, keeps the URL in step with the
    battle and puts the battle-file tools in the sidebar.
    """
    draft = state.draft()
    notice = state.take_notice()
    if notice:
        st.warning(notice, icon=":material/link_off:")
    built = build(draft)
    state.sync_url(built)
    with st.sidebar:
        battle_file_tools(built)
    return draft, built


def battle_file_tools(built: Built) -> None:
    """Share link, download and upload of the battle file, and a way back to the example."""
    st.subheader("Battle file")
    if built.ok:
        # Built only when opened: a code block loads the browser's syntax highlighter, the
        # costliest piece of the page's first paint (about 2 s of the tab's CPU on a busy
        # machine, measured with the DevTools profiler).
        with lazy_expander("Link to this battle", state.key("battle-link")) as is_open:
            if is_open:
                st.caption("The address bar holds the same link; copy either.")
                st.code(state.share_url(built), language=None, wrap_lines=True)
        st.download_button(
            "Download battle file",
            json.dumps(built.doc, indent=2),
            file_name="battle.json",
            mime="application/json",
            key="battle-download",
            help="The fleetlab-battle/1 file of this battle; `fleetlab odds battle.json` reads it.",
            on_click="ignore",
        )
    else:
        st.caption(
            "Fix the problems to share or download this battle; the address bar keeps "
            "the last battle without problems."
        )
    upload_key = state.key("battle-upload")
    st.file_uploader(
        "Open a battle file",
        type=["json", "toml"],
        key=upload_key,
        on_change=_opened,
        args=(upload_key,),
        max_upload_size=1,
        help=f"A fleetlab-battle/1 file (JSON or TOML, at most {MAX_UPLOAD_BYTES // 1024} KiB). "
        "It is read as data, never run.",
    )
    error = st.session_state.pop("fleetlab.upload-error", None)
    if error:
        st.error(str(error))
    st.button(
        "New battle (printed blueprints)",
        key="battle-new",
        on_click=_reset,
        args=(printed_battle,),
        help="Start again: two players' printed blueprints, no techs.",
    )
    st.button(
        "Open the upgraded example",
        key="battle-reset",
        on_click=_reset,
        args=(example_battle,),
        help="Open the built-in example: upgraded blueprints, several classes.",
    )


def _opened(upload_key: str) -> None:
    uploaded = st.session_state.get(upload_key)
    if uploaded is None:
        return
    try:
        opened = read_battle_upload(uploaded.name, uploaded.getvalue())
    except BattleFileError as exc:
        where = f"at {exc.path}: " if exc.path else ""
        st.session_state["fleetlab.upload-error"] = (
            f"{uploaded.name} was not opened, {where}{without_path(exc)}"
        )
        return
    state.set_draft(opened, replaced=True)


def _reset(battle: Callable[[], dict[str, Any]]) -> None:
    state.set_draft(draft_from_file(battle()), replaced=True)
    st.session_state.pop("fleetlab.upload-error", None)
