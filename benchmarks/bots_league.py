"""The bots' goals, measured by the league (issue 18): the planner against greedy bots, and
games of planners only.

Usage::

    python benchmarks/bots_league.py [--games 40] [--seed 1] [--workers 2] [--json]

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
    vs: LeagueTable, mine: LeagueTable, games: list[GameSummary]
) -> list[tuple[str, str, bool]]:
    """``(goal, measured, met)`` for every goal of the issue."""
    line = vs.bots["planner"]
    win = line.wins / line.seats
    battles = sum(1 for g in games if g.battles >= 3) / len(games)
    reputation = mine.share("reputation")
    species = max((w / mine.games, s) for s, (_, w) in mine.species.items())
    worst = max(g.seconds for g in games)
    return [
        ("planner wins >= 60% against three greedy bots", f"{win:.0%}", win >= 0.60),
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per league")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print both tables as JSON too")
    args = parser.parse_args(argv)
    pool = start_pool(args.workers)
    t0 = time.perf_counter()

    def report(label: str) -> Callable[[float], None]:
        def show(fraction: float) -> None:
            print(f"  {label}: {fraction:.0%} of the games played", file=sys.stderr, flush=True)

        return show

    try:
        vs_games = run_league(
            schedule(VS_GREEDY, args.games, args.seed), executor=pool, progress=report("vs greedy")
        )
        mine_games = run_league(
            schedule(ALL_PLANNERS, args.games, args.seed),
            executor=pool,
            progress=report("all planners"),
        )
    finally:
        pool.shutdown()
    wall = time.perf_counter() - t0
    vs, mine = table(vs_games), table(mine_games)
    print(
        f"bots league benchmark: {args.games} games per league, seed {args.seed}, "
        f"{args.workers} workers, {wall:.0f} s wall"
    )
    width = max(len(g) for g, _, _ in goals(vs, mine, mine_games))
    for goal, measured, met in goals(vs, mine, mine_games):
        print(f"  {'met ' if met else 'MISS'}  {goal:<{width}}  {measured}")
    print()
    print(text_report(vs, VS_GREEDY, args.seed))
    print()
    print(text_report(mine, ALL_PLANNERS, args.seed))
    if args.json:
        print(json.dumps({"vs_greedy": table_json(vs), "all_planners": table_json(mine)}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
