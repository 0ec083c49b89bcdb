"""The end of a battle: who holds the sector and what happens to each side's ships.

An ``EndState`` is both sides' full state (ships per damage, retreat statuses, flags) when a
battle ended, with its probability and whether it ended in a stalemate. The rules here are the
only place that decides what an end state means; the sector's running account
(``calc.outcomes``) and the game engine's battles (``engine.battle``) both call them.

* **The order of battles** (``battle_order``): in a sector, sides fight two at a time in
  reverse order of entry; the side controlling the sector, and the NPCs, always defend and fight
  last.
* **A stalemate counts for the defender** (``holder_after``). The attacker's ships still in the
  sector retreat if they can (the side can retreat and the ships have drives), otherwise they
  are destroyed (RULINGS: "the attacker must retreat or its ships are destroyed"); ships
  destroyed this way earn the defender no reputation. Escaping at a stalemate is a retreat with
  all remaining ships, so the attacker loses its participation tile.
* **Ships that declared a retreat** and are still in the sector when the battle ends complete
  their retreat (``ship_fate``): they escape.
* **The holder**: the side with ships left in the sector when the other has none; nobody when
  both are gone (a draw, possible with rift self-damage).
* **Ancients do not fight the Descendants of Draco** (``blueprints.ancients_fight``, a trait of
  the species board, offered here as ``calc.rules.ancients_fight``): against Draco an NPC side
  fights without its Ancients, which stay in the sector.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from calc.battle.model import Battle
from calc.rules.battle_state import FIGHTING, FullSideState


@dataclass(frozen=True, slots=True)
class EndState:
    """Both sides' full states at the end of a battle, with probability ``p``."""

    attacker: FullSideState
    defender: FullSideState
    p: float
    stalemate: bool


class Fate(IntEnum):
    """What becomes of a side's living ships of one type when its battle ends."""

    STAY = 0
    ESCAPE = 1
    DESTROYED = 2


class Holder(IntEnum):
    """Who holds the sector after one battle."""

    ATTACKER = 0
    DEFENDER = 1
    NOBODY = 2


def ship_fate(status: int, *, stalemate: bool, attacker: bool, can_escape: bool) -> Fate:
    """The fate of living ships of one type at the end of a battle.

    ``status`` is the type's ``Status``; ``can_escape``: its side may retreat and the type has
    drives (``calc.rules.battle_state.can_retreat``). Retreating ships complete their retreat;
    at a stalemate the attacker's ships still fighting escape if they can, else they are
    destroyed; everything else stays.

    >>> ship_fate(FIGHTING, stalemate=True, attacker=True, can_escape=False).name
    'DESTROYED'
    """
    if status != FIGHTING:
        return Fate.ESCAPE
    if stalemate and attacker:
        return Fate.ESCAPE if can_escape else Fate.DESTROYED
    return Fate.STAY


def holder_after(attacker_left: bool, defender_left: bool, stalemate: bool) -> Holder:
    """Who holds the sector after a battle, from whether each side has ships left in it (after
    ``ship_fate``). A stalemate counts for the defender."""
    if stalemate or (defender_left and not attacker_left):
        return Holder.DEFENDER
    if attacker_left and not defender_left:
        return Holder.ATTACKER
    return Holder.NOBODY


def battle_order(battle: Battle) -> list[int]:
    """Side indices in the order they enter the sector's chain of battles: the last entrant
    first, then earlier entrants, the defender (controller or NPCs) last."""
    attackers = [i for i in range(len(battle.sides)) if i != battle.defender]
    return [*reversed(attackers), battle.defender]
