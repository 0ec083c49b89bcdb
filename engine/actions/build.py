"""Build: one ship or structure per activation in a sector the player controls.

Costs are the species' build costs (materials). Starbases, orbitals and monoliths need their
tech; a sector holds at most one orbital and one monolith; ships are limited by the player's
miniatures (8 interceptors, 4 cruisers, 2 dreadnoughts, 4 starbases: ``ship_class_info``).
Decision: orbitals and monoliths are limited only by the one-per-sector rule (no source gives
their component counts). Minor Species tokens (New Dangers) lower some costs (``build_cost``);
ships in a Black Hole are still the player's miniatures.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from blueprints import ShipClass, ship_class_info
from blueprints import species as find_species
from engine.actions.base import Action, register
from engine.actions.minor_species import build_discount
from engine.decisions import Activations
from engine.enums import Structure
from engine.hexes import Hex
from engine.specials import is_black_hole
from engine.state import SHIP_CLASSES, GameState, PlayerState, SectorState, add_ships

NEEDS_TECH = {"starbase": "starbase", "orbital": "orbital", "monolith": "monolith"}
ITEMS: tuple[str, ...] = (*(c.value for c in SHIP_CLASSES), *(s.value for s in Structure))


@register
@dataclass(frozen=True, slots=True)
class Build(Action):
    """Build a ship class or structure (``orbital``, ``monolith``) in a controlled sector."""

    VERB = "build"
    item: str
    where: Hex


def ships_on_board(state: GameState, seat: int, ship_class: ShipClass) -> int:
    """Miniatures of a class the player has on the board (or in a Black Hole)."""
    away = sum(1 for v in state.voyages if v.seat == seat and v.ship_class is ship_class)
    return away + sum(s.ships_of(seat, ship_class) for s in state.sectors)


def build_cost(player: PlayerState, item: str) -> int:
    """Materials to build ``item``: the species' cost less Minor Species discounts (``ValueError``
    for an item the species cannot build)."""
    cost = find_species(player.species).build_cost(item)
    return max(0, cost - build_discount(player, item))


def can_build_ship(state: GameState, seat: int, ship_class: ShipClass) -> bool:
    """True when the player has a blueprint, the tech and a miniature left for the class."""
    player = state.players[seat]
    if ship_class not in find_species(player.species).ship_classes:
        return False
    tech = NEEDS_TECH.get(ship_class.value)
    if tech is not None and not player.has_tech(tech):
        return False
    return ships_on_board(state, seat, ship_class) < ship_class_info(ship_class).limit


def legal_build(state: GameState, d: Activations) -> list[Action]:
    """Every affordable build in every controlled sector."""
    if d.left <= 0:
        return []
    seat = d.seat
    player = state.players[seat]
    mine = [s for s in state.sectors if s.owner == seat]
    if not mine:
        return []
    out: list[Action] = []
    for item in ITEMS:
        try:
            cost = build_cost(player, item)
        except ValueError:
            continue
        if cost > player.materials:
            continue
        if item in NEEDS_TECH and not player.has_tech(NEEDS_TECH[item]):
            continue
        if item == Structure.ORBITAL:
            out.extend(Build(item, s.hex) for s in mine if not s.orbital)
        elif item == Structure.MONOLITH:
            out.extend(Build(item, s.hex) for s in mine if not s.monolith)
        elif can_build_ship(state, seat, ShipClass(item)):
            # No ship stays in a Black Hole (decision: nor is one built there).
            out.extend(Build(item, s.hex) for s in mine if not is_black_hole(s))
    return out


def place_ship(sector: SectorState, seat: int, ship_class: ShipClass) -> SectorState:
    """The sector with one more ship of the player (recording its arrival if it is the first)."""
    arrivals = sector.arrivals
    if sector.ships_of(seat) == 0:
        arrivals = (*arrivals, seat)
    return replace(sector, ships=add_ships(sector.ships, seat, ship_class, 1), arrivals=arrivals)


def apply_build(state: GameState, d: Activations, action: Build) -> GameState:
    """Pay and place."""
    seat = d.seat
    player = state.players[seat]
    cost = build_cost(player, action.item)
    state = state.with_player(replace(player, materials=player.materials - cost))
    sector = state.sector(action.where)
    assert sector is not None
    if action.item == Structure.ORBITAL:
        sector = replace(sector, orbital=True)
    elif action.item == Structure.MONOLITH:
        sector = replace(sector, monolith=True)
    else:
        sector = place_ship(sector, seat, ShipClass(action.item))
    state = state.with_sector(sector)
    return state.with_pending(replace(d, left=d.left - 1), pop=1)
