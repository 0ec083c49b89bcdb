"""Damage assignment by rule: the NPC rule, the greedy player heuristic and rift self-damage.

One implementation serves every solver: the exact solver calls these kernels for sides that do
not play optimally, Monte Carlo calls them inside its compiled loop, and the game engine uses
them for NPCs and bots. (The ``optimal`` policy is not a rule but a search; it lives in
``calc.rules.assignment.all_assignments``.)

**Representation.** Each kernel works on one volley against one side: the hits (one per
entry, in any order, each with a damage and a *reach*: a hit can be put on a ship whose group
needs a roll of at most its reach, see ``calc.rules.dice``), the target ships (group and damage
so far) and per group its hull and *need* (the roll needed to hit it). A ship is destroyed
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

``assign_by_rank`` wraps the kernels for one side given as 1-D arrays. Every kernel takes
``spread``: whether the leftover pass reads the NPC rule as ``spread`` (below).

**The NPC rule** (rules: "dice are assigned so that player ships are destroyed from largest to
smallest if possible; if no ship can be destroyed, dice are assigned to do as much damage as
possible, largest to smallest"), as Fleetlab reads it:

1. Ships are taken in *target order*: size (dreadnought, cruiser, starbase/orbital,
   interceptor; NPC tiles GCDS, guardian, ancient), then the most damaged first, then group
   order.
2. *Destroy pass*. The ships destroyed are, of all the sets of ships that some way of giving
   out the hits (each hit to one ship it reaches) destroys, the best in target order: the first
   ship if any assignment can destroy it, then the next one if it can be added, and so on
   ("destroyed from largest to smallest if possible"). Then each ship of that set, in target
   order, gets the best kill from the unused hits among those that leave the rest of the set
   destructible: the least wasted damage, then the fewest hits, then the lowest total reach
   (keeping hits that reach more ships for later), then the most hits of the smallest
   (damage, reach) kind: a total order, so the rule is deterministic. A volley that mixes
   damage values is why the set must be chosen first: one orange and two yellow hits against a
   cruiser (2 hit points, needs a 5) and an interceptor (1 hit point, needs a 6), with the
   orange a 6 and both yellows 5s: the orange alone is the cruiser's best kill (fewest hits),
   but it is the only hit that reaches the interceptor; the yellows take the cruiser instead,
   and both ships are destroyed.
3. *Leftover pass*: the hits still unused destroy nothing: no ship can be destroyed by them,
   alone or together, since a ship t they could destroy would join the destroy pass's set S
   (S with t is destroyed by the same kills plus these hits, and it comes before S in target
   order, as the two sets differ only in t). So every leftover hit's damage counts, wherever it
   goes among the ships it reaches: "as much damage as possible". Where it goes is "largest to
   smallest", which has two readings (``calc.battle.model.NpcReading``, chosen per battle):

   - ``concentrate`` (the default): each goes to the first living ship in target order that
     it can reach: damage piles up on the largest, most damaged ship.
   - ``spread``: one hit per ship in target order (the hits largest damage first), a ship
     taking a second hit only when every ship the hit can reach has one more (round robin).

The rules example holds under both: two hits against an interceptor and a dreadnought that only
the interceptor can die from: one destroys the interceptor, the other goes to the dreadnought.

**Speed.** The destroy pass first destroys the ships one at a time in target order, each with
its best kill from the unused hits. When every hit does the same damage that is already the
answer: each ship then needs a fixed number of hits, its best kill is that many of the lowest
reach, and taking the lowest reach leaves, for every roll ``t``, as many hits of reach ``t`` or
more as any other choice could; so a ship the pass cannot add could not join the set at all.
Otherwise, if no ship the pass leaves alive could have joined the ships it destroyed before
that ship, its set is the best one and its kills stand (each was the best of all and left the
rest of the set destructible), so a mixed volley usually costs one question per ship left
alive. A question about a ship the whole volley cannot destroy is answered at once, and with
hits of 1 damage the search's cut is exact (see ``assign_in_order``). The search is written
once inside the pass's loop rather than as a helper called from it, so that numba can drop
its reference counting (see above).

**Greedy** (a player heuristic, documented so results can be reproduced by hand): the same two
passes, but the target order is by *threat*: the expected damage a ship deals per engagement
round against an unshielded ship (``threat``), then size, then most damaged first. So a greedy
player kills the most dangerous ships it can, the most dangerous first, with the least waste,
and piles leftover damage on the most dangerous ship it can reach (always ``concentrate``: the
reading is of the NPC rule's sentence, not of Fleetlab's heuristic).

**Rift self-damage** goes to the firing side's own ships that carry rift dice, by the NPC rule
(New Dangers text: destroy largest to smallest if possible, else as much damage as possible), in
the battle's reading of that sentence.
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
POS_HP = 10
POS_NEED = 11
POS_GREEDY = 12
POS_KILL = 13
SEARCH_ACC = 14
SEARCH_CHOICE = 15
WORK_ROWS = 16
"""Rows of the work table. Per hit: its damage and reach; ``HIT_USED``, 0 while unused, else
the target position (plus one) it destroys with, or ``RESERVED``; ``SEARCH_CHOICE``, where the
kill search put it. Per target position (``ORDER`` lists the ships in target order): the ship's
hit points left (0: already destroyed) and the roll it needs; whether the one-ship-at-a-time
pass destroys it (``POS_GREEDY``); whether it is in the kill set (``POS_KILL``); the damage the
kill search gives it, then the leftover hits it takes (``SEARCH_ACC``). Per distinct (damage,
reach) hit type of one ship's kill: its count, limit, current and best counts."""

RESERVED = -1
"""``HIT_USED`` of a hit held by a candidate kill while the kill search checks the rest."""
SKIPPED = -1
EXCLUDED = -2
"""``SEARCH_CHOICE`` of a hit that reaches no ship the search still has to destroy, and of a
hit the search may not use."""


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


GREEDY_PASS = 0
KILL_SET = 1
CONSTRAINED_PASS = 2
"""Stages of ``assign_in_order``'s destroy pass."""


@jit_inline
def take_kill(work: IntArray, m: int, types: int, counts: int, mark: int) -> int:
    """Mark the hits of a kill in ``work[HIT_USED]`` with ``mark``: per (damage, reach) type
    ``t`` of the kill, its first ``work[counts, t]`` unused hits of that type (``counts`` is
    ``TYPE_CURRENT`` for a candidate, ``TYPE_BEST`` for the kill taken). Returns how many hits
    it marked. (It takes the work table and integers only, so inlined in the kill loop it
    binds one array.)"""
    taken = 0
    for t in range(types):
        wanted = work[counts, t]
        for i in range(m):
            if wanted == 0:
                break
            if (
                not work[HIT_USED, i]
                and work[HIT_DAMAGE, i] == work[TYPE_DAMAGE, t]
                and work[HIT_REACH, i] == work[TYPE_REACH, t]
            ):
                work[HIT_USED, i] = mark
                wanted -= 1
                taken += 1
    return taken


@jit_inline
def assign_in_order(
    n: int,
    m: int,
    ships: IntArray,
    side: int,
    groups: IntArray,
    work: IntArray,
    spread: bool,
) -> None:
    """The destroy pass then the leftover pass, over the ships ``work[ORDER, :n]`` of ``side``,
    with the first ``m`` hits (see module doc); ``spread`` picks the leftover pass's reading.

    The destroy pass runs in stages:

    - ``GREEDY_PASS``: the ships one at a time in target order, each destroyed, if the unused
      hits that reach it can, with its best kill from them.
    - ``KILL_SET`` (only when the hits do not all do the same damage): the best kill set, a ship
      at a time in target order: a ship joins if it and the ships already in can all be
      destroyed together. While the set agrees with the greedy pass's kills, those kills prove
      it; if it never disagrees, the greedy pass's kills stand (each was the best of all and
      left the rest destructible) and the pass ends here.
    - ``CONSTRAINED_PASS``: the greedy pass again over the kill set only, each ship's kill now
      the best of those that leave the rest of the set destructible.

    A ship's best kill, among the multisets of hits whose damage destroys it: the least
    overkill, then the fewest hits, then the lowest total reach, then (a total order) the most
    hits of the smallest (damage, reach) type, and so on. Hits of one type are interchangeable,
    so the passes enumerate counts per distinct type (an odometer) rather than subsets.

    *Can these ships all be destroyed?* is a depth-first search that gives the hits out one by
    one, each to a ship it reaches. Three rules keep it small without losing an answer: a hit
    never goes to a ship the search has already destroyed (that damage is waste) and is dropped
    only when it reaches no ship still to destroy (extra damage never hurts); a hit goes to a
    position no earlier than the previous hit of its type (only counts per type matter); and a
    node is cut as soon as, for some roll ``t``, the ships still to destroy that need at least
    ``t`` need more hit points than the remaining hits of reach ``t`` or more carry. For hits of
    1 damage that cut is exact (the ships a hit reaches are nested by reach, so this is Hall's
    condition): the search leaves every node from which no way of giving out the rest works
    as soon as it enters it.

    The search is written once, in the innermost loop, where ``KILL_SET`` asks about a ship and
    ``CONSTRAINED_PASS`` about a candidate kill: numba can drop the reference counting of an
    inlined helper's arrays only across simple control flow, and a helper called from these
    loops would bind ``work`` again on every call (see the module doc)."""
    # Hits by damage (largest first), then reach (lowest first): hits of one type adjacent.
    for i in range(1, m):
        j = i
        while j > 0 and (
            work[HIT_DAMAGE, j] > work[HIT_DAMAGE, j - 1]
            or (
                work[HIT_DAMAGE, j] == work[HIT_DAMAGE, j - 1]
                and work[HIT_REACH, j] < work[HIT_REACH, j - 1]
            )
        ):
            work[HIT_DAMAGE, j], work[HIT_DAMAGE, j - 1] = (
                work[HIT_DAMAGE, j - 1],
                work[HIT_DAMAGE, j],
            )
            work[HIT_REACH, j], work[HIT_REACH, j - 1] = (
                work[HIT_REACH, j - 1],
                work[HIT_REACH, j],
            )
            j -= 1
    # Hits of one damage value: the greedy pass's kills are the best (see the module doc).
    one_damage = True
    for i in range(m):
        work[HIT_USED, i] = 0
        if work[HIT_DAMAGE, i] != work[HIT_DAMAGE, 0]:
            one_damage = False
    for k in range(n):
        s = work[ORDER, k]
        g = ships[side, SHIP_GROUP, s]
        hull = groups[side, GROUP_HULL, g]
        damage = ships[side, SHIP_DAMAGE, s]
        work[POS_HP, k] = hull - damage + 1 if damage <= hull else 0
        work[POS_NEED, k] = groups[side, GROUP_NEED, g]
        if not one_damage:
            work[POS_GREEDY, k] = 0
            work[POS_KILL, k] = 0
    left = m  # unused hits
    agrees = True  # the kill set so far is the greedy pass's
    types = 0
    best_waste = 0
    best_count = 0
    best_reach = 0
    for stage in range(3):
        if stage == KILL_SET and one_damage:
            break
        if stage == CONSTRAINED_PASS:
            if agrees:
                break
            left = m
            for i in range(m):
                work[HIT_USED, i] = 0
        constrained = stage == CONSTRAINED_PASS
        for k in range(n):
            hp = work[POS_HP, k]
            if hp == 0:
                continue
            need = work[POS_NEED, k]
            if stage == KILL_SET:
                if agrees and work[POS_GREEDY, k]:
                    work[POS_KILL, k] = 1
                    continue
                total = 0
                for i in range(m):
                    if work[HIT_REACH, i] >= need:
                        total += work[HIT_DAMAGE, i]
                if total < hp:
                    continue
                work[POS_KILL, k] = 1
            else:
                if left == 0:
                    break
                if constrained and not work[POS_KILL, k]:
                    continue
                total = 0
                for i in range(m):
                    if not work[HIT_USED, i] and work[HIT_REACH, i] >= need:
                        total += work[HIT_DAMAGE, i]
                if total < hp:
                    continue
                # The distinct (damage, reach) types among the eligible hits, ascending.
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
                        or (
                            work[TYPE_DAMAGE, pos - 1] == damage
                            and work[TYPE_REACH, pos - 1] > reach
                        )
                    ):
                        work[TYPE_DAMAGE, pos] = work[TYPE_DAMAGE, pos - 1]
                        work[TYPE_REACH, pos] = work[TYPE_REACH, pos - 1]
                        work[TYPE_COUNT, pos] = work[TYPE_COUNT, pos - 1]
                        pos -= 1
                    work[TYPE_DAMAGE, pos] = damage
                    work[TYPE_REACH, pos] = reach
                    work[TYPE_COUNT, pos] = 1
                    types += 1
                # The odometer: every combination of counts per type, no type beyond what a
                # kill can use.
                for t in range(types):
                    cap = (hp + work[TYPE_DAMAGE, t] - 1) // work[TYPE_DAMAGE, t]
                    work[TYPE_LIMIT, t] = min(work[TYPE_COUNT, t], cap)
                    work[TYPE_CURRENT, t] = 0
                    work[TYPE_BEST, t] = 0
            found_any = False
            # The candidates of ship k: one question (KILL_SET), or the odometer's kills.
            while True:
                keep = False
                ask = stage == KILL_SET
                waste = 0
                count = 0
                reach_sum = 0
                if not ask:
                    dealt = 0
                    for t in range(types):
                        dealt += work[TYPE_CURRENT, t] * work[TYPE_DAMAGE, t]
                        count += work[TYPE_CURRENT, t]
                        reach_sum += work[TYPE_CURRENT, t] * work[TYPE_REACH, t]
                    if dealt >= hp:
                        waste = dealt - hp
                        if not found_any or waste < best_waste:
                            keep = True
                        elif waste == best_waste:
                            if count < best_count:
                                keep = True
                            elif count == best_count:
                                if reach_sum < best_reach:
                                    keep = True
                                elif reach_sum == best_reach:
                                    for t in range(types):
                                        if work[TYPE_CURRENT, t] != work[TYPE_BEST, t]:
                                            keep = work[TYPE_CURRENT, t] > work[TYPE_BEST, t]
                                            break
                        if keep and constrained:
                            # Better than the best so far: does the rest of the set survive it?
                            take_kill(work, m, types, TYPE_CURRENT, RESERVED)
                            ask = True
                if ask:
                    # The search: can the ships at positions p > after with POS_KILL == 1 all
                    # be destroyed (in CONSTRAINED_PASS, by the hits whose HIT_USED is 0)?
                    after = k if constrained else -1
                    open_ships = 0
                    for p in range(n):
                        work[SEARCH_ACC, p] = 0
                        if p > after and work[POS_KILL, p] == 1:
                            open_ships += 1
                    depth = 0  # the hit to give out next
                    tried = -1  # at this depth, positions up to ``tried`` are done (-1: new)
                    answer = True
                    while open_ships > 0:
                        dead_end = depth == m
                        if not dead_end and tried < 0:
                            for q in range(after + 1, n):
                                if work[POS_KILL, q] != 1 or work[SEARCH_ACC, q] >= work[POS_HP, q]:
                                    continue
                                least = work[POS_NEED, q]
                                repeated = False  # a ship before q needs the same roll
                                for r in range(after + 1, q):
                                    if (
                                        work[POS_KILL, r] == 1
                                        and work[SEARCH_ACC, r] < work[POS_HP, r]
                                        and work[POS_NEED, r] == least
                                    ):
                                        repeated = True
                                        break
                                if repeated:
                                    continue
                                demand = 0
                                for r in range(after + 1, n):
                                    if (
                                        work[POS_KILL, r] == 1
                                        and work[SEARCH_ACC, r] < work[POS_HP, r]
                                        and work[POS_NEED, r] >= least
                                    ):
                                        demand += work[POS_HP, r] - work[SEARCH_ACC, r]
                                supply = 0
                                for h in range(depth, m):
                                    if work[HIT_REACH, h] >= least and not (
                                        constrained and work[HIT_USED, h]
                                    ):
                                        supply += work[HIT_DAMAGE, h]
                                if demand > supply:
                                    dead_end = True
                                    break
                        if not dead_end:
                            h = depth
                            if constrained and work[HIT_USED, h]:
                                work[SEARCH_CHOICE, h] = EXCLUDED
                                depth += 1
                                tried = -1
                                continue
                            lowest = max(tried + 1, after + 1)
                            if (
                                h > 0
                                and work[SEARCH_CHOICE, h - 1] >= 0
                                and work[HIT_DAMAGE, h - 1] == work[HIT_DAMAGE, h]
                                and work[HIT_REACH, h - 1] == work[HIT_REACH, h]
                            ):
                                lowest = max(lowest, work[SEARCH_CHOICE, h - 1])
                            chosen = -1
                            for p in range(lowest, n):
                                if (
                                    work[POS_KILL, p] == 1
                                    and work[SEARCH_ACC, p] < work[POS_HP, p]
                                    and work[POS_NEED, p] <= work[HIT_REACH, h]
                                ):
                                    chosen = p
                                    break
                            if chosen >= 0:
                                work[SEARCH_CHOICE, h] = chosen
                                work[SEARCH_ACC, chosen] += work[HIT_DAMAGE, h]
                                if work[SEARCH_ACC, chosen] >= work[POS_HP, chosen]:
                                    open_ships -= 1
                                depth += 1
                                tried = -1
                                continue
                            if tried < 0:
                                useful = False
                                for p in range(after + 1, n):
                                    if (
                                        work[POS_KILL, p] == 1
                                        and work[SEARCH_ACC, p] < work[POS_HP, p]
                                        and work[POS_NEED, p] <= work[HIT_REACH, h]
                                    ):
                                        useful = True
                                        break
                                if not useful:
                                    work[SEARCH_CHOICE, h] = SKIPPED
                                    depth += 1
                                    continue
                        # Back to the last hit given to a ship, to give it to a later one.
                        resumed = False
                        while depth > 0:
                            depth -= 1
                            c = work[SEARCH_CHOICE, depth]
                            if c >= 0:
                                if work[SEARCH_ACC, c] >= work[POS_HP, c]:
                                    open_ships += 1
                                work[SEARCH_ACC, c] -= work[HIT_DAMAGE, depth]
                                tried = c
                                resumed = True
                                break
                        if not resumed:
                            answer = False
                            break
                    if not constrained:
                        # KILL_SET: ship k joins the set if the set can still be destroyed.
                        if not answer:
                            work[POS_KILL, k] = 0
                        elif not work[POS_GREEDY, k]:
                            agrees = False
                        break
                    for i in range(m):
                        if work[HIT_USED, i] == RESERVED:
                            work[HIT_USED, i] = 0
                    keep = answer
                if keep:
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
            if stage == KILL_SET or not found_any:
                continue
            # Use the best kill: per type, its first unused hits.
            if not one_damage and not constrained:
                work[POS_GREEDY, k] = 1
            left -= take_kill(work, m, types, TYPE_BEST, k + 1)
    for i in range(m):
        if work[HIT_USED, i] > 0:
            s = work[ORDER, work[HIT_USED, i] - 1]
            ships[side, SHIP_DAMAGE, s] += work[HIT_DAMAGE, i]
    # Leftover pass: none of these hits can destroy a ship (module doc), so every one goes to a
    # living ship it reaches: the first in target order (concentrate), or the first of those
    # that took the fewest leftover hits so far (spread).
    if spread:
        for k in range(n):
            work[SEARCH_ACC, k] = 0
    for i in range(m):
        if work[HIT_USED, i]:
            continue
        chosen = -1
        for k in range(n):
            s = work[ORDER, k]
            g = ships[side, SHIP_GROUP, s]
            if (
                ships[side, SHIP_DAMAGE, s] <= groups[side, GROUP_HULL, g]
                and groups[side, GROUP_NEED, g] <= work[HIT_REACH, i]
            ):
                if not spread:
                    chosen = k
                    break
                if chosen < 0 or work[SEARCH_ACC, k] < work[SEARCH_ACC, chosen]:
                    chosen = k
        if chosen >= 0:
            work[SEARCH_ACC, chosen] += 1
            s = work[ORDER, chosen]
            ships[side, SHIP_DAMAGE, s] += work[HIT_DAMAGE, i]


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
    spread: bool,
) -> None:
    """``assign_by_rank`` of the first ``m`` hits of ``work`` to the first ``n`` ships of
    ``side``, ranked by ``rank[rank_row]``, in the caller's tables (no allocation)."""
    target_order(ships, side, n, rank, rank_row, work, keys)
    assign_in_order(n, m, ships, side, groups, work, spread)


@jit
def assign_by_rank(
    hit_damage: IntArray,
    hit_reach: IntArray,
    ship_group: IntArray,
    ship_damage: IntArray,
    group_hull: IntArray,
    group_need: IntArray,
    group_rank: FloatArray,
    spread: bool,
) -> None:
    """Assign hits by the NPC rule (rank = size) or greedily (rank = threat), in place, to one
    side given as 1-D arrays (packed here into tables of one side); ``spread`` picks the
    leftover pass's reading (see module doc)."""
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
    assign_by_rank_into(m, ships, 0, n, groups, rank, 0, work, keys, spread)
    for s in range(n):
        ship_damage[s] = ships[0, SHIP_DAMAGE, s]


def threat(cannon_damage_per_die: tuple[int, ...], computer: int, rift_dice: int) -> float:
    """Expected damage per engagement round against an unshielded ship (greedy's rank).

    ``cannon_damage_per_die`` lists the damage of each standard cannon die of one ship.
    """
    from calc.rules.dice import hit_threshold

    p_hit = (7 - hit_threshold(computer, 0)) / 6
    return sum(cannon_damage_per_die) * p_hit + float(rift_dice)
