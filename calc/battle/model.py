"""The battle model: ship groups, sides and battles, as frozen (hashable) values.

A ``ShipGroup`` is ``count`` ships of one type (``ShipStats``) with the damage each has already
taken. A ``Side`` is one player's (or the NPCs') groups in the sector, with the attributes that
change combat (NPC, Antimatter Splitter, the damage-assignment policy). A ``Battle`` holds the
sides in order of entry into the sector and which of them defends.

Groups with identical stats on one side are one ship type and fight as one activation, so
``Side.canonical()`` merges them; groups are ordered canonically so that the order in which a
user listed them never changes a result.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace
from enum import StrEnum

from blueprints import Blueprint, NpcVariant, ShipClass, ShipStats, npc_tile, ship_class_info
from calc.errors import BattleError
from fileio import quote

# Engineering limits of a battle, above what the game allows (the limits of one ship are in
# ``blueprints.stats``). A player has at most 8 + 4 + 2 + 4 miniatures plus Orbitals; a hex has
# at most 6 population squares (the Galactic Center) plus an Orbital's; six players and the NPCs
# can meet in one sector.
MAX_SIDE_SHIPS = 32
"""Most ships (and ship groups) on one side."""
MAX_POPULATION = 12
"""Most population cubes of the defender in the sector (the game: 7)."""
MAX_SIDES = 8
"""Most sides in one sector (the game: 6 players and the NPCs)."""
MAX_SAMPLES = 10_000_000
"""Most simulated sectors one Monte Carlo request may ask for: the standard error of a
probability is then at most 0.00016; memory stays flat (the simulator works in chunks), but the
time grows with the count (tens of seconds for a small battle at the limit)."""

DEFAULT_STATE_BUDGET = 2_000_000
"""Default cap on battle states (attacker states x defender states) the exact solver takes on;
the ladder's plan reads it too, so it lives here rather than in the solver (which the Monte
Carlo path then need not import)."""


class Policy(StrEnum):
    """How a side assigns the hits it rolls.

    ``optimal``: backward induction; the attacker maximises and the defender minimises the
    attacker's probability of winning. ``npc``: the rulebook's NPC rule. ``greedy``: a simple
    player heuristic (see ``calc.rules.targeting``).
    """

    OPTIMAL = "optimal"
    NPC = "npc"
    GREEDY = "greedy"


class NpcReading(StrEnum):
    """How Fleetlab reads the NPC rule's second sentence, "if no ship can be destroyed, dice are
    assigned to do as much damage as possible, largest to smallest": where the hits go that the
    destroy pass leaves (none of them can destroy a ship, so all their damage counts either way;
    see ``calc.rules.targeting``).

    ``concentrate`` (the default): each goes to the first ship in target order it can reach,
    piling damage on the largest, most damaged ship. ``spread``: one hit per ship in target
    order, a ship taking a second hit only when every ship the hit can reach has one more.
    Rift self-damage follows the same rule sentence, so the same reading.
    """

    CONCENTRATE = "concentrate"
    SPREAD = "spread"


class RetreatPolicy(StrEnum):
    """When a side's ship types retreat (only if the side ``can_retreat``).

    ``never``; ``threshold``: a ship type retreats at its activation when its side's probability
    of winning (from the solver, if it attacks on) is below ``Retreat.below``; ``optimal``: the
    side chooses attack or retreat at each activation to maximise ``Retreat.objective``.
    """

    NEVER = "never"
    THRESHOLD = "threshold"
    OPTIMAL = "optimal"


class RetreatObjective(StrEnum):
    """What an optimally retreating side maximises: ``value``, the expected build value of its
    ships that survive or escape minus the opponent's; ``win``, its probability of winning."""

    VALUE = "value"
    WIN = "win"


@dataclass(frozen=True, slots=True)
class Retreat:
    """A side's retreat rule."""

    policy: RetreatPolicy = RetreatPolicy.NEVER
    below: float = 0.0
    objective: RetreatObjective = RetreatObjective.VALUE

    def __post_init__(self) -> None:
        object.__setattr__(self, "policy", RetreatPolicy(self.policy))
        object.__setattr__(self, "objective", RetreatObjective(self.objective))
        if not 0.0 <= self.below <= 1.0:
            raise BattleError(f"retreat threshold must be in [0, 1], got {self.below!r}")


NO_RETREAT = Retreat()


@dataclass(frozen=True, slots=True)
class ShipGroup:
    """``count`` ships of one type; ``damage`` lists damage already taken (one entry per ship,
    missing entries are 0). ``label`` names the group for people (defaults to the class)."""

    stats: ShipStats
    count: int
    damage: tuple[int, ...] = ()
    label: str = ""
    blueprint: Blueprint | None = field(default=None, compare=False)
    npc_variant: NpcVariant | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        for d in self.damage:  # before sorting, which a non-number would break
            if isinstance(d, bool) or not isinstance(d, int) or d < 0:
                raise BattleError(f"damage must be a whole number >= 0, got {quote(d)}")
        object.__setattr__(self, "damage", tuple(sorted(self.damage, reverse=True)))
        if isinstance(self.count, bool) or not isinstance(self.count, int) or self.count < 0:
            raise BattleError(f"ship count must be a whole number >= 0, got {quote(self.count)}")
        if len(self.damage) > self.count:
            raise BattleError(
                f"{len(self.damage)} damage entries for {self.count} ships; give at most one "
                "per ship"
            )
        for d in self.damage:
            if d > self.stats.hull:
                raise BattleError(
                    f"damage {d} destroys a ship with hull {self.stats.hull}; a surviving ship "
                    f"has at most {self.stats.hull} damage"
                )
        if not self.label:
            object.__setattr__(self, "label", self.stats.ship_class.value)

    @classmethod
    def of(cls, blueprint: Blueprint, count: int, damage: tuple[int, ...] = ()) -> ShipGroup:
        """Ships built from a player blueprint."""
        return cls(blueprint.stats, count, damage, blueprint.ship_class.value, blueprint)

    @classmethod
    def npc(
        cls,
        kind: ShipClass | str,
        variant: NpcVariant | str = NpcVariant.NORMAL,
        count: int = 1,
        damage: tuple[int, ...] = (),
    ) -> ShipGroup:
        """NPC ships from their tile (``ancient``, ``guardian``, ``gcds``)."""
        tile = npc_tile(kind, variant)
        return cls(tile.stats, count, damage, tile.label, None, tile.variant)

    @property
    def damage_per_ship(self) -> tuple[int, ...]:
        """Damage of every ship, padded with zeros, most damaged first."""
        return self.damage + (0,) * (self.count - len(self.damage))

    def with_count(self, count: int) -> ShipGroup:
        """The same group with another count (damage entries kept where they fit)."""
        return replace(self, count=count, damage=self.damage[:count])


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a battle.

    ``npc_reading`` is how the side reads the NPC rule where it follows it: its hits under the
    ``npc`` policy and its rift self-damage. A battle has one reading (``Battle.npc_reading``).
    """

    name: str
    groups: tuple[ShipGroup, ...]
    npc: bool = False
    antimatter_splitter: bool = False
    policy: Policy = Policy.OPTIMAL
    species: str | None = None
    techs: tuple[str, ...] = ()
    can_retreat: bool = False
    retreat: Retreat = NO_RETREAT
    population: int = 0
    npc_reading: NpcReading = NpcReading.CONCENTRATE

    def __post_init__(self) -> None:
        object.__setattr__(self, "groups", tuple(self.groups))
        object.__setattr__(self, "techs", tuple(self.techs))
        object.__setattr__(self, "policy", Policy(self.policy))
        object.__setattr__(self, "npc_reading", NpcReading(self.npc_reading))
        if self.npc:
            # An NPC side always uses the rulebook rule and never retreats.
            object.__setattr__(self, "policy", Policy.NPC)
            object.__setattr__(self, "can_retreat", False)
            object.__setattr__(self, "retreat", NO_RETREAT)
        population = self.population
        if isinstance(population, bool) or not isinstance(population, int):
            raise BattleError(f"population must be a whole number, got {quote(population)}")
        if not 0 <= population <= MAX_POPULATION:
            raise BattleError(
                f"population must be from 0 to {MAX_POPULATION} cubes (a hex has at most 6 "
                f"population squares and an Orbital's), got {population:,}"
            )
        ships = sum(g.count for g in self.groups)
        if ships > MAX_SIDE_SHIPS or len(self.groups) > MAX_SIDE_SHIPS:
            raise BattleError(
                f"{ships:,} ships in {len(self.groups):,} groups on one side; at most "
                f"{MAX_SIDE_SHIPS} (a player has at most 22 miniatures)"
            )
        if "antimatter_splitter" in self.techs:
            object.__setattr__(self, "antimatter_splitter", True)

    @property
    def ship_count(self) -> int:
        """Ships on the side."""
        return sum(g.count for g in self.groups)

    @property
    def retreats(self) -> bool:
        """True when the side may and sometimes will retreat (``can_retreat`` and a policy)."""
        return self.can_retreat and self.retreat.policy is not RetreatPolicy.NEVER

    @property
    def neutron_bombs(self) -> bool:
        """Neutron Bombs researched: its ships destroy all population automatically."""
        return "neutron_bombs" in self.techs

    @property
    def neutron_absorber(self) -> bool:
        """Neutron Absorber researched: immune to enemy Neutron Bombs."""
        return "neutron_absorber" in self.techs

    def canonical(self) -> Side:
        """Merge groups of one ship type, drop empty ones, and order them canonically.

        The order is by initiative (highest first), then size (largest first), then the stats
        themselves, so it does not depend on how the input listed the groups.

        One battle asks for the canonical form of the same side a dozen times (the ladder's
        estimates, the sector chain, the solver), so the last few answers are remembered by
        the side's identity (sides are immutable; no hashing needed).
        """
        with _CANONICAL_LOCK:
            hit = _CANONICAL_MEMO.get(id(self))
        if hit is not None and hit[0] is self:
            return hit[1]
        result = self._canonical()
        with _CANONICAL_LOCK:
            while len(_CANONICAL_MEMO) >= CANONICAL_MEMO_SIZE:
                del _CANONICAL_MEMO[next(iter(_CANONICAL_MEMO))]  # the oldest
            # Each entry holds the side itself, so its id cannot be reused while remembered.
            _CANONICAL_MEMO[id(self)] = (self, result)
            _CANONICAL_MEMO[id(result)] = (result, result)
        return result

    def _canonical(self) -> Side:
        merged: dict[ShipStats, list[ShipGroup]] = {}
        for g in self.groups:
            if g.count:
                merged.setdefault(g.stats, []).append(g)
        groups = []
        for stats, parts in merged.items():
            damage = tuple(d for g in parts for d in g.damage)
            first = parts[0]
            groups.append(
                ShipGroup(
                    stats,
                    sum(g.count for g in parts),
                    damage,
                    first.label,
                    first.blueprint,
                    first.npc_variant,
                )
            )
        groups.sort(key=lambda g: group_order_key(g.stats))
        return replace(self, groups=tuple(groups))


CANONICAL_MEMO_SIZE = 256
_CANONICAL_MEMO: dict[int, tuple[Side, Side]] = {}
_CANONICAL_LOCK = threading.Lock()


def group_order_key(stats: ShipStats) -> tuple[object, ...]:
    """Canonical order of ship types on one side: initiative desc, size desc, then stats.

    This also fixes the activation order of two types of one side with equal initiative
    (RULINGS: the owner chooses; Fleetlab always fires the larger type first).
    """
    info = ship_class_info(stats.ship_class)
    return (
        -stats.initiative,
        -info.size,
        stats.ship_class.value,
        -stats.hull,
        -stats.computer,
        -stats.shield,
        tuple(-n for n in (stats.cannons.red, stats.cannons.blue, stats.cannons.orange)),
        -stats.cannons.yellow,
        -stats.cannons.pink,
        tuple(-n for n in (stats.missiles.red, stats.missiles.blue, stats.missiles.orange)),
        -stats.missiles.yellow,
        -stats.morph,
        -stats.cost,
        -stats.movement,
        -stats.energy_production,
        -stats.energy_use,
    )


@dataclass(frozen=True, slots=True)
class Battle:
    """Sides in order of entry into the sector; ``defender`` is the index of the side that
    controls the sector (the NPCs when there are any). Two sides for a single battle."""

    sides: tuple[Side, ...]
    defender: int = -1

    def __post_init__(self) -> None:
        object.__setattr__(self, "sides", tuple(self.sides))
        if not 2 <= len(self.sides) <= MAX_SIDES:
            raise BattleError(
                f"a battle has 2 to {MAX_SIDES} sides (six players and the NPCs), "
                f"got {len(self.sides):,}"
            )
        names = [s.name for s in self.sides]
        if len(set(names)) != len(names):
            raise BattleError(f"side names must differ, got {quote(names)}")
        index = self.defender if self.defender >= 0 else len(self.sides) + self.defender
        if not 0 <= index < len(self.sides):
            raise BattleError(
                f"defender index {self.defender!r} is not one of the {len(self.sides)} sides"
            )
        npcs = [i for i, s in enumerate(self.sides) if s.npc]
        if len(npcs) > 1:
            raise BattleError("at most one NPC side per sector (put all NPC ships in one side)")
        if npcs and npcs[0] != index:
            # NPCs always defend.
            index = npcs[0]
        object.__setattr__(self, "defender", index)
        readings = sorted({s.npc_reading.value for s in self.sides})
        if len(readings) > 1:
            raise BattleError(
                f"the sides read the NPC rule differently ({', '.join(readings)}); a battle has "
                "one reading: give every side the same npc_reading"
            )

    @property
    def npc_reading(self) -> NpcReading:
        """How this battle reads the NPC rule's leftover sentence (every side's reading)."""
        return self.sides[0].npc_reading

    @classmethod
    def two_sided(cls, attacker: Side, defender: Side) -> Battle:
        """A battle between one attacker and the defender."""
        return cls((attacker, defender), 1)

    @property
    def attacker_side(self) -> Side:
        """For two sides: the side that is not the defender."""
        if len(self.sides) != 2:
            raise BattleError("attacker_side is defined for two-sided battles only")
        return self.sides[1 - self.defender]

    @property
    def defender_side(self) -> Side:
        """The side that controls the sector (or the NPCs)."""
        return self.sides[self.defender]


def with_npc_reading(battle: Battle, reading: NpcReading) -> Battle:
    """The battle with every side reading the NPC rule as ``reading``."""
    sides = tuple(replace(s, npc_reading=NpcReading(reading)) for s in battle.sides)
    return Battle(sides, battle.defender)


def with_player_policy(battle: Battle, policy: Policy) -> Battle:
    """The battle with every player side (not the NPCs) playing ``policy``."""
    sides = tuple(s if s.npc else replace(s, policy=policy) for s in battle.sides)
    return Battle(sides, battle.defender)
