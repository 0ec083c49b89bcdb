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


@dataclass(frozen=True, slots=True)
class McRow:
    """Monte Carlo speed on one corpus battle: simulated battles per CPU second."""

    name: str
    samples: int
    battles_per_second: float
    attacker_wins: float
    standard_error: float


def bench_monte_carlo(
    paths: Iterable[Path],
    samples: int = 100_000,
    policy: Policy = Policy.NPC,
    report: Callable[[McRow], None] | None = None,
) -> list[McRow]:
    """Simulate each battle ``samples`` times (after a warm-up) and time it in CPU seconds of
    this thread, which other processes on the machine do not inflate."""
    import numpy as np

    from calc.montecarlo import MonteCarlo

    rows = []
    for path in paths:
        battle = with_player_policy(load_battle(path)[0], policy)
        mc = MonteCarlo(battle)
        mc.chunk(np.random.default_rng(0), 100)  # warm-up: loads the compiled kernel
        rng = np.random.default_rng(1)
        t0 = time.thread_time()
        result = mc.run(rng, samples)
        cpu = time.thread_time() - t0
        se = result.standard_error["attacker_wins"] if result.standard_error else 0.0
        row = McRow(path.stem, samples, samples / cpu, result.attacker_wins, se)
        rows.append(row)
        if report is not None:
            report(row)
    return rows


def largest_legal_battle() -> Battle:
    """8 interceptors, 4 cruisers, 2 dreadnoughts and 4 starbases on each side, with mixed
    shields, missiles and rift cannons: the largest fleets the miniatures allow."""
    from blueprints import Blueprint
    from calc.model import ShipGroup, Side

    t, o = "terran_directorate", "orion_hegemony"
    red = Side(
        "Red",
        (
            ShipGroup.of(Blueprint.from_parts(t, "interceptor", ["nus", "ioc", "nud", "gas"]), 8),
            ShipGroup.of(
                Blueprint.from_parts(t, "cruiser", ["elc", "ric", "phs", "fus", "hul", "nud"]), 4
            ),
            ShipGroup.of(
                Blueprint.from_parts(
                    t, "dreadnought", ["elc", "plc", "plm", "plm", "fus", "hul", "hul", "nud"]
                ),
                2,
            ),
            ShipGroup.of(Blueprint.default(t, "starbase"), 4),
        ),
        species=t,
    )
    blue = Side(
        "Blue",
        (
            ShipGroup.of(Blueprint.default(o, "interceptor"), 8),
            ShipGroup.of(
                Blueprint.from_parts(o, "cruiser", ["elc", "plc", "gas", "fus", "hul", "nud"]), 4
            ),
            ShipGroup.of(
                Blueprint.from_parts(
                    o, "dreadnought", ["elc", "ioc", "ioc", "gas", "nus", "imh", "hul", "nud"]
                ),
                2,
            ),
            ShipGroup.of(
                Blueprint.from_parts(o, "starbase", ["elc", "ioc", "hul", "hul", "phs"]), 4
            ),
        ),
        species=o,
    )
    return Battle.two_sided(red, blue)


def bench_largest(samples: int = 40_000) -> tuple[float, float, float, int]:
    """The ladder on the largest legal battle: (wall seconds, P(attacker wins), 95% half-width
    in percentage points, samples)."""
    from calc.odds import Budget, odds

    battle = largest_legal_battle()
    odds(battle, budget=Budget(mc_samples=200), seed=0)  # warm-up
    t0 = time.perf_counter()
    result = odds(battle, budget=Budget(mc_samples=samples), seed=1)
    seconds = time.perf_counter() - t0
    se = result.standard_error["attacker_wins"] if result.standard_error else 0.0
    return seconds, result.attacker_wins, 100 * 1.96 * se, result.stats.samples
