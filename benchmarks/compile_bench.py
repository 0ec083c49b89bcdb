"""Compile-time benchmark: ``fleetlab warmup`` on an empty numba cache, per kernel and in total.

Usage::

    python benchmarks/compile_bench.py [--top 20] [--process]

Numba compiles a kernel once per signature (the types of its arguments) and keeps the machine
code in its cache; a fresh install pays for every signature ``fleetlab warmup`` compiles. This
script points ``NUMBA_CACHE_DIR`` at a new empty folder, runs ``calc.warmup.warmup()`` in this
process and prints:

- the CPU seconds of the whole warm-up (``time.process_time``, threads of this process);
- per kernel (dispatcher) the signatures compiled (listed when there are several: a constant
  argument, typed as a literal, compiles a specialisation of its own) and the seconds numba
  spent compiling them, read from numba's own timers (``metadata["timers"]`` of each overload:
  the time in the compiler lock, wall clock of this thread, and in LLVM). A kernel that calls
  another compiled (not inlined) kernel compiles that one inside its own lock, so the figures
  are inclusive: a caller's time contains its callees' first compilations. Inlined helpers
  (``jit_inline``) have no signature of their own: their cost is in every caller.

``--process`` also runs ``fleetlab warmup`` as a separate process on another empty cache and
reports that process's CPU seconds (user + system), which is what a new install waits for.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def process_warmup_cpu() -> float:
    """CPU seconds of a ``fleetlab warmup`` process on an empty cache."""
    with tempfile.TemporaryDirectory(prefix="fleetlab-compile-") as fresh:
        env = {**os.environ, "NUMBA_CACHE_DIR": fresh}
        env.pop("NUMBA_DISABLE_JIT", None)
        proc = subprocess.Popen(
            [sys.executable, "-m", "ui.cli", "warmup"],
            cwd=REPO,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _, status, usage = os.wait4(proc.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit("fleetlab warmup failed")
        return usage.ru_utime + usage.ru_stime


def main() -> int:
    """Compile everything into a fresh cache and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=25, help="kernels to list (slowest first)")
    parser.add_argument("--process", action="store_true", help="also time a warmup process")
    parser.add_argument("--cache-dir", help="an empty folder to compile into (kept afterwards)")
    args = parser.parse_args()
    os.environ["NUMBA_CACHE_DIR"] = args.cache_dir or tempfile.mkdtemp(prefix="fleetlab-compile-")
    os.environ.pop("NUMBA_DISABLE_JIT", None)
    sys.path.insert(0, str(REPO))
    t0 = time.process_time()
    from calc._jit import dispatchers
    from calc.warmup import warmup

    report = warmup()
    total = time.process_time() - t0
    rows = []
    for d in dispatchers():
        lock = llvm = 0.0
        for overload in d.overloads.values():
            timers = overload.metadata.get("timers", {}) if overload.metadata else {}
            lock += timers.get("compiler_lock", 0.0)
            llvm += timers.get("llvm_lock", 0.0)
        if d.overloads:
            name = f"{d.py_func.__module__}.{d.py_func.__qualname__}"
            rows.append((lock, llvm, len(d.overloads), name))
    rows.sort(reverse=True)
    print(f"warmup in this process: {total:.1f} CPU s (imports included), ")
    print(f"  {report.compiled} signatures compiled, {len(rows)} kernels with signatures")
    print(f"{'kernel':<52}{'sigs':>5}{'lock s':>8}{'llvm s':>8}")
    for lock, llvm, n, name in rows[: args.top]:
        print(f"{name:<52}{n:>5}{lock:>8.2f}{llvm:>8.2f}")
    for d in dispatchers():
        if len(d.overloads) > 1:  # each signature is one more copy of the code to compile
            print(f"signatures of {d.py_func.__qualname__}:")
            for signature in d.overloads:
                print(f"  {signature}")
    if args.process:
        print(f"fleetlab warmup process on an empty cache: {process_warmup_cpu():.1f} CPU s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
