"""The kernels run as plain Python (small battles, ``calc._jit``) and compiled give the same
numbers: every corpus battle that fits, the warm-up's battles (retreats, Morph Shields, rift
dice, the Antimatter Splitter), solved both ways in one fresh process."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.support import REPO

BOTH_WAYS = """
import json
from pathlib import Path
import calc._jit as jit
from calc import load_battle, result_to_dict, solve_exact
from calc.rules.battle_state import estimate_states
from calc.warmup import warmup_battles

jit.PLAIN_WORK = 10**12  # everything plain until the switch below
battles = [load_battle(p)[0] for p in sorted(Path("benchmarks/corpus").glob("*.json"))]
battles = [b for b in battles if estimate_states(b) <= 4_000] + list(warmup_battles())
plain = [result_to_dict(solve_exact(b)) for b in battles]
assert not jit.is_compiled()
jit.use_compiled()
compiled = [result_to_dict(solve_exact(b)) for b in battles]
print(json.dumps({"plain": plain, "compiled": compiled}))
"""


def _numbers(doc: object, path: str = "") -> dict[str, float]:
    """Every number of a result document by its path (timings left out)."""
    if isinstance(doc, dict):
        out: dict[str, float] = {}
        for k, v in doc.items():
            if k != "seconds":
                out.update(_numbers(v, f"{path}.{k}"))
        return out
    if isinstance(doc, list):
        out = {}
        for i, v in enumerate(doc):
            out.update(_numbers(v, f"{path}[{i}]"))
        return out
    if isinstance(doc, bool) or not isinstance(doc, int | float):
        return {}
    return {path: float(doc)}


def test_plain_and_compiled_kernels_agree() -> None:
    done = subprocess.run(
        [sys.executable, "-c", BOTH_WAYS], cwd=REPO, capture_output=True, text=True, timeout=1800
    )
    assert done.returncode == 0, done.stderr[-3000:]
    doc = json.loads(done.stdout)
    assert len(doc["plain"]) == len(doc["compiled"]) >= 15
    for plain, compiled in zip(doc["plain"], doc["compiled"], strict=True):
        a, b = _numbers(plain), _numbers(compiled)
        assert a.keys() == b.keys()
        for key in a:
            assert abs(a[key] - b[key]) <= 1e-12, (key, a[key], b[key])
