"""Cosmic Encounter: time of your own Mutant's plan "draw to a full hand, then play the best".

Usage::

    python benchmarks/cosmic_mutant.py [--side offense|defense] [--repeat 3] [--oracle]

The issue's challenge on the Mayfair 1991 deck (4 ships against 2 and 3 defending allies, the
opponent holds 7 cards) with hands of 6, 4, 2 and 0 cards, so that the Mutant draws 1, 3, 5 and 7
cards, for each opponent model. It prints the compositions of the draw, the time of the class
method (``cosmic.mutant.by_classes``, best of ``--repeat`` runs on a fresh solver) and P(win).

``--oracle`` also times the draw-by-draw enumeration (``by_enumeration``, the method used before)
on the 1-card draw, checks that both give the same odds, and estimates its time for the larger
draws from its time per composition (running them would take hours to days).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cosmic import BySide, Challenge, OpponentModel, Power, Side, parse_cards, preset
from cosmic.hands import as_hand
from cosmic.mutant import by_classes, by_enumeration, count_draws, draw_size
from cosmic.odds import Odds
from cosmic.solver import Solver

PLAIN_MODELS = (OpponentModel.HIGHEST, OpponentModel.BEST_RESPONSE, OpponentModel.RANDOM)
"""The models that play one card per hand (the Mutant's draw is not modelled under equilibrium)."""

HANDS = {
    1: ("attack:12", "attack:8", "attack:6", "attack:4", "compromise", "compromise"),
    3: ("attack:10", "attack:6", "compromise", "compromise"),
    5: ("attack:7", "compromise"),
    7: (),
}


def challenge(hand: tuple[str, ...], model: OpponentModel, you: Side) -> Challenge:
    """The issue's challenge with your hand, opponent model and side; you are the Mutant."""
    powers = BySide(Power.MUTANT, None) if you is Side.OFFENSE else BySide(None, Power.MUTANT)
    return Challenge(
        preset("mayfair_1991"), you, parse_cards(*hand), BySide(4, 2), BySide(0, 3),
        opponent_hand_size=7, opponent=model, powers=powers,
    )  # fmt: skip


def run(c: Challenge, oracle: bool) -> tuple[Odds, float, int]:
    """The plan's odds, the seconds it took (fresh solver) and the draw's compositions."""
    s = Solver(c)
    hand = as_hand(c.hand)
    unseen = c.unseen()
    d = draw_size(hand, c.deck.hand_size, sum(unseen.values()), c.opponent_random)
    method = by_enumeration if oracle else by_classes
    start = time.perf_counter()
    tally = method(s, hand, unseen, as_hand(c.opponent_hand_known), c.opponent_random, d)
    odds = s.odds(tally)
    seconds = time.perf_counter() - start
    return odds, seconds, count_draws([unseen[t] for t in sorted(unseen)], d)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", choices=[s.value for s in Side], default="offense")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--oracle", action="store_true")
    args = parser.parse_args()
    you = Side(args.side)
    print(f"Mayfair 1991, you are the {you.value} and the Mutant; opponent holds 7 cards")
    header = f"{'draw':>4} {'compositions':>12} {'model':>13} {'class method':>13} {'P(win)':>9}"
    if args.oracle:
        header += f" {'enumeration':>16}"
    print(header)
    per_composition: dict[OpponentModel, float] = {}
    for d, hand in HANDS.items():
        for model in PLAIN_MODELS:
            c = challenge(hand, model, you)
            best = float("inf")
            odds: Odds | None = None
            draws = 0
            for _ in range(max(1, args.repeat)):
                odds, seconds, draws = run(c, oracle=False)
                best = min(best, seconds)
            assert odds is not None
            line = f"{d:>4} {draws:>12} {model.value:>13} {best:>12.3f}s {float(odds.win):>9.5f}"
            if args.oracle:
                if d == 1:
                    slow, seconds, _ = run(c, oracle=True)
                    if slow != odds:
                        print(f"MISMATCH with the enumeration: {slow} != {odds}")
                        return 1
                    per_composition[model] = seconds / draws
                    line += f" {seconds:>15.1f}s"
                else:
                    estimate = per_composition[model] * draws
                    line += f" {f'~{estimate / 3600:.1f} h (est.)':>16}"
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
