"""What the test suite costs, test by test and folder by folder, in CPU seconds.

``make test`` has a budget (README: at most 12 minutes of wall time and 15 CPU-minutes on two
cores, set-up included). When it grows, this script says where the CPU goes. It runs pytest
with the ``tests.cpu_profile`` plugin (every test's CPU seconds, those of the child processes
it reaped, such as a Streamlit server or a notebook kernel, and its wall seconds) and prints:

- the costliest tests by CPU (the process's own plus its children's),
- CPU and wall per test folder (``tests/engine``, ``tests/ui``, doctests of ``calc``...),
- the totals: every worker process's CPU, the part inside tests, and the rest (collection,
  imports, fixtures shared by a module).

Usage::

    python benchmarks/test_costs.py                     # the whole suite on 2 workers
    python benchmarks/test_costs.py --top 30 -- tests/engine   # only these tests
    python benchmarks/test_costs.py --read DIR          # the table of an earlier run's DIR

A child process counts at the test during which it is reaped: a session fixture's server
counts at the teardown of the last test its worker runs (whatever that test is), a process
pool's workers at the test that shuts the pool. The totals are exact either way.

Numbers are CPU seconds, so they hold on a machine whose cores other work shares (wall
seconds do not: a test that waits on a server looks as costly as one that computes).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True, slots=True)
class TestCost:
    """One test's cost in seconds: its process's CPU, its reaped children's CPU, wall."""

    nodeid: str
    cpu: float
    children: float
    wall: float

    @property
    def total(self) -> float:
        """CPU seconds, its own and its children's."""
        return self.cpu + self.children

    @property
    def folder(self) -> str:
        """``tests/engine`` for ``tests/engine/test_x.py::t``; ``calc`` for a doctest there."""
        path = self.nodeid.split("::", 1)[0]
        parts = path.split("/")
        if parts[0] == "tests" and len(parts) > 2:
            return "/".join(parts[:2])
        return parts[0] if len(parts) > 1 else path


@dataclass(frozen=True, slots=True)
class Profile:
    """Every test's cost and the CPU of the processes that ran them."""

    tests: tuple[TestCost, ...]
    process_cpu: float
    children_cpu: float


def read_profile(folder: Path) -> Profile:
    """The JSON files the plugin wrote into ``folder``, one per process, put together."""
    tests: list[TestCost] = []
    process_cpu = children_cpu = 0.0
    files = sorted(folder.glob("*.json"))
    if not files:
        raise SystemExit(f"no profile in {folder}: run pytest with -p tests.cpu_profile")
    main = folder / "main.json"
    for file in files:
        data = json.loads(file.read_text())
        if file == main or not main.exists():
            # Under xdist the workers are the main process's children, so its children's CPU
            # already holds theirs (and their children's): count the workers only there.
            process_cpu += float(data["process_cpu"])
            children_cpu += float(data["children_cpu"])
        for nodeid, cost in data["tests"].items():
            tests.append(
                TestCost(nodeid, float(cost["cpu"]), float(cost["children"]), float(cost["wall"]))
            )
    return Profile(tuple(tests), process_cpu, children_cpu)


def run_profile(folder: Path, workers: str, pytest_args: list[str]) -> None:
    """Run pytest with the plugin, writing into ``folder``."""
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-n",
        workers,
        "-p",
        "tests.cpu_profile",
        "--cpu-profile",
        str(folder),
        *pytest_args,
    ]
    subprocess.run(command, cwd=ROOT, check=False)


def report(profile: Profile, top: int) -> str:
    """The costliest tests, the cost per folder and the totals, as text."""
    lines = [f"{'CPU s':>7} {'child':>6} {'wall s':>7}  test (the {top} costliest by CPU)"]
    ranked = sorted(profile.tests, key=lambda t: t.total, reverse=True)
    for t in ranked[:top]:
        lines.append(f"{t.cpu:7.2f} {t.children:6.2f} {t.wall:7.2f}  {t.nodeid}")
    per_folder: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for t in profile.tests:
        entry = per_folder[t.folder]
        entry[0] += t.total
        entry[1] += t.wall
        entry[2] += 1
    lines.append("")
    lines.append(f"{'CPU s':>7} {'wall s':>7} {'tests':>6}  folder")
    for folder, (cpu, wall, count) in sorted(per_folder.items(), key=lambda kv: -kv[1][0]):
        lines.append(f"{cpu:7.1f} {wall:7.1f} {int(count):6d}  {folder}")
    inside = sum(t.total for t in profile.tests)
    every = profile.process_cpu + profile.children_cpu
    lines.append("")
    lines.append(
        f"{len(profile.tests)} tests; CPU of the worker processes and their children "
        f"{every:.1f} s, of which inside tests {inside:.1f} s and outside them (collection, "
        f"imports, shared fixtures) {every - inside:.1f} s"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--top", type=int, default=30, help="how many tests to list (30)")
    parser.add_argument("--workers", default="2", help="pytest -n (2, as in CI)")
    parser.add_argument("--read", type=Path, help="print the table of an earlier run's folder")
    parser.add_argument("pytest_args", nargs="*", help="after --: what pytest runs")
    args = parser.parse_args(argv)
    if args.read is not None:
        print(report(read_profile(args.read), args.top))
        return
    with tempfile.TemporaryDirectory() as folder:
        run_profile(Path(folder), args.workers, args.pytest_args)
        print(report(read_profile(Path(folder)), args.top))


if __name__ == "__main__":
    main()
