"""Attacks on population (calc.rules.population), worked by hand.

Each ship left in the sector rolls its cannons once against shield 0; every point of damage
destroys a cube. Rift dice destroy their damage to the target (faces 1-6: 1, 2, 3, 0, 0, 0
cubes); missiles never attack population.
"""

from __future__ import annotations

import pytest

from blueprints import PLANTA, DieColour
from calc.rules.population import cubes_from_face, destroys_every_cube, population_destroyed
from tests.calc.helpers import ship, side


def test_a_standard_die_destroys_its_damage_when_it_hits() -> None:
    # Computer 0: only a 6 hits; computer 2: 4, 5 and 6 hit; a 1 always misses.
    assert [cubes_from_face(DieColour.YELLOW, f, 0) for f in range(1, 7)] == [0, 0, 0, 0, 0, 1]
    assert [cubes_from_face(DieColour.ORANGE, f, 2) for f in range(1, 7)] == [0, 0, 0, 2, 2, 2]
    assert [cubes_from_face(DieColour.RED, f, 9) for f in range(1, 7)] == [0, 4, 4, 4, 4, 4]
    assert cubes_from_face(DieColour.BLUE, 6, 0) == 3


def test_a_rift_die_destroys_its_damage_to_the_target_on_every_face() -> None:
    """Its self-damage is ignored (no battle is left); computers do not matter."""
    for computer in (0, 3):
        got = [cubes_from_face(DieColour.PINK, f, computer) for f in range(1, 7)]
        assert got == [1, 2, 3, 0, 0, 0]


def test_who_destroys_every_cube_without_rolling() -> None:
    assert destroys_every_cube(victim_species=PLANTA, neutron_bombs=False, neutron_absorber=True)
    assert destroys_every_cube(victim_species="orion", neutron_bombs=True, neutron_absorber=False)
    assert not destroys_every_cube(
        victim_species="orion", neutron_bombs=True, neutron_absorber=True
    )
    assert not destroys_every_cube(victim_species=None, neutron_bombs=False, neutron_absorber=False)


def test_two_yellow_dice_against_two_cubes() -> None:
    """Two interceptors, one yellow cannon each, computer 0: each die destroys a cube with 1/6,
    so 0, 1 or 2 cubes with 25/36, 10/36, 1/36."""
    interceptor = ship(cannons={"yellow": 1})
    attacker = side("A", (interceptor, 2))
    victim = side("V")
    dist = population_destroyed([(interceptor, 2)], attacker, victim, 2)
    assert dist == pytest.approx([25 / 36, 10 / 36, 1 / 36], abs=1e-15)


def test_damage_past_the_last_cube_is_lost_and_missiles_do_not_count() -> None:
    """A red die (4 damage) with computer 5 hits on 2-6 (5/6) and destroys the only cube; the
    ship's missiles add nothing."""
    dreadnought = ship("dreadnought", comp=5, cannons={"red": 1}, missiles={"red": 2})
    dist = population_destroyed([(dreadnought, 1)], side("A", (dreadnought, 1)), side("V"), 1)
    assert dist == pytest.approx([1 / 6, 5 / 6], abs=1e-15)


def test_no_ships_no_cubes_or_no_population_destroy_nothing() -> None:
    interceptor = ship(cannons={"yellow": 1})
    a, v = side("A", (interceptor, 1)), side("V")
    assert population_destroyed([(interceptor, 0)], a, v, 3) == pytest.approx([1, 0, 0, 0])
    assert population_destroyed([], a, v, 2) == pytest.approx([1, 0, 0])
    assert population_destroyed([(interceptor, 1)], a, v, 0) == pytest.approx([1])


def test_a_rift_cannon_against_three_cubes() -> None:
    """One rift die: 1, 2 or 3 cubes with 1/6 each, none with 1/2."""
    rift = ship("cruiser", cannons={"pink": 1})
    dist = population_destroyed([(rift, 1)], side("A", (rift, 1)), side("V"), 3)
    assert dist == pytest.approx([1 / 2, 1 / 6, 1 / 6, 1 / 6], abs=1e-15)
