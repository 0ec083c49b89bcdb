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

from calc import Battle, BattleResult, Plan, Request, Rung, TooLargeError, parse_battle, plan
from calc.sector import Budget, largest_battle_states, odds

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
    """The ladder's plan for a battle before solving (``calc.plan``): the rung it will take and
    the work it expects, in words that never contradict the result (the reasons are the plan's,
    the ones the result's ``why`` then gives).

    ``samples`` is the Monte Carlo sample count the solve will use; ``method`` what the battle
    file asks for (``auto`` runs the ladder, ``exact`` and ``monte-carlo`` force a rung).
    """

    plan: Plan
    samples: int
    method: Request = Request.AUTO

    @property
    def states(self) -> int:
        """Battle states of the sector's largest battle."""
        return self.plan.states

    @property
    def seconds(self) -> float:
        """Estimated seconds of the exact solution with the requested policies."""
        return self.plan.seconds

    @property
    def solve_seconds(self) -> float:
        """Estimated seconds of the exact solve the plan runs (greedy play on that rung)."""
        greedy = self.plan.greedy_seconds
        return (
            greedy if self.plan.rung is Rung.EXACT_GREEDY and greedy is not None else self.seconds
        )

    def exact_fits(self) -> bool:
        """True when the ladder solves exactly (with the requested policies or greedy)."""
        return self.plan.exact

    def describe(self) -> str:
        """A one-line hint of how the odds will be computed and how long it will take."""
        size = f"{self.states:,} battle states"
        took = (
            "in under a second"
            if self.solve_seconds < QUICK_SECONDS
            else f"in about {self.solve_seconds:.0f} s"
        )
        rung = self.plan.rung
        if rung is Rung.MONTE_CARLO and self.method is Request.MONTE_CARLO:
            return f"Monte Carlo, as asked: {self.samples:,} simulated battles"
        if rung is Rung.MONTE_CARLO:
            return (
                f"{self.plan.reason}: approximate (Monte Carlo, {self.samples:,} simulated battles)"
            )
        if rung is Rung.EXACT_GREEDY:
            return (
                f"{size}: optimal play would take about {self.seconds:.0f} s, over the budget, "
                f"so exact with greedy play in place of optimal play, {took}"
            )
        if self.method is Request.EXACT:
            return f"{size}: exact, as asked, {took}"
        return f"{size}: exact {took}"


def estimate(
    battle: Battle,
    method: Request | str = Request.AUTO,
    samples: int | None = None,
    budget: Budget = DASHBOARD_BUDGET,
) -> Estimate | None:
    """The ladder's plan for a battle or sector (``None`` if no two sides with ships meet: only
    an attack on population, or nothing, is left to compute; or if a forced exact solve would
    be refused: the solve then says why)."""
    if largest_battle_states(battle) == 0:
        return None
    try:
        decided = plan(battle, method, budget)
    except TooLargeError:
        return None
    return Estimate(decided, budget.mc_samples if samples is None else samples, Request(method))


def is_quick(battle: Battle, method: Request | str) -> bool:
    """True when the battle may be solved on every change without a button press: the plan is
    exact and estimated under ``QUICK_SECONDS``, or only an attack on population is left."""
    if Request(method) is Request.MONTE_CARLO:
        return False
    if largest_battle_states(battle) == 0:
        return True
    found = estimate(battle, method)
    return found is not None and found.plan.exact and found.solve_seconds < QUICK_SECONDS
