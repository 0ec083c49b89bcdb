"""The Fleet designer page's search against the command line's, on the dashboard's example.

Usage::

    python benchmarks/designer_page_bench.py [--repeat 3] [--workers 2] [--json FILE]

The request is what the page sends when a player opens the upgraded example battle (the
"Open the upgraded example" button), keeps every default of the designer's form (Red, 8
materials, the species' Upgrade activations, Red's techs) and presses "Find the best designs".
Each repeat runs, in this order and one after another, so all three share the machine's load:

* ``cli-pool``: ``fleetlab design FILE --json --workers W``, a process of its own;
* ``cli-serial``: the same with ``--workers 1``;
* ``page``: ``ui.design_job.DesignJob``, exactly what the page starts (``python -m
  ui.design_worker`` with W workers), timed until its result arrives.

It prints the wall-clock median of each, the CPU seconds of the processes (children
included), and the ratio the issue's goal is stated in: the page's search at most 3x the
command line's pool time. Every run must find the same ranked designs; the script checks it
and exits with status 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ui.battle_editor import build, draft_from_file, example_battle
from ui.design_job import DesignJob
from ui.designer_form import default_upgrades, design_document

PAGE_BUDGET = 8
"""The form's default materials (ui/views/fleet_designer.py)."""


def page_request() -> dict[str, Any]:
    """The design file the page builds from its defaults on the upgraded example."""
    draft = draft_from_file(example_battle())
    built = build(draft)
    assert built.ok, built.problems
    red = draft.sides[0]
    assert red.species is not None
    return design_document(
        built.doc,
        red.name,
        techs=red.techs,
        budget=PAGE_BUDGET,
        upgrades=default_upgrades(red.species),
    )


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_cli(path: Path, workers: int) -> tuple[float, float, list[Any]]:
    """Wall seconds, CPU seconds and the ranked designs of one ``fleetlab design`` process."""
    cpu0, t0 = _children_cpu(), time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "ui.cli", "design", str(path), "--json", "--workers", str(workers)],
        capture_output=True,
        text=True,
        check=True,
    )
    wall, cpu = time.perf_counter() - t0, _children_cpu() - cpu0
    return wall, cpu, _ranking(json.loads(out.stdout))


def run_page(doc: dict[str, Any], workers: int) -> tuple[float, float, list[Any]]:
    """Wall seconds, CPU seconds and the ranked designs of the page's worker process."""
    cpu0, t0 = _children_cpu(), time.perf_counter()
    job = DesignJob(doc, workers)
    status = job.wait(3600)
    wall, cpu = time.perf_counter() - t0, _children_cpu() - cpu0
    if status.result is None:
        raise SystemExit(f"the page's search failed: {status.error}")
    return wall, cpu, _ranking(status.result)


def _ranking(result: dict[str, Any]) -> list[Any]:
    return [(d["blueprints"], d["ships"], round(d["objective"], 12)) for d in result["designs"]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args(argv)
    doc = page_request()
    runs: dict[str, list[tuple[float, float]]] = {"cli-pool": [], "cli-serial": [], "page": []}
    rankings = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "page_request.json"
        path.write_text(json.dumps(doc))
        for _ in range(args.repeat):
            for name in runs:
                if name == "page":
                    wall, cpu, ranking = run_page(doc, args.workers)
                else:
                    workers = args.workers if name == "cli-pool" else 1
                    wall, cpu, ranking = run_cli(path, workers)
                runs[name].append((wall, cpu))
                rankings.append(ranking)
                print(f"{name:10s} {wall:7.2f} s wall  {cpu:7.2f} s CPU", flush=True)
    figures = {
        name: {
            "wall_median": statistics.median(w for w, _ in values),
            "cpu_median": statistics.median(c for _, c in values),
        }
        for name, values in runs.items()
    }
    ratio = figures["page"]["wall_median"] / figures["cli-pool"]["wall_median"]
    print()
    for name, f in figures.items():
        print(f"{name:10s} median {f['wall_median']:7.2f} s wall, {f['cpu_median']:7.2f} s CPU")
    print(f"page / cli-pool (wall): {ratio:.2f}x (goal: at most 3x)")
    same = all(r == rankings[0] for r in rankings)
    print("same designs on every run:", same)
    if args.json is not None:
        args.json.write_text(json.dumps({"figures": figures, "page_over_pool": ratio}, indent=2))
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
