"""Monte Carlo: the fallback for battles too large to solve exactly, by the same rules.

``simulate_battle(battle, rng, samples)`` estimates a two-sided battle with an explicit
``numpy.random.Generator`` (``calc.montecarlo.simulator``); the compiled loop is
``calc.montecarlo.kernels``.
"""

from calc.montecarlo.simulator import MonteCarlo, simulate_battle
from calc.outcomes import wilson_interval

__all__ = ["MonteCarlo", "simulate_battle", "wilson_interval"]
