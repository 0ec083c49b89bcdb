"""``fleetlab advise FILE``: the best next turns for a player of a real position.

``FILE`` is an AsyncEclipse save, a game record (``--at N``: the position after its first N
actions; default its end) or a position snapshot. The player advised is the one to act, or the
one ``--player`` names (a colour, a name, a species or "seat N"). Each turn comes with the
search's estimate and a one-line reason (``engine.advice``); ``--json`` prints the same as one
object with the keys ``player``, ``actions`` (``action``, ``value``, ``reason``, and ``steps``,
``win_share``, ``samples``), ``seconds`` and a few more (docs/advice.md).

Exit status: 0 with advice; 2 for bad input (an unreadable file, an unknown player, ``--at``
outside the record); 1 for a position the engine cannot continue from, with the message naming
what is missing.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.advice import DEFAULT_THINK_MS, MAX_THINK_MS, choose_seat, read_position
from engine.advice.advise import Advice, advise
from engine.errors import AdviceRequestError, GameFileError, PositionError
from ui.cli_support import UsageError, whole_number
from ui.progress import progress_bar

MAX_ACTION_INDEX = 10_000_000
"""Largest ``--at`` taken (a record of 50 MB holds well under a million actions)."""


def register(subparsers: Any) -> None:
    """Add the ``advise`` subcommand."""
    p = subparsers.add_parser(
        "advise",
        help="the best next actions for a player of a saved game, a record or a snapshot",
    )
    p.add_argument("file", help="an AsyncEclipse save, a game record or a position snapshot")
    p.add_argument(
        "--player",
        metavar="NAME",
        help="the player to advise: a colour, a name, a species or 'seat N' (default: the one "
        "to act)",
    )
    p.add_argument(
        "--at",
        type=whole_number(0, MAX_ACTION_INDEX, "an action index"),
        metavar="N",
        help="a game record's position after its first N actions (default: its end)",
    )
    p.add_argument(
        "--think-ms",
        type=whole_number(0, MAX_THINK_MS, "a budget in milliseconds"),
        default=DEFAULT_THINK_MS,
        metavar="N",
        help="the search's budget for each decision it weighs (the turn now and the choices "
        "inside its best actions), as the search bot's: work, not time, so the advice is the "
        f"same on any machine (default {DEFAULT_THINK_MS})",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_advise)


def _print_text(advice: Advice) -> None:
    print(f"Advice for {advice.player}: {advice.position}")
    if advice.note:
        print(f"({advice.note})")
    if not advice.actions:
        print("\nNo action to advise: the decision has no answers.")
    for rank, action in enumerate(advice.actions, 1):
        print(f"\n{rank}. {action.reason}")
        print(f"   {action.action}")
        print(
            f"   value {action.value:+.2f} VP margin, leads in {100 * action.win_share:.0f}% of "
            f"{action.samples:,} rollouts"
        )
    if advice.caveats:
        print(
            "\nWhat the file lost on the way in, and what setup added; the advice is for the "
            "position so read:"
        )
        for caveat in advice.caveats:
            print(f"  - {caveat}")
    print(f"\n{advice.seconds:.1f} s (the search's budget: {advice.think_ms:,} ms a decision)")


def cmd_advise(args: argparse.Namespace) -> int:
    """Advise the player; status 1 for a position the engine cannot continue from."""
    try:
        position = read_position(args.file, at=args.at)
        seat = choose_seat(position, args.player)
        with progress_bar("Thinking", not args.json) as bar:
            advice = advise(position, seat, think_ms=args.think_ms, progress=bar)
    except (AdviceRequestError, GameFileError) as exc:
        raise UsageError(str(exc)) from None
    except PositionError as exc:
        print(f"fleetlab advise: {args.file}: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(advice.to_json(), indent=2))
    else:
        _print_text(advice)
    return 0
