"""Compiled loops of the exact solver for plain battles (see ``calc.exact.solver``).

Plain battles are those where no side decides retreats and no ship has a Morph Shield: every
slot's firing group either fires or is skipped, and the graph is acyclic apart from the all-miss
round loop. The values carry P(attacker wins) alone when no side plays optimally (no assignment
is ever compared), else also the two kept build values for the tie-break of
``calc.exact.kernels.prefer``. The rules are those of ``calc.exact.kernels``: the stalemate rule
at round starts (``calc.rules.stalemate.is_stalemate``), ``prefer`` for the firing side's choice,
the same terminal values; both give identical results on plain battles (tested).

The tables are the packed, side-indexed ones of ``calc.exact.tables.PackedTables`` that the
general loops read too (``calc.exact.kernels`` says why: numba counts references on the arrays
bound to an inlined helper's parameters, so the helpers take a few arrays and a side, never a
tuple of arrays). To check a change, compile into an empty ``NUMBA_CACHE_DIR`` and count
``NRT_incref`` outside the entry blocks (``benchmarks/kernel_increfs.py``).
"""

from __future__ import annotations

import numpy as np

from calc._jit import jit, jit_inline
from calc.exact.kernels import prefer, stalemate_at
from calc.exact.tables import (
    N_VALUES,
    Bools,
    FlagRow,
    FloatRow,
    Floats,
    GroupRow,
    IntRow,
    Ints,
    PackedTables,
    Shape,
    SlotRow,
    Value,
)

P_A = Value.P_ATTACKER
KEPT_A = Value.KEPT_ATTACKER
KEPT_D = Value.KEPT_DEFENDER


@jit_inline
def value_into(
    values: Floats,
    joint: int,
    slot: int,
    first_round: int,
    n_def: int,
    escapes: bool,
    ints: Ints,
    floats: Floats,
    out: Floats,
) -> None:
    """V(joint, slot) into ``out[:K]``: terminal, a stalemate at a round start (it counts for
    the defender; the attacker's ships escape if it can retreat, else they are lost), or the
    stored value (the same values as ``calc.exact.kernels.lookup``)."""
    k = values.shape[2]
    ia = joint // n_def
    idd = joint - ia * n_def
    n_a = ints[0, IntRow.IN_SECTOR, ia]
    n_d = ints[1, IntRow.IN_SECTOR, idd]
    if n_a == 0 or n_d == 0:
        out[P_A] = 1.0 if (n_a > 0 and n_d == 0) else 0.0
        if k > 1:
            out[KEPT_A] = floats[0, FloatRow.KEPT, ia]
            out[KEPT_D] = floats[1, FloatRow.KEPT, idd]
        return
    if slot == first_round and stalemate_at(ints, ia, idd):
        out[P_A] = 0.0
        if k > 1:
            kept = floats[0, FloatRow.KEPT, ia]
            out[KEPT_A] = kept if escapes else kept - floats[0, FloatRow.SECTOR_VALUE, ia]
            out[KEPT_D] = floats[1, FloatRow.KEPT, idd]
        return
    for q in range(k):
        out[q] = values[joint, slot, q]


@jit_inline
def choose(
    values: Floats,
    side: int,
    own2: int,
    lo: int,
    hi: int,
    nxt: int,
    first_round: int,
    n_def: int,
    escapes: bool,
    cand: Ints,
    ints: Ints,
    floats: Floats,
    out: Floats,
    buf: Floats,
) -> int:
    """The firing side's best next joint state among the candidates ``lo:hi`` (by
    ``calc.exact.kernels.prefer``) and, in ``out``, its value at ``nxt``."""
    k = values.shape[2]
    enemy = 1 - side
    best_joint = -1
    best_score = 0.0
    best_own = 0.0
    best_enemy = 0.0
    best_alive = 0
    best_damage = 0
    for c in range(lo, hi):
        e2 = cand[c]
        joint = own2 * n_def + e2 if side == 0 else e2 * n_def + own2
        value_into(values, joint, nxt, first_round, n_def, escapes, ints, floats, buf)
        if hi - lo == 1:
            for q in range(k):
                out[q] = buf[q]
            return int(joint)
        own_kept = 0.0
        enemy_kept = 0.0
        score = buf[P_A] if side == 0 else -buf[P_A]
        if k > 1:
            own_kept = buf[KEPT_A] if side == 0 else buf[KEPT_D]
            enemy_kept = buf[KEPT_D] if side == 0 else buf[KEPT_A]
        enemy_alive = ints[enemy, IntRow.IN_SECTOR, e2]
        enemy_damage = ints[enemy, IntRow.DAMAGE, e2]
        if best_joint < 0 or prefer(
            score, own_kept, enemy_kept, enemy_alive, enemy_damage,
            best_score, best_own, best_enemy, best_alive, best_damage,
        ):  # fmt: skip
            best_joint = joint
            best_score = score
            best_own = own_kept
            best_enemy = enemy_kept
            best_alive = enemy_alive
            best_damage = enemy_damage
            for q in range(k):
                out[q] = buf[q]
    return int(best_joint)


@jit_inline
def _entry(
    joint: int,
    j: int,
    n_def: int,
    first_round: int,
    slots: Ints,
    groups: Ints,
    flags: Bools,
) -> tuple[int, int]:
    """(volley entry of slot ``j`` in state ``joint``, or -1 when the firing group has no living
    ship or nothing to fire; the firing side's own state id)."""
    ia = joint // n_def
    idd = joint - ia * n_def
    side = slots[SlotRow.SIDE, j]
    g = slots[SlotRow.GROUP, j]
    own = ia if side == 0 else idd
    enemy = idd if side == 0 else ia
    n = groups[side, GroupRow.ALIVE, own, g]
    if n == 0 or not (j < first_round or flags[side, FlagRow.ARMED, g]):
        return -1, own
    return slots[SlotRow.BASE, j] + (n - 1) * slots[SlotRow.ENEMIES, j] + enemy, own


@jit
def backward(
    order: Ints,
    lo: int,
    hi: int,
    values: Floats,
    t: PackedTables,
    shape: Shape,
) -> None:
    """Solve the states ``order[lo:hi]`` (highest damage score first). Along the all-miss
    chain of a round ``V(j) = a[j] + b[j] * V(round start)``, so the round start is
    ``a[m] / (1 - b[m])``."""
    ints = t.ints
    floats = t.floats
    groups = t.groups
    flags = t.flags
    self_next = t.self_next
    slots = t.slots
    n_def = shape.n_def
    first_round = shape.first_round
    n_slots = shape.n_slots
    escapes = shape.escapes
    entry_miss = t.entry_miss
    entry_start = t.entry_start
    out_prob = t.out_prob
    out_self = t.out_self
    out_cand = t.out_cand
    cand = t.cand
    k_values = values.shape[2]
    m = first_round
    contrib = np.zeros((n_slots, N_VALUES))
    miss = np.zeros(n_slots)
    a = np.zeros((n_slots + 1, N_VALUES))
    b = np.zeros(n_slots + 1)
    x = np.zeros(N_VALUES)
    out = np.zeros(N_VALUES)
    buf = np.zeros(N_VALUES)
    for idx in range(lo, hi):
        s = order[idx]
        ia = s // n_def
        idd = s - ia * n_def
        if ints[0, IntRow.IN_SECTOR, ia] == 0 or ints[1, IntRow.IN_SECTOR, idd] == 0:
            continue
        for j in range(n_slots):
            for q in range(k_values):
                contrib[j, q] = 0.0
            entry, own = _entry(s, j, n_def, first_round, slots, groups, flags)
            if entry < 0:
                miss[j] = 1.0
                continue
            miss[j] = entry_miss[entry]
            side = slots[SlotRow.SIDE, j]
            nxt = j + 1 if j + 1 < n_slots else m
            for o in range(entry_start[entry], entry_start[entry + 1]):
                own2 = self_next[side, own, out_self[o]]
                choose(
                    values, side, own2, out_cand[o], out_cand[o + 1], nxt, first_round, n_def,
                    escapes, cand, ints, floats, out, buf,
                )  # fmt: skip
                p = out_prob[o]
                for q in range(k_values):
                    contrib[j, q] += p * out[q]
        for q in range(k_values):
            a[n_slots, q] = 0.0
        b[n_slots] = 1.0
        for j in range(n_slots - 1, m - 1, -1):
            for q in range(k_values):
                a[j, q] = contrib[j, q] + miss[j] * a[j + 1, q]
            b[j] = miss[j] * b[j + 1]
        if m == n_slots or stalemate_at(ints, ia, idd):
            # A round start here is a stalemate; mass arriving mid-round plays it out.
            x[P_A] = 0.0
            if k_values > 1:
                kept = floats[0, FloatRow.KEPT, ia]
                x[KEPT_A] = kept if escapes else kept - floats[0, FloatRow.SECTOR_VALUE, ia]
                x[KEPT_D] = floats[1, FloatRow.KEPT, idd]
        else:
            for q in range(k_values):
                x[q] = a[m, q] / (1.0 - b[m])
        for j in range(m, n_slots):
            for q in range(k_values):
                values[s, j, q] = a[j, q] + b[j] * x[q]
        for j in range(m - 1, -1, -1):
            for q in range(k_values):
                after = values[s, j + 1, q] if j + 1 < m else x[q]
                values[s, j, q] = contrib[j, q] + miss[j] * after


@jit
def forward(
    order: Ints,
    start: int,
    values: Floats,
    inflow: Floats,
    end_mass: Floats,
    end_stale: Floats,
    t: PackedTables,
    shape: Shape,
) -> float:
    """Push probability mass from ``start`` through the policy (lowest score first); fills
    ``end_mass`` (a side is destroyed) and ``end_stale`` (stalemates) and returns the expected
    number of engagement rounds."""
    ints = t.ints
    floats = t.floats
    groups = t.groups
    flags = t.flags
    self_next = t.self_next
    slots = t.slots
    n_def = shape.n_def
    first_round = shape.first_round
    n_slots = shape.n_slots
    escapes = shape.escapes
    entry_miss = t.entry_miss
    entry_start = t.entry_start
    out_prob = t.out_prob
    out_self = t.out_self
    out_cand = t.out_cand
    cand = t.cand
    m = first_round
    inflow[start, 0] = 1.0
    rounds = 0.0
    entries = np.zeros(n_slots, dtype=np.int64)
    owns = np.zeros(n_slots, dtype=np.int64)
    miss = np.zeros(n_slots)
    visits = np.zeros(n_slots)
    gam = np.zeros(n_slots)
    beta = np.zeros(n_slots)
    out = np.zeros(N_VALUES)
    buf = np.zeros(N_VALUES)
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
            entry, own = _entry(s, j, n_def, first_round, slots, groups, flags)
            entries[j] = entry
            owns[j] = own
            miss[j] = 1.0 if entry < 0 else entry_miss[entry]
        for j in range(m):
            visits[j] = inflow[s, j] + (visits[j - 1] * miss[j - 1] if j > 0 else 0.0)
            inflow[s, j] = 0.0
        carry = visits[m - 1] * miss[m - 1] if m > 0 else 0.0
        if m < n_slots:
            incoming = carry + inflow[s, m]
            gam[m] = 0.0
            beta[m] = 1.0
            for j in range(m + 1, n_slots):
                gam[j] = inflow[s, j] + miss[j - 1] * gam[j - 1]
                beta[j] = miss[j - 1] * beta[j - 1]
            last = n_slots - 1
            if stalemate_at(ints, ia, idd):
                # No round starts here; mass that arrived mid-round plays it out (nothing can
                # fire) and is a stalemate at the next round start.
                end_stale[s] += incoming + miss[last] * gam[last]
                xr = 0.0
            else:
                xr = (incoming + miss[last] * gam[last]) / (1.0 - miss[last] * beta[last])
                rounds += xr
            for j in range(m, n_slots):
                visits[j] = gam[j] + beta[j] * xr
                inflow[s, j] = 0.0
        else:
            end_stale[s] += carry
        for j in range(n_slots):
            v = visits[j]
            entry = entries[j]
            if v == 0.0 or entry < 0:
                continue
            side = slots[SlotRow.SIDE, j]
            own = owns[j]
            nxt = j + 1 if j + 1 < n_slots else m
            for o in range(entry_start[entry], entry_start[entry + 1]):
                own2 = self_next[side, own, out_self[o]]
                target = choose(
                    values, side, own2, out_cand[o], out_cand[o + 1], nxt, first_round, n_def,
                    escapes, cand, ints, floats, out, buf,
                )  # fmt: skip
                mass = v * out_prob[o]
                ta = target // n_def
                td = target - ta * n_def
                if ints[0, IntRow.IN_SECTOR, ta] == 0 or ints[1, IntRow.IN_SECTOR, td] == 0:
                    end_mass[target] += mass
                elif nxt == m and stalemate_at(ints, ta, td):
                    end_stale[target] += mass
                else:
                    inflow[target, nxt] += mass
    return rounds
