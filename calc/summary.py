"""Turn a distribution of end states into a ``BattleResult``."""

from __future__ import annotations

import numpy as np

from blueprints import ship_class_info
from calc.battle_state import ATTACKER, DEFENDER, SideSpec, State, alive
from calc.model import Battle, Side
from calc.result import BattleResult, GroupResult, Method, SideResult, SolverStats

MAX_REPUTATION_TILES = 5


def summarise(
    battle: Battle,
    sides: tuple[Side, Side],
    specs: tuple[SideSpec, SideSpec],
    ends: dict[State, float],
    stalemate: float,
    rounds: float,
    method: Method,
    why: str,
    stats: SolverStats,
) -> BattleResult:
    """Turn a distribution of end states into a ``BattleResult``."""
    p_att = p_def = p_draw = 0.0
    survivors = [[np.zeros(spec.counts[g] + 1) for g in range(len(spec.counts))] for spec in specs]
    lost = [0.0, 0.0]
    tiles = [np.zeros(MAX_REPUTATION_TILES + 1), np.zeros(MAX_REPUTATION_TILES + 1)]
    for state, p in ends.items():
        a, d = alive(state[ATTACKER]), alive(state[DEFENDER])
        if a and not d:
            p_att += p
        elif d and not a:
            p_def += p
        elif not a and not d:
            p_draw += p
        else:
            p_def += p  # stalemate: counts for the defender
        destroyed_value = [0, 0]
        for side in (ATTACKER, DEFENDER):
            spec = specs[side]
            for g, counts in enumerate(state[side]):
                left = sum(counts)
                survivors[side][g][left] += p
                gone = spec.counts[g] - left
                lost[side] += p * gone * spec.stats[g].cost
                destroyed_value[side] += gone * ship_class_info(spec.stats[g].ship_class).reputation
        for side in (ATTACKER, DEFENDER):
            if sides[side].npc:
                tiles[side][0] += p
            else:
                k = min(MAX_REPUTATION_TILES, 1 + destroyed_value[1 - side])
                tiles[side][k] += p
    side_results = []
    for side in (ATTACKER, DEFENDER):
        spec = specs[side]
        groups = []
        for g, group in enumerate(sides[side].groups):
            dist = survivors[side][g]
            groups.append(
                GroupResult(
                    label=group.label,
                    ship_class=group.stats.ship_class,
                    count=group.count,
                    cost=group.stats.cost,
                    survivors=tuple(float(x) for x in dist),
                    expected_survivors=float(np.dot(dist, np.arange(len(dist)))),
                )
            )
        side_results.append(
            SideResult(
                name=sides[side].name,
                policy=sides[side].policy,
                npc=sides[side].npc,
                wins=p_att if side == ATTACKER else p_def,
                groups=tuple(groups),
                expected_material_lost=lost[side],
                reputation_tiles=tuple(float(x) for x in tiles[side]),
            )
        )
    attacker_index = 1 - battle.defender if len(battle.sides) == 2 else 0
    ordered: list[SideResult | None] = [None, None]
    ordered[attacker_index] = side_results[ATTACKER]
    ordered[battle.defender] = side_results[DEFENDER]
    return BattleResult(
        attacker_wins=p_att,
        defender_wins=p_def,
        draw=p_draw,
        stalemate=stalemate,
        expected_rounds=rounds,
        sides=tuple(s for s in ordered if s is not None),
        attacker=attacker_index,
        defender=battle.defender,
        method=method,
        why=why,
        stats=stats,
    )
