"""Hit assignment on side states: every distinct result (for optimal play) or the result of a
rule (NPC rule, greedy, rift self-damage) via the ``calc.rules.targeting`` kernels."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from calc.battle.model import NpcReading, Policy, Side
from calc.errors import TooLargeError
from calc.rules.battle_state import SideSpec, SideState
from calc.rules.dice import RIFT_REACH
from calc.rules.targeting import UNREACHABLE, assign_by_rank


def _expand(side_state: SideState) -> tuple[np.ndarray, np.ndarray]:
    groups = []
    damage = []
    for g, counts in enumerate(side_state):
        for d, c in enumerate(counts):
            groups.extend([g] * c)
            damage.extend([d] * c)
    return np.array(groups, dtype=np.int64), np.array(damage, dtype=np.int64)


def _collapse(
    side_state: SideState, groups: np.ndarray, damage: np.ndarray, hulls: tuple[int, ...]
) -> SideState:
    out = [[0] * len(c) for c in side_state]
    for g, d in zip(groups.tolist(), damage.tolist(), strict=True):
        if d <= hulls[g]:
            out[g][d] += 1
    return tuple(tuple(c) for c in out)


def _hit_arrays(hits: tuple[tuple[int, int, int], ...]) -> tuple[np.ndarray, np.ndarray]:
    dmg: list[int] = []
    reach: list[int] = []
    for d, r, c in hits:
        dmg.extend([d] * c)
        reach.extend([r] * c)
    return np.array(dmg, dtype=np.int64), np.array(reach, dtype=np.int64)


@lru_cache(maxsize=500_000)
def rule_assignment(
    side_state: SideState,
    hits: tuple[tuple[int, int, int], ...],
    needs: tuple[int, ...],
    hulls: tuple[int, ...],
    ranks: tuple[float, ...],
    reading: NpcReading = NpcReading.CONCENTRATE,
) -> SideState:
    """The side state after ``hits`` are assigned by rank (NPC rule or greedy), the hits that
    destroy nothing placed by ``reading`` (``hit_reading`` of the firing side)."""
    groups, damage = _expand(side_state)
    if not len(groups) or not hits:
        return side_state
    hit_damage, hit_reach = _hit_arrays(hits)
    assign_by_rank(
        hit_damage,
        hit_reach,
        groups,
        damage,
        np.array(hulls, dtype=np.int64),
        np.array(needs, dtype=np.int64),
        np.array(ranks, dtype=np.float64),
        reading is NpcReading.SPREAD,
    )
    return _collapse(side_state, groups, damage, hulls)


def hit_reading(side: Side) -> NpcReading:
    """The reading by which the hits ``side`` rolls are placed when it assigns them by rule: its
    ``npc_reading`` under the ``npc`` policy; greedy, a player heuristic of Fleetlab's own, always
    concentrates (``calc.rules.targeting``). Rift self-damage always takes ``npc_reading``."""
    return side.npc_reading if side.policy is Policy.NPC else NpcReading.CONCENTRATE


MAX_FRONTIER = 200_000


@lru_cache(maxsize=500_000)
def all_assignments(
    side_state: SideState,
    hits: tuple[tuple[int, int, int], ...],
    needs: tuple[int, ...],
    hulls: tuple[int, ...],
) -> tuple[SideState, ...]:
    """Every distinct side state that some assignment of ``hits`` can produce.

    Each hit goes to one living ship it can reach (damage is never split); a hit that can reach
    no living ship is lost. Raises ``TooLargeError`` if the distinct results of one volley
    exceed ``MAX_FRONTIER`` (the search would not fit in memory or time).
    """
    frontier: set[SideState] = {side_state}
    for damage, reach, count in hits:
        for _ in range(count):
            step: set[SideState] = set()
            for st in frontier:
                placed = False
                for g, counts in enumerate(st):
                    if needs[g] > reach:
                        continue
                    hull = hulls[g]
                    for d, c in enumerate(counts):
                        if not c:
                            continue
                        placed = True
                        new = list(counts)
                        new[d] -= 1
                        if d + damage <= hull:
                            new[d + damage] += 1
                        step.add((*st[:g], tuple(new), *st[g + 1 :]))
                if not placed:
                    step.add(st)
            if len(step) > MAX_FRONTIER:
                raise TooLargeError(
                    f"one volley has more than {MAX_FRONTIER:,} distinct assignments of its hits"
                )
            frontier = step
    return tuple(sorted(frontier))


def self_damage_result(side_state: SideState, points: int, own: SideSpec) -> SideState:
    """The side state after ``points`` of rift self-damage, assigned by the NPC rule (in the
    side's reading) to the side's own ships that carry rift dice."""
    if not points:
        return side_state
    needs = tuple(0 if rift else UNREACHABLE for rift in own.rift_groups)
    return rule_assignment(
        side_state, ((1, RIFT_REACH, points),), needs, own.hulls, own.sizes, own.side.npc_reading
    )
