"""Reputation draws after the battles of a sector.

After all battles in a sector, in order of entry, each side draws its tiles from the bag, keeps
the best (Fleetlab assumes it keeps one, the best) and returns the rest, so the next side draws
from a bag missing that tile. The base game's bag is not given by any source Fleetlab could
read (the official table is an image): the default is the first edition's 12, 10, 7 and 3
tiles of values 1 to 4 (confidence L); battle files can give the bag's current contents
(``options.reputation_bag``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from math import comb

import numpy as np

from blueprints import reputation_tiles

DEFAULT_REPUTATION_BAG: tuple[tuple[int, int], ...] = reputation_tiles().bag
"""Tiles of value 1..4 in the base box's bag: ``((value, count), ...)``."""


def best_of_draw(bag: tuple[int, int, int, int], k: int) -> np.ndarray:
    """P(the best of ``k`` tiles drawn without replacement is worth v), v = 0..4 (0: none)."""
    out = np.zeros(5)
    total = sum(bag)
    k = min(k, total)
    if k == 0:
        out[0] = 1.0
        return out
    below = 0
    previous = 0.0
    for v in range(1, 5):
        below += bag[v - 1]
        p_at_most = comb(below, k) / comb(total, k)
        out[v] = p_at_most - previous
        previous = p_at_most
    return out


def best_tiles(
    joint_tiles: Mapping[tuple[int, ...], float],
    bag: Sequence[tuple[int, int]] = DEFAULT_REPUTATION_BAG,
) -> list[np.ndarray]:
    """Per side (in order of entry), P(the best tile it draws is worth v), v = 0..4.

    ``joint_tiles`` maps each side's number of tiles drawn (a tuple in order of entry) to its
    probability. Each side keeps its best tile, so later sides draw from a smaller bag.
    """
    counts = dict(bag)
    start = tuple(counts.get(v, 0) for v in range(1, 5))
    n_sides = len(next(iter(joint_tiles))) if joint_tiles else 0
    result = [np.zeros(5) for _ in range(n_sides)]

    @cache
    def walk(
        position: int, bag_now: tuple[int, int, int, int], ks: tuple[int, ...]
    ) -> tuple[tuple[float, ...], ...]:
        """Rows per later side of P(best = v), from this position with this bag."""
        if position == len(ks):
            return ()
        dist = best_of_draw(bag_now, ks[position])
        rows = [np.zeros(5) for _ in range(len(ks) - position)]
        for v, pv in enumerate(dist):
            if pv == 0.0:
                continue
            rows[0][v] += pv
            after = list(bag_now)
            if v:
                after[v - 1] -= 1
            rest = walk(position + 1, (after[0], after[1], after[2], after[3]), ks)
            for i, row in enumerate(rest):
                rows[i + 1] += pv * np.array(row)
        return tuple(tuple(float(x) for x in r) for r in rows)

    for ks, p in joint_tiles.items():
        for i, row in enumerate(walk(0, start, ks)):
            result[i] += p * np.array(row)
    return result


def expected_value(dist: np.ndarray) -> float:
    """The expectation of a distribution over 0, 1, 2, ..."""
    return float(np.dot(dist, np.arange(len(dist))))
