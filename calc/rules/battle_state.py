"""The solver's view of a battle: side states, ship-type facts and the activation order.

A *side state* holds, for every ship type (group) of a side, how many of its living ships have
each amount of damage: a tuple of counts per damage level ``0..hull``. Identical ships are
interchangeable, so this multiset is all that matters. A battle state pairs the attacker's and
the defender's side states.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from math import comb

from blueprints import ShipStats, ship_class_info
from blueprints.ship_classes import DriveRule
from calc._jit import jit_inline
from calc.battle.model import Battle, Side
from calc.rules.targeting import threat

GroupState = tuple[int, ...]
SideState = tuple[GroupState, ...]
State = tuple[SideState, SideState]  # (attacker, defender)


class Status(IntEnum):
    """Where a ship type stands in a battle: fighting; retreating (declared, still in the sector
    and still a target, leaves at its next activation); left (escaped). Compiled kernels compare
    these codes too (numba reads ``IntEnum`` members as integer constants)."""

    FIGHTING = 0
    RETREATING = 1
    LEFT = 2


FIGHTING, RETREATING, LEFT = Status.FIGHTING, Status.RETREATING, Status.LEFT
Statuses = tuple[int, ...]
"""A status per ship type (a ``Status`` code; a type with no living ship has ``FIGHTING``)."""
Flags = tuple[int, int]
"""(a retreat was declared, the side tried to retreat with all remaining ships)."""
FullSideState = tuple[SideState, Statuses, Flags]
"""A side's whole state in a battle: ships per damage per type, statuses, flags."""
NO_FLAGS: Flags = (0, 0)

ATTACKER, DEFENDER = 0, 1


@dataclass(frozen=True, slots=True)
class Slot:
    """One activation: which side and group fire, and whether with missiles or cannons."""

    side: int
    group: int
    missiles: bool


@dataclass(frozen=True, slots=True)
class SideSpec:
    """The fixed facts of one side inside the solver."""

    side: Side
    stats: tuple[ShipStats, ...]
    hulls: tuple[int, ...]
    counts: tuple[int, ...]
    sizes: tuple[float, ...]
    threats: tuple[float, ...]
    rift_groups: tuple[bool, ...]

    @classmethod
    def of(cls, side: Side) -> SideSpec:
        stats = tuple(g.stats for g in side.groups)
        return cls(
            side=side,
            stats=stats,
            hulls=tuple(s.hull for s in stats),
            counts=tuple(g.count for g in side.groups),
            sizes=tuple(float(ship_class_info(s.ship_class).size) for s in stats),
            threats=tuple(
                threat(
                    tuple(c.damage for c, n in s.cannons.items() if c.damage for _ in range(n)),
                    s.computer,
                    s.rift_dice,
                )
                * 1000.0
                + ship_class_info(s.ship_class).size
                for s in stats
            ),
            rift_groups=tuple(s.rift_dice > 0 for s in stats),
        )

    def initial_state(self) -> SideState:
        out = []
        for g, hull in zip(self.side.groups, self.hulls, strict=True):
            counts = [0] * (hull + 1)
            for d in g.damage_per_ship:
                counts[d] += 1
            out.append(tuple(counts))
        return tuple(out)


@jit_inline
def morph_repair(damage: int, morph: int) -> int:
    """A ship's damage after the end-of-round repair of its ``morph`` Morph Shields (each repairs
    1 damage at the end of every engagement round; RULINGS leave the timing open, Fleetlab
    repairs at the end of the round). The solvers' tables and the game engine use this rule.

    >>> morph_repair(2, 1), morph_repair(0, 1)
    (1, 0)
    """
    return max(0, damage - morph)


def can_retreat(stats: ShipStats) -> bool:
    """Whether ships of these stats can retreat: only a class that must carry a drive can move
    (``blueprints/data/ship_classes.toml``: starbases and orbitals may carry no drive, NPC
    tiles have none), so starbases and orbitals never retreat (rules: retreating ships move
    to an adjacent sector). The solvers and the engine ask this one function.

    >>> from blueprints import Blueprint
    >>> can_retreat(Blueprint.default("terran_directorate", "starbase").stats)
    False
    """
    return ship_class_info(stats.ship_class).drives is DriveRule.REQUIRED


def decides_retreats(side: Side) -> bool:
    """Whether the side takes retreat decisions: its rule may retreat and some ship type of it
    can move (a side of starbases cannot retreat whatever its rule)."""
    return side.retreats and any(can_retreat(g.stats) for g in side.groups)


def needs_general_loops(sides: Iterable[Side]) -> bool:
    """Whether a battle between these (canonical) sides takes the exact solver's general loops
    (``calc.exact.kernels``): a side decides retreats, or a ship has Morph Shields (the
    end-of-round repair makes the battle graph cyclic). Other battles take the plain loops
    (``calc.exact.kernels_plain``). The ladder's time estimate asks it too, without loading the
    solver."""
    return any(decides_retreats(s) or any(g.stats.morph for g in s.groups) for s in sides)


def alive(side_state: SideState) -> int:
    """Living ships on a side."""
    return sum(sum(g) for g in side_state)


def group_state_count(count: int, hull: int) -> int:
    """Number of multisets of at most ``count`` ships with damage 0..hull."""
    return comb(count + hull + 1, hull + 1)


def side_state_count(side: Side) -> int:
    """Number of states of one side in the exact solver (``calc.exact.side_space``): damage
    multisets per ship type, times retreat statuses and flags for a side that retreats."""
    side = side.canonical()
    total = 1
    for g in side.groups:
        n = group_state_count(g.count, g.stats.hull)
        total *= 1 + 3 * (n - 1) if side.retreats else n
    return 3 * total if side.retreats else total


def estimate_states(battle: Battle) -> int:
    """Upper bound on the battle states the exact solver will hold (before solving)."""
    return side_state_count(battle.attacker_side) * side_state_count(battle.defender_side)


def activation_order(attacker: Side, defender: Side, missiles: bool) -> tuple[Slot, ...]:
    """Slots in initiative order: highest first, the defender first on ties, and on one side
    the canonical group order (larger type first).

    Missile slots: the types with missiles. Engagement slots: the types with cannons, and,
    on a side that retreats, every type that can retreat (an unarmed ship may still retreat;
    an unarmed starbase can neither fire nor retreat, so it gets no activation)."""
    slots = []
    for side_index, side in ((ATTACKER, attacker), (DEFENDER, defender)):
        for g, group in enumerate(side.groups):
            dice = group.stats.missiles if missiles else group.stats.cannons
            mobile = side.retreats and can_retreat(group.stats)
            if dice.total or (not missiles and mobile):
                slots.append((group.stats.initiative, side_index, g))
    slots.sort(key=lambda t: (-t[0], -t[1], t[2]))
    return tuple(Slot(side, g, missiles) for _, side, g in slots)


def engagement_order(attacker: Side, defender: Side) -> tuple[Slot, ...]:
    """Every firing slot of a battle: the missile volleys, then one engagement round."""
    return activation_order(attacker, defender, True) + activation_order(attacker, defender, False)
