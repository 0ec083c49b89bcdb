"""``fleetlab league``: many bot games, every bot in every seat, and the table they make.

``fleetlab league --bots planner,greedy,greedy,greedy --players 4 --games 40 --seed 1`` plays 40
games, the seat list rotated by one each game, on a local process pool (``--workers``, default
one per core) or on an existing Dask cluster (``--dask ADDRESS``), with a progress bar on a
terminal; ``--json`` prints the table as JSON (``engine.league.table_json``).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from calc.design import start_pool
from engine.bots import BOTS, seat_bots
from engine.errors import EngineError
from engine.league import VP_SOURCES, LeagueTable, run_league, schedule, table, table_json
from engine.search import DEFAULT_THINK_MS, MAX_THINK_MS
from ui.cli_support import MAX_SEED, UsageError, text_table, whole_number
from ui.progress import progress_bar

SHOWN_SOURCES = ("sectors", "techs", "reputation", "ambassadors", "discoveries", "monoliths")
"""The VP sources the text table shows (``--json`` has them all)."""


def register(sub: Any) -> None:
    """Add the ``league`` subcommand."""
    p = sub.add_parser(
        "league", help="bots play many games in every seat; wins, VP, battles and actions"
    )
    p.add_argument(
        "--bots",
        default="planner",
        help=f"the seats' bots, comma-separated, or one for all ({', '.join(BOTS)}; "
        "default planner)",
    )
    p.add_argument("--players", type=int, default=4, help="2 to 6 (default 4)")
    p.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    p.add_argument(
        "--seed",
        type=whole_number(0, MAX_SEED, "a seed"),
        default=0,
        help="random seed (default 0)",
    )
    p.add_argument(
        "--workers", type=int, help="processes of the local pool (default: one per core)"
    )
    p.add_argument(
        "--dask", metavar="ADDRESS", help="play the games on this Dask scheduler instead"
    )
    p.add_argument(
        "--think-ms",
        type=whole_number(0, MAX_THINK_MS, "a thinking time"),
        default=DEFAULT_THINK_MS,
        help="the search bot's CPU milliseconds per searched decision, as a fixed amount of "
        f"work (the same game on any machine; default {DEFAULT_THINK_MS})",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_league)


def cmd_league(args: argparse.Namespace) -> int:
    """Play the league and print its table."""
    if not 2 <= args.players <= 6:
        raise UsageError(f"--players must be 2 to 6, not {args.players!r}")
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, not {args.games!r}")
    if args.workers is not None and args.workers < 1:
        raise UsageError(f"--workers must be at least 1, not {args.workers!r}")
    try:
        bots = seat_bots(args.bots, args.players)
        games = schedule(bots, args.games, args.seed, args.think_ms)
    except EngineError as exc:
        raise UsageError(str(exc)) from None
    # The pool starts before the progress bar's thread, so that its workers can be forked.
    pool = None if args.dask or args.workers == 1 else start_pool(args.workers)
    try:
        with progress_bar("league", enabled=not args.json) as progress:
            results = run_league(games, executor=pool, dask=args.dask, progress=progress)
    except EngineError as exc:
        raise UsageError(str(exc)) from None
    finally:
        if pool is not None:
            pool.shutdown()
    summary = table(results)
    if args.json:
        print(
            json.dumps(
                {"seed": args.seed, "players": args.players, **table_json(summary)}, indent=2
            )
        )
        return 0
    print(text_report(summary, bots, args.seed))
    return 0


def text_report(t: LeagueTable, bots: tuple[str, ...], seed: int) -> str:
    """The league table in words and columns."""
    lines = [f"League of {t.games} games, seats {', '.join(bots)} rotated each game (seed {seed}):"]
    shown = [s for s in SHOWN_SOURCES if s in VP_SOURCES]
    rows = [
        (
            name,
            line.seats,
            f"{line.wins:g}",
            f"{line.wins / line.seats:.0%}",
            f"{line.mean_vp:.1f}",
            *(f"{line.sources[VP_SOURCES.index(s)]:.1f}" for s in shown if line.sources),
            f"{line.seconds_per_decision * 1000:.1f}",
        )
        for name, line in t.bots.items()
    ]
    headers = ("bot", "seats", "wins", "win rate", "mean VP", *shown, "CPU ms/decision")
    lines.append(text_table(headers, rows))
    for name, line in t.bots.items():
        if line.searched_per_game:
            lines.append(
                f"{name}: {line.searched_per_game:.1f} searched decisions per game, "
                f"{line.seconds_per_search:.2f} CPU s each"
            )
    lines.append("")
    lines.append(
        f"battles per game {t.battles_per_game:.1f}; actions per player and round "
        f"{t.actions_per_player_round:.2f}; CPU seconds per game {t.seconds_per_game:.1f} "
        f"(median {t.seconds_median:.1f})"
    )
    lines.append(
        "VP per player by source: "
        + ", ".join(f"{s} {t.sources[s]:.1f} ({t.share(s):.0%})" for s in shown)
    )
    species = [(s, n, f"{w:g}") for s, (n, w) in t.species.items()]
    lines.append("")
    lines.append(text_table(("species", "seats", "wins"), species))
    return "\n".join(lines)
