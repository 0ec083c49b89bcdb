"""The combat phase of engine part 1: everything but the fighting.

Battles and attacks on population are engine part 2 (issue 9). Part 1 never invents an outcome:
when the combat phase finds a contested sector (ships of two players, a player's ships with NPCs
that fight them, or a player's ships in another player's sector) it raises
``CombatNotImplementedError`` naming the sector. The players of part 1 never create one.

What part 1 does resolve: after the (absent) battles, each player may take control of
uncontrolled sectors where they have ships and no NPC opposes them (a disc from the track); then
ships alone on an undefended facedown discovery tile claim it (reveal, reward or 2 VP). At the
end of the phase a player with neither ships nor controlled sectors is eliminated.
"""

from __future__ import annotations

from dataclasses import replace

from engine.actions.explore import claim_sector
from engine.actions.turn import Claim, Decline
from engine.board import seats_after
from engine.decisions import Decision, DiscoveryReveal, SectorClaims
from engine.elimination import eliminate
from engine.enums import Phase
from engine.errors import CombatNotImplementedError
from engine.galaxy import DRACO, is_contested
from engine.hexes import Hex
from engine.state import GameState, SectorState


def describe_conflict(state: GameState, sector: SectorState) -> str:
    """Who is in a contested sector, in words."""
    sides = [f"seat {s} ({n} {c.value})" for s, c, n in sector.ships]
    if sector.ancients:
        sides.append(f"{sector.ancients} ancient(s)")
    if sector.guardian:
        sides.append("a guardian")
    if sector.gcds:
        sides.append("the GCDS")
    if sector.owner is not None:
        sides.append(f"controlled by seat {sector.owner}")
    return f"sector {sector.tile} at {sector.hex}: " + ", ".join(sides)


def check_no_battles(state: GameState) -> None:
    """Raise ``CombatNotImplementedError`` for the first contested sector (highest number)."""
    contested = sorted((s for s in state.sectors if is_contested(state, s)), key=lambda s: -s.tile)
    if contested:
        where = describe_conflict(state, contested[0])
        raise CombatNotImplementedError(
            f"a battle or an attack on population is due in {where}; combat is resolved by "
            "engine part 2 (issue 9), which part 1 does not include"
        )


def _claimable(state: GameState, seat: int) -> tuple[Hex, ...]:
    out: list[Hex] = []
    for s in state.sectors:
        if s.owner is not None or not s.ships_of(seat):
            continue
        if s.guardian or s.gcds or (s.ancients and state.players[seat].species != DRACO):
            continue
        out.append(s.hex)
    return tuple(sorted(out))


def start_combat(state: GameState) -> GameState:
    """Enter the combat phase: check for battles, then offer the sectors and discovery tiles."""
    state = replace(state, phase=Phase.COMBAT)
    check_no_battles(state)
    n = len(state.players)
    order = seats_after(state, (state.start_player - 1) % n)
    follow: list[Decision] = []
    for sector in state.sectors:
        owners = sector.owners()
        if sector.discovery and len(owners) == 1 and not sector.npcs:
            state = state.with_sector(replace(sector, discovery=False))
            follow.append(DiscoveryReveal(-1, owners[0], sector.hex))
    for seat in reversed(order):
        options = _claimable(state, seat)
        if options and state.players[seat].discs_track > 0:
            follow.append(SectorClaims(seat, options))
    return state.with_pending(*follow)


def legal_claims(state: GameState, d: SectorClaims) -> list[Claim | Decline]:
    """Sectors still open to a disc from the track, or stop."""
    out: list[Claim | Decline] = []
    if state.players[d.seat].discs_track > 0:
        for h in d.options:
            sector = state.sector(h)
            if sector is not None and sector.owner is None:
                out.append(Claim(h))
    out.append(Decline())
    return out


def apply_claims(state: GameState, d: SectorClaims, action: Claim | Decline) -> GameState:
    """Take one sector (and go on choosing) or stop."""
    if isinstance(action, Decline):
        return state.with_pending(pop=1)
    state = claim_sector(state, d.seat, action.where)
    rest = tuple(h for h in d.options if h != action.where)
    if rest and state.players[d.seat].discs_track > 0:
        return state.with_pending(replace(d, options=rest), pop=1)
    return state.with_pending(pop=1)


def end_combat(state: GameState) -> GameState:
    """Eliminate players left with neither ships nor sectors."""
    for p in state.players:
        if p.eliminated:
            continue
        if any(s.owner == p.seat or s.ships_of(p.seat) for s in state.sectors):
            continue
        state = eliminate(state, p.seat)
    return state
