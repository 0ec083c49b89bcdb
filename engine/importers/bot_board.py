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
from engine.importers.bot_new_dangers import (
    EXPLODED,
    PART_LETTERS,
    exploded,
    exploded_tile,
    is_anchor,
    part_wormholes,
    pulsar_space,
    special_rules,
    split_location,
    whole_nebulae,
)
from engine.importers.positions import orientation_rotation, position_hex
from engine.importers.problems import Severity
from engine.importers.reading import Reader, as_number, kind, quote
from engine.layouts import Layout
from engine.modules import SpecialSector
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
    supernovae: Sequence[int] = (),
) -> BoardRead:
    """Every board entry that can be read, in position order.

    New Dangers (``engine.importers.bot_new_dangers``): a Nebula's parts are entries of their
    own (``207A``...), read at ``Hex(q, r, part)``; the Nebula's anchor entry holds nothing; an
    exploded Supernova is one of ``supernovae`` (the Supernovae the save lists nowhere else).
    """
    out = BoardRead()
    taken: dict[Hex, str] = {}
    anchors: dict[Hex, str] = {}
    tiles_seen: dict[int, str] = {}
    known = {t.id for t in sector_tiles()}
    spare = list(supernovae)
    ambiguous = len(spare) > 1
    for key in sorted(board, key=_order):
        code = str(key)
        path = f"board.{code}"
        base, part = split_location(code)
        try:
            board_hex = position_hex(base)
        except ValueError as exc:
            r.problem(path, str(exc), "sector left out")
            continue
        where = Hex(board_hex.q, board_hex.r, part) if part else board_hex
        if where in taken or (part and board_hex in taken and board_hex not in anchors):
            r.problem(path, f"the same hex as position {taken.get(where, base)}", "left out")
            continue
        raw = _entry(r, board[key], path)
        if raw is None:
            continue
        sector_value = raw.get("sector")
        if (
            isinstance(sector_value, str)
            and sector_value.startswith("sector")
            and sector_value.endswith("back")
            and not part
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
        blown = sector_value == EXPLODED and not part
        if blown:
            tile_id: int | None = exploded_tile(r, path, spare, ambiguous)
            if tile_id is None:
                continue
        else:
            tile_id = as_number(sector_value) if isinstance(sector_value, str | int) else None
        if tile_id is None or tile_id not in known:
            r.problem(f"{path}.sector", f"unknown sector {quote(sector_value)}", "sector left out")
            continue
        nebula = sector_tile(tile_id).special is SpecialSector.NEBULA
        if not part and nebula:
            if is_anchor(raw):
                anchors[where] = code
                taken[where] = code
                tiles_seen.setdefault(tile_id, base)
                continue
            r.problem(
                path,
                f"Nebula {tile_id} as one hex; Fleetlab plays its three parts, the bot's "
                f"{base}A, {base}B and {base}C",
                "sector left out, with what is on it",
            )
            continue
        if part and not nebula:
            r.problem(
                f"{path}.sector", f"sector {tile_id} is no Nebula, which has parts", "left out"
            )
            continue
        if tiles_seen.get(tile_id, base) != base:
            r.problem(
                f"{path}.sector",
                f"sector {tile_id} is already at position {tiles_seen[tile_id]}",
                "left out",
            )
            continue
        rotation = 0
        if "orientation" not in raw:
            if not blown:
                r.problem(f"{path}.orientation", "missing", "used 0 degrees")
        else:
            try:
                rotation = orientation_rotation(raw["orientation"])
            except ValueError as exc:
                r.problem(f"{path}.orientation", str(exc), "used 0 degrees")
        if not shape.exists(board_hex):
            r.problem(
                path,
                f"position {base} is not part of the {shape.name.value} galaxy",
                "imported, but it meets no other hex",
                Severity.NOTE,
            )
        if not blown:
            _check_name(r, raw, path, tile_id, part)
        sector = _sector(r, raw, path, where, tile_id, rotation, colours, species, variants)
        if blown:
            sector = exploded(sector)
        sector = special_rules(r, sector, path)
        taken[where] = code
        tiles_seen[tile_id] = base
        if "damage_tracker" in raw:
            out.damage.append((len(out.sectors), f"{path}.damage_tracker", raw["damage_tracker"]))
        out.sectors.append(sector)
        out.positions.append((where, code))
    if out.sectors and "000" not in board:
        r.problem(
            "board", "no sector at 000, the galactic centre", "imported without it", Severity.NOTE
        )
    with_parts = {s.hex.board for s in out.sectors if s.hex.part}
    for h, code in anchors.items():
        if h not in with_parts:
            r.problem(
                f"board.{code}",
                f"a Nebula's anchor without its parts {code}A, {code}B, {code}C",
                "the Nebula left out",
            )
    out.sectors = whole_nebulae(r, out.sectors, out.positions)
    kept = {s.hex for s in out.sectors}
    out.positions = [(h, c) for h, c in out.positions if h in kept]
    return out


def _check_name(r: Reader, raw: Mapping[str, Any], path: str, tile_id: int, part: int) -> None:
    name = raw.get("name")
    if name is None:
        return
    printed = sector_tile(tile_id).name
    if part:
        printed = f"{printed} ({PART_LETTERS[part - 1]})"  # how the bot names a Nebula's part
    if name == printed or (isinstance(name, str) and r.t.sector_spellings.get(name) == tile_id):
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
        expected = part_wormholes(tile_id, where.part)
        if edges != expected:
            r.problem(
                f"{path}.wormholes",
                f"{quote(printed)} differ from sector {tile_id}'s printed wormholes {expected}",
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
    if owner is not None and (where.part or raw.get("sector") == EXPLODED):
        r.problem(
            f"{path}.owner",
            "an owner of a Nebula part or an exploded Supernova, which take no disc",
            "sector imported without an owner",
        )
        owner = None
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
    is_pulsar = tile.special is SpecialSector.PULSAR
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
        pulsar=pulsar_space(r, raw, path, owner) if owner is not None and is_pulsar else None,
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
            if flag in (0, False) or flag == "empty":  # early saves write "empty": no cube
                continue
            if flag not in (1, True):
                r.problem(
                    f"{where}[{k}]",
                    f"expected 0 or 1, got {quote(flag)}",
                    "no cube",
                    group=("board", "cube slots that are not 0, 1 or 'empty'"),
                    item=f"{where}[{k}] {quote(flag)}",
                )
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
