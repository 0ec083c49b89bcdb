"""The battles due in a game position, ready to open on the Battle odds page (no Streamlit).

``due_battles(state, styles)`` lists every contested sector (``engine.galaxy.is_contested``)
with a line saying who fights whom, and the battle file (``fleetlab-battle/1``) of the battle
there, built by ``engine.battle_view.sector_battle`` with the sides named as the page names the
players. A sector whose battle cannot be modelled carries the reason instead of a file. A sector
whose combat is under way carries a note (``in_progress_note``) saying what its odds leave out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from calc import Battle, BattleError, battle_to_dict
from engine.battle_view import sector_battle
from engine.galaxy import is_contested
from engine.hexes import Hex
from engine.state import GameState, SectorState
from ui.galaxy import SeatStyle, fleet_text, npc_text


@dataclass(frozen=True, slots=True)
class DueBattle:
    """A contested sector: where, a label for choosing it, and its battle file or an error."""

    hex: Hex
    tile: int
    label: str
    doc: dict[str, Any] | None
    error: str | None = None
    note: str | None = None


def _named(
    battle: Battle, state: GameState, sector: SectorState, styles: Mapping[int, SeatStyle]
) -> Battle:
    """The battle with each player's side named by the page's seat label."""
    names = {
        f"seat {seat} ({state.players[seat].species})": styles[seat].label
        for seat in range(len(state.players))
        if seat in styles
    }
    sides = tuple(replace(side, name=names.get(side.name, side.name)) for side in battle.sides)
    return replace(battle, sides=sides)


def battle_label(
    sector: SectorState, styles: Mapping[int, SeatStyle], position: str | None = None
) -> str:
    """ "sector 104 (bot 102): blue (eridani empire): 1 interceptor against 2 ancient"."""
    where = f"sector {sector.tile}" + (
        f" (position {position})" if position else f" at {sector.hex}"
    )
    fighters = fleet_text(sector, styles)
    npcs = npc_text(sector)
    if npcs:
        fighters.append(npcs)
    if sector.owner is not None and sector.owner not in sector.owners() and sector.owner in styles:
        fighters.append(f"{styles[sector.owner].label}'s population")
    return f"{where}: " + " against ".join(fighters)


def in_progress_note(state: GameState, where: Hex) -> str | None:
    """What the odds of a sector leave out when its combat has already begun (None if not).

    The odds are those of the sector's combat begun afresh from the ships as they stand
    (``engine.battle_view``): their damage counts, but not the volleys already fired.
    """
    combat = state.combat
    current = combat.current if combat is not None else None
    if current is None or current.where != where:
        return None
    fight = current.fight
    if fight is not None:
        stage = f"engagement round {fight.rounds}" if fight.in_round else "missiles"
        return (
            f"Battle in progress ({stage}): the odds are for this sector's combat begun afresh "
            "from the ships as they stand. Damage counts; missiles fire again, and retreats "
            "already declared and the place in the round are not counted."
        )
    if any(t.fought for t in current.tallies):
        return (
            "Some battles here are over: the odds are for the battles still to fight; the "
            "reputation tiles already earned here are not counted."
        )
    return None


def battle_at(
    state: GameState,
    sector: SectorState,
    styles: Mapping[int, SeatStyle],
    positions: Mapping[Hex, str] | None = None,
) -> DueBattle:
    """The battle of one sector of the position: its label, note and battle file (or why it
    cannot be modelled)."""
    label = battle_label(sector, styles, (positions or {}).get(sector.hex))
    note = in_progress_note(state, sector.hex)
    try:
        battle = _named(sector_battle(state, sector.hex), state, sector, styles)
        doc = battle_to_dict(battle)
    except (BattleError, ValueError) as exc:
        return DueBattle(sector.hex, sector.tile, label, None, str(exc), note)
    return DueBattle(sector.hex, sector.tile, label, doc, note=note)


def side_colours(styles: Mapping[int, SeatStyle]) -> dict[str, str]:
    """Each player's colour by the name their side has in the battles of ``battle_at``."""
    return {style.label: style.colour for style in styles.values()}


def due_battles(
    state: GameState,
    styles: Mapping[int, SeatStyle],
    positions: Mapping[Hex, str] | None = None,
) -> list[DueBattle]:
    """Every contested sector of the position, in board order (north to south)."""
    return [
        battle_at(state, sector, styles, positions)
        for sector in sorted(state.sectors, key=lambda s: (s.hex.r, s.hex.q))
        if is_contested(state, sector)
    ]
