"""Explore: flip a hex from a ring stack, place it so it connects back, or discard it.

Each activation picks an unexplored zone next to a sector the player controls or has an unpinned
ship in, whose edge towards the zone shows a wormhole (any edge with the Wormhole Generator);
draws the top hex of that ring's stack (a chance event; the Descendants of Draco draw two and
keep at most one); then places one, turned so that it forms a wormhole connection (a half one
with the Wormhole Generator) with a sector the player explores from, or discards all drawn
hexes, which ends the activation. A placed hex gets its Ancients; if it has a discovery symbol
and no Ancients the explorer takes the tile at once, reveals it and chooses reward or 2 VP (the
Descendants of Draco never take a tile from a sector with Ancients). Then the explorer may put a
disc on it, unless Ancients are there (Draco may). An empty stack takes its shuffled discard
pile; with both empty, that ring cannot be explored.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from blueprints import DRACO
from engine.actions.base import Action, register
from engine.actions.turn import Claim, Decline
from engine.decisions import (
    Activations,
    Decision,
    DiscoveryReveal,
    ExploreControl,
    SectorDraw,
    SectorPlacement,
)
from engine.galaxy import (
    board_edges,
    can_explore_from,
    explorable_zones,
    has_wormhole_generator,
    zone_ring,
)
from engine.hexes import Hex, rotate_mask
from engine.sectors import sector_tile
from engine.state import GameState, SectorState, Stack


@register
@dataclass(frozen=True, slots=True)
class ExploreZone(Action):
    """Explore the unexplored zone at ``where``."""

    VERB = "explore"
    where: Hex


@register
@dataclass(frozen=True, slots=True)
class DrawSector(Action):
    """Chance: the hex that comes up (from a ring stack, or a guardian hex at setup)."""

    VERB = "draw_sector"
    tile: int


@register
@dataclass(frozen=True, slots=True)
class PlaceSector(Action):
    """Place a drawn hex on the explored zone, turned ``rotation`` steps clockwise."""

    VERB = "place"
    tile: int
    rotation: int


@register
@dataclass(frozen=True, slots=True)
class DiscardSector(Action):
    """Discard the drawn hex(es); the activation ends."""

    VERB = "discard"


# ----- stacks ----------------------------------------------------------------------------------


def normalize(stack: Stack) -> Stack:
    """An exhausted stack takes its discard pile; a stack with nothing left has no pool."""
    if stack.size > 0:
        return stack
    if stack.discard:
        return Stack(pool=tuple(sorted(stack.discard)), size=len(stack.discard))
    return Stack(pool=(), size=0)


def draw_from(stack: Stack, tile: int) -> Stack:
    """The stack after ``tile`` came up."""
    pool = list(stack.pool)
    pool.remove(tile)
    return normalize(Stack(tuple(pool), stack.size - 1, stack.discard))


def discard_to(stack: Stack, tiles: tuple[int, ...]) -> Stack:
    """The stack after discarding hexes face up."""
    return normalize(Stack(stack.pool, stack.size, tuple(sorted(stack.discard + tiles))))


def with_stack(state: GameState, ring: int, stack: Stack) -> GameState:
    """A copy with one ring's stack replaced."""
    stacks = list(state.stacks)
    stacks[ring - 1] = stack
    return replace(state, stacks=(stacks[0], stacks[1], stacks[2]))


# ----- choosing a zone and drawing -----------------------------------------------------------


def legal_explore(state: GameState, d: Activations) -> list[Action]:
    """Zones the player may explore now (with hexes left in their ring's stack)."""
    if d.left <= 0:
        return []
    return [
        ExploreZone(z)
        for z in explorable_zones(state, d.seat)
        if not state.stacks[zone_ring(z) - 1].empty
    ]


def apply_explore(state: GameState, d: Activations, action: ExploreZone) -> GameState:
    """Use an activation and flip the hex (or two for Draco)."""
    ring = zone_ring(action.where)
    wanted = 2 if state.players[d.seat].species == DRACO else 1
    draw = SectorDraw(-1, d.seat, action.where, ring, wanted)
    return state.with_pending(replace(d, left=d.left - 1), draw, pop=1)


def draw_outcomes(state: GameState, d: SectorDraw) -> list[tuple[Action, float]]:
    """Each hex that may come up, with equal odds."""
    pool = state.stacks[d.ring - 1].pool
    return [(DrawSector(t), 1.0 / len(pool)) for t in pool]


def apply_draw(state: GameState, d: SectorDraw, action: DrawSector) -> GameState:
    """Take the hex off the stack; draw again (Draco) or go on to the placement."""
    stack = draw_from(state.stacks[d.ring - 1], action.tile)
    state = with_stack(state, d.ring, stack)
    drawn = (*d.drawn, action.tile)
    if len(drawn) < d.wanted and not stack.empty:
        return state.with_pending(replace(d, drawn=drawn), pop=1)
    return state.with_pending(SectorPlacement(d.explorer, d.zone, drawn), pop=1)


# ----- placing --------------------------------------------------------------------------------


def valid_rotations(state: GameState, seat: int, zone: Hex, tile: int) -> tuple[int, ...]:
    """Rotations of a hex on a zone that connect it to a sector the player explores from."""
    generator = has_wormhole_generator(state, seat)
    need = 1 if generator else 2
    base = sector_tile(tile).wormhole_mask
    sources: list[tuple[int, SectorState, int]] = []
    for direction, other, back in board_edges(state, zone):
        sector = state.sector(other)
        if sector is not None and can_explore_from(state, sector, seat):
            sources.append((direction, sector, back))
    out: list[int] = []
    for rotation in range(6):
        mask = rotate_mask(base, rotation)
        for direction, sector, back in sources:
            halves = ((mask >> direction) & 1) + ((sector.wormholes >> back) & 1)
            if halves >= need:
                out.append(rotation)
                break
    return tuple(out)


def legal_placement(state: GameState, d: SectorPlacement) -> list[Action]:
    """Every connecting placement of a drawn hex, and discarding."""
    out: list[Action] = []
    for tile in sorted(set(d.drawn)):
        out.extend(PlaceSector(tile, r) for r in valid_rotations(state, d.seat, d.zone, tile))
    out.append(DiscardSector())
    return out


def new_sector(where: Hex, tile: int, rotation: int) -> SectorState:
    """A freshly placed hex with its NPCs and facedown discovery tile."""
    printed = sector_tile(tile)
    return SectorState(
        hex=where,
        tile=tile,
        rotation=rotation,
        cubes=(False,) * len(printed.squares),
        discovery=bool(printed.discovery),
        ancients=printed.ancients,
        guardian=printed.guardian,
        gcds=printed.gcds,
    )


def apply_placement(state: GameState, d: SectorPlacement, action: Action) -> GameState:
    """Place (then discovery and control) or discard."""
    ring = zone_ring(d.zone)
    if isinstance(action, DiscardSector):
        state = with_stack(state, ring, discard_to(state.stacks[ring - 1], d.drawn))
        return state.with_pending(pop=1)
    assert isinstance(action, PlaceSector)
    rest = list(d.drawn)
    rest.remove(action.tile)
    if rest:
        state = with_stack(state, ring, discard_to(state.stacks[ring - 1], tuple(rest)))
    sector = new_sector(d.zone, action.tile, action.rotation)
    if sector.discovery and unclaimed_discoveries(state) <= 0:
        sector = replace(sector, discovery=False)  # the bag is empty: no tile to put there
    seat = d.seat
    draco = state.players[seat].species == DRACO
    follow: list[Decision] = []
    if (not sector.ancients or draco) and state.players[seat].discs_track > 0:
        follow.append(ExploreControl(seat, d.zone))
    if sector.discovery and not sector.ancients:
        sector = replace(sector, discovery=False)
        follow.append(DiscoveryReveal(-1, seat, d.zone))
    state = state.with_sector(sector)
    return state.with_pending(*follow, pop=1)


def unclaimed_discoveries(state: GameState) -> int:
    """Tiles in the bag not yet reserved by a facedown tile on the board.

    A facedown tile on a sector is drawn from the bag only when revealed (an equivalent draw),
    so tiles on the board stay counted in the bag until then.
    """
    return sum(state.discovery_bag) - sum(1 for s in state.sectors if s.discovery)


def legal_control(state: GameState, d: ExploreControl) -> list[Action]:
    """Take control of the new hex, or not."""
    out: list[Action] = []
    sector = state.sector(d.where)
    if state.players[d.seat].discs_track > 0 and sector is not None and sector.owner is None:
        out.append(Claim(d.where))
    out.append(Decline())
    return out


def apply_control(state: GameState, d: ExploreControl, action: Action) -> GameState:
    """Place the disc from the track, or decline."""
    state = state.with_pending(pop=1)
    if isinstance(action, Claim):
        return claim_sector(state, d.seat, action.where)
    return state


def claim_sector(state: GameState, seat: int, where: Hex) -> GameState:
    """Move a disc from the player's influence track onto a sector."""
    player = state.players[seat]
    sector = state.sector(where)
    assert sector is not None
    state = state.with_player(replace(player, discs_track=player.discs_track - 1))
    return state.with_sector(replace(sector, owner=seat))
