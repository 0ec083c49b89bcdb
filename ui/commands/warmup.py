"""``fleetlab warmup``: compile every numba kernel into the cache (``calc.warmup``).

Run once after installing (``make run`` and ``make test`` do), so that no first solve waits for
the compiler. A progress bar shows while kernels compile; on a warm cache the command prints
nothing (``--json`` always prints its report). ``NUMBA_CACHE_DIR`` chooses where the cache is.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ui.progress import progress_bar


def run(args: argparse.Namespace) -> int:
    """Warm the cache; say what was compiled, or nothing when it was already warm."""
    from calc.warmup import warmup

    with progress_bar("compiling kernels", enabled=not args.json, on_first_update=True) as bar:
        report = warmup(progress=bar)
    if args.json:
        doc = {
            "compiled": report.compiled,
            "loaded": report.loaded,
            "cpu_seconds": round(report.seconds, 3),
            "cache_dir": report.cache_dir,
        }
        print(json.dumps(doc, indent=2))
    elif not report.was_warm:
        print(
            f"fleetlab warmup: compiled {report.compiled} kernel signatures in "
            f"{report.seconds:.0f} CPU s into {report.cache_dir}",
            file=sys.stderr,
        )
    return 0


def register(sub: Any) -> None:
    """Add the ``warmup`` subcommand."""
    p = sub.add_parser("warmup", help="compile every numba kernel into the cache (quiet if warm)")
    p.add_argument("--json", action="store_true", help="print what was compiled and loaded")
    p.set_defaults(func=run)
