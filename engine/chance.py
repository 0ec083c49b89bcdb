"""Chance events of setup and cleanup: tech tiles, guardian hexes and reputation tiles drawn,
and (New Dangers) the one Black Hole sector a game uses.

(Sector draws while exploring and discovery reveals live with their actions.) Each outcome is an
action of ``CHANCE`` with its probability, so a game record replays exactly without a seed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.actions.base import Action, register
from engine.actions.explore import DrawSector, unclaimed_discoveries
from engine.board import room_for_reputation
from engine.decisions import BlackHoleDraw, GuardianDraw, ReputationDraw, TechDraw
from engine.hexes import DIRECTIONS, Hex
from engine.modules import SpecialSector
from engine.sectors import sector_tile, special_tiles
from engine.state import GameState, SectorState, Stack
from engine.tech_supply import is_rare, tech_index, tech_order


@register
@dataclass(frozen=True, slots=True)
class DrawTech(Action):
    """Chance: the tech tile drawn from the bag into the tray."""

    VERB = "draw_tech"
    tech: str


@register
@dataclass(frozen=True, slots=True)
class DrawReputation(Action):
    """Chance: the value of the reputation tile drawn."""

    VERB = "draw_reputation"
    value: int


def tech_outcomes(state: GameState) -> list[tuple[Action, float]]:
    """Each tech in the bag, weighted by its tiles."""
    total = sum(state.tech_bag)
    order = tech_order()
    return [(DrawTech(order[i]), n / total) for i, n in enumerate(state.tech_bag) if n]


def apply_tech_draw(state: GameState, d: TechDraw, action: DrawTech) -> GameState:
    """Move the tile to the tray; rare tiles do not count towards the draw."""
    i = tech_index(action.tech)
    bag = list(state.tech_bag)
    tray = list(state.tech_tray)
    bag[i] -= 1
    tray[i] += 1
    state = replace(state, tech_bag=tuple(bag), tech_tray=tuple(tray))
    left = d.left if is_rare(i) else d.left - 1
    if left > 0 and any(state.tech_bag):
        return state.with_pending(replace(d, left=left), pop=1)
    return state.with_pending(pop=1)


def guardian_outcomes(state: GameState) -> list[tuple[Action, float]]:
    """Each unused guardian hex, with equal odds."""
    pool = state.guardian_pool
    return [(DrawSector(t), 1.0 / len(pool)) for t in pool]


def apply_guardian_draw(state: GameState, d: GuardianDraw, action: DrawSector) -> GameState:
    """Place the guardian hex, arrow to the centre, with its guardian and discovery tile."""
    zone = d.zones[0]
    rotation = (_direction_from_centre(zone) + 3) % 6
    printed = sector_tile(action.tile)
    sector = SectorState(
        hex=zone,
        tile=action.tile,
        rotation=rotation,
        cubes=(False,) * len(printed.squares),
        discovery=bool(printed.discovery) and unclaimed_discoveries(state) > 0,
        guardian=printed.guardian,
    )
    pool = tuple(t for t in state.guardian_pool if t != action.tile)
    state = replace(state.with_sector(sector), guardian_pool=pool)
    if len(d.zones) > 1:
        return state.with_pending(replace(d, zones=d.zones[1:]), pop=1)
    return state.with_pending(pop=1)


def _direction_from_centre(zone: Hex) -> int:
    for d, (dq, dr) in enumerate(DIRECTIONS):
        if (2 * dq, 2 * dr) == (zone.q, zone.r):
            return d
    raise ValueError(f"{zone} is not a starting zone")


def reputation_outcomes(state: GameState) -> list[tuple[Action, float]]:
    """Each tile value in the bag, weighted by its tiles."""
    total = sum(state.reputation_bag)
    return [(DrawReputation(v + 1), n / total) for v, n in enumerate(state.reputation_bag) if n]


def apply_reputation_draw(state: GameState, d: ReputationDraw, action: DrawReputation) -> GameState:
    """The Eridani keep the tile on their reputation track."""
    bag = list(state.reputation_bag)
    bag[action.value - 1] -= 1
    state = replace(state, reputation_bag=(bag[0], bag[1], bag[2], bag[3]))
    player = state.players[d.holder]
    if room_for_reputation(player):
        player = replace(player, reputation=tuple(sorted((*player.reputation, action.value))))
    else:  # pragma: no cover - the Eridani track has room for their setup tiles
        bag[action.value - 1] += 1
        state = replace(state, reputation_bag=(bag[0], bag[1], bag[2], bag[3]))
    state = state.with_player(player)
    if d.left > 1 and any(state.reputation_bag):
        return state.with_pending(replace(d, left=d.left - 1), pop=1)
    return state.with_pending(pop=1)


def black_hole_outcomes(state: GameState, d: BlackHoleDraw) -> list[tuple[Action, float]]:
    """Either Black Hole sector, with equal odds ("use only one Black Hole sector per game")."""
    holes = special_tiles(SpecialSector.BLACK_HOLE)
    return [(DrawSector(t), 1.0 / len(holes)) for t in holes]


def apply_black_hole_draw(state: GameState, d: BlackHoleDraw, action: DrawSector) -> GameState:
    """The drawn Black Hole is shuffled into the ring III stack (whose size does not change)."""
    outer = state.stacks[2]
    pool = tuple(sorted((*outer.pool, action.tile)))
    stacks = (state.stacks[0], state.stacks[1], Stack(pool, outer.size, outer.discard))
    return replace(state, stacks=stacks).with_pending(pop=1)
