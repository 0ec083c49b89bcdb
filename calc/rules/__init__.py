"""The rules layer: each combat rule of the game as one function that every path calls.

The exact solver, Monte Carlo, the sector chain, the game engine and the bots all take their
rules from here (``docs/architecture.md`` maps each rule to its module):

* ``calc.rules.dice``: the hit rule, the dice faces, a rolled face to hits;
* ``calc.rules.targeting``: the NPC rule, the greedy heuristic and rift self-damage (compiled);
* ``calc.rules.assignment``: every result of a volley (optimal play) and the rule results;
* ``calc.rules.battle_state``: side states, the activation order, Morph Shield repair;
* ``calc.rules.accounting``: what the end of a battle means for each side;
* ``calc.rules.population``: attacks on population;
* ``calc.rules.reputation``: reputation tiles earned and drawn.
"""

from calc.rules.accounting import MAX_REPUTATION_TILES, EndState
from calc.rules.assignment import all_assignments, rule_assignment, self_damage_result
from calc.rules.battle_state import (
    SideSpec,
    SideState,
    Slot,
    activation_order,
    engagement_order,
    morph_repair,
)
from calc.rules.dice import RIFT_FACES, RIFT_REACH, die_hits, hit_threshold, volley_outcomes
from calc.rules.population import population_destroyed
from calc.rules.reputation import DEFAULT_REPUTATION_BAG, best_tiles
from calc.rules.targeting import threat

__all__ = [
    "DEFAULT_REPUTATION_BAG",
    "MAX_REPUTATION_TILES",
    "RIFT_FACES",
    "RIFT_REACH",
    "EndState",
    "SideSpec",
    "SideState",
    "Slot",
    "activation_order",
    "all_assignments",
    "best_tiles",
    "die_hits",
    "engagement_order",
    "hit_threshold",
    "morph_repair",
    "population_destroyed",
    "rule_assignment",
    "self_damage_result",
    "threat",
    "volley_outcomes",
]
