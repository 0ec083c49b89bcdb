"""The Game page's "what if I attack?" panel: choose a player, a sector their ships can reach
and the ships to send; open that battle on the Battle odds page.

Widgets only: the reach, the pinning and the battle come from ``ui.game_attack``.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping

import streamlit as st

from engine.hexes import Hex
from engine.state import GameState
from ui import state as shared
from ui.galaxy import SeatStyle, seat_label
from ui.game_attack import AttackError, attack_battle, attack_targets, movers
from ui.game_battles import side_colours

PREFIX = "game.attack"


def _target_label(position: GameState, where: Hex) -> str:
    sector = position.sector(where)
    assert sector is not None
    return f"sector {sector.tile} ({sector.printed.name})"


def attack_planner(
    position: GameState,
    styles: Mapping[int, SeatStyle],
    picked: Hex | None = None,
    scope: str = "",
) -> None:
    """The panel, for the position shown (``picked``: the sector chosen on the galaxy, which
    is offered first when it is a target; ``scope`` names the game opened, so that its widgets
    start afresh when another game is)."""
    prefix = f"{PREFIX}.{zlib.crc32(scope.encode()):08x}"
    st.subheader("What if I attack?")
    seats = [p.seat for p in position.players]
    if not seats:
        return
    seat = st.selectbox(
        "Player",
        seats,
        format_func=lambda s: seat_label(styles, s),
        key=f"{prefix}.seat",
        help="Whose ships move.",
    )
    targets = list(attack_targets(position, int(seat)))
    if not targets:
        st.caption(
            f"No ship of {seat_label(styles, int(seat))} can reach a sector with a fight in one "
            "move."
        )
        return
    if picked in targets:
        targets.remove(picked)
        targets.insert(0, picked)
    target = st.selectbox(
        "Sector to attack",
        targets,
        format_func=lambda h: _target_label(position, h),
        key=f"{prefix}.target.{seat}",
        help="Sectors the player's ships can reach in one move where their arrival starts a "
        "battle or an attack on population. Click a sector on the galaxy to put it first.",
    )
    assert target is not None
    moves = {}
    for mover in movers(position, int(seat), target):
        key = f"{prefix}.n.{seat}.{target.q}.{target.r}.{mover.origin.q}.{mover.origin.r}"
        moves[(mover.origin, mover.ship_class)] = int(
            st.number_input(
                mover.describe().capitalize(),
                min_value=0,
                max_value=mover.available,
                value=mover.available,
                key=f"{key}.{mover.ship_class.value}",
                help="How many of them to send (each moves with one Move activation).",
            )
        )
    try:
        battle = attack_battle(position, int(seat), target, moves, styles)
    except AttackError as exc:
        st.caption(str(exc).capitalize())
        return
    st.caption(battle.label)
    if battle.doc is None:
        st.caption(f"Cannot be modelled: {battle.error}")
        return
    if st.button("Open this attack in Battle odds", key=f"{prefix}.open", icon=":material/casino:"):
        shared.open_battle(battle.doc, colours=side_colours(styles))
