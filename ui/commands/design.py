"""``fleetlab design FILE``: the best blueprints and fleet for a side of a battle file.

The file is a battle file plus a ``design`` section (docs/design-file.md). Battles run on a
local process pool by default (``--workers``), or on an existing Dask cluster (``--dask``).
``--sector`` / ``--no-sector`` override the file's ``design.sector`` (evaluate every design in
the whole sector, all sides together, instead of one battle per opponent).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from calc import BattleError
from calc.design import (
    DesignRequest,
    design,
    load_design,
    result_to_dict,
    result_to_text,
    start_pool,
)
from ui.cli_support import UsageError
from ui.progress import progress_bar


def run(args: argparse.Namespace) -> int:
    """Load, search (with a progress bar on a terminal), print."""
    if args.workers is not None and args.workers < 1:
        raise UsageError(f"--workers must be at least 1, got {args.workers}")
    try:
        request, _ = load_design(args.file, sector=args.sector)
    except BattleError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    hint = sector_hint(request)
    if hint:
        print(hint, file=sys.stderr)
    # The pool starts before the progress bar's thread, so that its workers can be forked.
    pool = None if args.dask or args.workers == 1 else start_pool(args.workers)
    try:
        with progress_bar("designing", enabled=not args.json) as progress:
            result = design(
                request, workers=args.workers, dask=args.dask, executor=pool, progress=progress
            )
    except BattleError as exc:
        raise UsageError(str(exc)) from None
    finally:
        if pool is not None:
            pool.shutdown()
    if args.json:
        print(json.dumps(result_to_dict(result), indent=2))
    else:
        print(result_to_text(result))
    return 0


def sector_hint(request: DesignRequest) -> str | None:
    """A note when a sector of three sides or more is designed for one battle per opponent."""
    if request.whole_sector or len(request.opponents) < 2:
        return None
    return (
        f"note: the battle has {len(request.opponents) + 1} sides; each opponent is a separate "
        "battle here. Set design.sector to true (or pass --sector) to evaluate every design in "
        "the whole sector, all sides together."
    )


def register(sub: Any) -> None:
    """Add the ``design`` subcommand."""
    p = sub.add_parser(
        "design", help="the best blueprints and fleet for a side (battle file + design section)"
    )
    p.add_argument("file", help="design file: a battle file with a 'design' section, JSON or TOML")
    p.add_argument("--json", action="store_true", help="print fleetlab-design/1 JSON")
    p.add_argument(
        "--workers", type=int, help="processes of the local pool (default: one per core)"
    )
    p.add_argument(
        "--dask", metavar="ADDRESS", help="run the battles on this Dask scheduler instead"
    )
    p.add_argument(
        "--sector",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="evaluate every design in the whole sector, all sides together (default: the "
        "file's design.sector, else one battle per opponent)",
    )
    p.set_defaults(func=run)
