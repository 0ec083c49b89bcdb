"""The exact solver: backward induction over battle states, then a forward pass.

``solve_exact(battle)`` solves a two-sided battle under each side's policy and retreat rule
(``calc.exact.solver`` explains the method); ``estimate_states`` counts its work before solving.
"""

from calc.battle.model import DEFAULT_STATE_BUDGET
from calc.exact.solver import ExactSolver, Solution, solve_exact

__all__ = ["DEFAULT_STATE_BUDGET", "ExactSolver", "Solution", "solve_exact"]
