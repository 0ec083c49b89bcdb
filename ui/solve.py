"""The dashboard's one door to the battle mathematics: solve a battle file, estimate the work.

Every page solves through ``solve_key`` (the canonical JSON of a battle file in, a
``BattleResult`` out), so the cache key and the options of the file (method, samples, seed,
reputation bag) live here. Battles of any number of sides, with retreat and population, go
through ``calc.sector.ladder`` (sector combat).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from calc import Battle, BattleResult, parse_battle
from calc.sector import Budget, exact_seconds_estimate, largest_battle_states, odds

DASHBOARD_BUDGET = Budget()
"""The ladder's limits for the battle odds page (those of ``fleetlab odds``)."""
WHATIF_BUDGET = Budget(max_seconds=4.0, mc_samples=10_000)
"""Tighter limits for the what-if page, which solves one battle per candidate upgrade."""
QUICK_SECONDS = 1.0
"""Battles whose exact solve is estimated below this are solved as soon as they change."""


def solve_key(
    key: str,
    budget: Budget = DASHBOARD_BUDGET,
    progress: Callable[[float], None] | None = None,
) -> BattleResult:
    """Solve the battle file whose canonical JSON is ``key`` by the ladder (``calc.sector.ladder``).

    Raises the battle file's own errors for a bad document and ``BattleError`` for a battle
    the calculator refuses.
    """
    battle, options = parse_battle(json.loads(key))
    return odds(
        battle,
        options.method,
        budget=budget,
        samples=options.samples,
        seed=options.seed,
        bag=options.reputation_bag,
        progress=progress,
    )


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
                f"(Monte Carlo, {budget.mc_samples:,} simulated battles)"
            )
        if self.seconds < QUICK_SECONDS:
            return f"{size}: exact in under a second"
        return f"{size}: exact in about {self.seconds:.0f} s"


def estimate(battle: Battle) -> Estimate | None:
    """The exact solver's work for a battle or sector: its largest battle's states and the
    estimated seconds of the whole (``None`` if nobody can fight)."""
    states = largest_battle_states(battle)
    if states == 0:
        return None
    return Estimate(states, exact_seconds_estimate(battle))


def is_quick(battle: Battle, method: str) -> bool:
    """True when the battle may be solved on every change without a button press."""
    found = estimate(battle)
    return found is not None and method != "monte-carlo" and found.seconds < QUICK_SECONDS
