"""The NPC rule by enumeration: a test oracle for ``calc.rules.targeting``.

Written again from that module's doc, sharing no code with it: every way of giving the hits
out is enumerated (each hit to one living ship it reaches, or kept back), so the kill set that
is best in target order, the tie rules between kills and the two readings of the leftover
sentence are checked against their definitions rather than against the kernel's search.
Only for small volleys (the enumeration grows as (ships + 1) ** hits).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

Hit = tuple[int, int, frozenset[int]]
"""(damage, reach, the ships it can be put on)."""


@dataclass(frozen=True)
class Assigned:
    """What the rule does with one volley: damage added per ship, and the ships destroyed."""

    added: tuple[int, ...]
    destroyed: frozenset[int]


def assign_by_enumeration(
    hp: Sequence[int], order: Sequence[int], hits: Sequence[Hit], spread: bool
) -> Assigned:
    """The NPC rule on ships with ``hp`` hit points left (0: already destroyed), taken in
    target ``order`` (ship indices, first = largest), for ``hits``.

    1. The kill set: of every set of ships that some way of giving out the hits destroys,
       the best in target order (compare membership ship by ship in target order).
    2. The kills: among the ways of destroying exactly that set with some of the hits, the
       best by each ship's kill in target order: least overkill, fewest hits, lowest total
       reach, then the most hits of the smallest (damage, reach) type, and so on.
    3. The rest: by damage (largest first) then reach (lowest first), each to a living ship
       it reaches: the first in target order, or (``spread``) the first of those that took
       the fewest of these hits.
    """
    n = len(hp)
    rank = {ship: k for k, ship in enumerate(order)}
    alive = [i for i in range(n) if hp[i] > 0]
    choices = [[None, *sorted(i for i in h[2] if hp[i] > 0)] for h in hits]
    maps = list(itertools.product(*choices))

    def dealt(targets: tuple[int | None, ...]) -> list[int]:
        out = [0] * n
        for (damage, _, _), ship in zip(hits, targets, strict=True):
            if ship is not None:
                out[ship] += damage
        return out

    def killed(targets: tuple[int | None, ...]) -> frozenset[int]:
        d = dealt(targets)
        return frozenset(i for i in alive if d[i] >= hp[i])

    def membership(kills: frozenset[int]) -> tuple[int, ...]:
        return tuple(1 if ship in kills else 0 for ship in order)

    best_set = max((killed(t) for t in maps), key=membership)
    kill_order = sorted(best_set, key=rank.__getitem__)
    types = sorted({(h[0], h[1]) for h in hits})

    def kill_key(targets: tuple[int | None, ...], ship: int) -> tuple[object, ...]:
        mine = [hits[j] for j, t in enumerate(targets) if t == ship]
        total = sum(h[0] for h in mine)
        per_type = tuple(-sum(1 for h in mine if (h[0], h[1]) == kind) for kind in types)
        return (total - hp[ship], len(mine), sum(h[1] for h in mine), per_type)

    candidates = [
        t for t in maps if all(s is None or s in best_set for s in t) and killed(t) == best_set
    ]
    chosen = min(candidates, key=lambda t: tuple(kill_key(t, s) for s in kill_order))
    added = dealt(chosen)
    living = [s for s in order if hp[s] > 0 and s not in best_set]
    taken = dict.fromkeys(living, 0)
    rest = sorted(
        (j for j, t in enumerate(chosen) if t is None), key=lambda j: (-hits[j][0], hits[j][1])
    )
    for j in rest:
        reachable = [s for s in living if s in hits[j][2]]
        if not reachable:
            continue
        target = min(reachable, key=lambda s: (taken[s], rank[s])) if spread else reachable[0]
        taken[target] += 1
        added[target] += hits[j][0]
    return Assigned(tuple(added), best_set)
