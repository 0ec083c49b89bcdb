"""Minor Species (New Dangers): ambassador tokens bought for money, abilities for the game.

The rules (text 001, "Minor Species"): four of the nine tokens are drawn into the supply at setup
(chance events). At any moment of their turn a player may establish relations with one: pay the
token's credits and place it on a suitable empty space of the reputation track; its ability works
at once. Several may be had; a token is never discarded; the module is played at 2-3 players too
(without player diplomacy). Credits, VP and discounts: ``engine.modules.minor_token``.

Decisions: "a suitable empty space" is a space that could take an ambassador tile and is empty
now (``engine.board.room_for_ambassador`` without returning a reputation tile: the text says
empty); "at any moment of your turn" is whenever the player may trade or use colony ships during
their own turn (``engine.rules``); the Population Cube token takes a cube from a track of the
player's choice (``TokenCube``), which stays there all game; minor species tokens are not
ambassador tiles of the base scoring (their VP are printed on them), but they are "Ambassador
tokens" for the token that scores 1 VP per Ambassador token, including itself.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.actions.base import Action, register
from engine.board import room_for_ambassador, take_cube
from engine.decisions import MinorSpeciesDraw, TokenCube
from engine.enums import RESOURCES, Resource
from engine.modules import BUILD_DISCOUNTS, MINOR_SPECIES, MinorSpecies, Module, minor_token
from engine.state import GameState, PlayerState


@register
@dataclass(frozen=True, slots=True)
class AllyMinorSpecies(Action):
    """Pay the token's credits and place it on the reputation track."""

    VERB = "minor_species"
    species: MinorSpecies


@register
@dataclass(frozen=True, slots=True)
class DrawMinorSpecies(Action):
    """Chance: the Minor Species token drawn into the supply at setup."""

    VERB = "draw_minor_species"
    species: MinorSpecies


@register
@dataclass(frozen=True, slots=True)
class CubeToToken(Action):
    """Take the cube for the Population Cube token from this track."""

    VERB = "token_cube"
    resource: Resource


# ----- setup ----------------------------------------------------------------------------------


def draw_outcomes(state: GameState, d: MinorSpeciesDraw) -> list[tuple[Action, float]]:
    """Each token not yet in the supply, with equal odds."""
    left = [m for m in MINOR_SPECIES if m not in state.minor_supply]
    return [(DrawMinorSpecies(m), 1 / len(left)) for m in left]


def apply_draw(state: GameState, d: MinorSpeciesDraw, action: DrawMinorSpecies) -> GameState:
    """The token goes into the supply; draw again while tokens are due."""
    supply = tuple(m for m in MINOR_SPECIES if m in state.minor_supply or m is action.species)
    state = replace(state, minor_supply=supply)
    if d.left > 1:
        return state.with_pending(replace(d, left=d.left - 1), pop=1)
    return state.with_pending(pop=1)


# ----- buying -----------------------------------------------------------------------------------


def room_for_token(player: PlayerState) -> bool:
    """True when an empty space of the reputation track could take the token."""
    return room_for_ambassador(player)


def legal_ally(state: GameState, seat: int) -> list[Action]:
    """The tokens of the supply the player can pay for and place."""
    if not state.config.has(Module.MINOR_SPECIES) or not state.minor_supply:
        return []
    player = state.players[seat]
    if not room_for_token(player):
        return []
    return [
        AllyMinorSpecies(m) for m in state.minor_supply if minor_token(m).credits <= player.money
    ]


def apply_ally(state: GameState, seat: int, action: AllyMinorSpecies) -> GameState:
    """Pay, place the token, and use an immediate ability."""
    player = state.players[seat]
    player = replace(
        player,
        money=player.money - minor_token(action.species).credits,
        minor_species=(*player.minor_species, action.species),
    )
    supply = tuple(m for m in state.minor_supply if m is not action.species)
    state = replace(state.with_player(player), minor_supply=supply)
    if action.species is MinorSpecies.POPULATION_CUBE and any(player.tracks):
        return state.with_pending(TokenCube(seat))
    return state


def legal_token_cube(state: GameState, d: TokenCube) -> list[Action]:
    """The tracks that have a cube."""
    player = state.players[d.seat]
    return [CubeToToken(r) for r in RESOURCES if player.tracks[r.track] > 0]


def apply_token_cube(state: GameState, d: TokenCube, action: CubeToToken) -> GameState:
    """The cube leaves its track for the token (for the rest of the game)."""
    player = replace(take_cube(state.players[d.seat], action.resource), minor_cube=True)
    return state.with_player(player).with_pending(pop=1)


# ----- abilities ------------------------------------------------------------------------------


def research_discount(player: PlayerState) -> int:
    """Science off every research (the Research Discount token)."""
    if MinorSpecies.RESEARCH_DISCOUNT in player.minor_species:
        return minor_token(MinorSpecies.RESEARCH_DISCOUNT).discount
    return 0


def build_discount(player: PlayerState, item: str) -> int:
    """Materials off building ``item`` (a ship class or structure value)."""
    return sum(
        minor_token(m).discount for m in player.minor_species if BUILD_DISCOUNTS.get(m) == item
    )


def token_points(player: PlayerState) -> int:
    """The end-game VP of the player's Minor Species tokens."""
    total = 0
    for m in player.minor_species:
        if m is MinorSpecies.REPUTATION_VP:
            total += len(player.reputation)
        elif m is MinorSpecies.AMBASSADOR_VP:
            total += len(player.ambassadors) + len(player.minor_species)
        else:
            total += minor_token(m).vp
    return total
