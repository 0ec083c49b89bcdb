"""The stalemate rule: when neither side can ever destroy a ship of the other.

RULINGS: "If neither side can destroy the other's ships, the attacker must retreat or its ships
are destroyed"; "cannot destroy" is judged from the battle's state, not only from who carries
cannons. Fleetlab decides it at the start of every engagement round (after the missiles, after
the previous round's Morph Shield repair), from two numbers per side:

* ``round_damage``: the most damage the side's fighting ships in the sector can deal in one
  engagement round, every die hitting (a 6 always hits, whatever the shields), all on one ship:
  each standard cannon die its damage, each rift die 3 (its best face). Ships that have declared
  a retreat do not fire; missiles are spent.
* ``toughness``: over the side's ships in the sector, the least of ``min(morph, hull - damage)``.

A side can destroy some ship of the other exactly when its ``round_damage`` exceeds the other's
``toughness``. Why: a ship with ``morph`` Morph Shields and ``damage`` taken is destroyed once
its damage exceeds ``hull``. If the enemy can deal more than ``hull - damage`` in one round, all
dice hitting it destroys it this round (a positive probability). If the enemy can deal more than
``morph`` per round, the ship can gain ``round_damage - morph`` > 0 net damage every round, so
some sequence of rounds destroys it. Otherwise (at most ``morph`` and at most ``hull - damage``
per round) its damage at the start of a round never grows (the repair takes back at least what a
round deals) and never reaches past the hull within a round: it can never be destroyed. A ship
without Morph Shields has toughness 0, so any armed enemy can destroy it; for battles without
Morph Shields the rule is the classic "no ship of either side has cannons".

Rift self-damage does not count: the rule is about destroying *the other's* ships. (A side's
rift dice can still destroy its own ships; at a stalemate the battle ends anyway.)

The same functions serve the exact solver (per side state), Monte Carlo (compiled, per round)
and the game engine (per round of a fight):

>>> round_damage_of(((Dice(yellow=1), 2),))
2
>>> ship_toughness(hull=2, morph=2, damage=0), can_destroy(2, 2)
(2, False)
"""

from __future__ import annotations

from collections.abc import Iterable

from blueprints import Dice, DieColour
from calc._jit import jit_inline

RIFT_MAX_DAMAGE = 3
"""The rift die's best face against the enemy (``calc.rules.dice.RIFT_FACES``)."""
NO_SHIPS_TOUGHNESS = 1 << 40
"""The toughness of a side with no ship in the sector: nothing of it can be destroyed."""


@jit_inline
def ship_toughness(hull: int, morph: int, damage: int) -> int:
    """The most damage per round a ship survives for ever: ``min(morph, hull - damage)``."""
    return min(morph, hull - damage)


@jit_inline
def can_destroy(round_damage: int, toughness: int) -> bool:
    """Whether a side that deals at most ``round_damage`` per round can ever destroy a ship of a
    side whose toughness is ``toughness`` (module doc)."""
    return round_damage > toughness


def die_max_damage(colour: DieColour) -> int:
    """The most damage one cannon die of this colour can deal to the enemy."""
    return RIFT_MAX_DAMAGE if colour is DieColour.PINK else colour.damage


def cannon_max_damage(cannons: Dice) -> int:
    """The most damage one ship's cannons deal in a round, every die hitting."""
    return sum(n * die_max_damage(c) for c, n in cannons.items())


def round_damage_of(fighting: Iterable[tuple[Dice, int]]) -> int:
    """``round_damage`` of a side from (cannons per ship, ships fighting in the sector)."""
    return sum(cannon_max_damage(cannons) * n for cannons, n in fighting)


def toughness_of(ships: Iterable[tuple[int, int, int]]) -> int:
    """``toughness`` of a side from (hull, morph, damage) of each ship in the sector."""
    return min((ship_toughness(h, m, d) for h, m, d in ships), default=NO_SHIPS_TOUGHNESS)


@jit_inline
def is_stalemate(damage_a: int, toughness_a: int, damage_b: int, toughness_b: int) -> bool:
    """Neither side can destroy a ship of the other (judged at the start of a round)."""
    return not can_destroy(damage_a, toughness_b) and not can_destroy(damage_b, toughness_a)
