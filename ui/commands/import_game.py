"""``fleetlab import FILE``: read an AsyncEclipse save, summarise the position, give the odds.

The summary lists the players (species, storage, techs, blueprints), the placed sectors (tile,
bot position, owner, ships, NPCs), the tech tray and the odds of every contested sector, each
with the method that answered and its CPU time, all of them within ``--budget-seconds`` of CPU
(default 20). ``--json`` prints the ``fleetlab-import/1`` document of
``engine.importers.summary``. Problems met in the file are listed with their JSON paths, those
that lost information first; a file that cannot be read, one in which no player can be read (or
any problem with ``--strict``) exits with status 2 and a message naming the path.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from engine.importers import ImportProblem, load_save
from engine.importers.summary import (
    DEFAULT_BUDGET_SECONDS,
    MAX_BUDGET_SECONDS,
    position_summary,
)
from ui.cli_support import UsageError, text_table


def register(subparsers: Any) -> None:
    """Add the ``import`` subcommand."""
    p = subparsers.add_parser(
        "import",
        help="read an AsyncEclipse Discord bot save: position summary and the odds of its battles",
    )
    p.add_argument("file", help="the bot's game JSON (e.g. ActiveGames/aeb39.json)")
    p.add_argument("--strict", action="store_true", help="stop at the first problem in the file")
    p.add_argument("--no-odds", action="store_true", help="list battles without solving them")
    p.add_argument(
        "--budget-seconds",
        type=str,
        default=str(DEFAULT_BUDGET_SECONDS),
        metavar="S",
        help="CPU seconds for the odds of all battles together "
        f"(default {DEFAULT_BUDGET_SECONDS:g}, at most {MAX_BUDGET_SECONDS:g})",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_import)


def budget_seconds(text: str) -> float:
    """The ``--budget-seconds`` value: a number of seconds, more than 0 and at most an hour."""
    shown = text if len(text) <= 40 else text[:37] + "..."
    try:
        value = float(text)
    except ValueError:
        raise UsageError(f"--budget-seconds {shown!r} is not a number of seconds") from None
    if not 0 < value <= MAX_BUDGET_SECONDS:  # also refuses nan and infinity
        raise UsageError(
            f"--budget-seconds {shown!r}: give more than 0 and at most {MAX_BUDGET_SECONDS:g}"
        )
    return value


def _fmt(p: float) -> str:
    return f"{100 * p:.1f}%"


def _print_text(doc: dict[str, Any]) -> None:
    title = doc["game_name"] or doc["game_id"] or "game"
    print(f"{title} ({doc['game_id']}): round {doc['round']}, {doc['phase']} phase")
    if doc["galaxy"] != "standard":
        print(f"Galaxy: {doc['galaxy']} (the bot's galaxy with joined edges)")
    print("\nPlayers:")
    rows: list[tuple[object, ...]] = []
    for p in doc["players"]:
        r = p["resources"]
        techs = sum(len(v) for v in p["techs"].values())
        rows.append(
            (
                p["seat"],
                p["colour"] or "-",
                p["species"] + (" *" if p["first"] else ""),
                f"{r['money']}/{r['science']}/{r['materials']}",
                p["influence_discs"],
                techs,
            )
        )
    print(text_table(["seat", "colour", "species", "money/sci/mat", "discs", "techs"], rows))
    print("\nBlueprints:")
    rows = []
    for p in doc["players"]:
        for cls, bp in p["blueprints"].items():
            parts = ",".join("-" if s is None else s for s in bp["slots"])
            if bp["outside"]:
                parts += f" +{bp['outside']}"
            rows.append(
                (p["colour"] or f"seat {p['seat']}", cls, bp["initiative"], bp["hull"],
                 bp["computer"], parts)
            )  # fmt: skip
    print(text_table(["colour", "class", "init", "hull", "comp", "parts"], rows))
    print("\nSectors:")
    rows = []
    for s in doc["sectors"]:
        ships = ", ".join(f"{x['count']} {x['colour']} {x['class']}" for x in s["ships"])
        npcs = ", ".join(f"{n} {k}" for k, n in s["npcs"].items() if n)
        rows.append(
            (
                s["position"],
                f"({s['hex'][0]},{s['hex'][1]})",
                f"{s['tile']} {s['name']}",
                s["owner_colour"] or "-",
                "; ".join(x for x in (ships, npcs) if x) or "-",
                "yes" if s["contested"] else "",
            )
        )
    print(text_table(["pos", "hex", "sector", "owner", "ships", "battle"], rows))
    tray = doc["tech_tray"]
    print("\nTech tray:")
    print("  " + (", ".join(f"{n} {t}" for t, n in tray.items()) if tray else "empty"))
    print("\nBattles:")
    if not doc["battles"]:
        print("  none: no sector is contested")
    for b in doc["battles"]:
        where = f"  {b['position']} (sector {b['tile']})"
        if "error" in b:
            print(f"{where}: not modelled: {b['error']}")
        elif "odds" in b:
            odds = b["odds"]
            sides = ", ".join(f"{side['name']} {_fmt(side['wins'])}" for side in odds["sides"])
            print(f"{where}: {sides} ({odds['method']}, {b['cpu_seconds']:.1f} s CPU)")
        elif "skipped" in b:
            print(f"{where}: odds not computed: {b['skipped']}")
        else:
            print(f"{where}: odds not computed")
    losses = [p for p in doc["problems"] if p["severity"] == "loss"]
    notes = [p for p in doc["problems"] if p["severity"] == "note"]
    if losses:
        print(f"\nProblems that lose information ({len(losses)}):")
        for pr in losses:
            print(f"  - {pr['path']}: {pr['message']}; {pr['action']}")
    if notes:
        print(f"\nNotes ({len(notes)}):")
        for pr in notes:
            print(f"  - {pr['path']}: {pr['message']}; {pr['action']}")
    if not doc["problems"]:
        print("\nImported with no problems.")


def cmd_import(args: argparse.Namespace) -> int:
    """Import the file and print the position (or its JSON)."""
    seconds = budget_seconds(args.budget_seconds)
    try:
        result = load_save(args.file, strict=args.strict)
    except ImportProblem as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    doc = position_summary(result, odds=not args.no_odds, budget_seconds=seconds)
    if args.json:
        print(json.dumps(doc, indent=2))
    else:
        _print_text(doc)
    return 0
