"""The bots' goals, measured by the league (issue 18): the planner against greedy bots, and
games of planners only.

Usage::

    python benchmarks/bots_league.py [--games 40] [--seed 1] [--workers 2] [--json]
        [--only vs-greedy|all-planners]

Two leagues of ``--games`` four-player games each (``engine.league``; seats rotated every game,
so every bot sits in every seat):

1. ``planner,greedy,greedy,greedy``: the planner's seat should win at least 60% of the games
   (a fair share is 25%);
2. ``planner`` in every seat: at least 90% of the games have three battles or more, players take
   at least 4 actions per round on average, reputation scores more than 10% of the VP, no
   species wins more than 40% of the games, and a game takes at most 10 CPU seconds.

It prints one line per goal with the measured value and whether it is met, then each league's
table (``fleetlab league``). Timings are CPU seconds of each game in its worker process, so a
machine shared with other work slows the wall clock but not the measure much.
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
from ui.commands.league import text_report

VS_GREEDY = ("planner", "greedy", "greedy", "greedy")
ALL_PLANNERS = ("planner",) * 4


def goals(
    vs: LeagueTable | None, mine: LeagueTable | None, games: list[GameSummary] | None
) -> list[tuple[str, str, bool]]:
    """``(goal, measured, met)`` for every goal of the issue whose league was played."""
    out = []
    if vs is not None:
        line = vs.bots["planner"]
        win = line.wins / line.seats
        out.append(("planner wins >= 60% against three greedy bots", f"{win:.0%}", win >= 0.60))
    if mine is None or games is None:
        return out
    battles = sum(1 for g in games if g.battles >= 3) / len(games)
    reputation = mine.share("reputation")
    species = max((w / mine.games, s) for s, (_, w) in mine.species.items())
    worst = max(g.seconds for g in games)
    out.extend(
        [
            ("all-planner games with >= 3 battles >= 90%", f"{battles:.0%}", battles >= 0.90),
            (
                "actions per player and round >= 4",
                f"{mine.actions_per_player_round:.2f}",
                mine.actions_per_player_round >= 4.0,
            ),
            ("reputation > 10% of the VP", f"{reputation:.1%}", reputation > 0.10),
            (
                "no species wins > 40% of the games",
                f"{species[1]} {species[0]:.0%}",
                species[0] <= 0.40,
            ),
            (
                "a game takes <= 10 CPU s",
                f"mean {mine.seconds_per_game:.1f} s, median {mine.seconds_median:.1f} s, "
                f"slowest {worst:.1f} s",
                worst <= 10.0,
            ),
        ]
    )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per league")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print both tables as JSON too")
    parser.add_argument(
        "--only",
        choices=("vs-greedy", "all-planners"),
        help="play one league only (its goals alone are printed)",
    )
    args = parser.parse_args(argv)
    pool = start_pool(args.workers)
    t0 = time.perf_counter()

    def report(label: str) -> Callable[[float], None]:
        def show(fraction: float) -> None:
            print(f"  {label}: {fraction:.0%} of the games played", file=sys.stderr, flush=True)

        return show

    leagues = {"vs-greedy": VS_GREEDY, "all-planners": ALL_PLANNERS}
    played: dict[str, list[GameSummary]] = {}
    try:
        for name, bots in leagues.items():
            if args.only in (None, name):
                played[name] = run_league(
                    schedule(bots, args.games, args.seed), executor=pool, progress=report(name)
                )
    finally:
        pool.shutdown()
    wall = time.perf_counter() - t0
    tables = {name: table(games) for name, games in played.items()}
    print(
        f"bots league benchmark: {args.games} games per league, seed {args.seed}, "
        f"{args.workers} workers, {wall:.0f} s wall"
    )
    found = goals(tables.get("vs-greedy"), tables.get("all-planners"), played.get("all-planners"))
    width = max(len(g) for g, _, _ in found)
    for goal, measured, met in found:
        print(f"  {'met ' if met else 'MISS'}  {goal:<{width}}  {measured}")
    for name, t in tables.items():
        print()
        print(text_report(t, leagues[name], args.seed))
    if args.json:
        print(json.dumps({name: table_json(t) for name, t in tables.items()}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
