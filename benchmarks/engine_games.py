"""Whole-game benchmark of the engine, battles included: full games per second, 2 to 6 players.

Usage::

    python benchmarks/engine_games.py [--games 20] [--seed 0] [--bots random|greedy]
                                      [--aggression 0.2] [--skirmish] [--check]

For each player count it plays ``--games`` games (random species) and prints games per second,
the median seconds per game, the median number of steps (actions and chance events) and the mean
number of sectors with battles per game. Random players guard their upkeep and make a warlike
choice (builds and moves, into contested sectors when they can) ``--aggression`` of the time, so
their games have battles; greedy players fight when they are much stronger. ``--skirmish`` gives
every player extra warships at the start of round 1, some in the next player's home sector, for
games full of battles. ``--check`` runs the conformance harness instead (every invariant after
every step), for runs larger than the test suite's.

Measured on the 2-core development machine (one process; 20 games per count, 10 skirmishes):

    players   random players (aggression 0.2)   greedy players     random, skirmish
              games/s   battles/game            games/s  battles   games/s  battles
    2         8.2       1.1                     7.3      0.3       5.6      3.6
    3         7.4       1.4                     7.0      0.8       7.7      5.3
    4         4.8       3.1                     3.4      1.2       4.4      8.9
    5         4.4       2.5                     2.5      3.2       3.5      10.7
    6         3.7       2.6                     2.3      3.0       2.9      11.9

The goal of engine part 1 was a random 4-player game in under 1 s; with battles a random
4-player game takes a median 0.21 s (a greedy one 0.27 s).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GreedyPlayer, RandomPlayer, random_config
from engine.actions.base import Action
from engine.play import play_from
from engine.players import Player
from engine.setup import new_game
from engine.state import CHANCE, GameState


class Counter:
    """An ``on_step`` callback that counts the steps and the sectors whose battles ended."""

    def __init__(self) -> None:
        self.count = 0
        self.battles = 0

    def __call__(self, before: GameState, action: Action, after: GameState) -> None:
        self.count += 1
        was = before.combat.current if before.combat is not None else None
        now = after.combat.current if after.combat is not None else None
        if was is not None and (now is None or now.where != was.where):
            self.battles += 1


def play(
    players: int, seed: int, bots: str, aggression: float, skirmish: bool, counter: Counter
) -> GameState:
    """One game from setup (with the skirmish fleets if asked)."""
    rng = np.random.default_rng(seed)
    config = random_config(players, rng)
    seats: list[Player] = [
        RandomPlayer(np.random.default_rng([seed, i]), 0.0, aggression)
        if bots == "random"
        else GreedyPlayer(np.random.default_rng([seed, i]))
        for i in range(players)
    ]
    state = new_game(config)
    if skirmish:
        from tests.engine.harness import add_skirmish

        state = play_from(state, seats, rng, counter, until=lambda s: s.to_act != CHANCE)
        state = add_skirmish(state)
    return play_from(state, seats, rng, counter)


def run(
    players: int, games: int, seed: int, bots: str, aggression: float, skirmish: bool, check: bool
) -> tuple[list[float], list[int], list[int]]:
    """Seconds, steps and battle sectors of each game."""
    times: list[float] = []
    steps: list[int] = []
    battles: list[int] = []
    for g in range(games):
        game_seed = seed * 100_000 + players * 1_000 + g
        start = time.perf_counter()
        if check:
            from tests.engine.harness import play_checked

            report = play_checked(
                players, game_seed, reckless=0.1, aggression=aggression, skirmish=skirmish
            )
            count, fought = report.steps, report.battle_sectors
        else:
            counter = Counter()
            play(players, game_seed, bots, aggression, skirmish, counter)
            count, fought = counter.count, counter.battles
        times.append(time.perf_counter() - start)
        steps.append(count)
        battles.append(fought)
    return times, steps, battles


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per player count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", choices=("random", "greedy"), default="random")
    parser.add_argument(
        "--aggression", type=float, default=0.2, help="random players' warlike share"
    )
    parser.add_argument("--skirmish", action="store_true", help="start with fleets at war")
    parser.add_argument("--check", action="store_true", help="check invariants at every step")
    args = parser.parse_args(argv)
    mode = "conformance harness" if args.check else f"{args.bots} players"
    if args.bots == "random" or args.check:
        mode += f", aggression {args.aggression}"
    if args.skirmish:
        mode += ", skirmish"
    print(f"engine with battles, {mode}, {args.games} games per player count")
    print(
        f"{'players':>7}  {'games/s':>8}  {'median s/game':>13}  {'median steps':>12}"
        f"  {'battles/game':>12}"
    )
    for players in range(2, 7):
        times, steps, battles = run(
            players,
            args.games,
            args.seed,
            args.bots,
            args.aggression,
            args.skirmish,
            args.check,
        )
        rate = len(times) / sum(times)
        print(
            f"{players:>7}  {rate:>8.2f}  {statistics.median(times):>13.3f}"
            f"  {statistics.median(steps):>12.0f}  {statistics.mean(battles):>12.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
