"""A player's control board: population tracks, production, upkeep and the reputation track.

Production of a resource is the highest empty square of its population track; upkeep is the
highest empty space of the influence track (``engine/data/rules.toml``). Cubes returned to a
full track go to another track of the player's choice (dized influence page).

Reputation track: the species data names each slot ``ambassador`` or ``mixed``. Decision (the
dized diplomacy page shows slots for either tile, ambassadors only and reputation only): an
``ambassador`` slot holds only an ambassador tile, a ``mixed`` slot either kind. A Minor Species
token (New Dangers) takes a space an ambassador tile could take.
"""

from __future__ import annotations

from dataclasses import replace

from blueprints import species as find_species
from engine.enums import RESOURCES, Resource, SquareType
from engine.state import GameState, PlayerState
from engine.tables import tables


def production(player: PlayerState, resource: Resource) -> int:
    """What the player's population track of a resource produces at upkeep."""
    empty = tables().track_squares - player.tracks[resource.track]
    return tables().production_for(empty)


def upkeep_cost(player: PlayerState) -> int:
    """Money owed at upkeep: the highest empty space of the influence track."""
    return tables().upkeep_for(player.discs_track)


def track_full(player: PlayerState, resource: Resource) -> bool:
    """True when every square of the population track holds a cube."""
    return player.tracks[resource.track] >= tables().track_squares


def return_options(player: PlayerState, square: SquareType | None) -> tuple[Resource, ...]:
    """Tracks a cube leaving a square may go back to.

    ``square`` is the square's colour; ``None`` means an orbital (money or science). A grey
    square's cube goes to any track; when every allowed track is full, any other track will do.
    """
    if square is None:
        allowed: tuple[Resource, ...] = (Resource.MONEY, Resource.SCIENCE)
    elif square is SquareType.GREY:
        allowed = RESOURCES
    else:
        resource = square.resource
        assert resource is not None
        allowed = (resource,)
    open_allowed = tuple(r for r in allowed if not track_full(player, r))
    if open_allowed:
        return open_allowed
    return tuple(r for r in RESOURCES if not track_full(player, r))


def add_cube(player: PlayerState, resource: Resource) -> PlayerState:
    """The player with one more cube on a population track."""
    tracks = list(player.tracks)
    tracks[resource.track] += 1
    return replace(player, tracks=(tracks[0], tracks[1], tracks[2]))


def take_cube(player: PlayerState, resource: Resource) -> PlayerState:
    """The player with one cube taken from a population track."""
    tracks = list(player.tracks)
    if tracks[resource.track] <= 0:
        raise ValueError(f"the {resource.value} track has no cube")
    tracks[resource.track] -= 1
    return replace(player, tracks=(tracks[0], tracks[1], tracks[2]))


def reputation_slots(player: PlayerState) -> tuple[int, int]:
    """``(ambassador-only, mixed)`` slots of the species' reputation track."""
    track = find_species(player.species).reputation_track
    ambassador_only = sum(1 for slot in track if slot == "ambassador")
    return ambassador_only, len(track) - ambassador_only


def room_for_reputation(player: PlayerState) -> bool:
    """True when one more reputation tile fits (reputation tiles never go on ambassador slots)."""
    amb_only, mixed = reputation_slots(player)
    r = len(player.reputation) + 1
    a = len(player.ambassadors) + len(player.minor_species)
    return r <= mixed and r + a <= amb_only + mixed


def room_for_ambassador(player: PlayerState, drop: int | None = None) -> bool:
    """True when one more ambassador tile fits, after returning reputation tile ``drop``."""
    amb_only, mixed = reputation_slots(player)
    r = len(player.reputation) - (0 if drop is None else 1)
    a = len(player.ambassadors) + len(player.minor_species) + 1
    return r <= mixed and r + a <= amb_only + mixed


def trade_rate(player: PlayerState) -> int:
    """Resources paid for one resource of another type."""
    return find_species(player.species).trade_rate


def storage_total(player: PlayerState) -> int:
    """Money, science and materials together (the tie-break)."""
    return player.money + player.science + player.materials


def seats_after(state: GameState, seat: int) -> tuple[int, ...]:
    """Active seats in clockwise order starting after ``seat``."""
    n = len(state.players)
    return tuple(
        s for s in ((seat + i) % n for i in range(1, n + 1)) if not state.players[s].eliminated
    )
