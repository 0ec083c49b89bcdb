"""Compiled loops of the exact solver for plain battles (see ``calc.exact.solver`` for the method).

Plain battles are those where no side decides retreats and no ship has a Morph Shield: the
values are one number per state (P(attacker wins)) and the graph is acyclic apart from the
all-miss round loop. This specialisation runs about 2.5 times faster than the general loops of
``calc.exact.kernels``, which handle retreat and repair; both produce identical results on plain
battles (tested).

States are integers: a joint state is ``attacker_id * n_defender + defender_id``; per side,
arrays indexed by side-state id hold the living ships (total and per group), whether any
living ship has cannons, the damage score (which every hit increases) and the damage on living
ships. Volley outcomes come as CSR tables built in Python: an *entry* per (slot, ships firing,
enemy state) lists its outcomes; an outcome lists the enemy states its hits can produce (one
unless the firing side plays optimally) and the rift self-damage it does.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from calc._jit import jit
from calc.exact.kernels import prefer

Ints = NDArray[np.int64]
Floats = NDArray[np.float64]
Bools = NDArray[np.bool_]


@jit
def value_of(
    values: Floats,
    joint: int,
    slot: int,
    first_round: int,
    n_def: int,
    alive_a: Ints,
    alive_d: Ints,
    cannons_a: Bools,
    cannons_d: Bools,
) -> float:
    """P(attacker wins) from (joint state, slot): terminal, stalemate, or the stored value."""
    ia = joint // n_def
    idd = joint - ia * n_def
    a = alive_a[ia]
    d = alive_d[idd]
    if a == 0 or d == 0:
        return 1.0 if (a > 0 and d == 0) else 0.0
    if slot >= first_round and not cannons_a[ia] and not cannons_d[idd]:
        return 0.0
    return float(values[joint, slot])


@jit
def choose(
    values: Floats,
    side: int,
    own2: int,
    cand_lo: int,
    cand_hi: int,
    cand: Ints,
    nxt: int,
    first_round: int,
    n_def: int,
    alive_a: Ints,
    alive_d: Ints,
    cannons_a: Bools,
    cannons_d: Bools,
    damage_a: Ints,
    damage_d: Ints,
) -> tuple[int, float]:
    """The firing side's best next joint state among the candidates, and its value."""
    best_joint = -1
    best_value = 0.0
    best_score = 0.0
    best_alive = 0
    best_damage = 0
    for c in range(cand_lo, cand_hi):
        e2 = cand[c]
        if side == 0:
            joint = own2 * n_def + e2
            enemy_alive = alive_d[e2]
            enemy_damage = damage_d[e2]
        else:
            joint = e2 * n_def + own2
            enemy_alive = alive_a[e2]
            enemy_damage = damage_a[e2]
        v = value_of(values, joint, nxt, first_round, n_def, alive_a, alive_d, cannons_a, cannons_d)
        score = v if side == 0 else -v
        if best_joint < 0 or prefer(
            score, enemy_alive, enemy_damage, best_score, best_alive, best_damage
        ):
            best_joint = joint
            best_value = v
            best_score = score
            best_alive = enemy_alive
            best_damage = enemy_damage
    return best_joint, best_value


@jit
def _slot_entry(
    joint: int,
    j: int,
    n_def: int,
    slot_side: Ints,
    slot_group: Ints,
    slot_base: Ints,
    slot_enemies: Ints,
    group_alive_a: Ints,
    group_alive_d: Ints,
) -> tuple[int, int, int]:
    """(entry index or -1 if the firing group has no living ship, own id, enemy id)."""
    ia = joint // n_def
    idd = joint - ia * n_def
    side = slot_side[j]
    g = slot_group[j]
    if side == 0:
        own, enemy = ia, idd
        n = group_alive_a[ia, g]
    else:
        own, enemy = idd, ia
        n = group_alive_d[idd, g]
    if n == 0:
        return -1, own, enemy
    return slot_base[j] + (n - 1) * slot_enemies[j] + enemy, own, enemy


@jit
def backward(
    order: Ints,
    lo: int,
    hi: int,
    values: Floats,
    n_def: int,
    first_round: int,
    slot_side: Ints,
    slot_group: Ints,
    slot_base: Ints,
    slot_enemies: Ints,
    entry_miss: Floats,
    entry_start: Ints,
    out_prob: Floats,
    out_self: Ints,
    out_cand: Ints,
    cand: Ints,
    self_next_a: Ints,
    self_next_d: Ints,
    group_alive_a: Ints,
    group_alive_d: Ints,
    alive_a: Ints,
    alive_d: Ints,
    cannons_a: Bools,
    cannons_d: Bools,
    damage_a: Ints,
    damage_d: Ints,
) -> int:
    """Solve the states ``order[lo:hi]`` (highest damage score first). Returns the number of
    candidate next states compared."""
    n_slots = values.shape[1]
    contrib = np.zeros(n_slots)
    miss = np.zeros(n_slots)
    a = np.zeros(n_slots)
    b = np.zeros(n_slots)
    compared = 0
    for idx in range(lo, hi):
        s = order[idx]
        ia = s // n_def
        idd = s - ia * n_def
        if alive_a[ia] == 0 or alive_d[idd] == 0:
            continue
        for j in range(n_slots):
            k, own, _ = _slot_entry(
                s, j, n_def, slot_side, slot_group, slot_base, slot_enemies,
                group_alive_a, group_alive_d,
            )  # fmt: skip
            if k < 0:
                miss[j] = 1.0
                contrib[j] = 0.0
                continue
            miss[j] = entry_miss[k]
            nxt = j + 1 if j + 1 < n_slots else first_round
            side = slot_side[j]
            acc = 0.0
            for o in range(entry_start[k], entry_start[k + 1]):
                table = self_next_a if side == 0 else self_next_d
                own2 = table[own, out_self[o]]
                compared += out_cand[o + 1] - out_cand[o]
                _, v = choose(
                    values, side, own2, out_cand[o], out_cand[o + 1], cand, nxt, first_round,
                    n_def, alive_a, alive_d, cannons_a, cannons_d, damage_a, damage_d,
                )  # fmt: skip
                acc += out_prob[o] * v
            contrib[j] = acc
        stale = not cannons_a[ia] and not cannons_d[idd]
        m = first_round
        start = 0.0
        if not stale and m < n_slots:
            last = n_slots - 1
            a[last] = contrib[last]
            b[last] = miss[last]
            for j in range(last - 1, m - 1, -1):
                a[j] = contrib[j] + miss[j] * a[j + 1]
                b[j] = miss[j] * b[j + 1]
            start = a[m] / (1.0 - b[m])
            for j in range(m, n_slots):
                values[s, j] = a[j] + b[j] * start
        else:
            for j in range(m, n_slots):
                values[s, j] = 0.0
        for j in range(m - 1, -1, -1):
            nxt = j + 1
            after = start if nxt == m else values[s, nxt]
            values[s, j] = contrib[j] + miss[j] * after
    return compared


@jit
def forward(
    order: Ints,
    start: int,
    values: Floats,
    inflow: Floats,
    end_mass: Floats,
    end_stale: Floats,
    n_def: int,
    first_round: int,
    slot_side: Ints,
    slot_group: Ints,
    slot_base: Ints,
    slot_enemies: Ints,
    entry_miss: Floats,
    entry_start: Ints,
    out_prob: Floats,
    out_self: Ints,
    out_cand: Ints,
    cand: Ints,
    self_next_a: Ints,
    self_next_d: Ints,
    group_alive_a: Ints,
    group_alive_d: Ints,
    alive_a: Ints,
    alive_d: Ints,
    cannons_a: Bools,
    cannons_d: Bools,
    damage_a: Ints,
    damage_d: Ints,
) -> tuple[float, float]:
    """Push probability mass from ``start`` through the policy; fills ``end_mass`` (a side is
    destroyed) and ``end_stale`` (stalemates) and returns (P(stalemate), expected rounds)."""
    n_slots = values.shape[1]
    inflow[start, 0] = 1.0
    stalemate = 0.0
    rounds = 0.0
    miss = np.zeros(n_slots)
    visits = np.zeros(n_slots)
    alpha = np.zeros(n_slots)
    beta = np.zeros(n_slots)
    m = first_round
    for idx in range(order.shape[0] - 1, -1, -1):
        s = order[idx]
        total_in = 0.0
        for j in range(n_slots):
            total_in += inflow[s, j]
        if total_in == 0.0:
            continue
        ia = s // n_def
        idd = s - ia * n_def
        for j in range(n_slots):
            k, _, _ = _slot_entry(
                s, j, n_def, slot_side, slot_group, slot_base, slot_enemies,
                group_alive_a, group_alive_d,
            )  # fmt: skip
            miss[j] = 1.0 if k < 0 else entry_miss[k]
        for j in range(m):
            visits[j] = inflow[s, j] + (visits[j - 1] * miss[j - 1] if j > 0 else 0.0)
        stale = not cannons_a[ia] and not cannons_d[idd]
        carry = 0.0
        if m > 0:
            carry = visits[m - 1] * miss[m - 1]
        if m < n_slots:
            carry += inflow[s, m]
        if stale or m == n_slots:
            end_stale[s] += carry
            stalemate += carry
            for j in range(m, n_slots):
                visits[j] = 0.0
        else:
            alpha[m] = 0.0
            beta[m] = 1.0
            for j in range(m + 1, n_slots):
                alpha[j] = inflow[s, j] + miss[j - 1] * alpha[j - 1]
                beta[j] = miss[j - 1] * beta[j - 1]
            last = n_slots - 1
            x = (carry + miss[last] * alpha[last]) / (1.0 - miss[last] * beta[last])
            for j in range(m, n_slots):
                visits[j] = alpha[j] + beta[j] * x
            rounds += x
        for j in range(n_slots):
            if visits[j] == 0.0:
                continue
            k, own, _ = _slot_entry(
                s, j, n_def, slot_side, slot_group, slot_base, slot_enemies,
                group_alive_a, group_alive_d,
            )  # fmt: skip
            if k < 0:
                continue
            nxt = j + 1 if j + 1 < n_slots else first_round
            side = slot_side[j]
            for o in range(entry_start[k], entry_start[k + 1]):
                table = self_next_a if side == 0 else self_next_d
                own2 = table[own, out_self[o]]
                target, _ = choose(
                    values, side, own2, out_cand[o], out_cand[o + 1], cand, nxt, first_round,
                    n_def, alive_a, alive_d, cannons_a, cannons_d, damage_a, damage_d,
                )  # fmt: skip
                mass = visits[j] * out_prob[o]
                ta = target // n_def
                td = target - ta * n_def
                if alive_a[ta] == 0 or alive_d[td] == 0:
                    end_mass[target] += mass
                elif nxt >= first_round and not cannons_a[ta] and not cannons_d[td]:
                    end_stale[target] += mass
                    stalemate += mass
                else:
                    inflow[target, nxt] += mass
    return stalemate, rounds
