"""The players of an AsyncEclipse save: who they are, their seats, boards, techs and blueprints.

Every era of the bot's player objects is read: the species under ``name`` (or the older
``faction_name``, and the bot's own spellings such as ``"Terran Directorarte"``); players without
a ``color`` (the bot gives colours late in setup) are read without one; the money cubes under
``money_pop_cubes`` (or the older ``resource_pop_cubes``).

Decisions (docs/asynceclipse-import.md): the bot has 12 cubes per population track on 13
spaces, Fleetlab 11 on 12; the same number of cubes on the board gives the same production, so a
track holds the bot's count minus one. Seats go clockwise by home position, or follow
``player_order`` when it lists the player ids.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from blueprints import Blueprint, BlueprintError, ShipClass, TechCategory
from blueprints import part as find_part
from blueprints import parts as all_parts
from blueprints import species as find_species
from blueprints import tech as find_tech
from engine.importers.bot_new_dangers import MINOR_MARK, minor_species_name
from engine.importers.positions import position_code, position_hex
from engine.importers.problems import Severity
from engine.importers.reading import Reader, as_number, kind, quote, sub, truthy
from engine.modules import MinorSpecies
from engine.state import TRACKS, PlayerState
from engine.tables import tables

NO_COLOUR = ""
"""The colour of a player whose save gives none."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A player as read from ``players``, before seats are known."""

    player_id: str
    name: str
    colour: str
    species: str
    raw: Mapping[str, Any]
    path: str


def species_of(r: Reader, raw: Mapping[str, Any]) -> tuple[str | None, object]:
    """Our species id from ``name`` or the older ``faction_name``, and the value looked at."""
    for key in ("name", "faction_name"):
        value = raw.get(key)
        if isinstance(value, str) and value in r.t.species:
            return r.t.species[value], value
    return None, raw.get("name", raw.get("faction_name"))


def read_players(r: Reader, players_raw: Mapping[str, Any]) -> list[Entry]:
    """Every player that can be read; problems for the others."""
    out: list[Entry] = []
    seen_colours: set[str] = set()
    for pid, raw in players_raw.items():
        path = f"players.{pid}"
        if not isinstance(raw, dict):
            r.problem(path, f"expected an object, got {kind(raw)}", "player left out")
            continue
        species_id, looked_at = species_of(r, raw)
        if species_id is None:
            key = "name" if "name" in raw or "faction_name" not in raw else "faction_name"
            r.problem(
                f"{path}.{key}",
                "missing" if looked_at is None else f"unknown species {quote(looked_at)}",
                "player left out",
            )
            continue
        colour = raw.get("color")
        if colour is None or colour == "":
            r.problem(
                f"{path}.color",
                "no colour (the bot gives colours late in setup)",
                "read without a colour: nothing on the board can be theirs",
                Severity.NOTE,
                group=("players", "players without a colour (the bot gives colours late in setup)"),
                item=str(pid),
            )
            colour = NO_COLOUR
        elif not isinstance(colour, str):
            r.problem(
                f"{path}.color",
                f"expected a colour name, got {kind(colour)} {quote(colour)}",
                "read without a colour: nothing on the board can be theirs",
            )
            colour = NO_COLOUR
        elif colour in seen_colours:
            r.problem(
                f"{path}.color",
                f"colour {colour!r} is already another player's",
                "player left out",
            )
            continue
        if colour:
            seen_colours.add(colour)
        shown = raw.get("player_name")
        out.append(
            Entry(
                str(pid),
                shown if isinstance(shown, str) else str(pid),
                colour,
                species_id,
                raw,
                path,
            )
        )
    return out


def seat_order(r: Reader, data: Mapping[str, Any], entries: list[Entry]) -> list[Entry]:
    """The players in seat order: ``player_order`` if it lists them, else clockwise by home."""
    order = data.get("player_order", [])
    by_id = {e.player_id: e for e in entries}
    if isinstance(order, list) and order:
        ids = [str(x) for x in order]
        if sorted(ids) == sorted(by_id):
            return [by_id[i] for i in ids]
        r.problem(
            "player_order",
            f"{quote(order)} does not list the players' ids",
            "seats follow the home sectors clockwise",
            Severity.NOTE,
        )
    board = data.get("board")
    entries_of_board = board.items() if isinstance(board, dict) else ()

    def home_key(item: tuple[int, Entry]) -> tuple[int, int]:
        index, entry = item
        home = find_species(entry.species).home_sector
        best = 10**6
        for code, sector in entries_of_board:
            if isinstance(sector, list) or not isinstance(sector, dict):
                continue  # the list form has no owner
            if not entry.colour or sector.get("owner") != entry.colour:
                continue
            if as_number(sector.get("sector")) == home and isinstance(code, str):
                try:
                    where = position_hex(code)
                except ValueError:
                    continue
                best = min(best, int(position_code(where)))
        return (best, index)

    return [e for _, e in sorted(enumerate(entries), key=home_key)]


def read_techs(r: Reader, e: Entry) -> tuple[tuple[str, ...], ...]:
    """The player's techs per track (a tech twice kept once, a regular one moved to its own)."""
    tracks: list[list[str]] = [[], [], []]
    seen: set[str] = set()
    for k, category in enumerate(TRACKS):
        key = f"{category.value}_tech"
        where_list = sub(e.path, key)
        items = r.listing(e.raw, key, e.path, required=True)
        for i, tech_id in r.codes_in(items, where_list, r.t.techs, "tech"):
            where = f"{where_list}[{i}]"
            if tech_id in seen:
                r.problem(
                    where,
                    f"{tech_id!r} is already on the board",
                    "kept once",
                    Severity.NOTE,
                    group=(where_list, "techs held twice"),
                    item=f"[{i}] {tech_id!r}",
                )
                continue
            seen.add(tech_id)
            own = find_tech(tech_id).category
            if own is not TechCategory.RARE and own is not category:
                r.problem(
                    where,
                    f"{tech_id!r} belongs on the {own.value} track",
                    f"moved to the {own.value} track",
                    Severity.NOTE,
                )
                tracks[TRACKS.index(own)].append(tech_id)
                continue
            tracks[k].append(tech_id)
    return tuple(tuple(t) for t in tracks)


def player_state(
    r: Reader,
    seat: int,
    e: Entry,
    techs: tuple[tuple[str, ...], ...],
    colours: Mapping[str, int],
) -> PlayerState:
    """The engine's player board of one seat."""
    raw, path = e.raw, e.path
    sp = find_species(e.species)
    t = tables()
    # Science and materials are never negative (nothing takes more than a player has). Money
    # is read as it is: the bot's saves hold negative money (aeb41: -8 in round 1).
    money = r.number(raw, "money", path, 0)
    science = r.number(raw, "science", path, 0, low=0)
    materials = r.number(raw, "materials", path, 0, low=0)
    cubes = []
    money_key = "resource_pop_cubes" if "money_pop_cubes" not in raw else "money_pop_cubes"
    if money_key not in raw:
        money_key = "money_pop_cubes"
    for key in (money_key, "science_pop_cubes", "material_pop_cubes"):
        bot = r.number(raw, key, path, t.cubes_per_track + 1, low=1, high=t.cubes_per_track + 1)
        cubes.append(bot - 1)
    base = r.number(raw, "base_colony_ships", path, sp.colony_ships, required=False, low=0)
    ready = r.number(raw, "colony_ships", path, base, low=0, high=base)
    discs = r.number(raw, "influence_discs", path, sp.influence_discs, low=0)
    on_actions = 0
    for action in ("explore", "research", "upgrade", "build", "move", "influence"):
        key = f"{action}_action_counters"
        on_actions += r.number(raw, key, path, 0, required=False, low=0)
    all_techs = {x for track in techs for x in track}
    spare = t.spare_discs - ("advanced_robotics" in all_techs) - 2 * ("quantum_grid" in all_techs)
    blueprints = tuple(blueprint(r, e, c, all_techs) for c in sp.ship_classes)
    held = []
    items = r.listing(raw, "ancient_parts", path, required=False)
    for i, pid in r.codes_in(items, sub(path, "ancient_parts"), r.t.parts, "part"):
        if not find_part(pid).is_discovery:
            r.problem(f"{path}.ancient_parts[{i}]", f"{pid!r} is not a discovery part", "left out")
            continue
        held.append(pid)
    reputation_tiles, ambassadors, tokens = reputation(r, e, colours, seat)
    kept = r.number(raw, "disc_tiles_for_points", path, 0, required=False, low=0)
    if kept:
        r.problem(
            f"{path}.disc_tiles_for_points",
            f"{kept} discovery tile(s) kept for VP, but the save does not say which",
            "not imported (the score misses their VP)",
        )
    passed = raw.get("passed", False)
    return PlayerState(
        seat=seat,
        species=e.species,
        money=money,
        science=science,
        materials=materials,
        tracks=(cubes[0], cubes[1], cubes[2]),
        graveyard=(0, 0, 0),
        discs_track=discs,
        discs_actions=on_actions,
        discs_spare=max(0, spare),
        colony_ships=base,
        colony_used=base - ready,
        techs=(techs[0], techs[1], techs[2]),
        blueprints=blueprints,
        parts_held=tuple(held),
        reputation=reputation_tiles,
        ambassadors=ambassadors,
        passed=passed is True,
        minor_species=tokens,
        # The bot takes the Population Cube token's cube off a track when the token is bought.
        minor_cube=MinorSpecies.POPULATION_CUBE in tokens,
    )


def reputation(
    r: Reader, e: Entry, colours: Mapping[str, int], seat: int
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[MinorSpecies, ...]]:
    """Reputation tile values, the seats whose ambassadors the player holds and the Minor
    Species tokens on the track (``"<slot>-minor-<name>"``, New Dangers)."""
    tiles: list[int] = []
    ambassadors: list[int] = []
    tokens: list[MinorSpecies] = []
    items = r.listing(e.raw, "reputation_track", e.path, required=False)
    for i, item in enumerate(items):
        where = f"{e.path}.reputation_track[{i}]"
        if isinstance(item, int) and not isinstance(item, bool):
            if 1 <= item <= 4:
                tiles.append(item)
            else:
                r.problem(where, f"reputation tile {item!r} is not 1-4", "left out")
        elif isinstance(item, str) and item in ("amb", "mixed"):
            continue  # an empty slot of the track
        elif isinstance(item, str) and MINOR_MARK in item:
            token = minor_species_name(r, where, item.split(MINOR_MARK, 1)[1])
            if token is not None and token in tokens:
                r.problem(where, f"{quote(item)} is held twice", "kept once", Severity.NOTE)
            elif token is not None:
                tokens.append(token)
        elif isinstance(item, str) and item.count("-") >= 2:
            colour = item.split("-")[2]
            other = colours.get(colour)
            if other is None or other == seat:
                r.problem(where, f"ambassador {quote(item)} of no other player", "left out")
            else:
                ambassadors.append(other)
        else:
            r.problem(where, f"unknown reputation slot {quote(item)}", "left out")
    return tuple(tiles), tuple(ambassadors), tuple(tokens)


def blueprint(r: Reader, e: Entry, ship_class: ShipClass, techs: set[str]) -> Blueprint:
    """A blueprint from the bot's part list (its slot order, see the TOML table)."""
    default = Blueprint.default(e.species, ship_class)
    table = r.t.blueprints.get(ship_class)
    if table is None:  # pragma: no cover - every player class has a table
        return default
    key, order = table
    where = sub(e.path, key)
    if key not in e.raw:
        r.problem(where, "missing", "used the species' printed blueprint")
        return default
    items = e.raw[key]
    if not isinstance(items, list):
        r.problem(
            where,
            f"expected a list of part codes, got {kind(items)}",
            "used the species' printed blueprint",
        )
        return default
    layout = default.layout
    usable = [i for i in order if not layout.blocked[i]]
    if len(items) in (len(order), len(order) + 1):
        spots = list(order)
    elif len(items) in (len(usable), len(usable) + 1):
        spots = usable
    else:
        r.problem(
            where,
            f"{len(items)} parts listed, the {ship_class.value} has {len(usable)} slots",
            "used the species' printed blueprint",
        )
        return default
    slots: list[Any] = [None] * layout.slot_count
    outside = None
    for i, code in enumerate(items):
        spot = spots[i] if i < len(spots) else None
        at = f"{where}[{i}]"
        if code == "empty":
            continue
        if not isinstance(code, str):
            r.problem(
                at, f"expected a part code, got {kind(code)} {quote(code)}", "slot left empty"
            )
            continue
        part_id = r.t.parts.get(code) or fleetlab_part_id(code)
        if part_id is None:
            r.problem(at, f"unknown part code {quote(code)}", "slot left empty")
            continue
        found = find_part(part_id)
        if spot is None:
            if not found.outside_grid:
                r.problem(at, f"{part_id!r} cannot go outside the grid", "left out")
                continue
            outside = found
        elif layout.blocked[spot]:
            r.problem(at, f"{part_id!r} on a blocked slot", "left out")
        else:
            slots[spot] = found
    try:
        bp = Blueprint(e.species, ship_class, tuple(slots), outside)
    except BlueprintError as exc:  # pragma: no cover - the class comes from the species
        r.problem(where, str(exc), "used the species' printed blueprint")
        return default
    for err in bp.problems(techs=techs):
        r.problem(where, f"breaks a rule: {err}", "imported as it is", Severity.NOTE)
    return bp


def start_player(r: Reader, seats: Sequence[Entry]) -> int:
    """The seat with ``firstPlayer``, else seat 0."""
    first = [i for i, e in enumerate(seats) if e.raw.get("firstPlayer") is True]
    if len(first) > 1:
        r.problem(
            f"{seats[first[1]].path}.firstPlayer",
            "a second first player",
            f"seat {first[0]} starts",
        )
    return first[0] if first else 0


def active_player(r: Reader, data: Mapping[str, Any], seats: Sequence[Entry], start: int) -> int:
    """The seat whose turn it is (``active_player`` by id, name or colour), else the start."""
    active = data.get("active_player", [])
    if active in ([], None, "", [""]):
        return start
    for i, e in enumerate(seats):
        if str(active) in (e.player_id, e.name, e.colour) and str(active):
            return i
    r.problem(
        "active_player",
        f"{quote(active)} is not a player",
        f"seat {start} is to act",
        Severity.NOTE,
    )
    return start


def traitor(r: Reader, seats: Sequence[Entry]) -> int | None:
    """The seat holding the traitor tile (a player's ``traitor: true``), or ``None``."""
    holders = []
    for i, e in enumerate(seats):
        if "traitor" not in e.raw:
            continue
        flag = truthy(e.raw["traitor"])
        if flag is None:
            r.problem(
                f"{e.path}.traitor",
                f"expected true or false, got {quote(e.raw['traitor'])}",
                "not the traitor",
            )
        elif flag:
            holders.append(i)
    if len(holders) > 1:
        r.problem(
            f"{seats[holders[1]].path}.traitor",
            "a second traitor",
            f"seat {holders[0]} holds the traitor tile",
        )
    return holders[0] if holders else None


@cache
def _fleetlab_part_ids() -> frozenset[str]:
    return frozenset(p.id for p in all_parts())


def fleetlab_part_id(code: str) -> str | None:
    """The part of an early save's blueprint written by Fleetlab's own part id (``ion_cannon``,
    ``nuclear_drive``, ``hull``: the bot's earliest era wrote ids, not its short codes), or
    None. Fleetlab's own short codes are not read here: the bot's codes are another table.

    >>> fleetlab_part_id("electron_computer"), fleetlab_part_id("ioc")
    ('electron_computer', None)
    """
    return code if code in _fleetlab_part_ids() else None
