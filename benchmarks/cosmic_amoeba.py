"""Cosmic Encounter: CPU time and peak memory of a 7-card Amoeba challenge, before and after.

Usage::

    python benchmarks/cosmic_amoeba.py [--repeat 3] [--baseline PATH_TO_OTHER_CHECKOUT]

The Mayfair 1991 deck; you are the offense and the Amoeba, holding seven cards (six attacks and a
compromise), 4 ships against 3, 2 allied ships on each side, the opponent holding 7 unseen cards.
For each opponent model and each reading of the Amoeba (``after_reveal``: it oozes once both
cards are known; ``text``: it chooses its ship count with its card) the script runs ``solve`` in a
fresh Python process and prints the median CPU time (``time.process_time``) over ``--repeat``
processes, the process's peak resident memory (``ru_maxrss``), the opponent-hand compositions
enumerated and the best card with its P(win).

``--baseline`` runs the same cases on another checkout (for example the main branch before this
change) in the same run and prints the ratio of the CPU times; a checkout without the ``text``
reading runs only ``after_reveal``, its only reading. (Tests check the answers, not the time.)
"""

from __future__ import annotations

import argparse
from pathlib import Path

from fresh_process import run_fresh

ROOT = Path(__file__).resolve().parent.parent

CASE = r"""
import json, resource, sys, time
sys.path.insert(0, {root!r})
import cosmic
from cosmic import BySide, Challenge, OpponentModel, Power, Side, preset, solve
parse = getattr(cosmic, "parse_cards", None) or getattr(cosmic, "cards")
HAND = ("attack:40", "attack:20", "attack:15", "attack:10", "attack:8", "attack:6", "compromise")
kw = {{}}
if {reading!r} != "baseline":
    from cosmic import AmoebaTiming, PowerOptions
    kw["options"] = PowerOptions(amoeba_timing=AmoebaTiming({reading!r}))
c = Challenge(preset("mayfair_1991"), Side.OFFENSE, parse(*HAND), BySide(4, 3), BySide(2, 2),
              opponent_hand_size=7, opponent=OpponentModel({model!r}),
              powers=BySide(Power.AMOEBA, None), **kw)
start = time.process_time()
report = solve(c)
cpu = time.process_time() - start
best = report.best
print(json.dumps({{
    "cpu": cpu,
    "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    "compositions": report.compositions,
    "best": str(best),
    "win": float(report.row(best).win) if best is not None else None,
}}))
"""

MODELS = ("highest", "best_response", "random")


def has_text_reading(root: Path) -> bool:
    """Whether the checkout at ``root`` knows the Amoeba's text reading."""
    return "AmoebaTiming" in (root / "cosmic" / "powers.py").read_text(encoding="utf-8")


def run_case(root: Path, model: str, reading: str, repeat: int) -> dict[str, object]:
    """Median CPU seconds and the largest peak memory over ``repeat`` fresh processes."""
    return run_fresh(CASE.format(root=str(root), model=model, reading=reading), root, repeat)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", type=Path, default=None)
    args = parser.parse_args()
    readings = ["after_reveal", "text"] if has_text_reading(ROOT) else ["baseline"]
    header = (
        f"{'model':<14} {'reading':<13} {'CPU s':>8} {'peak MB':>8} {'compositions':>12}"
        f"  best card (P(win))"
    )
    if args.baseline is not None:
        header += "   baseline CPU s, peak MB, CPU ratio"
    print("7-card Amoeba challenge (Mayfair 1991; you attack as the Amoeba)")
    print(header)
    for model in MODELS:
        baseline = None
        if args.baseline is not None:
            old = "after_reveal" if has_text_reading(args.baseline) else "baseline"
            baseline = run_case(args.baseline, model, old, args.repeat)
        for reading in readings:
            r = run_case(ROOT, model, reading, args.repeat)
            win = "-" if r["win"] is None else f"{float(str(r['win'])):.4f}"
            line = (
                f"{model:<14} {reading:<13} {float(str(r['cpu'])):>8.3f} "
                f"{float(str(r['rss_mb'])):>8.0f} {int(str(r['compositions'])):>12,}  "
                f"{r['best']} ({win})"
            )
            if baseline is not None and reading in ("after_reveal", "baseline"):
                ratio = float(str(baseline["cpu"])) / max(float(str(r["cpu"])), 1e-9)
                line += (
                    f"   {float(str(baseline['cpu'])):.1f}, {float(str(baseline['rss_mb'])):.0f}, "
                    f"{ratio:,.0f}x faster (same reading; baseline P(win) "
                    f"{float(str(baseline['win'])):.4f})"
                )
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
