"""Compiled loops of the exact solver (see ``calc.exact.solver`` for the method).

The helpers at the top are shared by every pass: the plain fast path
(``calc.exact.kernels_plain``), the general loops below (retreats, Morph Shields) and the
cyclic-block solve (``calc.exact.blocks``). They read the battle through the packed tables of
``calc.exact.tables`` (``PackedTables``: both sides' per-state facts indexed by side first, the
volley tables in CSR form) and its scalars (``Shape``).

**Why each helper takes a few arrays and a side.** numba inlines these helpers and increments
and decrements an atomic reference count for every array bound to an inlined helper's
parameters; it drops the pairs only when it can prove them useless, which it cannot when a
tuple of many arrays is passed down (as the whole ``Rules`` once was: the general loops ran 2.3
times slower) or one side's array is picked by an ``if``. So the top-level loops unpack the
tables into local arrays once, the helpers take the arrays they read and the side index, and
nothing in a loop over candidates binds a tuple of arrays. To check a change, compile into an
empty ``NUMBA_CACHE_DIR`` and count ``NRT_incref`` in ``backward.inspect_llvm(signature)``
outside its entry block (``benchmarks/kernel_increfs.py``).

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

from calc._jit import jit_inline, jit_numpy_errors
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
    RetreatMode,
    Shape,
    SlotKind,
    SlotRow,
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
ATTACKER = 0
DEFENDER = 1


# ----- states ------------------------------------------------------------------------------


@jit_inline
def split(shape: Shape, joint: int) -> tuple[int, int]:
    """(attacker id, defender id) of a joint state."""
    ia = joint // shape.n_def
    return ia, joint - ia * shape.n_def


@jit_inline
def join(shape: Shape, side: int, own: int, enemy: int) -> int:
    """The joint state of the firing ``side``'s state ``own`` and the enemy's ``enemy``."""
    return own * shape.n_def + enemy if side == ATTACKER else enemy * shape.n_def + own


@jit_inline
def has_ended(ints: Ints, ia: int, idd: int) -> bool:
    """A side has no ship left in the sector."""
    return bool(
        ints[ATTACKER, IntRow.IN_SECTOR, ia] == 0 or ints[DEFENDER, IntRow.IN_SECTOR, idd] == 0
    )


@jit_inline
def stalemate_at(ints: Ints, ia: int, idd: int) -> bool:
    """The stalemate rule on this state (to be judged at a round start only)."""
    return bool(
        is_stalemate(
            ints[ATTACKER, IntRow.ROUND_DAMAGE, ia],
            ints[ATTACKER, IntRow.TOUGHNESS, ia],
            ints[DEFENDER, IntRow.ROUND_DAMAGE, idd],
            ints[DEFENDER, IntRow.TOUGHNESS, idd],
        )
    )


@jit_inline
def next_slot(shape: Shape, j: int) -> int:
    """The slot after ``j``: missiles run once, engagement slots wrap around."""
    return j + 1 if j + 1 < shape.n_slots else shape.first_round


@jit_inline
def wraps(shape: Shape, j: int) -> bool:
    """Slot ``j`` is the last of an engagement round (the repair follows)."""
    return j == shape.n_slots - 1 and shape.first_round < shape.n_slots


@jit_inline
def repaired(ints: Ints, shape: Shape, joint: int) -> int:
    """The joint state after the end-of-round Morph Shield repair, which happens only in a
    battle still going on."""
    ia, idd = split(shape, joint)
    if has_ended(ints, ia, idd):
        return joint
    return int(ints[ATTACKER, IntRow.REPAIR, ia] * shape.n_def + ints[DEFENDER, IntRow.REPAIR, idd])


# ----- values ------------------------------------------------------------------------------


@jit_inline
def terminal_component(
    n_a: int, n_d: int, kept_a: float, kept_d: float, lost: float, stalemate: bool, c: int
) -> float:
    """Component ``c`` of the value vector of a finished battle, from scalars: ships in the
    sector (``n_a``, ``n_d``), build values kept (``kept_a``, ``kept_d``) and what the attacker
    loses in a stalemate (``lost``: its ships in the sector, 0 if it can retreat). A stalemate
    counts for the defender: the attacker's ships in the sector retreat if it can, else they
    are destroyed. Scalars only: a helper that binds no array costs no reference counting."""
    if c == P_A:
        return 1.0 if (not stalemate and n_a > 0 and n_d == 0) else 0.0
    if c == KEPT_A:
        return kept_a - lost if stalemate else kept_a
    if c == KEPT_D:
        return kept_d
    return 1.0 if (stalemate or (n_d > 0 and n_a == 0)) else 0.0


@jit_inline
def terminal_into(
    ints: Ints,
    floats: Floats,
    shape: Shape,
    ia: int,
    idd: int,
    stalemate: bool,
    out: Floats,
    k: int,
) -> None:
    """The value vector of a finished battle (``terminal_component``) into its first ``k``
    components, no slicing: a view would cost reference counting in the hot loops."""
    n_a = ints[ATTACKER, IntRow.IN_SECTOR, ia]
    n_d = ints[DEFENDER, IntRow.IN_SECTOR, idd]
    kept_a = floats[ATTACKER, FloatRow.KEPT, ia]
    kept_d = floats[DEFENDER, FloatRow.KEPT, idd]
    lost = 0.0 if shape.escapes else floats[ATTACKER, FloatRow.SECTOR_VALUE, ia]
    for c in range(k):
        out[c] = terminal_component(n_a, n_d, kept_a, kept_d, lost, stalemate, c)


@jit_inline
def lookup(
    values: Floats, ints: Ints, floats: Floats, shape: Shape, joint: int, slot: int, out: Floats
) -> bool:
    """Write V(joint, slot) into ``out[:K]`` (``K = values.shape[2]``); True if the battle is
    over there (a side has no ship in the sector, or a stalemate at a round start).

    It runs per candidate assignment, so it is written for numba's reference counting: every
    array is read on every path, before one loop that writes ``out``, and only scalars are
    chosen by a branch. A branch that reads an array on one path only, or returns early, leaves
    the counting of the arrays bound to this helper's parameters in the caller's loop."""
    ia, idd = split(shape, joint)
    n_a = ints[ATTACKER, IntRow.IN_SECTOR, ia]
    n_d = ints[DEFENDER, IntRow.IN_SECTOR, idd]
    stale_here = stalemate_at(ints, ia, idd)
    kept_a = floats[ATTACKER, FloatRow.KEPT, ia]
    kept_d = floats[DEFENDER, FloatRow.KEPT, idd]
    lost = 0.0 if shape.escapes else floats[ATTACKER, FloatRow.SECTOR_VALUE, ia]
    ended = n_a == 0 or n_d == 0
    stalemate = (not ended) and slot == shape.first_round and stale_here
    over = ended or stalemate
    # After the missiles of a battle with no engagement slot, ``slot`` is ``n_slots``: the
    # battle is over there, so any row in range may be read (and is discarded).
    row = min(slot, values.shape[1] - 1)
    for c in range(values.shape[2]):
        v = values[joint, row, c]
        if over:
            v = terminal_component(n_a, n_d, kept_a, kept_d, lost, stalemate, c)
        out[c] = v
    return over


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
    ints: Ints,
    floats: Floats,
    cand: Ints,
    shape: Shape,
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
    k = values.shape[2]
    if hi - lo == 1:
        joint = join(shape, side, own2, cand[lo])
        if wrap:
            joint = repaired(ints, shape, joint)
        lookup(values, ints, floats, shape, joint, nxt, out)
        return joint
    enemy = 1 - side
    best_joint = -1
    best_score = 0.0
    best_own = 0.0
    best_enemy = 0.0
    best_alive = 0
    best_damage = 0
    for c in range(lo, hi):
        e2 = cand[c]
        joint = join(shape, side, own2, e2)
        if wrap:
            joint = repaired(ints, shape, joint)
        lookup(values, ints, floats, shape, joint, nxt, buf)
        if side == ATTACKER:
            score = buf[P_A]
            own_kept = buf[KEPT_A]
            enemy_kept = buf[KEPT_D]
        else:
            score = -buf[P_A]
            own_kept = buf[KEPT_D]
            enemy_kept = buf[KEPT_A]
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
    return best_joint


# ----- slots -------------------------------------------------------------------------------


@jit_inline
def slot_info(
    groups: Ints, flags: Bools, slots: Ints, entry_miss: Floats, shape: Shape, s: int, j: int
) -> tuple[int, float, int]:
    """What slot ``j`` of state ``s`` offers: (``SlotKind``, continuation probability when
    fighting or passing, volley entry index or -1)."""
    ia, idd = split(shape, s)
    side = slots[SlotRow.SIDE, j]
    g = slots[SlotRow.GROUP, j]
    own = ia if side == ATTACKER else idd
    enemy = idd if side == ATTACKER else ia
    n = groups[side, GroupRow.ALIVE, own, g]
    if n == 0:
        return SlotKind.SKIP, 1.0, -1
    status = groups[side, GroupRow.STATUS, own, g]
    if status == Status.LEFT:
        return SlotKind.SKIP, 1.0, -1
    missiles = j < shape.first_round
    if status == Status.RETREATING and not missiles:
        return SlotKind.LEAVE, 0.0, -1
    may_retreat = (not missiles) and flags[side, FlagRow.DECLARES_RETREATS, g]
    if not (missiles or flags[side, FlagRow.ARMED, g]):
        return (SlotKind.PASS_OR_RETREAT if may_retreat else SlotKind.SKIP), 1.0, -1
    entry = slots[SlotRow.BASE, j] + (n - 1) * slots[SlotRow.ENEMIES, j] + enemy
    kind = SlotKind.ATTACK_OR_RETREAT if may_retreat else SlotKind.ATTACK
    return kind, entry_miss[entry], entry


@jit_inline
def target_of(
    ints: Ints, groups: Ints, slots: Ints, shape: Shape, s: int, j: int, kind: int
) -> int:
    """The joint state reached by leaving (``LEAVE``) or by declaring a retreat, after the
    repair when ``j`` ends the round."""
    ia, idd = split(shape, s)
    side = slots[SlotRow.SIDE, j]
    g = slots[SlotRow.GROUP, j]
    own = ia if side == ATTACKER else idd
    enemy = idd if side == ATTACKER else ia
    if kind == SlotKind.LEAVE:
        nxt = groups[side, GroupRow.LEAVE_NEXT, own, g]
    else:
        nxt = groups[side, GroupRow.RETREAT_NEXT, own, g]
    target = join(shape, side, nxt, enemy)
    return repaired(ints, shape, target) if wraps(shape, j) else target


@jit_inline
def firing_state(slots: Ints, shape: Shape, s: int, j: int) -> tuple[int, int]:
    """(firing side of slot ``j``, its own state id in joint state ``s``)."""
    ia, idd = split(shape, s)
    side = slots[SlotRow.SIDE, j]
    return side, (ia if side == ATTACKER else idd)


@jit_inline
def volley_value(
    values: Floats,
    ints: Ints,
    floats: Floats,
    self_next: Ints,
    slots: Ints,
    entry_start: Ints,
    out_prob: Floats,
    out_self: Ints,
    out_cand: Ints,
    cand: Ints,
    shape: Shape,
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
    side, own = firing_state(slots, shape, s, j)
    nxt = next_slot(shape, j)
    wrap = wraps(shape, j)
    k = values.shape[2]
    for q in range(k):
        acc[row, q] = 0.0
    for o in range(entry_start[entry], entry_start[entry + 1]):
        own2 = self_next[side, own, out_self[o]]
        choose(
            values, ints, floats, cand, shape, side, own2, out_cand[o], out_cand[o + 1], nxt,
            wrap, out, buf,
        )  # fmt: skip
        p = out_prob[o]
        for q in range(k):
            acc[row, q] += p * out[q]


@jit_inline
def objective(v: Floats, side: int, mode: int) -> float:
    """What a side's retreat rule compares: its P(win), or its kept value minus the other's."""
    if mode == RetreatMode.OPTIMAL_VALUE:
        if side == ATTACKER:
            return float(v[KEPT_A] - v[KEPT_D])
        return float(v[KEPT_D] - v[KEPT_A])
    return float(v[P_A] if side == ATTACKER else v[P_D])


@jit_inline
def retreat_better(fight: Floats, retreat: Floats, side: int, mode: int, below: float) -> bool:
    """Whether the side's retreat rule picks retreating over fighting on (or passing)."""
    if mode == RetreatMode.NEVER:
        return False
    if mode == RetreatMode.THRESHOLD:
        p_win = fight[P_A] if side == ATTACKER else fight[P_D]
        return bool(p_win < below)
    return objective(retreat, side, mode) > objective(fight, side, mode) + TIE


# ----- the round algebra shared by the general and the plain loops --------------------------


@jit_inline
def arrived(inflow: Floats, s: int, n_slots: int) -> float:
    """The probability mass waiting at state ``s``, over all its slots."""
    total = 0.0
    for j in range(n_slots):
        total += inflow[s, j]
    return total


@jit_inline
def missile_visits(inflow: Floats, s: int, m: int, cont: Floats, visits: Floats) -> float:
    """Push the mass waiting at the missile slots ``0:m`` of ``s`` along their all-miss chain
    (``cont[j]``: the mass going on from slot ``j``; the waiting mass is taken): ``visits[j]``
    for ``j < m``; returns the mass that reaches the first round start."""
    for j in range(m):
        visits[j] = inflow[s, j] + (visits[j - 1] * cont[j - 1] if j > 0 else 0.0)
        inflow[s, j] = 0.0
    return visits[m - 1] * cont[m - 1] if m > 0 else 0.0


@jit_inline
def missile_values(
    values: Floats, s: int, m: int, contrib: Floats, cont: Floats, start: Floats
) -> None:
    """V(s, j) of the missile slots ``0:m``, last first: the value of the volley's outcomes
    (``contrib[j]``) plus the all-miss chain (``cont[j]``) into the next slot, the first round
    start's value being ``start``."""
    for j in range(m - 1, -1, -1):
        c = cont[j]
        for q in range(values.shape[2]):
            after = values[s, j + 1, q] if j + 1 < m else start[q]
            values[s, j, q] = contrib[j, q] + c * after


# ----- the general loops: one state at a time (no Morph Shield damage that can vary) --------


@jit_numpy_errors
def backward(
    order: Ints,
    lo: int,
    hi: int,
    values: Floats,
    decisions: Bools,
    t: PackedTables,
    shape: Shape,
    skip: Bools,
) -> None:
    """Solve the states ``order[lo:hi]`` (highest score first) one at a time, except those
    marked in ``skip`` (indexed by position in ``order``: the cyclic blocks, solved by
    ``calc.exact.blocks``).

    V(s, every slot) comes from the values of its successors, with the retreat decisions. The
    only successor of ``s`` not solved yet is ``s`` itself (the all-miss round, with the repair
    changing nothing): each engagement slot's value is ``a[j] + b[j] * x``, ``x`` the value at
    the next round start, solved in closed form; the retreat decisions within the round are
    found by policy iteration. (One state's solve is written out in this loop rather than in a
    helper: binding the tables to a helper's parameters per state would count references.)"""
    ints, floats, groups, flags, self_next, modes, below, slots = t[:8]
    entry_miss, entry_start, out_prob, out_self, out_cand, cand = t[8:]
    n_slots = shape.n_slots
    m = shape.first_round
    k_values = values.shape[2]
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
        ia, idd = split(shape, s)
        if has_ended(ints, ia, idd) or skip[idx]:
            continue
        for j in range(n_slots):
            kind, c, entry = slot_info(groups, flags, slots, entry_miss, shape, s, j)
            kinds[j] = kind
            cont[j] = c
            for q in range(k_values):
                contrib[j, q] = 0.0
            if entry >= 0:
                volley_value(
                    values, ints, floats, self_next, slots, entry_start, out_prob, out_self,
                    out_cand, cand, shape, s, j, entry, contrib, j, out, buf,
                )  # fmt: skip
            if (
                kind == SlotKind.LEAVE
                or kind == SlotKind.ATTACK_OR_RETREAT
                or kind == SlotKind.PASS_OR_RETREAT
            ):
                target = target_of(ints, groups, slots, shape, s, j, kind)
                lookup(values, ints, floats, shape, target, next_slot(shape, j), buf)
                for q in range(k_values):
                    retreat[j, q] = buf[q]
        stale = stalemate_at(ints, ia, idd)
        if m < n_slots:
            after_round = repaired(ints, shape, s)
            self_loop = after_round == s
            for j in range(m, n_slots):
                dec[j] = False
            last = n_slots - 1
            for _it in range(MAX_LOCAL_ITERATIONS):
                # a[j] + b[j] * x: the value at slot j, x the value at the next round start.
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
                    terminal_into(ints, floats, shape, ia, idd, True, x, k_values)
                elif self_loop:
                    for q in range(k_values):
                        x[q] = a[m, q] / (1.0 - b[m])
                else:
                    lookup(values, ints, floats, shape, after_round, m, x)
                changed = False
                for j in range(m, n_slots):
                    kind = kinds[j]
                    if kind == SlotKind.ATTACK_OR_RETREAT or kind == SlotKind.PASS_OR_RETREAT:
                        side = slots[SlotRow.SIDE, j]
                        c = cont[j]
                        for q in range(k_values):
                            fight[q] = contrib[j, q] + c * (a[j + 1, q] + b[j + 1] * x[q])
                        for q in range(k_values):
                            buf[q] = retreat[j, q]
                        want = retreat_better(fight, buf, side, modes[side], below[side])
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
                terminal_into(ints, floats, shape, ia, idd, True, buf, k_values)
                for q in range(k_values):
                    values[s, m, q] = buf[q]
        # Missile slots: a chain into the first round start.
        if m == n_slots or stale:
            terminal_into(ints, floats, shape, ia, idd, True, x, k_values)
        else:
            for q in range(k_values):
                x[q] = values[s, m, q]
        missile_values(values, s, m, contrib, cont, x)


@jit_inline
def push(
    ints: Ints,
    shape: Shape,
    target: int,
    slot: int,
    mass: float,
    inflow: Floats,
    end_mass: Floats,
    end_stale: Floats,
) -> None:
    """Send probability mass to (target, slot): an end state, a stalemate or the inflow."""
    ta, td = split(shape, target)
    if has_ended(ints, ta, td):
        end_mass[target] += mass
    elif slot == shape.first_round and stalemate_at(ints, ta, td):
        end_stale[target] += mass
    else:
        inflow[target, slot] += mass


@jit_inline
def push_volley(
    values: Floats,
    ints: Ints,
    floats: Floats,
    self_next: Ints,
    slots: Ints,
    entry_start: Ints,
    out_prob: Floats,
    out_self: Ints,
    out_cand: Ints,
    cand: Ints,
    shape: Shape,
    s: int,
    j: int,
    entry: int,
    mass: float,
    inflow: Floats,
    end_mass: Floats,
    end_stale: Floats,
    out: Floats,
    buf: Floats,
) -> None:
    """Send the mass of every outcome of volley ``entry`` other than "nothing happened" (at
    slot ``j`` of ``s``) to the state the firing side's best assignment reaches."""
    side, own = firing_state(slots, shape, s, j)
    nxt = next_slot(shape, j)
    wrap = wraps(shape, j)
    for o in range(entry_start[entry], entry_start[entry + 1]):
        own2 = self_next[side, own, out_self[o]]
        target = choose(
            values, ints, floats, cand, shape, side, own2, out_cand[o], out_cand[o + 1], nxt,
            wrap, out, buf,
        )  # fmt: skip
        push(ints, shape, target, nxt, mass * out_prob[o], inflow, end_mass, end_stale)


@jit_numpy_errors
def forward(
    order: Ints,
    lo: int,
    hi: int,
    values: Floats,
    decisions: Bools,
    inflow: Floats,
    end_mass: Floats,
    end_stale: Floats,
    t: PackedTables,
    shape: Shape,
    skip: Bools,
) -> float:
    """Push probability mass through the states ``order[lo:hi]`` (lowest score first, so
    ``hi - 1`` down to ``lo``), except those marked in ``skip``. Fills ``end_mass`` (a side has
    no ships in the sector) and ``end_stale`` (stalemate); returns the expected number of
    engagement rounds started in these states."""
    ints, floats, groups, flags, self_next, _, _, slots = t[:8]
    entry_miss, entry_start, out_prob, out_self, out_cand, cand = t[8:]
    n_slots = shape.n_slots
    m = shape.first_round
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
        if arrived(inflow, s, n_slots) == 0.0:
            continue
        ia, idd = split(shape, s)
        for j in range(n_slots):
            kind, c, entry = slot_info(groups, flags, slots, entry_miss, shape, s, j)
            kinds[j] = kind
            entries[j] = entry
            # Continuation of mass from slot j to j + 1.
            leaves = kind == SlotKind.LEAVE or (j >= m and decisions[s, j])
            alpha[j] = 0.0 if leaves else c
        carry = missile_visits(inflow, s, m, alpha, visits)
        stale = stalemate_at(ints, ia, idd)
        if m == n_slots:
            end_stale[s] += carry
        else:
            incoming = carry + inflow[s, m]
            if stale:
                # No round starts here; mass that arrived mid-round plays its round out.
                end_stale[s] += incoming
                incoming = 0.0
            after_round = repaired(ints, shape, s)
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
                    push(ints, shape, after_round, m, left, inflow, end_mass, end_stale)
        for j in range(n_slots):
            v = visits[j]
            if v == 0.0 or (j >= m and m == n_slots):
                continue
            kind = kinds[j]
            if kind == SlotKind.LEAVE or (j >= m and decisions[s, j]):
                target = target_of(ints, groups, slots, shape, s, j, kind)
                push(ints, shape, target, next_slot(shape, j), v, inflow, end_mass, end_stale)
            elif entries[j] >= 0:
                push_volley(
                    values, ints, floats, self_next, slots, entry_start, out_prob, out_self,
                    out_cand, cand, shape, s, j, entries[j], v, inflow, end_mass, end_stale,
                    out, buf,
                )  # fmt: skip
    return rounds
