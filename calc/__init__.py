"""Battle mathematics: dice, the battle model, the exact solver, damage-assignment policies,
Monte Carlo, the exact-to-approximate ladder and sector combat. (The fleet designer is
``calc.design``; the rules layer is ``calc.rules``.)

The usual entry points:

* ``odds(battle)``: the ladder (exact where it fits, else exact with greedy play, else Monte
  Carlo), for two sides or a whole sector;
* ``solve_exact(battle)`` and ``simulate_battle(battle, rng, samples)``: one method, forced;
* ``load_battle(path)`` / ``parse_battle(doc)`` / ``battle_to_dict(battle)``: battle files
  (``fleetlab-battle/1``, ``docs/battle-file.md``);
* ``use_compiled()``: switch this process to the compiled kernels at once (a program about to
  solve many battles; small ones otherwise run as plain Python first, see ``calc._jit``).
  ``calc.warmup.warmup()`` also compiles every kernel into numba's cache.

The subpackages show the architecture: ``calc.battle`` (model, files, results), ``calc.rules``
(one function per combat rule), ``calc.exact``, ``calc.montecarlo``, ``calc.sector`` (the sector
chain and the ladder) and ``calc.design``.
"""

from typing import TYPE_CHECKING, Any

from calc._jit import use_compiled
from calc.battle import (
    FORMAT,
    NO_RETREAT,
    Battle,
    BattleOptions,
    BattleResult,
    GroupResult,
    Method,
    NpcReading,
    Policy,
    Retreat,
    RetreatObjective,
    RetreatPolicy,
    ShipGroup,
    Side,
    SideResult,
    SolverStats,
    battle_to_dict,
    load_battle,
    parse_battle,
    percent,
    result_to_dict,
    result_to_text,
    with_npc_reading,
    with_player_policy,
)
from calc.errors import BattleError, BattleFileError, DesignError, TooLargeError
from calc.montecarlo import simulate_battle
from calc.sector import (
    MAX_SAMPLES,
    Budget,
    Plan,
    Request,
    Rung,
    battle_order,
    odds,
    plan,
    solve_sector,
)

if TYPE_CHECKING:
    from calc.exact import solve_exact

__all__ = [
    "FORMAT",
    "MAX_SAMPLES",
    "NO_RETREAT",
    "Battle",
    "BattleError",
    "BattleFileError",
    "BattleOptions",
    "BattleResult",
    "Budget",
    "DesignError",
    "GroupResult",
    "Method",
    "NpcReading",
    "Plan",
    "Policy",
    "Request",
    "Retreat",
    "RetreatObjective",
    "RetreatPolicy",
    "Rung",
    "ShipGroup",
    "Side",
    "SideResult",
    "SolverStats",
    "TooLargeError",
    "battle_order",
    "battle_to_dict",
    "load_battle",
    "odds",
    "parse_battle",
    "percent",
    "plan",
    "result_to_dict",
    "result_to_text",
    "simulate_battle",
    "solve_exact",
    "solve_sector",
    "use_compiled",
    "with_npc_reading",
    "with_player_policy",
]


def __getattr__(name: str) -> Any:
    """``calc.solve_exact`` is imported on first use (PEP 562): a Monte Carlo process never
    loads the exact solver (about a fifth of calc's import time)."""
    if name == "solve_exact":
        from calc.exact import solve_exact

        return solve_exact
    raise AttributeError(f"module 'calc' has no attribute {name!r}")
