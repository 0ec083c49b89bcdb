"""What sectors, squares and techs are worth to a planner seat, in victory points.

Values are estimates on one scale, victory points, so that the planner can compare an explored
sector with a tech or an attack: a sector is worth its printed points plus what its squares will
produce over the rounds left (``economy.RESOURCE_VP`` a resource) plus its discovery tile, less
the upkeep of the disc that holds it; a tech is worth what it does for the seat's plan plus the
points it adds to its track, less the science it costs.

The **plan** (``Plan``) weighs the techs: ``military`` (ship parts first), ``economy`` (advanced
squares, discs, structures) or ``mix``. ``choose_plan`` picks it once, from the species (its
starting techs and activations) and the techs in the tray at the start.
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

from blueprints import DRACO, PLANTA, ShipClass, TechCategory
from blueprints import species as find_species
from blueprints import tech as find_tech
from blueprints.catalogue import track_rules
from engine.actions.colony import ADVANCED_TECH, METASYNTHESIS
from engine.actions.research import research_cost, track_of
from engine.actions.upgrade import placements
from engine.enums import RESOURCES, Resource, SquareType
from engine.modules import SpecialSector
from engine.planner.economy import (
    RESOURCE_VP,
    lateness,
    production_gain,
    rounds_left,
    steady_upkeep_cost,
    steady_upkeep_saved,
)
from engine.planner.modules import pulsar_value, supernova_survival
from engine.sectors import Square, sector_tile
from engine.state import TRACKS, GameState, PlayerState
from engine.tech_supply import tech_order

DISCOVERY_VP = 1.8
"""A facedown discovery tile: 2 VP kept, or a reward worth about as much."""


class Plan(StrEnum):
    """What a planner seat researches for."""

    MILITARY = "military"
    ECONOMY = "economy"
    MIX = "mix"


# Tech values (VP) for the military and the economy plan; the mix plan takes the mean. Ship
# parts are worth what they add to a fleet that fights every round; economy techs what they
# produce over a game (advanced squares, discs, structures). Scaled by the share of the game
# left when researched (track points are not).
TECH_VALUES: dict[str, tuple[float, float]] = {
    "neutron_bombs": (1.0, 0.4),
    "starbase": (1.0, 0.8),
    "plasma_cannon": (5.0, 2.5),
    "phase_shield": (2.5, 1.2),
    "advanced_mining": (1.0, 2.5),
    "tachyon_source": (2.5, 1.2),
    "gluon_computer": (3.0, 1.5),
    "plasma_missile": (3.5, 1.5),
    "gauss_shield": (2.5, 1.5),
    "fusion_source": (3.0, 1.5),
    "improved_hull": (3.0, 1.5),
    "positron_computer": (4.0, 2.0),
    "advanced_economy": (1.0, 2.5),
    "tachyon_drive": (1.0, 0.5),
    "antimatter_cannon": (5.0, 2.5),
    "quantum_grid": (3.0, 4.5),
    "nanorobots": (2.0, 2.5),
    "fusion_drive": (1.5, 1.0),
    "orbital": (0.8, 2.5),
    "advanced_robotics": (2.5, 3.5),
    "advanced_labs": (1.0, 2.5),
    "monolith": (1.5, 3.5),
    "wormhole_generator": (1.0, 1.5),
    "artifact_key": (0.5, 1.0),
    "antimatter_splitter": (1.0, 0.5),
    "neutron_absorber": (0.5, 0.3),
    "conifold_field": (2.5, 1.2),
    "absorption_shield": (3.0, 1.5),
    "cloaking_device": (1.0, 0.5),
    "improved_logistics": (1.5, 0.8),
    "sentient_hull": (3.0, 1.5),
    "soliton_cannon": (4.0, 2.0),
    "transition_drive": (1.0, 0.5),
    "warp_portal": (1.5, 1.5),
    "flux_missile": (3.0, 1.5),
    "pico_modulator": (1.5, 0.8),
    "ancient_labs": (2.0, 2.0),
    "zero_point_source": (3.0, 1.5),
    "metasynthesis": (1.5, 3.0),
    "rift_cannon": (2.5, 1.2),
}
PRODUCTION_WEIGHT = {Resource.MONEY: 1.4, Resource.SCIENCE: 1.0, Resource.MATERIALS: 0.9}
"""How much a square's production counts, by resource: money pays for the actions."""
SCIENCE_VP = 0.12
"""Victory points a science point is worth when spent (science buys nothing but techs)."""


def choose_plan(state: GameState, seat: int) -> Plan:
    """The plan of a seat: military for species built to fight (strong starting parts, more
    upgrade or build activations, cheaper ships), economy for those built to grow (more research
    or explore activations, Planta, Draco), weighed by what the tray offers now."""
    player = state.players[seat]
    board = find_species(player.species)
    lean = 0.0
    acts = board.activations
    lean += 1.0 * (acts.upgrade - 2) + 1.0 * (acts.build - 2)
    lean -= 1.5 * (acts.research - 1) + 1.0 * (acts.explore - 1)
    lean += sum(1.0 for t in board.starting_techs if TECH_VALUES.get(t, (0, 0))[0] >= 2.5)
    if player.species in (PLANTA, DRACO):
        lean -= 1.5
    order = tech_order()
    for i, n in enumerate(state.tech_tray):
        if not n:
            continue
        military, economy = TECH_VALUES.get(order[i], (1.0, 1.0))
        lean += 0.05 * n * (military - economy)
    if lean >= 1.0:
        return Plan.MILITARY
    if lean <= -1.0:
        return Plan.ECONOMY
    return Plan.MIX


def plan_weight(plan: Plan, tech_id: str) -> float:
    """The value of a tech's effect under a plan (VP, for a whole game)."""
    military, economy = TECH_VALUES.get(tech_id, (1.0, 1.0))
    if plan is Plan.MILITARY:
        return military
    if plan is Plan.ECONOMY:
        return economy
    return (military + economy) / 2


DISC_TECHS = {"advanced_robotics": 1, "quantum_grid": 2}
"""Techs that put discs from the tray on the influence track."""
ENERGY_TECHS = ("fusion_source", "tachyon_source", "zero_point_source")
"""Techs whose part powers the others."""


def placeable_part(player: PlayerState, tech_id: str) -> bool:
    """True when the part a tech unlocks could be placed on one of the player's warship
    blueprints right away, if the player had the tech (the engine's placement rules)."""
    part = find_tech(tech_id).unlocks_part
    if part is None:
        return True
    techs = player.techs
    trial = replace(player, techs=(techs[0] + (tech_id,), techs[1], techs[2]))
    for bp in player.blueprints:
        if bp.ship_class is ShipClass.STARBASE:
            continue
        if any(p == part for _, p in placements(trial, bp.ship_class, ())):
            return True
    return False


def _power_starved(player: PlayerState) -> bool:
    """True when a part the player has researched fits on no warship blueprint for lack of
    energy or room."""
    placed = {p.id for bp in player.blueprints for p in bp.parts()}
    for tech_id in player.all_techs():
        part = find_tech(tech_id).unlocks_part
        if part is None or tech_id in ENERGY_TECHS or part in placed:
            continue
        if not placeable_part(player, tech_id):
            return True
    return False


def advanced_squares(state: GameState, seat: int, resource: Resource) -> int:
    """Advanced squares of a resource in sectors the seat controls."""
    n = 0
    for s in state.controlled(seat):
        for sq in s.printed.squares:
            if sq.advanced and sq.type in (SquareType(resource.value), SquareType.GREY):
                n += 1
    return n


def tech_value(state: GameState, seat: int, tech_id: str, plan: Plan) -> float:
    """What researching ``tech_id`` now is worth to the seat, before its science cost: its
    effect under the plan (scaled by the share of the game left), the advanced squares it opens
    in controlled sectors, and the points its track gains."""
    player = state.players[seat]
    left = (rounds_left(state) + 1) / 8
    effect = plan_weight(plan, tech_id) * left
    if find_tech(tech_id).unlocks_part is not None and not placeable_part(player, tech_id):
        effect *= 0.35  # no blueprint has the energy or the room for it yet
    if tech_id in ENERGY_TECHS and _power_starved(player):
        effect += 2.0 * left
    for resource, needed in ADVANCED_TECH.items():
        if tech_id in (needed, METASYNTHESIS):
            effect += advanced_squares(state, seat, resource) * 1.5 * left
    discs = DISC_TECHS.get(tech_id, 0)
    if discs:
        # Discs off the upkeep track: the upkeep they save every round left.
        saved = steady_upkeep_saved(player, discs) * (rounds_left(state) + 1) * RESOURCE_VP
        effect = max(effect, saved)
    if tech_id == "artifact_key":
        effect += 5 * sum(s.printed.artifacts for s in state.controlled(seat)) * RESOURCE_VP
    t = find_tech(tech_id)
    best_track = 0.0
    for category in TRACKS if t.is_rare else (t.category,):
        held = len(player.techs[track_of(category)])
        rules = track_rules()
        points = rules.points_for(held + 1) - rules.points_for(held)
        # A tech also moves the track towards its next points and cheapens later techs.
        progress = 0.35 if held + 1 < 7 else 0.0
        best_track = max(best_track, points + progress * left)
    return effect + best_track


def research_gain(
    state: GameState, seat: int, tech_id: str, track: TechCategory, plan: Plan
) -> float:
    """``tech_value`` (and what it does for a Supernova the seat controls) less the science it
    costs on that track, at a price that falls towards the end of the game."""
    player = state.players[seat]
    held = len(player.techs[track_of(track)])
    cost = research_cost(tech_id, held)
    value = tech_value(state, seat, tech_id, plan) + steadying_value(state, seat, track)
    # Science buys nothing but techs, and nothing at all once the game is over.
    return value - SCIENCE_VP * lateness(rounds_left(state)) * cost


def steadying_value(state: GameState, seat: int, track: TechCategory) -> float:
    """What one more tech on ``track`` adds to the Supernovae the seat controls: a Supernova
    holds while its dice and its controller's fullest track reach the round number, so a tech
    that fills the fullest track raises the share of the game each is expected to last
    (``supernova_survival``) and with it the sector's value."""
    player = state.players[seat]
    novae = [
        s
        for s in state.controlled(seat)
        if not s.exploded and s.printed.special is SpecialSector.SUPERNOVA
    ]
    if not novae:
        return 0.0
    i = track_of(track)
    if len(player.techs[i]) < max(len(t) for t in player.techs):
        return 0.0
    gain = 0.0
    for s in novae:
        worth = held_value(state, seat, s.tile, s.discovery)
        now = supernova_survival(state, seat, s.tile)
        gain += worth * (supernova_survival(state, seat, s.tile, extra_techs=1) - now)
    return gain


def can_fill(player: PlayerState, square: Square) -> tuple[Resource, ...]:
    """Resources whose cube may go on a square (the advanced rule), ignoring colony ships."""
    kinds = RESOURCES if square.type is SquareType.GREY else (Resource(square.type.value),)
    if not square.advanced:
        return kinds
    return tuple(
        r for r in kinds if player.has_tech(ADVANCED_TECH[r]) or player.has_tech(METASYNTHESIS)
    )


def square_value(state: GameState, seat: int, square: Square) -> float:
    """What a population square is worth: the production its cube adds over the rounds left."""
    player = state.players[seat]
    kinds = can_fill(player, square)
    if not kinds:
        return 0.3  # an advanced square: worth something once the tech comes
    rounds = rounds_left(state) + 1
    return (
        max(production_gain(player, r) * PRODUCTION_WEIGHT[r] for r in kinds) * rounds * RESOURCE_VP
    )


def held_value(state: GameState, seat: int, tile: int, discovery: bool | None = None) -> float:
    """What controlling a sector for the rest of the game would be worth (printed VP, squares,
    discovery, species bonus, a Pulsar's free activations), before the disc's upkeep.
    ``discovery``: whether its tile is still there (default: the printed symbol)."""
    printed = sector_tile(tile)
    value = float(printed.vp)
    value += sum(square_value(state, seat, sq) for sq in printed.squares)
    has_tile = bool(printed.discovery) if discovery is None else discovery
    if has_tile:
        value += DISCOVERY_VP
    value += 0.3 * printed.artifacts
    if state.players[seat].species == PLANTA:
        value += 1.0
    value += pulsar_value(state, tile)
    return value


def sector_value(state: GameState, seat: int, tile: int, discovery: bool | None = None) -> float:
    """``held_value`` times the share of the game the sector is expected to last (below 1 only
    for a Supernova: ``modules.supernova_survival``)."""
    return held_value(state, seat, tile, discovery) * supernova_survival(state, seat, tile)


def disc_upkeep_value(state: GameState, seat: int) -> float:
    """The upkeep of one more disc on a sector until the end of the game, in VP."""
    player = state.players[seat]
    rounds = rounds_left(state) + 1
    return steady_upkeep_cost(player) * rounds * RESOURCE_VP


def claim_value(state: GameState, seat: int, tile: int, discovery: bool | None = None) -> float:
    """``sector_value`` less the upkeep of its disc."""
    return sector_value(state, seat, tile, discovery) - disc_upkeep_value(state, seat)
