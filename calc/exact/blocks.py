"""Cyclic blocks of the battle graph (Morph Shields), each solved as a linear system.

**Why blocks.** No transition lowers a state's *coarse score*, its damage score without the
damage on Morph Shield ships (``SideTables.coarse``): hits add damage or destroy ships, statuses
and flags only go up, rift self-damage adds damage. Only a hit on a Morph ship that destroys
nothing and the end-of-round repair keep the coarse score, and both keep everything but the
damage on the Morph ships. So the states of one coarse score fall into *blocks* (same ships,
statuses and flags, Morph damage anywhere) with transitions between them only towards higher
coarse scores: processing the coarse scores from the highest down is a topological order of
the condensed graph. States without Morph ships whose damage can vary are blocks of one state,
solved one at a time as before (``calc.exact.kernels``); the others of one coarse score, a few
independent blocks, are solved here together as one sparse linear system.

**Policy iteration.** The unknowns are V(state, engagement slot) for the block's states. With
the policy fixed (the candidate each outcome's ``choose`` picks and the retreat decisions, read
from the current values), the values satisfy ``A x = rhs``: a row per unknown, ``-p`` towards
each successor inside the block, the values of successors outside it (solved already) on the
right. ``scipy.sparse`` solves it; one Gauss-Seidel Bellman sweep over the block then improves
the policy and checks convergence; this repeats until a sweep changes nothing beyond
``POLICY_TOLERANCE``. A singular system (a policy under which the battle never ends) or a policy
that keeps changing falls back to value iteration, counted in the solver statistics. The
missile slots of the block's states come last (they only lead forward into the first round).

**Forward.** With the policy fixed the visits of the block's unknowns solve ``A^T v = inflow``
(the mass that arrived from outside the block); the mass leaving the block is then pushed on,
and the expected number of rounds gains the visits at round starts.

**Compile time and calls.** ``bellman`` runs per (state, engagement slot) of a block, for the
policy of the system and for the sweep: it is inlined at one site, the loop of
``bellman_pass``, which does a whole block per call (inlined into two kernels it made them half
of a fresh warm-up's compile time; called per (state, slot), binding the tables per call cost
reference counting every time). ``volley_targets`` is compiled once and called from the
system and the exits, per volley.

scipy is imported here, inside the functions, so a plain battle never loads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from calc._jit import jit_inline, jit_numpy_errors
from calc.deadline import Deadline
from calc.errors import TooLargeError
from calc.exact.kernels import (
    choose,
    firing_state,
    lookup,
    next_slot,
    push,
    push_volley,
    repaired,
    retreat_better,
    slot_info,
    split,
    stalemate_at,
    target_of,
    terminal_into,
    volley_value,
    wraps,
)
from calc.exact.tables import (
    N_VALUES,
    Bools,
    FloatRow,
    Floats,
    Ints,
    PackedTables,
    Shape,
    SlotKind,
    SlotRow,
)

MAX_POLICY_ITERATIONS = 50
"""Policy improvements per block before it falls back to value iteration."""
POLICY_TOLERANCE = 1e-13
"""A Bellman sweep that changes no value more than this (relative to the value's scale) has
confirmed the policy."""
MAX_SWEEPS = 200_000
"""Cap on the value-iteration sweeps of a block that fell back."""
CONVERGENCE = 1e-13
"""Largest change of a value-iteration sweep at which a fallen-back block stops."""


@dataclass
class BlockReport:
    """Work of the block solve, for ``SolverStats``."""

    direct: int = 0
    """Cyclic blocks (one coarse score's) solved as linear systems."""
    fallbacks: int = 0
    """Blocks solved by value iteration (singular system or no stable policy)."""
    sweeps: int = 0
    """The most Bellman sweeps any block took."""


# ----- compiled pieces (the tables unpacked once per call, as in ``calc.exact.kernels``) ---


@jit_inline
def bellman(
    values: Floats, t: PackedTables, shape: Shape, s: int, j: int, out: Floats, fight: Floats,
    ret: Floats, buf: Floats, buf2: Floats,
) -> bool:  # fmt: skip
    """The Bellman value of (s, j) from the current values, into ``out`` (``fight`` is a
    ``(1, N_VALUES)`` work row); True if the retreat is chosen. Inlined at one site, the loop
    of ``bellman_pass``."""
    ints = t.ints
    floats = t.floats
    k = values.shape[2]
    ia, idd = split(shape, s)
    if j == shape.first_round and stalemate_at(ints, ia, idd):
        terminal_into(ints, floats, shape, ia, idd, True, out, k)
        return False
    kind, c, entry = slot_info(t.groups, t.flags, t.slots, t.entry_miss, shape, s, j)
    nxt = next_slot(shape, j)
    if kind == SlotKind.LEAVE:
        lookup(
            values,
            ints,
            floats,
            shape,
            target_of(ints, t.groups, t.slots, shape, s, j, kind),
            nxt,
            out,
        )
        return False
    if entry >= 0:
        volley_value(
            values, ints, floats, t.self_next, t.slots, t.entry_start, t.out_prob, t.out_self,
            t.out_cand, t.cand, shape, s, j, entry, fight, 0, buf, buf2,
        )  # fmt: skip
    else:
        for q in range(k):
            fight[0, q] = 0.0
    if c > 0.0:
        stay = repaired(ints, shape, s) if wraps(shape, j) else s
        lookup(values, ints, floats, shape, stay, nxt, buf)
        for q in range(k):
            fight[0, q] += c * buf[q]
    if kind == SlotKind.ATTACK_OR_RETREAT or kind == SlotKind.PASS_OR_RETREAT:
        target = target_of(ints, t.groups, t.slots, shape, s, j, kind)
        lookup(values, ints, floats, shape, target, nxt, ret)
        side = t.slots[SlotRow.SIDE, j]
        for q in range(k):
            buf[q] = fight[0, q]
        if retreat_better(buf, ret, side, t.modes[side], t.below[side]):
            for q in range(k):
                out[q] = ret[q]
            return True
    for q in range(k):
        out[q] = fight[0, q]
    return False


@jit_numpy_errors
def bellman_pass(
    values: Floats,
    decisions: Bools,
    t: PackedTables,
    shape: Shape,
    states: Ints,
    scale: Floats,
    write: bool | np.bool_,
) -> float:
    """The Bellman update of the block's engagement slots, last slot first, and the retreat
    decisions it picks (into ``decisions``). With ``write`` it is one Gauss-Seidel sweep: each
    value is replaced at once (later slots and states read it) and the largest change is
    returned, each component relative to ``scale``. Without, it only reads the values, to fix
    the policy of ``block_system``, and returns 0.

    One call covers the whole block, so the tables are bound once per block rather than once
    per (state, slot), and ``bellman`` has this one inlined site (inlined twice, it cost compile
    time; called per (state, slot), its arguments cost reference counting per call)."""
    k = values.shape[2]
    out = np.zeros(N_VALUES)
    fight = np.zeros((1, N_VALUES))
    ret = np.zeros(N_VALUES)
    buf = np.zeros(N_VALUES)
    buf2 = np.zeros(N_VALUES)
    change = 0.0
    for b in range(states.shape[0]):
        s = states[b]
        for j in range(shape.n_slots - 1, shape.first_round - 1, -1):
            decisions[s, j] = bellman(values, t, shape, s, j, out, fight, ret, buf, buf2)
            if write:
                for q in range(k):
                    d = abs(out[q] - values[s, j, q]) / scale[q]
                    if d > change:
                        change = d
                    values[s, j, q] = out[q]
    return change


@jit_inline
def add_term(
    values: Floats, ints: Ints, floats: Floats, shape: Shape, local: Ints, u: int, target: int,
    slot: int, p: float, rows: Ints, cols: Ints, coefs: Floats, rhs: Floats, nnz: int,
    buf: Floats,
) -> int:  # fmt: skip
    """Row ``u`` gains ``p * V(target, slot)``: a matrix entry if that is an unknown of the
    block, else a known value on the right. Returns the new entry count."""
    ia, idd = split(shape, target)
    m = shape.first_round
    e = shape.n_slots - m
    if local[target] >= 0 and not (slot == m and stalemate_at(ints, ia, idd)):
        rows[nnz] = u
        cols[nnz] = local[target] * e + slot - m
        coefs[nnz] = -p
        return nnz + 1
    lookup(values, ints, floats, shape, target, slot, buf)
    for q in range(values.shape[2]):
        rhs[u, q] += p * buf[q]
    return nnz


@jit_numpy_errors
def volley_targets(
    values: Floats, ints: Ints, floats: Floats, self_next: Ints, slots: Ints, entry_start: Ints,
    out_prob: Floats, out_self: Ints, out_cand: Ints, cand: Ints, shape: Shape, s: int, j: int,
    entry: int, targets: Ints, probs: Floats, buf: Floats, buf2: Floats,
) -> int:  # fmt: skip
    """Where volley ``entry`` (slot ``j`` of ``s``) leads: for each outcome other than "nothing
    happened", the joint state the firing side's best assignment reaches (after the repair
    when ``j`` ends the round) into ``targets``, its probability into ``probs``; returns how
    many. The block's system and its exits both read a volley this way."""
    side, own = firing_state(slots, shape, s, j)
    nxt = next_slot(shape, j)
    wrap = wraps(shape, j)
    n = 0
    for o in range(entry_start[entry], entry_start[entry + 1]):
        own2 = self_next[side, own, out_self[o]]
        targets[n] = choose(
            values, ints, floats, cand, shape, side, own2, out_cand[o], out_cand[o + 1], nxt,
            wrap, buf, buf2,
        )  # fmt: skip
        probs[n] = out_prob[o]
        n += 1
    return n


@jit_numpy_errors
def block_system(
    values: Floats,
    decisions: Bools,
    t: PackedTables,
    shape: Shape,
    states: Ints,
    local: Ints,
    rows: Ints,
    cols: Ints,
    coefs: Floats,
    rhs: Floats,
    targets: Ints,
    probs: Floats,
) -> int:
    """Triplets of ``A`` and the right-hand side for the policy the current values pick
    (``bellman_pass`` stores it in ``decisions`` first); returns the number of triplets.
    ``targets`` and ``probs`` are work space for ``volley_targets`` (one entry per outcome of
    the largest volley)."""
    ints, floats, groups, _, self_next, _, _, slots, _ = t[:9]
    entry_start, out_prob, out_self, out_cand, cand = t[9:]
    m = shape.first_round
    e = shape.n_slots - m
    k = values.shape[2]
    buf = np.zeros(N_VALUES)
    buf2 = np.zeros(N_VALUES)
    # Only reads (so ``buf`` stands in for the unused scale); np.bool_, because a constant
    # False would be typed as a literal and compile a second signature of ``bellman_pass``.
    bellman_pass(values, decisions, t, shape, states, buf, np.bool_(False))
    nnz = 0
    for b in range(states.shape[0]):
        s = states[b]
        ia, idd = split(shape, s)
        for j in range(m, shape.n_slots):
            u = b * e + j - m
            rows[nnz] = u
            cols[nnz] = u
            coefs[nnz] = 1.0
            nnz += 1
            for q in range(k):
                rhs[u, q] = 0.0
            if j == m and stalemate_at(ints, ia, idd):
                terminal_into(ints, floats, shape, ia, idd, True, buf, k)
                for q in range(k):
                    rhs[u, q] = buf[q]
                continue
            dec = decisions[s, j]
            kind, c, entry = slot_info(groups, t.flags, slots, t.entry_miss, shape, s, j)
            nxt = next_slot(shape, j)
            if kind == SlotKind.LEAVE or dec:
                target = target_of(ints, groups, slots, shape, s, j, kind)
                nnz = add_term(
                    values, ints, floats, shape, local, u, target, nxt, 1.0, rows, cols, coefs,
                    rhs, nnz, buf,
                )  # fmt: skip
                continue
            if entry >= 0:
                n_out = volley_targets(
                    values, ints, floats, self_next, slots, entry_start, out_prob, out_self,
                    out_cand, cand, shape, s, j, entry, targets, probs, buf, buf2,
                )  # fmt: skip
                for o in range(n_out):
                    nnz = add_term(
                        values, ints, floats, shape, local, u, targets[o], nxt, probs[o], rows,
                        cols, coefs, rhs, nnz, buf,
                    )  # fmt: skip
            if c > 0.0:
                stay = repaired(ints, shape, s) if wraps(shape, j) else s
                nnz = add_term(
                    values, ints, floats, shape, local, u, stay, nxt, c, rows, cols, coefs, rhs,
                    nnz, buf,
                )  # fmt: skip
    return nnz


@jit_numpy_errors
def block_missiles(values: Floats, t: PackedTables, shape: Shape, states: Ints) -> None:
    """The missile slots of the block's states, last slot first (each leads to the next)."""
    ints = t.ints
    floats = t.floats
    k = values.shape[2]
    acc = np.zeros((1, N_VALUES))
    out = np.zeros(N_VALUES)
    buf = np.zeros(N_VALUES)
    for j in range(shape.first_round - 1, -1, -1):
        for b in range(states.shape[0]):
            s = states[b]
            _, c, entry = slot_info(t.groups, t.flags, t.slots, t.entry_miss, shape, s, j)
            if entry >= 0:
                volley_value(
                    values, ints, floats, t.self_next, t.slots, t.entry_start, t.out_prob,
                    t.out_self, t.out_cand, t.cand, shape, s, j, entry, acc, 0, out, buf,
                )  # fmt: skip
            else:
                for q in range(k):
                    acc[0, q] = 0.0
            lookup(values, ints, floats, shape, s, j + 1, buf)
            for q in range(k):
                values[s, j, q] = acc[0, q] + c * buf[q]


@jit_numpy_errors
def block_forward_missiles(
    values: Floats,
    t: PackedTables,
    shape: Shape,
    states: Ints,
    inflow: Floats,
    end_mass: Floats,
    end_stale: Floats,
) -> None:
    """Push the mass at the block's missile slots, first slot first (no retreat is declared
    and no group leaves at a missile slot)."""
    ints = t.ints
    out = np.zeros(N_VALUES)
    buf = np.zeros(N_VALUES)
    for j in range(shape.first_round):
        for b in range(states.shape[0]):
            s = states[b]
            mass = inflow[s, j]
            if mass == 0.0:
                continue
            inflow[s, j] = 0.0
            _, c, entry = slot_info(t.groups, t.flags, t.slots, t.entry_miss, shape, s, j)
            if entry >= 0:
                push_volley(
                    values, ints, t.floats, t.self_next, t.slots, t.entry_start, t.out_prob,
                    t.out_self, t.out_cand, t.cand, shape, s, j, entry, mass, inflow, end_mass,
                    end_stale, out, buf,
                )  # fmt: skip
            if c > 0.0:
                push(ints, shape, s, j + 1, mass * c, inflow, end_mass, end_stale)


@jit_inline
def send_out(
    ints: Ints, shape: Shape, local: Ints, target: int, slot: int, mass: float, inflow: Floats,
    end_mass: Floats, end_stale: Floats,
) -> None:  # fmt: skip
    """Push mass that leaves the block (flows inside it are the solve's)."""
    ia, idd = split(shape, target)
    if local[target] >= 0 and not (slot == shape.first_round and stalemate_at(ints, ia, idd)):
        return
    push(ints, shape, target, slot, mass, inflow, end_mass, end_stale)


@jit_numpy_errors
def block_exits(
    values: Floats,
    decisions: Bools,
    t: PackedTables,
    shape: Shape,
    states: Ints,
    local: Ints,
    visits: Floats,
    inflow: Floats,
    end_mass: Floats,
    end_stale: Floats,
    targets: Ints,
    probs: Floats,
) -> float:
    """Push the mass leaving the block from its unknowns' ``visits``; returns the visits at
    round starts (engagement rounds played). ``targets`` and ``probs``: as in
    ``block_system``."""
    ints, floats, groups, _, self_next, _, _, slots, _ = t[:9]
    entry_start, out_prob, out_self, out_cand, cand = t[9:]
    m = shape.first_round
    e = shape.n_slots - m
    out = np.zeros(N_VALUES)
    buf = np.zeros(N_VALUES)
    rounds = 0.0
    for b in range(states.shape[0]):
        s = states[b]
        ia, idd = split(shape, s)
        for j in range(m, shape.n_slots):
            mass = visits[b * e + j - m]
            if mass == 0.0:
                continue
            if j == m and stalemate_at(ints, ia, idd):
                end_stale[s] += mass
                continue
            if j == m:
                rounds += mass
            kind, c, entry = slot_info(groups, t.flags, slots, t.entry_miss, shape, s, j)
            nxt = next_slot(shape, j)
            if kind == SlotKind.LEAVE or decisions[s, j]:
                target = target_of(ints, groups, slots, shape, s, j, kind)
                send_out(ints, shape, local, target, nxt, mass, inflow, end_mass, end_stale)
                continue
            if entry >= 0:
                n_out = volley_targets(
                    values, ints, floats, self_next, slots, entry_start, out_prob, out_self,
                    out_cand, cand, shape, s, j, entry, targets, probs, out, buf,
                )  # fmt: skip
                for o in range(n_out):
                    p = mass * probs[o]
                    send_out(ints, shape, local, targets[o], nxt, p, inflow, end_mass, end_stale)
            if c > 0.0:
                stay = repaired(ints, shape, s) if wraps(shape, j) else s
                send_out(ints, shape, local, stay, nxt, mass * c, inflow, end_mass, end_stale)
    return rounds


# ----- the block solve ---------------------------------------------------------------------


class BlockSolver:
    """Solves the cyclic blocks of one battle, backward then forward (see module doc)."""

    def __init__(
        self,
        values: Floats,
        decisions: Bools,
        tables: PackedTables,
        shape: Shape,
        n_joint: int,
        max_outcomes: int,
        deadline: Deadline | None,
    ) -> None:
        self.values = values
        self.decisions = decisions
        self.tables = tables
        self.shape = shape
        self.deadline = deadline
        self.local = np.full(n_joint, -1, dtype=np.int64)
        self.max_outcomes = max_outcomes
        self.targets = np.zeros(max(1, max_outcomes), dtype=np.int64)
        self.probs = np.zeros(max(1, max_outcomes), dtype=np.float64)
        k = values.shape[2]
        # Probabilities are at most 1; build values at most everything on the board.
        top = max(1.0, float(tables.floats[:, FloatRow.KEPT].max(initial=0.0)))
        self.scale = np.array([1.0, top, top, 1.0][:k], dtype=np.float64)
        self.report = BlockReport()

    def _system(self, states: Ints) -> tuple[Any, Floats]:
        from scipy.sparse import csc_matrix

        e = self.shape.n_slots - self.shape.first_round
        u = len(states) * e
        cap = u * (2 + self.max_outcomes)
        rows = np.empty(cap, dtype=np.int64)
        cols = np.empty(cap, dtype=np.int64)
        coefs = np.empty(cap, dtype=np.float64)
        rhs = np.zeros((u, self.values.shape[2]), dtype=np.float64)
        nnz = block_system(
            self.values, self.decisions, self.tables, self.shape, states, self.local, rows, cols,
            coefs, rhs, self.targets, self.probs,
        )  # fmt: skip
        matrix = csc_matrix((coefs[:nnz], (rows[:nnz], cols[:nnz])), shape=(u, u))
        return matrix, rhs

    def _check_time(self) -> None:
        if self.deadline is not None:
            self.deadline.check("the exact solver")

    def backward(self, states: Ints) -> None:
        """Solve the values of one coarse score's cyclic states."""
        m, n = self.shape.first_round, self.shape.n_slots
        self.local[states] = np.arange(len(states))
        try:
            if n > m:
                self._policy_iteration(states)
            block_missiles(self.values, self.tables, self.shape, states)
        finally:
            self.local[states] = -1

    def _policy_iteration(self, states: Ints) -> None:
        m, n, k = self.shape.first_round, self.shape.n_slots, self.values.shape[2]
        slots = np.arange(m, n)
        for iteration in range(1, MAX_POLICY_ITERATIONS + 1):
            matrix, rhs = self._system(states)
            x = _solve(matrix, rhs)
            if x is None:
                break
            self.values[states[:, None], slots[None, :], :] = x.reshape(len(states), n - m, k)
            change = bellman_pass(
                self.values, self.decisions, self.tables, self.shape, states, self.scale, True
            )
            self.report.sweeps = max(self.report.sweeps, iteration)
            self._check_time()
            if change <= POLICY_TOLERANCE:
                self.report.direct += 1
                return
        self._value_iteration(states)

    def _value_iteration(self, states: Ints) -> None:
        self.report.fallbacks += 1
        for sweep in range(1, MAX_SWEEPS + 1):
            change = bellman_pass(
                self.values, self.decisions, self.tables, self.shape, states, self.scale, True
            )
            if change < CONVERGENCE:
                self.report.sweeps = max(self.report.sweeps, sweep)
                return
            if sweep % 256 == 0:
                self._check_time()
        raise TooLargeError(
            f"value iteration of a cyclic block did not converge in {MAX_SWEEPS:,} sweeps"
        )

    def forward(self, states: Ints, inflow: Floats, end_mass: Floats, end_stale: Floats) -> float:
        """Push the mass through one coarse score's cyclic states; returns the rounds played."""
        m, n = self.shape.first_round, self.shape.n_slots
        block_forward_missiles(
            self.values, self.tables, self.shape, states, inflow, end_mass, end_stale
        )
        if n == m:
            return 0.0
        self.local[states] = np.arange(len(states))
        try:
            matrix, _ = self._system(states)
            arrived = inflow[states, m:].ravel().copy()
            inflow[states, m:] = 0.0
            visits = _solve(matrix.T.tocsc(), arrived)
            if visits is None:
                visits = _iterate_visits(matrix, arrived)
            return float(
                block_exits(
                    self.values,
                    self.decisions,
                    self.tables,
                    self.shape,
                    states,
                    self.local,
                    visits.ravel(),
                    inflow,
                    end_mass,
                    end_stale,
                    self.targets,
                    self.probs,
                )
            )
        finally:
            self.local[states] = -1


def _solve(matrix: Any, rhs: Floats) -> Floats | None:
    """``matrix^-1 rhs`` by sparse LU, or None if the matrix is singular (or so badly
    conditioned that the solution does not satisfy the system)."""
    from scipy.sparse.linalg import splu

    try:
        x = splu(matrix).solve(rhs)
    except RuntimeError:
        return None
    if not np.all(np.isfinite(x)):
        return None
    residual = np.abs(matrix @ x - rhs).max(initial=0.0)
    if residual > 1e-9 * max(1.0, float(np.abs(rhs).max(initial=0.0))):
        return None
    return np.asarray(x, dtype=np.float64)


def _iterate_visits(matrix: Any, arrived: Floats) -> Floats:
    """Visits by iterating ``v = arrived + (I - A)^T v`` (for a singular block): converges
    when the battle leaves the block; raises when mass stays in it for ever."""
    transposed = matrix.T.tocsr()
    v = arrived.copy()
    for _ in range(MAX_SWEEPS):
        nxt = arrived + v - transposed @ v
        if np.abs(nxt - v).max(initial=0.0) < 1e-16:
            return np.asarray(nxt, dtype=np.float64)
        v = nxt
    raise TooLargeError("probability still in flight in a cyclic block after the sweeps")
