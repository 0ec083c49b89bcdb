"""Supernovae (New Dangers): at the start of every upkeep each one may explode.

The rule (text 001, "Supernova"): at the start of the Upkeep phase roll 2 yellow dice for each
explored Supernova. Each die counts its number, a blank or an explosion counting nothing; add the
largest number of techs the controller has on one track (nothing if nobody controls it). If the
total is less than the round number, the Supernova explodes: every ship, structure, population
cube and the disc leave it (cubes and the disc back to their tracks: the player chooses a track
for a cube from a grey square or an orbital, ``CubeReturn``), and the tile is flipped
(``SectorState.exploded``): no squares, no wormhole connections (the Wormhole Generator still
crosses into it, across a neighbour's wormhole half, ``engine.galaxy``).

The text's example, a test: round 6, the dice show an explosion and a 2, the controller has 4
Network (grid) techs: 0 + 2 + 4 = 6, not less than 6, so the Supernova holds.

Decisions (L): ships removed by the explosion are destroyed (back to their owners' supply, no
reputation); a warp portal placed there leaves with the structures; an exploded Supernova is
never rolled for again.
"""

from __future__ import annotations

from dataclasses import replace

from blueprints import DieColour
from engine.actions.base import Action
from engine.actions.combat import RollDice
from engine.actions.influence import release_sector
from engine.battle import roll_outcomes
from engine.decisions import SupernovaRoll
from engine.hexes import Hex
from engine.specials import is_supernova
from engine.state import CHANCE, GameState

DICE = 2


def face_value(face: int) -> int:
    """What a yellow die face adds: its number, nothing for a blank (1) or explosion (6).

    >>> [face_value(f) for f in range(1, 7)]
    [0, 2, 3, 4, 5, 0]
    """
    return face if 2 <= face <= 5 else 0


def most_techs(state: GameState, seat: int | None) -> int:
    """The largest number of techs a player has on one track (0 for nobody)."""
    if seat is None:
        return 0
    return max(len(track) for track in state.players[seat].techs)


def holds(faces: tuple[int, ...], techs: int, round_number: int) -> bool:
    """True when the Supernova does not explode: dice plus techs at least the round number.

    >>> holds((6, 2), 4, 6), holds((1, 2), 3, 6)
    (True, False)
    """
    return sum(face_value(f) for f in faces) + techs >= round_number


def supernova_rolls(state: GameState) -> tuple[SupernovaRoll, ...]:
    """The rolls due at the start of upkeep, in board order (the first is rolled first)."""
    return tuple(
        SupernovaRoll(CHANCE, s.hex) for s in state.sectors if is_supernova(s) and not s.exploded
    )


def outcomes(state: GameState, d: SupernovaRoll) -> tuple[tuple[Action, float], ...]:
    """The faces two yellow dice can show (sorted), with their odds."""
    return roll_outcomes(DieColour.YELLOW, DICE)


def apply_roll(state: GameState, d: SupernovaRoll, action: RollDice) -> GameState:
    """The Supernova holds, or explodes."""
    state = state.with_pending(pop=1)
    sector = state.sector(d.where)
    assert sector is not None
    if holds(action.values, most_techs(state, sector.owner), state.round):
        return state
    return explode(state, d.where)


def explode(state: GameState, where: Hex) -> GameState:
    """Clear the sector and flip its tile."""
    sector = state.sector(where)
    assert sector is not None
    if sector.owner is not None:
        seat = sector.owner
        state = release_sector(state, where)
        player = state.players[seat]
        state = state.with_player(replace(player, discs_track=player.discs_track + 1))
        sector = state.sector(where)
        assert sector is not None
    out = state.discovery_out + (1 if sector.portal not in (None, "tech") else 0)
    sector = replace(
        sector,
        ships=(),
        arrivals=(),
        damage=(),
        orbital=False,
        orbital_cube=False,
        monolith=False,
        portal=None,
        discovery=False,
        exploded=True,
    )
    return replace(state.with_sector(sector), discovery_out=out)
