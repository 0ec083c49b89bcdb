"""Whole Cosmic Encounter games by the two editions of the rules, on the same seeds.

The current edition (``cosmic.game.state.RULES``, 3) offers every edict in each window where it
may be played, negotiates deals over several offers and lets an offense with no spare ship
launch the last ship of a base; edition 1 is that of version-1 records. For each
edition and bot kind it plays the same games (seeds, powers, decks) and prints, per game, the
median CPU time, the median number of steps (every decision and chance event), turns, and how
many games ended with a winner; then the ratio of the current edition's medians to edition
1's, measured in the same run.

    .venv/bin/python benchmarks/cosmic_games.py [--games 40] [--bots random|odds]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import replace

import numpy as np

from cosmic.game import Action, GameState, OddsBot, RandomBot, play_game, random_config
from cosmic.game.bots import Bot
from cosmic.game.state import LEGACY_RULES, RULES

DECKS = ("eon", "mayfair_1991", "ffg_2008")


def one_game(seed: int, rules: int, bots: str) -> dict[str, float]:
    """One game: its CPU seconds, steps, turns and whether someone won."""
    rng = np.random.default_rng(seed)
    config = random_config(3 + seed % 4, rng, deck=DECKS[seed % 3], max_turns=150)
    config = replace(config, rules=rules)
    seats: list[Bot] = [
        OddsBot(np.random.default_rng([seed, s])) if bots == "odds" else RandomBot(rng)
        for s in range(config.players)
    ]
    steps = 0

    def count(before: GameState, action: Action, after: GameState) -> None:
        nonlocal steps
        steps += 1

    start = time.process_time()
    final = play_game(config, seats, rng, on_step=count)
    cpu = time.process_time() - start
    return {"cpu": cpu, "steps": steps, "turns": final.turn, "won": float(bool(final.winners))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--bots", choices=("random", "odds"), default="random")
    args = parser.parse_args()
    medians: dict[int, dict[str, float]] = {}
    for rules in (LEGACY_RULES, RULES):
        games = [one_game(seed, rules, args.bots) for seed in range(args.games)]
        medians[rules] = {
            key: statistics.median(g[key] for g in games) for key in ("cpu", "steps", "turns")
        }
        medians[rules]["won"] = sum(g["won"] for g in games)
        head = {"rules": rules, "bots": args.bots, "games": args.games}
        print(json.dumps({**head, **medians[rules]}))
    ratio = {
        key: medians[RULES][key] / medians[LEGACY_RULES][key]
        for key in ("cpu", "steps", "turns")
        if medians[LEGACY_RULES][key]
    }
    print(json.dumps({f"edition {RULES} / edition 1 (medians)": ratio}))


if __name__ == "__main__":
    main()
