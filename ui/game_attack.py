"""What a player asks of a position: "what if I attack sector X with these ships?" (no
Streamlit).

``attack_targets(state, seat)`` lists the sectors the player's ships can reach in one move
activation where their arrival starts a battle or an attack on population (another player's
ships or sector, NPCs); ``movers(state, seat, target)`` lists, per sector and class, the ships
that can reach the target and how many of them may leave (pinning: ``engine.galaxy``).
``attack_battle`` moves the chosen ships there, as Move activations would, and gives the battle
that would be fought, ready for the Battle odds page (``ui.game_battles.battle_at``).

Reach is worked out from the position as it stands, ship by ship (``engine.galaxy
.move_targets``: movement along wormholes, the Jump Drive's jump, pinning on the way); a Move
action gives the species' activations, one ship each, so a player may need several Move actions
(or rounds) to send every ship chosen here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from blueprints import ShipClass
from engine.actions.build import place_ship
from engine.actions.move import mobility, remove_ship
from engine.galaxy import entering_creates_conflict, free_ships, move_targets
from engine.hexes import Hex
from engine.state import GameState
from ui.galaxy import SeatStyle
from ui.game_battles import DueBattle, battle_at
from ui.wording import count_text


class AttackError(ValueError):
    """Ships chosen for an attack that cannot make it; the message says which and why."""


@dataclass(frozen=True, slots=True)
class Mover:
    """Ships of one class in one sector that can reach the target: ``ships`` of them are
    there, ``free`` of all the player's ships there may leave (the others are pinned)."""

    origin: Hex
    tile: int
    ship_class: ShipClass
    ships: int
    free: int

    @property
    def available(self) -> int:
        """The most of these ships that can go."""
        return min(self.ships, self.free)

    def describe(self) -> str:
        """``'3 interceptors in sector 204'`` (with the pinning when it holds some back)."""
        text = f"{count_text(self.ships, self.ship_class)} in sector {self.tile}"
        if self.free < self.ships:
            text += f" ({self.free} may leave: the others are pinned)"
        return text


def _reach(state: GameState, seat: int) -> dict[tuple[Hex, ShipClass], tuple[Hex, ...]]:
    """Where each of the player's ship types can go in one move activation."""
    player = state.players[seat]
    out: dict[tuple[Hex, ShipClass], tuple[Hex, ...]] = {}
    for sector in state.sectors:
        for s, cls, _ in sector.ships:
            if s != seat or (sector.hex, cls) in out:
                continue
            movement, jump = mobility(player, cls)
            out[(sector.hex, cls)] = (
                move_targets(state, seat, sector.hex, movement, jump) if movement or jump else ()
            )
    return out


def attack_targets(state: GameState, seat: int) -> tuple[Hex, ...]:
    """Sectors some ship of the player can reach where its arrival starts a fight, north to
    south."""
    reached = {t for targets in _reach(state, seat).values() for t in targets}
    found = []
    for where in reached:
        sector = state.sector(where)
        if sector is not None and entering_creates_conflict(state, seat, sector):
            found.append(sector)
    return tuple(s.hex for s in sorted(found, key=lambda s: (s.hex.r, s.hex.q)))


def movers(state: GameState, seat: int, target: Hex) -> tuple[Mover, ...]:
    """The player's ships that can reach ``target`` in one move activation, by sector and
    class (sectors north to south)."""
    out = []
    for (origin, cls), targets in _reach(state, seat).items():
        if target not in targets:
            continue
        sector = state.sector(origin)
        assert sector is not None
        out.append(
            Mover(
                origin,
                sector.tile,
                cls,
                sector.ships_of(seat, cls),
                free_ships(state, sector, seat),
            )
        )
    out.sort(key=lambda m: (m.origin.r, m.origin.q, m.ship_class.value))
    return tuple(out)


def attack_position(
    state: GameState, seat: int, target: Hex, moves: Mapping[tuple[Hex, ShipClass], int]
) -> GameState:
    """The position after the chosen ships moved to ``target`` (``moves``: ships per origin and
    class); ``AttackError`` when a choice is not one of ``movers`` or asks for more ships than
    may leave a sector."""
    known = {(m.origin, m.ship_class): m for m in movers(state, seat, target)}
    per_origin: dict[Hex, int] = {}
    for (origin, cls), n in moves.items():
        if n < 0:
            raise AttackError(f"a number of ships is at least 0, got {n!r}")
        if not n:
            continue
        mover = known.get((origin, cls))
        if mover is None:
            raise AttackError(f"no {cls.value} of this player at {origin} can reach {target}")
        if n > mover.available:
            raise AttackError(f"{n} ships chosen, but only {mover.describe()}")
        per_origin[origin] = per_origin.get(origin, 0) + n
    for origin, n in per_origin.items():
        free = next(m.free for m in known.values() if m.origin == origin)
        if n > free:
            tile = next(m.tile for m in known.values() if m.origin == origin)
            raise AttackError(
                f"{n} ships chosen to leave sector {tile}, but only {free} may leave: the "
                "others are pinned by the opponents there"
            )
    if not per_origin:
        raise AttackError("choose at least one ship to send")
    for (origin, cls), n in moves.items():
        for _ in range(n):
            sector = state.sector(origin)
            arrival = state.sector(target)
            assert sector is not None and arrival is not None
            state = state.with_sector(remove_ship(sector, seat, cls))
            state = state.with_sector(place_ship(arrival, seat, cls))
    return state


def attack_battle(
    state: GameState,
    seat: int,
    target: Hex,
    moves: Mapping[tuple[Hex, ShipClass], int],
    styles: Mapping[int, SeatStyle],
) -> DueBattle:
    """The battle the chosen ships would fight at ``target`` (its battle file, or why it cannot
    be modelled); raises ``AttackError`` for a choice that cannot be made."""
    after = attack_position(state, seat, target, moves)
    sector = after.sector(target)
    assert sector is not None
    return battle_at(after, sector, styles)
