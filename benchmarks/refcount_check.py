"""Reference counting in Monte Carlo's battle loop: count ``NRT_incref`` calls in ``simulate``.

Numba increments and decrements an atomic reference count for every array it binds, and drops
the pair only when it can prove it useless; in Monte Carlo's loop that counting once cost more
than the rules themselves (``calc.montecarlo.kernels``). The loop is shaped so that every
increment sits in the function's entry block (once per call, binding the arguments). This
script compiles ``simulate`` into an empty numba cache (a cached function has no LLVM text to
inspect), then prints how many ``NRT_incref`` calls its body makes in the entry block and
outside it. Outside should be 0.

Usage::

    python benchmarks/refcount_check.py
"""

from __future__ import annotations

import itertools
import os
import re
import sys
import tempfile
from pathlib import Path

os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="fleetlab-refcount-")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from calc.battle.files import load_battle  # noqa: E402
from calc.montecarlo.kernels import simulate  # noqa: E402
from calc.montecarlo.simulator import MonteCarlo  # noqa: E402

BATTLE = ROOT / "benchmarks" / "corpus" / "09_rift_cruisers_vs_cruisers.json"
"""Any battle compiles the one signature; this one also has rift dice (self-damage)."""

_DEFINE = re.compile(r"^define [^@]*@([^(]+)\(", re.M)
_LABEL = re.compile(r"^[\w.$-]+:", re.M)


def increfs(ir: str, name_part: str) -> tuple[int, int]:
    """(in the entry block, elsewhere): ``NRT_incref`` calls in the body of the compiled
    function whose symbol contains ``name_part`` (not its Python or C wrappers)."""
    starts = [m.start() for m in _DEFINE.finditer(ir)] + [len(ir)]
    for a, b in itertools.pairwise(starts):
        text = ir[a:b]
        match = _DEFINE.match(text)
        if match is None:
            continue
        symbol = match.group(1)
        if name_part not in symbol or symbol.startswith(("_ZN7cpython", "cfunc")):
            continue
        body = text.split("{", 1)[1]
        labels = [m.start() for m in _LABEL.finditer(body)]
        second = labels[1] if len(labels) > 1 else len(body)
        entry = body[:second].count("@NRT_incref(")
        return entry, body.count("@NRT_incref(") - entry
    raise LookupError(f"no compiled function named like {name_part!r}")


def main() -> int:
    """Compile, count and print; exit status 1 when the loop binds arrays again."""
    battle, _ = load_battle(BATTLE)
    MonteCarlo(battle).chunk(np.random.default_rng(0), 10)
    ir = simulate.inspect_llvm(simulate.signatures[0])
    entry, elsewhere = increfs(ir, "8simulate")
    print(f"simulate: {entry} NRT_incref in the entry block, {elsewhere} elsewhere")
    return 0 if elsewhere == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
