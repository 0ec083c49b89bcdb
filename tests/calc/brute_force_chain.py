"""An independent brute-force reference for tiny sectors of three or more sides (NPC-rule
play, no retreat): battles two at a time in reverse order of entry, survivors with their
damage fighting the next, every die rolled individually. Returns P(each side holds the
sector) and P(nobody does), with the rounds of each battle cut at ``max_rounds`` (a cut battle
counts for its defender)."""

from __future__ import annotations

import itertools
from functools import cache

from blueprints import ShipClass, ship_class_info
from calc.battle.model import Battle

SIZE = {c: ship_class_info(c).size for c in ShipClass}


def hits(roll: int, computer: int, shield: int) -> bool:
    if roll == 6:
        return True
    if roll == 1:
        return False
    return roll + computer - shield >= 6


def npc_assign(
    ships: list[tuple[int, int]], stats: list, dice: list[tuple[int, int]], reach_of
) -> list[tuple[int, int]]:  # type: ignore[type-arg]
    """The NPC rule, written plainly: destroy largest first with the least waste, then put the
    rest on the largest ship each die can reach. ``dice`` are (damage, roll)."""
    ships = list(ships)

    def hull(i: int) -> int:
        return stats[ships[i][0]].hull

    order = sorted(
        range(len(ships)),
        key=lambda i: (-SIZE[stats[ships[i][0]].ship_class], -ships[i][1], ships[i][0], i),
    )
    used = [False] * len(dice)
    for i in order:
        if ships[i][1] > hull(i):
            continue
        hp = hull(i) - ships[i][1] + 1
        avail = [h for h in range(len(dice)) if not used[h] and reach_of(dice[h], i, ships)]
        kinds = sorted({(dice[h][0], reach_of(dice[h], -1, ships)) for h in avail})
        best = None
        for r in range(1, len(avail) + 1):
            for combo in itertools.combinations(avail, r):
                s = sum(dice[h][0] for h in combo)
                if s < hp:
                    continue
                reach = sum(reach_of(dice[h], -1, ships) for h in combo)
                per_kind = tuple(
                    -sum(1 for h in combo if (dice[h][0], reach_of(dice[h], -1, ships)) == k)
                    for k in kinds
                )
                key = (s - hp, r, reach, per_kind)
                if best is None or key < best[0]:
                    best = (key, combo)
        if best is not None:
            for h in best[1]:
                used[h] = True
                ships[i] = (ships[i][0], ships[i][1] + dice[h][0])
    for h in range(len(dice)):
        if used[h]:
            continue
        for i in order:
            if ships[i][1] <= hull(i) and reach_of(dice[h], i, ships):
                ships[i] = (ships[i][0], ships[i][1] + dice[h][0])
                break
    return ships


class ChainBrute:
    def __init__(self, battle: Battle, max_rounds: int = 120) -> None:
        self.sides = [s.canonical() for s in battle.sides]
        self.defender = battle.defender
        attackers = [i for i in range(len(self.sides)) if i != battle.defender]
        self.order = [*reversed(attackers), battle.defender]
        self.stats = [[g.stats for g in s.groups] for s in self.sides]
        self.max_rounds = max_rounds

    def fleet(self, i: int) -> tuple[tuple[int, int], ...]:
        return tuple(
            sorted(
                (g, d)
                for g, group in enumerate(self.sides[i].groups)
                for d in group.damage_per_ship
            )
        )

    def value(self) -> tuple[float, ...]:
        return self.chain(0, self.order[0], self.fleet(self.order[0]))

    @cache  # noqa: B019
    def chain(self, k: int, holder: int, ships: tuple[tuple[int, int], ...]) -> tuple[float, ...]:
        n = len(self.sides)
        if k + 1 == len(self.order):
            out = [0.0] * (n + 1)
            out[holder if ships else n] = 1.0
            return tuple(out)
        opponent = self.order[k + 1]
        if not ships:
            return self.chain(k + 1, opponent, self.fleet(opponent))
        if not self.fleet(opponent):
            return self.chain(k + 1, holder, ships)
        result = [0.0] * (n + 1)
        for (a_left, d_left), p in self.battle(holder, ships, opponent).items():
            if d_left and not a_left:
                sub = self.chain(k + 1, opponent, d_left)
            elif a_left and not d_left:
                sub = self.chain(k + 1, holder, a_left)
            else:
                sub = self.chain(k + 1, opponent, ())
            for i in range(n + 1):
                result[i] += p * sub[i]
        return tuple(result)

    def battle(self, a: int, a_ships: tuple, d: int) -> dict:  # type: ignore[type-arg]
        """Distribution of (attacker ships left, defender ships left) by full recursion."""
        sides = (a, d)
        types = []  # (side position, group)
        for pos, s in enumerate(sides):
            for g, _ in enumerate(self.sides[s].groups):
                types.append((pos, g))
        order = sorted(
            range(len(types)),
            key=lambda t: (-self.stats[sides[types[t][0]]][types[t][1]].initiative, -types[t][0],
                           -SIZE[self.stats[sides[types[t][0]]][types[t][1]].ship_class], types[t][1]),
        )  # fmt: skip
        missile_slots = [
            t for t in order if self.stats[sides[types[t][0]]][types[t][1]].missiles.total
        ]
        cannon_slots = [
            t for t in order if self.stats[sides[types[t][0]]][types[t][1]].cannons.total
        ]
        start = (a_ships, self.fleet(d))
        out: dict = {}  # type: ignore[type-arg]

        def add(state, p):  # type: ignore[no-untyped-def]
            out[state] = out.get(state, 0.0) + p

        def alive(pos, ships):  # type: ignore[no-untyped-def]
            st = self.stats[sides[pos]]
            return tuple(sorted(s for s in ships if s[1] <= st[s[0]].hull))

        def volley(state, t, missiles):  # type: ignore[no-untyped-def]
            pos, g = types[t]
            own = state[pos]
            enemy = state[1 - pos]
            n = sum(1 for s in own if s[0] == g)
            if not n:
                return {state: 1.0}
            st = self.stats[sides[pos]][g]
            est = self.stats[sides[1 - pos]]
            per = st.missiles if missiles else st.cannons
            dice = []
            for _ in range(n):
                dice += [1] * per.yellow + [2] * per.orange + [3] * per.blue + [4] * per.red
            res: dict = {}  # type: ignore[type-arg]
            needs = [min(6, max(2, 6 - st.computer + est[e[0]].shield)) for e in enemy]
            for rolls in itertools.product(range(1, 7), repeat=len(dice)):
                p = (1 / 6) ** len(dice)
                rolled = [
                    (dm, r)
                    for dm, r in zip(dice, rolls, strict=True)
                    if any(hits(r, st.computer, est[e[0]].shield) for e in enemy)
                ]

                def reach_of(die, i, ships, st=st, est=est):  # type: ignore[no-untyped-def]
                    _dm, r = die
                    if i < 0:
                        return max(needs[j] for j in range(len(ships)) if r >= needs[j])
                    return r >= needs[i]

                new_enemy = (
                    npc_assign(list(enemy), est, rolled, reach_of) if rolled else list(enemy)
                )
                nxt = (
                    (own, alive(1 - pos, new_enemy))
                    if pos == 0
                    else (alive(1 - pos, new_enemy), own)
                )
                res[nxt] = res.get(nxt, 0.0) + p
            return res

        def step(dist, slots, missiles):  # type: ignore[no-untyped-def]
            for t in slots:
                new: dict = {}  # type: ignore[type-arg]
                for state, p in dist.items():
                    if not state[0] or not state[1]:
                        new[state] = new.get(state, 0.0) + p
                        continue
                    for s2, q in volley(state, t, missiles).items():
                        new[s2] = new.get(s2, 0.0) + p * q
                dist = new
            return dist

        dist = step({start: 1.0}, missile_slots, True)
        for _ in range(self.max_rounds):
            live = {}
            for state, p in dist.items():
                if not state[0] or not state[1]:
                    add(state, p)
                else:
                    live[state] = p
            if not live:
                break
            dist = step(live, cannon_slots, False)
        else:
            for state, p in dist.items():
                if state[0] and state[1]:
                    add(((), state[1]), p)  # cut: counts for the defender
                else:
                    add(state, p)
        return out
