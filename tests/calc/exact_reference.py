"""The simple exact solver, kept as the test oracle of the fast one (``calc.exact.solver``).

Memoised depth-first backward induction over reachable states, one volley at a time, in plain
Python. The method is the one described in ``calc.exact.solver``; this version favours obviousness
over speed and is what the fast solver is checked against on battles too large for the
brute-force reference.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from calc.battle.model import Battle, Policy
from calc.battle.result import BattleResult, Method, SolverStats
from calc.errors import BattleError, TooLargeError
from calc.exact.kernels import prefer
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
)
from calc.rules.dice import hit_threshold, volley_outcomes
from calc.rules.targeting import UNREACHABLE

DEFAULT_STATE_BUDGET = 2_000_000


class ReferenceSolver:
    """Backward induction and forward pass for one two-sided battle (see module doc).

    Plain battles only: no retreat and no Morph Shields (for those the fast solver's oracle is
    the brute-force reference in the tests)."""

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
        self.specs = (SideSpec.of(self.attacker), SideSpec.of(self.defender))
        self.policies = (self.attacker.policy, self.defender.policy)
        self.missile_slots = activation_order(self.attacker, self.defender, missiles=True)
        self.cannon_slots = activation_order(self.attacker, self.defender, missiles=False)
        self.slots = self.missile_slots + self.cannon_slots
        self.first_round_slot = len(self.missile_slots)
        self.state_budget = state_budget
        self.progress = progress
        self.values: dict[State, list[float]] = {}
        self.misses: dict[State, list[float]] = {}
        self.moves: dict[State, list[dict[State, float]]] = {}
        self.order: list[State] = []
        self.outcome_count = 0
        self.assignment_count = 0
        self._stalemate_cache: dict[State, bool] = {}

    # ----- state predicates ---------------------------------------------------------------

    def is_stalemate(self, state: State) -> bool:
        """No living ship on either side has cannons (missiles are spent by now)."""
        found = self._stalemate_cache.get(state)
        if found is None:
            found = True
            for side in (ATTACKER, DEFENDER):
                for g, counts in enumerate(state[side]):
                    if sum(counts) and self.specs[side].stats[g].cannons.total:
                        found = False
            self._stalemate_cache[state] = found
        return found

    @staticmethod
    def terminal_value(state: State) -> float | None:
        """P(attacker wins) if a side is destroyed, else None."""
        a, d = alive(state[ATTACKER]), alive(state[DEFENDER])
        if a and d:
            return None
        return 1.0 if a and not d else 0.0

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

    # ----- backward induction -------------------------------------------------------------

    def next_slot(self, j: int) -> int:
        """The slot after ``j``: missiles run once, engagement slots wrap around."""
        j += 1
        if j == len(self.slots):
            return self.first_round_slot
        return j

    def value_at(self, state: State, j: int) -> float:
        """V(state, slot j): P(attacker wins) from there (the state must be solved)."""
        terminal = self.terminal_value(state)
        if terminal is not None:
            return terminal
        if j >= self.first_round_slot and self.is_stalemate(state):
            return 0.0
        return self.values[state][j]

    def solve_state(self, state: State) -> None:
        """Compute V(state, j) for every slot, assuming successors are solved."""
        n_slots = len(self.slots)
        raw: list[tuple[float, list[tuple[float, list[State]]]]] = [
            self.volley(state, slot) for slot in self.slots
        ]
        values = [0.0] * n_slots
        moves: list[dict[State, float]] = [{} for _ in range(n_slots)]
        misses = [p for p, _ in raw]
        # A[j]: value contributed by outcomes other than "nothing happened".
        contrib = [0.0] * n_slots
        for j, (_, outcomes) in enumerate(raw):
            side = self.slots[j].side
            nxt = self.next_slot(j)
            acc = 0.0
            for p, candidates in outcomes:
                best = self._choose(candidates, nxt, side)
                acc += p * self.value_at(best, nxt)
                moves[j][best] = moves[j].get(best, 0.0) + p
            contrib[j] = acc
        m = self.first_round_slot
        if self.is_stalemate(state) or n_slots == m:
            engage = [0.0] * n_slots
            start = 0.0
        else:
            # Along the all-miss chain: V(j) = a[j] + b[j] * V(start of round).
            a = [0.0] * n_slots
            b = [0.0] * n_slots
            a[n_slots - 1] = contrib[n_slots - 1]
            b[n_slots - 1] = misses[n_slots - 1]
            for j in range(n_slots - 2, m - 1, -1):
                a[j] = contrib[j] + misses[j] * a[j + 1]
                b[j] = misses[j] * b[j + 1]
            start = a[m] / (1.0 - b[m])
            engage = [a[j] + b[j] * start for j in range(n_slots)]
        for j in range(m, n_slots):
            values[j] = engage[j]
        for j in range(m - 1, -1, -1):
            nxt = self.next_slot(j)
            after = start if nxt == m else values[nxt]
            values[j] = contrib[j] + misses[j] * after
        self.values[state] = values
        self.misses[state] = misses
        self.moves[state] = moves

    def _choose(self, candidates: list[State], nxt: int, side: int) -> State:
        if len(candidates) == 1:
            return candidates[0]
        enemy = 1 - side
        best = candidates[0]
        first = True
        best_score, best_alive, best_damage = 0.0, 0, 0
        for c in candidates:
            v = self.value_at(c, nxt)
            score = v if side == ATTACKER else -v
            enemy_alive, enemy_damage = alive(c[enemy]), _damage_total(c[enemy])
            if first or prefer(
                score, enemy_alive, enemy_damage, best_score, best_alive, best_damage
            ):
                best, first = c, False
                best_score, best_alive, best_damage = score, enemy_alive, enemy_damage
        return best

    def successors(self, state: State) -> list[State]:
        """Every state one volley can lead to from ``state`` (any slot)."""
        out: list[State] = []
        for slot in self.slots:
            _, outcomes = self.volley(state, slot)
            for _, candidates in outcomes:
                out.extend(candidates)
        return out

    def solve(self) -> None:
        """Backward induction from the initial state (iterative depth-first post-order)."""
        start = (self.specs[ATTACKER].initial_state(), self.specs[DEFENDER].initial_state())
        self.initial = start
        seen: set[State] = set()
        stack: list[tuple[State, list[State] | None]] = [(start, None)]
        while stack:
            state, pending = stack[-1]
            if pending is None:
                if state in seen or self.terminal_value(state) is not None:
                    stack.pop()
                    continue
                seen.add(state)
                if len(seen) > self.state_budget:
                    raise TooLargeError(
                        f"more than {self.state_budget:,} states; use Monte Carlo or a "
                        "larger budget"
                    )
                pending = [s for s in set(self.successors(state)) if s != state]
                stack[-1] = (state, pending)
            while pending and (
                pending[-1] in self.values or self.terminal_value(pending[-1]) is not None
            ):
                pending.pop()
            if pending:
                stack.append((pending.pop(), None))
                continue
            stack.pop()
            self.solve_state(state)
            self.order.append(state)
            if self.progress is not None and len(self.order) % 2000 == 0:
                self.progress(min(0.99, len(self.order) / max(1, self.state_budget)))

    # ----- forward pass -------------------------------------------------------------------

    def forward(self) -> tuple[dict[State, float], float, float]:
        """Distribution of end states, P(stalemate) and the expected number of rounds."""
        n_slots = len(self.slots)
        m = self.first_round_slot
        inflow: dict[State, list[float]] = {self.initial: [0.0] * n_slots}
        inflow[self.initial][0] = 1.0
        ends: dict[State, float] = {}
        stalemate = 0.0
        rounds = 0.0
        for state in reversed(self.order):
            incoming = inflow.pop(state, None)
            if incoming is None:
                continue
            misses = self.misses[state]
            moves = self.moves[state]
            visits = [0.0] * n_slots
            for j in range(m):
                visits[j] = incoming[j] + (visits[j - 1] * misses[j - 1] if j else 0.0)
            carry = (
                incoming[m] + (visits[m - 1] * misses[m - 1] if m else 0.0) if m < n_slots else 0.0
            )
            if m < n_slots and self.is_stalemate(state):
                total = carry + sum(incoming[m + 1 :])
                self.stale_ends[state] = self.stale_ends.get(state, 0.0) + total
                stalemate += total
                continue
            if m == n_slots:
                # No cannons at all and missiles done: a stalemate after the missile phase.
                after = visits[m - 1] * misses[m - 1]
                self.stale_ends[state] = self.stale_ends.get(state, 0.0) + after
                stalemate += after
            else:
                alpha = [0.0] * n_slots
                beta = [0.0] * n_slots
                beta[m] = 1.0
                for j in range(m + 1, n_slots):
                    alpha[j] = incoming[j] + misses[j - 1] * alpha[j - 1]
                    beta[j] = misses[j - 1] * beta[j - 1]
                last = n_slots - 1
                x = (carry + misses[last] * alpha[last]) / (1.0 - misses[last] * beta[last])
                for j in range(m, n_slots):
                    visits[j] = alpha[j] + beta[j] * x
                rounds += x
            for j in range(n_slots):
                if not visits[j]:
                    continue
                nxt = self.next_slot(j)
                for target, p in moves[j].items():
                    mass = visits[j] * p
                    if self.terminal_value(target) is not None:
                        ends[target] = ends.get(target, 0.0) + mass
                        continue
                    row = inflow.get(target)
                    if row is None:
                        row = [0.0] * n_slots
                        inflow[target] = row
                    row[nxt] += mass
        return ends, stalemate, rounds

    # ----- the whole computation ----------------------------------------------------------

    def run(self) -> BattleResult:
        """Solve and summarise."""
        t0 = time.perf_counter()
        start = (self.specs[ATTACKER].initial_state(), self.specs[DEFENDER].initial_state())
        self.initial = start
        self.stale_ends: dict[State, float] = {}
        if self.terminal_value(start) is not None:
            ends, rounds = {start: 1.0}, 0.0
        elif not self.slots:
            # Nobody has a weapon at all: a stalemate from the start.
            ends, rounds = {}, 0.0
            self.stale_ends[start] = 1.0
        else:
            self.solve()
            ends, _, rounds = self.forward()
        seconds = time.perf_counter() - t0
        stats = SolverStats(
            states=len(self.values),
            outcomes=self.outcome_count,
            assignments=self.assignment_count,
            seconds=seconds,
        )
        end_states = tuple(
            EndState(_full(a), _full(d), p, stale)
            for table, stale in ((ends, False), (self.stale_ends, True))
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


def solve_reference(battle: Battle, *, state_budget: int = DEFAULT_STATE_BUDGET) -> BattleResult:
    """Solve a two-sided battle with the simple reference solver."""
    return ReferenceSolver(battle, state_budget=state_budget).run()
