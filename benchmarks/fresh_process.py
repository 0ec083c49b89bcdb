"""Run one benchmark case in fresh Python processes (no cache, no compiled code carried over).

The Cosmic benchmarks time ``solve`` on a checkout given by path (this one, or a baseline such as
the commit before a change): each case is a small program that prints one JSON line with its
``cpu`` seconds (and, when it measures memory, ``rss_mb``).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path


def run_fresh(code: str, root: Path, repeat: int) -> dict[str, object]:
    """The last run's JSON answer, with the median ``cpu`` and the largest ``rss_mb`` over
    ``repeat`` fresh processes started in ``root``."""
    runs = []
    for _ in range(repeat):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
        )
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    result = dict(runs[-1])
    result["cpu"] = statistics.median(float(r["cpu"]) for r in runs)
    if "rss_mb" in result:
        result["rss_mb"] = max(float(r["rss_mb"]) for r in runs)
    return result
