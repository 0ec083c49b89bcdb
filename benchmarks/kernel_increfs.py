"""Count the atomic reference-count increments left in the exact solver's compiled loops.

Usage::

    python benchmarks/kernel_increfs.py

numba increments and decrements an atomic reference count for arrays bound to variables,
including the parameters of helpers it inlines, and drops the pairs it can prove useless. Those
it keeps inside a loop cost two atomic operations per iteration: binding a tuple of many arrays
to a helper called per candidate assignment made the loops 2 to 4 times slower
(``calc.exact.kernels`` module doc). This script compiles the loops into an empty
``NUMBA_CACHE_DIR`` (cached code has no LLVM IR to inspect), solves one battle of each kind to
give them their signatures, and prints, per compiled function, the ``NRT_incref`` calls in its
entry block (once per call: fine) and outside it (in the loops: each one is a cost to justify).

What keeps a pair, as found on these loops (numba 0.68): a path that raises (integer division
by zero raises ZeroDivisionError under Python's error model, which is why the exact loops use
NumPy's, ``calc._jit.jit_numpy_errors``), and an inlined helper that reads an array on one
branch only or returns early: the decrement then lands on several paths, LLVM merges them into
one decrement of "this pointer or none", and the pass cannot match it (``calc.exact.kernels.
lookup`` is written without either). A kept pair inside a loop also blocks the pairs of the
helpers around it: the pass does not drop a pair with another decrement between its two halves.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="fleetlab-increfs-")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# Imported after NUMBA_CACHE_DIR is set, so the kernels compile afresh.
from general_bench import cases
from refcount_check import increfs

from calc.exact import blocks, kernels, kernels_plain


def main() -> None:
    for name in ("19 npc plain", "19 optimal general", "19 npc retreat optimal", "morph npc"):
        cases()[name]()
    functions = {
        "kernels_plain.backward": kernels_plain.backward,
        "kernels_plain.forward": kernels_plain.forward,
        "kernels.backward": kernels.backward,
        "kernels.forward": kernels.forward,
        "blocks.bellman_pass": blocks.bellman_pass,
        "blocks.volley_targets": blocks.volley_targets,
        "blocks.block_system": blocks.block_system,
        "blocks.block_missiles": blocks.block_missiles,
        "blocks.block_forward_missiles": blocks.block_forward_missiles,
        "blocks.block_exits": blocks.block_exits,
    }
    print(f"{'function':32s} {'signatures':>10s} {'entry':>6s} {'in loops':>8s}")
    for label, dispatcher in functions.items():
        module, name = label.split(".")
        symbol = f"{len(module)}{module}{len(name)}{name}"  # as numba mangles it
        entry = other = 0
        for signature in dispatcher.signatures:
            e, o = increfs(dispatcher.inspect_llvm(signature), symbol)
            entry = max(entry, e)
            other = max(other, o)
        print(f"{label:32s} {len(dispatcher.signatures):10d} {entry:6d} {other:8d}")


if __name__ == "__main__":
    main()
