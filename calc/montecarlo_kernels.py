"""Compiled Monte Carlo loop: many battles, one after another, with an explicit generator.

Every rule comes from the shared layers: the roll needed per (firing type, target type) is
precomputed with ``calc.dice.hit_threshold``, the rift faces come from ``calc.dice.RIFT_FACES``,
and hits are assigned by the ``calc.targeting`` kernels (NPC rule or greedy), exactly as the
exact solver assigns them. A die's *reach* is, as in ``calc.dice``, the highest roll needed by a
living target type that the die meets.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from calc._jit import jit
from calc.targeting import UNREACHABLE, assign_by_rank_into

Ints = NDArray[np.int64]
Floats = NDArray[np.float64]
Bools = NDArray[np.bool_]

RIFT_REACH_VALUE = 99
WINNER_ATTACKER, WINNER_DEFENDER, WINNER_DRAW, WINNER_STALEMATE, WINNER_UNFINISHED = 0, 1, 2, 3, 4


@jit
def _alive_in_group(grp: Ints, dmg: Ints, hull: Ints, g: int) -> int:
    n = 0
    for s in range(grp.shape[0]):
        if grp[s] == g and dmg[s] <= hull[grp[s]]:
            n += 1
    return n


@jit
def _alive(grp: Ints, dmg: Ints, hull: Ints) -> int:
    n = 0
    for s in range(grp.shape[0]):
        if dmg[s] <= hull[grp[s]]:
            n += 1
    return n


@jit
def _armed_alive(grp: Ints, dmg: Ints, hull: Ints, cannons: Ints) -> bool:
    for s in range(grp.shape[0]):
        g = grp[s]
        if dmg[s] <= hull[g]:
            for c in range(cannons.shape[1]):
                if cannons[g, c] > 0:
                    return True
    return False


@jit
def _volley(
    rng: np.random.Generator,
    n: int,
    dice: Ints,
    splitter: bool,
    need_row: Ints,
    enemy_grp: Ints,
    enemy_dmg: Ints,
    enemy_hull: Ints,
    enemy_rank: Floats,
    own_grp: Ints,
    own_dmg: Ints,
    own_hull: Ints,
    own_rift: Bools,
    own_size: Floats,
    die_damage: Ints,
    rift_enemy: Ints,
    rift_self: Ints,
    hit_damage: Ints,
    hit_reach: Ints,
    needs: Ints,
    own_needs: Ints,
    order: Ints,
    keys: Floats,
    flags: Bools,
    scratch: Ints,
) -> None:
    """Roll ``n`` ships' ``dice`` (per colour; pink = rift) and assign the hits. The arrays
    after ``hit_reach`` are work space (see ``calc.targeting.assign_by_rank_into``)."""
    n_enemy_groups = enemy_hull.shape[0]
    for h in range(n_enemy_groups):
        needs[h] = UNREACHABLE
    for s in range(enemy_grp.shape[0]):
        h = enemy_grp[s]
        if enemy_dmg[s] <= enemy_hull[h]:
            needs[h] = need_row[h]
    m = 0
    self_points = 0
    for c in range(4):
        k = n * dice[c]
        for _ in range(k):
            r = int(rng.random() * 6.0) + 1  # ~20x faster than rng.integers here
            reach = -1
            for h in range(n_enemy_groups):
                t = needs[h]
                if t <= r and t > reach:
                    reach = t
            if reach < 0:
                continue
            if splitter and c == 3:
                for _p in range(die_damage[c]):
                    hit_damage[m] = 1
                    hit_reach[m] = reach
                    m += 1
            else:
                hit_damage[m] = die_damage[c]
                hit_reach[m] = reach
                m += 1
    if dice.shape[0] > 4:
        for _ in range(n * dice[4]):
            face = int(rng.random() * 6.0)
            if rift_enemy[face] > 0:
                hit_damage[m] = rift_enemy[face]
                hit_reach[m] = RIFT_REACH_VALUE
                m += 1
            self_points += rift_self[face]
    if m > 0:
        # Largest damage first, then lowest reach (the order of calc.dice outcomes).
        for i in range(1, m):
            j = i
            while j > 0 and (
                hit_damage[j] > hit_damage[j - 1]
                or (hit_damage[j] == hit_damage[j - 1] and hit_reach[j] < hit_reach[j - 1])
            ):
                hit_damage[j], hit_damage[j - 1] = hit_damage[j - 1], hit_damage[j]
                hit_reach[j], hit_reach[j - 1] = hit_reach[j - 1], hit_reach[j]
                j -= 1
        assign_by_rank_into(
            hit_damage[:m], hit_reach[:m], enemy_grp, enemy_dmg, enemy_hull, needs[:n_enemy_groups],
            enemy_rank, order, keys, flags, scratch,
        )  # fmt: skip
    if self_points > 0:
        n_own = own_hull.shape[0]
        for g in range(n_own):
            own_needs[g] = 0 if own_rift[g] else UNREACHABLE
        for i in range(self_points):
            hit_damage[i] = 1
            hit_reach[i] = RIFT_REACH_VALUE
        assign_by_rank_into(
            hit_damage[:self_points], hit_reach[:self_points], own_grp, own_dmg, own_hull,
            own_needs[:n_own], own_size, order, keys, flags, scratch,
        )  # fmt: skip


@jit
def simulate(
    rng: np.random.Generator,
    n_battles: int,
    grp_a: Ints,
    dmg_a0: Ints,
    hull_a: Ints,
    cannons_a: Ints,
    missiles_a: Ints,
    rift_a: Bools,
    size_a: Floats,
    threat_a: Floats,
    grp_d: Ints,
    dmg_d0: Ints,
    hull_d: Ints,
    cannons_d: Ints,
    missiles_d: Ints,
    rift_d: Bools,
    size_d: Floats,
    threat_d: Floats,
    need_ad: Ints,
    need_da: Ints,
    slot_side: Ints,
    slot_group: Ints,
    first_round: int,
    greedy: Bools,
    splitter: Bools,
    die_damage: Ints,
    rift_enemy: Ints,
    rift_self: Ints,
    max_rounds: int,
    max_hits: int,
    out_winner: Ints,
    out_survivors_a: Ints,
    out_survivors_d: Ints,
    out_rounds: Ints,
) -> None:
    """Simulate ``n_battles`` battles; write the winner code, survivors per group and the
    number of engagement rounds of each."""
    n_slots = slot_side.shape[0]
    dmg_a = np.empty_like(dmg_a0)
    dmg_d = np.empty_like(dmg_d0)
    hit_damage = np.empty(max_hits, dtype=np.int64)
    hit_reach = np.empty(max_hits, dtype=np.int64)
    n_groups = max(hull_a.shape[0], hull_d.shape[0])
    n_ships = max(grp_a.shape[0], grp_d.shape[0])
    needs = np.empty(n_groups, dtype=np.int64)
    own_needs = np.empty(n_groups, dtype=np.int64)
    order = np.empty(n_ships, dtype=np.int64)
    keys = np.empty(n_ships, dtype=np.float64)
    flags = np.empty(2 * max_hits, dtype=np.bool_)
    scratch = np.empty(6 * max_hits, dtype=np.int64)
    rank_on_d = threat_d if greedy[0] else size_d
    rank_on_a = threat_a if greedy[1] else size_a
    for b in range(n_battles):
        dmg_a[:] = dmg_a0
        dmg_d[:] = dmg_d0
        winner = WINNER_UNFINISHED
        rounds = 0
        j = 0
        in_round = False
        while True:
            if j == n_slots or (j == first_round and not in_round):
                # A new engagement round starts (after the missile volleys, or after the last
                # slot of the previous round): stop on a stalemate or at the round cap.
                j = first_round
                in_round = True
                if j == n_slots or (
                    not _armed_alive(grp_a, dmg_a, hull_a, cannons_a)
                    and not _armed_alive(grp_d, dmg_d, hull_d, cannons_d)
                ):
                    winner = WINNER_STALEMATE
                    break
                if rounds >= max_rounds:
                    break
                rounds += 1
            side = slot_side[j]
            g = slot_group[j]
            missiles = j < first_round
            if side == 0:
                n = _alive_in_group(grp_a, dmg_a, hull_a, g)
                if n > 0:
                    dice = missiles_a[g] if missiles else cannons_a[g]
                    _volley(
                        rng, n, dice, splitter[0] and not missiles, need_ad[g],
                        grp_d, dmg_d, hull_d, rank_on_d, grp_a, dmg_a, hull_a, rift_a, size_a,
                        die_damage, rift_enemy, rift_self, hit_damage, hit_reach,
                        needs, own_needs, order, keys, flags, scratch,
                    )  # fmt: skip
            else:
                n = _alive_in_group(grp_d, dmg_d, hull_d, g)
                if n > 0:
                    dice = missiles_d[g] if missiles else cannons_d[g]
                    _volley(
                        rng, n, dice, splitter[1] and not missiles, need_da[g],
                        grp_a, dmg_a, hull_a, rank_on_a, grp_d, dmg_d, hull_d, rift_d, size_d,
                        die_damage, rift_enemy, rift_self, hit_damage, hit_reach,
                        needs, own_needs, order, keys, flags, scratch,
                    )  # fmt: skip
            if n > 0:
                alive_a = _alive(grp_a, dmg_a, hull_a)
                alive_d = _alive(grp_d, dmg_d, hull_d)
                if alive_a == 0 or alive_d == 0:
                    if alive_a > 0:
                        winner = WINNER_ATTACKER
                    elif alive_d > 0:
                        winner = WINNER_DEFENDER
                    else:
                        winner = WINNER_DRAW
                    break
            j += 1
        out_winner[b] = winner
        out_rounds[b] = rounds
        for g in range(hull_a.shape[0]):
            out_survivors_a[b, g] = _alive_in_group(grp_a, dmg_a, hull_a, g)
        for g in range(hull_d.shape[0]):
            out_survivors_d[b, g] = _alive_in_group(grp_d, dmg_d, hull_d, g)
