"""The fleet designer: the blueprints and fleets that win, found by search with safe pruning.

``design(request)`` (``calc.design.designer``) enumerates the reachable blueprints
(``calc.design.space``), prunes by bound and by proven dominance (``calc.design.prune``),
evaluates each battle through the ladder (``calc.design.evaluate``) and ranks the designs;
``calc.design.files`` reads and writes design files (``fleetlab-design/1``).
"""

from calc.design.designer import (
    MAX_UPGRADES,
    Aggregate,
    DesignRequest,
    DesignResult,
    Opponent,
    design,
    opponents_of,
)
from calc.design.estimate import METHOD_WORDS, SearchEstimate, search_estimate
from calc.design.evaluate import DaskRunner, battle_seed, clear_cache, start_pool
from calc.design.files import load_design, parse_design, result_to_dict, result_to_text
from calc.design.prune import Objective

__all__ = [
    "MAX_UPGRADES",
    "METHOD_WORDS",
    "Aggregate",
    "DaskRunner",
    "DesignRequest",
    "DesignResult",
    "Objective",
    "Opponent",
    "SearchEstimate",
    "battle_seed",
    "clear_cache",
    "design",
    "load_design",
    "opponents_of",
    "parse_design",
    "result_to_dict",
    "result_to_text",
    "search_estimate",
    "start_pool",
]
