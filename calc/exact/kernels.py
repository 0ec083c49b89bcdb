"""Compiled loops of the exact solver (see ``calc.exact.solver`` for the method).

The helpers at the top are shared by every pass: the plain fast path
(``calc.exact.kernels_plain``), the general loops below (retreats, Morph Shields) and the
cyclic-block solve (``calc.exact.blocks``). They read the battle through one ``Rules`` value
(``calc.exact.tables``): per side, arrays indexed by side-state id; the volley tables in CSR form.

A state's value is a vector (``tables.Value``): P(attacker wins), the build value each side
keeps (ships that survive, in the sector or escaped) and P(defender wins). The firing side
assigns hits to maximise its objective (the attacker maximises P(attacker wins), the defender
minimises it); ties within ``TIE`` go to the lower expected build value of its own ships lost
(more kept), then the higher expected build value of the enemy's ships lost (less kept by the
enemy), then fewer enemy ships left, then more damage on them. Retreat decisions follow each
side's retreat rule.

**When a battle ends.** A side with no ship in the sector ends it at once. The stalemate rule
(``calc.rules.stalemate``) is judged at the start of every engagement round: at the slot
``first_round``, after the missiles and after the previous round's Morph Shield repair. The
repair happens at the end of a round of a battle still going on (both sides have ships in the
sector): a battle that ends on the last activation of a round ends unrepaired.
"""

from __future__ import annotations

import numpy as np

from calc._jit import jit, jit_inline
from calc.exact.tables import (
    N_VALUES,
    Bools,
    Floats,
    Ints,
    RetreatMode,
    Rules,
    SlotKind,
    Value,
)
from calc.rules.battle_state import Status
from calc.rules.stalemate import is_stalemate

TIE = 1e-12
"""Probabilities closer than this are ties, broken by the kept values."""
KEPT_TIE = 1e-9
"""Expected build values closer than this are ties (they are sums of costs, tens at most)."""
MAX_LOCAL_ITERATIONS = 64
"""Cap on the policy iteration of one state's retreat decisions within its all-miss round."""

P_A = Value.P_ATTACKER
P_D = Value.P_DEFENDER
KEPT_A = Value.KEPT_ATTACKER
KEPT_D = Value.KEPT_DEFENDER


# ----- states ------------------------------------------------------------------------------


@jit_inline
def split(r: Rules, joint: int) -> tuple[int, int]:
    """(attacker id, defender id) of a joint state."""
    ia = joint // r.n_def
    return ia, joint - ia * r.n_def


@jit_inline
def join(r: Rules, side: int, own: int, enemy: int) -> int:
    """The joint state of the firing ``side``'s state ``own`` and the enemy's ``enemy``."""
    return own * r.n_def + enemy if side == 0 else enemy * r.n_def + own


@jit_inline
def has_ended(r: Rules, ia: int, idd: int) -> bool:
    """A side has no ship left in the sector."""
    return bool(r.attacker.in_sector[ia] == 0 or r.defender.in_sector[idd] == 0)


@jit_inline
def stalemate_at(r: Rules, ia: int, idd: int) -> bool:
    """The stalemate rule on this state (to be judged at a round start only)."""
    a = r.attacker
    d = r.defender
    return bool(
        is_stalemate(a.round_damage[ia], a.toughness[ia], d.round_damage[idd], d.toughness[idd])
    )


@jit_inline
def ends_at(r: Rules, joint: int, slot: int) -> bool:
    """Whether the battle is over when it reaches ``joint`` before ``slot``."""
    ia, idd = split(r, joint)
    return has_ended(r, ia, idd) or (slot == r.first_round and stalemate_at(r, ia, idd))


@jit_inline
def next_slot(r: Rules, j: int) -> int:
    """The slot after ``j``: missiles run once, engagement slots wrap around."""
    return j + 1 if j + 1 < r.n_slots else r.first_round


@jit_inline
def wraps(r: Rules, j: int) -> bool:
    """Slot ``j`` is the last of an engagement round (the repair follows)."""
    return j == r.n_slots - 1 and r.first_round < r.n_slots


@jit_inline
def repaired(r: Rules, joint: int) -> int:
    """The joint state after the end-of-round Morph Shield repair, which happens only in a
    battle still going on."""
    ia, idd = split(r, joint)
    if has_ended(r, ia, idd):
        return joint
    return int(r.attacker.repair[ia] * r.n_def + r.defender.repair[idd])


# ----- values ------------------------------------------------------------------------------


@jit_inline
def terminal_into(r: Rules, ia: int, idd: int, stalemate: bool, out: Floats, k: int) -> None:
    """The value vector of a finished battle (its first ``k`` components, no slicing: a view
    would cost reference counting in the hot loops). A stalemate counts for the defender: the
    attacker's ships in the sector retreat if it can, else they are destroyed."""
    a = r.attacker
    d = r.defender
    if stalemate:
        out[P_A] = 0.0
        if k > 1:
            out[KEPT_A] = a.kept[ia] if r.escapes else a.kept[ia] - a.sector_value[ia]
            out[KEPT_D] = d.kept[idd]
        if k > 3:
            out[P_D] = 1.0
        return
    n_a = a.in_sector[ia]
    n_d = d.in_sector[idd]
    out[P_A] = 1.0 if (n_a > 0 and n_d == 0) else 0.0
    if k > 1:
        out[KEPT_A] = a.kept[ia]
        out[KEPT_D] = d.kept[idd]
    if k > 3:
        out[P_D] = 1.0 if (n_d > 0 and n_a == 0) else 0.0


@jit_inline
def lookup(values: Floats, r: Rules, joint: int, slot: int, out: Floats) -> bool:
    """Write V(joint, slot) into ``out[:K]`` (``K = values.shape[2]``); True if the battle is
    over there (a terminal or a stalemate value)."""
    ia, idd = split(r, joint)
    k = values.shape[2]
    if has_ended(r, ia, idd):
        terminal_into(r, ia, idd, False, out, k)
        return True
    if slot == r.first_round and stalemate_at(r, ia, idd):
        terminal_into(r, ia, idd, True, out, k)
        return True
    for c in range(k):
        out[c] = values[joint, slot, c]
    return False


@jit_inline
def prefer(
    score: float,
    own_kept: float,
    enemy_kept: float,
    enemy_alive: int,
    enemy_damage: int,
    best_score: float,
    best_own: float,
    best_enemy: float,
    best_alive: int,
    best_damage: int,
) -> bool:
    """Whether a candidate beats the best so far for the firing side: a higher score (its
    objective, up to ``TIE``), then more of its own build value kept, then less of the enemy's
    (both up to ``KEPT_TIE``), then fewer enemy ships left, then more damage on them."""
    if score > best_score + TIE:
        return True
    if score < best_score - TIE:
        return False
    if own_kept > best_own + KEPT_TIE:
        return True
    if own_kept < best_own - KEPT_TIE:
        return False
    if enemy_kept < best_enemy - KEPT_TIE:
        return True
    if enemy_kept > best_enemy + KEPT_TIE:
        return False
    if enemy_alive != best_alive:
        return enemy_alive < best_alive
    return enemy_damage > best_damage


@jit_inline
def choose(
    values: Floats,
    r: Rules,
    side: int,
    own2: int,
    lo: int,
    hi: int,
    nxt: int,
    wrap: bool,
    out: Floats,
    buf: Floats,
) -> int:
    """The firing side's best next joint state among the candidates ``lo:hi`` (see ``prefer``)
    and, in ``out``, its value at ``nxt``. With ``wrap`` the round ends, so a candidate is
    taken after the repair (``repaired``)."""
    cand = r.volleys.cand
    k = values.shape[2]
    if hi - lo == 1:
        joint = join(r, side, own2, cand[lo])
        if wrap:
            joint = repaired(r, joint)
        lookup(values, r, joint, nxt, out)
        return joint
    best_joint = -1
    best_score = 0.0
    best_own = 0.0
    best_enemy = 0.0
    best_alive = 0
    best_damage = 0
    for c in range(lo, hi):
        e2 = cand[c]
        joint = join(r, side, own2, e2)
        if wrap:
            joint = repaired(r, joint)
        lookup(values, r, joint, nxt, buf)
        if side == 0:
            score = buf[P_A]
            own_kept = buf[KEPT_A]
            enemy_kept = buf[KEPT_D]
        else:
            score = -buf[P_A]
            own_kept = buf[KEPT_D]
            enemy_kept = buf[KEPT_A]
        if side == 0:
            enemy_alive = r.defender.in_sector[e2]
            enemy_damage = r.defender.damage[e2]
        else:
            enemy_alive = r.attacker.in_sector[e2]
            enemy_damage = r.attacker.damage[e2]
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
    return best_joint


# ----- one side's facts (read field by field: choosing a whole ``SideTables`` by side would
# copy the tuple and count references on each of its arrays, in the hottest loops) ----------


@jit_inline
def self_next(r: Rules, side: int, own: int, points: int) -> int:
    """The firing side's state after ``points`` of rift self-damage."""
    if side == 0:
        return int(r.attacker.self_next[own, points])
    return int(r.defender.self_next[own, points])


@jit_inline
def group_fact(r: Rules, side: int, own: int, g: int) -> tuple[int, int, bool, bool]:
    """(living ships, status, armed, mobile) of group ``g`` of ``side`` in state ``own``."""
    if side == 0:
        t = r.attacker
        return t.group_alive[own, g], t.group_status[own, g], t.group_armed[g], t.group_mobile[g]
    t2 = r.defender
    return t2.group_alive[own, g], t2.group_status[own, g], t2.group_armed[g], t2.group_mobile[g]


# ----- slots -------------------------------------------------------------------------------


@jit_inline
def slot_info(r: Rules, s: int, j: int) -> tuple[int, float, int]:
    """What slot ``j`` of state ``s`` offers: (``SlotKind``, continuation probability when
    fighting or passing, volley entry index or -1)."""
    ia, idd = split(r, s)
    v = r.volleys
    side = v.slot_side[j]
    g = v.slot_group[j]
    own = ia if side == 0 else idd
    enemy = idd if side == 0 else ia
    n, status, armed, mobile = group_fact(r, side, own, g)
    if n == 0:
        return SlotKind.SKIP, 1.0, -1
    if status == Status.LEFT:
        return SlotKind.SKIP, 1.0, -1
    missiles = j < r.first_round
    if status == Status.RETREATING and not missiles:
        return SlotKind.LEAVE, 0.0, -1
    may_retreat = (not missiles) and r.modes[side] != RetreatMode.NEVER and mobile
    if not (missiles or armed):
        return (SlotKind.PASS_OR_RETREAT if may_retreat else SlotKind.SKIP), 1.0, -1
    entry = v.slot_base[j] + (n - 1) * v.slot_enemies[j] + enemy
    kind = SlotKind.ATTACK_OR_RETREAT if may_retreat else SlotKind.ATTACK
    return kind, v.entry_miss[entry], entry


@jit_inline
def target_of(r: Rules, s: int, j: int, kind: int) -> int:
    """The joint state reached by leaving (``LEAVE``) or by declaring a retreat, after the
    repair when ``j`` ends the round."""
    ia, idd = split(r, s)
    side = r.volleys.slot_side[j]
    g = r.volleys.slot_group[j]
    own = ia if side == 0 else idd
    enemy = idd if side == 0 else ia
    leave = kind == SlotKind.LEAVE
    if side == 0:
        nxt = r.attacker.leave_next[own, g] if leave else r.attacker.retreat_next[own, g]
    else:
        nxt = r.defender.leave_next[own, g] if leave else r.defender.retreat_next[own, g]
    target = join(r, side, nxt, enemy)
    return repaired(r, target) if wraps(r, j) else target


@jit_inline
def volley_value(
    values: Floats,
    r: Rules,
    s: int,
    j: int,
    entry: int,
    acc: Floats,
    row: int,
    out: Floats,
    buf: Floats,
) -> None:
    """``acc[row, :K]``: the value of the outcomes of volley ``entry`` other than "nothing
    happened", each with the firing side's best assignment."""
    ia, idd = split(r, s)
    v = r.volleys
    side = v.slot_side[j]
    own = ia if side == 0 else idd
    nxt = next_slot(r, j)
    wrap = wraps(r, j)
    k = values.shape[2]
    for q in range(k):
        acc[row, q] = 0.0
    for o in range(v.entry_start[entry], v.entry_start[entry + 1]):
        own2 = self_next(r, side, own, v.out_self[o])
        choose(values, r, side, own2, v.out_cand[o], v.out_cand[o + 1], nxt, wrap, out, buf)
        p = v.out_prob[o]
        for q in range(k):
            acc[row, q] += p * out[q]


@jit_inline
def objective(v: Floats, side: int, mode: int) -> float:
    """What a side's retreat rule compares: its P(win), or its kept value minus the other's."""
    if mode == RetreatMode.OPTIMAL_VALUE:
        if side == 0:
            return float(v[KEPT_A] - v[KEPT_D])
        return float(v[KEPT_D] - v[KEPT_A])
    return float(v[P_A] if side == 0 else v[P_D])


@jit_inline
def retreat_better(fight: Floats, retreat: Floats, side: int, mode: int, below: float) -> bool:
    """Whether the side's retreat rule picks retreating over fighting on (or passing)."""
    if mode == RetreatMode.NEVER:
        return False
    if mode == RetreatMode.THRESHOLD:
        p_win = fight[P_A] if side == 0 else fight[P_D]
        return bool(p_win < below)
    return objective(retreat, side, mode) > objective(fight, side, mode) + TIE


# ----- the general loops: one state at a time (no Morph Shield damage that can vary) --------


@jit
def solve_state(
    s: int,
    values: Floats,
    decisions: Bools,
    r: Rules,
    kinds: Ints,
    cont: Floats,
    contrib: Floats,
    retreat: Floats,
    dec: Bools,
    a: Floats,
    b: Floats,
    fight: Floats,
    x: Floats,
    out: Floats,
    buf: Floats,
) -> None:
    """V(s, every slot) from the values of its successors, with the retreat decisions. The
    only successor of ``s`` not solved yet is ``s`` itself (the all-miss round, with the
    repair changing nothing): each engagement slot's value is ``a[j] + b[j] * x``, ``x`` the
    value at the next round start, solved in closed form; the retreat decisions within the
    round are found by policy iteration."""
    n_slots = r.n_slots
    k_values = values.shape[2]
    m = r.first_round
    for j in range(n_slots):
        kind, c, entry = slot_info(r, s, j)
        kinds[j] = kind
        cont[j] = c
        for q in range(k_values):
            contrib[j, q] = 0.0
        if entry >= 0:
            volley_value(values, r, s, j, entry, contrib, j, out, buf)
        if (
            kind == SlotKind.LEAVE
            or kind == SlotKind.ATTACK_OR_RETREAT
            or (kind == SlotKind.PASS_OR_RETREAT)
        ):
            lookup(values, r, target_of(r, s, j, kind), next_slot(r, j), retreat[j])
    ia, idd = split(r, s)
    stale = stalemate_at(r, ia, idd)
    if m < n_slots:
        after_round = repaired(r, s)
        self_loop = after_round == s
        for j in range(m, n_slots):
            dec[j] = False
        last = n_slots - 1
        for _it in range(MAX_LOCAL_ITERATIONS):
            # a[j] + b[j] * x: the value at slot j, x the value at the start of the next round.
            for q in range(k_values):
                a[n_slots, q] = 0.0
            b[n_slots] = 1.0
            for j in range(last, m - 1, -1):
                if kinds[j] == SlotKind.LEAVE or dec[j]:
                    for q in range(k_values):
                        a[j, q] = retreat[j, q]
                    b[j] = 0.0
                else:
                    c = cont[j]
                    for q in range(k_values):
                        a[j, q] = contrib[j, q] + c * a[j + 1, q]
                    b[j] = c * b[j + 1]
            if self_loop and stale:
                terminal_into(r, ia, idd, True, x, k_values)
            elif self_loop:
                for q in range(k_values):
                    x[q] = a[m, q] / (1.0 - b[m])
            else:
                lookup(values, r, after_round, m, x)
            changed = False
            for j in range(m, n_slots):
                kind = kinds[j]
                if kind == SlotKind.ATTACK_OR_RETREAT or kind == SlotKind.PASS_OR_RETREAT:
                    side = r.volleys.slot_side[j]
                    c = cont[j]
                    for q in range(k_values):
                        fight[q] = contrib[j, q] + c * (a[j + 1, q] + b[j + 1] * x[q])
                    want = retreat_better(fight, retreat[j], side, r.modes[side], r.below[side])
                    if want != dec[j]:
                        dec[j] = want
                        changed = True
            if not changed:
                break
        for j in range(m, n_slots):
            decisions[s, j] = dec[j]
            for q in range(k_values):
                values[s, j, q] = a[j, q] + b[j] * x[q]
        if stale:
            # Never read (a round start here is a stalemate), kept consistent.
            decisions[s, m] = False
            terminal_into(r, ia, idd, True, values[s, m], k_values)
    # Missile slots: a chain into the first round start.
    if m == n_slots or stale:
        terminal_into(r, ia, idd, True, x, k_values)
    else:
        for q in range(k_values):
            x[q] = values[s, m, q]
    for j in range(m - 1, -1, -1):
        c = cont[j]
        for q in range(k_values):
            after = values[s, j + 1, q] if j + 1 < m else x[q]
            values[s, j, q] = contrib[j, q] + c * after


@jit
def backward(
    order: Ints, lo: int, hi: int, values: Floats, decisions: Bools, r: Rules, skip: Bools
) -> None:
    """Solve the states ``order[lo:hi]`` (highest score first) one at a time, except those
    marked in ``skip`` (indexed by position in ``order``: the cyclic blocks, solved by
    ``calc.exact.blocks``)."""
    n_slots = r.n_slots
    kinds = np.zeros(n_slots, dtype=np.int64)
    cont = np.zeros(n_slots)
    contrib = np.zeros((n_slots, N_VALUES))
    retreat = np.zeros((n_slots, N_VALUES))
    dec = np.zeros(n_slots, dtype=np.bool_)
    a = np.zeros((n_slots + 1, N_VALUES))
    b = np.zeros(n_slots + 1)
    fight = np.zeros(N_VALUES)
    x = np.zeros(N_VALUES)
    out = np.zeros(N_VALUES)
    buf = np.zeros(N_VALUES)
    for idx in range(lo, hi):
        s = order[idx]
        ia, idd = split(r, s)
        if has_ended(r, ia, idd) or skip[idx]:
            continue
        solve_state(
            s, values, decisions, r, kinds, cont, contrib, retreat, dec, a, b, fight, x, out, buf
        )


@jit_inline
def push(
    r: Rules,
    target: int,
    slot: int,
    mass: float,
    inflow: Floats,
    end_mass: Floats,
    end_stale: Floats,
) -> None:
    """Send probability mass to (target, slot): an end state, a stalemate or the inflow."""
    ta, td = split(r, target)
    if has_ended(r, ta, td):
        end_mass[target] += mass
    elif slot == r.first_round and stalemate_at(r, ta, td):
        end_stale[target] += mass
    else:
        inflow[target, slot] += mass


@jit_inline
def push_slot(
    values: Floats,
    decisions: Bools,
    r: Rules,
    s: int,
    j: int,
    kind: int,
    entry: int,
    mass: float,
    inflow: Floats,
    end_mass: Floats,
    end_stale: Floats,
    out: Floats,
    buf: Floats,
) -> None:
    """Send the mass that leaves slot ``j`` of ``s`` other than by "nothing happened": the
    retreat (or departure) target, or every outcome of the volley."""
    nxt = next_slot(r, j)
    if kind == SlotKind.LEAVE or (j >= r.first_round and decisions[s, j]):
        push(r, target_of(r, s, j, kind), nxt, mass, inflow, end_mass, end_stale)
        return
    if entry < 0:
        return
    ia, idd = split(r, s)
    v = r.volleys
    side = v.slot_side[j]
    own = ia if side == 0 else idd
    wrap = wraps(r, j)
    for o in range(v.entry_start[entry], v.entry_start[entry + 1]):
        own2 = self_next(r, side, own, v.out_self[o])
        t = choose(values, r, side, own2, v.out_cand[o], v.out_cand[o + 1], nxt, wrap, out, buf)
        push(r, t, nxt, mass * v.out_prob[o], inflow, end_mass, end_stale)


@jit
def forward(
    order: Ints,
    lo: int,
    hi: int,
    values: Floats,
    decisions: Bools,
    inflow: Floats,
    end_mass: Floats,
    end_stale: Floats,
    r: Rules,
    skip: Bools,
) -> float:
    """Push probability mass through the states ``order[lo:hi]`` (lowest score first, so
    ``hi - 1`` down to ``lo``), except those marked in ``skip``. Fills ``end_mass`` (a side has
    no ships in the sector) and ``end_stale`` (stalemate); returns the expected number of
    engagement rounds started in these states."""
    n_slots = r.n_slots
    m = r.first_round
    kinds = np.zeros(n_slots, dtype=np.int64)
    entries = np.zeros(n_slots, dtype=np.int64)
    alpha = np.zeros(n_slots + 1)
    visits = np.zeros(n_slots)
    beta = np.zeros(n_slots + 1)
    gam = np.zeros(n_slots + 1)
    out = np.zeros(N_VALUES)
    buf = np.zeros(N_VALUES)
    rounds = 0.0
    for idx in range(hi - 1, lo - 1, -1):
        if skip[idx]:
            continue
        s = order[idx]
        total_in = 0.0
        for j in range(n_slots):
            total_in += inflow[s, j]
        if total_in == 0.0:
            continue
        ia, idd = split(r, s)
        for j in range(n_slots):
            kind, c, entry = slot_info(r, s, j)
            kinds[j] = kind
            entries[j] = entry
            # Continuation of mass from slot j to j + 1.
            leaves = kind == SlotKind.LEAVE or (j >= m and decisions[s, j])
            alpha[j] = 0.0 if leaves else c
        for j in range(m):
            visits[j] = inflow[s, j] + (visits[j - 1] * alpha[j - 1] if j > 0 else 0.0)
            inflow[s, j] = 0.0
        carry = visits[m - 1] * alpha[m - 1] if m > 0 else 0.0
        stale = stalemate_at(r, ia, idd)
        if m == n_slots:
            end_stale[s] += carry
        else:
            incoming = carry + inflow[s, m]
            if stale:
                # No round starts here; mass that arrived mid-round plays its round out.
                end_stale[s] += incoming
                incoming = 0.0
            after_round = repaired(r, s)
            self_loop = after_round == s
            # visits[j] = beta[j] * X + gam[j], X = the visits at the start of the round.
            beta[m] = 1.0
            gam[m] = 0.0
            for j in range(m + 1, n_slots):
                beta[j] = alpha[j - 1] * beta[j - 1]
                gam[j] = inflow[s, j] + alpha[j - 1] * gam[j - 1]
            last = n_slots - 1
            if self_loop and not stale:
                xr = (incoming + alpha[last] * gam[last]) / (1.0 - alpha[last] * beta[last])
            else:
                xr = incoming
            for j in range(m, n_slots):
                visits[j] = beta[j] * xr + gam[j]
                inflow[s, j] = 0.0
            rounds += xr
            if not (self_loop and not stale):
                # Mass that ends the round goes on from the repaired state.
                left = visits[last] * alpha[last]
                if left > 0.0:
                    push(r, after_round, m, left, inflow, end_mass, end_stale)
        for j in range(n_slots):
            if visits[j] != 0.0 and not (j >= m and m == n_slots):
                push_slot(
                    values, decisions, r, s, j, kinds[j], entries[j], visits[j],
                    inflow, end_mass, end_stale, out, buf,
                )  # fmt: skip
    return rounds
