"""The New Dangers parts of an AsyncEclipse save: special sectors, Black Hole ships, Pulsars,
Minor Species, and the modules the game is set up with.

The bot's forms, read from its code (S1: ``helpers/NebulaHelper.py``, ``Buttons/Pulsar.py``,
``Buttons/BlackHole.py``, ``Buttons/Move.py``, ``Buttons/DiplomaticRelations.py``,
``helpers/GamestateHelper.py``, ``helpers/PlayerHelper.py``); docs/asynceclipse-import.md:

- **Nebula**: the hex's position keeps an anchor for drawing (``"is_nebula_parent": true``) and
  each part is a board entry of its own at ``<position>A``, ``B`` and ``C``, with the sector
  number, ships, ``disctile`` and NPCs. Part A has the printed edges 5 and 0, B 1 and 2, C 3 and
  4: Fleetlab's parts 1, 2 and 3 (``engine.sectors.NEBULA_PART_EDGES``).
- **Pulsar**: ``currentAction`` (``"move"``, ``"upgrade"``, ``"build"``) on the board entry is
  the space of the controller's disc; a player's ``activatedPulsars`` lists the positions of the
  Pulsars it used this round (the bot empties it at upkeep).
- **Black Hole**: a player's ``blackHoleReturn`` lists ``"<type>_<colour>-<ship>_<round>"`` for
  each of its ships in the hole, due back in that round.
- **Supernova**: an exploded one is a board entry whose sector is ``"supernovaExploded"``; which
  of 397 and 398 it was is not written, so it is the one the save lists nowhere else.
- **Minor Species**: the game's ``minor_species`` lists the tokens in the supply by the bot's
  names (``engine/data/asynceclipse.toml``), and a token a player holds is a reputation-track
  slot ``"<slot>-minor-<name>"``. The Population Cube token's cube has left its track in the
  save already: ``minor_cube`` is set.

A game's modules are the ones the save shows: a special sector of a type on the board or in a
stack, a Minor Species token in the supply or held, the bot's ``enable_nebulas`` flag.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from blueprints import ShipClass, ship_class_info
from engine.enums import ActionKind
from engine.hexes import Hex
from engine.importers.bot_supplies import RING_DECKS
from engine.importers.problems import ROOT, Severity
from engine.importers.reading import Reader, as_number, quote, truthy
from engine.modules import MinorSpecies, Module, SpecialSector, canonical_modules
from engine.sectors import NEBULA_PART_EDGES, sector_tile, special_tiles
from engine.specials import PULSAR_SPACES
from engine.state import PlayerState, SectorState, Stack, Voyage
from engine.tables import tables

PART_LETTERS = "ABC"
"""The bot's letters of a Nebula's parts; part ``i`` is ``PART_LETTERS[i - 1]``."""

EXPLODED = "supernovaExploded"
"""The bot's sector code of an exploded Supernova."""

MINOR_MARK = "-minor-"
"""What marks a Minor Species token on the bot's reputation track."""

DECK_KEYS = (
    "tile_deck",
    "tile_deck_100",
    "tile_deck_200",
    "tile_deck_300",
    "tile_discard",
    "tile_discard_deck_300",
)
"""Every list of sector numbers a save keeps off the board."""


def split_location(code: str) -> tuple[str, int]:
    """The board position and the Nebula part (0 for a whole hex) of a bot board key.

    >>> split_location("207A"), split_location("1003"), split_location("207")
    (('207', 1), ('1003', 0), ('207', 0))
    """
    if len(code) >= 4 and code[-1] in PART_LETTERS and code[:-1].isdigit():
        return code[:-1], PART_LETTERS.index(code[-1]) + 1
    return code, 0


def is_anchor(raw: Mapping[str, Any]) -> bool:
    """True for the bot's drawing anchor of a Nebula (its parts are the board entries)."""
    return truthy(raw.get("is_nebula_parent", False)) is True


def listed_tiles(data: Mapping[str, Any]) -> set[int]:
    """Every sector number the save lists in a stack or a discard pile."""
    out: set[int] = set()
    for key in DECK_KEYS:
        items = data.get(key)
        if isinstance(items, list):
            out.update(n for x in items if isinstance(x, str | int) and (n := as_number(x)))
    return out


def spare_supernovae(data: Mapping[str, Any], board: Mapping[str, Any]) -> list[int]:
    """The Supernova sectors the save lists nowhere (board or stacks): what an exploded one was."""
    seen = listed_tiles(data)
    for raw in board.values():
        value = raw.get("sector") if isinstance(raw, dict) else None
        if isinstance(value, str | int) and (n := as_number(value)) is not None:
            seen.add(n)
    return [t for t in special_tiles(SpecialSector.SUPERNOVA) if t not in seen]


def exploded_tile(r: Reader, path: str, spare: list[int], ambiguous: bool) -> int | None:
    """The sector number of an exploded Supernova at ``path`` (taken from ``spare``)."""
    if not spare:
        r.problem(
            f"{path}.sector",
            f"an exploded Supernova, but both Supernovae "
            f"{list(special_tiles(SpecialSector.SUPERNOVA))} are elsewhere in the save",
            "sector left out",
        )
        return None
    tile = spare.pop(0)
    if ambiguous:
        r.problem(
            f"{path}.sector",
            f"{EXPLODED!r} does not say which Supernova exploded",
            f"read as {sector_tile(tile)} (exploded Supernovae are alike)",
            Severity.NOTE,
        )
    return tile


def exploded(sector: SectorState) -> SectorState:
    """An exploded Supernova: its tile flipped, nothing of a controller left on it."""
    return replace(
        sector,
        owner=None,
        cubes=(False,) * len(sector.cubes),
        orbital=False,
        orbital_cube=False,
        monolith=False,
        discovery=False,
        exploded=True,
    )


def special_rules(r: Reader, sector: SectorState, path: str) -> SectorState:
    """A special sector as the rules allow it: no ships in a Black Hole (they are off the
    board, ``blackHoleReturn``), at most one Ancient in a Nebula part."""
    if sector.printed.special is SpecialSector.BLACK_HOLE and sector.ships:
        r.problem(
            f"{path}.player_ships",
            "ships in a Black Hole, where no ship stays (one that enters leaves the board)",
            "ships left out",
        )
        sector = replace(sector, ships=(), arrivals=(), damage=())
    if sector.hex.part and sector.ancients > 1:
        r.problem(
            f"{path}.player_ships",
            f"{sector.ancients} Ancients in a Nebula part, which holds one",
            f"left out {sector.ancients - 1}",
        )
        sector = replace(sector, ancients=1)
    return sector


def part_wormholes(tile_id: int, part: int) -> list[int]:
    """The printed wormhole edges of a sector, or of one Nebula part of it."""
    edges = sector_tile(tile_id).wormholes
    if not part:
        return list(edges)
    return sorted(set(edges) & set(NEBULA_PART_EDGES[part - 1]))


def pulsar_space(r: Reader, raw: Mapping[str, Any], path: str, owner: int | None) -> ActionKind:
    """The space of a controlled Pulsar's disc (``currentAction``); Move when not given."""
    value = raw.get("currentAction")
    if value is None:
        if owner is not None:
            r.problem(
                f"{path}.currentAction",
                "missing on a controlled Pulsar",
                "the disc is read on the Move space",
                Severity.NOTE,
            )
        return ActionKind.MOVE
    spaces = {s.value: s for s in PULSAR_SPACES}
    found = spaces.get(value) if isinstance(value, str) else None
    if found is None:
        r.problem(
            f"{path}.currentAction",
            f"{quote(value)} is no Pulsar space; the spaces are {', '.join(spaces)}",
            "the disc is read on the Move space",
        )
        return ActionKind.MOVE
    return found


def whole_nebulae(
    r: Reader, sectors: list[SectorState], positions: Sequence[tuple[Hex, str]]
) -> list[SectorState]:
    """The sectors without any Nebula that lacks one of its three parts (a problem for each)."""
    code_of = dict(positions)
    parts: dict[Hex, list[int]] = {}
    for s in sectors:
        if s.hex.part:
            parts.setdefault(s.hex.board, []).append(s.hex.part)
    broken = {h for h, found in parts.items() if sorted(found) != [1, 2, 3]}
    for h in broken:
        have = sorted(parts[h])
        first = code_of[Hex(h.q, h.r, have[0])]
        missing = [PART_LETTERS[p - 1] for p in (1, 2, 3) if p not in have]
        r.problem(
            f"board.{first}",
            f"a Nebula without its part(s) {', '.join(missing)}",
            "the Nebula left out, with what is on it",
        )
    return [s for s in sectors if s.hex.board not in broken or not s.hex.part]


def mark_pulsars_used(
    r: Reader,
    sectors: list[SectorState],
    positions: Sequence[tuple[Hex, str]],
    players_raw: Sequence[tuple[str, Mapping[str, Any]]],
) -> None:
    """Set ``pulsar_used`` on the Pulsars a player lists in ``activatedPulsars``."""
    by_code = {code: h for h, code in positions}
    index = {s.hex: i for i, s in enumerate(sectors)}
    for path, raw in players_raw:
        items = r.listing(raw, "activatedPulsars", path, required=False)
        for k, code in enumerate(items):
            where = f"{path}.activatedPulsars[{k}]"
            h = by_code.get(str(code)) if isinstance(code, str | int) else None
            i = index.get(h) if h is not None else None
            if i is None or sectors[i].printed.special is not SpecialSector.PULSAR:
                r.problem(where, f"{quote(code)} is no Pulsar on the board", "left out")
                continue
            sectors[i] = replace(sectors[i], pulsar_used=True)


def read_voyages(
    r: Reader,
    seats: Sequence[tuple[str, Mapping[str, Any], str]],
    sectors: Sequence[SectorState],
    game_round: int,
) -> tuple[Voyage, ...]:
    """The ships in a Black Hole, from each player's ``blackHoleReturn``.

    ``seats`` are ``(path, raw player, colour)`` by seat. A ship due back in an earlier round
    was not brought back in time and one due after the last round is lost: both are reported
    and left out, as is a ship over its class's miniature limit.
    """
    holes = [s.hex for s in sectors if s.printed.special is SpecialSector.BLACK_HOLE]
    on_board: dict[tuple[int, ShipClass], int] = {}
    for s in sectors:
        for seat, ship_class, count in s.ships:
            on_board[(seat, ship_class)] = on_board.get((seat, ship_class), 0) + count
    out: list[Voyage] = []
    for seat, (path, raw, colour) in enumerate(seats):
        items = r.listing(raw, "blackHoleReturn", path, required=False)
        for k, item in enumerate(items):
            where = f"{path}.blackHoleReturn[{k}]"
            voyage = _voyage(r, where, item, seat, colour, holes, game_round)
            if voyage is None:
                continue
            key = (seat, voyage.ship_class)
            limit = ship_class_info(voyage.ship_class).limit
            if on_board.get(key, 0) >= limit:
                r.problem(
                    where,
                    f"a {voyage.ship_class.value} more than the {limit} miniatures",
                    "left out",
                )
                continue
            on_board[key] = on_board.get(key, 0) + 1
            out.append(voyage)
    return tuple(out)


def _voyage(
    r: Reader,
    where: str,
    item: object,
    seat: int,
    colour: str,
    holes: Sequence[Hex],
    game_round: int,
) -> Voyage | None:
    parts = item.split("_") if isinstance(item, str) else []
    if len(parts) != 3 or "-" not in parts[1]:
        r.problem(
            where,
            f"expected '<type>_<colour>-<ship>_<round>', got {quote(item)}",
            "left out",
        )
        return None
    who, code = parts[1].split("-", 1)
    kind_name = r.t.player_ships.get(code)
    back = as_number(parts[2])
    if who != colour or kind_name is None or kind_name in ("orbital", "monolith"):
        r.problem(where, f"{quote(parts[1])} is no ship of this player's", "left out")
        return None
    if back is None:
        r.problem(where, f"round {quote(parts[2])} is not a whole number", "left out")
        return None
    if not holes:
        r.problem(where, "a ship in a Black Hole, but no Black Hole is on the board", "left out")
        return None
    last = tables().rounds
    if back < game_round or back > last:
        why = "an earlier round" if back < game_round else f"after round {last}"
        r.problem(
            where,
            f"due back in round {back}, {why}: the ship is lost",
            "left out",
            Severity.NOTE,
        )
        return None
    return Voyage(seat, ShipClass(kind_name), back, holes[0])


def minor_species_name(r: Reader, where: str, name: object) -> MinorSpecies | None:
    """A Minor Species token from the bot's name (a problem for an unknown one)."""
    found = r.t.minor_species.get(name) if isinstance(name, str) else None
    if found is None:
        known = ", ".join(repr(k) for k in r.t.minor_species)
        r.problem(where, f"unknown Minor Species {quote(name)}; the bot's are {known}", "left out")
    return found


def minor_supply(r: Reader, data: Mapping[str, Any]) -> tuple[MinorSpecies, ...]:
    """The Minor Species tokens in the supply (the game's ``minor_species``)."""
    items = r.listing(data, "minor_species", ROOT, required=False)
    out: list[MinorSpecies] = []
    for i, name in enumerate(items):
        token = minor_species_name(r, f"minor_species[{i}]", name)
        if token is None:
            continue
        if token in out:
            r.problem(
                f"minor_species[{i}]", f"{name!r} is listed twice", "kept once", Severity.NOTE
            )
            continue
        out.append(token)
    return tuple(out)


def held_tokens(
    r: Reader, supply: tuple[MinorSpecies, ...], players: Sequence[PlayerState]
) -> tuple[MinorSpecies, ...]:
    """The supply without the tokens a player holds (each token exists once)."""
    held = {t for p in players for t in p.minor_species}
    twice = [t for t in supply if t in held]
    if twice:
        r.problem(
            "minor_species",
            f"{', '.join(t.value for t in twice)} both in the supply and held by a player",
            "read as held",
            Severity.NOTE,
        )
    return tuple(t for t in supply if t not in held)


def one_black_hole(
    r: Reader, sectors: Sequence[SectorState], stacks: tuple[Stack, Stack, Stack]
) -> tuple[Stack, Stack, Stack]:
    """The stacks with one Black Hole in the game (text 001: "use only one Black Hole sector
    per game"): the one on the board, else the first listed; any other is left out."""
    holes = special_tiles(SpecialSector.BLACK_HOLE)
    kept = next((s.tile for s in sectors if s.tile in holes), None)
    out: list[Stack] = []
    for ring, stack in enumerate(stacks, start=1):
        extra = [t for t in (*stack.pool, *stack.discard) if t in holes and t != kept]
        if kept is None and extra:
            kept = extra.pop(0)
        if not extra:
            out.append(stack)
            continue
        r.problem(
            RING_DECKS[ring - 1],
            f"Black Hole {', '.join(str(t) for t in extra)} besides {kept}; a game uses one",
            "left out of the stack",
        )
        pool = tuple(t for t in stack.pool if t not in extra)
        out.append(
            Stack(
                pool,
                max(0, stack.size - (len(stack.pool) - len(pool))),
                tuple(t for t in stack.discard if t not in extra),
            )
        )
    return (out[0], out[1], out[2])


def modules_seen(
    data: Mapping[str, Any],
    sectors: Sequence[SectorState],
    stacks: Sequence[Stack],
    supply: Sequence[MinorSpecies],
    players: Sequence[PlayerState],
) -> tuple[Module, ...]:
    """The New Dangers modules the save shows (see the module docstring); the Rift Cannon is
    decided from the tech supply, elsewhere."""
    tiles = {s.tile for s in sectors}
    for stack in stacks:
        tiles.update(stack.pool)
        tiles.update(stack.discard)
    chosen = {special.module for t in tiles if (special := sector_tile(t).special) is not None}
    if supply or any(p.minor_species for p in players):
        chosen.add(Module.MINOR_SPECIES)
    if truthy(data.get("enable_nebulas", False)) is True:
        chosen.add(Module.NEBULA)
    return canonical_modules(chosen)
