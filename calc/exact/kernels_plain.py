"""Compiled loops of the exact solver for plain battles (see ``calc.exact.solver``).

Plain battles are those where no side decides retreats and no ship has a Morph Shield: every
slot's firing group either fires or is skipped, and the graph is acyclic apart from the all-miss
round loop. The values carry P(attacker wins) alone when no side plays optimally (no assignment
is ever compared), else also the two kept build values for the tie-break of
``calc.exact.kernels.prefer``.

Only the round algebra is this module's own: with no retreat decision in a round, the value at
each engagement slot is ``a[j] + b[j] * V(round start)`` and the round start is solved in one
step, where the general loops iterate over the retreat decisions. Every rule comes from the
helpers of ``calc.exact.kernels`` that the general loops and the cyclic blocks call too: a
slot's volley (``slot_info``), the firing side's choice among the candidate assignments and its
value (``volley_value``, ``push_volley``, through ``choose`` and ``prefer``), the terminal and
stalemate values (``terminal_into``, ``stalemate_at``) and where probability mass goes
(``push``). On a plain battle the end-of-round repair those helpers apply changes nothing
(``IntRow.REPAIR`` maps a state without Morph Shields to itself), so both loops give identical
results (tested).

The tables are the packed, side-indexed ones of ``calc.exact.tables.PackedTables`` that the
general loops read too (``calc.exact.kernels`` says why: numba counts references on the arrays
bound to an inlined helper's parameters, so the helpers take a few arrays and a side, never a
tuple of arrays). To check a change, compile into an empty ``NUMBA_CACHE_DIR`` and count
``NRT_incref`` outside the entry blocks (``benchmarks/kernel_increfs.py``).
"""

from __future__ import annotations

import numpy as np

from calc._jit import jit_numpy_errors
from calc.exact.kernels import (
    arrived,
    has_ended,
    missile_values,
    missile_visits,
    push_volley,
    slot_info,
    split,
    stalemate_at,
    terminal_into,
    volley_value,
)
from calc.exact.tables import N_VALUES, Floats, Ints, PackedTables, Shape


@jit_numpy_errors
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
    ints, floats, groups, flags, self_next, _, _, slots = t[:8]
    entry_miss, entry_start, out_prob, out_self, out_cand, cand = t[8:]
    n_slots = shape.n_slots
    m = shape.first_round
    k_values = values.shape[2]
    contrib = np.zeros((n_slots, N_VALUES))
    miss = np.zeros(n_slots)
    a = np.zeros((n_slots + 1, N_VALUES))
    b = np.zeros(n_slots + 1)
    x = np.zeros(N_VALUES)
    out = np.zeros(N_VALUES)
    buf = np.zeros(N_VALUES)
    for idx in range(lo, hi):
        s = order[idx]
        ia, idd = split(shape, s)
        if has_ended(ints, ia, idd):
            continue
        for j in range(n_slots):
            _, c, entry = slot_info(groups, flags, slots, entry_miss, shape, s, j)
            miss[j] = c
            if entry >= 0:
                volley_value(
                    values, ints, floats, self_next, slots, entry_start, out_prob, out_self,
                    out_cand, cand, shape, s, j, entry, contrib, j, out, buf,
                )  # fmt: skip
            else:
                for q in range(k_values):
                    contrib[j, q] = 0.0
        for q in range(k_values):
            a[n_slots, q] = 0.0
        b[n_slots] = 1.0
        for j in range(n_slots - 1, m - 1, -1):
            for q in range(k_values):
                a[j, q] = contrib[j, q] + miss[j] * a[j + 1, q]
            b[j] = miss[j] * b[j + 1]
        if m == n_slots or stalemate_at(ints, ia, idd):
            # A round start here is a stalemate; mass arriving mid-round plays it out.
            terminal_into(ints, floats, shape, ia, idd, True, x, k_values)
        else:
            for q in range(k_values):
                x[q] = a[m, q] / (1.0 - b[m])
        for j in range(m, n_slots):
            for q in range(k_values):
                values[s, j, q] = a[j, q] + b[j] * x[q]
        missile_values(values, s, m, contrib, miss, x)


@jit_numpy_errors
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
    ints, floats, groups, flags, self_next, _, _, slots = t[:8]
    entry_miss, entry_start, out_prob, out_self, out_cand, cand = t[8:]
    n_slots = shape.n_slots
    m = shape.first_round
    inflow[start, 0] = 1.0
    rounds = 0.0
    entries = np.zeros(n_slots, dtype=np.int64)
    miss = np.zeros(n_slots)
    visits = np.zeros(n_slots)
    gam = np.zeros(n_slots)
    beta = np.zeros(n_slots)
    out = np.zeros(N_VALUES)
    buf = np.zeros(N_VALUES)
    for idx in range(order.shape[0] - 1, -1, -1):
        s = order[idx]
        if arrived(inflow, s, n_slots) == 0.0:
            continue
        ia, idd = split(shape, s)
        for j in range(n_slots):
            _, c, entry = slot_info(groups, flags, slots, entry_miss, shape, s, j)
            entries[j] = entry
            miss[j] = c
        carry = missile_visits(inflow, s, m, miss, visits)
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
            if v != 0.0 and entries[j] >= 0:
                push_volley(
                    values, ints, floats, self_next, slots, entry_start, out_prob, out_self,
                    out_cand, cand, shape, s, j, entries[j], v, inflow, end_mass, end_stale,
                    out, buf,
                )  # fmt: skip
    return rounds
