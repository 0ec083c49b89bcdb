"""The odds budget of ``fleetlab import`` on the largest real battle: aeb40's sector 207.

Usage::

    python benchmarks/import_budget.py SAVE [--repeat 3] [--budgets 20,5,1]

``SAVE`` is the bot's aeb40 save. For each budget (CPU seconds for all the battles of the
position) it times the odds of the battle twice, through ``engine.importers.summary.OddsBudget``:
as imported (14 Hydran ships: the save's 4 dreadnoughts are 2 over the miniature limit) and, to
show the budget on a larger battle, with the 2 left-out dreadnoughts put back (the 16 ships of
the save, over the limit: the importer never builds this battle). It prints the method that
answered, the median CPU seconds (``time.process_time``) over ``--repeat`` runs, the wall
seconds of the same runs and the ratio of CPU to the budget. The first run in a fresh worktree
also compiles the solver (numba), which counts as CPU: run it twice.

Measured on the shared 2-core development machine with other jobs running (load average 7.7;
repeat 3; the solver already compiled)::

    battle     budget   method               CPU s (median)   wall s (median)
    14 ships   20       exact                    3.08              7.32
    14 ships   5        exact                    3.19              6.61
    14 ships   1        monte-carlo              0.37              0.92   (estimate 0.98 s)
    16 ships   20       exact                    8.98             24.05
    16 ships   5        exact / monte-carlo      4.21             12.01   (greedy exact, or
                                                                           stopped: Monte Carlo)
    16 ships   1        monte-carlo              0.29              0.74

CPU stays within every budget while wall time runs up to 2.7 times longer: counted in wall time
the 16-ship battle would have passed its 20 s; counted in CPU time it is solved exactly within.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace
from pathlib import Path

from blueprints import ShipClass
from engine.importers import load_save
from engine.importers.positions import position_hex
from engine.importers.summary import OddsBudget
from engine.state import GameState, add_ships


def with_left_out_dreadnoughts(state: GameState) -> GameState:
    """aeb40 with the two dreadnoughts the miniature limit left out put back at 207."""
    where = position_hex("207")
    sector = state.sector(where)
    assert sector is not None
    blue = next(seat for seat, c, _ in sector.ships if c is ShipClass.DREADNOUGHT)
    return state.with_sector(
        replace(sector, ships=add_ships(sector.ships, blue, ShipClass.DREADNOUGHT, 2))
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("save", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--budgets", default="20,5,1")
    args = parser.parse_args()
    imported = load_save(args.save).state
    battles = {"14 ships": imported, "16 ships": with_left_out_dreadnoughts(imported)}
    where = position_hex("207")
    header = f"{'battle':10} {'budget':>6}   {'method':18} {'CPU s':>8} {'wall s':>8}"
    print(f"{header} {'CPU/budget':>10}")
    for name, state in battles.items():
        for budget in (float(b) for b in args.budgets.split(",")):
            cpu, wall, methods = [], [], set()
            for _ in range(args.repeat):
                odds_budget = OddsBudget(budget)
                w0 = time.perf_counter()
                result, spent = odds_budget.solve(state, where, seed=0)
                wall.append(time.perf_counter() - w0)
                cpu.append(spent)
                methods.add(result.method)
            median = statistics.median(cpu)
            print(
                f"{name:10} {budget:>6g}   {' / '.join(sorted(methods)):18} {median:>8.2f} "
                f"{statistics.median(wall):>8.2f} {median / budget:>10.2f}"
            )


if __name__ == "__main__":
    main()
