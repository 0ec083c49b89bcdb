"""Battle mathematics: dice, the battle model, the exact solver, damage-assignment policies,
Monte Carlo, the exact-to-approximate ladder, sector combat and the fleet designer.

The usual entry points:

* ``odds(battle)``: the ladder (exact where it fits, else exact with greedy play, else Monte
  Carlo), for two sides or a whole sector;
* ``solve_exact(battle)`` and ``simulate_battle(battle, rng, samples)``: one method, forced;
* ``load_battle(path)`` / ``parse_battle(doc)``: battle files (``fleetlab-battle/1``).
"""

from calc.battle_file import BattleOptions, load_battle, parse_battle
from calc.errors import BattleError, BattleFileError, TooLargeError
from calc.exact import solve_exact
from calc.model import Battle, Policy, Retreat, RetreatObjective, RetreatPolicy, ShipGroup, Side
from calc.montecarlo import simulate_battle
from calc.odds import Budget, odds
from calc.result import BattleResult, GroupResult, Method, SideResult

__all__ = [
    "Battle",
    "BattleError",
    "BattleFileError",
    "BattleOptions",
    "BattleResult",
    "Budget",
    "GroupResult",
    "Method",
    "Policy",
    "Retreat",
    "RetreatObjective",
    "RetreatPolicy",
    "ShipGroup",
    "Side",
    "SideResult",
    "TooLargeError",
    "load_battle",
    "odds",
    "parse_battle",
    "simulate_battle",
    "solve_exact",
]
