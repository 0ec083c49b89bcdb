"""Reputation: the tiles a side earns in a sector's battles, and the draws from the bag.

**Tiles earned** (``tiles_drawn``, RULINGS "Reputation draws"): a player who took part in a
battle draws 1 tile for taking part (lost by trying to retreat with all remaining ships), plus
the reputation value of every opponent ship destroyed in the sector's battles (interceptor,
starbase, orbital, ancient 1; cruiser, guardian 2; dreadnought, GCDS 3), at most 5. NPCs draw
none.

**Draws.** After all battles in a sector, in order of entry, each side draws its tiles from the
bag, keeps the best (Fleetlab assumes it keeps one, the best) and returns the rest, so the next
side draws from a bag missing that tile. The default bag is the base box's, read from the one
data source the engine's setup reads too (``blueprints.reputation_tiles``,
``blueprints/data/reputation.toml``, which names its sources); battle files can give the bag's
current contents (``options.reputation_bag``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from math import comb

import numpy as np

from blueprints import ShipClass, reputation_tiles, ship_class_info

DEFAULT_REPUTATION_BAG: tuple[tuple[int, int], ...] = reputation_tiles().bag
"""Tiles of value 1..4 in the base box's bag: ``((value, count), ...)``."""
MAX_REPUTATION_TILES = 5
"""A player draws at most this many tiles after a sector's battles."""


def ship_reputation(ship_class: ShipClass) -> int:
    """What an opponent earns for destroying one ship of this class."""
    return ship_class_info(ship_class).reputation


def tiles_drawn(earned: int, *, took_part: bool, participation: bool, npc: bool) -> int:
    """Tiles a side draws after the sector's battles: ``earned`` (the value of the opponent
    ships it destroyed) plus 1 for taking part when it keeps its ``participation`` (it did not
    try to retreat with all its remaining ships), at most ``MAX_REPUTATION_TILES``. A side that
    fought no battle, and the NPCs, draw none.

    >>> tiles_drawn(3, took_part=True, participation=True, npc=False)
    4
    >>> tiles_drawn(7, took_part=True, participation=False, npc=False)
    5
    """
    if npc or not took_part:
        return 0
    return min(MAX_REPUTATION_TILES, earned + (1 if participation else 0))


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
