"""The simple exact solver, kept as the test oracle of the fast one (``calc.exact.solver``).

Memoised depth-first backward induction over reachable states, one volley at a time, in plain
Python. The method is the one described in ``calc.exact.solver``; this version favours obviousness
over speed and is what the fast solver is checked against on battles too large for the
brute-force reference. It shares the rules layer (dice, assignments, the stalemate rule's
functions) but none of the solver's kernels, orders or tables.

The rules it implements, written here again:

* a state's value is (P(attacker wins), build value the attacker keeps, build value the
  defender keeps); the firing side optimises P(attacker wins) (the attacker up, the defender
  down), ties within 1e-12 go to more of its own build value kept, then less of the enemy's
  (within 1e-9), then fewer enemy ships left, then more damage on them;
* the stalemate rule is judged at the start of every engagement round only;
* Morph Shields repair at the end of every round of a battle still going on. With Morph Shields
  the state graph is cyclic, so the oracle solves all reachable (state, slot) values as one dense
  linear system per policy and improves the policy until it is stable (policy iteration); the
  forward pass is one dense solve of the transposed system. Small battles only.

No retreats (for those the fast solver's oracle is the brute-force reference in the tests).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from calc.battle.model import Battle, Policy
from calc.battle.result import BattleResult, Method, SolverStats
from calc.errors import BattleError, TooLargeError
from calc.outcomes import battle_result
from calc.rules.accounting import EndState
from calc.rules.assignment import all_assignments, rule_assignment, self_damage_result
from calc.rules.battle_state import (
    ATTACKER,
    DEFENDER,
    FullSideState,
    SideSpec,
    SideState,
    Slot,
    State,
    activation_order,
    alive,
    morph_repair,
)
from calc.rules.dice import hit_threshold, volley_outcomes
from calc.rules.stalemate import cannon_max_damage, is_stalemate, toughness_of
from calc.rules.targeting import UNREACHABLE

DEFAULT_STATE_BUDGET = 2_000_000
DENSE_LIMIT = 3_000
"""Most (state, slot) unknowns of the dense policy iteration for Morph Shield battles."""
Vec = tuple[float, float, float]
"""(P(attacker wins), attacker's kept build value, defender's kept build value)."""


def better(
    side: int, cand: Vec, cand_key: tuple[int, int], best: Vec, key: tuple[int, int]
) -> bool:
    """Whether ``cand`` beats ``best`` for the firing ``side`` (module doc); the keys are
    (enemy ships left, damage on them)."""
    sign = 1.0 if side == ATTACKER else -1.0
    if abs(cand[0] - best[0]) > 1e-12:
        return sign * (cand[0] - best[0]) > 0
    own, enemy = (1, 2) if side == ATTACKER else (2, 1)
    if abs(cand[own] - best[own]) > 1e-9:
        return cand[own] > best[own]
    if abs(cand[enemy] - best[enemy]) > 1e-9:
        return cand[enemy] < best[enemy]
    if cand_key[0] != key[0]:
        return cand_key[0] < key[0]
    return cand_key[1] > key[1]


class ReferenceSolver:
    """Backward induction and forward pass for one two-sided battle (see module doc)."""

    def __init__(
        self,
        battle: Battle,
        *,
        state_budget: int = DEFAULT_STATE_BUDGET,
        progress: Callable[[float], None] | None = None,
    ) -> None:
        if len(battle.sides) != 2:
            raise BattleError(
                "the exact two-sided solver takes two sides; use calc.sector.ladder for a sector"
            )
        self.battle = battle
        self.attacker = battle.attacker_side.canonical()
        self.defender = battle.defender_side.canonical()
        if self.attacker.retreats or self.defender.retreats:
            raise BattleError("the reference solver plays battles without retreats")
        self.specs = (SideSpec.of(self.attacker), SideSpec.of(self.defender))
        self.policies = (self.attacker.policy, self.defender.policy)
        self.missile_slots = activation_order(self.attacker, self.defender, missiles=True)
        self.cannon_slots = activation_order(self.attacker, self.defender, missiles=False)
        self.slots = self.missile_slots + self.cannon_slots
        self.first_round_slot = len(self.missile_slots)
        self.morph = any(s.morph for spec in self.specs for s in spec.stats)
        self.state_budget = state_budget
        self.progress = progress
        self.values: dict[State, list[Vec]] = {}
        self.outcome_count = 0
        self.assignment_count = 0
        self._volleys: dict[tuple[State, int], tuple[float, list[tuple[float, list[State]]]]] = {}

    # ----- state predicates and values ----------------------------------------------------

    def is_stalemate(self, state: State) -> bool:
        """Neither side can ever destroy a ship of the other (``calc.rules.stalemate``): each
        side's best round, every die of its ships hitting, against the other's toughness."""
        damage = []
        toughness = []
        for side in (ATTACKER, DEFENDER):
            spec = self.specs[side]
            damage.append(
                sum(
                    cannon_max_damage(spec.stats[g].cannons) * sum(counts)
                    for g, counts in enumerate(state[side])
                )
            )
            toughness.append(
                toughness_of(
                    (spec.stats[g].hull, spec.stats[g].morph, d)
                    for g, counts in enumerate(state[side])
                    for d, c in enumerate(counts)
                    if c
                )
            )
        return is_stalemate(damage[0], toughness[0], damage[1], toughness[1])

    @staticmethod
    def ended(state: State) -> bool:
        return not (alive(state[ATTACKER]) and alive(state[DEFENDER]))

    def kept(self, state: State, side: int) -> float:
        spec = self.specs[side]
        return float(sum(sum(c) * spec.stats[g].cost for g, c in enumerate(state[side])))

    def terminal(self, state: State, stalemate: bool) -> Vec:
        """The value of a finished battle; at a stalemate the attacker's ships retreat if it
        can, else they are destroyed."""
        kept_a, kept_d = self.kept(state, ATTACKER), self.kept(state, DEFENDER)
        if stalemate:
            return (0.0, kept_a if self.attacker.can_retreat else 0.0, kept_d)
        a, d = alive(state[ATTACKER]), alive(state[DEFENDER])
        return (1.0 if a and not d else 0.0, kept_a, kept_d)

    def ends_at(self, state: State, j: int) -> bool:
        return self.ended(state) or (j == self.first_round_slot and self.is_stalemate(state))

    def value_at(self, state: State, j: int) -> Vec:
        """V(state, slot j) (the state must be solved unless the battle is over there)."""
        if self.ended(state):
            return self.terminal(state, False)
        if j == self.first_round_slot and self.is_stalemate(state):
            return self.terminal(state, True)
        return self.values[state][j]

    def repaired(self, state: State) -> State:
        """After the end-of-round repair, which happens only in a battle still going on."""
        if self.ended(state):
            return state
        out = []
        for side in (ATTACKER, DEFENDER):
            groups = []
            for g, counts in enumerate(state[side]):
                morph = self.specs[side].stats[g].morph
                new = [0] * len(counts)
                for d, c in enumerate(counts):
                    new[morph_repair(d, morph)] += c
                groups.append(tuple(new))
            out.append(tuple(groups))
        return (out[0], out[1])

    # ----- one volley ---------------------------------------------------------------------

    def volley(self, state: State, slot: Slot) -> tuple[float, list[tuple[float, list[State]]]]:
        """P(nothing happens) and, for every other outcome, its probability and the candidate
        next states the firing side may choose between (one unless it plays optimally)."""
        side, enemy = slot.side, 1 - slot.side
        own = self.specs[side]
        stats = own.stats[slot.group]
        n = sum(state[side][slot.group])
        if n == 0:
            return 1.0, []
        per_ship = stats.missiles if slot.missiles else stats.cannons
        dice = per_ship * n
        target_state = state[enemy]
        target = self.specs[enemy]
        needs = tuple(
            hit_threshold(stats.computer, s.shield) if sum(counts) else UNREACHABLE
            for s, counts in zip(target.stats, target_state, strict=True)
        )
        thresholds = tuple(sorted({t for t in needs if t != UNREACHABLE}))
        splitter = self.specs[side].side.antimatter_splitter and not slot.missiles
        outcomes = volley_outcomes(dice, thresholds, splitter)
        self.outcome_count += len(outcomes)
        policy = self.policies[side]
        p_miss = 0.0
        result: list[tuple[float, list[State]]] = []
        for outcome, p in outcomes:
            if outcome.is_miss:
                p_miss += p
                continue
            new_own = self_damage_result(state[side], outcome.self_damage, own)
            if policy is Policy.OPTIMAL:
                enemies = list(all_assignments(target_state, outcome.hits, needs, target.hulls))
                self.assignment_count += len(enemies)
            else:
                ranks = target.sizes if policy is Policy.NPC else target.threats
                enemies = [rule_assignment(target_state, outcome.hits, needs, target.hulls, ranks)]
            nexts: list[State] = []
            for e in enemies:
                nexts.append((new_own, e) if side == ATTACKER else (e, new_own))
            result.append((p, nexts))
        return p_miss, result

    def moves(self, state: State, j: int) -> tuple[float, list[tuple[float, list[State]]]]:
        """``volley`` with the next states as they start the next slot: after the repair when
        ``j`` ends a round (cached)."""
        key = (state, j)
        found = self._volleys.get(key)
        if found is None:
            p_miss, outcomes = self.volley(state, self.slots[j])
            if self.wraps(j):
                outcomes = [(p, [self.repaired(c) for c in cands]) for p, cands in outcomes]
            found = (p_miss, outcomes)
            self._volleys[key] = found
        return found

    # ----- slots --------------------------------------------------------------------------

    def next_slot(self, j: int) -> int:
        """The slot after ``j``: missiles run once, engagement slots wrap around."""
        j += 1
        if j == len(self.slots):
            return self.first_round_slot
        return j

    def wraps(self, j: int) -> bool:
        return j == len(self.slots) - 1 and self.first_round_slot < len(self.slots)

    def miss_target(self, state: State, j: int) -> State:
        return self.repaired(state) if self.wraps(j) else state

    def choose(self, candidates: list[State], nxt: int, side: int) -> State:
        if len(candidates) == 1:
            return candidates[0]
        enemy = 1 - side
        best, best_value, best_key = candidates[0], (0.0, 0.0, 0.0), (0, 0)
        for i, c in enumerate(candidates):
            v = self.value_at(c, nxt)
            key = (alive(c[enemy]), _damage_total(c[enemy]))
            if i == 0 or better(side, v, key, best_value, best_key):
                best, best_value, best_key = c, v, key
        return best

    # ----- acyclic battles: depth-first backward induction --------------------------------

    def solve_state(self, state: State) -> None:
        """V(state, j) for every slot, assuming successors other than itself are solved."""
        n_slots = len(self.slots)
        m = self.first_round_slot
        raw = [self.moves(state, j) for j in range(n_slots)]
        contrib: list[Vec] = []
        for j, (_, outcomes) in enumerate(raw):
            nxt = self.next_slot(j)
            acc = [0.0, 0.0, 0.0]
            for p, candidates in outcomes:
                v = self.value_at(self.choose(candidates, nxt, self.slots[j].side), nxt)
                for k in range(3):
                    acc[k] += p * v[k]
            contrib.append((acc[0], acc[1], acc[2]))
        misses = [p for p, _ in raw]
        values: list[Vec] = [(0.0, 0.0, 0.0)] * n_slots
        if m < n_slots:
            # Along the all-miss chain: V(j) = a[j] + b[j] * V(start of round).
            a = [[0.0, 0.0, 0.0] for _ in range(n_slots + 1)]
            b = [0.0] * (n_slots + 1)
            b[n_slots] = 1.0
            for j in range(n_slots - 1, m - 1, -1):
                a[j] = [contrib[j][k] + misses[j] * a[j + 1][k] for k in range(3)]
                b[j] = misses[j] * b[j + 1]
            if self.is_stalemate(state):
                x = self.terminal(state, True)
            else:
                x = tuple(a[m][k] / (1.0 - b[m]) for k in range(3))  # type: ignore[assignment]
            for j in range(m, n_slots):
                values[j] = (
                    a[j][0] + b[j] * x[0], a[j][1] + b[j] * x[1], a[j][2] + b[j] * x[2]
                )  # fmt: skip
            start = values[m] if not self.is_stalemate(state) else x
        else:
            start = self.terminal(state, True)
        self.values[state] = values
        for j in range(m - 1, -1, -1):
            after = start if j + 1 == m else values[j + 1]
            values[j] = tuple(contrib[j][k] + misses[j] * after[k] for k in range(3))  # type: ignore[assignment]

    def successors(self, state: State) -> list[State]:
        """Every state one activation can lead to from ``state`` (any slot, repair included)."""
        out: list[State] = []
        for j in range(len(self.slots)):
            _, outcomes = self.moves(state, j)
            for _, candidates in outcomes:
                out.extend(candidates)
            out.append(self.miss_target(state, j))
        return out

    def solve_acyclic(self) -> None:
        """Backward induction from the initial state (iterative depth-first post-order)."""
        seen: set[State] = set()
        stack: list[tuple[State, list[State] | None]] = [(self.initial, None)]
        while stack:
            state, pending = stack[-1]
            if pending is None:
                if state in seen or self.ended(state):
                    stack.pop()
                    continue
                seen.add(state)
                if len(seen) > self.state_budget:
                    raise TooLargeError(f"more than {self.state_budget:,} states")
                pending = [s for s in set(self.successors(state)) if s != state]
                stack[-1] = (state, pending)
            while pending and (pending[-1] in self.values or self.ended(pending[-1])):
                pending.pop()
            if pending:
                stack.append((pending.pop(), None))
                continue
            stack.pop()
            self.solve_state(state)

    # ----- Morph Shields: dense policy iteration ------------------------------------------

    def reachable(self) -> list[State]:
        seen = {self.initial}
        frontier = [self.initial]
        while frontier:
            state = frontier.pop()
            for nxt in self.successors(state):
                if nxt not in seen and not self.ended(nxt):
                    seen.add(nxt)
                    frontier.append(nxt)
        return sorted(seen)

    def transitions(
        self, state: State, j: int, with_miss: bool = True
    ) -> list[tuple[float, State]]:
        """(probability, next state at ``next_slot(j)``) under the current policy; with
        ``with_miss`` also "nothing happened"."""
        p_miss, outcomes = self.moves(state, j)
        nxt = self.next_slot(j)
        side = self.slots[j].side
        out = [(p, self.choose(cands, nxt, side)) for p, cands in outcomes]
        if p_miss and with_miss:
            out.append((p_miss, self.miss_target(state, j)))
        return out

    def system(
        self, states: list[State]
    ) -> tuple[
        np.ndarray, np.ndarray, dict[tuple[State, int], int], list[list[tuple[float, State]]]
    ]:
        index = {(s, j): i for i, (s, j) in enumerate(
            (s, j) for s in states for j in range(len(self.slots))
        )}  # fmt: skip
        n = len(index)
        if n > DENSE_LIMIT:
            raise TooLargeError(f"{n:,} unknowns for the dense reference solve")
        matrix = np.eye(n)
        rhs = np.zeros((n, 3))
        policy: list[list[tuple[float, State]]] = []
        for (s, j), i in index.items():
            moves = (
                []
                if (j == self.first_round_slot and self.is_stalemate(s))
                else (self.transitions(s, j))
            )
            policy.append(moves)
            if not moves and j == self.first_round_slot:
                rhs[i] = self.terminal(s, True)
            nxt = self.next_slot(j)
            for p, t in moves:
                if self.ends_at(t, nxt):
                    rhs[i] += p * np.array(self.value_at(t, nxt))
                else:
                    matrix[i, index[(t, nxt)]] -= p
        return matrix, rhs, index, policy

    def solve_cyclic(
        self,
    ) -> tuple[
        list[State], np.ndarray, dict[tuple[State, int], int], list[list[tuple[float, State]]]
    ]:
        states = self.reachable()
        for s in states:
            self.values[s] = [(0.0, 0.0, 0.0)] * len(self.slots)
        previous = None
        for _ in range(100):
            matrix, rhs, index, policy = self.system(states)
            x = np.linalg.solve(matrix, rhs)
            for (s, j), i in index.items():
                self.values[s][j] = (float(x[i, 0]), float(x[i, 1]), float(x[i, 2]))
            if policy == previous:
                return states, matrix, index, policy
            previous = policy
        raise TooLargeError("the reference policy iteration did not settle")

    # ----- the whole computation ----------------------------------------------------------

    def forward_acyclic(self) -> tuple[dict[State, float], dict[State, float], float]:
        """Distribution of end states (ended, stalemate) and the expected number of rounds,
        pushing mass in topological order (every move adds damage)."""
        n_slots = len(self.slots)
        m = self.first_round_slot
        inflow: dict[State, list[float]] = {self.initial: [0.0] * n_slots}
        inflow[self.initial][0] = 1.0
        ends: dict[State, float] = {}
        stale: dict[State, float] = {}
        rounds = 0.0
        order = sorted(self.values, key=lambda st: _damage_score(self.specs, st))
        for state in order:
            incoming = inflow.pop(state, None)
            if incoming is None:
                continue
            misses = [self.moves(state, j)[0] for j in range(n_slots)]
            visits = [0.0] * n_slots
            for j in range(m):
                visits[j] = incoming[j] + (visits[j - 1] * misses[j - 1] if j else 0.0)
            carry = visits[m - 1] * misses[m - 1] if m else 0.0
            if m == n_slots:
                stale[state] = stale.get(state, 0.0) + carry
            else:
                start = carry + incoming[m]
                if self.is_stalemate(state):
                    stale[state] = stale.get(state, 0.0) + start
                    start = 0.0
                gam = [0.0] * n_slots
                beta = [0.0] * n_slots
                beta[m] = 1.0
                for j in range(m + 1, n_slots):
                    gam[j] = incoming[j] + misses[j - 1] * gam[j - 1]
                    beta[j] = misses[j - 1] * beta[j - 1]
                last = n_slots - 1
                if self.is_stalemate(state):
                    stale[state] += misses[last] * gam[last]
                    x = 0.0
                else:
                    x = (start + misses[last] * gam[last]) / (1.0 - misses[last] * beta[last])
                for j in range(m, n_slots):
                    visits[j] = gam[j] + beta[j] * x
                rounds += x
            for j in range(n_slots):
                if not visits[j]:
                    continue
                nxt = self.next_slot(j)
                for p, target in self.transitions(state, j, with_miss=False):
                    mass = visits[j] * p
                    if self.ended(target):
                        ends[target] = ends.get(target, 0.0) + mass
                    elif nxt == m and self.is_stalemate(target):
                        stale[target] = stale.get(target, 0.0) + mass
                    else:
                        inflow.setdefault(target, [0.0] * n_slots)[nxt] += mass
        return ends, stale, rounds

    def forward_cyclic(
        self,
        matrix: np.ndarray,
        index: dict[tuple[State, int], int],
        policy: list[list[tuple[float, State]]],
    ) -> tuple[dict[State, float], dict[State, float], float]:
        arrived = np.zeros(len(index))
        arrived[index[(self.initial, 0)]] = 1.0
        visits = np.linalg.solve(matrix.T, arrived)
        ends: dict[State, float] = {}
        stale: dict[State, float] = {}
        rounds = 0.0
        m = self.first_round_slot
        for (s, j), i in index.items():
            v = float(visits[i])
            if j == m and not self.is_stalemate(s):
                rounds += v
            nxt = self.next_slot(j)
            for p, t in policy[i]:
                if self.ended(t):
                    ends[t] = ends.get(t, 0.0) + v * p
                elif nxt == m and self.is_stalemate(t):
                    stale[t] = stale.get(t, 0.0) + v * p
        return ends, stale, rounds

    def run(self) -> BattleResult:
        """Solve and summarise."""
        t0 = time.perf_counter()
        self.initial = (self.specs[ATTACKER].initial_state(), self.specs[DEFENDER].initial_state())
        if self.ended(self.initial):
            ends, stale, rounds = {self.initial: 1.0}, {}, 0.0
        elif not self.slots or (self.first_round_slot == 0 and self.is_stalemate(self.initial)):
            ends, stale, rounds = {}, {self.initial: 1.0}, 0.0
        elif self.morph:
            _, matrix, index, policy = self.solve_cyclic()
            ends, stale, rounds = self.forward_cyclic(matrix, index, policy)
        else:
            self.solve_acyclic()
            ends, stale, rounds = self.forward_acyclic()
        stats = SolverStats(
            states=len(self.values),
            outcomes=self.outcome_count,
            assignments=self.assignment_count,
            seconds=time.perf_counter() - t0,
        )
        end_states = tuple(
            EndState(_full(a), _full(d), p, is_stale)
            for table, is_stale in ((ends, False), (stale, True))
            for (a, d), p in table.items()
        )
        return battle_result(
            self.battle,
            ((end, end.p) for end in end_states),
            rounds=rounds,
            method=Method.EXACT,
            why=f"{len(self.values):,} states, within the exact budget",
            stats=stats,
        )


def _full(side_state: SideState) -> FullSideState:
    return (side_state, (0,) * len(side_state), (0, 0))


def _damage_total(side_state: SideState) -> int:
    return sum(d * c for counts in side_state for d, c in enumerate(counts))


def _damage_score(specs: tuple[SideSpec, SideSpec], state: State) -> int:
    """Damage plus (hull + 1) per destroyed ship, both sides: every move raises it (no Morph
    Shields), so ascending order is topological for the forward pass."""
    total = 0
    for side in (ATTACKER, DEFENDER):
        for g, counts in enumerate(state[side]):
            total += _damage_total((counts,))
            total += (specs[side].counts[g] - sum(counts)) * (specs[side].hulls[g] + 1)
    return total


def solve_reference(battle: Battle, *, state_budget: int = DEFAULT_STATE_BUDGET) -> BattleResult:
    """Solve a two-sided battle with the simple reference solver."""
    return ReferenceSolver(battle, state_budget=state_budget).run()
