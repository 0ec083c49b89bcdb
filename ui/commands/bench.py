"""``fleetlab bench``: the solver benchmarks over the named corpus in benchmarks/corpus."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from calc.benchmark import (
    BenchRow,
    McRow,
    bench_exact,
    bench_largest,
    bench_monte_carlo,
    corpus_files,
)
from calc.model import Policy
from ui.cli_support import UsageError, text_table

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "benchmarks" / "corpus"

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
        raise UsageError(f"corpus directory {str(corpus)!r} not found (give --corpus DIR)")
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
        doc: dict[str, Any] = {"exact": [asdict(r) for r in rows]}
        if mc_rows:
            doc["monte_carlo"] = [asdict(r) for r in mc_rows]
        if largest is not None:
            doc["largest"] = dict(
                zip(("seconds", "attacker_wins", "half_width_pp", "samples"), largest, strict=True)
            )
        print(json.dumps(doc, indent=2))
        return 0
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
    return 0


def register(sub: Any) -> None:
    """Add the ``bench`` subcommand."""
    p = sub.add_parser("bench", help="benchmark the solvers on the battle corpus")
    p.add_argument("--corpus", default=str(DEFAULT_CORPUS), help="directory of battle files")
    p.add_argument("--repeats", type=int, default=5, help="timed runs per battle (median)")
    p.add_argument("--policy", default="optimal", help="policies, comma-separated")
    p.add_argument("--only", help="run only battles whose name contains one of these")
    p.add_argument("--mc", action="store_true", help="also benchmark Monte Carlo")
    p.add_argument("--mc-only", action="store_true", help="only benchmark Monte Carlo")
    p.add_argument("--samples", type=int, default=100_000, help="Monte Carlo battles per row")
    p.add_argument("--json", action="store_true", help="print JSON rows")
    p.set_defaults(func=run)
