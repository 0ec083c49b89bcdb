"""Black Holes (New Dangers): a ship that enters leaves the board and comes back later, or not.

The rules (text 001, "Black Hole"):

* The explorer of a Black Hole does not take its discovery tile; the player whose ship first
  enters does (revealed before the ship's die is rolled).
* A ship that moves into a Black Hole ends its activation and leaves the board; the yellow die
  (a chance event, ``BlackHoleRoll``) says when it returns. Blank or explosion (faces 1 and 6):
  at once, with 1 damage (a decision where, ``BlackHoleReturn``); 2 or 3: in the next round;
  4 or 5: in the round after that (a ``Voyage`` in ``GameState.voyages``).
* In the round it is due, its owner may put it back before any of their actions (``ReturnShip``
  at the start of a turn, one ship per answer, so several ships may come back at once or before
  different actions). A ship not returned that round (the end of the action phase), or due after
  round 8, is lost; so is one with no sector to come back to.
* Cygnus X-1 (396) sends ships back to any inner (ring I) sector; V616 Mon (399) to any sector
  with a wormhole facing an unexplored zone (``exit_sectors``).
* Damage taken in the hole is removed as usual, at the end of the combat phase.

Decisions where the text is silent (L): a ship whose 1 damage exceeds its hull (an interceptor
with no hull part) is destroyed by it, as in battle; a ship never comes back into the Black Hole
itself; "any sector" includes sectors with opponents or NPCs (a battle may follow); a discovery
reward that would be placed in the Black Hole (a structure, a cruiser, a portal) goes to a sector
the finder controls instead, as for a tile found without a sector (nothing stays in the hole);
retreats never go into a Black Hole (``engine.battle_view.retreat_targets``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from blueprints import DieColour, ShipClass
from engine.actions.base import Action, register
from engine.actions.build import place_ship
from engine.actions.combat import RollDice
from engine.decisions import BlackHoleReturn, BlackHoleRoll, Decision, DiscoveryReveal, TurnStart
from engine.galaxy import board_edges
from engine.hexes import Hex
from engine.modules import BlackHoleExit
from engine.specials import is_black_hole
from engine.state import CHANCE, GameState, Voyage, set_damage
from engine.tables import tables

BACK_AT_ONCE = (1, 6)
"""Yellow die faces that send a ship back at once, with 1 damage: blank and explosion."""


@register
@dataclass(frozen=True, slots=True)
class ReturnShip(Action):
    """Put a ship back from the Black Hole on the sector at ``where``."""

    VERB = "return_ship"
    ship_class: ShipClass
    where: Hex


def rounds_away(face: int) -> int:
    """Rounds a ship spends in the hole for a yellow die face (0: back at once).

    >>> [rounds_away(f) for f in range(1, 7)]
    [0, 1, 1, 2, 2, 0]
    """
    if face in BACK_AT_ONCE:
        return 0
    return 1 if face <= 3 else 2


def enter(state: GameState, seat: int, ship_class: ShipClass, hole: Hex, damage: int) -> GameState:
    """A ship of ``seat`` has moved into the Black Hole at ``hole`` (and off the board): its die
    is rolled, after the first entrant reveals the hole's discovery tile."""
    sector = state.sector(hole)
    assert sector is not None and is_black_hole(sector)
    follow: list[Decision] = [BlackHoleRoll(CHANCE, seat, ship_class, hole, damage)]
    if sector.discovery:
        state = state.with_sector(replace(sector, discovery=False))
        follow.append(DiscoveryReveal(CHANCE, seat, None))
    return state.with_pending(*follow)


def roll_outcomes(state: GameState, d: BlackHoleRoll) -> tuple[tuple[Action, float], ...]:
    """The six faces of the yellow die."""
    return tuple((RollDice(DieColour.YELLOW, str(f)), 1 / 6) for f in range(6, 0, -1))


def apply_roll(state: GameState, d: BlackHoleRoll, action: RollDice) -> GameState:
    """Back at once (with 1 damage), in one or two rounds, or lost after round 8."""
    state = state.with_pending(pop=1)
    (face,) = action.values
    away = rounds_away(face)
    if away == 0:
        damage = d.damage + 1
        hull = state.players[d.owner].blueprint(d.ship_class).stats.hull
        if damage > hull or not exit_sectors(state, d.hole):
            return state  # destroyed by the damage, or nowhere to come back: lost
        return state.with_pending(BlackHoleReturn(d.owner, d.ship_class, d.hole, damage))
    back = state.round + away
    if back > tables().rounds:
        return state  # due after the last round: lost in the space-time continuum
    voyage = Voyage(d.owner, d.ship_class, back, d.hole)
    return replace(state, voyages=(*state.voyages, voyage))


def exit_sectors(state: GameState, hole: Hex) -> tuple[Hex, ...]:
    """Where a ship from the Black Hole at ``hole`` may come back, sorted."""
    sector = state.sector(hole)
    assert sector is not None
    rule = sector.printed.black_hole_exit
    out: list[Hex] = []
    for s in state.sectors:
        if is_black_hole(s):
            continue
        if rule is BlackHoleExit.INNER:
            if s.hex.ring == 1:
                out.append(s.hex)
        elif any(
            s.wormholes >> e & 1 and other not in state.index
            for e, other, _ in board_edges(state, s.hex)
        ):
            out.append(s.hex)
    return tuple(sorted(out))


def legal_return(state: GameState, d: BlackHoleReturn) -> list[Action]:
    """Every sector the ship may come back to."""
    return [ReturnShip(d.ship_class, h) for h in exit_sectors(state, d.hole)]


def land(state: GameState, seat: int, ship_class: ShipClass, where: Hex, damage: int) -> GameState:
    """Put the ship on the sector (with its damage, kept until the end of the combat phase)."""
    sector = state.sector(where)
    assert sector is not None
    sector = place_ship(sector, seat, ship_class)
    if damage:
        ships = (*sector.damage_of(seat, ship_class)[:-1], damage)
        sector = replace(sector, damage=set_damage(sector.damage, seat, ship_class, ships))
    return state.with_sector(sector)


def apply_return(state: GameState, d: BlackHoleReturn, action: ReturnShip) -> GameState:
    """The ship is back at once."""
    return land(state.with_pending(pop=1), d.seat, d.ship_class, action.where, d.damage)


# ----- ships due back this round ------------------------------------------------------------


def due(state: GameState, seat: int) -> tuple[Voyage, ...]:
    """The player's ships that must come back this round."""
    return tuple(v for v in state.voyages if v.seat == seat and v.back == state.round)


def legal_returns(state: GameState, d: TurnStart) -> list[Action]:
    """At the start of a turn: bring back a ship due this round, on any sector its hole allows."""
    if not state.voyages:
        return []
    out: list[Action] = []
    seen: set[tuple[ShipClass, Hex]] = set()
    for v in due(state, d.seat):
        for where in exit_sectors(state, v.hole):
            if (v.ship_class, where) not in seen:
                seen.add((v.ship_class, where))
                out.append(ReturnShip(v.ship_class, where))
    return out


def apply_due_return(state: GameState, seat: int, action: ReturnShip) -> GameState:
    """One due ship of the class comes back; the turn goes on (the decision stays)."""
    voyages = list(state.voyages)
    for i, v in enumerate(voyages):
        if v.seat == seat and v.back == state.round and v.ship_class is action.ship_class:
            del voyages[i]
            break
    state = replace(state, voyages=tuple(voyages))
    return land(state, seat, action.ship_class, action.where, 0)


def lose_overdue(state: GameState) -> GameState:
    """The end of the action phase: ships due this round and not returned are lost."""
    kept = tuple(v for v in state.voyages if v.back > state.round)
    return state if kept == state.voyages else replace(state, voyages=kept)
