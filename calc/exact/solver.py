"""The exact battle solver: backward induction over battle states, then a forward pass.

**States.** A state holds, for every ship type (group) of both sides, how many of its living
ships have each amount of damage (``calc.rules.battle_state``). Together with the *firing slot*
(whose activation is next) it determines the future. Each side's states are enumerated and
numbered; a battle state is a pair of numbers.

**Slots.** Missile slots come first: every type with missiles fires once, in initiative order
(the defender first on ties; on one side the larger type first). Then engagement slots cycle,
in the same order, over the types with cannons, until one side has no ships left. A type with
no living ships is skipped.

**Volleys.** The outcomes of one activation are enumerated as multinomial counts of
(die colour x reach), never as sequences of dice (``calc.rules.dice.volley_outcomes``). Hits are
assigned by the firing side's policy: ``optimal`` considers every distinct resulting state and
takes the best for the firing side (the attacker maximises, the defender minimises, the
attacker's probability of winning; ties below); ``npc`` and ``greedy`` follow
``calc.rules.targeting``. Because a volley changes only the enemy (and rift self-damage the
firing side), the outcomes and their candidate states are tabulated once per (slot, ships
firing, enemy state) in Python (``calc.exact.tables.VolleyTables``), and the compiled loops of
``calc.exact.kernels`` combine them over all battle states.

**The all-miss loop and the stalemate rule.** Every outcome except "nothing happened" adds
damage, so without Morph Shields states form a directed acyclic graph ordered by a damage score,
apart from the self-loop of a whole engagement round in which every volley misses. Writing each
slot's value as ``a + b * V(start of round)`` along the all-miss chain gives
``V = a / (1 - b)`` in closed form. At the start of every engagement round (after the missiles
and after the previous round's repair) the stalemate rule of ``calc.rules.stalemate`` is
judged: neither side can ever destroy a ship of the other. A stalemate counts for the defender;
its attacker retreats if it can, else its ships in the sector are destroyed.

**Morph Shields** repair damage at the end of each round of a battle still going on, which
makes the graph cyclic: ``calc.exact.blocks`` orders the states by a coarse score that no
transition lowers and solves each cyclic block as a sparse linear system by policy iteration
(exact to rounding, in a few solves instead of thousands of value-iteration sweeps).

**Retreats.** A side that decides retreats (``Side.retreats``) gives each ship type that can
move (not starbases and orbitals: ``battle_state.can_retreat``) a retreat decision at its
engagement activations, taken by the side's retreat rule; declared, the type still is a target
until it leaves at its next activation.

**Ties.** Under ``optimal`` play the firing side maximises its probability of winning; among
assignments within 1e-12 of the best it takes the lower expected build value of its own ships
lost, then the higher expected build value of the enemy's ships lost, then fewer enemy ships
left, then more damage on them (``calc.exact.kernels.prefer``). So results do not depend on the
order in which assignments were enumerated. The plain path carries the two kept values for this
only when a side plays optimally.

**Forward pass.** With the policy fixed, probability mass flows from the initial state in
topological order (the all-miss loop again in closed form, cyclic blocks by one linear solve
each), giving the distribution of end states: who won, survivors per group, materials lost,
reputation draws, expected rounds.

The simple solver in ``tests.calc.exact_reference`` computes the same numbers one state at a time
and is the test oracle of this one.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from calc._jit import compiled_for
from calc.battle.model import (
    DEFAULT_STATE_BUDGET,
    Battle,
    Policy,
    RetreatObjective,
    RetreatPolicy,
    Side,
)
from calc.battle.result import BattleResult, Method, SolverStats
from calc.deadline import Deadline, deadline_of
from calc.errors import BattleError, TooLargeError
from calc.exact.blocks import BlockReport, BlockSolver
from calc.exact.kernels import backward, forward
from calc.exact.kernels_plain import backward as plain_backward
from calc.exact.kernels_plain import forward as plain_forward
from calc.exact.side_space import SideSpace
from calc.exact.tables import (
    N_VALUES,
    TIE_VALUES,
    RetreatMode,
    Rules,
    SideTables,
    VolleyTables,
    pack,
    shape_of,
)
from calc.outcomes import battle_result
from calc.rules.accounting import EndState
from calc.rules.assignment import all_assignments, hit_reading, rule_assignment
from calc.rules.battle_state import (
    ATTACKER,
    DEFENDER,
    LEFT,
    FullSideState,
    SideSpec,
    Slot,
    decides_retreats,
    engagement_order,
    estimate_states,
    needs_general_loops,
)
from calc.rules.dice import hit_threshold, volley_outcomes
from calc.rules.targeting import UNREACHABLE

MEMORY_BUDGET_BYTES = 1_500_000_000
"""Cap on the value and mass tables (see ``state_slot_bytes``)."""
MAX_CANDIDATES = 40_000_000
"""Cap on tabulated candidate next states (int64 each: 320 MB)."""
CHUNKS = 20
"""Pieces of the backward pass between progress reports and time-budget checks."""


@dataclass(frozen=True, slots=True)
class Tables:
    """The volley tables and what the solver reports and sizes from them."""

    volleys: VolleyTables
    outcomes: int
    max_self: tuple[int, int]
    max_outcomes: int
    """The most outcomes of one entry (sizes the block systems)."""


def build_tables(
    spaces: tuple[SideSpace, SideSpace],
    specs: tuple[SideSpec, SideSpec],
    slots: tuple[Slot, ...],
    policies: tuple[Policy, Policy],
    splitters: tuple[bool, bool],
    *,
    deadline: Deadline | None = None,
    max_candidates: int = MAX_CANDIDATES,
) -> Tables:
    """Tabulate every volley's outcomes per (slot, ships firing, enemy state).

    Ships that have left the sector cannot be hit. Raises ``TooLargeError`` past ``deadline``
    or when the candidates would exceed ``max_candidates``.
    """
    slot_side, slot_group, slot_base, slot_enemies = [], [], [], []
    entry_miss: list[float] = []
    entry_start: list[int] = [0]
    out_prob: list[float] = []
    out_self: list[int] = []
    out_cand: list[int] = [0]
    cand: list[int] = []
    max_self = [0, 0]
    max_outcomes = 0
    cache: dict[tuple[int, int, bool], int] = {}
    for slot in slots:
        side, enemy = slot.side, 1 - slot.side
        own_spec, enemy_space = specs[side], spaces[enemy]
        slot_side.append(side)
        slot_group.append(slot.group)
        slot_enemies.append(len(enemy_space))
        key = (side, slot.group, slot.missiles)
        if key in cache:
            slot_base.append(cache[key])
            continue
        base = len(entry_miss)
        cache[key] = base
        slot_base.append(base)
        stats = own_spec.stats[slot.group]
        per_ship = stats.missiles if slot.missiles else stats.cannons
        splitter = splitters[side] and not slot.missiles
        policy = policies[side]
        enemy_spec = specs[enemy]
        ranks = enemy_spec.sizes if policy is Policy.NPC else enemy_spec.threats
        for n in range(1, own_spec.counts[slot.group] + 1):
            dice = per_ship * n
            for groups, statuses, flags in enemy_space.states:
                needs = tuple(
                    hit_threshold(stats.computer, s.shield)
                    if sum(counts) and st != LEFT
                    else UNREACHABLE
                    for s, counts, st in zip(enemy_spec.stats, groups, statuses, strict=True)
                )
                thresholds = tuple(sorted({t for t in needs if t != UNREACHABLE}))
                miss = 0.0
                for outcome, p in volley_outcomes(dice, thresholds, splitter):
                    if outcome.is_miss:
                        miss += p
                        continue
                    if policy is Policy.OPTIMAL:
                        results = all_assignments(groups, outcome.hits, needs, enemy_spec.hulls)
                    else:
                        results = (
                            rule_assignment(
                                groups, outcome.hits, needs, enemy_spec.hulls, ranks,
                                hit_reading(own_spec.side),
                            ),
                        )  # fmt: skip
                    cand.extend(enemy_space.id_of(r, statuses, flags) for r in results)
                    out_cand.append(len(cand))
                    out_prob.append(p)
                    out_self.append(outcome.self_damage)
                    max_self[side] = max(max_self[side], outcome.self_damage)
                entry_miss.append(miss)
                entry_start.append(len(out_prob))
                max_outcomes = max(max_outcomes, entry_start[-1] - entry_start[-2])
                if len(cand) > max_candidates:
                    raise TooLargeError(
                        f"more than {max_candidates:,} candidate assignments to tabulate"
                    )
                if deadline is not None:
                    deadline.check("tabulating the volleys")
    volleys = VolleyTables(
        slot_side=np.array(slot_side, dtype=np.int64),
        slot_group=np.array(slot_group, dtype=np.int64),
        slot_base=np.array(slot_base, dtype=np.int64),
        slot_enemies=np.array(slot_enemies, dtype=np.int64),
        entry_miss=np.array(entry_miss, dtype=np.float64),
        entry_start=np.array(entry_start, dtype=np.int64),
        out_prob=np.array(out_prob, dtype=np.float64),
        out_self=np.array(out_self, dtype=np.int64),
        out_cand=np.array(out_cand, dtype=np.int64),
        cand=np.array(cand, dtype=np.int64),
    )
    return Tables(volleys, len(out_prob), (max_self[0], max_self[1]), max_outcomes)


def plain_value_count(sides: Iterable[Side]) -> int:
    """Components of a plain battle's value vector: P(attacker wins) alone, or also the two
    kept values when a side plays optimally (they break its ties)."""
    return TIE_VALUES if any(s.policy is Policy.OPTIMAL for s in sides) else 1


def state_slot_bytes(general_loops: bool, values: int = N_VALUES) -> int:
    """Bytes the solver's tables take per (battle state, slot): ``values`` float64 values, a
    decision flag and the forward pass's inflow. The memory budget is checked with this before
    anything is allocated."""
    return (N_VALUES if general_loops else values) * 8 + 1 + 8


def retreat_mode(side: Side) -> RetreatMode:
    """The kernels' code for a side's retreat rule."""
    if not decides_retreats(side):
        return RetreatMode.NEVER
    if side.retreat.policy is RetreatPolicy.THRESHOLD:
        return RetreatMode.THRESHOLD
    if side.retreat.objective is RetreatObjective.WIN:
        return RetreatMode.OPTIMAL_WIN
    return RetreatMode.OPTIMAL_VALUE


@dataclass(frozen=True, slots=True)
class Solution:
    """The end-state distribution of one battle and the work it took."""

    ends: tuple[EndState, ...]
    rounds: float
    stats: SolverStats


class ExactSolver:
    """Tabulate, solve backward, push mass forward (see module doc)."""

    def __init__(
        self,
        battle: Battle,
        *,
        state_budget: int = DEFAULT_STATE_BUDGET,
        progress: Callable[[float], None] | None = None,
        time_budget: float | None = None,
        wall_budget: float | None = None,
        deadline: Deadline | None = None,
        general: bool = False,
    ) -> None:
        """``time_budget`` is in seconds of this process's CPU time, ``wall_budget`` the
        wall-clock ceiling (``calc.deadline``), both counted from ``solution()``; a caller with
        a larger computation passes its own ``deadline`` instead. Past a limit the solve stops
        with ``TooLargeError``. ``general=True`` uses the general loops even for a plain battle
        (for tests)."""
        if len(battle.sides) != 2:
            raise BattleError(
                "the exact two-sided solver takes two sides; use calc.sector.chain for a sector"
            )
        self.general = general
        self.time_budget = time_budget
        self.wall_budget = wall_budget
        self.deadline = deadline
        self.battle = battle
        self.attacker = battle.attacker_side.canonical()
        self.defender = battle.defender_side.canonical()
        self.sides = (self.attacker, self.defender)
        self.specs = (SideSpec.of(self.attacker), SideSpec.of(self.defender))
        self.policies = (self.attacker.policy, self.defender.policy)
        self.slots = engagement_order(self.attacker, self.defender)
        self.first_round = sum(1 for slot in self.slots if slot.missiles)
        self.progress = progress
        self.plain = not general and not needs_general_loops(self.sides)
        estimate = estimate_states(battle)
        if estimate > state_budget:
            raise TooLargeError(f"{estimate:,} states exceed the exact budget of {state_budget:,}")
        memory = state_slot_bytes(not self.plain, plain_value_count(self.sides))
        memory *= estimate * max(1, len(self.slots))
        # Work for calc._jit.compiled_for: the general loops cost about 3 times the plain ones.
        self.work = estimate * max(1, len(self.slots)) * (1 if self.plain else 3)
        if memory > MEMORY_BUDGET_BYTES:
            raise TooLargeError(
                f"{estimate:,} states x {len(self.slots)} slots need {memory / 2**30:.1f} GiB, "
                f"over the {MEMORY_BUDGET_BYTES / 2**30:.1f} GiB budget"
            )

    def _report(self, fraction: float) -> None:
        if self.progress is not None:
            self.progress(min(1.0, max(0.0, fraction)))

    def _check_time(self, deadline: Deadline | None) -> None:
        if deadline is not None:
            deadline.check("the exact solver")

    def solution(self) -> Solution:
        """The end-state distribution (every side's full state) and the work done."""
        t0 = time.process_time()
        spaces = (
            SideSpace(self.specs[ATTACKER], decides_retreats(self.attacker)),
            SideSpace(self.specs[DEFENDER], decides_retreats(self.defender)),
        )
        start = (spaces[ATTACKER].initial(), spaces[DEFENDER].initial())
        states = (spaces[ATTACKER].states[start[0]], spaces[DEFENDER].states[start[1]])
        if not (_in_sector(states[0]) and _in_sector(states[1])):
            return Solution((EndState(states[0], states[1], 1.0, False),), 0.0, SolverStats())
        if not self.slots:
            return Solution((EndState(states[0], states[1], 1.0, True),), 0.0, SolverStats())
        self._report(0.02)
        splitters = (self.attacker.antimatter_splitter, self.defender.antimatter_splitter)
        # A small battle runs the kernels as plain Python (no numba to load: see calc._jit);
        # the module's kernel names are rebound to the compiled ones when the process switches.
        compiled_for(self.work)
        deadline = self.deadline or deadline_of(self.time_budget, self.wall_budget)
        tables = build_tables(
            spaces, self.specs, self.slots, self.policies, splitters, deadline=deadline
        )
        side_tables = (
            spaces[ATTACKER].tables(tables.max_self[ATTACKER]),
            spaces[DEFENDER].tables(tables.max_self[DEFENDER]),
        )
        self._report(0.3)
        rules = Rules(
            n_def=len(spaces[DEFENDER]),
            first_round=self.first_round,
            n_slots=len(self.slots),
            attacker=side_tables[ATTACKER],
            defender=side_tables[DEFENDER],
            volleys=tables.volleys,
            modes=np.array([retreat_mode(s) for s in self.sides], dtype=np.int64),
            below=np.array([s.retreat.below for s in self.sides], dtype=np.float64),
            escapes=self.attacker.can_retreat,
        )
        start_joint = start[0] * rules.n_def + start[1]
        solve = self._solve_plain if self.plain else self._solve_general
        ends, rounds, sweeps, report = solve(rules, tables, start_joint, deadline)
        stats = SolverStats(
            states=len(spaces[ATTACKER]) * rules.n_def,
            outcomes=tables.outcomes,
            assignments=int(tables.volleys.cand.shape[0]),
            seconds=time.process_time() - t0,
            sweeps=sweeps,
            blocks_direct=report.direct,
            fallbacks=report.fallbacks,
        )
        return Solution(self._ends(spaces, *ends), rounds, stats)

    def _ends(
        self, spaces: tuple[SideSpace, SideSpace], end_mass: np.ndarray, end_stale: np.ndarray
    ) -> tuple[EndState, ...]:
        n_def = len(spaces[DEFENDER])
        ends = []
        for mass, stale in ((end_mass, False), (end_stale, True)):
            for joint in np.flatnonzero(mass).tolist():
                ia, idd = divmod(joint, n_def)
                ends.append(
                    EndState(
                        spaces[ATTACKER].states[ia], spaces[DEFENDER].states[idd],
                        float(mass[joint]), stale,
                    )
                )  # fmt: skip
        return tuple(ends)

    def _solve_plain(
        self, rules: Rules, tables: Tables, start: int, deadline: Deadline | None
    ) -> tuple[tuple[np.ndarray, np.ndarray], float, int, BlockReport]:
        """The plain-battle fast path (``calc.exact.kernels_plain``)."""
        n_joint = rules.n_def * len(rules.attacker.in_sector)
        order = _order(rules.attacker, rules.defender)
        k = plain_value_count(self.sides)
        values = np.zeros((n_joint, rules.n_slots, k), dtype=np.float64)
        chunk = max(1, n_joint // CHUNKS)
        arrays = pack(rules)
        shape = shape_of(rules)
        for lo in range(0, n_joint, chunk):
            hi = min(n_joint, lo + chunk)
            plain_backward(order, lo, hi, values, arrays, shape)
            self._report(0.3 + 0.6 * hi / n_joint)
            self._check_time(deadline)
        inflow = np.zeros((n_joint, rules.n_slots), dtype=np.float64)
        end_mass = np.zeros(n_joint, dtype=np.float64)
        end_stale = np.zeros(n_joint, dtype=np.float64)
        rounds = plain_forward(order, start, values, inflow, end_mass, end_stale, arrays, shape)
        _check_mass(inflow)
        return (end_mass, end_stale), float(rounds), 1, BlockReport()

    def _solve_general(
        self, rules: Rules, tables: Tables, start: int, deadline: Deadline | None
    ) -> tuple[tuple[np.ndarray, np.ndarray], float, int, BlockReport]:
        """The general loops: one state at a time, cyclic blocks by ``calc.exact.blocks``."""
        a, d = rules.attacker, rules.defender
        n_joint = rules.n_def * len(a.in_sector)
        order = _order(a, d)
        values = np.zeros((n_joint, rules.n_slots, N_VALUES), dtype=np.float64)
        decisions = np.zeros((n_joint, rules.n_slots), dtype=np.bool_)
        ongoing = ((a.in_sector > 0)[:, None] & (d.in_sector > 0)[None, :]).ravel()
        cyclic = ((a.cyclic[:, None] | d.cyclic[None, :]).ravel() & ongoing)[order]
        levels = _levels(a, d, order) if cyclic.any() else [(0, n_joint)]
        arrays = pack(rules)
        shape = shape_of(rules)
        blocks = BlockSolver(
            values, decisions, arrays, shape, n_joint, tables.max_outcomes, deadline
        )
        done = 0
        for lo, hi in levels:
            for c_lo in range(lo, hi, max(1, n_joint // CHUNKS)):
                c_hi = min(hi, c_lo + max(1, n_joint // CHUNKS))
                backward(order, c_lo, c_hi, values, decisions, arrays, shape, cyclic)
                done += c_hi - c_lo
                self._report(0.3 + 0.6 * done / n_joint)
                self._check_time(deadline)
            if cyclic[lo:hi].any():
                blocks.backward(order[lo:hi][cyclic[lo:hi]])
        inflow = np.zeros((n_joint, rules.n_slots), dtype=np.float64)
        end_mass = np.zeros(n_joint, dtype=np.float64)
        end_stale = np.zeros(n_joint, dtype=np.float64)
        inflow[start, 0] = 1.0
        self._report(0.9)
        rounds = 0.0
        for lo, hi in reversed(levels):
            rounds += forward(
                order,
                lo,
                hi,
                values,
                decisions,
                inflow,
                end_mass,
                end_stale,
                arrays,
                shape,
                cyclic,
            )
            if cyclic[lo:hi].any():
                rounds += blocks.forward(order[lo:hi][cyclic[lo:hi]], inflow, end_mass, end_stale)
        _check_mass(inflow)
        return (end_mass, end_stale), rounds, max(1, blocks.report.sweeps), blocks.report

    def run(self) -> BattleResult:
        """Solve and summarise (``calc.outcomes``)."""
        solution = self.solution()
        self._report(1.0)
        return battle_result(
            self.battle,
            ((end, end.p) for end in solution.ends),
            rounds=solution.rounds,
            method=Method.EXACT,
            why=f"{solution.stats.states:,} states, within the exact budget",
            stats=solution.stats,
        )


def _order(a: SideTables, d: SideTables) -> np.ndarray:
    """Joint states by coarse score, highest first: a topological order of the blocks."""
    coarse = (a.coarse[:, None] + d.coarse[None, :]).ravel()
    return np.argsort(-coarse, kind="stable").astype(np.int64)


def _levels(a: SideTables, d: SideTables, order: np.ndarray) -> list[tuple[int, int]]:
    """Ranges of ``order`` with one coarse score each (no transitions inside one but within
    its cyclic blocks)."""
    coarse = (a.coarse[:, None] + d.coarse[None, :]).ravel()[order]
    cuts = np.flatnonzero(np.diff(coarse)) + 1
    bounds = [0, *cuts.tolist(), len(order)]
    return list(itertools.pairwise(bounds))


def _check_mass(inflow: np.ndarray) -> None:
    left = float(inflow.sum())
    if left > 1e-12:
        raise TooLargeError(f"probability {left:.2e} still in flight after the forward pass")


def _in_sector(state: FullSideState) -> int:
    groups, statuses, _ = state
    return sum(sum(g) for g, st in zip(groups, statuses, strict=True) if st != LEFT)


def solve_exact(
    battle: Battle,
    *,
    state_budget: int = DEFAULT_STATE_BUDGET,
    progress: Callable[[float], None] | None = None,
    time_budget: float | None = None,
    wall_budget: float | None = None,
) -> BattleResult:
    """Solve a two-sided battle exactly under each side's policy and retreat rule.

    Raises ``TooLargeError`` (before allocating) for battles over the state or memory budget,
    and past ``time_budget`` seconds of this process's CPU time or ``wall_budget`` seconds of
    wall clock.
    """
    return ExactSolver(
        battle,
        state_budget=state_budget,
        progress=progress,
        time_budget=time_budget,
        wall_budget=wall_budget,
    ).run()
