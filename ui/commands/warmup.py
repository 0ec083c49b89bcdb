"""``fleetlab warmup``: compile every numba kernel into the cache (``calc.warmup``) and write
the bytecode of Fleetlab's own modules (``ui.bytecode``).

Run once after installing (``make run`` and ``make test`` do), so that no first solve waits for
a compiler. A progress bar shows while kernels compile; on a warm cache the command prints
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
    from ui.bytecode import compile_packages
    from ui.wording import counted

    bytecode = compile_packages()
    with progress_bar("compiling kernels", enabled=not args.json, on_first_update=True) as bar:
        report = warmup(progress=bar)
    if args.json:
        doc = {
            "compiled": report.compiled,
            "loaded": report.loaded,
            "cpu_seconds": round(report.seconds, 3),
            "cache_dir": report.cache_dir,
            "bytecode": {
                "written": bytecode.written,
                "current": bytecode.current,
                "failed": list(bytecode.failed),
            },
        }
        print(json.dumps(doc, indent=2))
        return 0
    if bytecode.written:
        written = counted(bytecode.written, "module")
        print(f"fleetlab warmup: wrote the bytecode of {written}", file=sys.stderr)
    if bytecode.failed:
        print(
            f"fleetlab warmup: could not write the bytecode of "
            f"{counted(len(bytecode.failed), 'module')} "
            f"(read-only folder?), first {bytecode.failed[0]}; they import from source",
            file=sys.stderr,
        )
    if not report.was_warm:
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
