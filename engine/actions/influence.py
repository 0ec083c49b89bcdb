"""Influence: moving discs between the influence track and sectors, and returning cubes.

Each activation moves one disc from the track or a controlled sector to an uncontrolled sector
with no opponent ships that is connected (wormhole, warp portal, or a half wormhole with the
Wormhole Generator) to a sector where the player has a ship or control; or to an uncontrolled
sector where only the player has ships; or back to the track. One activation per sector per
action (a sector used as source or target counts). Decision: the connection is judged after the
disc has left its source. NPCs are opponents here, except that the Descendants of Draco may
influence sectors with Ancients (species text). No disc goes on a Nebula part or an exploded
Supernova (``engine.specials.can_hold_disc``); a Nebula part still counts as a sector where the
player has a ship (text 001: each part counts as a sector for influence).

A disc leaving a sector takes the player's cubes back to the population tracks; a cube from a
grey square or an orbital, or one whose track is full, goes to a track of the player's choice
(a ``CubeReturn`` decision when there is a choice).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.actions.base import Action, register
from engine.board import add_cube, return_options
from engine.decisions import Activations, CubeReturn, Decision
from engine.enums import Resource, SquareType
from engine.galaxy import connected_sectors, has_wormhole_generator, opposed
from engine.hexes import Hex
from engine.specials import can_hold_disc
from engine.state import GameState


@register
@dataclass(frozen=True, slots=True)
class InfluenceDisc(Action):
    """Move a disc from ``origin`` to ``target`` (``-`` means the influence track)."""

    VERB = "influence"
    origin: Hex | None
    target: Hex | None


@register
@dataclass(frozen=True, slots=True)
class ReturnCube(Action):
    """Put a returning cube on this population track."""

    VERB = "return_cube"
    resource: Resource


def influence_targets(
    state: GameState, seat: int, without: Hex | None, used: tuple[Hex, ...]
) -> list[Hex]:
    """Uncontrolled sectors the player may place a disc on (``without``: the disc's source)."""
    generator = has_wormhole_generator(state, seat)
    presence = {
        s.hex
        for s in state.sectors
        if (s.owner == seat and s.hex != without) or s.ships_of(seat) > 0
    }
    out: list[Hex] = []
    for sector in state.sectors:
        if sector.owner is not None and sector.hex != without:
            continue
        if not can_hold_disc(sector):
            continue
        if sector.hex == without or sector.hex in used:
            continue
        if opposed(state, sector, seat):  # opponents keep the player from influencing it
            continue
        if sector.ships_of(seat) > 0 or any(
            other.hex in presence for other in connected_sectors(state, sector.hex, generator)
        ):
            out.append(sector.hex)
    return sorted(out)


def legal_influence(state: GameState, d: Activations) -> list[Action]:
    """Every disc move of one influence activation."""
    if d.left <= 0:
        return []
    seat = d.seat
    player = state.players[seat]
    out: list[Action] = []
    if player.discs_track > 0:
        out.extend(InfluenceDisc(None, t) for t in influence_targets(state, seat, None, d.used))
    for sector in state.sectors:
        if sector.owner != seat or sector.hex in d.used:
            continue
        out.append(InfluenceDisc(sector.hex, None))
        out.extend(
            InfluenceDisc(sector.hex, t) for t in influence_targets(state, seat, sector.hex, d.used)
        )
    return out


def release_sector(state: GameState, where: Hex) -> GameState:
    """Take the controller's disc off a sector (the caller places it) and return its cubes.

    Cubes with only one possible track go back at once; the others become ``CubeReturn``
    decisions of the former controller, pushed on top of the pending stack.
    """
    sector = state.sector(where)
    assert sector is not None and sector.owner is not None
    seat = sector.owner
    player = state.players[seat]
    squares: list[SquareType | None] = [
        sq.type for sq, cube in zip(sector.printed.squares, sector.cubes, strict=True) if cube
    ]
    if sector.orbital_cube:
        squares.append(None)
    decisions: list[Decision] = []
    for square in squares:
        options = return_options(player, square)
        if len(options) == 1:
            player = add_cube(player, options[0])
        else:
            decisions.append(CubeReturn(seat, square))
    sector = replace(sector, owner=None, cubes=(False,) * len(sector.cubes), orbital_cube=False)
    return state.with_player(player).with_sector(sector).with_pending(*decisions)


def apply_influence(state: GameState, d: Activations, action: InfluenceDisc) -> GameState:
    """Move the disc; the activation is used."""
    seat = d.seat
    used = tuple(h for h in (action.origin, action.target) if h is not None)
    state = state.with_pending(replace(d, left=d.left - 1, used=d.used + used), pop=1)
    if action.origin is None:
        player = state.players[seat]
        state = state.with_player(replace(player, discs_track=player.discs_track - 1))
    else:
        state = release_sector(state, action.origin)
    if action.target is None:
        player = state.players[seat]
        return state.with_player(replace(player, discs_track=player.discs_track + 1))
    target = state.sector(action.target)
    assert target is not None
    return state.with_sector(replace(target, owner=seat))


def legal_return_cube(state: GameState, d: CubeReturn) -> list[Action]:
    """The tracks the cube may go to now."""
    return [ReturnCube(r) for r in return_options(state.players[d.seat], d.square)]


def apply_return_cube(state: GameState, d: CubeReturn, action: ReturnCube) -> GameState:
    """Put the cube back."""
    player = add_cube(state.players[d.seat], action.resource)
    return state.with_player(player).with_pending(pop=1)
