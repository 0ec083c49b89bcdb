"""``fleetlab cosmic FILE [--json]``: exact Cosmic Encounter challenge odds from a challenge file.

The file format is docs/cosmic-file.md. A bad file exits with status 2 and a message on stderr
naming the path of the bad value.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from cosmic import CosmicError, solve
from cosmic.fileformat import parse_challenge, report_to_dict
from fileio import DocumentError, read_document
from ui.cli_support import UsageError, text_table

MAX_CHALLENGE_BYTES = 1_000_000
"""Largest challenge file read (a challenge with every card of the deck is a few kilobytes)."""


def _percent(value: object) -> str:
    return "-" if value is None else f"{100 * float(value):.2f}%"  # type: ignore[arg-type]


def _number(value: object) -> str:
    return "-" if value is None else f"{float(value):.3f}"  # type: ignore[arg-type]


def _table(rows: list[dict[str, Any]], first: str) -> str:
    return text_table(
        [first, "win", "lose", "deal", "redraw", "warp", "removed", "bases", "again"],
        [
            (
                r[first],
                _percent(r["win"]),
                _percent(r["lose"]),
                _percent(r["deal"]),
                _percent(r["redraw"]),
                _number(r["warp"]),
                _number(r["removed"]),
                _number(r["bases"]),
                _percent(r["again"]),
            )
            for r in rows
        ],
    )


def cmd_cosmic(args: argparse.Namespace) -> int:
    """Read a challenge file and print the odds of every card."""
    path = Path(args.file)
    try:  # the reader every Fleetlab file type shares (size, encoding, nesting, numbers)
        data = read_document(path, toml=False, max_bytes=MAX_CHALLENGE_BYTES, what="challenge file")
    except DocumentError as exc:
        raise UsageError(str(exc)) from None
    try:
        report = solve(parse_challenge(data))
    except CosmicError as exc:  # a bad file (ChallengeFileError) or an impossible challenge
        raise UsageError(f"{path}: {exc}") from None
    out = report_to_dict(report)
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    deck = report.challenge.deck
    print(f"{deck.title} ({deck.describe()}); you are the {report.challenge.you.value}, "
          f"opponent model {report.challenge.opponent.value}")  # fmt: skip
    if not deck.exact:
        print(f"Note: {deck.note}")
    if out["cards"]:
        print()
        print(_table(out["cards"], "card"))  # type: ignore[arg-type]
        print(f"\nBest card: {out['best'] if out['best'] else 'none to choose (see plans)'}")
    print()
    print(_table(out["plans"], "plan"))  # type: ignore[arg-type]
    print(f"\nBest plan: {report.best_plan.name} ({report.best_plan.description})")
    for note in report.notes:
        if deck.exact or not note.startswith("Deck "):
            print(f"Note: {note}")
    print(f"\n{report.compositions} opponent hand compositions enumerated (exact).")
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``fleetlab cosmic``."""
    p = subparsers.add_parser(
        "cosmic", help="exact Cosmic Encounter challenge odds from a challenge file"
    )
    p.add_argument("file", help="challenge file (JSON, format fleetlab-cosmic/1)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_cosmic)
