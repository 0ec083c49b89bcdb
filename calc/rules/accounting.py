"""Turn a distribution of end states into a ``BattleResult``.

An ``EndState`` is both sides' full state (ships per damage, retreat statuses, flags) when a
battle ended, with its probability and whether it ended in a stalemate.

Accounting choices (documented for players checking the numbers by hand):

* A stalemate counts for the defender. The attacker's ships still in the sector retreat if it
  can retreat (they are saved, and that is a retreat with all remaining ships), otherwise they
  are destroyed (RULINGS: "the attacker must retreat or its ships are destroyed"); ships
  destroyed this way earn the defender no reputation.
* Ships that declared a retreat and are still in the sector when the battle ends complete their
  retreat: they are saved.
* Reputation: 1 tile for taking part, unless the side tried to retreat with all remaining ships;
  plus the reputation value of every opponent ship destroyed in the battle; at most 5. NPCs draw
  none.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from blueprints import ship_class_info
from calc.battle.model import Battle, Side
from calc.battle.result import BattleResult, GroupResult, Method, SideResult, SolverStats
from calc.rules.battle_state import ATTACKER, DEFENDER, LEFT, RETREATING, FullSideState, SideSpec

MAX_REPUTATION_TILES = 5


@dataclass(frozen=True, slots=True)
class EndState:
    """Both sides' full states at the end of a battle, with probability ``p``."""

    attacker: FullSideState
    defender: FullSideState
    p: float
    stalemate: bool

    def side(self, index: int) -> FullSideState:
        """The full state of the attacker (0) or the defender (1)."""
        return self.attacker if index == ATTACKER else self.defender


@dataclass(frozen=True, slots=True)
class SideOutcome:
    """What one end state means for one side."""

    in_sector: int
    survivors: tuple[int, ...]
    saved: int
    retreated: bool
    participation: bool
    destroyed_by_combat: tuple[int, ...]


def side_outcome(state: EndState, side: int, spec: SideSpec, escapes: bool) -> SideOutcome:
    """Survivors, saved ships and flags of one side in one end state."""
    groups, statuses, flags = state.side(side)
    in_sector = 0
    survivors = []
    destroyed = []
    saved = 0
    stalemate_loss = state.stalemate and side == ATTACKER
    for g, (counts, status) in enumerate(zip(groups, statuses, strict=True)):
        alive = sum(counts)
        destroyed.append(spec.counts[g] - alive)
        if status == LEFT or (status == RETREATING and alive):
            saved += alive
            survivors.append(alive)
            continue
        in_sector += alive
        if stalemate_loss and not escapes:
            survivors.append(0)
        else:
            survivors.append(alive)
            if stalemate_loss:
                saved += alive
    # The attacker's ships left in the sector at a stalemate retreat, all of them.
    stalemate_escape = stalemate_loss and escapes and in_sector > 0
    return SideOutcome(
        in_sector=in_sector,
        survivors=tuple(survivors),
        saved=saved,
        retreated=bool(flags[0]) or stalemate_escape,
        participation=not (flags[1] or stalemate_escape),
        destroyed_by_combat=tuple(destroyed),
    )


def reputation_value(spec: SideSpec, destroyed: tuple[int, ...]) -> int:
    """Reputation tiles earned by destroying these ships (per group counts)."""
    return sum(
        n * ship_class_info(s.ship_class).reputation
        for n, s in zip(destroyed, spec.stats, strict=True)
    )


def summarise(
    battle: Battle,
    sides: tuple[Side, Side],
    specs: tuple[SideSpec, SideSpec],
    ends: tuple[EndState, ...],
    rounds: float,
    method: Method,
    why: str,
    stats: SolverStats,
) -> BattleResult:
    """The ``BattleResult`` of a two-sided battle from its end states."""
    p_att = p_def = p_draw = p_stale = 0.0
    survivors = [[np.zeros(c + 1) for c in spec.counts] for spec in specs]
    lost = [0.0, 0.0]
    retreats = [0.0, 0.0]
    saved = [0.0, 0.0]
    tiles = [np.zeros(MAX_REPUTATION_TILES + 1), np.zeros(MAX_REPUTATION_TILES + 1)]
    escapes = sides[ATTACKER].can_retreat
    for end in ends:
        p = end.p
        outcomes = [side_outcome(end, s, specs[s], escapes) for s in (ATTACKER, DEFENDER)]
        a, d = outcomes[ATTACKER].in_sector, outcomes[DEFENDER].in_sector
        if end.stalemate:
            p_def += p
            p_stale += p
        elif a and not d:
            p_att += p
        elif d and not a:
            p_def += p
        else:
            p_draw += p
        for s in (ATTACKER, DEFENDER):
            o = outcomes[s]
            spec = specs[s]
            for g, left in enumerate(o.survivors):
                survivors[s][g][left] += p
                lost[s] += p * (spec.counts[g] - left) * spec.stats[g].cost
            if o.retreated:
                retreats[s] += p
            saved[s] += p * o.saved
        for s in (ATTACKER, DEFENDER):
            if sides[s].npc:
                tiles[s][0] += p
                continue
            enemy = 1 - s
            earned = reputation_value(specs[enemy], outcomes[enemy].destroyed_by_combat)
            k = min(MAX_REPUTATION_TILES, earned + (1 if outcomes[s].participation else 0))
            tiles[s][k] += p
    side_results = []
    for s in (ATTACKER, DEFENDER):
        groups = []
        for g, group in enumerate(sides[s].groups):
            dist = survivors[s][g]
            groups.append(GroupResult.of(group, dist))
        wins = p_att if s == ATTACKER else p_def
        side_results.append(
            SideResult(
                name=sides[s].name,
                policy=sides[s].policy,
                npc=sides[s].npc,
                wins=wins,
                groups=tuple(groups),
                expected_material_lost=lost[s],
                reputation_tiles=tuple(float(x) for x in tiles[s]),
                retreats=retreats[s],
                expected_saved=saved[s],
                holds_sector=wins,
            )
        )
    attacker_index = 1 - battle.defender if len(battle.sides) == 2 else 0
    ordered = [side_results[ATTACKER], side_results[DEFENDER]]
    if attacker_index != 0:
        ordered.reverse()
    return BattleResult(
        attacker_wins=p_att,
        defender_wins=p_def,
        draw=p_draw,
        stalemate=p_stale,
        expected_rounds=rounds,
        sides=tuple(ordered),
        attacker=attacker_index,
        defender=battle.defender,
        method=method,
        why=why,
        stats=stats,
    )
