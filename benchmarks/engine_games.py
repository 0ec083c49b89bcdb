"""Whole-game benchmark of engine part 1: random full games per second, 2 to 6 players.

Usage::

    python benchmarks/engine_games.py [--games 20] [--seed 0] [--bots random|greedy] [--check]

For each player count it plays ``--games`` games (random species, random legal players that
guard their upkeep) and prints games per second, the median seconds per game and the median
number of steps (actions and chance events). ``--check`` runs the conformance harness instead
(every invariant after every step), for runs larger than the test suite's. The goal of engine
part 1: a random 4-player game in under 1 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GreedyPlayer, RandomPlayer, play_game, random_config
from engine.players import Player


class Counter:
    """An ``on_step`` callback that counts the steps."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, *_: object) -> None:
        self.count += 1


def run(
    players: int, games: int, seed: int, bots: str, check: bool
) -> tuple[list[float], list[int]]:
    """Seconds and steps of each game."""
    times: list[float] = []
    steps: list[int] = []
    for g in range(games):
        game_seed = seed * 100_000 + players * 1_000 + g
        start = time.perf_counter()
        if check:
            from tests.engine.harness import play_checked

            report = play_checked(players, game_seed, reckless=0.1)
            count = report.steps
        else:
            rng = np.random.default_rng(game_seed)
            config = random_config(players, rng)
            seats: list[Player] = [
                RandomPlayer(np.random.default_rng([game_seed, i]))
                if bots == "random"
                else GreedyPlayer(np.random.default_rng([game_seed, i]))
                for i in range(players)
            ]
            counter = Counter()
            play_game(config, seats, rng, on_step=counter)
            count = counter.count
        times.append(time.perf_counter() - start)
        steps.append(count)
    return times, steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per player count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", choices=("random", "greedy"), default="random")
    parser.add_argument("--check", action="store_true", help="check invariants at every step")
    args = parser.parse_args(argv)
    mode = "conformance harness" if args.check else f"{args.bots} players"
    print(f"engine part 1, {mode}, {args.games} games per player count")
    print(f"{'players':>7}  {'games/s':>8}  {'median s/game':>13}  {'median steps':>12}")
    for players in range(2, 7):
        times, steps = run(players, args.games, args.seed, args.bots, args.check)
        rate = len(times) / sum(times)
        print(
            f"{players:>7}  {rate:>8.2f}  {statistics.median(times):>13.3f}"
            f"  {statistics.median(steps):>12.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
