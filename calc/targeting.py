"""Damage assignment by rule: the NPC rule, the greedy player heuristic and rift self-damage.

One implementation serves every solver: the exact solver calls these kernels for sides that do
not play optimally, Monte Carlo calls them inside its compiled loop, and the game engine uses
them for NPCs and bots. (The ``optimal`` policy is not a rule but a search; it lives in
``calc.exact``.)

**Representation.** Each kernel works on one volley against one side: ``hit_damage`` and
``hit_reach`` (one entry per hit, largest damage first; a hit can be put on a ship whose group
needs a roll of at most its reach, see ``calc.dice``), the target ships (``ship_group``,
``ship_damage``) and per group its ``hull`` and ``need`` (the roll needed to hit it). A ship is
destroyed when its damage exceeds its hull. Kernels add damage to ``ship_damage`` in place.

The ship and group tables are 2-D, one *row* per side, and the kernels take the row and the
number of ships in it: Monte Carlo keeps both sides of a battle in the same arrays, so every
call passes the same array objects and numba can drop the reference counting it would
otherwise do for each array bound to a parameter (the cost of a volley was mostly that).
``assign_by_rank`` wraps the kernels for one side given as 1-D arrays.

**The NPC rule** (rules: "dice are assigned so that player ships are destroyed from largest to
smallest if possible; if no ship can be destroyed, dice are assigned to do as much damage as
possible, largest to smallest"), as Fleetlab reads it:

1. Ships are taken in *target order*: size (dreadnought, cruiser, starbase/orbital,
   interceptor; NPC tiles GCDS, guardian, ancient), then the most damaged first, then group
   order.
2. *Destroy pass*: for each ship in target order, if the unused hits that can reach it can
   destroy it, the subset that destroys it with the least wasted damage is used (ties: fewest
   hits, then the lowest total reach, keeping hits that reach more ships for later, then the
   most hits of the smallest (damage, reach) kind: a total order, so the rule is deterministic).
3. *Leftover pass*: every hit still unused goes to the first living ship in target order that
   it can reach (the largest). No ship can be destroyed by these hits (step 2 already tried),
   so all their damage counts: this is "as much damage as possible, largest to smallest".

The rules example holds: two hits against an interceptor and a dreadnought that only the
interceptor can die from: one destroys the interceptor, the other goes to the dreadnought.

**Greedy** (a player heuristic, documented so results can be reproduced by hand): the same two
passes, but the target order is by *threat*: the expected damage a ship deals per engagement
round against an unshielded ship (``threat``), then size, then most damaged first. So a greedy
player kills the most dangerous ships it can, with the least waste, and piles leftover damage on
the most dangerous ship it can reach.

**Rift self-damage** goes to the firing side's own ships that carry rift dice, by the NPC rule
(New Dangers text: destroy largest to smallest if possible, else as much damage as possible).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from calc._jit import jit, jit_inline

IntArray = NDArray[np.int64]
FloatArray = NDArray[np.float64]
IntTable = NDArray[np.int64]
"""2-D: one row per side (ships or groups of that side in the columns)."""
FloatTable = NDArray[np.float64]

UNREACHABLE = 1_000
"""``need`` of a group no hit may touch (e.g. non-rift ships for rift self-damage)."""


@jit_inline
def target_order(
    ship_group: IntTable,
    ship_damage: IntTable,
    row: int,
    n: int,
    group_rank: FloatTable,
    rank_row: int,
    order: IntArray,
    keys: FloatArray,
) -> None:
    """Fill ``order[:n]`` with the first ``n`` ship indices of ``row`` sorted by group rank
    (``group_rank[rank_row]``, higher first), then damage (higher first), then group index,
    then ship index. The rank is size (NPC rule) or threat (greedy). ``keys`` is scratch space
    of at least ``n``."""
    for i in range(n):
        g = ship_group[row, i]
        keys[i] = group_rank[rank_row, g] * 1e6 + ship_damage[row, i] * 1e3 - g
        order[i] = i
    # Insertion sort: n is at most a few dozen and this stays allocation-free.
    for i in range(1, n):
        j = i
        while j > 0 and keys[order[j]] > keys[order[j - 1]]:
            order[j], order[j - 1] = order[j - 1], order[j]
            j -= 1


@jit_inline
def _best_kill(
    hp: int,
    need: int,
    hit_damage: IntArray,
    hit_reach: IntArray,
    m: int,
    flags: NDArray[np.bool_],
    scratch: IntArray,
) -> bool:
    """Choose unused hits that reach ``need`` and sum to at least ``hp``, marking them in
    ``chosen``. Preference: least overkill, then fewest hits, then the lowest total reach,
    then (a total order) the most hits of the smallest (damage, reach) type, and so on.
    The first ``m`` hits count; ``flags[i]`` says hit ``i`` is used, ``flags[m + i]`` that it is
    chosen; ``scratch`` holds at least 6 * m integers. (Indices, not slices: views cost more
    than this work.)"""
    total = 0
    for i in range(m):
        if not flags[i] and hit_reach[i] >= need:
            total += hit_damage[i]
    if total < hp:
        return False
    # Distinct (damage, reach) types among eligible hits, sorted ascending, with counts.
    # Work space laid out in ``scratch`` (indexed directly: views cost more than the work).
    td = 0  # type damage
    tr = m  # type reach
    tc = 2 * m  # type count
    tl = 3 * m  # limit per type
    tx = 4 * m  # current counts
    tb = 5 * m  # best counts
    types = 0
    for i in range(m):
        if flags[i] or hit_reach[i] < need:
            continue
        found = -1
        for t in range(types):
            if scratch[td + t] == hit_damage[i] and scratch[tr + t] == hit_reach[i]:
                found = t
                break
        if found >= 0:
            scratch[tc + found] += 1
            continue
        # Insert keeping (damage, reach) ascending.
        pos = types
        while pos > 0 and (
            scratch[td + pos - 1] > hit_damage[i]
            or (scratch[td + pos - 1] == hit_damage[i] and scratch[tr + pos - 1] > hit_reach[i])
        ):
            scratch[td + pos] = scratch[td + pos - 1]
            scratch[tr + pos] = scratch[tr + pos - 1]
            scratch[tc + pos] = scratch[tc + pos - 1]
            pos -= 1
        scratch[td + pos] = hit_damage[i]
        scratch[tr + pos] = hit_reach[i]
        scratch[tc + pos] = 1
        types += 1
    for t in range(types):
        cap = (hp + scratch[td + t] - 1) // scratch[td + t]
        scratch[tl + t] = min(scratch[tc + t], cap)
        scratch[tx + t] = 0
        scratch[tb + t] = 0
    found_any = False
    best_waste = 0
    best_count = 0
    best_reach = 0
    while True:
        s = 0
        c = 0
        r = 0
        for t in range(types):
            s += scratch[tx + t] * scratch[td + t]
            c += scratch[tx + t]
            r += scratch[tx + t] * scratch[tr + t]
        if s >= hp:
            waste = s - hp
            better = False
            if not found_any or waste < best_waste:
                better = True
            elif waste == best_waste:
                if c < best_count:
                    better = True
                elif c == best_count:
                    if r < best_reach:
                        better = True
                    elif r == best_reach:
                        for t in range(types):
                            if scratch[tx + t] != scratch[tb + t]:
                                better = scratch[tx + t] > scratch[tb + t]
                                break
            if better:
                found_any = True
                best_waste = waste
                best_count = c
                best_reach = r
                for t in range(types):
                    scratch[tb + t] = scratch[tx + t]
        # Odometer increment.
        t = 0
        while t < types:
            scratch[tx + t] += 1
            if scratch[tx + t] <= scratch[tl + t]:
                break
            scratch[tx + t] = 0
            t += 1
        if t == types:
            break
    if not found_any:
        return False
    for t in range(types):
        k = scratch[tb + t]
        for i in range(m):
            if k == 0:
                break
            if (
                not flags[i]
                and not flags[m + i]
                and hit_damage[i] == scratch[td + t]
                and hit_reach[i] == scratch[tr + t]
            ):
                flags[m + i] = True
                k -= 1
    return True


@jit_inline
def assign_in_order(
    order: IntArray,
    n: int,
    hit_damage: IntArray,
    hit_reach: IntArray,
    m: int,
    ship_group: IntTable,
    ship_damage: IntTable,
    row: int,
    group_hull: IntTable,
    group_need: IntTable,
    flags: NDArray[np.bool_],
    scratch: IntArray,
) -> None:
    """The destroy pass then the leftover pass, over the ships ``order[:n]`` of ``row``, with
    the first ``m`` hits (see module doc). ``flags`` holds at least 2 * m booleans, ``scratch``
    6 * m."""
    for i in range(m):
        flags[i] = False
    left = m
    for k in range(n):
        if left == 0:
            break
        s = order[k]
        g = ship_group[row, s]
        if ship_damage[row, s] > group_hull[row, g]:
            continue
        hp = group_hull[row, g] - ship_damage[row, s] + 1
        for i in range(m):
            flags[m + i] = False
        if _best_kill(hp, group_need[row, g], hit_damage, hit_reach, m, flags, scratch):
            for i in range(m):
                if flags[m + i]:
                    flags[i] = True
                    left -= 1
                    ship_damage[row, s] += hit_damage[i]
    for i in range(m):
        if flags[i]:
            continue
        for k in range(n):
            s = order[k]
            g = ship_group[row, s]
            if ship_damage[row, s] <= group_hull[row, g] and group_need[row, g] <= hit_reach[i]:
                ship_damage[row, s] += hit_damage[i]
                break


@jit_inline
def assign_by_rank_into(
    hit_damage: IntArray,
    hit_reach: IntArray,
    m: int,
    ship_group: IntTable,
    ship_damage: IntTable,
    row: int,
    n: int,
    group_hull: IntTable,
    group_need: IntTable,
    group_rank: FloatTable,
    rank_row: int,
    order: IntArray,
    keys: FloatArray,
    flags: NDArray[np.bool_],
    scratch: IntArray,
) -> None:
    """``assign_by_rank`` of the first ``m`` hits to the first ``n`` ships of ``row``, ranked
    by ``group_rank[rank_row]``, with caller-provided work space (no allocation, no slicing):
    ``order`` and ``keys`` at least one entry per ship, ``flags`` 2 and ``scratch`` 6 entries
    per hit."""
    target_order(ship_group, ship_damage, row, n, group_rank, rank_row, order, keys)
    assign_in_order(
        order, n, hit_damage, hit_reach, m, ship_group, ship_damage, row, group_hull,
        group_need, flags, scratch,
    )  # fmt: skip


@jit
def assign_by_rank(
    hit_damage: IntArray,
    hit_reach: IntArray,
    ship_group: IntArray,
    ship_damage: IntArray,
    group_hull: IntArray,
    group_need: IntArray,
    group_rank: FloatArray,
) -> None:
    """Assign hits by the NPC rule (rank = size) or greedily (rank = threat), in place, to one
    side given as 1-D arrays (the kernels see them as tables of one row)."""
    n = ship_group.shape[0]
    m = hit_damage.shape[0]
    n_groups = group_hull.shape[0]
    assign_by_rank_into(
        hit_damage, hit_reach, m, ship_group.reshape(1, n), ship_damage.reshape(1, n), 0, n,
        group_hull.reshape(1, n_groups), group_need.reshape(1, n_groups),
        group_rank.reshape(1, n_groups), 0,
        np.empty(n, dtype=np.int64), np.empty(n, dtype=np.float64),
        np.empty(2 * m, dtype=np.bool_), np.empty(6 * m, dtype=np.int64),
    )  # fmt: skip


def threat(cannon_damage_per_die: tuple[int, ...], computer: int, rift_dice: int) -> float:
    """Expected damage per engagement round against an unshielded ship (greedy's rank).

    ``cannon_damage_per_die`` lists the damage of each standard cannon die of one ship.
    """
    from calc.dice import hit_threshold

    p_hit = (7 - hit_threshold(computer, 0)) / 6
    return sum(cannon_damage_per_die) * p_hit + float(rift_dice)
