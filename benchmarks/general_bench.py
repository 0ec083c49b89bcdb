"""Benchmark of the exact solver's general loops (retreat decisions, Morph Shields, sectors).

Usage::

    python benchmarks/general_bench.py [--repeats 7] [--only retreat,morph]

Each case is solved once to load the compiled kernels, then ``--repeats`` times; the figure is
the median CPU time of this process (``time.process_time``), which a loaded machine disturbs
less than wall time. The plain corpus battles are forced onto the general loops
(``ExactSolver(..., general=True)``), so the two paths can be compared on the same battles;
the others take the general loops on their own merits.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from blueprints import Dice, ShipClass, ShipStats
from calc.battle.files import load_battle
from calc.battle.model import (
    Battle,
    Policy,
    Retreat,
    RetreatPolicy,
    ShipGroup,
    Side,
    with_player_policy,
)
from calc.exact.solver import ExactSolver
from calc.sector.chain import solve_sector

CORPUS = Path(__file__).resolve().parent / "corpus"


def _corpus(name: str, policy: Policy) -> Battle:
    battle, _ = load_battle(CORPUS / f"{name}.json")
    return with_player_policy(battle, policy)


def _retreating(battle: Battle, rule: Retreat) -> Battle:
    attacker = replace(battle.attacker_side, can_retreat=True, retreat=rule)
    return Battle.two_sided(attacker, battle.defender_side)


def _ship(cls: str, init: int, hull: int, morph: int, cannons: dict[str, int]) -> ShipStats:
    return ShipStats(
        ShipClass(cls),
        initiative=init,
        hull=hull,
        computer=1,
        shield=0,
        cannons=Dice.from_mapping(cannons),
        missiles=Dice.from_mapping({}),
        cost=3 + hull,
        morph=morph,
    )


def _morph_battle(policy: Policy) -> Battle:
    """Morph Shields on both sides: cyclic blocks solved by ``calc.exact.blocks``."""
    a = Side(
        "A",
        (
            ShipGroup(_ship("cruiser", 3, 2, 1, {"yellow": 2}), 2),
            ShipGroup(_ship("interceptor", 4, 0, 0, {"yellow": 1}), 2),
        ),
        policy=policy,
    )
    d = Side(
        "D",
        (
            ShipGroup(_ship("dreadnought", 1, 3, 1, {"yellow": 2, "orange": 1}), 1),
            ShipGroup(_ship("cruiser", 2, 1, 0, {"yellow": 1}), 2),
        ),
        policy=policy,
    )
    return Battle.two_sided(a, d)


def _exact(battle: Battle, general: bool) -> Callable[[], object]:
    return lambda: ExactSolver(battle, general=general).run()


def cases() -> dict[str, Callable[[], object]]:
    """The benchmark cases by name: a function that solves one."""
    npc19 = _corpus("19_four_group_home_defence", Policy.NPC)
    opt19 = _corpus("19_four_group_home_defence", Policy.OPTIMAL)
    npc05 = _corpus("05_8_interceptors_vs_4_cruisers_2_dreadnoughts", Policy.NPC)
    optimal_retreat = Retreat(RetreatPolicy.OPTIMAL)
    three = _corpus("19_four_group_home_defence", Policy.NPC)
    third = replace(three.sides[0], name="Green")
    return {
        "19 npc plain": _exact(npc19, False),
        "19 npc general": _exact(npc19, True),
        "19 optimal general": _exact(opt19, True),
        "05 npc general": _exact(npc05, True),
        "19 npc retreat optimal": _exact(_retreating(npc19, optimal_retreat), False),
        "19 npc retreat below 0.5": _exact(
            _retreating(npc19, Retreat(RetreatPolicy.THRESHOLD, below=0.5)), False
        ),
        "19 optimal retreat optimal": _exact(_retreating(opt19, optimal_retreat), False),
        "morph npc": _exact(_morph_battle(Policy.NPC), False),
        "morph optimal": _exact(_morph_battle(Policy.OPTIMAL), False),
        "sector 3 sides npc": lambda: solve_sector(Battle((third, *three.sides), 0)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--only", default="", help="comma-separated parts of case names")
    args = parser.parse_args()
    wanted = [w for w in args.only.split(",") if w]
    for name, solve in cases().items():
        if wanted and not any(w in name for w in wanted):
            continue
        solve()  # warm-up: loads (or compiles) the kernels
        times = []
        for _ in range(args.repeats):
            t0 = time.process_time()
            solve()
            times.append(time.process_time() - t0)
        print(f"{name:28s} median {statistics.median(times):8.4f} s  best {min(times):8.4f} s")


if __name__ == "__main__":
    main()
