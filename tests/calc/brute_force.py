"""An independent, deliberately simple reference solver for tiny battles.

It shares nothing with ``calc`` but the battle model: every die of a volley is rolled
individually (all 6^k face sequences), every hit is assigned to an individual ship, and the
battle is cut after ``max_rounds`` engagement rounds (the rest counts for the defender). The
error of the cut is at most P(no ship destroyed in max_rounds rounds), which for the tiny
battles of the tests is far below 1e-12. The NPC rule and the greedy heuristic are written
again here from their documentation in ``calc.rules.targeting``, with brute-force subset search.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from functools import cache

from blueprints import ShipClass, ship_class_info
from calc.battle.model import Battle, NpcReading, Policy, Side
from tests.calc.helpers import with_deep_stack
from tests.calc.npc_rule_oracle import assign_by_enumeration

RIFT = ((1, 0), (2, 0), (3, 1), (0, 1), (0, 0), (0, 0))
SIZE = {c: ship_class_info(c).size for c in ShipClass}


def hits(roll: int, computer: int, shield: int) -> bool:
    if roll == 6:
        return True
    if roll == 1:
        return False
    return roll + computer - shield >= 6


class BruteForce:
    def __init__(self, battle: Battle, max_rounds: int = 150) -> None:
        self.att = battle.attacker_side
        self.dfn = battle.defender_side
        # Ship types: (side, stats); ships: per side a tuple of (type index, damage).
        self.types: list[tuple[int, object]] = []
        ships: list[list[tuple[int, int]]] = [[], []]
        for side_index, side in enumerate((self.att, self.dfn)):
            for g in side.groups:
                t = len(self.types)
                self.types.append((side_index, g.stats))
                dmg = list(g.damage) + [0] * (g.count - len(g.damage))
                for d in dmg:
                    ships[side_index].append((t, d))
        self.start = (tuple(sorted(ships[0])), tuple(sorted(ships[1])))
        order = sorted(
            range(len(self.types)),
            key=lambda t: (
                -self.types[t][1].initiative,  # type: ignore[attr-defined]
                -self.types[t][0],  # defender (1) first on ties
                -SIZE[self.types[t][1].ship_class],  # type: ignore[attr-defined]
                t,
            ),
        )
        self.missile_order = [t for t in order if self.types[t][1].missiles.total]  # type: ignore[attr-defined]
        self.cannon_order = [t for t in order if self.types[t][1].cannons.total]  # type: ignore[attr-defined]
        self.max_rounds = max_rounds
        self.policies = (self.att.policy, self.dfn.policy)
        self.splitter = (self.att.antimatter_splitter, self.dfn.antimatter_splitter)
        # The reading of the NPC rule's leftover sentence; greedy always concentrates.
        self.spread_self = tuple(s.npc_reading is NpcReading.SPREAD for s in (self.att, self.dfn))

    # --- dice ---------------------------------------------------------------------------

    def dice(self, t: int, missiles: bool, n: int) -> list[tuple[int, bool]]:
        stats = self.types[t][1]
        d = stats.missiles if missiles else stats.cannons  # type: ignore[attr-defined]
        out = []
        for _ in range(n):
            out += [(1, False)] * d.yellow + [(2, False)] * d.orange + [(3, False)] * d.blue
            out += [(4, False)] * d.red + [(0, True)] * d.pink
        return out

    # --- value ----------------------------------------------------------------------------

    def value(self) -> float:
        return self._missiles(self.start, 0)

    def alive(self, ships: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        return tuple(
            sorted(s for s in ships if s[1] <= self.types[s[0]][1].hull)  # type: ignore[attr-defined]
        )

    def terminal(self, state: tuple) -> float | None:  # type: ignore[type-arg]
        a, d = len(state[0]), len(state[1])
        if a and d:
            return None
        return 1.0 if a else 0.0

    @cache  # noqa: B019
    def _missiles(self, state: tuple, k: int) -> float:  # type: ignore[type-arg]
        term = self.terminal(state)
        if term is not None:
            return term
        if k == len(self.missile_order):
            return self._round(state, 0, self.max_rounds)
        t = self.missile_order[k]
        return self._volley(state, t, True, lambda s: self._missiles(s, k + 1))

    @cache  # noqa: B019
    def _round(self, state: tuple, k: int, rounds_left: int) -> float:  # type: ignore[type-arg]
        term = self.terminal(state)
        if term is not None:
            return term
        if not any(self.types[t][1].cannons.total for side in state for t, _ in side):  # type: ignore[attr-defined]
            return 0.0  # stalemate: the defender's
        if rounds_left == 0:
            return 0.0
        if k == len(self.cannon_order):
            return self._round(state, 0, rounds_left - 1)
        t = self.cannon_order[k]
        return self._volley(state, t, False, lambda s: self._round(s, k + 1, rounds_left))

    def _volley(self, state: tuple, t: int, missiles: bool, then) -> float:  # type: ignore[no-untyped-def, type-arg]
        side = self.types[t][0]
        outcomes = self._volley_outcomes(state, t, missiles)
        if outcomes is None:
            return then(state)
        total = 0.0
        for p, candidates in outcomes:
            values = [then(nxt) for nxt in candidates]
            total += p * (max(values) if side == 0 else min(values))
        return total

    @cache  # noqa: B019
    def _volley_outcomes(self, state: tuple, t: int, missiles: bool):  # type: ignore[no-untyped-def, type-arg]
        """Every face sequence of type ``t``'s volley with its probability and the states its
        shooter may leave (every assignment of its hits for the optimal policy, the one its
        rule picks otherwise); None when no ship of the type is left to fire. The same volley
        comes back every round, so it is enumerated once per state, not once per round."""
        side = self.types[t][0]
        enemy = 1 - side
        n = sum(1 for s in state[side] if s[0] == t)
        if n == 0:
            return None
        stats = self.types[t][1]
        dice = self.dice(t, missiles, n)
        outcomes = []
        for rolls in itertools.product(range(1, 7), repeat=len(dice)):
            p = (1 / 6) ** len(dice)
            hit_list = []  # (damage, reach, set of enemy ship indices it may hit)
            self_damage = 0
            needs = [
                min(6, max(2, 6 - stats.computer + self.types[et][1].shield))  # type: ignore[attr-defined]
                for et, _ in state[enemy]
            ]
            for (dmg, rift), roll in zip(dice, rolls, strict=True):
                if rift:
                    to_enemy, to_self = RIFT[roll - 1]
                    self_damage += to_self
                    if to_enemy:
                        hit_list.append((to_enemy, 99, frozenset(range(len(state[enemy])))))
                    continue
                ok = [
                    i
                    for i, (et, _) in enumerate(state[enemy])
                    if hits(roll, stats.computer, self.types[et][1].shield)  # type: ignore[attr-defined]
                ]
                if ok:
                    reach = max(needs[i] for i in ok)
                    if missiles is False and self.splitter[side] and dmg == 4:
                        hit_list += [(1, reach, frozenset(ok))] * 4
                    else:
                        hit_list.append((dmg, reach, frozenset(ok)))
            enemy_ships = state[enemy]
            own = list(state[side])
            if self_damage:
                rift_ships = frozenset(
                    i
                    for i, (ot, _) in enumerate(own)
                    if self.types[ot][1].cannons.pink  # type: ignore[attr-defined]
                )
                own = self.npc_rule(
                    own, [(1, 99, rift_ships)] * self_damage, self.size_rank, self.spread_self[side]
                )
            policy = self.policies[side]
            if policy is Policy.OPTIMAL:
                candidates = tuple(
                    self.make(side, own, targets)
                    for targets in self.assignments(enemy_ships, hit_list)
                )
            else:
                rank = self.size_rank if policy is Policy.NPC else self.threat_rank
                spread = policy is Policy.NPC and self.spread_self[side]
                targets = self.npc_rule(list(enemy_ships), hit_list, rank, spread)
                candidates = (self.make(side, own, targets),)
            outcomes.append((p, candidates))
        return tuple(outcomes)

    def make(self, side: int, own: list, enemy: list) -> tuple:  # type: ignore[type-arg]
        own_t = self.alive(tuple(own))
        enemy_t = self.alive(tuple(enemy))
        return (own_t, enemy_t) if side == 0 else (enemy_t, own_t)

    def assignments(self, ships: tuple, hit_list: list):  # type: ignore[no-untyped-def, type-arg]
        """Every assignment of hits to individual living ships (as resulting ship lists)."""
        if not hit_list:
            yield list(ships)
            return
        (dmg, _, reach), rest = hit_list[0], hit_list[1:]
        for sub in self.assignments(ships, rest):
            live = [i for i in reach if sub[i][1] <= self.types[sub[i][0]][1].hull]  # type: ignore[attr-defined]
            if not live:
                yield sub
                continue
            for i in live:
                new = list(sub)
                new[i] = (new[i][0], new[i][1] + dmg)
                yield new

    # --- rules written again -----------------------------------------------------------------

    def size_rank(self, ship: tuple[int, int]) -> float:
        return float(SIZE[self.types[ship[0]][1].ship_class])  # type: ignore[attr-defined]

    def threat_rank(self, ship: tuple[int, int]) -> float:
        stats = self.types[ship[0]][1]
        need = min(6, max(2, 6 - stats.computer))  # type: ignore[attr-defined]
        c = stats.cannons  # type: ignore[attr-defined]
        exp = (c.yellow + 2 * c.orange + 3 * c.blue + 4 * c.red) * (7 - need) / 6 + c.pink
        return exp * 1000 + SIZE[stats.ship_class]  # type: ignore[attr-defined]

    def npc_rule(self, ships: list, hit_list: list, rank, spread: bool) -> list:  # type: ignore[no-untyped-def, type-arg]
        hull = [self.types[t][1].hull for t, _ in ships]  # type: ignore[attr-defined]
        # Group index of a ship = its type index; ties: type order as in the solver (lower first).
        order = sorted(
            range(len(ships)),
            key=lambda i: (-rank(ships[i]), -ships[i][1], ships[i][0], i),
        )
        hp = [hull[i] - d + 1 if d <= hull[i] else 0 for i, (_, d) in enumerate(ships)]
        added = assign_by_enumeration(hp, order, hit_list, spread).added
        return [(t, d + a) for (t, d), a in zip(ships, added, strict=True)]


def brute_force_attacker_wins(battle: Battle, max_rounds: int = 150) -> float:
    """P(attacker wins) by the reference method (run with a deep stack, since the plain
    recursion goes max_rounds x slots deep)."""
    return with_deep_stack(lambda: BruteForce(battle, max_rounds).value())


def with_policy(side: Side, policy: Policy) -> Side:
    return replace(side, policy=policy)
