"""Fleet-designer benchmark: designs evaluated per second, in this process and on a pool.

Usage::

    python benchmarks/design_bench.py [--workers 2] [--budget 12] [--upgrades 2] [--repeat 1]
                                      [--opponent ancients|guardian|player]

It designs Terran ships (one interceptor owned, plasma cannon and gauss shield researched)
against ``--opponent`` (two Ancients by default), evaluates every design (no pruning, cache
cleared, so each run solves the same battles), and prints designs and battles per second
serially and on a process pool of ``--workers`` processes (pool start-up included), the
speed-up, and, for comparison, what pruning saves on the same search. Results must be
identical on every backend; it checks that.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from blueprints import Blueprint
from calc.battle.model import ShipGroup, Side
from calc.design.designer import DesignRequest, DesignResult, Opponent, design
from calc.design.evaluate import clear_cache

TERRAN = "terran_directorate"


OPPONENTS = {
    "ancients": lambda: Side("Ancients", (ShipGroup.npc("ancient", count=2),), npc=True),
    "guardian": lambda: Side("Guardian", (ShipGroup.npc("guardian"),), npc=True),
    "player": lambda: Side(
        "Blue",
        (ShipGroup.of(Blueprint.default(TERRAN, "interceptor"), 2),),
        species=TERRAN,
    ),
}


def make_request(budget: int, upgrades: int, opponent: str = "ancients") -> DesignRequest:
    """The benchmark's design request."""
    bp = Blueprint.default(TERRAN, "interceptor")
    return DesignRequest(
        side=Side("Red", (ShipGroup.of(bp, 1),), species=TERRAN),
        opponents=(Opponent(OPPONENTS[opponent]()),),
        techs=("plasma_cannon", "gauss_shield"),
        budget=budget,
        upgrades=upgrades,
        top=5,
    )


def timed(request: DesignRequest, workers: int, prune: bool) -> tuple[DesignResult, float]:
    """One cold run (cache cleared): the result and its wall-clock seconds."""
    clear_cache()
    t0 = time.perf_counter()
    result = design(request, workers=workers, prune=prune)
    return result, time.perf_counter() - t0


def main() -> int:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--budget", type=int, default=12)
    parser.add_argument("--upgrades", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=1, help="runs per backend (best is kept)")
    parser.add_argument(
        "--opponent",
        choices=sorted(OPPONENTS),
        default="ancients",
        help="two ancients (no dominance pruning), one guardian (single-NPC rule) or two "
        "interceptors of a player (optimal-play rule)",
    )
    args = parser.parse_args()
    request = make_request(args.budget, args.upgrades, args.opponent)
    design(make_request(3, 1), workers=1)  # load the compiled kernels once
    rows = []
    reference = None
    for label, workers in (("serial", 1), (f"pool x{args.workers}", args.workers)):
        best: tuple[DesignResult, float] | None = None
        for _ in range(args.repeat):
            run = timed(request, workers, prune=False)
            if best is None or run[1] < best[1]:
                best = run
        assert best is not None
        result, seconds = best
        if reference is None:
            reference = result
        elif result.designs != reference.designs:
            print("results differ between backends", file=sys.stderr)
            return 1
        rows.append((label, result, seconds))
    pruned, pruned_seconds = timed(request, 1, prune=True)
    if reference is not None and pruned.designs[0] != reference.designs[0]:
        print("pruning changed the best design", file=sys.stderr)
        return 1
    print(
        f"{reference.candidates if reference else 0:,} designs, budget {args.budget}, "
        f"{args.upgrades} upgrade activations, against {args.opponent}"
    )
    print(f"{'backend':<12}{'evaluated':>10}{'seconds':>9}{'designs/s':>11}{'battles/s':>11}")
    for label, result, seconds in rows:
        print(
            f"{label:<12}{result.evaluated:>10,}{seconds:>9.2f}"
            f"{result.evaluated / seconds:>11.0f}{result.battles / seconds:>11.0f}"
        )
    serial_seconds = rows[0][2]
    print(f"pool speed-up: {serial_seconds / rows[1][2]:.2f}x")
    print(
        f"with pruning (serial): {pruned.evaluated:,} evaluated, {pruned.pruned_bound:,} skipped "
        f"by bound, {pruned.pruned_dominated:,} dominated, {pruned_seconds:.2f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
