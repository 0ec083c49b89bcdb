"""Start-up benchmark: whole ``fleetlab`` processes against a bare ``import numpy, numba``.

Usage::

    python benchmarks/startup_bench.py [--repeats 5] [--cache fresh|current]

What users feel of a one-shot command is the whole process: interpreter, imports, loading or
compiling kernels, the solve. Each row runs a command ``--repeats`` times in a new process and
reports the median CPU seconds of that process (user + system, from ``os.wait4``), its peak
resident memory and the ratio of the CPU seconds to the baseline measured in the same run, a
bare ``python -c "import numpy, numba"``. The issue's goals (issue 22): ``fleetlab odds`` on a
small battle at most 2.0x, Monte Carlo after ``fleetlab warmup`` on a fresh cache at most
2.5x, and a small ``fleetlab odds`` under 120 MiB.

The rows are run in rounds (each round runs every row once, the baseline first), and a row's
ratio is the median of its per-round ratios to that round's baseline: on a machine that other
jobs load unevenly, the baseline and the command it is compared with then see the same load.

``--cache fresh`` (the default) points ``NUMBA_CACHE_DIR`` at a new empty folder and runs
``fleetlab warmup`` there first (a full compile: a minute or more of CPU), as a new install
would; ``--cache current`` uses the cache as it is.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SMALL = REPO / "examples" / "red_vs_ancients.json"  # 72 states
MEDIUM = REPO / "benchmarks" / "corpus" / "19_four_group_home_defence.json"  # 14,400 states
FLEETLAB = [sys.executable, "-m", "ui.cli"]


@dataclass(frozen=True, slots=True)
class Run:
    """One process: CPU seconds (user + system) and peak resident memory in MiB."""

    cpu: float
    rss_mib: float


def run_once(args: list[str], env: dict[str, str]) -> Run:
    """Run a command to the end and read its own resource usage (not other children's)."""
    process = subprocess.Popen(
        args, cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        err = process.stderr.read().decode() if process.stderr else ""
        raise SystemExit(f"{' '.join(args)} failed ({process.returncode}): {err[-2000:]}")
    if process.stderr:
        process.stderr.close()
    return Run(usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)  # ru_maxrss is KiB


def main() -> int:
    """Run every row and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="rounds: processes per row")
    parser.add_argument("--cache", choices=["fresh", "current"], default="fresh")
    args = parser.parse_args()
    env = dict(os.environ)
    env.pop("NUMBA_DISABLE_JIT", None)
    with tempfile.TemporaryDirectory(prefix="fleetlab-numba-") as fresh:
        if args.cache == "fresh":
            env["NUMBA_CACHE_DIR"] = fresh
            warm = run_once([*FLEETLAB, "warmup"], env)
            print(f"fleetlab warmup on a fresh cache: {warm.cpu:.1f} CPU s, {warm.rss_mib:.0f} MiB")
        rows = [
            (
                "bare: python -c 'import numpy, numba'",
                [sys.executable, "-c", "import numpy, numba"],
            ),
            ("fleetlab warmup (warm cache)", [*FLEETLAB, "warmup"]),
            ("fleetlab odds, 72 states (exact)", [*FLEETLAB, "odds", str(SMALL)]),
            (
                "fleetlab odds, 72 states, monte-carlo 40,000",
                [*FLEETLAB, "odds", str(SMALL), "--method", "monte-carlo", "--seed", "1"],
            ),
            ("fleetlab odds, 14,400 states (exact)", [*FLEETLAB, "odds", str(MEDIUM)]),
        ]
        rounds = [[run_once(cmd, env) for _, cmd in rows] for _ in range(args.repeats)]
    print(f"cache: {args.cache}; medians of {args.repeats} rounds; CPU = user + system")
    print(f"{'command':<48}{'CPU s':>8}{'ratio':>8}{'peak MiB':>10}")
    for i, (label, _) in enumerate(rows):
        cpu = statistics.median(r[i].cpu for r in rounds)
        ratio = statistics.median(r[i].cpu / r[0].cpu for r in rounds)
        rss = statistics.median(r[i].rss_mib for r in rounds)
        print(f"{label:<48}{cpu:>8.2f}{ratio:>7.2f}x{rss:>10.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
