"""An independent brute-force reference for battles with retreat and Morph Shields.

Like ``brute_force`` it rolls every die of a volley individually and assigns hits to individual
ships, but it carries the four values the solver compares (P(attacker wins), P(defender wins),
build value kept by each side) and plays retreat decisions by each side's rule. Engagement
rounds are cut after ``max_rounds``; a cut battle counts as a stalemate (small error for the
tiny battles of the tests, far below 1e-12 for the rounds used). Written separately from
``calc``: it shares only the battle model.
"""

from __future__ import annotations

import itertools
from functools import cache

from blueprints import ShipClass, ship_class_info
from calc.battle.model import Battle, Policy, RetreatObjective, RetreatPolicy
from tests.calc.helpers import with_deep_stack

RIFT = ((1, 0), (2, 0), (3, 1), (0, 1), (0, 0), (0, 0))
SIZE = {c: ship_class_info(c).size for c in ShipClass}
Vec = tuple[float, float, float, float]


def need(computer: int, shield: int) -> int:
    return min(6, max(2, 6 - computer + shield))


class SectorBrute:
    def __init__(self, battle: Battle, max_rounds: int = 150) -> None:
        self.sides = (battle.attacker_side.canonical(), battle.defender_side.canonical())
        if any(s.policy is not Policy.OPTIMAL for s in self.sides):
            raise ValueError("the sector brute force plays optimal hit assignment only")
        # Ship types: (side, group index, stats)
        self.types = []
        ships: list[list[tuple[int, int]]] = [[], []]
        for si, side in enumerate(self.sides):
            for g in side.groups:
                t = len(self.types)
                self.types.append((si, g.stats))
                for d in g.damage_per_ship:
                    ships[si].append((t, d))
        status = tuple(0 for _ in self.types)
        self.start = (tuple(sorted(ships[0])), tuple(sorted(ships[1])), status, (0, 0, 0, 0))
        order = sorted(
            range(len(self.types)),
            key=lambda t: (
                -self.types[t][1].initiative,
                -self.types[t][0],
                -SIZE[self.types[t][1].ship_class],
                t,
            ),
        )
        self.missile_order = [t for t in order if self.types[t][1].missiles.total]
        self.cannon_order = [
            t for t in order
            if self.types[t][1].cannons.total
            or (self.sides[self.types[t][0]].retreats and self.mobile(t))
        ]  # fmt: skip
        self.max_rounds = max_rounds

    # ----- facts ----------------------------------------------------------------------------

    def hull(self, t: int) -> int:
        return int(self.types[t][1].hull)

    def cost(self, t: int) -> int:
        return int(self.types[t][1].cost)

    def in_sector(self, state, side: int) -> int:  # type: ignore[no-untyped-def]
        return sum(1 for t, _ in state[side] if state[2][t] != 2)

    def kept(self, state, side: int) -> float:  # type: ignore[no-untyped-def]
        return float(sum(self.cost(t) for t, _ in state[side]))

    def stalemate_at(self, state) -> bool:  # type: ignore[no-untyped-def]
        """Neither side can ever destroy a ship of the other: its fighting ships' dice all
        hitting one ship (rift dice 3 each) deal at most the least min(morph, hull - damage)
        over the other side's ships in the sector (the rule of ``calc.rules.stalemate``)."""
        best = [0, 0]
        tough = [1 << 40, 1 << 40]
        for side in (0, 1):
            for t, d in state[side]:
                stats = self.types[t][1]
                if state[2][t] == 2:
                    continue
                tough[side] = min(tough[side], stats.morph, stats.hull - d)
                if state[2][t] == 0:
                    c = stats.cannons
                    best[side] += c.yellow + 2 * c.orange + 3 * c.blue + 4 * c.red + 3 * c.pink
        return best[0] <= tough[1] and best[1] <= tough[0]

    def mobile(self, t: int) -> bool:
        """Starbases and orbitals have no drive: they never retreat."""
        return self.types[t][1].ship_class not in (ShipClass.STARBASE, ShipClass.ORBITAL)

    def terminal(self, state) -> Vec | None:  # type: ignore[no-untyped-def]
        a, d = self.in_sector(state, 0), self.in_sector(state, 1)
        if a and d:
            return None
        return (
            float(a > 0 and d == 0),
            float(d > 0 and a == 0),
            self.kept(state, 0),
            self.kept(state, 1),
        )

    def stalemate(self, state) -> Vec:  # type: ignore[no-untyped-def]
        sector_value = sum(self.cost(t) for t, _ in state[0] if state[2][t] != 2)
        kept_a = self.kept(state, 0) - (0 if self.sides[0].can_retreat else sector_value)
        return (0.0, 1.0, kept_a, self.kept(state, 1))

    # ----- the game ------------------------------------------------------------------------

    @cache  # noqa: B019
    def missiles(self, state, k: int) -> Vec:  # type: ignore[no-untyped-def]
        term = self.terminal(state)
        if term is not None:
            return term
        if k == len(self.missile_order):
            return self.round(state, 0, self.max_rounds)
        return self.activation(
            state, self.missile_order[k], True, lambda s: self.missiles(s, k + 1)
        )

    @cache  # noqa: B019
    def round(self, state, k: int, left: int) -> Vec:  # type: ignore[no-untyped-def]
        term = self.terminal(state)
        if term is not None:
            return term
        if k == 0 and self.stalemate_at(state):
            return self.stalemate(state)
        if left == 0:
            return self.stalemate(state)
        if k == len(self.cannon_order):
            return self.round(self.repair(state), 0, left - 1)
        return self.activation(
            state, self.cannon_order[k], False, lambda s: self.round(s, k + 1, left)
        )

    def repair(self, state):  # type: ignore[no-untyped-def]
        ships = []
        for side in (0, 1):
            new = []
            for t, d in state[side]:
                m = self.types[t][1].morph
                if m and state[2][t] != 2:
                    d = max(0, d - m)
                new.append((t, d))
            ships.append(tuple(sorted(new)))
        return (ships[0], ships[1], state[2], state[3])

    def activation(self, state, t: int, missiles: bool, then) -> Vec:  # type: ignore[no-untyped-def]
        side = self.types[t][0]
        n = sum(1 for tt, _ in state[side] if tt == t)
        status = state[2][t]
        if n == 0 or status == 2:
            return then(state)
        if status == 1 and not missiles:
            statuses = list(state[2])
            statuses[t] = 2
            return then((state[0], state[1], tuple(statuses), state[3]))
        fight = (
            self.volley(state, t, missiles, then)
            if (missiles or self.types[t][1].cannons.total)
            else then(state)
        )
        s = self.sides[side]
        if missiles or not s.retreats or not self.mobile(t):
            return fight
        statuses = list(state[2])
        statuses[t] = 1
        flags = list(state[3])
        flags[2 * side] = 1
        if not any(statuses[tt] == 0 for tt, _ in state[side]):
            flags[2 * side + 1] = 1
        retreat = then((state[0], state[1], tuple(statuses), tuple(flags)))
        if self.prefers_retreat(side, fight, retreat):
            return retreat
        return fight

    def prefers_retreat(self, side: int, fight: Vec, retreat: Vec) -> bool:
        rule = self.sides[side].retreat
        if rule.policy is RetreatPolicy.THRESHOLD:
            return fight[side] < rule.below
        if rule.objective is RetreatObjective.WIN:
            return retreat[side] > fight[side] + 1e-12

        def value(v: Vec) -> float:
            return v[2] - v[3] if side == 0 else v[3] - v[2]

        return value(retreat) > value(fight) + 1e-12

    def volley(self, state, t: int, missiles: bool, then) -> Vec:  # type: ignore[no-untyped-def]
        side = self.types[t][0]
        total = [0.0, 0.0, 0.0, 0.0]
        for p, results in self.volley_outcomes(state, t, missiles):
            best = None
            best_key = None
            for nxt, alive, dmg_total in results:
                v = then(nxt)
                score = v[0] if side == 0 else -v[0]
                own_kept, enemy_kept = (v[2], v[3]) if side == 0 else (v[3], v[2])
                key = (score, own_kept, -enemy_kept, -alive, dmg_total)
                if best is None or self.better(key, best_key):
                    best, best_key = v, key
            for i in range(4):
                total[i] += p * best[i]  # type: ignore[index]
        return (total[0], total[1], total[2], total[3])

    @cache  # noqa: B019
    def volley_outcomes(self, state, t: int, missiles: bool):  # type: ignore[no-untyped-def]
        """Every face sequence of type ``t``'s volley with its probability and, for each way
        to assign its hits, the state it leaves, the enemy ships left and the damage on them.
        The same volley comes back every round: it is enumerated once per state."""
        side = self.types[t][0]
        enemy = 1 - side
        stats = self.types[t][1]
        n = sum(1 for tt, _ in state[side] if tt == t)
        per = stats.missiles if missiles else stats.cannons
        dice = []
        for _ in range(n):
            dice += (
                [1] * per.yellow
                + [2] * per.orange
                + [3] * per.blue
                + [4] * per.red
                + [0] * per.pink
            )
        targets = [i for i, (et, _) in enumerate(state[enemy]) if state[2][et] != 2]
        needs = {i: need(stats.computer, self.types[state[enemy][i][0]][1].shield) for i in targets}
        outcomes = []
        for rolls in itertools.product(range(1, 7), repeat=len(dice)):
            p = (1 / 6) ** len(dice)
            hits = []
            self_points = 0
            for dmg, roll in zip(dice, rolls, strict=True):
                if dmg == 0:
                    to_enemy, to_self = RIFT[roll - 1]
                    self_points += to_self
                    if to_enemy:
                        hits.append((to_enemy, frozenset(targets)))
                    continue
                ok = frozenset(i for i in targets if roll >= needs[i])
                if ok:
                    hits.append((dmg, ok))
            own = list(state[side])
            if self_points:
                own = self.npc_rule(own, [(1, frozenset(
                    i for i, (ot, _) in enumerate(own) if self.types[ot][1].cannons.pink and state[2][ot] != 2
                ))] * self_points)  # fmt: skip
            results = []
            for result in self.assignments(list(state[enemy]), hits):
                nxt = self.make(state, side, own, result)
                alive = sum(1 for et, d in result if d <= self.hull(et) and state[2][et] != 2)
                dmg_total = sum(d for et, d in result if d <= self.hull(et))
                results.append((nxt, alive, dmg_total))
            outcomes.append((p, tuple(results)))
        return tuple(outcomes)

    @staticmethod
    def better(key, best) -> bool:  # type: ignore[no-untyped-def]
        """Higher P(win), then more own build value kept, then less of the enemy's (the
        solver's tie rule), then fewer enemy ships left, then more damage on them."""
        for i, tol in ((0, 1e-12), (1, 1e-9), (2, 1e-9)):
            if key[i] > best[i] + tol:
                return True
            if key[i] < best[i] - tol:
                return False
        return key[3:] > best[3:]

    def make(self, state, side: int, own: list, enemy: list):  # type: ignore[no-untyped-def]
        own_t = tuple(sorted(s for s in own if s[1] <= self.hull(s[0])))
        enemy_t = tuple(sorted(s for s in enemy if s[1] <= self.hull(s[0])))
        a, d = (own_t, enemy_t) if side == 0 else (enemy_t, own_t)
        statuses = list(state[2])
        for tt in range(len(self.types)):
            if not any(x == tt for x, _ in a + d):
                statuses[tt] = 0 if statuses[tt] != 2 else 2
        return (a, d, tuple(statuses), state[3])

    def assignments(self, ships: list, hits: list):  # type: ignore[no-untyped-def]
        """Every assignment of hits to individual living ships."""
        if not hits:
            yield ships
            return
        dmg, reach = hits[0]
        for sub in self.assignments(ships, hits[1:]):
            live = [i for i in reach if sub[i][1] <= self.hull(sub[i][0])]
            if not live:
                yield sub
                continue
            for i in live:
                new = list(sub)
                new[i] = (new[i][0], new[i][1] + dmg)
                yield new

    def npc_rule(self, ships: list, hits: list) -> list:  # type: ignore[type-arg]
        """Rift self-damage (tests keep one rift ship, so the rule cannot differ)."""
        ships = list(ships)
        for dmg, reach in hits:
            live = [i for i in reach if ships[i][1] <= self.hull(ships[i][0])]
            if not live:
                continue
            kill = [i for i in live if self.hull(ships[i][0]) - ships[i][1] + 1 <= dmg]
            pool = kill or live
            i = max(
                pool,
                key=lambda i: (
                    SIZE[self.types[ships[i][0]][1].ship_class],
                    ships[i][1],
                    -ships[i][0],
                    -i,
                ),
            )
            ships[i] = (ships[i][0], ships[i][1] + dmg)
        return ships

    def value(self) -> Vec:
        return self.missiles(self.start, 0)


def sector_brute(battle: Battle, max_rounds: int = 150) -> Vec:
    """The four values of the initial state by brute force (deep recursion in a thread)."""
    return with_deep_stack(lambda: SectorBrute(battle, max_rounds).value())
