"""``fleetlab odds`` on a small battle imports only what it needs: no Streamlit, Plotly, SciPy,
the designer, the game engine or Cosmic Encounter, and no numba at all (a small battle runs the
kernels as plain Python, ``calc._jit``). Monte Carlo loads numba but not the exact solver.
Checked in a fresh process after the command ran."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.support import REPO

ABSENT = ("streamlit", "plotly", "scipy", "numba", "llvmlite", "calc.design", "engine", "cosmic")

AFTER_ODDS = """
import json, sys
from ui.cli import main
status = main(["odds", "examples/red_vs_ancients.json", "--json", *sys.argv[1:]])
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""


def modules_after_odds(*options: str) -> list[str]:
    """The modules a fresh process holds after ``fleetlab odds`` on the small example."""
    done = subprocess.run(
        [sys.executable, "-c", AFTER_ODDS, *options],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    last = done.stdout.strip().splitlines()[-1]
    doc = json.loads(last)
    assert doc["status"] == 0
    modules: list[str] = doc["modules"]
    return modules


def loaded_of(modules: list[str], packages: tuple[str, ...]) -> list[str]:
    """The modules that are, or sit inside, one of ``packages``."""
    return [m for m in modules if any(m == a or m.startswith(a + ".") for a in packages)]


def test_odds_on_a_small_battle_imports_only_what_it_needs() -> None:
    modules = modules_after_odds()
    assert "calc.exact.solver" in modules  # it did solve
    assert loaded_of(modules, ABSENT) == []


def test_monte_carlo_does_not_load_the_exact_solver() -> None:
    modules = modules_after_odds("--method", "monte-carlo", "--samples", "2000", "--seed", "1")
    assert "calc.montecarlo.kernels" in modules and "numba" in modules  # it did simulate
    compiled = ("numba", "llvmlite")
    assert loaded_of(modules, ("calc.exact", *(a for a in ABSENT if a not in compiled))) == []
