"""``fleetlab replay FILE``: play a game record back, check every state hash, print the result.

The record is replayed without any seed (``engine.record``). A bad entry stops the replay: the
error names the entry (its index and text) and why, and says how far the game got; ``--snapshot
OUT`` writes the position reached (a snapshot, ``engine.snapshot``) in every case. The New
Dangers modules the game was set up with are listed.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from engine.errors import RecordError
from engine.record import replay_file
from engine.snapshot import snapshot
from engine.state import GameState
from fileio import write_atomic
from ui.cli_support import UsageError, text_table
from ui.commands.selfplay import SCORE_HEADERS, score_report


def register(subparsers: Any) -> None:
    """Add the ``replay`` subcommand."""
    p = subparsers.add_parser(
        "replay", help="replay a game record, verify its state hashes and print the result"
    )
    p.add_argument("file", help="a game record (JSON), e.g. from fleetlab selfplay --record")
    p.add_argument("--snapshot", metavar="OUT", help="write the position reached to OUT")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_replay)


def _where(state: GameState) -> str:
    if state.is_over:
        return f"round {state.round}, game over"
    return f"round {state.round}, {state.phase.value} phase"


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay the record; exit status 2 with the first bad entry if there is one."""
    try:
        record, result = replay_file(args.file)
    except RecordError as exc:
        raise UsageError(str(exc)) from None
    state = result.state
    if args.snapshot:
        text = json.dumps(snapshot(state), indent=1) + "\n"
        try:
            write_atomic(args.snapshot, text)  # a failed write leaves the old file whole
        except OSError as exc:
            raise UsageError(f"cannot write {args.snapshot!r}: {exc.strerror or exc}") from None
    if result.error is not None:
        raise UsageError(
            f"{result.error}; the game was replayed up to that entry ({_where(state)}, "
            f"{result.actions:,} actions, {result.checkpoints} checkpoint(s) verified)"
        )
    players = [
        {"seat": i, "species": sp, "name": name}
        for i, (sp, name) in enumerate(zip(record.config.species, record.players, strict=True))
    ]
    rows, scores = score_report(state) if state.is_over else ([], [])
    modules = [m.value for m in record.config.modules]
    if args.json:
        out = {
            "file": args.file,
            "players": players,
            "modules": modules,
            "actions": result.actions,
            "checkpoints": result.checkpoints,
            "round": state.round,
            "phase": state.phase.value,
            "over": state.is_over,
            "scores": scores if state.is_over else None,
        }
        print(json.dumps(out, indent=2))
        return 0
    who = ", ".join(f"{p['species']} ({p['name']})" for p in players)
    print(f"Replayed {args.file}: {len(players)} players: {who}")
    if modules:
        print(f"Modules: {', '.join(modules)}.")
    print(
        f"{result.actions:,} actions, {result.checkpoints} checkpoint(s) verified; {_where(state)}."
    )
    if state.is_over:
        print(text_table(SCORE_HEADERS, rows))
    return 0
