"""The board of an AsyncEclipse save: placed sectors, their ships and cubes, damage, limits.

A board entry is an object (``sector``, ``orientation``, ``owner``, ``player_ships``, population
flags...) or, in older saves, a list ``[sector, orientation]``. ``"sector1back"``...
``"sector3back"`` mark unexplored zones. Decisions (docs/asynceclipse-import.md):

- NPCs are the ``ai-*`` ships listed in a sector; the ``ancient``/``guardian``/``gcds`` numbers
  of an entry are the printed symbols (the bot leaves them after a fight).
- ``damage_tracker`` maps a ship kind of the sector (``"blue-cru"``, ``"ai-anc"``) to the damage
  on the one ship of that kind the bot is damaging (it destroys the ship when the damage passes
  its hull and starts on the next): one ship of that kind carries that damage. A value that is
  not a count, a kind the sector does not hold, or more damage than the ship's hull is
  reported and not read.
- The miniature limits hold (8 interceptors, 4 cruisers, 2 dreadnoughts, 4 starbases per
  player; 2 Ancients, 1 guardian, 1 GCDS per sector): ships over a limit are reported and left
  out in board order, so no position the game cannot hold reaches the engine or the solvers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from blueprints import NpcVariant, ShipClass, npc_tile, ship_class_info
from blueprints import species as find_species
from engine.galaxy import edge_link
from engine.hexes import Hex
from engine.importers.positions import orientation_rotation, position_hex
from engine.importers.problems import Severity
from engine.importers.reading import Reader, as_number, kind, quote
from engine.layouts import Layout
from engine.sectors import SectorKind, sector_tile, sector_tiles
from engine.state import (
    NPC,
    NPC_CLASSES,
    Fleet,
    PlayerState,
    SectorState,
    add_ships,
    set_damage,
)

NPC_VARIANTS = dict[ShipClass, tuple[NpcVariant, str]]
"""The NPC tile seen first for each NPC class, and where."""


@dataclass(slots=True)
class BoardRead:
    """What ``read_board`` found: placed sectors in board order, with their positions, the
    unexplored zones, and the raw ``damage_tracker`` of each sector (read later, when the
    blueprints are known)."""

    sectors: list[SectorState] = field(default_factory=list)
    positions: list[tuple[Hex, str]] = field(default_factory=list)
    unexplored: list[tuple[Hex, int]] = field(default_factory=list)
    damage: list[tuple[int, str, object]] = field(default_factory=list)


def _order(key: object) -> tuple[int, str]:
    code = str(key)
    number = as_number(code) if code.isdigit() and len(code) < 10 else None
    return (number if number is not None else 10**9, code)


def _entry(r: Reader, raw: object, path: str) -> dict[str, Any] | None:
    """A board entry as an object (the list form ``[sector, orientation]`` converted)."""
    if isinstance(raw, dict):
        return raw
    if isinstance(raw, list) and len(raw) == 2:
        return {"sector": raw[0], "orientation": raw[1]}
    r.problem(
        path,
        f"expected an object or [sector, orientation], got {kind(raw)} {quote(raw)}",
        "sector left out",
    )
    return None


def read_board(
    r: Reader,
    board: Mapping[str, Any],
    colours: Mapping[str, int],
    species: Sequence[str],
    variants: NPC_VARIANTS,
    shape: Layout,
) -> BoardRead:
    """Every board entry that can be read, in position order."""
    out = BoardRead()
    taken: dict[Hex, str] = {}
    tiles_seen: dict[int, str] = {}
    known = {t.id for t in sector_tiles()}
    for key in sorted(board, key=_order):
        code = str(key)
        path = f"board.{code}"
        try:
            where = position_hex(code)
        except ValueError as exc:
            r.problem(path, str(exc), "sector left out")
            continue
        if where in taken:
            r.problem(path, f"the same hex as position {taken[where]}", "left out")
            continue
        raw = _entry(r, board[key], path)
        if raw is None:
            continue
        sector_value = raw.get("sector")
        if (
            isinstance(sector_value, str)
            and sector_value.startswith("sector")
            and sector_value.endswith("back")
        ):
            ring = as_number(sector_value[len("sector") : -len("back")])
            if ring is None or not 1 <= ring <= 3:
                r.problem(
                    f"{path}.sector", f"unknown sector back {quote(sector_value)}", "left out"
                )
                continue
            taken[where] = code
            out.unexplored.append((where, ring))
            continue
        tile_id = as_number(sector_value) if isinstance(sector_value, str | int) else None
        if tile_id is not None and tile_id in r.t.special_sectors:
            r.problem(
                f"{path}.sector",
                f"sector {tile_id} is {r.t.special_sectors[tile_id]}, which Fleetlab does "
                "not model yet",
                "sector left out, with what is on it",
            )
            continue
        if tile_id is None or tile_id not in known:
            r.problem(f"{path}.sector", f"unknown sector {quote(sector_value)}", "sector left out")
            continue
        if tile_id in tiles_seen:
            r.problem(
                f"{path}.sector",
                f"sector {tile_id} is already at position {tiles_seen[tile_id]}",
                "left out",
            )
            continue
        rotation = 0
        if "orientation" not in raw:
            r.problem(f"{path}.orientation", "missing", "used 0 degrees")
        else:
            try:
                rotation = orientation_rotation(raw["orientation"])
            except ValueError as exc:
                r.problem(f"{path}.orientation", str(exc), "used 0 degrees")
        if not shape.exists(where):
            r.problem(
                path,
                f"position {code} is not part of the {shape.name.value} galaxy",
                "imported, but it meets no other hex",
                Severity.NOTE,
            )
        _check_name(r, raw, path, tile_id)
        sector = _sector(r, raw, path, where, tile_id, rotation, colours, species, variants)
        taken[where] = code
        tiles_seen[tile_id] = code
        if "damage_tracker" in raw:
            out.damage.append((len(out.sectors), f"{path}.damage_tracker", raw["damage_tracker"]))
        out.sectors.append(sector)
        out.positions.append((where, code))
    if out.sectors and "000" not in board:
        r.problem(
            "board", "no sector at 000, the galactic centre", "imported without it", Severity.NOTE
        )
    return out


def _check_name(r: Reader, raw: Mapping[str, Any], path: str, tile_id: int) -> None:
    name = raw.get("name")
    if name is None:
        return
    printed = sector_tile(tile_id).name
    if name == printed or r.t.sector_spellings.get(name) == tile_id:
        return
    r.problem(
        f"{path}.name",
        f"{quote(name)} is not sector {tile_id}'s printed name {printed!r}",
        f"read as sector {tile_id}",
        Severity.NOTE,
    )


def _sector(
    r: Reader,
    raw: Mapping[str, Any],
    path: str,
    where: Hex,
    tile_id: int,
    rotation: int,
    colours: Mapping[str, int],
    species: Sequence[str],
    variants: NPC_VARIANTS,
) -> SectorState:
    tile = sector_tile(tile_id)
    printed = raw.get("wormholes")
    if printed is not None:
        edges = (
            sorted(printed)
            if isinstance(printed, list)
            and all(isinstance(x, int) and not isinstance(x, bool) for x in printed)
            else None
        )
        if edges != list(tile.wormholes):
            r.problem(
                f"{path}.wormholes",
                f"{quote(printed)} differ from sector {tile_id}'s printed "
                f"wormholes {list(tile.wormholes)}",
                "used the printed ones",
                Severity.NOTE,
            )
    owner_value = raw.get("owner", 0)
    owner: int | None = None
    if isinstance(owner_value, str) and owner_value:
        owner = colours.get(owner_value)
        if owner is None:
            r.problem(
                f"{path}.owner",
                f"colour {owner_value!r} is no player's",
                "sector imported without an owner",
            )
    elif owner_value not in (0, None, False, ""):
        r.problem(
            f"{path}.owner",
            f"expected a colour or 0, got {quote(owner_value)}",
            "sector imported without an owner",
        )
    cubes = _population(r, raw, path, tile_id, owner)
    fleet: Fleet = ()
    arrivals: list[int] = []
    npcs = Counter[ShipClass]()
    orbital = monolith = False
    ships = r.listing(raw, "player_ships", path, required=False)
    for i, ship in enumerate(ships):
        at = f"{path}.player_ships[{i}]"
        if not isinstance(ship, str) or "-" not in ship:
            r.problem(at, f"expected '<colour>-<ship>', got {quote(ship)}", "left out")
            continue
        who, kind_code = ship.split("-", 1)
        if who == "ai":
            npc = r.t.npc_ships.get(kind_code)
            if npc is None:
                r.problem(at, f"unknown NPC ship {quote(ship)}", "left out")
                continue
            npc_class, variant = npc
            first = variants.setdefault(npc_class, (variant, at))
            if first[0] is not variant:
                r.problem(
                    at,
                    f"{variant.value} {npc_class.value} but {first[1]} is "
                    f"{first[0].value} (one tile per game)",
                    f"counted as {first[0].value}",
                )
            npcs[npc_class] += 1
            continue
        seat = colours.get(who)
        if seat is None:
            r.problem(
                at,
                f"colour {who!r} is no player's",
                "ship left out",
                group=(f"{path}.player_ships", "ships of no player's colour"),
                item=f"[{i}] {quote(ship)}",
            )
            continue
        kind_name = r.t.player_ships.get(kind_code)
        if kind_name is None:
            r.problem(at, f"unknown ship type {quote(kind_code)}", "ship left out")
            continue
        if kind_name == "monolith":
            monolith = True
            continue
        if kind_name == "orbital":
            orbital = True
            if ShipClass.ORBITAL not in find_species(species[seat]).ship_classes:
                continue
        fleet = add_ships(fleet, seat, ShipClass(kind_name), 1)
        if seat not in arrivals:
            arrivals.append(seat)
    orbital_cube = False
    pop = raw.get("orbital_pop")
    if isinstance(pop, list) and pop and pop[0] == 1:
        if orbital and owner is not None:
            orbital_cube = True
        else:
            r.problem(f"{path}.orbital_pop", "a cube on an orbital that is not there", "left out")
    disc = raw.get("disctile", 0)
    discovery = as_number(disc) if not isinstance(disc, bool) else int(disc)
    if discovery is None or discovery < 0:
        r.problem(f"{path}.disctile", f"expected 0 or 1, got {quote(disc)}", "used 0")
        discovery = 0
    portal = None
    if not tile.warp_portal and ("warpDisc" in raw or "warpPoint" in raw):
        portal = "tech"
    return SectorState(
        hex=where,
        tile=tile_id,
        rotation=rotation,
        owner=owner,
        cubes=cubes,
        orbital=orbital,
        orbital_cube=orbital_cube,
        monolith=monolith,
        portal=portal,
        discovery=discovery > 0,
        ancients=npcs[ShipClass.ANCIENT],
        guardian=npcs[ShipClass.GUARDIAN],
        gcds=npcs[ShipClass.GCDS],
        ships=fleet,
        arrivals=tuple(arrivals),
    )


def _population(
    r: Reader, raw: Mapping[str, Any], path: str, tile_id: int, owner: int | None
) -> tuple[bool, ...]:
    tile = sector_tile(tile_id)
    cubes = [False] * len(tile.squares)
    for key, square_code in r.t.population.items():
        if key not in raw:
            continue
        flags = raw[key]
        where = f"{path}.{key}"
        if not isinstance(flags, list):
            r.problem(where, f"expected a list of 0/1, got {kind(flags)}", "no cubes read")
            continue
        squares = [i for i, sq in enumerate(tile.squares) if sq.code == square_code]
        for k, flag in enumerate(flags):
            if flag in (0, False):
                continue
            if flag not in (1, True):
                r.problem(f"{where}[{k}]", f"expected 0 or 1, got {quote(flag)}", "no cube")
                continue
            if k >= len(squares):
                r.problem(
                    f"{where}[{k}]",
                    f"a cube on a {square_code} square that sector {tile_id} does not print",
                    "cube left out",
                )
                continue
            if owner is None:
                r.problem(f"{where}[{k}]", "a cube in a sector nobody controls", "cube left out")
                continue
            cubes[squares[k]] = True
    return tuple(cubes)


# ----- the miniature limits ---------------------------------------------------------------------


def apply_limits(
    r: Reader,
    sectors: Sequence[SectorState],
    positions: Sequence[tuple[Hex, str]],
    who: Sequence[str],
) -> list[SectorState]:
    """The sectors with no more ships than the miniatures (see the module docstring).

    ``who`` names each seat in messages. One problem per player and class over its limit (at
    the first sector that holds too many), one per sector for NPCs.
    """
    code_of = dict(positions)
    placed = Counter[tuple[int, ShipClass]]()
    dropped: dict[tuple[int, ShipClass], list[tuple[str, int]]] = {}
    out: list[SectorState] = []
    for s in sectors:
        code = code_of[s.hex]
        fleet: Fleet = ()
        for seat, ship_class, count in s.ships:
            room = max(0, ship_class_info(ship_class).limit - placed[(seat, ship_class)])
            kept = min(count, room)
            placed[(seat, ship_class)] += kept
            if kept:
                fleet = add_ships(fleet, seat, ship_class, kept)
            if count > kept:
                dropped.setdefault((seat, ship_class), []).append((code, count - kept))
        npc_counts = {}
        for npc_class, count in zip(NPC_CLASSES, (s.ancients, s.guardian, s.gcds), strict=True):
            limit = ship_class_info(npc_class).limit
            npc_counts[npc_class] = min(count, limit)
            if count > limit:
                r.problem(
                    f"board.{code}.player_ships",
                    f"{count} {npc_class.value}s in one sector; a sector holds at most {limit}",
                    f"left out {count - limit}",
                )
        if fleet == s.ships and all(
            npc_counts[c] == n
            for c, n in zip(NPC_CLASSES, (s.ancients, s.guardian, s.gcds), strict=True)
        ):
            out.append(s)
            continue
        still = {seat for seat, _, _ in fleet}
        out.append(
            replace(
                s,
                ships=fleet,
                arrivals=tuple(a for a in s.arrivals if a in still),
                ancients=npc_counts[ShipClass.ANCIENT],
                guardian=npc_counts[ShipClass.GUARDIAN],
                gcds=npc_counts[ShipClass.GCDS],
            )
        )
    for (seat, ship_class), drops in dropped.items():
        limit = ship_class_info(ship_class).limit
        total = limit + sum(n for _, n in drops)
        r.problem(
            f"board.{drops[0][0]}.player_ships",
            f"{who[seat]} has {total} {ship_class.value}s on the board; "
            f"the game has {limit} miniatures",
            "left out "
            + ", ".join(f"{n} at {code}" for code, n in drops)
            + " (the first ones in board order are kept)",
        )
    return out


# ----- damage -------------------------------------------------------------------------------------


def apply_damage(
    r: Reader,
    sectors: list[SectorState],
    damage: Sequence[tuple[int, str, object]],
    players: Sequence[PlayerState],
    colours: Mapping[str, int],
    npc_variants: Mapping[ShipClass, NpcVariant],
) -> None:
    """Read each sector's ``damage_tracker`` into its ships' damage (see the module docstring)."""
    for index, path, tracker in damage:
        if not isinstance(tracker, dict):
            r.problem(
                path,
                f"expected an object of ship -> damage, got {kind(tracker)} {quote(tracker)}",
                "damage not read",
            )
            continue
        sector = sectors[index]
        records = sector.damage
        for name, value in tracker.items():
            at = f"{path}.{name}"
            amount = value if isinstance(value, int) and not isinstance(value, bool) else None
            if amount is None or amount < 0:
                r.problem(at, f"expected a damage count, got {quote(value)}", "damage not read")
                continue
            if amount == 0:
                continue
            found = _damaged_kind(r, str(name), colours, players, npc_variants)
            if found is None:
                r.problem(at, f"no ship kind {quote(name)}", "damage not read")
                continue
            side, ship_class, hull = found
            if sector.count(side, ship_class) == 0:
                r.problem(
                    at,
                    f"damage on a {ship_class.value} that the sector does not hold",
                    "damage not read",
                )
                continue
            if amount > hull:
                r.problem(
                    at,
                    f"{amount} damage on a {ship_class.value} of hull {hull}: it would be "
                    "destroyed",
                    "damage not read",
                )
                continue
            records = set_damage(records, side, ship_class, (amount,))
        if records != sector.damage:
            sectors[index] = replace(sector, damage=records)


def _damaged_kind(
    r: Reader,
    name: str,
    colours: Mapping[str, int],
    players: Sequence[PlayerState],
    npc_variants: Mapping[ShipClass, NpcVariant],
) -> tuple[int, ShipClass, int] | None:
    """``(side, class, hull)`` of a ship kind ``"<colour>-<type>"`` or ``"ai-<type>"``."""
    if "-" not in name:
        return None
    who, code = name.split("-", 1)
    if who == "ai":
        npc = r.t.npc_ships.get(code)
        if npc is None:
            return None
        npc_class = npc[0]
        variant = npc_variants.get(npc_class, npc[1])
        return NPC, npc_class, npc_tile(npc_class, variant).stats.hull
    seat = colours.get(who)
    kind_name = r.t.player_ships.get(code)
    if seat is None or kind_name is None or kind_name == "monolith":
        return None
    ship_class = ShipClass(kind_name)
    if ship_class not in find_species(players[seat].species).ship_classes:
        return None
    return seat, ship_class, players[seat].blueprint(ship_class).stats.hull


# ----- connections -------------------------------------------------------------------------------


def check_connections(
    r: Reader,
    sectors: Sequence[SectorState],
    positions: Sequence[tuple[Hex, str]],
    generator: bool,
    shape: Layout,
) -> None:
    """Every explored sector was placed next to one it connects to (the rule for placing)."""
    by_hex = {s.hex: s for s in sectors}
    code_of = dict(positions)
    need = 1 if generator else 2
    for s in sectors:
        if s.printed.kind is not SectorKind.STANDARD:
            continue
        edges = list(shape.edges(s.hex))
        linked = any(
            (b := by_hex.get(other)) is not None and edge_link(s, direction, b, back) >= need
            for direction, other, back in edges
        )
        if not linked and any(other in by_hex for _, other, _ in edges):
            r.problem(
                f"board.{code_of[s.hex]}.orientation",
                f"sector {s.tile} connects to none of its placed neighbours",
                "imported as it is",
                Severity.NOTE,
            )
