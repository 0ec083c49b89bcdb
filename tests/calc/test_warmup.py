"""``fleetlab warmup``: after it, a fresh process compiles nothing, whatever it solves.

Compilation is read from numba's own counters (every dispatcher's ``stats.cache_misses``), in
fresh subprocesses, never from timings. The corpus workload below is wider than the warm-up's
own battles (sectors of three sides, every corpus battle exactly and by Monte Carlo, the
engine's helpers with other dice), so a kernel signature the warm-up misses shows up here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import REPO

FLEETLAB = [sys.executable, "-m", "ui.cli"]

WORKLOAD = """
import json, sys
from pathlib import Path
import numpy as np
from calc import Battle, Budget, load_battle, odds, solve_sector
from calc._jit import dispatchers, use_compiled
from calc.rules.dice import hits_of_faces
from blueprints import DieColour

use_compiled()
corpus = sorted(Path("benchmarks/corpus").glob("*.json"))
for path in corpus:
    battle, _ = load_battle(path)
    odds(battle, budget=Budget(max_states=20_000))
    odds(battle, "monte-carlo", samples=300, seed=1)
from tests.calc.helpers import ship, side
sector = Battle(
    (
        side("A", (ship(hull=1, comp=1), 2)),
        side("B", (ship("cruiser", hull=2, shield=1, cannons={"orange": 1}), 1)),
        side("C", (ship(hull=1, missiles={"yellow": 2}), 1)),
    ),
    2,
)
solve_sector(sector)
solve_sector(sector, method="monte-carlo", rng=np.random.default_rng(2), samples=300)
hits_of_faces([(DieColour.BLUE, 4), (DieColour.ORANGE, 6)], (4,), False)
misses = {d.py_func.__qualname__: sum(d.stats.cache_misses.values()) for d in dispatchers()}
print(json.dumps({k: v for k, v in misses.items() if v}))
"""


def _run(args: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, cwd=REPO, capture_output=True, text=True, env=env, timeout=1800)
    assert done.returncode == 0, done.stderr[-3000:]
    return done


@pytest.fixture(scope="module")
def warmed() -> dict[str, object]:
    """``fleetlab warmup --json`` on this checkout's cache (compiles only if it is cold)."""
    report: dict[str, object] = json.loads(_run([*FLEETLAB, "warmup", "--json"]).stdout)
    return report


def test_after_warmup_a_fresh_process_compiles_nothing(warmed: dict[str, object]) -> None:
    compiled = json.loads(_run([sys.executable, "-c", WORKLOAD]).stdout)
    assert compiled == {}


def test_warmup_on_a_warm_cache_is_quiet_and_compiles_nothing(warmed: dict[str, object]) -> None:
    again = json.loads(_run([*FLEETLAB, "warmup", "--json"]).stdout)
    assert again["compiled"] == 0
    assert again["loaded"] > 0  # it did load the kernels
    quiet = _run([*FLEETLAB, "warmup"])
    assert quiet.stdout == ""
    assert quiet.stderr == ""


def test_the_cache_goes_where_numba_cache_dir_says(tmp_path: Path) -> None:
    # One small kernel is enough to see where numba writes (a full warm-up takes a minute).
    code = (
        "from calc._jit import use_compiled; use_compiled()\n"
        "from calc.rules import morph_repair; from calc.warmup import cache_dir\n"
        "morph_repair(1, 1); print(cache_dir())"
    )
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    out = _run([sys.executable, "-c", code], env=env).stdout.strip()
    assert out == str(tmp_path)
    written = [p.name for p in tmp_path.rglob("*.nbi")]
    assert any("morph_repair" in name for name in written), written
