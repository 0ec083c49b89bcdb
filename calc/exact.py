"""The exact battle solver: backward induction over battle states, then a forward pass.

**States.** A state holds, for every ship type (group) of both sides, how many of its living
ships have each amount of damage: a tuple of counts per damage level ``0..hull``. Identical
ships are interchangeable, so this multiset is all that matters. Together with the *firing
slot* (whose activation is next) it determines the future.

**Slots.** Missile slots come first: every type with missiles fires once, in initiative order
(the defender first on ties; on one side the larger type first). Then engagement slots cycle,
in the same order, over the types with cannons, until one side has no ships left. A type with
no living ships is skipped.

**Volleys.** The outcomes of one activation are enumerated as multinomial counts of
(die colour x reach), never as sequences of dice (``calc.dice.volley_outcomes``). Hits are
assigned by the firing side's policy: ``optimal`` searches every distinct resulting state and
takes the best for the firing side (the attacker maximises, the defender minimises, the
attacker's probability of winning; ties broken towards more enemy ships destroyed, then more
damage); ``npc`` and ``greedy`` follow ``calc.targeting``.

**The all-miss loop.** Every outcome except "nothing happened" adds damage, so states form a
directed acyclic graph ordered by damage, apart from the self-loop of a whole engagement round
in which every volley misses. Writing each slot's value as ``a + b * V(start of round)`` along
the all-miss chain gives ``V = a / (1 - b)`` in closed form. A state in which no living ship
has cannons is a stalemate (it counts for the defender).

**Forward pass.** With the policy fixed, probability mass flows from the initial state in
topological order (the all-miss loop again in closed form), giving the distribution of end
states: who won, survivors per group, materials lost, reputation draws, expected rounds.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from blueprints import Dice, ShipStats, ship_class_info
from calc.dice import RIFT_REACH, VolleyOutcome, hit_threshold, volley_outcomes
from calc.errors import BattleError, TooLargeError
from calc.model import Battle, Policy, ShipGroup, Side
from calc.result import BattleResult, GroupResult, Method, SideResult, SolverStats
from calc.targeting import UNREACHABLE, assign_by_rank, threat

GroupState = tuple[int, ...]
SideState = tuple[GroupState, ...]
State = tuple[SideState, SideState]  # (attacker, defender)

ATTACKER, DEFENDER = 0, 1
MAX_REPUTATION_TILES = 5
DEFAULT_STATE_BUDGET = 2_000_000


@dataclass(frozen=True, slots=True)
class Slot:
    """One activation: which side and group fire, and whether with missiles or cannons."""

    side: int
    group: int
    missiles: bool


@dataclass(frozen=True, slots=True)
class SideSpec:
    """The fixed facts of one side inside the solver."""

    side: Side
    stats: tuple[ShipStats, ...]
    hulls: tuple[int, ...]
    counts: tuple[int, ...]
    sizes: tuple[float, ...]
    threats: tuple[float, ...]
    rift_groups: tuple[bool, ...]

    @classmethod
    def of(cls, side: Side) -> SideSpec:
        stats = tuple(g.stats for g in side.groups)
        return cls(
            side=side,
            stats=stats,
            hulls=tuple(s.hull for s in stats),
            counts=tuple(g.count for g in side.groups),
            sizes=tuple(float(ship_class_info(s.ship_class).size) for s in stats),
            threats=tuple(
                threat(
                    tuple(c.damage for c, n in s.cannons.items() if c.damage for _ in range(n)),
                    s.computer,
                    s.rift_dice,
                )
                * 1000.0
                + ship_class_info(s.ship_class).size
                for s in stats
            ),
            rift_groups=tuple(s.rift_dice > 0 for s in stats),
        )

    def initial_state(self) -> SideState:
        out = []
        for g, hull in zip(self.side.groups, self.hulls, strict=True):
            counts = [0] * (hull + 1)
            for d in g.damage_per_ship:
                counts[d] += 1
            out.append(tuple(counts))
        return tuple(out)


def alive(side_state: SideState) -> int:
    """Living ships on a side."""
    return sum(sum(g) for g in side_state)


def group_state_count(count: int, hull: int) -> int:
    """Number of multisets of at most ``count`` ships with damage 0..hull."""
    from math import comb

    return comb(count + hull + 1, hull + 1)


def estimate_states(battle: Battle) -> int:
    """Upper bound on the distinct states the exact solver can visit (before solving)."""
    total = 1
    for side in (battle.attacker_side.canonical(), battle.defender_side.canonical()):
        for g in side.groups:
            total *= group_state_count(g.count, g.stats.hull)
    return total


def activation_order(attacker: Side, defender: Side, missiles: bool) -> tuple[Slot, ...]:
    """Slots in initiative order: highest first, the defender first on ties, and on one side
    the canonical group order (larger type first)."""
    slots = []
    for side_index, side in ((ATTACKER, attacker), (DEFENDER, defender)):
        for g, group in enumerate(side.groups):
            dice = group.stats.missiles if missiles else group.stats.cannons
            if dice.total:
                slots.append((group.stats.initiative, side_index, g))
    slots.sort(key=lambda t: (-t[0], -t[1], t[2]))
    return tuple(Slot(side, g, missiles) for _, side, g in slots)


def _expand(side_state: SideState) -> tuple[np.ndarray, np.ndarray]:
    groups = []
    damage = []
    for g, counts in enumerate(side_state):
        for d, c in enumerate(counts):
            groups.extend([g] * c)
            damage.extend([d] * c)
    return np.array(groups, dtype=np.int64), np.array(damage, dtype=np.int64)


def _collapse(
    side_state: SideState, groups: np.ndarray, damage: np.ndarray, hulls: tuple[int, ...]
) -> SideState:
    out = [[0] * len(c) for c in side_state]
    for g, d in zip(groups.tolist(), damage.tolist(), strict=True):
        if d <= hulls[g]:
            out[g][d] += 1
    return tuple(tuple(c) for c in out)


def _hit_arrays(hits: tuple[tuple[int, int, int], ...]) -> tuple[np.ndarray, np.ndarray]:
    dmg: list[int] = []
    reach: list[int] = []
    for d, r, c in hits:
        dmg.extend([d] * c)
        reach.extend([r] * c)
    return np.array(dmg, dtype=np.int64), np.array(reach, dtype=np.int64)


@lru_cache(maxsize=500_000)
def rule_assignment(
    side_state: SideState,
    hits: tuple[tuple[int, int, int], ...],
    needs: tuple[int, ...],
    hulls: tuple[int, ...],
    ranks: tuple[float, ...],
) -> SideState:
    """The side state after ``hits`` are assigned by rank (NPC rule or greedy)."""
    groups, damage = _expand(side_state)
    if not len(groups) or not hits:
        return side_state
    hit_damage, hit_reach = _hit_arrays(hits)
    assign_by_rank(
        hit_damage,
        hit_reach,
        groups,
        damage,
        np.array(hulls, dtype=np.int64),
        np.array(needs, dtype=np.int64),
        np.array(ranks, dtype=np.float64),
    )
    return _collapse(side_state, groups, damage, hulls)


@lru_cache(maxsize=500_000)
def all_assignments(
    side_state: SideState,
    hits: tuple[tuple[int, int, int], ...],
    needs: tuple[int, ...],
    hulls: tuple[int, ...],
) -> tuple[SideState, ...]:
    """Every distinct side state that some assignment of ``hits`` can produce.

    Each hit goes to one living ship it can reach (damage is never split); a hit that can reach
    no living ship is lost.
    """
    frontier: set[SideState] = {side_state}
    for damage, reach, count in hits:
        for _ in range(count):
            step: set[SideState] = set()
            for st in frontier:
                placed = False
                for g, counts in enumerate(st):
                    if needs[g] > reach:
                        continue
                    hull = hulls[g]
                    for d, c in enumerate(counts):
                        if not c:
                            continue
                        placed = True
                        new = list(counts)
                        new[d] -= 1
                        if d + damage <= hull:
                            new[d + damage] += 1
                        step.add((*st[:g], tuple(new), *st[g + 1 :]))
                if not placed:
                    step.add(st)
            frontier = step
    return tuple(sorted(frontier))


class ExactSolver:
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
                "the exact two-sided solver takes two sides; use calc.odds for a sector"
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
            new_own = self._self_damage(state[side], outcome, own)
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

    @staticmethod
    def _self_damage(side_state: SideState, outcome: VolleyOutcome, own: SideSpec) -> SideState:
        if not outcome.self_damage:
            return side_state
        needs = tuple(0 if rift else UNREACHABLE for rift in own.rift_groups)
        hits = ((1, RIFT_REACH, outcome.self_damage),)
        return rule_assignment(side_state, hits, needs, own.hulls, own.sizes)

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
        best_key: tuple[float, int, int] | None = None
        for c in candidates:
            v = self.value_at(c, nxt)
            score = v if side == ATTACKER else -v
            # Round so that ties within 1e-12 fall to the secondary criteria.
            key = (round(score, 12), -alive(c[enemy]), _damage_total(c[enemy]))
            if best_key is None or key > best_key:
                best, best_key = c, key
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
                ends[state] = ends.get(state, 0.0) + total
                stalemate += total
                continue
            if m == n_slots:
                # No cannons at all and missiles done: a stalemate after the missile phase.
                after = visits[m - 1] * misses[m - 1]
                ends[state] = ends.get(state, 0.0) + after
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
        if self.terminal_value(start) is not None:
            ends, stalemate, rounds = {start: 1.0}, 0.0, 0.0
        elif not self.slots:
            # Nobody has a weapon at all: a stalemate from the start.
            ends, stalemate, rounds = {start: 1.0}, 1.0, 0.0
        else:
            self.solve()
            ends, stalemate, rounds = self.forward()
        seconds = time.perf_counter() - t0
        stats = SolverStats(
            states=len(self.values),
            outcomes=self.outcome_count,
            assignments=self.assignment_count,
            seconds=seconds,
        )
        return summarise(
            self.battle,
            (self.attacker, self.defender),
            self.specs,
            ends,
            stalemate,
            rounds,
            Method.EXACT,
            f"{len(self.values):,} states, within the exact budget",
            stats,
        )


def _damage_total(side_state: SideState) -> int:
    return sum(d * c for counts in side_state for d, c in enumerate(counts))


def summarise(
    battle: Battle,
    sides: tuple[Side, Side],
    specs: tuple[SideSpec, SideSpec],
    ends: dict[State, float],
    stalemate: float,
    rounds: float,
    method: Method,
    why: str,
    stats: SolverStats,
) -> BattleResult:
    """Turn a distribution of end states into a ``BattleResult``."""
    p_att = p_def = p_draw = 0.0
    survivors = [[np.zeros(spec.counts[g] + 1) for g in range(len(spec.counts))] for spec in specs]
    lost = [0.0, 0.0]
    tiles = [np.zeros(MAX_REPUTATION_TILES + 1), np.zeros(MAX_REPUTATION_TILES + 1)]
    for state, p in ends.items():
        a, d = alive(state[ATTACKER]), alive(state[DEFENDER])
        if a and not d:
            p_att += p
        elif d and not a:
            p_def += p
        elif not a and not d:
            p_draw += p
        else:
            p_def += p  # stalemate: counts for the defender
        destroyed_value = [0, 0]
        for side in (ATTACKER, DEFENDER):
            spec = specs[side]
            for g, counts in enumerate(state[side]):
                left = sum(counts)
                survivors[side][g][left] += p
                gone = spec.counts[g] - left
                lost[side] += p * gone * spec.stats[g].cost
                destroyed_value[side] += gone * ship_class_info(spec.stats[g].ship_class).reputation
        for side in (ATTACKER, DEFENDER):
            if sides[side].npc:
                tiles[side][0] += p
            else:
                k = min(MAX_REPUTATION_TILES, 1 + destroyed_value[1 - side])
                tiles[side][k] += p
    side_results = []
    for side in (ATTACKER, DEFENDER):
        spec = specs[side]
        groups = []
        for g, group in enumerate(sides[side].groups):
            dist = survivors[side][g]
            groups.append(
                GroupResult(
                    label=group.label,
                    ship_class=group.stats.ship_class,
                    count=group.count,
                    cost=group.stats.cost,
                    survivors=tuple(float(x) for x in dist),
                    expected_survivors=float(np.dot(dist, np.arange(len(dist)))),
                )
            )
        side_results.append(
            SideResult(
                name=sides[side].name,
                policy=sides[side].policy,
                npc=sides[side].npc,
                wins=p_att if side == ATTACKER else p_def,
                groups=tuple(groups),
                expected_material_lost=lost[side],
                reputation_tiles=tuple(float(x) for x in tiles[side]),
            )
        )
    attacker_index = 1 - battle.defender if len(battle.sides) == 2 else 0
    ordered: list[SideResult | None] = [None, None]
    ordered[attacker_index] = side_results[ATTACKER]
    ordered[battle.defender] = side_results[DEFENDER]
    return BattleResult(
        attacker_wins=p_att,
        defender_wins=p_def,
        draw=p_draw,
        stalemate=stalemate,
        expected_rounds=rounds,
        sides=tuple(s for s in ordered if s is not None),
        attacker=attacker_index,
        defender=battle.defender,
        method=method,
        why=why,
        stats=stats,
    )


def solve_exact(
    battle: Battle,
    *,
    state_budget: int = DEFAULT_STATE_BUDGET,
    progress: Callable[[float], None] | None = None,
) -> BattleResult:
    """Solve a two-sided battle exactly under each side's policy."""
    return ExactSolver(battle, state_budget=state_budget, progress=progress).run()


def dice_of(group: ShipGroup, missiles: bool) -> Dice:
    """The dice one ship of the group rolls in a missile or engagement volley."""
    return group.stats.missiles if missiles else group.stats.cannons
