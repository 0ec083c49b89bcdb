"""Home sectors a save has laid but not set up, set up as the rules' setup does.

The AsyncEclipse bot's older saves (and saves from the middle of its setup) lay each species'
home sector on the board but record no owner, cubes or ships on it, while the players still
hold every piece: all their population cubes on the tracks and the home's influence disc on
the influence track. The engine would eliminate such a player at the first upkeep, so no
advice could be given. Setup is not a choice, though: the rules put an influence disc on the
home sector, a population cube on each of its starting squares and the species' starting
ships there (``engine.setup.home_pieces``, the step the engine's own games use). ``set_up_homes``
does that step for every player whose home tile lies on the board untouched and whose pieces
are all still in hand, and says so in the position's caveats, so the advice names what it
added. Anything else (a player with no home tile on the board, or with pieces already
placed elsewhere) is left as read, for ``playable`` to name.

>>> from engine.setup import new_game
>>> from engine.state import GameConfig
>>> from dataclasses import replace
>>> game = new_game(GameConfig(("terran_directorate", "planta")))
>>> home = game.sectors[1]
>>> bare = replace(home, owner=None, cubes=(False,) * len(home.cubes), ships=(), arrivals=())
>>> player = game.players[0]
>>> unset = game.with_sector(bare).with_player(
...     replace(player, tracks=(11, 11, 11), discs_track=player.discs_track + 1))
>>> done, notes = set_up_homes(unset, lambda seat: f"seat {seat}", str)
>>> done.sectors[1] == home, done.players[0] == player
(True, True)
>>> print(notes[0])
seat 0's home sector 221 at (0,-2) had no owner, cubes or ships in the \
file (its setup was not finished): set up as the rules' setup does, with an influence disc, 3 \
population cubes and 1 interceptor
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engine.hexes import Hex
from engine.sectors import home_tile
from engine.setup import home_pieces, start_tracks
from engine.state import GameState, PlayerState, SectorState
from engine.tables import tables


def set_up_homes(
    state: GameState, label: Callable[[int], str], zone: Callable[[Hex], str]
) -> tuple[GameState, tuple[str, ...]]:
    """The state with every untouched home sector of a player who holds all their pieces set
    up (see the module doc), and a note for each, naming the seat by ``label`` and the hex by
    ``zone``."""
    notes: list[str] = []
    for player in state.players:
        home = _untouched_home(state, player)
        if home is None:
            continue
        cubes, fleet = home_pieces(player.seat, player.species)
        state = state.with_sector(
            replace(
                home,
                owner=player.seat,
                cubes=cubes,
                ships=fleet,
                arrivals=(player.seat,) if fleet else (),
            )
        ).with_player(
            replace(player, tracks=start_tracks(player.species), discs_track=player.discs_track - 1)
        )
        ships = ", ".join(f"{n} {c.value}{'s' if n > 1 else ''}" for _, c, n in fleet)
        notes.append(
            f"{label(player.seat)}'s home sector {home.tile} at {zone(home.hex)} had no owner, "
            "cubes or ships in the file (its setup was not finished): set up as the rules' "
            f"setup does, with an influence disc, {sum(cubes)} population cubes"
            + (f" and {ships}" if ships else "")
        )
    return state, tuple(notes)


def on_the_board(state: GameState, seat: int) -> bool:
    """Whether the seat controls a sector or has a ship anywhere (in a sector or under way)."""
    if any(s.owner == seat or s.ships_of(seat) for s in state.sectors):
        return True
    return any(v.seat == seat for v in state.voyages)


def _untouched_home(state: GameState, player: PlayerState) -> SectorState | None:
    """The player's home sector when it is on the board untouched and every piece setup would
    put on it is still the player's to place; else ``None``."""
    if player.eliminated or player.discs_track < 1:
        return None
    if on_the_board(state, player.seat):
        return None
    if player.tracks != (tables().cubes_per_track,) * 3:
        return None
    tile = home_tile(player.species).id
    found = [s for s in state.sectors if s.tile == tile]
    if len(found) != 1:
        return None
    home = found[0]
    if home.owner is not None or any(home.cubes) or home.ships:
        return None
    return home
