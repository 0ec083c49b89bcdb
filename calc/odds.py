"""``calc.odds``: the one call that answers "what will this battle do?" - the ladder.

With ``method="auto"`` it estimates the exact solver's state count *before* solving (the
product, over ship types, of the number of damage multisets) and its running time, then takes
the first rung that fits the budget:

1. the exact solver with the requested policies;
2. if a side asked for ``optimal`` play: the exact solver with ``greedy`` for those sides (the
   result says that optimal play was approximated);
3. Monte Carlo with the ``npc`` and ``greedy`` policies (optimal approximated by greedy, and
   said so), stopping at the target standard error or the time budget.

The result says which method ran and why (``method``, ``why``). ``method="exact"`` and
``method="monte-carlo"`` force a rung. Nothing here can exhaust memory: the exact solver refuses
battles over its memory budget before allocating, and Monte Carlo's memory does not grow with
the number of samples.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from calc.battle_state import activation_order, estimate_states
from calc.errors import BattleError, TooLargeError
from calc.exact import DEFAULT_STATE_BUDGET, solve_exact
from calc.model import Battle, Policy, Side
from calc.montecarlo import simulate_battle
from calc.result import BattleResult

# Seconds per (battle state x firing slot), measured with `fleetlab bench` on the corpus
# (2-core machine): the largest corpus battle, 141,750 states x 5 slots, takes 1.26 s with
# optimal play and 0.60 s with the NPC rule. Rounded up for safety.
SECONDS_PER_STATE_SLOT = {Policy.OPTIMAL: 2.5e-6, Policy.GREEDY: 1.2e-6, Policy.NPC: 1.2e-6}


@dataclass(frozen=True, slots=True)
class Budget:
    """Limits of the ladder: states and estimated seconds for the exact solver, and the
    Monte Carlo stopping rule (target standard error of P(attacker wins), time, samples).

    The estimate of seconds decides the rung; an exact solve that runs past
    ``hard_limit_factor * max_seconds + 5`` seconds anyway (the estimate was wrong) is stopped
    and the ladder moves on, so no battle can hang."""

    @property
    def hard_seconds(self) -> float:
        """Wall-clock limit of one exact solve."""
        return self.hard_limit_factor * self.max_seconds + 5.0

    max_states: int = DEFAULT_STATE_BUDGET
    max_seconds: float = 20.0
    hard_limit_factor: float = 3.0
    target_se: float = 0.0025
    mc_seconds: float = 10.0
    mc_max_samples: int = 1_000_000


def exact_seconds_estimate(battle: Battle, states: int | None = None) -> float:
    """Rough running time of the exact solver (seconds) before solving."""
    states = estimate_states(battle) if states is None else states
    a, d = battle.attacker_side.canonical(), battle.defender_side.canonical()
    slots = len(activation_order(a, d, missiles=True)) + len(activation_order(a, d, False))
    slowest = max(SECONDS_PER_STATE_SLOT[s.policy] for s in (a, d))
    return states * max(1, slots) * slowest


def _greedy_instead_of_optimal(battle: Battle) -> Battle:
    sides = tuple(
        replace(s, policy=Policy.GREEDY) if s.policy is Policy.OPTIMAL else s for s in battle.sides
    )
    return Battle(sides, battle.defender)


def _optimal_requested(battle: Battle) -> bool:
    return any(s.policy is Policy.OPTIMAL for s in battle.sides)


def _relabel(result: BattleResult, battle: Battle, why: str, approximated: bool) -> BattleResult:
    """Report the requested policies' names for the sides, with the approximation flagged."""
    return replace(
        result, why=why, optimal_approximated=approximated or result.optimal_approximated
    )


def odds(
    battle: Battle,
    method: str = "auto",
    *,
    budget: Budget = Budget(),
    samples: int | None = None,
    seed: int | None = None,
    rng: np.random.Generator | None = None,
    progress: Callable[[float], None] | None = None,
) -> BattleResult:
    """The odds of a two-sided battle by the ladder (``auto``) or a forced method.

    ``samples`` and ``seed`` (or an explicit ``rng``) set the simulation; without ``samples``
    Monte Carlo runs until the standard error of P(attacker wins) is at most
    ``budget.target_se`` or ``budget.mc_seconds`` pass.
    """
    if len(battle.sides) != 2:
        raise BattleError(
            f"calc.odds takes a two-sided battle; this one has {len(battle.sides)} sides "
            "(sector combat handles more)"
        )
    if method not in ("auto", "exact", "monte-carlo"):
        raise BattleError(f"unknown method {method!r}; legal: auto, exact, monte-carlo")
    generator = rng if rng is not None else np.random.default_rng(seed)

    def monte_carlo(reason: str) -> BattleResult:
        result = simulate_battle(
            battle,
            generator,
            samples if samples is not None else budget.mc_max_samples,
            target_se=None if samples is not None else budget.target_se,
            time_budget=None if samples is not None else budget.mc_seconds,
            progress=progress,
        )
        return _relabel(result, battle, f"{reason}; {result.why}", result.optimal_approximated)

    states = estimate_states(battle)
    if method == "monte-carlo":
        return monte_carlo("Monte Carlo requested")
    if method == "exact":
        result = solve_exact(battle, state_budget=max(states, 1), progress=progress)
        return _relabel(result, battle, f"exact requested; {states:,} states", False)
    seconds = exact_seconds_estimate(battle, states)
    reason = (
        f"{states:,} states (about {seconds:.0f} s) exceed the exact budget of "
        f"{budget.max_states:,} states / {budget.max_seconds:g} s"
    )
    if states <= budget.max_states and seconds <= budget.max_seconds:
        try:
            result = solve_exact(
                battle,
                state_budget=budget.max_states,
                progress=progress,
                time_budget=budget.hard_seconds,
            )
            return _relabel(result, battle, f"{states:,} states, within the exact budget", False)
        except TooLargeError as exc:
            reason = f"{states:,} states, but {exc}"
    if _optimal_requested(battle):
        greedy = _greedy_instead_of_optimal(battle)
        greedy_seconds = exact_seconds_estimate(greedy, states)
        if states <= budget.max_states and greedy_seconds <= budget.max_seconds:
            try:
                result = solve_exact(
                    greedy,
                    state_budget=budget.max_states,
                    progress=progress,
                    time_budget=budget.hard_seconds,
                )
                return _relabel(
                    result,
                    battle,
                    f"{reason} for optimal play; exact with the greedy policy "
                    "(optimal play approximated by greedy)",
                    True,
                )
            except TooLargeError as exc:
                reason = f"{reason}; greedy: {exc}"
    return monte_carlo(reason)


def side_policies(battle: Battle) -> dict[str, Policy]:
    """The policy each side asked for."""
    return {s.name: s.policy for s in battle.sides}


def with_policies(battle: Battle, policies: dict[str, Policy]) -> Battle:
    """The battle with some sides' policies replaced (NPC sides always keep ``npc``)."""
    sides: list[Side] = []
    for s in battle.sides:
        if s.name in policies and not s.npc:
            s = replace(s, policy=policies[s.name])
        sides.append(s)
    return Battle(tuple(sides), battle.defender)
