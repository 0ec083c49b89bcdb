"""The ladder: one call answers "what will this fight do?", choosing how to compute it.

Any battle goes through the sector layer (``calc.sector.chain``): one battle for two sides, a
chain of battles for more, then population attacks and reputation draws. ``plan(battle)``
decides the rung *before* solving, from the exact solver's estimated work (states: the product,
over ship types, of the damage multisets, times retreat statuses; seconds from measured costs
per state), and ``odds`` follows the plan:

1. ``Rung.EXACT``: the exact solver with the requested policies;
2. ``Rung.EXACT_GREEDY``: if a side asked for ``optimal`` play and that does not fit, the exact
   solver with ``greedy`` for those sides (the result says optimal play was approximated);
3. ``Rung.MONTE_CARLO``: Monte Carlo with the ``npc`` and ``greedy`` policies (approximations
   said in ``why``), ``budget.mc_samples`` simulated sectors unless ``samples`` is given (40,000
   keep the standard error of P(attacker wins) at most 0.0025).

The result says which method ran and why (``method``, ``why``). ``Request.EXACT`` and
``Request.MONTE_CARLO`` force a rung; a forced exact solve gets the same budget, and a battle
over it is refused with a ``TooLargeError`` that says so (the user can ask for ``auto`` or
Monte Carlo). Nothing can exhaust memory or hang: the exact solver refuses battles over its
state and memory budgets before allocating, an exact solve that runs past
``budget.hard_seconds`` of CPU time (the estimate was wrong) is stopped and the ladder moves on,
and Monte Carlo samples in chunks whose memory does not grow with the sample count. Budgets count
this process's CPU time (``time.process_time``), so a busy machine, which stretches the wall
clock while this process waits for a core, does not push a battle onto a slower rung; the
wall clock is only the last-resort ceiling ``budget.wall_seconds`` (``calc.deadline``), several
times looser, for a process that makes no progress at all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

import numpy as np

from calc.battle.model import DEFAULT_STATE_BUDGET, MAX_SAMPLES, Battle, Policy, Side
from calc.battle.result import BattleResult, Method
from calc.errors import BattleError, TooLargeError
from calc.rules.accounting import battle_order
from calc.rules.battle_state import (
    engagement_order,
    estimate_states,
    needs_general_loops,
    side_state_count,
)
from calc.sector.chain import check_population, solve_sector
from fileio import quote

# Seconds per (battle state x firing slot), measured with `benchmarks/solver_bench.py` on the
# corpus (2-core machine, thread CPU time): the largest corpus battle, 141,750 states x 5 slots,
# takes 1.55 s with optimal play and 0.66 s with the NPC rule. Rounded up for safety; battles
# with retreats or Morph Shields take the general loops, about 3 times slower.
SECONDS_PER_STATE_SLOT = {Policy.OPTIMAL: 2.5e-6, Policy.GREEDY: 1.2e-6, Policy.NPC: 1.2e-6}
GENERAL_LOOPS_FACTOR = 3.0


class Request(StrEnum):
    """How the caller asks a battle to be computed: by the ladder, or one method forced."""

    AUTO = "auto"
    EXACT = "exact"
    MONTE_CARLO = "monte-carlo"


class Rung(StrEnum):
    """The ladder's rungs, in order."""

    EXACT = "exact"
    EXACT_GREEDY = "exact-greedy"
    MONTE_CARLO = "monte-carlo"


@dataclass(frozen=True, slots=True)
class Budget:
    """Limits of the ladder.

    The exact solver takes a battle when every battle of the sector has at most
    ``max_states`` states and the estimated time is at most ``max_seconds``. An exact solve
    running past ``hard_seconds`` of CPU time anyway is stopped, and so is one running past
    ``wall_seconds`` of wall clock (``wall_factor`` times the CPU limit: the last resort, for a
    process that gets almost no CPU). Monte Carlo simulates ``mc_samples`` sectors unless the
    caller gives a sample count.
    """

    max_states: int = DEFAULT_STATE_BUDGET
    max_seconds: float = 20.0
    hard_limit_factor: float = 3.0
    mc_samples: int = 40_000
    wall_factor: float = 4.0

    @property
    def hard_seconds(self) -> float:
        """CPU-time limit of one exact solve (seconds of this process's CPU time)."""
        return self.hard_limit_factor * self.max_seconds + 5.0

    @property
    def wall_seconds(self) -> float:
        """Wall-clock ceiling of one exact solve."""
        return self.wall_factor * self.hard_seconds


@dataclass(frozen=True, slots=True)
class Plan:
    """The ladder's decision for a battle before solving: the rung, why, and the estimate it
    rests on (the state count of the sector's largest battle and the estimated seconds of the
    exact solution with the requested policies and, if it applies, with greedy play)."""

    rung: Rung
    reason: str
    states: int
    seconds: float
    greedy_seconds: float | None = None

    @property
    def exact(self) -> bool:
        """True when the plan solves exactly (with the requested policies or greedy)."""
        return self.rung is not Rung.MONTE_CARLO


def _pair_seconds(attacker: Side, defender: Side, states: int) -> float:
    a, d = attacker.canonical(), defender.canonical()
    slots = len(engagement_order(a, d))
    per = max(SECONDS_PER_STATE_SLOT[s.policy] for s in (a, d))
    factor = GENERAL_LOOPS_FACTOR if needs_general_loops((a, d)) else 1.0
    return states * max(1, slots) * per * factor


def _estimates(battle: Battle) -> tuple[int, float]:
    """``largest_battle_states`` and ``exact_seconds_estimate`` in one pass: each pair of sides
    that can meet is estimated once (the ladder plans every battle the designer evaluates)."""
    order = battle_order(battle)
    sides = battle.sides
    largest = 0
    total = 0.0
    for step, opponent in enumerate(order[1:]):
        defender = sides[opponent]
        if not defender.ship_count:
            continue
        for holder in order[: step + 1]:
            attacker = sides[holder]
            if not attacker.ship_count:
                continue
            states = estimate_states(Battle((attacker, defender), 1))
            largest = max(largest, states)
            arrivals = 1 if step == 0 else side_state_count(attacker)
            total += arrivals * _pair_seconds(attacker, defender, states)
    return largest, total


def exact_seconds_estimate(battle: Battle) -> float:
    """Rough running time (seconds) of the exact solution of a battle or a whole sector,
    before solving. In a sector each later battle may be solved once for every state its
    arriving side can be in."""
    return _estimates(battle)[1]


def largest_battle_states(battle: Battle) -> int:
    """The state count of the largest battle the sector can hold."""
    return _estimates(battle)[0]


def greedy_instead_of_optimal(battle: Battle) -> Battle:
    """The battle with every ``optimal`` side playing ``greedy``."""
    sides = tuple(
        replace(s, policy=Policy.GREEDY) if s.policy is Policy.OPTIMAL else s for s in battle.sides
    )
    return Battle(sides, battle.defender)


def request_of(method: Request | str) -> Request:
    """The request a caller named (``auto``, ``exact``, ``monte-carlo``), or a ``BattleError``
    naming the legal ones."""
    try:
        return Request(method)
    except ValueError:
        legal = ", ".join(r.value for r in Request)
        raise BattleError(f"unknown method {quote(method)}; legal: {legal}") from None


def check_samples(samples: int | None) -> None:
    """A Monte Carlo sample count is a whole number from 1 to ``MAX_SAMPLES`` (``None``: the
    budget's default); ``BattleError`` otherwise."""
    if samples is None:
        return
    if isinstance(samples, bool) or not isinstance(samples, int) or not samples >= 1:
        raise BattleError(f"samples must be a whole number of at least 1, got {quote(samples)}")
    if samples > MAX_SAMPLES:
        raise BattleError(
            f"{samples:,} samples asked; at most {MAX_SAMPLES:,} (the standard error is then "
            "below 0.0002)"
        )


def plan(battle: Battle, method: Request | str = Request.AUTO, budget: Budget = Budget()) -> Plan:
    """The rung the ladder takes for ``battle`` (see module doc), decided before solving."""
    request = request_of(method)
    states, seconds = _estimates(battle)
    fits = states <= budget.max_states and seconds <= budget.max_seconds
    if states > budget.max_states:
        over = f"{states:,} states exceed the exact budget of {budget.max_states:,} states"
    else:
        over = (
            f"{states:,} states would take about {seconds:.0f} s, over the exact budget of "
            f"{budget.max_seconds:g} s"
        )
    if request is Request.MONTE_CARLO:
        return Plan(Rung.MONTE_CARLO, "Monte Carlo requested", states, seconds)
    if request is Request.EXACT:
        if not fits:
            raise TooLargeError(
                f"exact requested, but {over}; ask for method 'auto' (the ladder) or "
                "'monte-carlo' instead"
            )
        return Plan(Rung.EXACT, "exact requested", states, seconds)
    if fits:
        return Plan(Rung.EXACT, f"{states:,} states, within the exact budget", states, seconds)
    if any(s.policy is Policy.OPTIMAL for s in battle.sides):
        greedy_seconds = exact_seconds_estimate(greedy_instead_of_optimal(battle))
        if states <= budget.max_states and greedy_seconds <= budget.max_seconds:
            reason = f"{over} for optimal play; exact with the greedy policy"
            return Plan(Rung.EXACT_GREEDY, reason, states, seconds, greedy_seconds)
    return Plan(Rung.MONTE_CARLO, over, states, seconds)


def odds(
    battle: Battle,
    method: Request | str = Request.AUTO,
    *,
    budget: Budget = Budget(),
    samples: int | None = None,
    seed: int | None = None,
    rng: np.random.Generator | None = None,
    bag: Sequence[tuple[int, int]] | None = None,
    progress: Callable[[float], None] | None = None,
    summary: bool = True,
) -> BattleResult:
    """The odds of a battle or a whole sector by the ladder (``auto``) or a forced method.

    ``samples`` and ``seed`` (or an explicit ``rng``) set the simulation. ``bag`` gives the
    reputation tiles in the bag as ``((value, count), ...)`` (default: the base game's).
    ``summary=False`` computes the headline numbers only (who holds the sector, materials lost,
    standard errors; no survivor distributions, reputation or population): see
    ``calc.outcomes.sector_result``.
    """
    check_population(battle)
    check_samples(samples)
    decided = plan(battle, method, budget)
    generator = rng if rng is not None else np.random.default_rng(seed)

    def monte_carlo(reason: str) -> BattleResult:
        n = samples if samples is not None else budget.mc_samples
        check_samples(n)
        result = solve_sector(
            battle,
            method=Method.MONTE_CARLO,
            rng=generator,
            samples=n,
            bag=bag,
            progress=progress,
            summary=summary,
        )
        return replace(result, why=f"{reason}; {result.why}")

    def exact(b: Battle) -> BattleResult:
        return solve_sector(
            b,
            method=Method.EXACT,
            bag=bag,
            progress=progress,
            time_budget=budget.hard_seconds,
            wall_budget=budget.wall_seconds,
            summary=summary,
        )

    if decided.rung is Rung.MONTE_CARLO:
        return monte_carlo(decided.reason)
    reason = decided.reason
    if decided.rung is Rung.EXACT:
        try:
            result = exact(battle)
            if request_of(method) is Request.EXACT:
                return replace(result, why=f"exact requested; {result.why}")
            return replace(result, why=f"{result.why}, within the exact budget")
        except TooLargeError as exc:
            if request_of(method) is Request.EXACT:
                raise TooLargeError(
                    f"exact requested, but {exc}; ask for method 'auto' (the ladder) or "
                    "'monte-carlo' instead"
                ) from None
            reason = f"{decided.states:,} states, but {exc}"
        if any(s.policy is Policy.OPTIMAL for s in battle.sides):
            greedy = greedy_instead_of_optimal(battle)
            if exact_seconds_estimate(greedy) <= budget.max_seconds:
                try:
                    result = exact(greedy)
                    return replace(
                        result,
                        why=f"{reason} for optimal play; exact with the greedy policy "
                        "(optimal play approximated by greedy)",
                        optimal_approximated=True,
                    )
                except TooLargeError as exc:
                    reason = f"{reason}; greedy: {exc}"
        return monte_carlo(reason)
    try:
        result = exact(greedy_instead_of_optimal(battle))
        return replace(
            result,
            why=f"{reason} (optimal play approximated by greedy)",
            optimal_approximated=True,
        )
    except TooLargeError as exc:
        return monte_carlo(f"{reason}; greedy: {exc}")
