"""The exact battle solver: backward induction over battle states, then a forward pass.

**States.** A state holds, for every ship type (group) of both sides, how many of its living
ships have each amount of damage (``calc.battle_state``). Together with the *firing slot*
(whose activation is next) it determines the future. Each side's states are enumerated and
numbered; a battle state is a pair of numbers.

**Slots.** Missile slots come first: every type with missiles fires once, in initiative order
(the defender first on ties; on one side the larger type first). Then engagement slots cycle,
in the same order, over the types with cannons, until one side has no ships left. A type with
no living ships is skipped.

**Volleys.** The outcomes of one activation are enumerated as multinomial counts of
(die colour x reach), never as sequences of dice (``calc.dice.volley_outcomes``). Hits are
assigned by the firing side's policy: ``optimal`` considers every distinct resulting state and
takes the best for the firing side (the attacker maximises, the defender minimises, the
attacker's probability of winning; ties within 1e-12 go to fewer enemy ships left, then more
damage on them); ``npc`` and ``greedy`` follow ``calc.targeting``. Because a volley changes only
the enemy (and rift self-damage the firing side), the outcomes and their candidate states are
tabulated once per (slot, ships firing, enemy state) in Python, and the compiled loops of
``calc.exact_kernels`` combine them over all battle states.

**The all-miss loop.** Every outcome except "nothing happened" adds damage, so states form a
directed acyclic graph ordered by a damage score, apart from the self-loop of a whole engagement
round in which every volley misses. Writing each slot's value as ``a + b * V(start of round)``
along the all-miss chain gives ``V = a / (1 - b)`` in closed form. A state in which no living
ship has cannons is a stalemate (it counts for the defender).

**Forward pass.** With the policy fixed, probability mass flows from the initial state in
topological order (the all-miss loop again in closed form), giving the distribution of end
states: who won, survivors per group, materials lost, reputation draws, expected rounds.

The simple solver in ``calc.exact_reference`` computes the same numbers one state at a time
and is the test oracle of this one.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from calc.assignment import all_assignments, rule_assignment, self_damage_result
from calc.battle_state import (
    ATTACKER,
    DEFENDER,
    GroupState,
    SideSpec,
    SideState,
    Slot,
    State,
    activation_order,
    estimate_states,
)
from calc.dice import hit_threshold, volley_outcomes
from calc.errors import BattleError, TooLargeError
from calc.exact_kernels import backward, forward
from calc.model import Battle, Policy
from calc.result import BattleResult, Method, SolverStats
from calc.summary import summarise
from calc.targeting import UNREACHABLE

DEFAULT_STATE_BUDGET = 2_000_000
"""Default cap on battle states (attacker states x defender states)."""
MEMORY_BUDGET_BYTES = 1_500_000_000
"""Cap on the value and mass tables (two float64 per state and slot)."""
MAX_CANDIDATES = 40_000_000
"""Cap on tabulated candidate next states (int64 each: 320 MB)."""


def _group_states(count: int, hull: int) -> Iterator[GroupState]:
    """Every multiset of at most ``count`` living ships with damage 0..hull."""

    def rec(level: int, left: int) -> Iterator[tuple[int, ...]]:
        if level == hull:
            for c in range(left + 1):
                yield (c,)
            return
        for c in range(left + 1):
            for rest in rec(level + 1, left - c):
                yield (c, *rest)

    return rec(0, count)


class SideSpace:
    """All states of one side, numbered, with the per-state facts the loops need."""

    def __init__(self, spec: SideSpec) -> None:
        self.spec = spec
        per_group = [
            list(_group_states(c, h)) for c, h in zip(spec.counts, spec.hulls, strict=True)
        ]
        self.states: list[SideState] = list(itertools.product(*per_group))
        self.index = {s: i for i, s in enumerate(self.states)}
        n_groups = max(1, len(spec.counts))
        group_alive = np.zeros((len(self.states), n_groups), dtype=np.int64)
        score = np.zeros(len(self.states), dtype=np.int64)
        damage = np.zeros(len(self.states), dtype=np.int64)
        cannons = np.zeros(len(self.states), dtype=np.bool_)
        armed = [s.cannons.total > 0 for s in spec.stats]
        for i, state in enumerate(self.states):
            for g, counts in enumerate(state):
                n = sum(counts)
                group_alive[i, g] = n
                dmg = sum(d * c for d, c in enumerate(counts))
                damage[i] += dmg
                score[i] += dmg + (spec.counts[g] - n) * (spec.hulls[g] + 1)
                if n and armed[g]:
                    cannons[i] = True
        self.group_alive = group_alive
        self.alive = group_alive.sum(axis=1)
        self.score = score
        self.damage = damage
        self.cannons = cannons

    def __len__(self) -> int:
        return len(self.states)


@dataclass
class Tables:
    """CSR tables of volley outcomes (see ``calc.exact_kernels``)."""

    slot_side: np.ndarray
    slot_group: np.ndarray
    slot_base: np.ndarray
    slot_enemies: np.ndarray
    entry_miss: np.ndarray
    entry_start: np.ndarray
    out_prob: np.ndarray
    out_self: np.ndarray
    out_cand: np.ndarray
    cand: np.ndarray
    self_next: tuple[np.ndarray, np.ndarray]
    outcomes: int


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

    Raises ``TooLargeError`` past ``deadline`` (a ``time.perf_counter`` value) or when the
    candidate next states would exceed ``max_candidates``.
    """
    slot_side, slot_group, slot_base, slot_enemies = [], [], [], []
    entry_miss: list[float] = []
    entry_start: list[int] = [0]
    out_prob: list[float] = []
    out_self: list[int] = []
    out_cand: list[int] = [0]
    cand: list[int] = []
    max_self = [0, 0]
    # Entries depend only on (side, group, missiles): slots of one type share them.
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
        for n in range(1, own_spec.counts[slot.group] + 1):
            dice = per_ship * n
            for enemy_state in enemy_space.states:
                needs = tuple(
                    hit_threshold(stats.computer, s.shield) if sum(counts) else UNREACHABLE
                    for s, counts in zip(enemy_spec.stats, enemy_state, strict=True)
                )
                thresholds = tuple(sorted({t for t in needs if t != UNREACHABLE}))
                miss = 0.0
                for outcome, p in volley_outcomes(dice, thresholds, splitter):
                    if outcome.is_miss:
                        miss += p
                        continue
                    if policy is Policy.OPTIMAL:
                        results = all_assignments(
                            enemy_state, outcome.hits, needs, enemy_spec.hulls
                        )
                    else:
                        ranks = enemy_spec.sizes if policy is Policy.NPC else enemy_spec.threats
                        results = (
                            rule_assignment(
                                enemy_state, outcome.hits, needs, enemy_spec.hulls, ranks
                            ),
                        )
                    cand.extend(enemy_space.index[r] for r in results)
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
    self_next = []
    for side in (ATTACKER, DEFENDER):
        space, spec = spaces[side], specs[side]
        table = np.zeros((len(space), max_self[side] + 1), dtype=np.int64)
        table[:, 0] = np.arange(len(space))
        for i, state in enumerate(space.states):
            for points in range(1, max_self[side] + 1):
                table[i, points] = space.index[self_damage_result(state, points, spec)]
        self_next.append(table)
    return Tables(
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
        self_next=(self_next[0], self_next[1]),
        outcomes=len(out_prob),
    )


class ExactSolver:
    """Tabulate, solve backward, push mass forward, summarise (see module doc)."""

    def __init__(
        self,
        battle: Battle,
        *,
        state_budget: int = DEFAULT_STATE_BUDGET,
        progress: Callable[[float], None] | None = None,
        time_budget: float | None = None,
    ) -> None:
        self.time_budget = time_budget
        if len(battle.sides) != 2:
            raise BattleError(
                "the exact two-sided solver takes two sides; use calc.odds for a sector"
            )
        self.battle = battle
        self.attacker = battle.attacker_side.canonical()
        self.defender = battle.defender_side.canonical()
        self.specs = (SideSpec.of(self.attacker), SideSpec.of(self.defender))
        self.policies = (self.attacker.policy, self.defender.policy)
        missile_slots = activation_order(self.attacker, self.defender, missiles=True)
        cannon_slots = activation_order(self.attacker, self.defender, missiles=False)
        self.slots = missile_slots + cannon_slots
        self.first_round = len(missile_slots)
        self.progress = progress
        estimate = estimate_states(battle)
        if estimate > state_budget:
            raise TooLargeError(f"{estimate:,} states exceed the exact budget of {state_budget:,}")
        memory = 2 * 8 * estimate * max(1, len(self.slots))
        if memory > MEMORY_BUDGET_BYTES:
            raise TooLargeError(
                f"{estimate:,} states x {len(self.slots)} slots need {memory / 2**30:.1f} GiB, "
                f"over the {MEMORY_BUDGET_BYTES / 2**30:.1f} GiB budget"
            )

    def _report(self, fraction: float) -> None:
        if self.progress is not None:
            self.progress(min(1.0, max(0.0, fraction)))

    def run(self) -> BattleResult:
        """Solve and summarise."""
        t0 = time.perf_counter()
        start = (self.specs[ATTACKER].initial_state(), self.specs[DEFENDER].initial_state())
        stats = SolverStats()
        if not (sum(sum(g) for g in start[0]) and sum(sum(g) for g in start[1])):
            ends, stalemate, rounds = {start: 1.0}, 0.0, 0.0
        elif not self.slots:
            ends, stalemate, rounds = {start: 1.0}, 1.0, 0.0
        else:
            ends, stalemate, rounds, stats = self._solve(start)
        seconds = time.perf_counter() - t0
        stats = SolverStats(
            states=stats.states,
            outcomes=stats.outcomes,
            assignments=stats.assignments,
            seconds=seconds,
        )
        self._report(1.0)
        return summarise(
            self.battle,
            (self.attacker, self.defender),
            self.specs,
            ends,
            stalemate,
            rounds,
            Method.EXACT,
            f"{stats.states:,} states, within the exact budget",
            stats,
        )

    def _solve(self, start: State) -> tuple[dict[State, float], float, float, SolverStats]:
        att_space = SideSpace(self.specs[ATTACKER])
        def_space = SideSpace(self.specs[DEFENDER])
        spaces = (att_space, def_space)
        self._report(0.02)
        splitters = (self.attacker.antimatter_splitter, self.defender.antimatter_splitter)
        deadline = None if self.time_budget is None else time.perf_counter() + self.time_budget
        tables = build_tables(
            spaces, self.specs, self.slots, self.policies, splitters, deadline=deadline
        )
        self._report(0.3)
        n_att, n_def = len(att_space), len(def_space)
        n_joint = n_att * n_def
        n_slots = len(self.slots)
        score = (att_space.score[:, None] + def_space.score[None, :]).ravel()
        order = np.argsort(-score, kind="stable").astype(np.int64)
        values = np.zeros((n_joint, n_slots), dtype=np.float64)
        common = (
            n_def,
            self.first_round,
            tables.slot_side,
            tables.slot_group,
            tables.slot_base,
            tables.slot_enemies,
            tables.entry_miss,
            tables.entry_start,
            tables.out_prob,
            tables.out_self,
            tables.out_cand,
            tables.cand,
            tables.self_next[0],
            tables.self_next[1],
            att_space.group_alive,
            def_space.group_alive,
            att_space.alive,
            def_space.alive,
            att_space.cannons,
            def_space.cannons,
            att_space.damage,
            def_space.damage,
        )
        compared = 0
        chunk = max(1, n_joint // 20)
        for lo in range(0, n_joint, chunk):
            hi = min(n_joint, lo + chunk)
            compared += backward(order, lo, hi, values, *common)
            self._report(0.3 + 0.6 * hi / n_joint)
        inflow = np.zeros_like(values)
        end_mass = np.zeros(n_joint, dtype=np.float64)
        start_joint = att_space.index[start[ATTACKER]] * n_def + def_space.index[start[DEFENDER]]
        stalemate, rounds = forward(order, start_joint, values, inflow, end_mass, *common)
        ends: dict[State, float] = {}
        for joint in np.flatnonzero(end_mass).tolist():
            ia, idd = divmod(joint, n_def)
            ends[(att_space.states[ia], def_space.states[idd])] = float(end_mass[joint])
        stats = SolverStats(states=n_joint, outcomes=tables.outcomes, assignments=compared)
        return ends, float(stalemate), float(rounds), stats


def solve_exact(
    battle: Battle,
    *,
    state_budget: int = DEFAULT_STATE_BUDGET,
    progress: Callable[[float], None] | None = None,
    time_budget: float | None = None,
) -> BattleResult:
    """Solve a two-sided battle exactly under each side's policy.

    Raises ``TooLargeError`` (before allocating) for battles over the state or memory budget,
    and while tabulating volleys past ``time_budget`` seconds.
    """
    return ExactSolver(
        battle, state_budget=state_budget, progress=progress, time_budget=time_budget
    ).run()
