"""The whole combat of one sector: battles two at a time, then population and reputation.

**Order** (official rules, "Determine Battles"; ``calc.rules.accounting.battle_order``): battles
are fought two at a time in reverse order of entry; in each, the side that entered first
defends and the later one attacks. The side controlling the sector, and the NPCs, always defend
and fight last. The survivors of one battle, with their damage, fight the next; ships that
retreated have left the sector. A side with no ships left in the sector is out; if a battle
leaves no ships at all, the next side in line simply stays. The Ancients do not fight the
Descendants of Draco: against Draco an NPC side fights without them.

**Exactly:** each battle is solved for every distinct state its survivors can arrive in, and
the distribution of end states feeds the next battle (records of every side's tallies are
carried along, so reputation and population are exact too). **Monte Carlo:** the same chain,
each battle simulated for the samples that reach it in each state. Both end in the one result
builder, ``calc.outcomes``; afterwards the side left in the sector attacks the others'
population and every side draws reputation tiles (``calc.rules.population``,
``calc.rules.reputation``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache

import numpy as np

from calc.battle.model import Battle, Policy
from calc.battle.result import BattleResult, Method, SolverStats
from calc.deadline import Deadline, deadline_of
from calc.errors import BattleError
from calc.montecarlo.simulator import MAX_ROUNDS, MonteCarlo, simulated_battle
from calc.outcomes import Chain, Record, sector_result
from calc.rules.accounting import EndState, battle_order

__all__ = ["battle_order", "check_population", "solve_sector"]

PairEnds = tuple[tuple[EndState, ...], float, SolverStats]
"""One battle's end states (with their probabilities), expected rounds and the work done."""


@lru_cache(maxsize=4096)
def _exact_ends(battle: Battle) -> PairEnds:
    from calc.exact.solver import ExactSolver  # imported on use: Monte Carlo never needs it

    solution = ExactSolver(battle).solution()
    return solution.ends, solution.rounds, solution.stats


def _exact_ends_timed(
    battle: Battle, deadline: Deadline | None, progress: Callable[[float], None] | None
) -> PairEnds:
    """``_exact_ends`` within what is left of ``deadline``, reporting progress if asked."""
    if deadline is None and progress is None:
        return _exact_ends(battle)
    from calc.exact.solver import ExactSolver

    solution = ExactSolver(battle, deadline=deadline, progress=progress).solution()
    return solution.ends, solution.rounds, solution.stats


def solve_sector(
    battle: Battle,
    *,
    method: Method | str = Method.EXACT,
    rng: np.random.Generator | None = None,
    samples: int = 40_000,
    bag: Sequence[tuple[int, int]] | None = None,
    progress: Callable[[float], None] | None = None,
    time_budget: float | None = None,
    wall_budget: float | None = None,
    summary: bool = True,
) -> BattleResult:
    """The combat of a whole sector (any number of sides) exactly or by Monte Carlo.

    Exactly, ``time_budget`` (seconds of this process's CPU time) bounds the whole chain, and
    ``wall_budget`` (seconds of wall clock) is the last-resort ceiling (``calc.deadline``): past
    either, ``TooLargeError``. Monte Carlo simulates ``samples`` sectors with ``rng``.
    ``summary=False``: the headline numbers only (``calc.outcomes.sector_result``).
    """
    try:
        method = Method(method)
    except ValueError:
        legal = ", ".join(m.value for m in Method)
        raise BattleError(f"unknown method {method!r}; legal: {legal}") from None
    t0 = time.process_time()
    deadline = deadline_of(time_budget, wall_budget)
    exact = method is Method.EXACT
    requested = battle
    if not exact:
        battle = simulated_battle(battle)
    single = len(battle.sides) == 2
    chain = Chain.of(battle)
    order = battle_order(battle)
    total = 1.0 if exact else float(samples)
    weights: dict[Record, float] = {chain.initial(): total}
    rounds = 0.0
    stats = SolverStats()
    generator = rng if rng is not None else np.random.default_rng()
    for step, opponent in enumerate(order[1:]):
        nxt: dict[Record, float] = {}
        for record, w in weights.items():
            pair = chain.pair(record, opponent)
            if pair is None:
                r2 = chain.skip(record, opponent)
                nxt[r2] = nxt.get(r2, 0.0) + w
                continue
            fought = chain.pair_groups(pair)
            if exact:
                ends, pair_rounds, pair_stats = _exact_ends_timed(
                    pair, deadline, progress if single else None
                )
                stats += pair_stats
                rounds += w * pair_rounds
                for end in ends:
                    r2 = chain.after(record, opponent, end, fought)
                    nxt[r2] = nxt.get(r2, 0.0) + w * end.p
            else:
                n = round(w)
                if n == 0:
                    continue
                sampled = MonteCarlo(pair).sample(generator, n)
                rounds += sampled.rounds
                stats += SolverStats(cut=sampled.cut)
                for end, count in sampled.counts.items():
                    r2 = chain.after(record, opponent, end, fought)
                    nxt[r2] = nxt.get(r2, 0.0) + count
        weights = nxt
        if deadline is not None:
            deadline.check("the sector's battles")
        if progress is not None:
            progress((step + 1) / max(1, len(order) - 1))
    seconds = time.process_time() - t0
    sides = len(battle.sides)
    if exact:
        stats = replace(stats, seconds=seconds)
        why = f"{stats.states:,} states"
        if not single:
            why = f"sector of {sides} sides, {stats.states:,} battle states solved exactly"
    else:
        stats = replace(stats, seconds=seconds, samples=samples)
        why = f"{samples:,} simulated battles" if single else f"sector of {sides} sides, "
        if not single:
            why += f"{samples:,} simulated sectors"
        notes = mc_notes(stats, requested)
        if notes:
            why += f"; {notes}"
    return sector_result(
        battle,
        chain,
        weights,
        rounds=rounds / total,
        method=method,
        why=why,
        stats=stats,
        bag=bag,
        samples=None if exact else samples,
        optimal_approximated=not exact and any(s.policy is Policy.OPTIMAL for s in requested.sides),
        summary=summary,
    )


def mc_notes(stats: SolverStats, requested: Battle) -> str:
    """What a Monte Carlo result approximated, for its ``why``."""
    notes = []
    if any(s.policy is Policy.OPTIMAL for s in requested.sides):
        notes.append("optimal play approximated by the greedy policy")
    if any(s.retreats for s in requested.sides):
        notes.append("retreat decisions approximated by the strength-share rule")
    if stats.cut:
        notes.append(f"{stats.cut} battles cut at {MAX_ROUNDS:,} rounds (counted for the defender)")
    return "; ".join(notes)


def check_population(battle: Battle) -> None:
    """Only the side controlling the sector has population in it."""
    for i, s in enumerate(battle.sides):
        if s.population and i != battle.defender:
            raise BattleError(
                f"side {s.name!r} has population in the sector but does not control it; only "
                f"the defender ({battle.sides[battle.defender].name!r}) can have population"
            )
