"""After the battles of a sector: attacks on population and reputation draws.

**Attacking population** (RULINGS, end of the combat phase): each ship left in the sector
attacks once with its non-missile weapons against shield 0; each point of damage destroys one
cube. A side with Neutron Bombs destroys all cubes (unless the victim has Neutron Absorber);
Planta's cubes are destroyed by any opponent ship in the sector (Neutron Absorber does not
help them). Rift dice count their damage to the target (1, 2 or 3 cubes); their self-damage is
ignored here, since no battle is left to fight (a documented choice).

**Reputation draws**, after all battles in a sector, in order of entry: each side draws its
tiles from the bag, keeps the best (Fleetlab assumes it keeps one, the best) and returns the
rest, so the next side draws from a bag missing that tile. The default bag is the base box's,
read from the one data source the engine's setup reads too (``blueprints.reputation_tiles``,
``blueprints/data/reputation.toml``, which names its sources); battle files can give the bag's
current contents (``options.reputation_bag``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from math import comb

import numpy as np

from blueprints import DieColour, ShipStats, reputation_tiles
from blueprints.enums import STANDARD_COLOURS
from calc.dice import RIFT_FACES, hit_threshold
from calc.model import Side

DEFAULT_REPUTATION_BAG: tuple[tuple[int, int], ...] = reputation_tiles().bag
"""Tiles of value 1..4 in the base box's bag: ``((value, count), ...)``."""
PLANTA = "planta"


def _die_damage_distribution(colour: DieColour, computer: int) -> dict[int, float]:
    """Cubes one die destroys: its damage with the hit probability against shield 0."""
    if colour is DieColour.PINK:
        out: dict[int, float] = {}
        for to_enemy, _ in RIFT_FACES:
            out[to_enemy] = out.get(to_enemy, 0.0) + 1 / 6
        return out
    p_hit = (7 - hit_threshold(computer, 0)) / 6
    return {0: 1 - p_hit, colour.damage: p_hit}


def population_destroyed(
    attacker_ships: Iterable[tuple[ShipStats, int]],
    attacker: Side,
    victim: Side,
    population: int,
) -> np.ndarray:
    """P(k cubes destroyed), k = 0..population, when ``attacker`` has these ships left.

    ``attacker_ships`` lists (stats, number of ships) left in the sector.
    """
    dist = np.zeros(population + 1)
    ships = [(s, n) for s, n in attacker_ships if n > 0]
    if population == 0 or not ships:
        dist[0] = 1.0
        return dist
    if victim.species == PLANTA or (attacker.neutron_bombs and not victim.neutron_absorber):
        dist[population] = 1.0
        return dist
    dist[0] = 1.0
    for stats, n in ships:
        for colour in (*STANDARD_COLOURS, DieColour.PINK):
            dice = stats.cannons.count(colour) * n
            if not dice:
                continue
            die = _die_damage_distribution(colour, stats.computer)
            for _ in range(dice):
                new = np.zeros(population + 1)
                for k, pk in enumerate(dist):
                    if pk == 0.0:
                        continue
                    for dmg, pd in die.items():
                        new[min(population, k + dmg)] += pk * pd
                dist = new
    return dist


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
