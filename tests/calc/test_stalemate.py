"""The stalemate rule (calc.rules.stalemate): closed cases worked by hand.

A ship is destroyed when its damage exceeds its hull; Morph Shields repair ``morph`` damage at
the end of every engagement round. The rule says a side can destroy some enemy ship exactly
when its best round (every die hitting one ship) deals more than the enemy's toughness,
``min(morph, hull - damage)`` over the enemy ships in the sector.
"""

from __future__ import annotations

import pytest

from blueprints import Dice, DieColour
from calc.rules.stalemate import (
    NO_SHIPS_TOUGHNESS,
    can_destroy,
    cannon_max_damage,
    die_max_damage,
    is_stalemate,
    round_damage_of,
    ship_toughness,
    toughness_of,
)


def test_the_issue_battle_nobody_can_win() -> None:
    # Two cruisers a side, 1 yellow die, hull 2, two Morph Shields: a round deals at most 2,
    # the repair takes 2 back and 2 never exceeds the hull.
    damage = round_damage_of([(Dice(yellow=1), 2)])
    toughness = toughness_of([(2, 2, 0), (2, 2, 0)])
    assert (damage, toughness) == (2, 2)
    assert is_stalemate(damage, toughness, damage, toughness)


@pytest.mark.parametrize(
    ("hull", "morph", "damage", "dealt", "destroyable"),
    [
        (2, 1, 0, 1, False),  # +1 a round, repaired 1: never 3 damage
        (2, 1, 0, 2, True),  # +2 a round, repaired 1: the damage climbs
        (1, 1, 1, 1, True),  # already at its hull: one hit more destroys it this round
        (0, 0, 0, 1, True),  # an interceptor without Morph Shields: any hit
        (3, 4, 0, 3, False),  # 3 a round never exceeds hull 3, and is all repaired
        (3, 4, 0, 4, True),  # 4 in one round exceeds hull 3
        (5, 0, 4, 1, True),  # no Morph Shields: damage stays, one more is enough
    ],
)
def test_one_ship_against_a_best_round(
    hull: int, morph: int, damage: int, dealt: int, destroyable: bool
) -> None:
    assert can_destroy(dealt, ship_toughness(hull, morph, damage)) is destroyable


def test_the_weakest_ship_decides() -> None:
    # A morph cruiser nobody can kill beside an interceptor anyone can: not a stalemate.
    assert toughness_of([(2, 2, 0), (0, 0, 0)]) == 0
    assert toughness_of([]) == NO_SHIPS_TOUGHNESS


def test_dice_damage_counts_every_die_at_its_best() -> None:
    assert [die_max_damage(c) for c in DieColour] == [1, 2, 3, 4, 3]
    assert cannon_max_damage(Dice(yellow=2, red=1, pink=1)) == 2 + 4 + 3
    # Missiles are spent before the rule is judged; a side of unarmed ships deals nothing.
    assert round_damage_of([(Dice(), 5)]) == 0
    assert is_stalemate(0, 0, 0, 0)
    assert not is_stalemate(1, 0, 0, 0)
