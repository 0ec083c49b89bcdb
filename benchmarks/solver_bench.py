"""Solver benchmark: solve the named battle corpus and report work and median times.

Usage (``make bench`` runs the second)::

    python benchmarks/solver_bench.py [--only 05,18] [--policy optimal,npc] [--repeats 5]
    python benchmarks/solver_bench.py --mc [--samples 100000] [--json]

Times are medians over repeats after a warm-up run (which also loads the compiled kernels);
memory is the peak of traced allocations (NumPy arrays included) during one extra, untimed
solve. Monte Carlo speed is simulated battles per CPU second of this thread.

Every exact answer is checked against ``benchmarks/corpus_expected.json`` (P(attacker wins) per
battle and policy, to 1e-9): a faster solver that changed an answer is caught by the benchmark
itself, and the run exits with status 1. ``--write-expected`` records the current answers there
(only after a change of the rules that is meant to change them).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from calc import use_compiled
from calc.battle.files import load_battle
from calc.battle.model import Battle, Policy, with_player_policy
from calc.exact.solver import solve_exact
from fileio import write_atomic
from ui.cli_support import text_table

DEFAULT_CORPUS = Path(__file__).resolve().parent / "corpus"
EXPECTED = Path(__file__).resolve().parent / "corpus_expected.json"
EXPECTED_TOLERANCE = 1e-9
"""How far a benchmark answer may be from the recorded one (they agree to rounding)."""


def load_expected(path: Path = EXPECTED) -> dict[str, dict[str, float]]:
    """Recorded P(attacker wins) by battle name and policy (empty when the file is missing)."""
    if not path.exists():
        return {}
    values: dict[str, dict[str, float]] = json.loads(path.read_text(encoding="utf-8"))["values"]
    return values


def mismatches(rows: Iterable[BenchRow], expected: dict[str, dict[str, float]]) -> list[str]:
    """Rows whose answer differs from the recorded one, or that have none, as messages."""
    out = []
    for row in rows:
        want = expected.get(row.name, {}).get(row.policy)
        if want is None:
            out.append(f"{row.name} ({row.policy}): no recorded answer")
        elif abs(row.attacker_wins - want) > EXPECTED_TOLERANCE:
            out.append(f"{row.name} ({row.policy}): {row.attacker_wins!r}, recorded {want!r}")
    return out


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

    from calc.montecarlo.simulator import MonteCarlo

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
    from calc.battle.model import ShipGroup, Side

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
    from calc.sector.ladder import Budget, odds

    battle = largest_legal_battle()
    odds(battle, budget=Budget(mc_samples=200), seed=0)  # warm-up
    t0 = time.perf_counter()
    result = odds(battle, budget=Budget(mc_samples=samples), seed=1)
    seconds = time.perf_counter() - t0
    se = result.standard_error["attacker_wins"] if result.standard_error else 0.0
    return seconds, result.attacker_wins, 100 * 1.96 * se, result.stats.samples


HEADERS = [
    "battle",
    "policy",
    "groups",
    "states",
    "outcomes",
    "compared",
    "median s",
    "peak MiB",
    "P(att)",
]


def _cells(row: BenchRow) -> list[object]:
    return [
        row.name,
        row.policy,
        row.groups,
        f"{row.states:,}",
        f"{row.outcomes:,}",
        f"{row.assignments:,}",
        f"{row.median_seconds:.4f}",
        f"{row.peak_mib:.1f}",
        f"{row.attacker_wins:.4f}",
    ]


def run(args: argparse.Namespace) -> int:
    """Run the exact-solver benchmark and print one row per battle and policy."""
    corpus = Path(args.corpus)
    if not corpus.is_dir():
        print(f"corpus directory {str(corpus)!r} not found (give --corpus DIR)", file=sys.stderr)
        return 2
    paths = corpus_files(corpus)
    if args.only:
        paths = [p for p in paths if any(k in p.stem for k in args.only.split(","))]
    policies = [Policy(p) for p in args.policy.split(",")]
    if not args.json:
        print(" | ".join(HEADERS))

    def show(row: BenchRow) -> None:
        if not args.json:
            print(" | ".join(str(c) for c in _cells(row)), flush=True)

    rows = [] if args.mc_only else bench_exact(paths, policies, args.repeats, show)
    if args.write_expected:
        values = load_expected()
        for row in rows:
            values.setdefault(row.name, {})[row.policy] = row.attacker_wins
        recorded = {
            "about": "P(attacker wins) of each corpus battle by policy, from Fleetlab's exact "
            "solver; checked by benchmarks/solver_bench.py and tests/calc/test_corpus_expected.py",
            "values": {k: dict(sorted(v.items())) for k, v in sorted(values.items())},
        }
        write_atomic(EXPECTED, json.dumps(recorded, indent=2) + "\n")
    wrong = [] if args.write_expected else mismatches(rows, load_expected())
    mc_rows: list[McRow] = []
    largest = None
    if args.mc or args.mc_only:

        def show_mc(row: McRow) -> None:
            if not args.json:
                print(
                    f"{row.name} | Monte Carlo {row.battles_per_second:,.0f} battles/CPU s",
                    flush=True,
                )

        mc_rows = bench_monte_carlo(paths, args.samples, report=show_mc)
        largest = bench_largest()
    if args.json:
        doc: dict[str, Any] = {"exact": [asdict(r) for r in rows], "answers_changed": wrong}
        if mc_rows:
            doc["monte_carlo"] = [asdict(r) for r in mc_rows]
        if largest is not None:
            doc["largest"] = dict(
                zip(("seconds", "attacker_wins", "half_width_pp", "samples"), largest, strict=True)
            )
        print(json.dumps(doc, indent=2))
        return 1 if wrong else 0
    if rows:
        print()
        print(text_table(HEADERS, [_cells(r) for r in rows]))
    if mc_rows:
        print()
        print(
            text_table(
                ["battle", "samples", "battles per CPU second", "P(att)", "std error"],
                [
                    (r.name, f"{r.samples:,}", f"{r.battles_per_second:,.0f}",
                     f"{r.attacker_wins:.4f}", f"{r.standard_error:.4f}")
                    for r in mc_rows
                ],
            )
        )  # fmt: skip
    if largest is not None:
        seconds, p, half, n = largest
        print(
            f"\nLargest legal battle (8/4/2/4 a side, mixed shields, missiles, rift): "
            f"{n:,} simulated battles in {seconds:.2f} s, P(attacker wins) {100 * p:.2f}% "
            f"± {half:.2f} percentage points (95%)"
        )
    for message in wrong:
        print(f"ANSWER CHANGED: {message}", file=sys.stderr)
    return 1 if wrong else 0


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run the benchmark."""
    p = argparse.ArgumentParser(description="benchmark the solvers on the battle corpus")
    p.add_argument("--corpus", default=str(DEFAULT_CORPUS), help="directory of battle files")
    p.add_argument("--repeats", type=int, default=5, help="timed runs per battle (median)")
    p.add_argument("--policy", default="optimal", help="policies, comma-separated")
    p.add_argument("--only", help="run only battles whose name contains one of these")
    p.add_argument("--mc", action="store_true", help="also benchmark Monte Carlo")
    p.add_argument("--mc-only", action="store_true", help="only benchmark Monte Carlo")
    p.add_argument("--samples", type=int, default=100_000, help="Monte Carlo battles per row")
    p.add_argument("--json", action="store_true", help="print JSON rows")
    p.add_argument(
        "--write-expected", action="store_true", help="record these answers as the expected ones"
    )
    args = p.parse_args(argv)
    use_compiled()  # the compiled solver from the first battle (small ones would run plain)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
