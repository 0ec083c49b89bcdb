"""The rules layer: each combat rule of the game as one function that every path calls.

The exact solver, Monte Carlo, the sector chain, the game engine and the bots all take their
rules from here (``docs/architecture.md`` maps each rule to its module):

* ``calc.rules.dice``: the hit rule, the dice faces, a rolled face to hits;
* ``calc.rules.targeting``: the NPC rule, the greedy heuristic and rift self-damage (compiled);
* ``calc.rules.assignment``: every result of a volley (optimal play) and the rule results;
* ``calc.rules.battle_state``: side states, the activation order, Morph Shield repair;
* ``calc.rules.stalemate``: when neither side can ever destroy a ship of the other;
* ``calc.rules.accounting``: the order of a sector's battles and what the end of a battle means;
* ``calc.rules.population``: attacks on population;
* ``calc.rules.reputation``: reputation tiles earned and drawn.
"""

from blueprints import ancients_fight
from calc.rules.accounting import (
    EndState,
    Fate,
    Holder,
    battle_order,
    holder_after,
    ship_fate,
)
from calc.rules.assignment import all_assignments, rule_assignment, self_damage_result
from calc.rules.battle_state import (
    SideSpec,
    SideState,
    Slot,
    Status,
    activation_order,
    can_retreat,
    engagement_order,
    morph_repair,
)
from calc.rules.dice import (
    RIFT_FACES,
    RIFT_REACH,
    die_hits,
    hit_threshold,
    hits_of_faces,
    volley_outcomes,
)
from calc.rules.population import cubes_from_face, destroys_every_cube, population_destroyed
from calc.rules.reputation import (
    DEFAULT_REPUTATION_BAG,
    MAX_REPUTATION_TILES,
    best_of_draw,
    best_tiles,
    ship_reputation,
    tiles_drawn,
)
from calc.rules.stalemate import is_stalemate, round_damage_of, toughness_of
from calc.rules.targeting import threat

__all__ = [
    "DEFAULT_REPUTATION_BAG",
    "MAX_REPUTATION_TILES",
    "RIFT_FACES",
    "RIFT_REACH",
    "EndState",
    "Fate",
    "Holder",
    "SideSpec",
    "SideState",
    "Slot",
    "Status",
    "activation_order",
    "all_assignments",
    "ancients_fight",
    "battle_order",
    "best_of_draw",
    "best_tiles",
    "can_retreat",
    "cubes_from_face",
    "destroys_every_cube",
    "die_hits",
    "engagement_order",
    "hit_threshold",
    "hits_of_faces",
    "holder_after",
    "is_stalemate",
    "morph_repair",
    "population_destroyed",
    "round_damage_of",
    "rule_assignment",
    "self_damage_result",
    "ship_fate",
    "ship_reputation",
    "threat",
    "tiles_drawn",
    "toughness_of",
    "volley_outcomes",
]
