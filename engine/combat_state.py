"""Where the combat phase stands: plain frozen data kept in ``GameState.combat``.

The combat phase (``engine.combat``) works through its steps: the battles of each contested
sector in descending sector number, then attacks on population, then influence (discs removed
where the controller lost its cubes, sectors claimed) and discovery tiles, then repair. While it
runs, ``CombatState`` says which step it is in, which sectors are left and, for the sector being
fought over, who holds it between battles, who is still waiting to fight, each player's tally for
the reputation draw and the battle in progress (``Fight``).

A side of a battle is a seat number, or ``engine.state.NPC`` for the sector's NPCs.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from blueprints import ShipClass
from engine.hexes import Hex


class CombatStep(StrEnum):
    """The steps of the combat phase that need bookkeeping between decisions."""

    BATTLES = "battles"
    POPULATION = "population"
    INFLUENCE = "influence"
    FINISH = "finish"


@dataclass(frozen=True, slots=True)
class Slot:
    """One activation of a battle: a ship type of a side, with missiles or in engagement rounds."""

    side: int
    ship_class: ShipClass
    missiles: bool


@dataclass(frozen=True, slots=True)
class Retreating:
    """A ship type that declared a retreat: it leaves for ``to`` at its next activation."""

    side: int
    ship_class: ShipClass
    to: Hex


@dataclass(frozen=True, slots=True)
class Fight:
    """One battle between two sides of a sector.

    ``slots`` are the activations in initiative order
    (``calc.rules.battle_state.activation_order``): the missile volleys, then one engagement round
    from ``first_round`` on. ``next_slot`` is the activation to play next; ``in_round`` is False
    until the first engagement round starts; ``rounds`` counts engagement rounds begun.
    ``declared`` lists the sides that declared a retreat; ``all_retreat`` the sides whose ships
    escaped at a stalemate. A side in either with no ship left fighting at the end retreated with
    all its remaining ships (it loses the participation tile). With ``ancients_sit_out`` the
    sector's Ancients do not fight (the attacker is Draco).
    """

    attacker: int
    defender: int
    slots: tuple[Slot, ...]
    first_round: int
    next_slot: int = 0
    in_round: bool = False
    rounds: int = 0
    retreating: tuple[Retreating, ...] = ()
    all_retreat: tuple[int, ...] = ()
    ancients_sit_out: bool = False
    declared: tuple[int, ...] = ()

    def status(self, side: int, ship_class: ShipClass) -> Retreating | None:
        """The retreat declared by a ship type, if any."""
        for r in self.retreating:
            if r.side == side and r.ship_class is ship_class:
                return r
        return None


@dataclass(frozen=True, slots=True)
class Tally:
    """A player's account for the sector's reputation draw.

    ``fought``: took part in a battle here; ``earned``: tiles earned for opponent ships
    destroyed; ``all_retreat``: tried to retreat with all remaining ships in some battle here.
    """

    seat: int
    fought: bool = False
    earned: int = 0
    all_retreat: bool = False


@dataclass(frozen=True, slots=True)
class SectorCombat:
    """The battles of one sector.

    ``entry`` are the players with ships when the sector's battles began, in order of entry (the
    order of the reputation draws). ``holder`` is the side holding the sector between battles
    (``None``: nobody), ``waiting`` the sides still to fight it, next first (``calc.sector.chain``
    order: reverse order of entry, the controller and the NPCs last). ``draws`` is set when the
    battles are over: the ``(seat, tiles)`` reputation draws still to make, in order of entry.
    """

    where: Hex
    entry: tuple[int, ...]
    holder: int | None
    waiting: tuple[int, ...]
    tallies: tuple[Tally, ...]
    fight: Fight | None = None
    draws: tuple[tuple[int, int], ...] | None = None

    def tally(self, seat: int) -> Tally | None:
        """The tally of a player who entered the sector."""
        for t in self.tallies:
            if t.seat == seat:
                return t
        return None


@dataclass(frozen=True, slots=True)
class CombatState:
    """The combat phase in progress.

    ``queue`` are the sectors with a battle still to resolve, next first (descending sector
    number); ``current`` the sector being resolved. ``attacks`` are the attacks on population
    still to make, next first: ``(sector, attacking seat)``.
    """

    step: CombatStep
    queue: tuple[Hex, ...] = ()
    current: SectorCombat | None = None
    attacks: tuple[tuple[Hex, int], ...] = ()
