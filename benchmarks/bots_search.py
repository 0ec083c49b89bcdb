"""The search bot's goals, measured by the league (issue 35): one search seat against three
planners, and how its wins grow with its thinking time.

Usage::

    python benchmarks/bots_search.py [--games 40] [--seed 1] [--workers 1] [--think-ms 1500]
        [--sweep 500,1500,3000] [--sweep-games 40] [--json]

1. A league of ``--games`` four-player games ``search,planner,planner,planner`` at
   ``--think-ms`` (``engine.league``: the seat list rotated every game, so the search bot sits
   in every seat equally often). Goals: the search seat wins at least 45% of the games (a
   fair share is 25%); its decisions take at most 2 CPU s on average, counted over the
   decisions it searched (every other decision is the planner's, a few milliseconds); a game
   takes under 3 CPU minutes.
2. The same league at every other budget of ``--sweep`` (``--sweep-games`` games each; the
   seeds are the same, so every budget plays the same galaxies and species), for how the wins
   grow with the thinking time.

It prints one line per goal with the measured value and whether it is met, the main league's
table (``fleetlab league``: wins, mean VP by source, CPU per decision), and the sweep's table.
It also prints the work units the searches did per CPU millisecond: the calibration of
``engine.search.budget.UNITS_PER_MS``, which turns ``--think-ms`` into a work budget.
The thinking time is a work budget (``engine.search.budget``), so the games are the same on any
machine; the CPU seconds are those of each game in its worker process. On a 2-core machine
shared with other work, ``--workers 1`` keeps one core free; a game takes about a CPU minute
at the default budget.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from calc.design import start_pool
from engine.league import GameSummary, LeagueTable, run_league, schedule, table, table_json
from engine.search import DEFAULT_THINK_MS
from engine.search.budget import UNITS_PER_MS
from ui.cli_support import text_table
from ui.commands.league import text_report

SEATS = ("search", "planner", "planner", "planner")


def goals(t: LeagueTable, games: list[GameSummary]) -> list[tuple[str, str, bool]]:
    """``(goal, measured, met)`` for every goal of the issue."""
    line = t.bots["search"]
    win = line.wins / line.seats
    worst = max(g.seconds for g in games)
    return [
        (
            "search wins >= 45% against three planners",
            f"{win:.0%} ({line.wins:g} of {line.seats})",
            win >= 0.45,
        ),
        (
            "<= 2 CPU s per searched decision on average",
            f"{line.seconds_per_search:.2f} s ({line.searched_per_game:.1f} a game; "
            f"{line.seconds_per_decision:.3f} s over all {_decisions(games):.0f} decisions "
            "of the seat a game)",
            line.seconds_per_search <= 2.0,
        ),
        (
            "a game with one search seat < 3 CPU minutes",
            f"mean {t.seconds_per_game:.0f} s, slowest {worst:.0f} s",
            worst < 180.0,
        ),
    ]


def _decisions(games: list[GameSummary]) -> float:
    """Decisions the search seat answered per game."""
    return sum(s.decisions for g in games for s in g.seats if s.bot == "search") / len(games)


def sweep_rows(played: dict[int, tuple[LeagueTable, list[GameSummary]]]) -> list[tuple[str, ...]]:
    """One row per budget: games, the search seat's wins and mean VP, its CPU per searched
    decision, and the mean and slowest CPU seconds of a game."""
    rows: list[tuple[str, ...]] = []
    for ms in sorted(played):
        t, games = played[ms]
        line = t.bots["search"]
        planner = t.bots["planner"]
        rows.append(
            (
                str(ms),
                str(t.games),
                f"{line.wins:g}",
                f"{line.wins / line.seats:.0%}",
                f"{line.mean_vp:.1f}",
                f"{planner.mean_vp:.1f}",
                f"{line.seconds_per_search:.2f}",
                f"{line.units_per_ms:.2f}",
                f"{t.seconds_per_game:.0f}",
                f"{max(g.seconds for g in games):.0f}",
            )
        )
    return rows


SWEEP_HEADERS = (
    "think ms",
    "games",
    "search wins",
    "win rate",
    "search VP",
    "planner VP",
    "CPU s/search",
    "units/ms",
    "CPU s/game",
    "slowest",
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games of the main league")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--think-ms", type=int, default=DEFAULT_THINK_MS)
    parser.add_argument(
        "--sweep",
        default="500,1500,3000",
        help="thinking times to compare, comma-separated ('' for none)",
    )
    parser.add_argument("--sweep-games", type=int, help="games per budget (default --games)")
    parser.add_argument("--json", action="store_true", help="print the tables as JSON too")
    args = parser.parse_args(argv)
    budgets = sorted({int(x) for x in args.sweep.split(",") if x.strip()} | {args.think_ms})
    pool = start_pool(args.workers) if args.workers > 1 else None
    t0 = time.perf_counter()

    def report(label: str) -> Callable[[float], None]:
        def show(fraction: float) -> None:
            print(f"  {label}: {fraction:.0%} of the games played", file=sys.stderr, flush=True)

        return show

    played: dict[int, tuple[LeagueTable, list[GameSummary]]] = {}
    try:
        for ms in budgets:
            n = args.games if ms == args.think_ms else (args.sweep_games or args.games)
            games = run_league(
                schedule(SEATS, n, args.seed, ms), executor=pool, progress=report(f"{ms} ms")
            )
            played[ms] = (table(games), games)
    finally:
        if pool is not None:
            pool.shutdown()
    wall = time.perf_counter() - t0
    main_table, main_games = played[args.think_ms]
    print(
        f"search bot benchmark: {args.games} games at {args.think_ms} ms, seed {args.seed}, "
        f"{args.workers} workers, {wall:.0f} s wall"
    )
    found = goals(main_table, main_games)
    width = max(len(g) for g, _, _ in found)
    for goal, measured, met in found:
        print(f"  {'met ' if met else 'MISS'}  {goal:<{width}}  {measured}")
    print(
        f"  the budget's calibration: {main_table.bots['search'].units_per_ms:.2f} work units "
        f"per CPU ms of search measured, engine.search.budget.UNITS_PER_MS = {UNITS_PER_MS}"
    )
    print()
    print(text_report(main_table, SEATS, args.seed))
    if len(played) > 1:
        print()
        print("Wins by thinking time (the same seeds at every budget):")
        print(text_table(SWEEP_HEADERS, sweep_rows(played)))
    if args.json:
        print(json.dumps({str(ms): table_json(t) for ms, (t, _) in played.items()}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
