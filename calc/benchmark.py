"""Benchmark runner: solve a named corpus of battle files and report work and median times.

Used by ``fleetlab bench`` and ``make bench``. Times are medians over repeats after a warm-up
run (which also loads the compiled kernels); memory is the peak of traced allocations (NumPy
arrays included) during one extra, untimed solve.
"""

from __future__ import annotations

import statistics
import time
import tracemalloc
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from calc.battle_file import load_battle
from calc.exact import solve_exact
from calc.model import Battle, Policy


@dataclass(frozen=True, slots=True)
class BenchRow:
    """One corpus battle under one policy."""

    name: str
    policy: str
    groups: int
    states: int
    outcomes: int
    assignments: int
    median_seconds: float
    best_seconds: float
    peak_mib: float
    attacker_wins: float


def with_player_policy(battle: Battle, policy: Policy) -> Battle:
    """Every player side (not NPCs) plays ``policy``."""
    sides = tuple(s if s.npc else replace(s, policy=policy) for s in battle.sides)
    return Battle(sides, battle.defender)


def corpus_files(directory: Path) -> list[Path]:
    """The battle files of a corpus directory, by name."""
    return sorted(p for p in directory.iterdir() if p.suffix in (".json", ".toml"))


def bench_exact(
    paths: Iterable[Path],
    policies: Iterable[Policy] = (Policy.OPTIMAL,),
    repeats: int = 5,
    report: Callable[[BenchRow], None] | None = None,
) -> list[BenchRow]:
    """Solve each battle ``repeats`` times after a warm-up, per policy."""
    rows = []
    for path in paths:
        battle, _ = load_battle(path)
        for policy in policies:
            b = with_player_policy(battle, policy)
            result = solve_exact(b)  # warm-up
            times = []
            for _ in range(repeats):
                t0 = time.perf_counter()
                result = solve_exact(b)
                times.append(time.perf_counter() - t0)
            tracemalloc.start()
            solve_exact(b)
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            row = BenchRow(
                name=path.stem,
                policy=policy.value,
                groups=max(len(s.canonical().groups) for s in b.sides),
                states=result.stats.states,
                outcomes=result.stats.outcomes,
                assignments=result.stats.assignments,
                median_seconds=statistics.median(times),
                best_seconds=min(times),
                peak_mib=peak / 2**20,
                attacker_wins=result.attacker_wins,
            )
            rows.append(row)
            if report is not None:
                report(row)
    return rows
