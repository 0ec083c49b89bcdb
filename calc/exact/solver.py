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
attacker's probability of winning; ties within 1e-12 go to fewer enemy ships left, then more
damage on them); ``npc`` and ``greedy`` follow ``calc.rules.targeting``. Because a volley changes
only the enemy (and rift self-damage the firing side), the outcomes and their candidate states are
tabulated once per (slot, ships firing, enemy state) in Python, and the compiled loops of
``calc.exact.kernels`` combine them over all battle states.

**The all-miss loop.** Every outcome except "nothing happened" adds damage, so states form a
directed acyclic graph ordered by a damage score, apart from the self-loop of a whole engagement
round in which every volley misses. Writing each slot's value as ``a + b * V(start of round)``
along the all-miss chain gives ``V = a / (1 - b)`` in closed form. A state in which no living
ship has cannons is a stalemate (it counts for the defender).

**Forward pass.** With the policy fixed, probability mass flows from the initial state in
topological order (the all-miss loop again in closed form), giving the distribution of end
states: who won, survivors per group, materials lost, reputation draws, expected rounds.

The simple solver in ``tests.calc.exact_reference`` computes the same numbers one state at a time
and is the test oracle of this one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from calc.battle.model import Battle, Policy, RetreatObjective, RetreatPolicy, Side
from calc.battle.result import BattleResult, Method, SolverStats
from calc.errors import BattleError, TooLargeError
from calc.exact.kernels import (
    NEVER,
    OPTIMAL_VALUE,
    OPTIMAL_WIN,
    T_CANDS,
    THRESHOLD,
    backward,
    forward,
)
from calc.exact.kernels_plain import backward as plain_backward
from calc.exact.kernels_plain import forward as plain_forward
from calc.exact.side_space import SideFacts, SideSpace
from calc.outcomes import battle_result
from calc.rules.accounting import EndState
from calc.rules.assignment import all_assignments, rule_assignment
from calc.rules.battle_state import (
    ATTACKER,
    DEFENDER,
    LEFT,
    FullSideState,
    SideSpec,
    Slot,
    engagement_order,
    estimate_states,
)
from calc.rules.dice import hit_threshold, volley_outcomes
from calc.rules.targeting import UNREACHABLE

DEFAULT_STATE_BUDGET = 2_000_000
"""Default cap on battle states (attacker states x defender states)."""
MEMORY_BUDGET_BYTES = 1_500_000_000
"""Cap on the value and mass tables (two float64 per state and slot)."""
MAX_CANDIDATES = 40_000_000
"""Cap on tabulated candidate next states (int64 each: 320 MB)."""


MAX_SWEEPS = 200_000
"""Cap on value-iteration sweeps (battles with Morph Shields repair, so their graph has
cycles); the solver raises if it is reached before convergence."""
CONVERGENCE = 1e-13
"""Largest change of any value in a sweep at which value iteration stops."""


@dataclass
class Tables:
    """CSR tables of volley outcomes (see ``calc.exact.kernels``)."""

    arrays: tuple[np.ndarray, ...]
    outcomes: int
    max_self: tuple[int, int]


def build_tables(
    spaces: tuple[SideSpace, SideSpace],
    specs: tuple[SideSpec, SideSpec],
    slots: tuple[Slot, ...],
    policies: tuple[Policy, Policy],
    splitters: tuple[bool, bool],
    *,
    deadline: float | None = None,
    max_candidates: int = MAX_CANDIDATES,
) -> Tables:
    """Tabulate every volley's outcomes per (slot, ships firing, enemy state).

    Ships that have left the sector cannot be hit. Raises ``TooLargeError`` past ``deadline``
    (a ``time.perf_counter`` value) or when the candidates would exceed ``max_candidates``.
    """
    slot_side, slot_group, slot_base, slot_enemies = [], [], [], []
    entry_miss: list[float] = []
    entry_start: list[int] = [0]
    out_prob: list[float] = []
    out_self: list[int] = []
    out_cand: list[int] = [0]
    cand: list[int] = []
    max_self = [0, 0]
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
                            rule_assignment(groups, outcome.hits, needs, enemy_spec.hulls, ranks),
                        )
                    cand.extend(enemy_space.id_of(r, statuses, flags) for r in results)
                    out_cand.append(len(cand))
                    out_prob.append(p)
                    out_self.append(outcome.self_damage)
                    max_self[side] = max(max_self[side], outcome.self_damage)
                entry_miss.append(miss)
                entry_start.append(len(out_prob))
                if len(cand) > max_candidates:
                    raise TooLargeError(
                        f"more than {max_candidates:,} candidate assignments to tabulate"
                    )
                if deadline is not None and time.perf_counter() > deadline:
                    raise TooLargeError("tabulating the volleys ran past the time budget")
    arrays = (
        np.array(slot_side, dtype=np.int64),
        np.array(slot_group, dtype=np.int64),
        np.array(slot_base, dtype=np.int64),
        np.array(slot_enemies, dtype=np.int64),
        np.array(entry_miss, dtype=np.float64),
        np.array(entry_start, dtype=np.int64),
        np.array(out_prob, dtype=np.float64),
        np.array(out_self, dtype=np.int64),
        np.array(out_cand, dtype=np.int64),
        np.array(cand, dtype=np.int64),
    )
    return Tables(arrays=arrays, outcomes=len(out_prob), max_self=(max_self[0], max_self[1]))


def needs_general_loops(sides: Iterable[Side]) -> bool:
    """Whether a battle between these (canonical) sides takes the general loops of
    ``calc.exact.kernels``: a side decides retreats, or a ship has Morph Shields (the end-of-round
    repair makes the battle graph cyclic). Other battles take ``calc.exact.kernels_plain``."""
    return any(s.retreats or any(g.stats.morph for g in s.groups) for s in sides)


def state_slot_bytes(general_loops: bool) -> int:
    """Bytes the solver's tables take per (battle state, slot): the general loops keep four
    float64 values, a decision flag and the forward pass's inflow; the plain loops one value and
    the inflow. The memory budget is checked with this before anything is allocated."""
    return 4 * 8 + 1 + 8 if general_loops else 8 + 8


def retreat_mode(side: Side) -> int:
    """The kernel's code for a side's retreat rule."""
    if not side.retreats:
        return NEVER
    if side.retreat.policy is RetreatPolicy.THRESHOLD:
        return THRESHOLD
    if side.retreat.objective is RetreatObjective.WIN:
        return OPTIMAL_WIN
    return OPTIMAL_VALUE


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
        general: bool = False,
    ) -> None:
        """``general=True`` uses the general loops even for a plain battle (for tests)."""
        if len(battle.sides) != 2:
            raise BattleError(
                "the exact two-sided solver takes two sides; use calc.sector.chain for a sector"
            )
        self.general = general
        self.time_budget = time_budget
        self.battle = battle
        self.attacker = battle.attacker_side.canonical()
        self.defender = battle.defender_side.canonical()
        self.sides = (self.attacker, self.defender)
        self.specs = (SideSpec.of(self.attacker), SideSpec.of(self.defender))
        self.policies = (self.attacker.policy, self.defender.policy)
        self.slots = engagement_order(self.attacker, self.defender)
        self.first_round = sum(1 for slot in self.slots if slot.missiles)
        self.progress = progress
        self.cyclic = any(s.morph for spec in self.specs for s in spec.stats)
        estimate = estimate_states(battle)
        if estimate > state_budget:
            raise TooLargeError(f"{estimate:,} states exceed the exact budget of {state_budget:,}")
        memory = state_slot_bytes(general or needs_general_loops(self.sides))
        memory *= estimate * max(1, len(self.slots))
        if memory > MEMORY_BUDGET_BYTES:
            raise TooLargeError(
                f"{estimate:,} states x {len(self.slots)} slots need {memory / 2**30:.1f} GiB, "
                f"over the {MEMORY_BUDGET_BYTES / 2**30:.1f} GiB budget"
            )

    def _report(self, fraction: float) -> None:
        if self.progress is not None:
            self.progress(min(1.0, max(0.0, fraction)))

    def solution(self) -> Solution:
        """The end-state distribution (every side's full state) and the work done."""
        t0 = time.perf_counter()
        spaces = (
            SideSpace(self.specs[ATTACKER], self.attacker.retreats),
            SideSpace(self.specs[DEFENDER], self.defender.retreats),
        )
        start = (spaces[ATTACKER].initial(), spaces[DEFENDER].initial())
        states = (spaces[ATTACKER].states[start[0]], spaces[DEFENDER].states[start[1]])
        if not (_in_sector(states[0]) and _in_sector(states[1])):
            return Solution((EndState(states[0], states[1], 1.0, False),), 0.0, SolverStats())
        if not self.slots:
            return Solution((EndState(states[0], states[1], 1.0, True),), 0.0, SolverStats())
        self._report(0.02)
        splitters = (self.attacker.antimatter_splitter, self.defender.antimatter_splitter)
        deadline = None if self.time_budget is None else t0 + self.time_budget
        tables = build_tables(
            spaces, self.specs, self.slots, self.policies, splitters, deadline=deadline
        )
        facts = (
            spaces[ATTACKER].facts(tables.max_self[ATTACKER]),
            spaces[DEFENDER].facts(tables.max_self[DEFENDER]),
        )
        self._report(0.3)
        n_att, n_def = len(spaces[ATTACKER]), len(spaces[DEFENDER])
        n_joint = n_att * n_def
        n_slots = len(self.slots)
        score = (facts[0].score[:, None] + facts[1].score[None, :]).ravel()
        order = np.argsort(-score, kind="stable").astype(np.int64)
        plain = not self.general and not needs_general_loops(self.sides)
        if plain:
            return self._solve_plain(spaces, facts, tables, order, start, t0)
        values = np.zeros((n_joint, n_slots, 4), dtype=np.float64)
        decisions = np.zeros((n_joint, n_slots), dtype=np.bool_)
        sa, sd = facts[0].as_tuple(), facts[1].as_tuple()
        modes = np.array([retreat_mode(s) for s in self.sides], dtype=np.int64)
        below = np.array([s.retreat.below for s in self.sides], dtype=np.float64)
        escapes = self.attacker.can_retreat
        common = (n_def, self.first_round, sa, sd, tables.arrays, modes)
        sweeps = 0
        chunk = max(1, n_joint // 20)
        while True:
            change = 0.0
            for lo in range(0, n_joint, chunk):
                hi = min(n_joint, lo + chunk)
                change = max(
                    change, backward(order, lo, hi, values, decisions, *common, below, escapes)
                )
                if sweeps == 0:
                    self._report(0.3 + 0.6 * hi / n_joint)
                if deadline is not None and time.perf_counter() > deadline:
                    raise TooLargeError("the exact solver ran past the time budget")
            sweeps += 1
            if not self.cyclic or change < CONVERGENCE:
                break
            if sweeps >= MAX_SWEEPS:
                raise TooLargeError(
                    f"value iteration did not converge in {MAX_SWEEPS:,} sweeps "
                    f"(last change {change:.2e})"
                )
        inflow = np.zeros((n_joint, n_slots), dtype=np.float64)
        end_mass = np.zeros(n_joint, dtype=np.float64)
        end_stale = np.zeros(n_joint, dtype=np.float64)
        start_joint = start[0] * n_def + start[1]
        self._report(0.9)
        rounds, in_flight = forward(
            order, start_joint, values, decisions, inflow, end_mass, end_stale, *common,
            1e-15, MAX_SWEEPS if self.cyclic else 1,
        )  # fmt: skip
        if in_flight > 1e-12:
            raise TooLargeError(f"probability {in_flight:.2e} still in flight after the sweeps")
        return self._collect(spaces, tables, end_mass, end_stale, float(rounds), sweeps, t0)

    def _collect(
        self,
        spaces: tuple[SideSpace, SideSpace],
        tables: Tables,
        end_mass: np.ndarray,
        end_stale: np.ndarray,
        rounds: float,
        sweeps: int,
        t0: float,
    ) -> Solution:
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
        stats = SolverStats(
            states=len(spaces[ATTACKER]) * n_def,
            outcomes=tables.outcomes,
            assignments=int(tables.arrays[T_CANDS].shape[0]),
            seconds=time.perf_counter() - t0,
            sweeps=sweeps,
        )
        return Solution(tuple(ends), rounds, stats)

    def _solve_plain(
        self,
        spaces: tuple[SideSpace, SideSpace],
        facts: tuple[SideFacts, SideFacts],
        tables: Tables,
        order: np.ndarray,
        start: tuple[int, int],
        t0: float,
    ) -> Solution:
        """The plain-battle fast path (``calc.exact.kernels_plain``)."""
        n_def = len(spaces[DEFENDER])
        n_joint = len(spaces[ATTACKER]) * n_def
        t = tables.arrays
        fa, fd = facts
        common = (
            n_def, self.first_round, t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9],
            fa.self_next, fd.self_next, fa.group_alive, fd.group_alive, fa.in_sector,
            fd.in_sector, fa.armed, fd.armed, fa.damage, fd.damage,
        )  # fmt: skip
        values = np.zeros((n_joint, len(self.slots)), dtype=np.float64)
        chunk = max(1, n_joint // 20)
        deadline = None if self.time_budget is None else t0 + self.time_budget
        for lo in range(0, n_joint, chunk):
            hi = min(n_joint, lo + chunk)
            plain_backward(order, lo, hi, values, *common)
            self._report(0.3 + 0.6 * hi / n_joint)
            if deadline is not None and time.perf_counter() > deadline:
                raise TooLargeError("the exact solver ran past the time budget")
        inflow = np.zeros_like(values)
        end_mass = np.zeros(n_joint, dtype=np.float64)
        end_stale = np.zeros(n_joint, dtype=np.float64)
        start_joint = start[0] * n_def + start[1]
        _, rounds = plain_forward(order, start_joint, values, inflow, end_mass, end_stale, *common)
        return self._collect(spaces, tables, end_mass, end_stale, float(rounds), 1, t0)

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


def _in_sector(state: FullSideState) -> int:
    groups, statuses, _ = state
    return sum(sum(g) for g, st in zip(groups, statuses, strict=True) if st != LEFT)


def solve_exact(
    battle: Battle,
    *,
    state_budget: int = DEFAULT_STATE_BUDGET,
    progress: Callable[[float], None] | None = None,
    time_budget: float | None = None,
) -> BattleResult:
    """Solve a two-sided battle exactly under each side's policy and retreat rule.

    Raises ``TooLargeError`` (before allocating) for battles over the state or memory budget,
    and past ``time_budget`` seconds.
    """
    return ExactSolver(
        battle, state_budget=state_budget, progress=progress, time_budget=time_budget
    ).run()
