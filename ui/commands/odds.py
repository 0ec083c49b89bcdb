"""``fleetlab odds FILE``: the odds of a battle file."""

from __future__ import annotations

import argparse
import json
from typing import Any

from calc.battle_file import load_battle
from calc.errors import BattleError
from calc.odds import odds
from calc.report import result_to_dict, result_to_text
from ui.cli_support import UsageError


def run(args: argparse.Namespace) -> int:
    """Load, solve, print."""
    try:
        battle, options = load_battle(args.file)
    except BattleError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    method = args.method or options.method
    try:
        result = odds(battle, method)
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
        "--method", choices=["auto", "exact"], help="force a method (default: the file's)"
    )
    p.set_defaults(func=run)
