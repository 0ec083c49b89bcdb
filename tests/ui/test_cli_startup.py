"""``fleetlab odds`` on a small battle imports only what it needs: no Streamlit, Plotly, SciPy,
the designer, the game engine or Cosmic Encounter, and no numba at all (a small battle runs the
kernels as plain Python, ``calc._jit``). Checked in a fresh process after the command ran."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.support import REPO

ABSENT = ("streamlit", "plotly", "scipy", "numba", "llvmlite", "calc.design", "engine", "cosmic")

AFTER_ODDS = """
import json, sys
from ui.cli import main
status = main(["odds", "examples/red_vs_ancients.json", "--json"])
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""


def test_odds_on_a_small_battle_imports_only_what_it_needs() -> None:
    done = subprocess.run(
        [sys.executable, "-c", AFTER_ODDS], cwd=REPO, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    last = done.stdout.strip().splitlines()[-1]
    doc = json.loads(last)
    assert doc["status"] == 0
    modules = doc["modules"]
    assert "calc.exact.solver" in modules  # it did solve
    loaded = [m for m in modules if any(m == a or m.startswith(a + ".") for a in ABSENT)]
    assert loaded == []
