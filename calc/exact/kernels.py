"""Compiled loops of the exact solver (see ``calc.exact.solver`` for the method).

States are integers: a joint state is ``attacker_id * n_defender + defender_id``. Per side,
arrays indexed by side-state id (``SideArrays`` in ``calc.exact.solver``) hold the ships in the
sector, their build value, whether any of them has cannons, the ships per group, each group's
retreat status and the state reached by a retreat declaration, a departure, rift self-damage or the
end-of-round Morph Shield repair. Volley outcomes come as CSR tables built in Python: an *entry*
per (slot, ships firing, enemy state) lists its outcomes; an outcome lists the enemy states its
hits can produce (one unless the firing side plays optimally) and the rift self-damage it does.

A state's value is a vector of four expectations: P(attacker wins), P(defender wins), and the
build value each side keeps (ships that survive, in the sector or escaped). The firing side
assigns hits by the first component (the attacker maximises it, the defender minimises it);
retreat decisions follow each side's retreat rule.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from calc._jit import jit, jit_inline

Ints = NDArray[np.int64]
Floats = NDArray[np.float64]
Bools = NDArray[np.bool_]
Arrays = tuple[NDArray[Any], ...]
"""A side's arrays (``calc.exact.side_space.SideFacts.as_tuple``) or the volley tables."""

TIE = 1e-12
"""Values closer than this are ties, broken by the secondary criteria."""
N_VALUES = 4
P_ATTACKER, P_DEFENDER, KEPT_ATTACKER, KEPT_DEFENDER = 0, 1, 2, 3

# Slot kinds of a state (``kinds`` array): what the firing group may do.
SKIP, ATTACK, ATTACK_OR_RETREAT, PASS_OR_RETREAT, LEAVE = 0, 1, 2, 3, 4
# Retreat modes per side.
NEVER, THRESHOLD, OPTIMAL_WIN, OPTIMAL_VALUE = 0, 1, 2, 3
MAX_LOCAL_ITERATIONS = 64


@jit_inline
def prefer(
    score: float,
    enemy_alive: int,
    enemy_damage: int,
    best_score: float,
    best_alive: int,
    best_damage: int,
) -> bool:
    """Whether a candidate beats the best so far for the firing side: a higher score (its
    probability of winning, up to ``TIE``), then fewer enemy ships left, then more damage."""
    if score > best_score + TIE:
        return True
    if score < best_score - TIE:
        return False
    if enemy_alive != best_alive:
        return enemy_alive < best_alive
    return enemy_damage > best_damage


@jit_inline
def terminal(
    ia: int,
    idd: int,
    stalemate: bool,
    out: Floats,
    in_a: Ints,
    in_d: Ints,
    kept_a: Floats,
    kept_d: Floats,
    sector_value_a: Floats,
    attacker_escapes: bool,
) -> None:
    """The payoff vector of a finished battle. A stalemate counts for the defender: the
    attacker's ships in the sector retreat if it can, else they are destroyed."""
    if stalemate:
        out[P_ATTACKER] = 0.0
        out[P_DEFENDER] = 1.0
        out[KEPT_ATTACKER] = kept_a[ia] if attacker_escapes else kept_a[ia] - sector_value_a[ia]
        out[KEPT_DEFENDER] = kept_d[idd]
        return
    a = in_a[ia]
    d = in_d[idd]
    out[P_ATTACKER] = 1.0 if (a > 0 and d == 0) else 0.0
    out[P_DEFENDER] = 1.0 if (d > 0 and a == 0) else 0.0
    out[KEPT_ATTACKER] = kept_a[ia]
    out[KEPT_DEFENDER] = kept_d[idd]


@jit_inline
def p_attacker(
    values: Floats,
    joint: int,
    slot: int,
    first_round: int,
    n_def: int,
    in_a: Ints,
    in_d: Ints,
    armed_a: Bools,
    armed_d: Bools,
) -> float:
    """Just P(attacker wins) from (joint state, slot): what hit assignment compares."""
    ia = joint // n_def
    idd = joint - ia * n_def
    a = in_a[ia]
    d = in_d[idd]
    if a == 0 or d == 0:
        return 1.0 if (a > 0 and d == 0) else 0.0
    if slot >= first_round and not armed_a[ia] and not armed_d[idd]:
        return 0.0
    return float(values[joint, slot, 0])


@jit_inline
def value_into(
    values: Floats,
    joint: int,
    slot: int,
    first_round: int,
    n_def: int,
    out: Floats,
    in_a: Ints,
    in_d: Ints,
    armed_a: Bools,
    armed_d: Bools,
    kept_a: Floats,
    kept_d: Floats,
    sector_value_a: Floats,
    attacker_escapes: bool,
) -> bool:
    """Write V(joint state, slot) into ``out``; True if the state is terminal there."""
    ia = joint // n_def
    idd = joint - ia * n_def
    if in_a[ia] == 0 or in_d[idd] == 0:
        terminal(ia, idd, False, out, in_a, in_d, kept_a, kept_d, sector_value_a, attacker_escapes)
        return True
    if slot >= first_round and not armed_a[ia] and not armed_d[idd]:
        terminal(ia, idd, True, out, in_a, in_d, kept_a, kept_d, sector_value_a, attacker_escapes)
        return True
    for c in range(values.shape[2]):
        out[c] = values[joint, slot, c]
    return False


@jit_inline
def objective(v: Floats, side: int, mode: int) -> float:
    """What a side's retreat rule compares: its P(win), or its kept value minus the other's."""
    if mode == OPTIMAL_VALUE:
        if side == 0:
            return float(v[KEPT_ATTACKER] - v[KEPT_DEFENDER])
        return float(v[KEPT_DEFENDER] - v[KEPT_ATTACKER])
    return float(v[P_ATTACKER] if side == 0 else v[P_DEFENDER])


@jit_inline
def retreat_better(fight: Floats, retreat: Floats, side: int, mode: int, below: float) -> bool:
    """Whether the side's retreat rule picks retreating over fighting on (or passing)."""
    if mode == NEVER:
        return False
    if mode == THRESHOLD:
        p_win = fight[P_ATTACKER] if side == 0 else fight[P_DEFENDER]
        return bool(p_win < below)
    return objective(retreat, side, mode) > objective(fight, side, mode) + TIE


# Indices into a side's tuple of arrays (built by ``calc.exact.side_space.SideFacts.as_tuple``).
IN_SECTOR, ARMED, KEPT, SECTOR_VALUE, GROUP_ALIVE, GROUP_STATUS = 0, 1, 2, 3, 4, 5
RETREAT_NEXT, LEAVE_NEXT, SELF_NEXT, REPAIR, DAMAGE, GROUP_ARMED = 6, 7, 8, 9, 10, 11
# Indices into the tables tuple.
T_SIDE, T_GROUP, T_BASE, T_ENEMIES, T_MISS, T_START, T_PROB, T_SELF, T_CAND, T_CANDS = range(10)


@jit_inline
def _val(
    values: Floats,
    joint: int,
    slot: int,
    first_round: int,
    n_def: int,
    out: Floats,
    sa: Arrays,
    sd: Arrays,
    escapes: bool,
) -> bool:
    return value_into(
        values, joint, slot, first_round, n_def, out,
        sa[IN_SECTOR], sd[IN_SECTOR], sa[ARMED], sd[ARMED], sa[KEPT], sd[KEPT],
        sa[SECTOR_VALUE], escapes,
    )  # fmt: skip


@jit_inline
def _joint(side: int, own: int, enemy: int, n_def: int) -> int:
    return own * n_def + enemy if side == 0 else enemy * n_def + own


@jit_inline
def _repaired(joint: int, n_def: int, sa: Arrays, sd: Arrays) -> int:
    """The joint state after the end-of-round Morph Shield repair."""
    ia = joint // n_def
    idd = joint - ia * n_def
    return int(sa[REPAIR][ia] * n_def + sd[REPAIR][idd])


@jit_inline
def _wraps(j: int, n_slots: int, first_round: int) -> bool:
    """True when slot ``j`` is the last of an engagement round (the next one starts after the
    Morph Shield repair)."""
    return j == n_slots - 1 and first_round < n_slots


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
    sa: Arrays,
    sd: Arrays,
    tables: Arrays,
    wrap: bool,
) -> int:
    """The firing side's best next joint state among candidates ``lo:hi``: the attacker
    maximises P(attacker wins), the defender minimises it (ties: see ``prefer``). With
    ``wrap`` the next slot starts a new round, so candidates are taken after the repair."""
    cand = tables[T_CANDS]
    if hi - lo == 1:
        joint = _joint(side, own2, cand[lo], n_def)
        return _repaired(joint, n_def, sa, sd) if wrap else joint
    best_joint = -1
    best_score = 0.0
    best_alive = 0
    best_damage = 0
    for c in range(lo, hi):
        e2 = cand[c]
        joint = _joint(side, own2, e2, n_def)
        if wrap:
            joint = _repaired(joint, n_def, sa, sd)
        p = p_attacker(
            values, joint, nxt, first_round, n_def, sa[IN_SECTOR], sd[IN_SECTOR], sa[ARMED],
            sd[ARMED],
        )  # fmt: skip
        if side == 0:
            enemy_alive = sd[IN_SECTOR][e2]
            enemy_damage = sd[DAMAGE][e2]
            score = p
        else:
            enemy_alive = sa[IN_SECTOR][e2]
            enemy_damage = sa[DAMAGE][e2]
            score = -p
        if best_joint < 0 or prefer(
            score, enemy_alive, enemy_damage, best_score, best_alive, best_damage
        ):
            best_joint = joint
            best_score = score
            best_alive = enemy_alive
            best_damage = enemy_damage
    return best_joint


@jit_inline
def _slot_info(
    s: int,
    j: int,
    n_slots: int,
    n_def: int,
    first_round: int,
    sa: Arrays,
    sd: Arrays,
    tables: Arrays,
    modes: Ints,
) -> tuple[int, float, int]:
    """What slot ``j`` of state ``s`` offers: (kind, continuation probability when fighting
    or passing, volley entry index or -1)."""
    ia = s // n_def
    idd = s - ia * n_def
    side = tables[T_SIDE][j]
    g = tables[T_GROUP][j]
    own_arrays = sa if side == 0 else sd
    own = ia if side == 0 else idd
    enemy = idd if side == 0 else ia
    n = own_arrays[GROUP_ALIVE][own, g]
    if n == 0:
        return SKIP, 1.0, -1
    status = own_arrays[GROUP_STATUS][own, g]
    if status == 2:
        return SKIP, 1.0, -1
    missiles = j < first_round
    if status == 1 and not missiles:
        return LEAVE, 0.0, -1
    can_retreat = (not missiles) and modes[side] != NEVER
    if not (missiles or own_arrays[GROUP_ARMED][g]):
        return (PASS_OR_RETREAT if can_retreat else SKIP), 1.0, -1
    k_entry = tables[T_BASE][j] + (n - 1) * tables[T_ENEMIES][j] + enemy
    kind = ATTACK_OR_RETREAT if can_retreat else ATTACK
    return kind, tables[T_MISS][k_entry], k_entry


@jit_inline
def _target_of(
    s: int, j: int, kind: int, n_def: int, sa: Arrays, sd: Arrays, tables: Arrays
) -> int:
    """The joint state reached by leaving (LEAVE) or by declaring a retreat."""
    ia = s // n_def
    idd = s - ia * n_def
    side = tables[T_SIDE][j]
    g = tables[T_GROUP][j]
    own_arrays = sa if side == 0 else sd
    own = ia if side == 0 else idd
    enemy = idd if side == 0 else ia
    table = own_arrays[LEAVE_NEXT] if kind == LEAVE else own_arrays[RETREAT_NEXT]
    return _joint(side, table[own, g], enemy, n_def)


@jit_inline
def _contribution(
    s: int,
    j: int,
    k_entry: int,
    values: Floats,
    n_def: int,
    first_round: int,
    sa: Arrays,
    sd: Arrays,
    tables: Arrays,
    escapes: bool,
    contrib: Floats,
    buf: Floats,
) -> None:
    """``contrib[j]``: value of the outcomes of the volley ``k_entry`` other than "nothing
    happened"."""
    ia = s // n_def
    idd = s - ia * n_def
    side = tables[T_SIDE][j]
    own_arrays = sa if side == 0 else sd
    own = ia if side == 0 else idd
    n_slots = values.shape[1]
    nxt = j + 1 if j + 1 < n_slots else first_round
    wrap = _wraps(j, n_slots, first_round)
    k_values = values.shape[2]
    start = tables[T_START]
    out_cand = tables[T_CAND]
    self_next = own_arrays[SELF_NEXT]
    probs = tables[T_PROB]
    selfs = tables[T_SELF]
    if k_values == 1:
        # P(attacker wins) only (no side decides retreats): no vectors to copy.
        acc = 0.0
        for o in range(start[k_entry], start[k_entry + 1]):
            own2 = self_next[own, selfs[o]]
            best = choose(
                values, side, own2, out_cand[o], out_cand[o + 1], nxt, first_round, n_def, sa,
                sd, tables, wrap,
            )  # fmt: skip
            acc += probs[o] * p_attacker(
                values, best, nxt, first_round, n_def, sa[IN_SECTOR], sd[IN_SECTOR], sa[ARMED],
                sd[ARMED],
            )  # fmt: skip
        contrib[j, 0] = acc
        return
    for k in range(k_values):
        contrib[j, k] = 0.0
    for o in range(start[k_entry], start[k_entry + 1]):
        own2 = self_next[own, selfs[o]]
        best = choose(
            values, side, own2, out_cand[o], out_cand[o + 1], nxt, first_round, n_def, sa, sd,
            tables, wrap,
        )  # fmt: skip
        _val(values, best, nxt, first_round, n_def, buf, sa, sd, escapes)
        p = probs[o]
        for k in range(k_values):
            contrib[j, k] += p * buf[k]


@jit
def solve_state(
    s: int,
    values: Floats,
    decisions: NDArray[np.bool_],
    n_def: int,
    first_round: int,
    sa: Arrays,
    sd: Arrays,
    tables: Arrays,
    modes: Ints,
    below: Floats,
    escapes: bool,
    kinds: Ints,
    cont: Floats,
    contrib: Floats,
    retreat: Floats,
    dec: Bools,
    a: Floats,
    b: Floats,
    fight: Floats,
    x: Floats,
    buf: Floats,
) -> float:
    """Recompute V(s, every slot) from the current values of its successors and record the
    retreat decisions; returns the largest change. Within the all-miss loop of an engagement
    round the decisions are found by policy iteration."""
    n_slots = values.shape[1]
    k_values = values.shape[2]
    ia = s // n_def
    idd = s - ia * n_def
    m = first_round
    for j in range(n_slots):
        kind, c, k_entry = _slot_info(s, j, n_slots, n_def, first_round, sa, sd, tables, modes)
        kinds[j] = kind
        cont[j] = c
        for k in range(k_values):
            contrib[j, k] = 0.0
        if k_entry >= 0:
            _contribution(
                s, j, k_entry, values, n_def, first_round, sa, sd, tables, escapes, contrib, buf
            )
        if kind in (LEAVE, ATTACK_OR_RETREAT, PASS_OR_RETREAT):
            nxt = j + 1 if j + 1 < n_slots else first_round
            target = _target_of(s, j, kind, n_def, sa, sd, tables)
            if _wraps(j, n_slots, first_round):
                target = _repaired(target, n_def, sa, sd)
            _val(values, target, nxt, first_round, n_def, retreat[j], sa, sd, escapes)
    stale = not sa[ARMED][ia] and not sd[ARMED][idd]
    change = 0.0
    if stale or m == n_slots:
        terminal(
            ia,
            idd,
            True,
            x,
            sa[IN_SECTOR],
            sd[IN_SECTOR],
            sa[KEPT],
            sd[KEPT],
            sa[SECTOR_VALUE],
            escapes,
        )
        for j in range(m, n_slots):
            decisions[s, j] = False
            for k in range(k_values):
                values[s, j, k] = x[k]
    else:
        repaired = sa[REPAIR][ia] * n_def + sd[REPAIR][idd]
        self_loop = repaired == s
        for j in range(m, n_slots):
            dec[j] = False
        last = n_slots - 1
        for _it in range(MAX_LOCAL_ITERATIONS):
            # a[j] + b[j] * x: the value at slot j, x the value at the start of the next round.
            for k in range(k_values):
                a[n_slots, k] = 0.0
            b[n_slots] = 1.0
            for j in range(last, m - 1, -1):
                kind = kinds[j]
                if kind == LEAVE or dec[j]:
                    for k in range(k_values):
                        a[j, k] = retreat[j, k]
                    b[j] = 0.0
                else:
                    c = cont[j]
                    for k in range(k_values):
                        a[j, k] = contrib[j, k] + c * a[j + 1, k]
                    b[j] = c * b[j + 1]
            if self_loop:
                for k in range(k_values):
                    x[k] = a[m, k] / (1.0 - b[m])
            else:
                _val(values, repaired, m, first_round, n_def, x, sa, sd, escapes)
            changed = False
            for j in range(m, n_slots):
                kind = kinds[j]
                if kind in (ATTACK_OR_RETREAT, PASS_OR_RETREAT):
                    side = tables[T_SIDE][j]
                    c = cont[j]
                    for k in range(k_values):
                        fight[k] = contrib[j, k] + c * (a[j + 1, k] + b[j + 1] * x[k])
                    want = retreat_better(fight, retreat[j], side, modes[side], below[side])
                    if want != dec[j]:
                        dec[j] = want
                        changed = True
            if not changed:
                break
        for j in range(m, n_slots):
            decisions[s, j] = dec[j]
            for k in range(k_values):
                v = a[j, k] + b[j] * x[k]
                d = abs(v - values[s, j, k])
                if d > change:
                    change = d
                values[s, j, k] = v
    for j in range(m - 1, -1, -1):
        c = cont[j]
        for k in range(k_values):
            after = values[s, j + 1, k] if j + 1 < n_slots else x[k]
            v = contrib[j, k] + c * after
            d = abs(v - values[s, j, k])
            if d > change:
                change = d
            values[s, j, k] = v
    return change


@jit
def backward(
    order: Ints,
    lo: int,
    hi: int,
    values: Floats,
    decisions: NDArray[np.bool_],
    n_def: int,
    first_round: int,
    sa: Arrays,
    sd: Arrays,
    tables: Arrays,
    modes: Ints,
    below: Floats,
    escapes: bool,
) -> float:
    """One sweep over ``order[lo:hi]`` (highest score first); returns the largest change."""
    n_slots = values.shape[1]
    kinds = np.zeros(n_slots, dtype=np.int64)
    cont = np.zeros(n_slots)
    contrib = np.zeros((n_slots, N_VALUES))
    retreat = np.zeros((n_slots, N_VALUES))
    dec = np.zeros(n_slots, dtype=np.bool_)
    a = np.zeros((n_slots + 1, N_VALUES))
    b = np.zeros(n_slots + 1)
    fight = np.zeros(N_VALUES)
    x = np.zeros(N_VALUES)
    buf = np.zeros(N_VALUES)
    change = 0.0
    for idx in range(lo, hi):
        s = order[idx]
        ia = s // n_def
        idd = s - ia * n_def
        if sa[IN_SECTOR][ia] == 0 or sd[IN_SECTOR][idd] == 0:
            continue
        c = solve_state(
            s, values, decisions, n_def, first_round, sa, sd, tables, modes, below, escapes,
            kinds, cont, contrib, retreat, dec, a, b, fight, x, buf,
        )  # fmt: skip
        if c > change:
            change = c
    return change


@jit_inline
def _push(
    target: int,
    slot: int,
    mass: float,
    inflow: Floats,
    end_mass: Floats,
    end_stale: Floats,
    n_def: int,
    first_round: int,
    sa: Arrays,
    sd: Arrays,
) -> None:
    ta = target // n_def
    td = target - ta * n_def
    if sa[IN_SECTOR][ta] == 0 or sd[IN_SECTOR][td] == 0:
        end_mass[target] += mass
    elif slot >= first_round and not sa[ARMED][ta] and not sd[ARMED][td]:
        end_stale[target] += mass
    else:
        inflow[target, slot] += mass


@jit
def forward(
    order: Ints,
    start: int,
    values: Floats,
    decisions: NDArray[np.bool_],
    inflow: Floats,
    end_mass: Floats,
    end_stale: Floats,
    n_def: int,
    first_round: int,
    sa: Arrays,
    sd: Arrays,
    tables: Arrays,
    modes: Ints,
    tolerance: float,
    max_sweeps: int,
) -> tuple[float, float]:
    """Push probability mass from ``start`` through the solved policy. Fills ``end_mass`` (a
    side has no ships in the sector) and ``end_stale`` (stalemate); returns the expected
    number of engagement rounds and the mass still in flight when it stopped (cyclic battles
    sweep until that is at most ``tolerance``)."""
    n_slots = values.shape[1]
    m = first_round
    kinds = np.zeros(n_slots, dtype=np.int64)
    entries = np.zeros(n_slots, dtype=np.int64)
    alpha = np.zeros(n_slots + 1)
    visits = np.zeros(n_slots)
    beta = np.zeros(n_slots + 1)
    gam = np.zeros(n_slots + 1)
    inflow[start, 0] = 1.0
    rounds = 0.0
    in_flight = 1.0
    start_o = tables[T_START]
    out_cand = tables[T_CAND]
    for _sweep in range(max_sweeps):
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
                kind, c, k_entry = _slot_info(
                    s, j, n_slots, n_def, first_round, sa, sd, tables, modes
                )
                kinds[j] = kind
                entries[j] = k_entry
                # Continuation of mass from slot j to j + 1.
                leaves = kind == LEAVE or (j >= m and decisions[s, j])
                alpha[j] = 0.0 if leaves else c
            for j in range(m):
                visits[j] = inflow[s, j] + (visits[j - 1] * alpha[j - 1] if j > 0 else 0.0)
                inflow[s, j] = 0.0
            carry = visits[m - 1] * alpha[m - 1] if m > 0 else 0.0
            stale = not sa[ARMED][ia] and not sd[ARMED][idd]
            if stale or m == n_slots:
                for j in range(m, n_slots):
                    carry += inflow[s, j]
                    inflow[s, j] = 0.0
                    visits[j] = 0.0
                end_stale[s] += carry
            else:
                repaired = sa[REPAIR][ia] * n_def + sd[REPAIR][idd]
                self_loop = repaired == s
                # visits[j] = beta[j] * X + gam[j], X = the visits at the start of the round.
                beta[m] = 1.0
                gam[m] = 0.0
                for j in range(m + 1, n_slots):
                    beta[j] = alpha[j - 1] * beta[j - 1]
                    gam[j] = inflow[s, j] + alpha[j - 1] * gam[j - 1]
                last = n_slots - 1
                incoming = carry + inflow[s, m]
                if self_loop:
                    xr = (incoming + alpha[last] * gam[last]) / (1.0 - alpha[last] * beta[last])
                else:
                    xr = incoming
                for j in range(m, n_slots):
                    visits[j] = beta[j] * xr + gam[j]
                    inflow[s, j] = 0.0
                rounds += xr
                if not self_loop:
                    # Mass that ends the round goes on from the repaired state.
                    left = visits[last] * alpha[last]
                    if left > 0.0:
                        inflow[repaired, m] += left
            for j in range(n_slots):
                v = visits[j]
                if v == 0.0:
                    continue
                kind = kinds[j]
                nxt = j + 1 if j + 1 < n_slots else first_round
                wrap = _wraps(j, n_slots, first_round)
                if kind == LEAVE or (j >= m and decisions[s, j]):
                    target = _target_of(s, j, kind, n_def, sa, sd, tables)
                    if wrap:
                        target = _repaired(target, n_def, sa, sd)
                    _push(target, nxt, v, inflow, end_mass, end_stale, n_def, first_round, sa, sd)
                    continue
                k_entry = entries[j]
                if k_entry < 0:
                    continue
                side = tables[T_SIDE][j]
                own_arrays = sa if side == 0 else sd
                own = ia if side == 0 else idd
                for o in range(start_o[k_entry], start_o[k_entry + 1]):
                    own2 = own_arrays[SELF_NEXT][own, tables[T_SELF][o]]
                    t = choose(
                        values, side, own2, out_cand[o], out_cand[o + 1], nxt, first_round,
                        n_def, sa, sd, tables, wrap,
                    )  # fmt: skip
                    mass = v * tables[T_PROB][o]
                    _push(t, nxt, mass, inflow, end_mass, end_stale, n_def, first_round, sa, sd)
        in_flight = 0.0
        for s2 in range(inflow.shape[0]):
            for j in range(n_slots):
                in_flight += inflow[s2, j]
        if in_flight <= tolerance:
            break
    return rounds, in_flight
