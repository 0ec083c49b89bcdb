"""``fleetlab odds FILE``: the odds of a battle file, by the exact-to-approximate ladder."""

from __future__ import annotations

import argparse
import json
from typing import Any

from calc import BattleError, load_battle, odds, result_to_dict, result_to_text
from ui.cli_support import UsageError
from ui.progress import progress_bar


def run(args: argparse.Namespace) -> int:
    """Load, solve (with a progress bar on a terminal), print."""
    try:
        battle, options = load_battle(args.file)
    except BattleError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    method = args.method or options.method
    samples = args.samples if args.samples is not None else options.samples
    seed = args.seed if args.seed is not None else options.seed
    if samples is not None and samples < 1:
        raise UsageError(f"--samples must be at least 1, got {samples}")
    try:
        with progress_bar("solving", enabled=not args.json) as progress:
            result = odds(
                battle,
                method,
                samples=samples,
                seed=seed,
                bag=options.reputation_bag,
                progress=progress,
            )
    except BattleError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        print(json.dumps(result_to_dict(result), indent=2))
    else:
        print(result_to_text(result))
    return 0


def register(sub: Any) -> None:
    """Add the ``odds`` subcommand."""
    p = sub.add_parser("odds", help="the odds of a battle file (fleetlab-battle/1)")
    p.add_argument("file", help="battle file, JSON or TOML")
    p.add_argument("--json", action="store_true", help="print fleetlab-odds/1 JSON")
    p.add_argument(
        "--method",
        choices=["auto", "exact", "monte-carlo"],
        help="force a method (default: the file's options.method, else auto)",
    )
    p.add_argument("--samples", type=int, help="Monte Carlo: number of simulated battles")
    p.add_argument("--seed", type=int, help="Monte Carlo: random seed (same seed, same numbers)")
    p.set_defaults(func=run)
