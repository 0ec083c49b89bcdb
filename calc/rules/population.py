"""Attacks on population at the end of the combat phase (RULINGS, "Attacking population").

Each ship left in the sector attacks once with its non-missile weapons against shield 0; each
point of damage destroys one cube. A side with Neutron Bombs destroys all cubes (unless the
victim has Neutron Absorber); Planta's cubes are destroyed by any opponent ship in the sector
(Neutron Absorber does not help them). Rift dice count their damage to the target (1, 2 or 3
cubes); their self-damage is ignored here, since no battle is left to fight (a documented
choice).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from blueprints import PLANTA, DieColour, ShipStats
from blueprints.enums import STANDARD_COLOURS
from calc.battle.model import Side
from calc.rules.dice import RIFT_FACES, hit_threshold


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
