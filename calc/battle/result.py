"""What a battle computation returns: ``BattleResult`` and its parts (frozen values)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

import numpy as np
from numpy.typing import NDArray

from blueprints import ShipClass
from calc.battle.model import NpcReading, Policy, ShipGroup


class Method(StrEnum):
    """How a result was computed."""

    EXACT = "exact"
    MONTE_CARLO = "monte-carlo"


@dataclass(frozen=True, slots=True)
class GroupResult:
    """One ship type's fate: ``survivors[k]`` is P(exactly k of its ships are left in the sector
    at the end), ``escaped[k]`` P(exactly k escaped by retreating); the rest were destroyed."""

    label: str
    ship_class: ShipClass
    count: int
    cost: int
    survivors: tuple[float, ...]
    expected_survivors: float
    survivors_se: tuple[float, ...] = ()
    escaped: tuple[float, ...] = ()
    expected_escaped: float = 0.0

    @property
    def expected_destroyed(self) -> float:
        """Expected number of ships of the group destroyed."""
        return self.count - self.expected_survivors - self.expected_escaped

    @classmethod
    def of(
        cls,
        group: ShipGroup,
        survivors: Sequence[float] | NDArray[np.float64],
        errors: Sequence[float] = (),
        escaped: Sequence[float] | NDArray[np.float64] = (),
    ) -> GroupResult:
        """The result of a group from its survivor distribution (and, for an estimate, the
        standard error of each probability) and the distribution of ships escaped."""
        dist = tuple(float(p) for p in survivors)
        gone = tuple(float(p) for p in escaped)
        return cls(
            label=group.label,
            ship_class=group.stats.ship_class,
            count=group.count,
            cost=group.stats.cost,
            survivors=dist,
            expected_survivors=sum(k * p for k, p in enumerate(dist)),
            survivors_se=tuple(float(e) for e in errors),
            escaped=gone,
            expected_escaped=sum(k * p for k, p in enumerate(gone)),
        )


@dataclass(frozen=True, slots=True)
class SideResult:
    """One side's outcome.

    ``reputation_tiles[k]`` is P(the side draws k reputation tiles): one for taking part plus
    the reputation value of every opponent ship destroyed, at most 5 (NPCs draw none).
    ``expected_material_lost`` sums the build cost of the side's destroyed ships.
    ``retreats`` is P(some ship type of the side retreats) and ``expected_saved`` the expected
    number of its ships that escape by retreating. Sector combat adds ``holds_sector`` (P(the
    side's ships are the ones left in the sector)), ``population_destroyed[k]`` (P(k of its
    cubes are destroyed)) and, given the reputation bag, ``reputation_best[v]`` (P(the best
    tile it draws is worth v), v = 0 for no tile) and ``expected_best``.
    """

    name: str
    policy: Policy
    npc: bool
    wins: float
    groups: tuple[GroupResult, ...]
    expected_material_lost: float
    reputation_tiles: tuple[float, ...]
    retreats: float = 0.0
    expected_saved: float = 0.0
    holds_sector: float = 0.0
    population_destroyed: tuple[float, ...] = ()
    reputation_best: tuple[float, ...] = ()
    expected_best: float | None = None


@dataclass(frozen=True, slots=True)
class SolverStats:
    """Work done: battle states, volley outcomes tabulated, candidate next states tabulated
    (more than one per outcome under optimal play), value-iteration sweeps (1 unless Morph
    Shields make the battle cyclic) and seconds; ``samples`` for Monte Carlo, and ``cut`` the
    simulated battles stopped at the round cap (counted for the defender). With Morph Shields the
    exact solver counts as ``sweeps`` the most policy-iteration steps one cyclic block took,
    ``blocks_direct`` the cyclic blocks it solved as linear systems and ``fallbacks`` those that
    fell back to value iteration (a singular system, e.g. a policy under which the battle never
    ends). A sector adds up the work of its battles (``+``)."""

    states: int = 0
    outcomes: int = 0
    assignments: int = 0
    seconds: float = 0.0
    samples: int = 0
    sweeps: int = 0
    cut: int = 0
    blocks_direct: int = 0
    fallbacks: int = 0

    def __add__(self, other: SolverStats) -> SolverStats:
        return SolverStats(
            states=self.states + other.states,
            outcomes=self.outcomes + other.outcomes,
            assignments=self.assignments + other.assignments,
            seconds=self.seconds + other.seconds,
            samples=self.samples + other.samples,
            sweeps=max(self.sweeps, other.sweeps),
            cut=self.cut + other.cut,
            blocks_direct=self.blocks_direct + other.blocks_direct,
            fallbacks=self.fallbacks + other.fallbacks,
        )


@dataclass(frozen=True, slots=True)
class BattleResult:
    """The result of one battle between an attacker and the defender.

    ``attacker_wins + defender_wins + draw == 1``. A stalemate (neither side can ever damage
    the other) counts for the defender and is also reported on its own as ``stalemate``.
    ``standard_error`` holds, for Monte Carlo, the standard errors of the headline
    probabilities (keys ``attacker_wins``, ``defender_wins``, ``draw``, ``stalemate``,
    ``expected_rounds``) and ``interval`` the 95% Wilson interval of ``attacker_wins``.
    ``npc_reading`` is the battle's reading of the NPC rule (``Battle.npc_reading``), which
    placed the hits of every side that follows the rule and all rift self-damage.
    """

    attacker_wins: float
    defender_wins: float
    draw: float
    stalemate: float
    expected_rounds: float
    sides: tuple[SideResult, ...]
    attacker: int
    defender: int
    method: Method
    why: str
    stats: SolverStats
    standard_error: dict[str, float] | None = field(default=None, compare=False, hash=False)
    interval: tuple[float, float] | None = None
    optimal_approximated: bool = False
    npc_reading: NpcReading = NpcReading.CONCENTRATE

    @property
    def follows_npc_rule(self) -> bool:
        """Whether some side assigned its hits by the NPC rule (so its reading mattered)."""
        return any(s.policy is Policy.NPC for s in self.sides)

    @property
    def policies(self) -> dict[str, Policy]:
        """Policy used by each side."""
        return {s.name: s.policy for s in self.sides}

    def side(self, name: str) -> SideResult:
        """The result of the side with that name."""
        for s in self.sides:
            if s.name == name:
                return s
        raise KeyError(name)
