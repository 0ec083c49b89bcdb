"""The dashboard's one door to the battle mathematics: solve a battle file, estimate the work.

Every page solves through ``solve_key`` (the canonical JSON of a battle file in, a
``BattleResult`` out), so the cache key, the options of the file (method, samples, seed) and
the handling of what the calculator cannot do yet live here. Battles of more than two sides
and the sector facts (retreat, population, the reputation bag) belong to sector combat: when
``calc`` gains it, wiring it in is a change to this module only.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from calc.battle_file import BattleOptions, parse_battle
from calc.battle_state import estimate_states
from calc.errors import BattleError
from calc.model import Battle
from calc.odds import Budget, exact_seconds_estimate, odds
from calc.result import BattleResult

DASHBOARD_BUDGET = Budget()
"""The ladder's limits for the battle odds page (those of ``fleetlab odds``)."""
WHATIF_BUDGET = Budget(max_seconds=4.0, target_se=0.005, mc_seconds=2.0)
"""Tighter limits for the what-if page, which solves one battle per candidate upgrade."""
QUICK_SECONDS = 1.0
"""Battles whose exact solve is estimated below this are solved as soon as they change."""


class SectorCombatError(BattleError):
    """A battle that only sector combat can solve (more than two sides)."""


def sector_combat_message(sides: int) -> str:
    """What the page says about a battle of more than two sides."""
    return (
        f"This battle has {sides} sides. Fleetlab solves battles between two sides; a sector "
        "with more sides is fought two at a time, which needs sector combat in the calculator. "
        "Remove sides until two are left to see odds."
    )


def solve_key(
    key: str,
    budget: Budget = DASHBOARD_BUDGET,
    progress: Callable[[float], None] | None = None,
) -> BattleResult:
    """Solve the battle file whose canonical JSON is ``key`` by the ladder (``calc.odds``).

    Raises ``SectorCombatError`` for battles the two-sided calculator does not take, and the
    battle file's own errors for a bad document.
    """
    battle, options = parse_battle(json.loads(key))
    try:
        return odds(
            battle,
            options.method,
            budget=budget,
            samples=options.samples,
            seed=options.seed,
            progress=progress,
        )
    except BattleError as exc:
        if len(battle.sides) > 2:
            raise SectorCombatError(sector_combat_message(len(battle.sides))) from exc
        raise


def ignored_sector_facts(battle: Battle, options: BattleOptions) -> tuple[str, ...]:
    """The sector-combat facts of the battle that two-sided odds do not use, in words."""
    found = []
    for side in battle.sides:
        sector = options.sector_for(side.name)
        if sector.can_retreat:
            found.append(f"{side.name} can retreat")
        if sector.population:
            found.append(f"{side.name} has {sector.population} population cubes")
    for name, retreat in options.retreat:
        found.append(f"{name}'s retreat policy is {retreat.policy}")
    if options.reputation_bag is not None:
        found.append("the reputation bag is set")
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Estimate:
    """Work of an exact solve before doing it: battle states and estimated seconds."""

    states: int
    seconds: float

    def exact_fits(self, budget: Budget = DASHBOARD_BUDGET) -> bool:
        """True when the ladder's first rung (exact, requested policies) fits the budget."""
        return self.states <= budget.max_states and self.seconds <= budget.max_seconds

    def describe(self, budget: Budget = DASHBOARD_BUDGET) -> str:
        """A one-line hint of how long the solve will take."""
        size = f"{self.states:,} battle states"
        if not self.exact_fits(budget):
            return (
                f"{size}: more than the exact solver's budget, so the odds will be approximate "
                f"(Monte Carlo, up to about {budget.mc_seconds:g} s)"
            )
        if self.seconds < QUICK_SECONDS:
            return f"{size}: exact in under a second"
        return f"{size}: exact in about {self.seconds:.0f} s"


def estimate(battle: Battle) -> Estimate | None:
    """The exact solver's work for a two-sided battle (``None`` for more sides)."""
    if len(battle.sides) != 2:
        return None
    states = estimate_states(battle)
    return Estimate(states, exact_seconds_estimate(battle, states))


def is_quick(battle: Battle, method: str) -> bool:
    """True when the battle may be solved on every change without a button press."""
    found = estimate(battle)
    return found is not None and method != "monte-carlo" and found.seconds < QUICK_SECONDS
