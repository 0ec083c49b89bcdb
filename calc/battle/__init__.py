"""The battle model, battle files and results: the values every other part of calc passes.

``Battle`` / ``Side`` / ``ShipGroup`` (``calc.battle.model``) describe a fight; battle files
(``fleetlab-battle/1``, ``calc.battle.files``) read and write them; ``BattleResult``
(``calc.battle.result``) is what a solver returns and ``calc.battle.report`` prints it.
"""

from calc.battle.files import (
    FORMAT,
    NPC_READINGS,
    RETREAT_OBJECTIVES,
    RETREAT_POLICIES,
    BattleOptions,
    RetreatOption,
    SideEntry,
    battle_document,
    battle_to_dict,
    decode_battle_text,
    group_entry,
    load_battle,
    parse_battle,
)
from calc.battle.model import (
    NO_RETREAT,
    Battle,
    NpcReading,
    Policy,
    Retreat,
    RetreatObjective,
    RetreatPolicy,
    ShipGroup,
    Side,
    with_npc_reading,
    with_player_policy,
)
from calc.battle.report import ODDS_FORMAT, percent, result_to_dict, result_to_text
from calc.battle.result import BattleResult, GroupResult, Method, SideResult, SolverStats

__all__ = [
    "FORMAT",
    "NO_RETREAT",
    "NPC_READINGS",
    "ODDS_FORMAT",
    "RETREAT_OBJECTIVES",
    "RETREAT_POLICIES",
    "Battle",
    "BattleOptions",
    "BattleResult",
    "GroupResult",
    "Method",
    "NpcReading",
    "Policy",
    "Retreat",
    "RetreatObjective",
    "RetreatOption",
    "RetreatPolicy",
    "ShipGroup",
    "Side",
    "SideEntry",
    "SideResult",
    "SolverStats",
    "battle_document",
    "battle_to_dict",
    "decode_battle_text",
    "group_entry",
    "load_battle",
    "parse_battle",
    "percent",
    "result_to_dict",
    "result_to_text",
    "with_npc_reading",
    "with_player_policy",
]
