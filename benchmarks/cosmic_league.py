"""Cosmic Encounter games by the odds bots, many per player count: does every game end by its
rules, how long do games run, and how strong is each power?

For each player count (3 to 6) it plays ``--games`` games as ``fleetlab cosmic-play --players N
--seed S`` plays them (seeds 0, 1, ...: powers dealt at random, the Eon deck, odds bots in every
seat) and prints:

- how many games ended by the rules (``five_foreign_bases`` or ``last_in_play``; goal: all) and
  how many were stuck at the turn cap (``TurnCapError``);
- turns and challenges per game (median and 95th percentile), CPU seconds per game and winners
  per game (several players reaching five foreign bases in one encounter win together);
- each power's win share over every game it sat in, with a 95% Wilson interval (a shared win
  counts as one win for each winner; a power's fair share is one in the player count);
- how far the order of the powers agrees with a public simulator's published win rates
  (``PUBLISHED``): Spearman's rank correlation over the powers both have.

Usage::

    python benchmarks/cosmic_league.py [--games 200] [--players 3,4,5,6] [--workers 2]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np
from scipy.stats import spearmanr

from cosmic.game import OddsBot, play_game, random_config
from cosmic.game.bots import Bot
from cosmic.game.errors import TurnCapError
from cosmic.game.summary import ended_by

PUBLISHED = {
    "mutant": 28.1, "trader": 26.6, "macron": 26.4, "virus": 25.8, "chronos": 24.4,
    "void": 24.0, "amoeba": 23.4, "oracle": 23.3, "clone": 21.6, "zombie": 21.3,
    "laser": 21.2, "philanthropist": 20.8, "empath": 19.9,
}  # fmt: skip
"""Overall win rates (%) of the powers we share with Cosmic Encounter Simulator 2
(github.com/MartinHalvorson/cosmic-encounter-simulator-2, README "Alien Power Rankings": 14,000
games of 3 to 6 players, Fantasy Flight rules and its own AI, table of 2025-12-30). It has no
Mind and no Vulch."""


@dataclass(frozen=True, slots=True)
class Played:
    """One game: its player count, seed, powers, winners, the rule that ended it (``stuck``
    at the cap), turns, challenges and CPU seconds."""

    players: int
    seed: int
    powers: tuple[str, ...]
    winners: tuple[int, ...]
    ended: str
    turns: int
    challenges: int
    seconds: float


def play(players: int, seed: int) -> Played:
    """The game ``fleetlab cosmic-play --players PLAYERS --seed SEED`` plays."""
    start = time.process_time()
    rng = np.random.default_rng(seed)
    config = random_config(players, rng, "eon", 400)
    bots: list[Bot] = [OddsBot(np.random.default_rng([seed, s])) for s in range(players)]
    powers = tuple(p.value for p in config.powers)
    try:
        final = play_game(config, bots, rng)
    except TurnCapError as exc:
        return Played(players, seed, powers, (), "stuck", exc.turn, -1, time.process_time() - start)
    return Played(
        players,
        seed,
        powers,
        tuple(final.winners),
        ended_by(final) or "?",
        final.turn,
        final.challenges,
        time.process_time() - start,
    )


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share ``wins / n``.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[int], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, by the nearest rank."""
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))])


def report(games: list[Played]) -> str:
    """The table described in the module docstring."""
    lines = []
    for players in sorted({g.players for g in games}):
        mine = [g for g in games if g.players == players]
        ended = [g for g in mine if g.ended != "stuck"]
        by_rule = defaultdict(int)
        for g in mine:
            by_rule[g.ended] += 1
        turns = [g.turns for g in ended] or [0]
        challenges = [g.challenges for g in ended] or [0]
        lines.append(
            f"{players} players: {len(ended)}/{len(mine)} ended by the rules "
            f"({', '.join(f'{k} {v}' for k, v in sorted(by_rule.items()))}); turns median "
            f"{statistics.median(turns):.0f}, p95 {percentile(turns, 0.95):.0f}; challenges "
            f"median {statistics.median(challenges):.0f}, p95 {percentile(challenges, 0.95):.0f}; "
            f"CPU per game {statistics.mean(g.seconds for g in mine):.2f} s; winners per game "
            f"{statistics.mean(len(g.winners) for g in ended) if ended else 0:.2f}"
        )
        for g in mine:
            if g.ended == "stuck":
                lines.append(
                    f"  stuck: fleetlab cosmic-play --players {players} --seed {g.seed} "
                    f"(powers {', '.join(g.powers)})"
                )
    seats: dict[str, int] = defaultdict(int)
    wins: dict[str, float] = defaultdict(float)
    fair: dict[str, float] = defaultdict(float)
    for g in games:
        for seat, power in enumerate(g.powers):
            seats[power] += 1
            fair[power] += 1 / g.players
            wins[power] += seat in g.winners
    lines.append("")
    lines.append(
        f"{'power':12} {'games':>5} {'wins':>5} {'share':>6} {'95% interval':>15} {'fair':>5}"
    )
    for power in sorted(seats, key=lambda p: -wins[p] / seats[p]):
        low, high = wilson(wins[power], seats[power])
        lines.append(
            f"{power:12} {seats[power]:5d} {wins[power]:5.0f} {wins[power] / seats[power]:6.1%} "
            f"   [{low:5.1%}, {high:5.1%}] {fair[power] / seats[power]:5.1%}"
        )
    ours = {p: wins[p] / seats[p] for p in PUBLISHED if seats.get(p)}
    if len(ours) >= 3:
        rho = spearmanr([ours[p] for p in ours], [PUBLISHED[p] for p in ours]).statistic
        lines.append("")
        lines.append(
            f"Spearman's rank correlation with Cosmic Encounter Simulator 2's win rates over "
            f"the {len(ours)} powers both have: {rho:+.2f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count (200)")
    parser.add_argument("--players", default="3,4,5,6", help="player counts (3,4,5,6)")
    parser.add_argument("--workers", type=int, default=2, help="processes (2)")
    args = parser.parse_args(argv)
    counts = [int(x) for x in args.players.split(",")]
    jobs = [(n, seed) for n in counts for seed in range(args.games)]
    with ProcessPoolExecutor(args.workers) as pool:
        games = list(pool.map(play, *zip(*jobs, strict=True), chunksize=8))
    print(report(games))


if __name__ == "__main__":
    main()
