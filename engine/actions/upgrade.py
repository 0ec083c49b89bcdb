"""Upgrade: change blueprints through ``Blueprint.upgrade`` (the blueprint model's rules).

One activation: return any number of placed parts of one blueprint (``ReturnPart``, one decision
each), then place one part (``PlacePart``), which calls ``Blueprint.upgrade(remove=..., place=...)``
with the player's techs and discovery parts. Ending the action with parts returned and nothing
placed keeps the removals if the blueprint stays legal. Decisions: the parts returned in an
activation come from the blueprint that receives the placement; placing the very part a slot
already shows (a no-op) is not offered. A returned discovery part leaves the game (dized upgrade
rule); a discovery part held beside the board is placed like any other part.

A newly found discovery part may also be placed at once (``PartInstall``): into an empty slot or
over a printed part, without returning parts first (decision; otherwise keep it for an Upgrade).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from blueprints import (
    OUTSIDE,
    Blueprint,
    BlueprintError,
    Origin,
    Part,
    ShipClass,
    parts,
    ship_class_info,
)
from blueprints import part as find_part
from blueprints.ship_classes import DriveRule
from engine.actions.base import Action, register
from engine.decisions import Activations, PartInstall
from engine.state import GameState, PlayerState


@register
@dataclass(frozen=True, slots=True)
class ReturnPart(Action):
    """Return the part placed in ``slot`` of a blueprint (-1: outside the grid) to the tray."""

    VERB = "return_part"
    ship_class: ShipClass
    slot: int


@register
@dataclass(frozen=True, slots=True)
class PlacePart(Action):
    """Place ``part`` in ``slot`` of a blueprint (after the parts returned this activation)."""

    VERB = "place_part"
    ship_class: ShipClass
    slot: int
    part: str


@register
@dataclass(frozen=True, slots=True)
class InstallPart(Action):
    """Place a newly found discovery part in ``slot`` of a blueprint at once."""

    VERB = "install"
    ship_class: ShipClass
    slot: int


def available_parts(player: PlayerState) -> tuple[str, ...]:
    """Part ids the player may place: starting parts, parts of their techs, held discoveries."""
    techs = set(player.all_techs())
    out = []
    for p in parts():
        if (
            p.origin is Origin.STARTING
            or (p.needs_tech and p.tech in techs)
            or (p.origin is Origin.SPECIES and p.species == player.species)
        ):
            out.append(p.id)
    out.extend(sorted(set(player.parts_held)))
    return tuple(out)


def _discoveries(
    player: PlayerState, bp: Blueprint, returned: tuple[int, ...] = ()
) -> tuple[str, ...]:
    # A returned discovery part leaves the game, so it cannot be placed again.
    kept = [p.id for slot, p in _placed(bp) if p.is_discovery and slot not in returned]
    return tuple(player.parts_held) + tuple(kept)


def _placed(bp: Blueprint) -> list[tuple[int, Part]]:
    out = [(i, p) for i, p in enumerate(bp.slots) if p is not None]
    if bp.outside is not None:
        out.append((OUTSIDE, bp.outside))
    return out


@lru_cache(maxsize=65_536)
def _placements(
    bp: Blueprint,
    returned: tuple[int, ...],
    options: tuple[str, ...],
    techs: tuple[str, ...],
    discoveries: tuple[str, ...],
) -> tuple[tuple[int, str], ...]:
    layout = bp.layout
    # The blueprint after the returns, as the base every placement starts from.
    shown = list(bp.slots)
    outside = bp.outside
    for slot in returned:
        if slot == OUTSIDE:
            outside = None
        else:
            shown[slot] = layout.printed[slot]
    base_parts = [p for p in shown if p is not None] + ([outside] if outside else [])
    produced = layout.bonus.energy + sum(p.energy_production for p in base_parts)
    used = sum(p.energy_use for p in base_parts)
    drives = sum(1 for p in base_parts if p.is_drive)
    rule = ship_class_info(bp.ship_class).drives
    out: list[tuple[int, str]] = []
    slots = [i for i, b in enumerate(layout.blocked) if not b]
    for part_id in options:
        p = find_part(part_id)
        if p.is_drive and rule is DriveRule.FORBIDDEN:
            continue
        for slot in [OUTSIDE] if p.outside_grid else slots:
            current = outside if slot == OUTSIDE else shown[slot]
            if current is not None and slot != OUTSIDE and current != layout.printed[slot]:
                continue  # a placed tile must be returned first
            if slot == OUTSIDE and current is not None:
                continue
            # Cheap necessary conditions first; Blueprint.upgrade is the judge.
            c_prod = current.energy_production if current else 0
            c_use = current.energy_use if current else 0
            if used - c_use + p.energy_use > produced - c_prod + p.energy_production:
                continue
            c_drive = 1 if current is not None and current.is_drive else 0
            if rule is DriveRule.REQUIRED and drives - c_drive + int(p.is_drive) == 0:
                continue
            try:
                new = bp.upgrade(
                    remove=returned, place=(slot, p), techs=techs, discoveries=discoveries
                )
            except BlueprintError:
                continue
            if new != bp or returned:
                out.append((slot, part_id))
    return tuple(out)


def placements(
    player: PlayerState, ship_class: ShipClass, returned: tuple[int, ...]
) -> tuple[tuple[int, str], ...]:
    """``(slot, part)`` placements that leave the blueprint legal after ``returned``."""
    bp = player.blueprint(ship_class)
    return _placements(
        bp,
        returned,
        available_parts(player),
        tuple(sorted(player.all_techs())),
        _discoveries(player, bp, returned),
    )


def returnable(bp: Blueprint, returned: tuple[int, ...]) -> list[int]:
    """Slots holding a placed (not printed) part that has not been returned yet."""
    out = [i for i, p in enumerate(bp.slots) if p is not None and not bp.is_printed(i)]
    if bp.outside is not None:
        out.append(OUTSIDE)
    return [i for i in out if i not in returned]


def removal_ok(player: PlayerState, ship_class: ShipClass, returned: tuple[int, ...]) -> bool:
    """True when returning ``returned`` without placing leaves the blueprint legal."""
    if not returned:
        return True
    bp = player.blueprint(ship_class)
    try:
        bp.upgrade(
            remove=returned,
            techs=player.all_techs(),
            discoveries=_discoveries(player, bp, returned),
        )
    except BlueprintError:
        return False
    return True


def legal_upgrade(state: GameState, d: Activations) -> list[Action]:
    """Parts to return and placements of one upgrade activation."""
    if d.left <= 0:
        return []
    player = state.players[d.seat]
    out: list[Action] = []
    for bp in player.blueprints:
        cls = bp.ship_class
        if d.ship_class is not None and cls is not d.ship_class:
            continue
        returned = d.returned if d.ship_class is cls else ()
        out.extend(ReturnPart(cls, slot) for slot in returnable(bp, returned))
        out.extend(PlacePart(cls, slot, part) for slot, part in placements(player, cls, returned))
    return out


def commit(
    state: GameState,
    seat: int,
    ship_class: ShipClass,
    returned: tuple[int, ...],
    place: tuple[int, str] | None,
) -> GameState:
    """Replace the blueprint; placed held discoveries leave the hand, returned ones the game."""
    player = state.players[seat]
    bp = player.blueprint(ship_class)
    new = bp.upgrade(
        remove=returned,
        place=place,
        techs=player.all_techs(),
        discoveries=_discoveries(player, bp, returned),
    )
    held = list(player.parts_held)
    if place is not None and place[1] in held:
        held.remove(place[1])
    lost = sum(1 for slot, p in _placed(bp) if slot in returned and p.is_discovery)
    blueprints = tuple(new if b.ship_class is ship_class else b for b in player.blueprints)
    player = replace(player, blueprints=blueprints, parts_held=tuple(held))
    state = state.with_player(player)
    if lost:
        state = replace(state, discovery_out=state.discovery_out + lost)
    return state


def apply_upgrade(state: GameState, d: Activations, action: Action) -> GameState:
    """Return a part (the activation goes on) or place one (the activation is used)."""
    if isinstance(action, ReturnPart):
        returned = d.returned if d.ship_class is action.ship_class else ()
        nxt = replace(d, ship_class=action.ship_class, returned=(*returned, action.slot))
        return state.with_pending(nxt, pop=1)
    assert isinstance(action, PlacePart)
    returned = d.returned if d.ship_class is action.ship_class else ()
    state = commit(state, d.seat, action.ship_class, returned, (action.slot, action.part))
    nxt = replace(d, left=d.left - 1, ship_class=None, returned=())
    return state.with_pending(nxt, pop=1)


def finish_upgrade(state: GameState, d: Activations) -> GameState:
    """End the upgrade action, keeping parts returned in the unfinished activation."""
    if d.ship_class is not None and d.returned:
        state = commit(state, d.seat, d.ship_class, d.returned, None)
    return state.with_pending(pop=1)


def legal_install(state: GameState, d: PartInstall) -> list[Action]:
    """Slots where the new part fits without returning anything, and keeping it."""
    from engine.actions.turn import Decline

    player = state.players[d.seat]
    out: list[Action] = []
    for bp in player.blueprints:
        for slot, part in placements(player, bp.ship_class, ()):
            if part == d.part:
                out.append(InstallPart(bp.ship_class, slot))
    out.append(Decline())
    return out


def apply_install(state: GameState, d: PartInstall, action: Action) -> GameState:
    """Place the part now, or keep it beside the board."""
    state = state.with_pending(pop=1)
    if isinstance(action, InstallPart):
        return commit(state, d.seat, action.ship_class, (), (action.slot, d.part))
    return state
