"""The planner's view of the New Dangers modules, in victory points like the rest of its values.

``engine.module_choices`` finds the module actions any bot may take (a Pulsar activation, a dive
into a Black Hole, a Minor Species token, a ship's way back); this module says what they are
worth to the planner, so that it weighs them against its other actions:

* a **Supernova** is worth only the share of the game it is expected to last
  (``supernova_survival``: the chance it holds at each coming upkeep with the controller's
  fullest track, ``module_choices.explosion_chance``), and ships left in one at risk may be lost
  (``evacuation_value``);
* a **Pulsar** adds a free activation every round (``PULSAR_ROUND_VP``);
* a **dive** into a Black Hole (``dive_value``) wins its discovery tile, less the ship's risk:
  it may come back at once with one damage (destroyed if that is more than its hull) or one or
  two rounds later (lost if that is after the last round);
* a **Minor Species** token (``token_value``) is worth its points, paid for with money at the
  planner's price of money;
* a **Nebula** part is worth its discovery tile and nothing else (no disc ever goes on it).
"""

from __future__ import annotations

from blueprints import ShipClass
from blueprints import species as find_species
from engine.actions.move import MoveDamagedShip, MoveShip
from engine.enums import RESOURCES
from engine.module_choices import explosion_chance
from engine.modules import MinorSpecies, SpecialSector, minor_token
from engine.planner.economy import RESOURCE_VP, production_gain, rounds_left
from engine.sectors import sector_tile
from engine.state import GameState, SectorState
from engine.supernova import most_techs
from engine.tables import tables

PULSAR_ROUND_VP = 0.3
"""What a Pulsar's free activation (a move, an upgrade or a build without a disc) is worth a
round: about the upkeep of the disc it saves and a little more."""
DIVE_ABSENCE_VP = 0.2
"""What a ship away in a Black Hole for a round or two costs the planner (it neither attacks nor
defends meanwhile)."""
BACK_AT_ONCE = 2 / 6
"""Yellow die faces that bring a ship back at once, with 1 damage: the blank and the
explosion."""
BACK_NEXT_ROUND = 2 / 6
"""Faces 2 and 3: back in the next round (faces 4 and 5: the round after)."""


def supernova_survival(
    state: GameState, seat: int | None, tile: int, extra_techs: int = 0
) -> float:
    """The mean, over this round and the rounds left, of the chance that a Supernova the seat
    controls has not exploded by that round's upkeep (its production and points last that long);
    1 for any other sector. The controller's techs are counted as they are now (more techs
    later only steady it), plus ``extra_techs`` (a what-if: one more on the fullest track)."""
    if sector_tile(tile).special is not SpecialSector.SUPERNOVA:
        return 1.0
    techs = most_techs(state, seat) + extra_techs
    alive = 1.0
    total = 0.0
    rounds = range(state.round, tables().rounds + 1)
    for r in rounds:
        alive *= 1.0 - explosion_chance(techs, r)
        total += alive
    return total / len(rounds)


def pulsar_value(state: GameState, tile: int) -> float:
    """A Pulsar's free activation over the rounds left (0 for any other sector)."""
    if sector_tile(tile).special is not SpecialSector.PULSAR:
        return 0.0
    return PULSAR_ROUND_VP * (rounds_left(state) + 1)


def ship_cost_vp(state: GameState, seat: int, ship_class: ShipClass) -> float:
    """What a ship of the class is worth to the seat: its build cost in materials."""
    board = find_species(state.players[seat].species)
    try:
        return board.build_cost(ship_class.value) * RESOURCE_VP
    except ValueError:
        return 0.0


def dive_loss(state: GameState, seat: int, move: MoveShip | MoveDamagedShip) -> float:
    """The chance the ship sent into the Black Hole is lost: back at once with one more damage
    than its hull takes, or due back after the last round."""
    damage = move.damage if isinstance(move, MoveDamagedShip) else 0
    hull = state.players[seat].blueprint(move.ship_class).stats.hull
    lost = BACK_AT_ONCE if damage + 1 > hull else 0.0
    last = tables().rounds
    if state.round + 1 > last:
        lost += BACK_NEXT_ROUND
    if state.round + 2 > last:
        lost += 1.0 - BACK_AT_ONCE - BACK_NEXT_ROUND
    return lost


def dive_value(
    state: GameState, seat: int, move: MoveShip | MoveDamagedShip, tile_vp: float
) -> float:
    """What diving into a Black Hole with its discovery tile (worth ``tile_vp``) is worth: the
    tile less the ship's expected loss and its time away."""
    loss = dive_loss(state, seat, move) * ship_cost_vp(state, seat, move.ship_class)
    return tile_vp - loss - DIVE_ABSENCE_VP


def explosion_risk(state: GameState, sector: SectorState) -> float:
    """The chance the Supernova ``sector`` explodes at this round's upkeep with its controller
    (0 for any other sector)."""
    if sector.exploded or sector.printed.special is not SpecialSector.SUPERNOVA:
        return 0.0
    return explosion_chance(most_techs(state, sector.owner), state.round)


def evacuation_value(state: GameState, seat: int, move: MoveShip) -> float:
    """What moving a ship out of a Supernova at risk into a sector that is not one is worth:
    the ship's cost times the chance the Supernova explodes at this round's upkeep."""
    origin, target = state.sector(move.origin), state.sector(move.target)
    if origin is None or target is None:
        return 0.0
    risk = explosion_risk(state, origin) - explosion_risk(state, target)
    return max(0.0, risk) * ship_cost_vp(state, seat, move.ship_class)


def token_value(state: GameState, seat: int, species: MinorSpecies) -> float:
    """What a Minor Species token is worth to the seat (VP): its points at the end of the game
    (for ``reputation_vp`` one a reputation tile, for ``ambassador_vp`` one an Ambassador token,
    this one included), and a discount at its value in resources over the rounds left (about
    one build or research a round); the Population Cube token also the production its cube
    adds."""
    player = state.players[seat]
    token = minor_token(species)
    if species is MinorSpecies.REPUTATION_VP:
        return float(len(player.reputation) + 1)
    if species is MinorSpecies.AMBASSADOR_VP:
        return float(len(player.ambassadors) + len(player.minor_species) + 1)
    rounds = rounds_left(state) + 1
    value = float(token.vp) + token.discount * RESOURCE_VP * 0.5 * rounds
    if species is MinorSpecies.POPULATION_CUBE:
        # A cube off a track: that track's production rises for the rest of the game.
        value += max(production_gain(player, r) for r in RESOURCES) * rounds * RESOURCE_VP
    return value
