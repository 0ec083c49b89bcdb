"""The ``fleetlab`` command line.

Each subcommand is a small function that parses its arguments, calls the library and prints a
table (or JSON with ``--json``). Errors in user input exit with status 2 and a message naming the
bad input; nothing is printed to stdout in that case.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence
from typing import Any

from blueprints import Blueprint, BlueprintError, ShipClass, parts, species
from blueprints.catalogue import unknown
from ui.cli_support import UsageError, blueprint_options, run_command, text_table

# The subcommand modules in ui/commands/ (each with register(subparsers)), by the command each
# adds. A command imports only its own module: `fleetlab odds` has no use for the game engine,
# the designer or Cosmic Encounter, and importing them all would double its start-up.
COMMANDS: dict[str, str] = {
    "odds": "ui.commands.odds",
    "cosmic": "ui.commands.cosmic",
    "cosmic-play": "ui.commands.cosmic_play",
    "cosmic-replay": "ui.commands.cosmic_play",
    "selfplay": "ui.commands.selfplay",
    "league": "ui.commands.league",
    "replay": "ui.commands.replay",
    "design": "ui.commands.design",
    "import": "ui.commands.import_game",
    "advise": "ui.commands.advise",
    "warmup": "ui.commands.warmup",
}
COMMAND_MODULES: tuple[str, ...] = tuple(dict.fromkeys(COMMANDS.values()))


# ----- fleetlab parts ------------------------------------------------------------------------


def cmd_parts(args: argparse.Namespace) -> int:
    """List every ship part."""
    rows = []
    data = []
    for p in parts():
        data.append(
            {
                "id": p.id,
                "code": p.code,
                "name": p.name,
                "kind": p.kind.value,
                "origin": p.origin.value,
                "tech": p.tech,
                "cannons": p.cannons.to_dict(),
                "missiles": p.missiles.to_dict(),
                "computer": p.computer,
                "shield": p.shield,
                "hull": p.hull,
                "movement": p.movement,
                "initiative": p.initiative,
                "energy_use": p.energy_use,
                "energy_production": p.energy_production,
                "outside_grid": p.outside_grid,
                "confidence": p.confidence.value,
            }
        )
        rows.append((p.id, p.code, p.kind.value, p.origin.value, p.summary(), p.confidence.value))
    if args.json:
        print(json.dumps({"parts": data}, indent=2))
    else:
        print(text_table(["part", "code", "kind", "origin", "effect", "conf"], rows))
    return 0


# ----- fleetlab blueprint --------------------------------------------------------------------


def blueprint_report(
    bp: Blueprint, techs: list[str] | None = None, discoveries: list[str] | None = None
) -> dict[str, Any]:
    """The JSON form of a blueprint with its derived stats and rule problems."""
    s = bp.stats
    return {
        "species": bp.species,
        "class": bp.ship_class.value,
        "slots": [None if p is None else p.id for p in bp.slots],
        "outside": None if bp.outside is None else bp.outside.id,
        "notation": str(bp),
        "initiative": s.initiative,
        "hull": s.hull,
        "computer": s.computer,
        "shield": s.shield,
        "movement": s.movement,
        "energy_production": s.energy_production,
        "energy_use": s.energy_use,
        "cannons": s.cannons.to_dict(),
        "missiles": s.missiles.to_dict(),
        "morph": s.morph,
        "cost": s.cost,
        "problems": [str(p) for p in bp.problems(techs, discoveries)],
    }


def cmd_blueprint(args: argparse.Namespace) -> int:
    """Print one blueprint: the species default, or the slots given with --parts."""
    try:
        sp = species(args.species)
    except BlueprintError as exc:
        raise UsageError(str(exc)) from None
    if args.ship_class not in [c.value for c in sp.ship_classes]:
        if args.ship_class in [c.value for c in ShipClass]:
            raise UsageError(f"species {sp.id!r} has no {args.ship_class!r} blueprint")
        raise UsageError(
            str(unknown("ship class", args.ship_class, [c.value for c in sp.ship_classes]))
        )
    tokens, techs, discoveries = blueprint_options(
        sp.id, args.ship_class, args.parts, args.outside, args.techs, args.discoveries
    )
    try:
        if tokens is None:
            bp = Blueprint.default(sp.id, args.ship_class)
        else:
            bp = Blueprint.from_parts(sp.id, args.ship_class, tokens, args.outside)
    except BlueprintError as exc:
        raise UsageError(str(exc)) from None
    report = blueprint_report(bp, techs, discoveries)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    layout = bp.layout
    slot_rows: list[tuple[int | str, str, str]] = []
    for i, p in enumerate(bp.slots):
        shown = "(blocked)" if layout.blocked[i] else "-" if p is None else p.name
        slot_rows.append((i, shown, "" if p is None else p.summary()))
    if bp.outside is not None:
        slot_rows.append(("outside", bp.outside.name, bp.outside.summary()))
    print(f"{sp.name} {bp.ship_class.value}: {bp}")
    print(text_table(["slot", "part", "effect"], slot_rows))
    s = bp.stats
    print()
    print(
        text_table(
            ["initiative", "hull", "computer", "shield", "move", "energy", "dice", "cost"],
            [
                (
                    s.initiative,
                    s.hull,
                    s.computer,
                    s.shield,
                    s.movement,
                    f"{s.energy_use}/{s.energy_production}",
                    s.describe_dice(),
                    s.cost,
                )
            ],
        )
    )
    if report["problems"]:
        print("\nRule problems:")
        for text in report["problems"]:
            print(f"  - {text}")
    else:
        print("\nLegal blueprint.")
    return 0


# ----- entry point ---------------------------------------------------------------------------


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand, or, given the ``command`` a user asked for,
    with only that one of the ``COMMANDS`` (and the built-in ``parts`` and ``blueprint``)."""
    parser = argparse.ArgumentParser(
        prog="fleetlab",
        description="Battle odds and ship design for Eclipse: Second Dawn for the Galaxy.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("parts", help="list every ship part")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_parts)

    p = sub.add_parser("blueprint", help="show a blueprint with its stats and rule problems")
    p.add_argument("species", help="species id, e.g. terran_directorate, planta")
    p.add_argument("ship_class", metavar="class", help="interceptor, cruiser, dreadnought ...")
    p.add_argument("--parts", help="the slots in order, comma-separated, '-' for an empty slot")
    p.add_argument("--outside", help="a part placed outside the grid (muon_source)")
    p.add_argument("--techs", help="researched techs, comma-separated, to check tech parts")
    p.add_argument("--discoveries", help="discovery parts held, comma-separated")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_blueprint)

    modules = (COMMANDS[command],) if command in COMMANDS else COMMAND_MODULES
    for module_name in modules:
        importlib.import_module(module_name).register(sub)
    return parser


def requested_command(argv: Sequence[str]) -> str | None:
    """The subcommand named first on the command line, if it is one of ``COMMANDS``."""
    return argv[0] if argv and argv[0] in COMMANDS else None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    words = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(requested_command(words))
    args = parser.parse_args(words)
    try:
        status: int = run_command(lambda: args.func(args))
    except UsageError as exc:
        print(f"fleetlab {args.command}: error: {exc}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
