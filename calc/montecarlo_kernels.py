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

from calc._jit import jit, jit_inline
from calc.targeting import UNREACHABLE, assign_by_rank_into

Ints = NDArray[np.int64]
Floats = NDArray[np.float64]
Bools = NDArray[np.bool_]

RIFT_REACH_VALUE = 99
WINNER_ATTACKER, WINNER_DEFENDER, WINNER_DRAW, WINNER_STALEMATE, WINNER_UNFINISHED = 0, 1, 2, 3, 4


@jit_inline
def _alive_in_group(grp: Ints, dmg: Ints, hull: Ints, g: int) -> int:
    n = 0
    for s in range(grp.shape[0]):
        if grp[s] == g and dmg[s] <= hull[grp[s]]:
            n += 1
    return n


@jit_inline
def _count(grp: Ints, dmg: Ints, hull: Ints, counts: Ints) -> None:
    """Living ships per group, in one pass."""
    for g in range(counts.shape[0]):
        counts[g] = 0
    for s in range(grp.shape[0]):
        g = grp[s]
        if dmg[s] <= hull[g]:
            counts[g] += 1


@jit_inline
def _present(counts: Ints, status: Ints) -> int:
    """Ships in the sector (not left) from the per-group counts."""
    n = 0
    for g in range(counts.shape[0]):
        if status[g] != 2:
            n += counts[g]
    return n


@jit_inline
def _armed_present(counts: Ints, status: Ints, armed: Bools) -> bool:
    """True when a living ship in the sector has cannons."""
    for g in range(counts.shape[0]):  # noqa: SIM110 (a loop compiles better than any())
        if counts[g] > 0 and status[g] != 2 and armed[g]:
            return True
    return False


@jit_inline
def _in_sector(grp: Ints, dmg: Ints, hull: Ints, status: Ints) -> int:
    n = 0
    for s in range(grp.shape[0]):
        g = grp[s]
        if dmg[s] <= hull[g] and status[g] != 2:
            n += 1
    return n


@jit_inline
def _strength(grp: Ints, dmg: Ints, hull: Ints, status: Ints, firepower: Floats) -> float:
    """Firepower x durability of the ships in the sector (the retreat heuristic's measure)."""
    fire = 0.0
    hp = 0.0
    for s in range(grp.shape[0]):
        g = grp[s]
        if dmg[s] <= hull[g] and status[g] != 2:
            fire += firepower[g]
            hp += hull[g] - dmg[s] + 1
    return fire * hp


@jit_inline
def _repair(grp: Ints, dmg: Ints, hull: Ints, status: Ints, morph: Ints) -> None:
    """End of an engagement round: each ship in the sector repairs ``morph`` damage."""
    for s in range(grp.shape[0]):
        g = grp[s]
        if morph[g] > 0 and dmg[s] <= hull[g] and status[g] != 2:
            dmg[s] = max(0, dmg[s] - morph[g])


@jit_inline
def _volley(
    rng: np.random.Generator,
    n: int,
    dice_table: Ints,
    g: int,
    splitter: bool,
    need_table: Ints,
    enemy_grp: Ints,
    enemy_dmg: Ints,
    enemy_hull: Ints,
    enemy_rank: Floats,
    own_grp: Ints,
    own_dmg: Ints,
    own_hull: Ints,
    own_rift: Bools,
    own_size: Floats,
    enemy_status: Ints,
    own_status: Ints,
    enemy_alive: Ints,
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
        if enemy_alive[h] > 0 and enemy_status[h] != 2:
            needs[h] = need_table[g, h]
        else:
            needs[h] = UNREACHABLE
    m = 0
    self_points = 0
    for c in range(4):
        k = n * dice_table[g, c]
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
    if dice_table.shape[1] > 4:
        for _ in range(n * dice_table[g, 4]):
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
            hit_damage, hit_reach, m, enemy_grp, enemy_dmg, enemy_hull, needs, enemy_rank,
            order, keys, flags, scratch,
        )  # fmt: skip
    if self_points > 0:
        n_own = own_hull.shape[0]
        for g in range(n_own):
            own_needs[g] = 0 if own_rift[g] and own_status[g] != 2 else UNREACHABLE
        for i in range(self_points):
            hit_damage[i] = 1
            hit_reach[i] = RIFT_REACH_VALUE
        assign_by_rank_into(
            hit_damage, hit_reach, self_points, own_grp, own_dmg, own_hull, own_needs, own_size,
            order, keys, flags, scratch,
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
    morph_a: Ints,
    grp_d: Ints,
    dmg_d0: Ints,
    hull_d: Ints,
    cannons_d: Ints,
    missiles_d: Ints,
    rift_d: Bools,
    size_d: Floats,
    threat_d: Floats,
    morph_d: Ints,
    need_ad: Ints,
    need_da: Ints,
    slot_side: Ints,
    slot_group: Ints,
    first_round: int,
    greedy: Bools,
    splitter: Bools,
    retreat_below: Floats,
    escapes: bool,
    die_damage: Ints,
    rift_enemy: Ints,
    rift_self: Ints,
    max_rounds: int,
    max_hits: int,
    out_winner: Ints,
    out_survivors_a: Ints,
    out_survivors_d: Ints,
    out_destroyed_a: Ints,
    out_destroyed_d: Ints,
    out_rounds: Ints,
    out_saved: Ints,
    out_retreated: Bools,
    out_participated: Bools,
    out_damage_a: Ints,
    out_damage_d: Ints,
    out_status_a: Ints,
    out_status_d: Ints,
) -> None:
    """Simulate ``n_battles`` battles (see module doc). ``retreat_below[side]`` < 0 means the
    side never retreats; otherwise a ship type retreats at its activation when its side's
    strength share (firepower x durability) is below it. Writes, per battle, the winner code,
    survivors and ships destroyed by combat per group, engagement rounds, ships saved by
    retreating, whether each side retreated and whether it keeps the participation tile."""
    n_slots = slot_side.shape[0]
    dmg_a = np.empty_like(dmg_a0)
    dmg_d = np.empty_like(dmg_d0)
    status_a = np.zeros(hull_a.shape[0], dtype=np.int64)
    status_d = np.zeros(hull_d.shape[0], dtype=np.int64)
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
    firepower_a = threat_a / 1000.0
    firepower_d = threat_d / 1000.0
    declared = np.zeros(2, dtype=np.bool_)
    all_retreat = np.zeros(2, dtype=np.bool_)
    alive_a = np.zeros(hull_a.shape[0], dtype=np.int64)
    alive_d = np.zeros(hull_d.shape[0], dtype=np.int64)
    armed_a = np.zeros(hull_a.shape[0], dtype=np.bool_)
    armed_d = np.zeros(hull_d.shape[0], dtype=np.bool_)
    cannons_total_a = np.zeros(hull_a.shape[0], dtype=np.int64)
    cannons_total_d = np.zeros(hull_d.shape[0], dtype=np.int64)
    missiles_total_a = np.zeros(hull_a.shape[0], dtype=np.int64)
    missiles_total_d = np.zeros(hull_d.shape[0], dtype=np.int64)
    for g in range(hull_a.shape[0]):
        cannons_total_a[g] = cannons_a[g].sum()
        missiles_total_a[g] = missiles_a[g].sum()
        armed_a[g] = cannons_total_a[g] > 0
    for g in range(hull_d.shape[0]):
        cannons_total_d[g] = cannons_d[g].sum()
        missiles_total_d[g] = missiles_d[g].sum()
        armed_d[g] = cannons_total_d[g] > 0
    any_morph = morph_a.sum() + morph_d.sum() > 0
    for b in range(n_battles):
        dmg_a[:] = dmg_a0
        dmg_d[:] = dmg_d0
        status_a[:] = 0
        status_d[:] = 0
        declared[:] = False
        all_retreat[:] = False
        _count(grp_a, dmg_a, hull_a, alive_a)
        _count(grp_d, dmg_d, hull_d, alive_d)
        winner = WINNER_UNFINISHED
        rounds = 0
        j = 0
        in_round = False
        while True:
            if j == n_slots or (j == first_round and not in_round):
                if in_round and any_morph:
                    # End of an engagement round: Morph Shields repair.
                    _repair(grp_a, dmg_a, hull_a, status_a, morph_a)
                    _repair(grp_d, dmg_d, hull_d, status_d, morph_d)
                j = first_round
                in_round = True
                if j == n_slots or (
                    not _armed_present(alive_a, status_a, armed_a)
                    and not _armed_present(alive_d, status_d, armed_d)
                ):
                    winner = WINNER_STALEMATE
                    break
                if rounds >= max_rounds:
                    break
                rounds += 1
            side = slot_side[j]
            g = slot_group[j]
            missiles = j < first_round
            status = status_a if side == 0 else status_d
            grp = grp_a if side == 0 else grp_d
            dmg = dmg_a if side == 0 else dmg_d
            hull = hull_a if side == 0 else hull_d
            n = alive_a[g] if side == 0 else alive_d[g]
            acted = False
            if n > 0 and status[g] != 2:
                if status[g] == 1 and not missiles:
                    status[g] = 2  # the retreating ships leave at their next activation
                    acted = True
                else:
                    retreat = False
                    if not missiles and retreat_below[side] >= 0.0:
                        own = _strength(
                            grp, dmg, hull, status, firepower_a if side == 0 else firepower_d
                        )
                        if side == 0:
                            other = _strength(grp_d, dmg_d, hull_d, status_d, firepower_d)
                        else:
                            other = _strength(grp_a, dmg_a, hull_a, status_a, firepower_a)
                        share = own / (own + other) if own + other > 0.0 else 0.5
                        retreat = share < retreat_below[side]
                    if retreat:
                        status[g] = 1
                        declared[side] = True
                        fighting = False
                        for s2 in range(grp.shape[0]):
                            if status[grp[s2]] == 0 and dmg[s2] <= hull[grp[s2]]:
                                fighting = True
                        if not fighting:
                            all_retreat[side] = True
                        acted = True
                    else:
                        if side == 0:
                            total = missiles_total_a[g] if missiles else cannons_total_a[g]
                            if total > 0:
                                _volley(
                                    rng, n, missiles_a if missiles else cannons_a, g,
                                    splitter[0] and not missiles, need_ad,
                                    grp_d, dmg_d, hull_d, rank_on_d, grp_a, dmg_a, hull_a,
                                    rift_a, size_a, status_d, status_a, alive_d, die_damage,
                                    rift_enemy,
                                    rift_self, hit_damage, hit_reach, needs, own_needs, order,
                                    keys, flags, scratch,
                                )  # fmt: skip
                                acted = True
                        else:
                            total = missiles_total_d[g] if missiles else cannons_total_d[g]
                            if total > 0:
                                _volley(
                                    rng, n, missiles_d if missiles else cannons_d, g,
                                    splitter[1] and not missiles, need_da,
                                    grp_a, dmg_a, hull_a, rank_on_a, grp_d, dmg_d, hull_d,
                                    rift_d, size_d, status_a, status_d, alive_a, die_damage,
                                    rift_enemy,
                                    rift_self, hit_damage, hit_reach, needs, own_needs, order,
                                    keys, flags, scratch,
                                )  # fmt: skip
                                acted = True
            if acted:
                _count(grp_a, dmg_a, hull_a, alive_a)
                _count(grp_d, dmg_d, hull_d, alive_d)
                in_a = _present(alive_a, status_a)
                in_d = _present(alive_d, status_d)
                if in_a == 0 or in_d == 0:
                    if in_a > 0:
                        winner = WINNER_ATTACKER
                    elif in_d > 0:
                        winner = WINNER_DEFENDER
                    else:
                        winner = WINNER_DRAW
                    break
            j += 1
        out_winner[b] = winner
        out_rounds[b] = rounds
        saved_a = 0
        saved_d = 0
        for g in range(hull_a.shape[0]):
            alive = _alive_in_group(grp_a, dmg_a, hull_a, g)
            out_destroyed_a[b, g] = 0
            out_survivors_a[b, g] = alive
            if status_a[g] != 0:
                saved_a += alive
            elif winner in (WINNER_STALEMATE, WINNER_UNFINISHED):
                # A stalemate counts for the defender: the attacker's ships in the sector
                # retreat if it can, else they are destroyed (not by combat).
                if escapes:
                    saved_a += alive
                else:
                    out_survivors_a[b, g] = 0
        for g in range(hull_d.shape[0]):
            alive = _alive_in_group(grp_d, dmg_d, hull_d, g)
            out_survivors_d[b, g] = alive
            if status_d[g] != 0:
                saved_d += alive
        for s2 in range(grp_a.shape[0]):
            if dmg_a[s2] > hull_a[grp_a[s2]]:
                out_destroyed_a[b, grp_a[s2]] += 1
        for g in range(hull_d.shape[0]):
            out_destroyed_d[b, g] = 0
        for s2 in range(grp_d.shape[0]):
            if dmg_d[s2] > hull_d[grp_d[s2]]:
                out_destroyed_d[b, grp_d[s2]] += 1
        stalemate_escape = (
            (winner in (WINNER_STALEMATE, WINNER_UNFINISHED))
            and escapes
            and _in_sector(grp_a, dmg_a, hull_a, status_a) > 0
        )
        out_saved[b, 0] = saved_a
        out_saved[b, 1] = saved_d
        out_retreated[b, 0] = declared[0] or stalemate_escape
        out_retreated[b, 1] = declared[1]
        out_participated[b, 0] = not (all_retreat[0] or stalemate_escape)
        out_participated[b, 1] = not all_retreat[1]
        if out_damage_a.shape[0] > 0:
            out_damage_a[b, :] = dmg_a
            out_damage_d[b, :] = dmg_d
            out_status_a[b, :] = status_a
            out_status_d[b, :] = status_d
