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
from calc.rules.dice import RIFT_FACES, die_hits


def destroys_every_cube(
    *, victim_species: str | None, neutron_bombs: bool, neutron_absorber: bool
) -> bool:
    """Whether an opponent with ships in the sector destroys every cube without rolling:
    Planta's cubes always (Neutron Absorber does not help them); anyone's cubes to Neutron
    Bombs, unless the victim has the Neutron Absorber. (Neutron Bombs say "may"; Fleetlab always
    takes it.)"""
    return victim_species == PLANTA or (neutron_bombs and not neutron_absorber)


def cubes_from_face(colour: DieColour, face: int, computer: int) -> int:
    """Cubes one rolled cannon die (face 1-6) destroys, against shield 0: a standard die its
    damage when it hits (``calc.rules.dice.die_hits``), a rift die its damage to the target."""
    if colour is DieColour.PINK:
        return RIFT_FACES[face - 1][0]
    return colour.damage if die_hits(face, computer, 0) else 0


def _die_damage_distribution(colour: DieColour, computer: int) -> dict[int, float]:
    """Cubes one die destroys, with their probabilities: ``cubes_from_face`` over its faces."""
    out: dict[int, float] = {}
    for face in range(1, 7):
        cubes = cubes_from_face(colour, face, computer)
        out[cubes] = out.get(cubes, 0.0) + 1 / 6
    return out


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
    if destroys_every_cube(
        victim_species=victim.species,
        neutron_bombs=attacker.neutron_bombs,
        neutron_absorber=victim.neutron_absorber,
    ):
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
