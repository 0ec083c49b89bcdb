"""Move: one ship per activation, up to its movement, along connections (``engine.galaxy``).

Pinning is recalculated for every activation from the ships present at that moment. A ship's
movement is its blueprint's drives; a Jump Drive adds one jump per activation. Never into an
unexplored zone.

Ships carry damage outside the combat phase only after coming back from a Black Hole (New
Dangers): then ``MoveShip`` moves an undamaged ship of the class and ``MoveDamagedShip`` one
with a given damage, which it takes along. A ship that enters a Black Hole leaves the board
(``engine.actions.black_hole``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from blueprints import ShipClass
from engine.actions import black_hole
from engine.actions.base import Action, register
from engine.decisions import Activations
from engine.galaxy import free_ships, move_targets
from engine.hexes import Hex
from engine.specials import is_black_hole
from engine.state import GameState, PlayerState, SectorState, add_ships, set_damage


@register
@dataclass(frozen=True, slots=True)
class MoveShip(Action):
    """Move one ship of a class from ``origin`` to ``target``."""

    VERB = "move"
    ship_class: ShipClass
    origin: Hex
    target: Hex


@register
@dataclass(frozen=True, slots=True)
class MoveDamagedShip(Action):
    """Move one ship of a class with ``damage`` damage from ``origin`` to ``target``."""

    VERB = "move_damaged"
    ship_class: ShipClass
    origin: Hex
    target: Hex
    damage: int


def mobility(player: PlayerState, ship_class: ShipClass) -> tuple[int, bool]:
    """``(movement, has_jump_drive)`` of the player's blueprint of a class."""
    bp = player.blueprint(ship_class)
    return bp.stats.movement, any(p.jump for p in bp.parts())


def legal_move(state: GameState, d: Activations) -> list[Action]:
    """Every ship move of one activation."""
    if d.left <= 0:
        return []
    seat = d.seat
    player = state.players[seat]
    out: list[Action] = []
    for sector in state.sectors:
        classes = [c for s, c, _ in sector.ships if s == seat]
        if not classes or free_ships(state, sector, seat) == 0:
            continue
        cache: dict[tuple[int, bool], tuple[Hex, ...]] = {}
        for cls in classes:
            movement, jump = mobility(player, cls)
            if movement == 0 and not jump:
                continue
            key = (movement, jump)
            if key not in cache:
                cache[key] = move_targets(state, seat, sector.hex, movement, jump)
            damage = sector.damage_of(seat, cls) if sector.damage else ()
            if not damage or 0 in damage:
                out.extend(MoveShip(cls, sector.hex, t) for t in cache[key])
            for hurt in sorted({d for d in damage if d}):
                out.extend(MoveDamagedShip(cls, sector.hex, t, hurt) for t in cache[key])
    return out


def remove_ship(sector: SectorState, seat: int, ship_class: ShipClass) -> SectorState:
    """The sector with one ship fewer (the player leaves the entry order with their last ship)."""
    fleet = add_ships(sector.ships, seat, ship_class, -1)
    arrivals = sector.arrivals
    if not any(s == seat for s, _, _ in fleet):
        arrivals = tuple(a for a in arrivals if a != seat)
    return replace(sector, ships=fleet, arrivals=arrivals)


def _with_one_less(ships: tuple[int, ...], damage: int) -> tuple[int, ...]:
    out = list(ships)
    out.remove(damage)
    return tuple(out)


def apply_move(state: GameState, d: Activations, action: MoveShip | MoveDamagedShip) -> GameState:
    """Move the ship (with its damage); into a Black Hole it leaves the board."""
    seat, cls = d.seat, action.ship_class
    damage = action.damage if isinstance(action, MoveDamagedShip) else 0
    origin = state.sector(action.origin)
    assert origin is not None
    if origin.damage:
        left = _with_one_less(origin.damage_of(seat, cls), damage)
        origin = replace(origin, damage=set_damage(origin.damage, seat, cls, left))
    state = state.with_sector(remove_ship(origin, seat, cls))
    state = state.with_pending(replace(d, left=d.left - 1), pop=1)
    target = state.sector(action.target)
    assert target is not None
    if is_black_hole(target):
        return black_hole.enter(state, seat, cls, target.hex, damage)
    return black_hole.land(state, seat, cls, target.hex, damage)
