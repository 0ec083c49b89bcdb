"""Damage assignment by rule: the NPC rule, the greedy player heuristic and rift self-damage.

One implementation serves every solver: the exact solver calls these kernels for sides that do
not play optimally, Monte Carlo calls them inside its compiled loop, and the game engine uses
them for NPCs and bots. (The ``optimal`` policy is not a rule but a search; it lives in
``calc.rules.assignment.all_assignments``.)

**Representation.** Each kernel works on one volley against one side: the hits (one per
entry, largest damage first, each with a damage and a *reach*: a hit can be put on a ship whose
group needs a roll of at most its reach, see ``calc.rules.dice``), the target ships (group and
damage so far) and per group its hull and *need* (the roll needed to hit it). A ship is destroyed
when its damage exceeds its hull. Kernels add damage to the ships in place.

The data is packed into a few tables, so that a kernel binds few arrays: numba increments and
decrements an atomic reference count for every array bound to a parameter, and in Monte Carlo's
inner loop that counting once cost more than the rules themselves (see
``calc.montecarlo.kernels``). Tables are indexed by *side* first (Monte Carlo keeps both sides
of a battle in the same arrays), then by a named row:

- ``ships[side, SHIP_GROUP | SHIP_DAMAGE, ship]``; the kernels take the number of ships;
- ``groups[side, GROUP_HULL | GROUP_NEED, group]`` (a caller may keep more rows after these);
- ``rank[rank_row, group]``: the target-order rank of each group (size or threat);
- ``work[row, i]``, ``WORK_ROWS`` rows of at least ``max(hits, ships)``: the hits
  (``HIT_DAMAGE``, ``HIT_REACH``) and the kernels' work space; ``keys``: one float per ship.

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

UNREACHABLE = 1_000
"""``need`` of a group no hit may touch (e.g. non-rift ships for rift self-damage)."""

SHIP_GROUP = 0
SHIP_DAMAGE = 1
"""Rows of a ship table ``ships[side, row, ship]``."""
GROUP_HULL = 0
GROUP_NEED = 1
"""Rows of a group table ``groups[side, row, group]`` that the kernels read."""
HIT_DAMAGE = 0
HIT_REACH = 1
HIT_USED = 2
ORDER = 3
TYPE_DAMAGE = 4
TYPE_REACH = 5
TYPE_COUNT = 6
TYPE_LIMIT = 7
TYPE_CURRENT = 8
TYPE_BEST = 9
WORK_ROWS = 10
"""Rows of the work table: the hits; per hit whether it is used (assigned); the target order
of the ships; and the distinct (damage, reach) hit types of a kill search with their count,
limit, current and best counts."""


@jit_inline
def target_order(
    ships: IntArray,
    side: int,
    n: int,
    rank: FloatArray,
    rank_row: int,
    work: IntArray,
    keys: FloatArray,
) -> None:
    """Fill ``work[ORDER, :n]`` with the first ``n`` ships of ``side`` sorted by group rank
    (``rank[rank_row]``, higher first), then damage (higher first), then group index, then ship
    index. The rank is size (NPC rule) or threat (greedy)."""
    for i in range(n):
        g = ships[side, SHIP_GROUP, i]
        keys[i] = rank[rank_row, g] * 1e6 + ships[side, SHIP_DAMAGE, i] * 1e3 - g
        work[ORDER, i] = i
    # Insertion sort: n is at most a few dozen and this stays allocation-free.
    for i in range(1, n):
        j = i
        while j > 0 and keys[work[ORDER, j]] > keys[work[ORDER, j - 1]]:
            work[ORDER, j], work[ORDER, j - 1] = work[ORDER, j - 1], work[ORDER, j]
            j -= 1


@jit_inline
def assign_in_order(
    n: int, m: int, ships: IntArray, side: int, groups: IntArray, work: IntArray
) -> None:
    """The destroy pass then the leftover pass, over the ships ``work[ORDER, :n]`` of ``side``,
    with the first ``m`` hits (see module doc).

    The destroy pass builds, for each ship in turn, the best kill from the unused hits that
    reach it: of the subsets whose damage destroys it, the least overkill, then the fewest
    hits, then the lowest total reach, then (a total order) the most hits of the smallest
    (damage, reach) type, and so on. Hits of one type are interchangeable, so it enumerates
    counts per distinct (damage, reach) type rather than subsets. (One loop, not a helper per
    ship: each call would bind ``work`` again, see the module doc.)"""
    for i in range(m):
        work[HIT_USED, i] = 0
    left = m
    for k in range(n):
        if left == 0:
            break
        s = work[ORDER, k]
        g = ships[side, SHIP_GROUP, s]
        if ships[side, SHIP_DAMAGE, s] > groups[side, GROUP_HULL, g]:
            continue
        hp = groups[side, GROUP_HULL, g] - ships[side, SHIP_DAMAGE, s] + 1
        need = groups[side, GROUP_NEED, g]
        total = 0
        for i in range(m):
            if not work[HIT_USED, i] and work[HIT_REACH, i] >= need:
                total += work[HIT_DAMAGE, i]
        if total < hp:
            continue
        # The distinct (damage, reach) types among the eligible hits, ascending, with counts.
        types = 0
        for i in range(m):
            if work[HIT_USED, i] or work[HIT_REACH, i] < need:
                continue
            damage = work[HIT_DAMAGE, i]
            reach = work[HIT_REACH, i]
            found = -1
            for t in range(types):
                if work[TYPE_DAMAGE, t] == damage and work[TYPE_REACH, t] == reach:
                    found = t
                    break
            if found >= 0:
                work[TYPE_COUNT, found] += 1
                continue
            pos = types
            while pos > 0 and (
                work[TYPE_DAMAGE, pos - 1] > damage
                or (work[TYPE_DAMAGE, pos - 1] == damage and work[TYPE_REACH, pos - 1] > reach)
            ):
                work[TYPE_DAMAGE, pos] = work[TYPE_DAMAGE, pos - 1]
                work[TYPE_REACH, pos] = work[TYPE_REACH, pos - 1]
                work[TYPE_COUNT, pos] = work[TYPE_COUNT, pos - 1]
                pos -= 1
            work[TYPE_DAMAGE, pos] = damage
            work[TYPE_REACH, pos] = reach
            work[TYPE_COUNT, pos] = 1
            types += 1
        # Every combination of counts per type (an odometer), no type beyond what the kill
        # can use; keep the best that destroys the ship.
        for t in range(types):
            cap = (hp + work[TYPE_DAMAGE, t] - 1) // work[TYPE_DAMAGE, t]
            work[TYPE_LIMIT, t] = min(work[TYPE_COUNT, t], cap)
            work[TYPE_CURRENT, t] = 0
            work[TYPE_BEST, t] = 0
        found_any = False
        best_waste = 0
        best_count = 0
        best_reach = 0
        while True:
            dealt = 0
            count = 0
            reach_sum = 0
            for t in range(types):
                dealt += work[TYPE_CURRENT, t] * work[TYPE_DAMAGE, t]
                count += work[TYPE_CURRENT, t]
                reach_sum += work[TYPE_CURRENT, t] * work[TYPE_REACH, t]
            if dealt >= hp:
                waste = dealt - hp
                better = False
                if not found_any or waste < best_waste:
                    better = True
                elif waste == best_waste:
                    if count < best_count:
                        better = True
                    elif count == best_count:
                        if reach_sum < best_reach:
                            better = True
                        elif reach_sum == best_reach:
                            for t in range(types):
                                if work[TYPE_CURRENT, t] != work[TYPE_BEST, t]:
                                    better = work[TYPE_CURRENT, t] > work[TYPE_BEST, t]
                                    break
                if better:
                    found_any = True
                    best_waste = waste
                    best_count = count
                    best_reach = reach_sum
                    for t in range(types):
                        work[TYPE_BEST, t] = work[TYPE_CURRENT, t]
            t = 0
            while t < types:
                work[TYPE_CURRENT, t] += 1
                if work[TYPE_CURRENT, t] <= work[TYPE_LIMIT, t]:
                    break
                work[TYPE_CURRENT, t] = 0
                t += 1
            if t == types:
                break
        if not found_any:
            continue
        # Use the kill: per type, its first unused hits in order.
        for t in range(types):
            wanted = work[TYPE_BEST, t]
            for i in range(m):
                if wanted == 0:
                    break
                if (
                    not work[HIT_USED, i]
                    and work[HIT_DAMAGE, i] == work[TYPE_DAMAGE, t]
                    and work[HIT_REACH, i] == work[TYPE_REACH, t]
                ):
                    work[HIT_USED, i] = 1
                    wanted -= 1
                    left -= 1
                    ships[side, SHIP_DAMAGE, s] += work[HIT_DAMAGE, i]
    for i in range(m):
        if work[HIT_USED, i]:
            continue
        for k in range(n):
            s = work[ORDER, k]
            g = ships[side, SHIP_GROUP, s]
            if (
                ships[side, SHIP_DAMAGE, s] <= groups[side, GROUP_HULL, g]
                and groups[side, GROUP_NEED, g] <= work[HIT_REACH, i]
            ):
                ships[side, SHIP_DAMAGE, s] += work[HIT_DAMAGE, i]
                break


@jit_inline
def assign_by_rank_into(
    m: int,
    ships: IntArray,
    side: int,
    n: int,
    groups: IntArray,
    rank: FloatArray,
    rank_row: int,
    work: IntArray,
    keys: FloatArray,
) -> None:
    """``assign_by_rank`` of the first ``m`` hits of ``work`` to the first ``n`` ships of
    ``side``, ranked by ``rank[rank_row]``, in the caller's tables (no allocation)."""
    target_order(ships, side, n, rank, rank_row, work, keys)
    assign_in_order(n, m, ships, side, groups, work)


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
    side given as 1-D arrays (packed here into tables of one side)."""
    n = ship_group.shape[0]
    m = hit_damage.shape[0]
    n_groups = group_hull.shape[0]
    ships = np.empty((1, 2, n), dtype=np.int64)
    groups = np.empty((1, 2, n_groups), dtype=np.int64)
    rank = np.empty((1, n_groups), dtype=np.float64)
    width = max(1, m, n)
    work = np.zeros((WORK_ROWS, width), dtype=np.int64)
    keys = np.zeros(width, dtype=np.float64)
    for s in range(n):
        ships[0, SHIP_GROUP, s] = ship_group[s]
        ships[0, SHIP_DAMAGE, s] = ship_damage[s]
    for g in range(n_groups):
        groups[0, GROUP_HULL, g] = group_hull[g]
        groups[0, GROUP_NEED, g] = group_need[g]
        rank[0, g] = group_rank[g]
    for i in range(m):
        work[HIT_DAMAGE, i] = hit_damage[i]
        work[HIT_REACH, i] = hit_reach[i]
    assign_by_rank_into(m, ships, 0, n, groups, rank, 0, work, keys)
    for s in range(n):
        ship_damage[s] = ships[0, SHIP_DAMAGE, s]


def threat(cannon_damage_per_die: tuple[int, ...], computer: int, rift_dice: int) -> float:
    """Expected damage per engagement round against an unshielded ship (greedy's rank).

    ``cannon_damage_per_die`` lists the damage of each standard cannon die of one ship.
    """
    from calc.rules.dice import hit_threshold

    p_hit = (7 - hit_threshold(computer, 0)) / 6
    return sum(cannon_damage_per_die) * p_hit + float(rift_dice)
