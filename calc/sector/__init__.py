"""A whole sector's combat and the ladder that picks how to compute it.

``calc.sector.chain`` fights the sides of a sector two at a time (reverse order of entry, the
controller and the NPCs last), then population attacks and reputation draws;
``calc.sector.ladder.odds`` chooses exact or Monte Carlo within a ``Budget`` and says why.
"""

from calc.sector.chain import battle_order, check_population, solve_sector
from calc.sector.ladder import (
    Budget,
    Plan,
    Request,
    Rung,
    exact_seconds_estimate,
    largest_battle_states,
    odds,
    plan,
)

__all__ = [
    "Budget",
    "Plan",
    "Request",
    "Rung",
    "battle_order",
    "check_population",
    "exact_seconds_estimate",
    "largest_battle_states",
    "odds",
    "plan",
    "solve_sector",
]
