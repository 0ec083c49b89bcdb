"""The dashboard's one door to the battle mathematics: solve a battle file, estimate the work.

Every page solves through ``solve_key`` (the canonical JSON of a battle file in, a
``BattleResult`` out), so the cache key and the options of the file (method, samples, seed,
reputation bag) live here. Battles of any number of sides, with retreat and population, go
through ``calc.sector.ladder`` (sector combat).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace

from calc import Battle, BattleResult, Policy, parse_battle
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


EXACT = "exact"
EXACT_GREEDY = "exact-greedy"
MONTE_CARLO = "monte-carlo"


@dataclass(frozen=True, slots=True)
class Estimate:
    """Work of a solve before doing it, and the rung of the ladder it will take.

    ``states`` is the largest battle's state count, ``seconds`` the estimated exact solve with
    the requested policies, ``greedy_seconds`` the same with greedy play in place of optimal
    (``optimal``: some side asked for optimal play). ``method`` is the battle file's method
    (``auto`` runs the ladder, ``exact`` and ``monte-carlo`` force a rung).
    """

    states: int
    seconds: float
    greedy_seconds: float
    optimal: bool = False
    method: str = "auto"
    samples: int | None = None

    def rung(self, budget: Budget = DASHBOARD_BUDGET) -> str:
        """The rung the ladder (``calc.sector.ladder``) will take: ``exact``, ``exact-greedy``
        (optimal play approximated by greedy) or ``monte-carlo``, by the same tests in the same
        order.
        (Only an exact solve that the solver's memory budget then refuses can fall further;
        the result says so when it happens.)"""
        if self.method in (EXACT, MONTE_CARLO):
            return self.method
        fits = self.states <= budget.max_states
        if fits and self.seconds <= budget.max_seconds:
            return EXACT
        if fits and self.optimal and self.greedy_seconds <= budget.max_seconds:
            return EXACT_GREEDY
        return MONTE_CARLO

    def exact_fits(self, budget: Budget = DASHBOARD_BUDGET) -> bool:
        """True when the ladder's first rung (exact, requested policies) fits the budget."""
        return self.rung(budget) == EXACT

    def _time(self, seconds: float) -> str:
        return "in under a second" if seconds < QUICK_SECONDS else f"in about {seconds:.0f} s"

    def describe(self, budget: Budget = DASHBOARD_BUDGET) -> str:
        """A one-line hint of what the solve will do and how long it will take, worded from the
        rung it will take, so that it says what the result will then say."""
        size = f"{self.states:,} battle states"
        rung = self.rung(budget)
        samples = self.samples if self.samples is not None else budget.mc_samples
        if rung == MONTE_CARLO and self.method == MONTE_CARLO:
            return f"Monte Carlo, as asked: {samples:,} simulated battles"
        if rung == EXACT and self.method == EXACT:
            return f"{size}: exact, as asked, {self._time(self.seconds)}"
        if rung == EXACT:
            return f"{size}: exact {self._time(self.seconds)}"
        if rung == EXACT_GREEDY:
            return (
                f"{size}: optimal play would take about {self.seconds:.0f} s, over the "
                f"{budget.max_seconds:g} s budget, so exact with greedy play instead, "
                f"{self._time(self.greedy_seconds)}"
            )
        if self.states > budget.max_states:
            why = f"more than the exact solver's {budget.max_states:,}"
        else:
            fastest = min(self.seconds, self.greedy_seconds)
            why = (
                f"about {fastest:.0f} s to solve exactly, over the {budget.max_seconds:g} s budget"
            )
        return f"{size}, {why}: approximate (Monte Carlo, {samples:,} simulated battles)"


def estimate(battle: Battle, method: str = "auto", samples: int | None = None) -> Estimate | None:
    """The exact solver's work for a battle or sector: its largest battle's states and the
    estimated seconds of the whole, with and without optimal play (``None`` if no two sides
    with ships meet: only an attack on population, or nothing, is left to compute)."""
    states = largest_battle_states(battle)
    if states == 0:
        return None
    seconds = exact_seconds_estimate(battle)
    optimal = [s.name for s in battle.sides if s.policy is Policy.OPTIMAL]
    # The ladder's second rung (calc.sector.ladder): greedy play where optimal play was asked.
    greedy = Battle(
        tuple(replace(s, policy=Policy.GREEDY) if s.name in optimal else s for s in battle.sides),
        battle.defender,
    )
    return Estimate(states, seconds, exact_seconds_estimate(greedy), bool(optimal), method, samples)


def is_quick(battle: Battle, method: str) -> bool:
    """True when the battle may be solved on every change without a button press: an exact
    solve estimated under a second, or nothing but an attack on population to compute."""
    if method == MONTE_CARLO:
        return False
    found = estimate(battle, method)
    if found is None:
        return True
    rung = found.rung()
    seconds = found.greedy_seconds if rung == EXACT_GREEDY else found.seconds
    return rung != MONTE_CARLO and seconds < QUICK_SECONDS
