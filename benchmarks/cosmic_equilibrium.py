"""Cosmic Encounter: CPU time of the equilibrium model on seven-card hands, with Amoebas.

Usage::

    python benchmarks/cosmic_equilibrium.py [--repeat 3] [--baseline PATH_TO_OTHER_CHECKOUT]

The Mayfair 1991 deck; you attack with 4 ships against 3, 2 allied ships on each side, holding
``attack:15, 10, 8, 6, 4`` and two compromises, the opponent holding 7 unseen cards, under
``opponent: "equilibrium"``. Three cases: no powers; you the Amoeba (your plays are a card with a
ship count); the defense the Amoeba (its plays are, and its hands fall into many types). Each case
runs ``solve`` in a fresh Python process; the script prints the median CPU time
(``time.process_time``) over ``--repeat`` processes, the opponent-hand compositions enumerated,
the hand types of the game and its value.

``--baseline`` runs the same cases on another checkout (for example the commit before a change)
in the same run and prints the ratio of the CPU times. (Tests check the answers, not the time.)
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from pathlib import Path

from fresh_process import run_fresh

ROOT = Path(__file__).resolve().parent.parent

CASE = r"""
import json, sys, time
sys.path.insert(0, {root!r})
from cosmic import BySide, Challenge, OpponentModel, Power, Side, parse_cards, preset, solve
HAND = ("attack:15", "attack:10", "attack:8", "attack:6", "attack:4", "compromise", "compromise")
powers = {{"none": BySide(None, None), "yours": BySide(Power.AMOEBA, None),
          "theirs": BySide(None, Power.AMOEBA)}}[{amoeba!r}]
c = Challenge(preset("mayfair_1991"), Side.OFFENSE, parse_cards(*HAND), BySide(4, 3),
              BySide(2, 2), opponent_hand_size=7, opponent=OpponentModel.EQUILIBRIUM,
              powers=powers)
start = time.process_time()
report = solve(c)
cpu = time.process_time() - start
eq = report.equilibrium
print(json.dumps({{"cpu": cpu, "compositions": report.compositions, "types": eq.hand_types,
                  "value": str(eq.value)}}))
"""

CASES = ("none", "yours", "theirs")


def run_case(root: Path, amoeba: str, repeat: int) -> dict[str, object]:
    """Median CPU seconds over ``repeat`` fresh processes, and the last run's answer."""
    return run_fresh(CASE.format(root=str(root), amoeba=amoeba), root, repeat)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", type=Path, default=None)
    args = parser.parse_args()
    header = f"{'Amoeba':<8} {'CPU s':>8} {'compositions':>12} {'types':>6}  value"
    if args.baseline is not None:
        header += "   baseline CPU s, CPU ratio"
    print("Equilibrium, seven-card hand (Mayfair 1991; you attack with 4 ships against 3)")
    print(header)
    for amoeba in CASES:
        r = run_case(ROOT, amoeba, args.repeat)
        value = float(Fraction(str(r["value"])))
        line = (
            f"{amoeba:<8} {float(str(r['cpu'])):>8.3f} {int(str(r['compositions'])):>12,} "
            f"{int(str(r['types'])):>6}  {value:.6f}"
        )
        if args.baseline is not None:
            b = run_case(args.baseline, amoeba, args.repeat)
            ratio = float(str(b["cpu"])) / max(float(str(r["cpu"])), 1e-9)
            same = "same value" if b["value"] == r["value"] else f"baseline value {b['value']}"
            line += f"   {float(str(b['cpu'])):.2f}, {ratio:.1f}x faster ({same})"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
