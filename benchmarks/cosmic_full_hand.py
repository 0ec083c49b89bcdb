"""Cosmic Encounter: time of the exact odds of a whole hand against a 7-card opponent hand.

Usage::

    python benchmarks/cosmic_full_hand.py [--repeat 5]

The Mayfair 1991 deck, you on offense holding seven cards (six attacks and a compromise), 4
ships against 3, 2 allied ships on each side, the opponent holding 7 unseen cards; for each
opponent model (``equilibrium`` included) it prints the opponent-hand compositions weighed,
the median time of ``cosmic.solve`` over ``--repeat`` runs and the best card. (Tests check
these answers, not their time.)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cosmic import BySide, Challenge, OpponentModel, Side, parse_cards, preset, solve

HAND = ("attack:40", "attack:20", "attack:15", "attack:10", "attack:8", "attack:6", "compromise")


def challenge(model: OpponentModel) -> Challenge:
    """The benchmark's challenge against one opponent model."""
    return Challenge(
        preset("mayfair_1991"), Side.OFFENSE, parse_cards(*HAND), BySide(4, 3), BySide(2, 2),
        opponent_hand_size=7, opponent=model,
    )  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{'opponent model':<16} {'compositions':>12} {'median s':>9}  best card")
    for model in OpponentModel:
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            report = solve(challenge(model))
            times.append(time.perf_counter() - start)
        print(
            f"{model.value:<16} {report.compositions:>12,} {statistics.median(times):>9.3f}  "
            f"{report.best}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
