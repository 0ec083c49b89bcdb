"""``fleetlab cosmic FILE``: exact Cosmic Encounter challenge odds and advice from a challenge file.

The file format is docs/cosmic-file.md. For a main player the command prints the odds of every
card, the plans powers and edicts offer, the equilibrium under ``opponent: "equilibrium"``, each
ally's expected outcome, and on request the ships to send (``--ships``) and, when the file lists
``candidates``, whom to invite. For an invited ally (``"you": "ally"``) it prints the odds of each
way to answer. A bad file exits with status 2 and a message on stderr naming the path of the bad
value; ``--budget`` bounds the time of the exact solve the same way.
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from cosmic import Challenge, CosmicError, solve
from cosmic.advice import invitations, ships_to_send
from cosmic.equilibrium import Equilibrium
from cosmic.fileformat import (
    candidates_of,
    invitation_report_to_dict,
    invitations_to_dict,
    parse_challenge,
    parse_json_text,
    read_bytes,
    report_to_dict,
    sends_to_dict,
)
from cosmic.invitation import Invitation, advise_invitation
from cosmic.odds import Report
from ui.cli_support import UsageError, text_table


def _percent(value: object) -> str:
    return "-" if value is None else f"{100 * float(value):.2f}%"  # type: ignore[arg-type]


def _number(value: object) -> str:
    return "-" if value is None else f"{float(value):.3f}"  # type: ignore[arg-type]


def _table(rows: list[dict[str, Any]], first: str, ships: bool = False) -> str:
    headers = [first, *(["ships"] if ships else [])]
    headers += ["win", "lose", "deal", "redraw", "warp", "removed", "bases", "again"]
    return text_table(
        headers,
        [
            (
                r[first],
                *([r["ships"]] if ships else []),
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


def _equilibrium_lines(eq: Equilibrium) -> list[str]:
    mix = ", ".join(
        f"{play.card}{f' with {play.ships} ship(s)' if eq.chooses_ships else ''} "
        f"{100 * float(p):.1f}%"
        for play, p in eq.strategy
    )
    exact = f" (exact: {eq.value})" if eq.exact else " (HiGHS, floating point)"
    lines = [
        f"Equilibrium ({eq.how}): play {mix}",
        f"  guaranteed value {100 * float(eq.value):.3f}%{exact}; worst case of this strategy "
        f"{100 * float(eq.guarantee):.3f}%, best reply to the opponent's "
        f"{100 * float(eq.best_reply):.3f}%",
    ]
    if eq.opponent:
        plays = ", ".join(f"{label} {100 * float(p):.1f}%" for label, p in eq.opponent[:8])
        lines.append(
            f"  the opponent plays {plays} ({eq.hand_types} kinds of hand, {eq.mixed_types} mixed)"
        )
    return lines


def _allies_table(report: Report) -> str | None:
    allies = report.best_plan.odds.allies
    if not allies:
        return None
    rows = [
        (a.name, a.side.value, _percent(a.win), _number(a.lost), _number(a.rewards),
         _number(a.bases))
        for a in allies
    ]  # fmt: skip
    return text_table(["ally", "side", "side wins", "ships lost", "rewards", "bases"], rows)


def _print_report(report: Report, out: dict[str, Any]) -> None:
    deck = report.challenge.deck
    print(f"{deck.title} ({deck.describe()}); you are the {report.challenge.you.value}, "
          f"opponent model {report.challenge.opponent.value}")  # fmt: skip
    if not deck.exact:
        print(f"Note: {deck.note}")
    chooses = report.equilibrium.chooses_ships if report.equilibrium else False
    chooses = chooses or report.challenge.table.chooses_ships(report.challenge.you)
    if out["cards"]:
        print()
        print(_table(out["cards"], "card", ships=chooses))
        print(f"\nBest card: {out['best'] if out['best'] else 'none to choose (see plans)'}")
    if report.equilibrium is not None:
        print()
        print("\n".join(_equilibrium_lines(report.equilibrium)))
    print()
    print(_table(out["plans"], "plan"))
    print(f"\nBest plan: {report.best_plan.name} ({report.best_plan.description})")
    allies = _allies_table(report)
    if allies:
        print("\nAllies (best plan):")
        print(allies)
    for note in report.notes:
        if deck.exact or not note.startswith("Deck "):
            print(f"Note: {note}")
    print(f"\n{report.compositions} opponent hand compositions enumerated (exact).")


def _run_challenge(args: argparse.Namespace, c: Challenge, data: object) -> int:
    report = solve(c, budget=args.budget)
    out: dict[str, Any] = report_to_dict(report)
    sends: dict[str, Any] | None = None
    invites: dict[str, Any] | None = None
    if args.ships:
        sends = out["ships_to_send"] = sends_to_dict(*ships_to_send(c, budget=args.budget))
    candidates = candidates_of(data)
    if candidates:
        invites = out["invitations"] = invitations_to_dict(
            *invitations(c, candidates, budget=args.budget)
        )
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    _print_report(report, out)
    if sends is not None:
        print("\nShips to send:")
        print(text_table(
            ["ships", "best card", "plan", "win", "lose", "ships lost"],
            [(r["ships"], r["card"] or "-", r["plan"], _percent(r["win"]), _percent(r["lose"]),
              _number(r["lost"])) for r in sends["rows"]],
        ))  # fmt: skip
        print(f"Best: send {sends['best']}")
    if invites is not None:
        inv = invites
        print("\nWhom to invite (each accepting):")
        print(text_table(
            ["invite", "best card", "win", "lose", "ships lost", "allies' bases",
             "allies' rewards"],
            [(r["invite"], r["card"] or "-", _percent(r["win"]), _percent(r["lose"]),
              _number(r["lost"]), _number(r["ally_bases"]), _number(r["ally_rewards"]))
             for r in inv["rows"]],
        ))  # fmt: skip
        print(f"Best: invite {inv['best']}")
    return 0


def _run_invitation(args: argparse.Namespace, inv: Invitation) -> int:
    report = advise_invitation(inv)
    out = invitation_report_to_dict(report)
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    deck = inv.deck
    print(f"{deck.title} ({deck.describe()}); you are invited by "
          f"{' and '.join(sorted(s.value for s in inv.invited_by))}; "
          f"the main players play {inv.model.value!r}")  # fmt: skip
    print()
    print(text_table(
        ["choice", "your side wins", "loses", "deal", "ships lost", "rewards", "bases"],
        [(r.choice, _percent(r.win) if r.side else "-", _percent(r.lose) if r.side else "-",
          _percent(r.deal), _number(r.lost), _number(r.rewards), _number(r.bases))
         for r in report.rows],
    ))  # fmt: skip
    offense = report.rows[0].offense_wins
    print(f"\nIf you decline, the offense wins {_percent(Fraction(offense))}.")
    print(f"Best: {report.best.choice}")
    for note in report.notes:
        print(f"Note: {note}")
    return 0


def cmd_cosmic(args: argparse.Namespace) -> int:
    """Read a challenge file and print the odds of every card (or of an ally's answers)."""
    try:
        data = parse_json_text(read_bytes(args.file))
        c = parse_challenge(data)
        if isinstance(c, Invitation):
            return _run_invitation(args, c)
        return _run_challenge(args, c, data)
    except CosmicError as exc:  # a bad file, an impossible challenge, the budget, not modelled
        raise UsageError(f"{str(args.file)[:80]}: {exc}") from None


def _budget(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number of seconds") from None
    if not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError(f"{text[:40]!r}: give 0 to 86400 seconds")
    return value


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``fleetlab cosmic``."""
    p = subparsers.add_parser(
        "cosmic", help="exact Cosmic Encounter challenge odds and advice from a challenge file"
    )
    p.add_argument("file", help="challenge file (JSON, format fleetlab-cosmic/1)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument(
        "--ships", action="store_true", help="as the offense: the odds of sending 1 to 4 ships"
    )
    p.add_argument(
        "--budget", type=_budget, default=None, metavar="SECONDS",
        help="stop with an error when the exact odds need longer",
    )  # fmt: skip
    p.set_defaults(func=cmd_cosmic)


__all__ = ["cmd_cosmic", "register"]
