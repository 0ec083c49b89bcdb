"""Colony ships: moving population cubes from the control board onto sectors.

At any time during your action or reaction, and during upkeep, each face-up colony ship may be
flipped to move one cube from a population track to an empty population square of a sector you
control: the cube comes from the track of the square's colour, a grey square takes any cube,
and an orbital takes a money or science cube. An advanced (starred) square needs the matching
Advanced Mining, Economy or Labs tech; Metasynthesis allows every advanced square. Decision: an
advanced grey square takes a cube of a type whose Advanced tech the player has. During upkeep a
colony ship may not go into a sector with opponent ships.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.actions.base import Action, register
from engine.board import take_cube
from engine.enums import RESOURCES, Resource, SquareType
from engine.hexes import Hex
from engine.state import GameState, PlayerState, SectorState

ORBITAL_SQUARE = -1
"""The square index of the population square on an orbital."""

ADVANCED_TECH = {
    Resource.MONEY: "advanced_economy",
    Resource.SCIENCE: "advanced_labs",
    Resource.MATERIALS: "advanced_mining",
}
METASYNTHESIS = "metasynthesis"


@register
@dataclass(frozen=True, slots=True)
class Colonize(Action):
    """Flip a colony ship: a cube from the ``resource`` track onto a square (-1: orbital)."""

    VERB = "colonize"
    where: Hex
    square: int
    resource: Resource


def _advanced_ok(player: PlayerState, resource: Resource) -> bool:
    return player.has_tech(ADVANCED_TECH[resource]) or player.has_tech(METASYNTHESIS)


def square_options(player: PlayerState, sector: SectorState) -> list[tuple[int, Resource]]:
    """``(square, resource)`` pairs the player could fill in a sector, ignoring colony ships."""
    out: list[tuple[int, Resource]] = []
    printed = sector.printed
    for i, square in enumerate(printed.squares):
        if sector.cubes[i]:
            continue
        kinds = RESOURCES if square.type is SquareType.GREY else (Resource(square.type.value),)
        for r in kinds:
            if player.tracks[r.track] == 0:
                continue
            if square.advanced and not _advanced_ok(player, r):
                continue
            out.append((i, r))
    if sector.orbital and not sector.orbital_cube:
        for r in (Resource.MONEY, Resource.SCIENCE):
            if player.tracks[r.track] > 0:
                out.append((ORBITAL_SQUARE, r))
    return out


def legal_colonize(state: GameState, seat: int, upkeep: bool = False) -> list[Action]:
    """Every colony ship placement open to the player now."""
    player = state.players[seat]
    if player.colony_ready <= 0:
        return []
    out: list[Action] = []
    for sector in state.sectors:
        if sector.owner != seat:
            continue
        if upkeep and any(s != seat for s, _, _ in sector.ships):
            continue
        out.extend(Colonize(sector.hex, i, r) for i, r in square_options(player, sector))
    return out


def apply_colonize(state: GameState, seat: int, action: Colonize) -> GameState:
    """Move the cube and flip the colony ship."""
    sector = state.sector(action.where)
    assert sector is not None
    player = take_cube(state.players[seat], action.resource)
    player = replace(player, colony_used=player.colony_used + 1)
    if action.square == ORBITAL_SQUARE:
        sector = replace(sector, orbital_cube=True)
    else:
        cubes = list(sector.cubes)
        cubes[action.square] = True
        sector = replace(sector, cubes=tuple(cubes))
    return state.with_player(player).with_sector(sector)
