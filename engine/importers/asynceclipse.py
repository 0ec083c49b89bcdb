"""Import a game saved by the AsyncEclipse Discord bot as an engine ``GameState``.

The bot keeps one JSON document per game (``ActiveGames/<id>.json`` in its repository; two in
../shared/saves). ``load_save(path)`` reads one (JSON only, never executed, at most ``MAX_BYTES``)
and ``import_game(data)`` maps it; both return an ``ImportResult``: the ``state`` and an
``ImportReport`` (seats, bot position of every hex, unexplored zones, problems).

Lenient by default: every problem is collected as a ``Problem`` with the JSON path of the value
(``players.<id>.interceptor_parts[2]``, ``board.101.orientation``), what is wrong and what was
done about it, and the rest is imported. ``strict=True`` raises ``ImportProblem`` (a
``ValueError``) on the first problem instead.

Geometry (checked on the bot's saves and drawing code, see docs/asynceclipse-import.md):

- A position code ``RNN`` is ring ``R`` (``R`` may have two digits: ``1003``), place ``NN``
  counted from 1 clockwise from the hex due north of the centre: ``ring_hex(R, NN - 1)``;
  ``000`` is the centre. The bot lists a position's neighbours by edge, 0 = north, clockwise, the
  same numbering as ``engine.hexes``.
- A tile's ``orientation`` is degrees (a number or a numeric string, ``"120"``, ``180.0``). The
  bot draws the tile turned that many degrees counter-clockwise, so board edge ``i`` shows
  printed edge ``(i + d / 60) % 6``: Fleetlab's clockwise rotation is ``(6 - d // 60) % 6``.

Mapping (tables in ``engine/data/asynceclipse.toml``): part, tech and discovery codes to ids;
species names; ``<colour>-int|cru|drd|sb`` ships and ``-orb``/``-mon`` structures; ``ai-anc``,
``ai-grd``, ``ai-gcds`` NPCs with ``adv``/``wa`` variants (the game's NPC tiles); blueprints
with the bot's slot order; population flags per square type. Decisions:

- NPCs are the ``ai-*`` ships listed in a sector; the ``ancient``/``guardian``/``gcds`` numbers
  of a board entry are the printed symbols (the bot leaves them after a fight).
- The bot has 12 cubes per population track on 13 spaces, Fleetlab 11 on 12: the same number of
  cubes on the board gives the same production, so a track holds the bot's count minus one.
- Seats go clockwise by home position (or by ``player_order`` when it lists the player ids).
- The position is an action phase with the turn of the active (else first) player pending, so
  ``legal_actions`` works on it. Not in the save, hence not imported: damage on ships, cubes in
  the graveyard, which discovery tiles were kept for VP, which tiles the ambassadors are.
"""

from __future__ import annotations

import math
import tomllib
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from blueprints import Blueprint, BlueprintError, NpcVariant, ShipClass, TechCategory
from blueprints import part as find_part
from blueprints import species as find_species
from blueprints import tech as find_tech
from engine.decisions import TurnStart
from engine.discoveries import discovery_index, discovery_tiles
from engine.discoveries import initial_bag as initial_discovery_bag
from engine.enums import Phase
from engine.errors import EngineError, RecordError
from engine.galaxy import edge_link
from engine.hexes import CENTRE, Hex, ring_hex
from engine.record import parse_json
from engine.sectors import SectorKind, guardian_tiles, sector_tile, sector_tiles
from engine.state import (
    TRACKS,
    Fleet,
    GameConfig,
    GameState,
    PlayerState,
    SectorState,
    Stack,
    add_ships,
)
from engine.tables import tables
from engine.tech_supply import initial_bag, tech_index, tech_order

MAX_BYTES = 5 * 1024 * 1024
"""Largest save accepted (the bot's files are 15-25 kB)."""

ROOT = "$"
"""The path of the whole document in problems."""

_SAVE = "save"
"""What ``parse_json``'s messages call the file (dropped from the problem's message)."""


# ----- results -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing in the save that could not be imported as written.

    ``path`` is where in the JSON (``board.101.orientation``; ``$`` is the whole document),
    ``message`` what is wrong (quoting the value) and ``action`` what the importer did instead.
    """

    path: str
    message: str
    action: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}; {self.action}"

    def to_dict(self) -> dict[str, str]:
        """The JSON form: path, message, action."""
        return {"path": self.path, "message": self.message, "action": self.action}


class ImportProblem(EngineError):  # noqa: N818 - the name DESIGN.md gives
    """A save that cannot be read, or any problem in strict mode. ``problem`` has the path."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem

    @property
    def path(self) -> str:
        """The JSON path of the offending value."""
        return self.problem.path


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits in a seat: the bot's player id (Discord id), name, colour and our species id."""

    seat: int
    player_id: str
    name: str
    colour: str
    species: str


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What was imported and every problem met.

    ``positions`` pairs each placed sector's hex with the bot's position code; ``unexplored`` are
    the zones where the bot shows a facedown sector back, with the ring of that back.
    """

    game_id: str | None
    game_name: str | None
    seats: tuple[SeatInfo, ...]
    positions: tuple[tuple[Hex, str], ...]
    unexplored: tuple[tuple[Hex, int], ...]
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        """True when everything was imported as written."""
        return not self.problems

    def position_of(self, where: Hex) -> str | None:
        """The bot's position code of a placed sector's hex."""
        for h, code in self.positions:
            if h == where:
                return code
        return None


@dataclass(frozen=True, slots=True)
class ImportResult:
    """An imported position: the engine state and the report."""

    state: GameState
    report: ImportReport


# ----- geometry ----------------------------------------------------------------------------


def position_hex(code: str) -> Hex:
    """The hex of a bot position code.

    >>> position_hex("000"), position_hex("101"), position_hex("207"), position_hex("1003")
    (Hex(q=0, r=0), Hex(q=0, r=-1), Hex(q=0, r=2), Hex(q=2, r=-10))
    """
    if not code.isdigit() or not 3 <= len(code) <= 4:
        raise ValueError(f"not a board position {code!r}; positions are 000 or RNN, e.g. 207")
    ring, place = divmod(int(code), 100)
    if ring == 0:
        if place:
            raise ValueError(f"not a board position {code!r}; the centre is 000")
        return CENTRE
    if not 1 <= place <= 6 * ring:
        raise ValueError(f"not a board position {code!r}; ring {ring} has places 01-{6 * ring:02d}")
    return ring_hex(ring, place - 1)


def position_code(where: Hex) -> str:
    """The bot's position code of a hex (inverse of ``position_hex``).

    >>> position_code(Hex(0, 2)), position_code(Hex(0, 0))
    ('207', '000')
    """
    ring = where.ring
    if ring == 0:
        return "000"
    for i in range(6 * ring):
        if ring_hex(ring, i) == where:
            return f"{ring}{i + 1:02d}"
    raise AssertionError(where)  # pragma: no cover - every hex lies on its ring


def orientation_rotation(value: object) -> int:
    """Fleetlab's clockwise rotation (0-5) of a bot orientation in degrees.

    >>> orientation_rotation(0), orientation_rotation("120"), orientation_rotation(300.0)
    (0, 4, 1)
    """
    degrees = _as_number(value)
    if degrees is None or degrees % 60:
        raise ValueError(f"orientation {value!r} is not a multiple of 60 degrees")
    return (6 - (degrees // 60) % 6) % 6


def _as_number(value: object) -> int | None:
    """An integer from an int, an integral float or a numeric string; ``None`` otherwise."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if math.isfinite(value) and value.is_integer() else None
    if isinstance(value, str):
        text = value.strip()
        try:
            return int(text)
        except ValueError:
            try:
                number = float(text)
            except ValueError:
                return None
            return int(number) if math.isfinite(number) and number.is_integer() else None
    return None


# ----- code tables -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Tables:
    parts: Mapping[str, str]
    techs: Mapping[str, str]
    discoveries: Mapping[str, str]
    species: Mapping[str, str]
    player_ships: Mapping[str, str]
    npc_ships: Mapping[str, tuple[ShipClass, NpcVariant]]
    blueprints: Mapping[ShipClass, tuple[str, tuple[int, ...]]]
    population: Mapping[str, str]


@cache
def codes() -> _Tables:
    """The code tables of ``engine/data/asynceclipse.toml``, checked against the catalogues."""
    text = resources.files("engine").joinpath("data", "asynceclipse.toml").read_text("utf-8")
    raw: dict[str, Any] = tomllib.loads(text)
    for pid in raw["parts"].values():
        find_part(pid)
    for tid in raw["techs"].values():
        find_tech(tid)
    for did in raw["discoveries"].values():
        discovery_index(did)
    for sid in raw["species"].values():
        find_species(sid)
    return _Tables(
        parts=dict(raw["parts"]),
        techs=dict(raw["techs"]),
        discoveries=dict(raw["discoveries"]),
        species=dict(raw["species"]),
        player_ships=dict(raw["player_ships"]),
        npc_ships={k: (ShipClass(v[0]), NpcVariant(v[1])) for k, v in raw["npc_ships"].items()},
        blueprints={
            ShipClass(k): (v["key"], tuple(v["order"])) for k, v in raw["blueprints"].items()
        },
        population=dict(raw["population"]),
    )


# ----- reading files -----------------------------------------------------------------------


def parse_save(raw: bytes | str, *, max_bytes: int = MAX_BYTES) -> object:
    """Parse a save's text as JSON (and nothing else), refusing more than ``max_bytes``.

    The JSON itself is read by ``engine.record.parse_json`` (the one reader of uploads).
    Raises ``ImportProblem`` (path ``$``) for a file that is too large or not JSON.
    """
    size = len(raw.encode("utf-8")) if isinstance(raw, str) else len(raw)
    if size > max_bytes:
        raise ImportProblem(
            Problem(
                ROOT,
                f"the file has {size} bytes, more than the {max_bytes} allowed",
                "nothing imported",
            )
        )
    try:
        return parse_json(raw, _SAVE, max_bytes)
    except RecordError as exc:
        message = str(exc).removeprefix(f"{_SAVE}: ")
        raise ImportProblem(Problem(ROOT, message, "nothing imported")) from None


def load_save(
    source: str | Path | bytes, *, strict: bool = False, max_bytes: int = MAX_BYTES
) -> ImportResult:
    """Read and import a save from a path or from the uploaded bytes.

    Raises ``ImportProblem`` for an unreadable file, one over ``max_bytes`` or one that is not
    JSON (and, with ``strict``, for any problem).
    """
    if isinstance(source, bytes):
        return import_game(parse_save(source, max_bytes=max_bytes), strict=strict)
    path = Path(source)
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise ImportProblem(
                Problem(
                    ROOT,
                    f"{str(path)!r} has {size} bytes, more than the {max_bytes} allowed",
                    "nothing imported",
                )
            )
        with path.open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as exc:
        raise ImportProblem(
            Problem(ROOT, f"cannot read {str(path)!r}: {exc.strerror}", "nothing imported")
        ) from None
    return import_game(parse_save(data, max_bytes=max_bytes), strict=strict)


# ----- the importer ------------------------------------------------------------------------


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _quote(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _sub(path: str, key: str) -> str:
    return key if path == ROOT else f"{path}.{key}"


class _Importer:
    """One import: the problems met so far and typed reads that record them."""

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self.problems: list[Problem] = []
        self.t = codes()

    def problem(self, path: str, message: str, action: str) -> None:
        found = Problem(path, message, action)
        if self.strict:
            raise ImportProblem(found)
        self.problems.append(found)

    # -- typed reads ---------------------------------------------------------------------------

    def number(
        self,
        obj: Mapping[str, Any],
        key: str,
        path: str,
        default: int,
        *,
        required: bool = True,
        low: int | None = None,
        high: int | None = None,
    ) -> int:
        where = _sub(path, key)
        if key not in obj:
            if required:
                self.problem(where, "missing", f"used {default}")
            return default
        value = obj[key]
        got = _as_number(value)
        if got is None:
            self.problem(
                where,
                f"expected a whole number, got {_kind(value)} {_quote(value)}",
                f"used {default}",
            )
            return default
        if not isinstance(value, int):
            self.problem(where, f"expected a whole number, got {_quote(value)}", f"read {got}")
        if low is not None and got < low:
            self.problem(where, f"{got} is below the least legal value {low}", f"used {low}")
            return low
        if high is not None and got > high:
            self.problem(where, f"{got} is above the largest legal value {high}", f"used {high}")
            return high
        return got

    def listing(self, obj: Mapping[str, Any], key: str, path: str, *, required: bool) -> list[Any]:
        where = _sub(path, key)
        if key not in obj:
            if required:
                self.problem(where, "missing", "read as an empty list")
            return []
        value = obj[key]
        if not isinstance(value, list):
            self.problem(
                where,
                f"expected a list, got {_kind(value)} {_quote(value)}",
                "read as an empty list",
            )
            return []
        return value

    def text(self, obj: Mapping[str, Any], key: str, path: str, *, required: bool) -> str | None:
        where = _sub(path, key)
        if key not in obj:
            if required:
                self.problem(where, "missing", "left out")
            return None
        value = obj[key]
        if not isinstance(value, str):
            self.problem(
                where, f"expected a string, got {_kind(value)} {_quote(value)}", "left out"
            )
            return None
        return value

    def codes_in(
        self, items: Sequence[Any], path: str, table: Mapping[str, str], what: str
    ) -> Iterator[tuple[int, str]]:
        """``(index, our id)`` for each known code of a list; problems for the rest."""
        for i, code in enumerate(items):
            where = f"{path}[{i}]"
            if not isinstance(code, str):
                self.problem(
                    where, f"expected a {what} code, got {_kind(code)} {_quote(code)}", "left out"
                )
                continue
            found = table.get(code)
            if found is None:
                self.problem(where, f"unknown {what} code {code!r}", "left out")
                continue
            yield i, found

    # -- the document --------------------------------------------------------------------------

    def run(self, data: object) -> ImportResult:
        if not isinstance(data, dict):
            raise ImportProblem(
                Problem(
                    ROOT,
                    f"expected a JSON object (the bot's game), got {_kind(data)}",
                    "nothing imported",
                )
            )
        game_id = self.text(data, "game_id", ROOT, required=False)
        game_name = self.text(data, "game_name", ROOT, required=False)
        players_raw = data.get("players")
        if not isinstance(players_raw, dict):
            self.problem(
                "players",
                "missing"
                if players_raw is None
                else f"expected an object, got {_kind(players_raw)}",
                "no players imported",
            )
            players_raw = {}
        board_raw = data.get("board")
        if not isinstance(board_raw, dict):
            self.problem(
                "board",
                "missing" if board_raw is None else f"expected an object, got {_kind(board_raw)}",
                "no sectors imported",
            )
            board_raw = {}

        entries = self.read_players(players_raw)
        seats = self.seat_order(data, entries, board_raw)
        colours = {e.colour: seat for seat, e in enumerate(seats)}
        techs_by_seat = [self.read_techs(e) for e in seats]
        wormhole_generator = any(
            "wormhole_generator" in {t for tr in ts for t in tr} for ts in techs_by_seat
        )

        npc_variants: dict[ShipClass, tuple[NpcVariant, str]] = {}
        species = [e.species for e in seats]
        sectors, positions, unexplored = self.read_board(board_raw, colours, species, npc_variants)
        self.check_connections(sectors, positions, wormhole_generator)

        players = tuple(
            self.player_state(seat, e, techs_by_seat[seat], colours) for seat, e in enumerate(seats)
        )
        start = self.start_player(seats)
        turn = self.active_player(data, seats, start)
        rift = self.uses_rift(data, players)
        config = GameConfig(
            species=tuple(p.species for p in players),
            start_player=start,
            ancient=self.variant(data, npc_variants, ShipClass.ANCIENT),
            guardian=self.variant(data, npc_variants, ShipClass.GUARDIAN),
            gcds=self.variant(data, npc_variants, ShipClass.GCDS),
            warp_portals=self.uses_portals(data, sectors),
            rift_cannon=rift,
            # The bot's bag (its data/discoverytiles.json) holds the Remnants of Worlds Afar
            # tiles besides the base box's.
            worlds_afar=True,
        )
        game_round = self.number(data, "game_round", ROOT, 1, low=1, high=tables().rounds)
        setup = data.get("setup_finished", 1)
        if setup in (0, False):
            self.problem(
                "setup_finished",
                "the bot's setup is not finished (0)",
                f"imported as the action phase of round {game_round}",
            )
        phase_raw = data.get("game_phase", [])
        if phase_raw not in ([], None, ""):
            self.problem(
                "game_phase",
                f"phase {_quote(phase_raw)} is not read",
                "imported as the action phase",
            )
        placed = {s.tile for s in sectors}
        stacks = self.read_stacks(data, placed)
        tech_bag = self.tech_counts(
            data, "tech_deck", rift, default=initial_bag(rift, config.warp_portals)
        )
        tech_tray = self.tech_counts(
            data, "available_techs", rift, default=(0,) * len(tech_order())
        )
        disc_bag, disc_out = self.discovery_bag(data, config, sectors)
        state = GameState(
            config=config,
            round=game_round,
            phase=Phase.ACTION,
            start_player=start,
            turn=turn,
            players=players,
            sectors=tuple(sectors),
            stacks=stacks,
            guardian_pool=tuple(t for t in guardian_tiles() if t not in placed),
            tech_bag=tech_bag,
            tech_tray=tech_tray,
            discovery_bag=disc_bag,
            discovery_out=disc_out,
            reputation_bag=self.reputation_bag(data),
            pending=(TurnStart(turn),) if players else (),
            pass_order=tuple(p.seat for p in players if p.passed),
            index={s.hex: i for i, s in enumerate(sectors)},
        )
        report = ImportReport(
            game_id=game_id,
            game_name=game_name,
            seats=tuple(
                SeatInfo(i, e.player_id, e.name, e.colour, e.species) for i, e in enumerate(seats)
            ),
            positions=tuple(positions),
            unexplored=tuple(unexplored),
            problems=tuple(self.problems),
        )
        return ImportResult(state, report)

    # -- players -------------------------------------------------------------------------------

    def read_players(self, players_raw: Mapping[str, Any]) -> list[_Entry]:
        out: list[_Entry] = []
        seen_colours: set[str] = set()
        for pid, raw in players_raw.items():
            path = f"players.{pid}"
            if not isinstance(raw, dict):
                self.problem(path, f"expected an object, got {_kind(raw)}", "player left out")
                continue
            name_value = raw.get("name")
            species_id = self.t.species.get(name_value) if isinstance(name_value, str) else None
            if species_id is None:
                self.problem(
                    f"{path}.name",
                    "missing" if name_value is None else f"unknown species {_quote(name_value)}",
                    "player left out",
                )
                continue
            colour = raw.get("color")
            if not isinstance(colour, str) or not colour:
                self.problem(
                    f"{path}.color",
                    f"expected a colour name, got {_quote(colour)}",
                    "player left out",
                )
                continue
            if colour in seen_colours:
                self.problem(
                    f"{path}.color",
                    f"colour {colour!r} is already another player's",
                    "player left out",
                )
                continue
            seen_colours.add(colour)
            shown = raw.get("player_name")
            out.append(
                _Entry(
                    str(pid),
                    shown if isinstance(shown, str) else str(pid),
                    colour,
                    species_id,
                    raw,
                    path,
                )
            )
        return out

    def seat_order(
        self, data: Mapping[str, Any], entries: list[_Entry], board: Mapping[str, Any]
    ) -> list[_Entry]:
        order = data.get("player_order", [])
        by_id = {e.player_id: e for e in entries}
        if isinstance(order, list) and order:
            ids = [str(x) for x in order]
            if sorted(ids) == sorted(by_id):
                return [by_id[i] for i in ids]
            self.problem(
                "player_order",
                f"{_quote(order)} does not list the players' ids",
                "seats follow the home sectors clockwise",
            )

        def home_key(item: tuple[int, _Entry]) -> tuple[int, int]:
            index, entry = item
            home = find_species(entry.species).home_sector
            best = 10**6
            for code, sector in board.items():
                if not isinstance(sector, dict) or sector.get("owner") != entry.colour:
                    continue
                if _as_number(sector.get("sector")) == home and isinstance(code, str):
                    try:
                        where = position_hex(code)
                    except ValueError:
                        continue
                    best = min(best, int(position_code(where)))
            return (best, index)

        return [e for _, e in sorted(enumerate(entries), key=home_key)]

    def read_techs(self, e: _Entry) -> tuple[tuple[str, ...], ...]:
        tracks: list[list[str]] = [[], [], []]
        seen: set[str] = set()
        for k, category in enumerate(TRACKS):
            key = f"{category.value}_tech"
            items = self.listing(e.raw, key, e.path, required=True)
            for i, tech_id in self.codes_in(items, _sub(e.path, key), self.t.techs, "tech"):
                where = f"{e.path}.{key}[{i}]"
                if tech_id in seen:
                    self.problem(where, f"{tech_id!r} is already on the board", "kept once")
                    continue
                seen.add(tech_id)
                own = find_tech(tech_id).category
                if own is not TechCategory.RARE and own is not category:
                    self.problem(
                        where,
                        f"{tech_id!r} belongs on the {own.value} track",
                        f"moved to the {own.value} track",
                    )
                    tracks[TRACKS.index(own)].append(tech_id)
                    continue
                tracks[k].append(tech_id)
        return tuple(tuple(t) for t in tracks)

    def player_state(
        self,
        seat: int,
        e: _Entry,
        techs: tuple[tuple[str, ...], ...],
        colours: Mapping[str, int],
    ) -> PlayerState:
        raw, path = e.raw, e.path
        sp = find_species(e.species)
        t = tables()
        money = self.number(raw, "money", path, 0)
        science = self.number(raw, "science", path, 0)
        materials = self.number(raw, "materials", path, 0)
        cubes = []
        for key in ("money_pop_cubes", "science_pop_cubes", "material_pop_cubes"):
            bot = self.number(
                raw, key, path, t.cubes_per_track + 1, low=1, high=t.cubes_per_track + 1
            )
            cubes.append(bot - 1)
        base = self.number(raw, "base_colony_ships", path, sp.colony_ships, required=False, low=0)
        ready = self.number(raw, "colony_ships", path, base, low=0, high=base)
        discs = self.number(raw, "influence_discs", path, sp.influence_discs, low=0)
        on_actions = 0
        for action in ("explore", "research", "upgrade", "build", "move", "influence"):
            key = f"{action}_action_counters"
            on_actions += self.number(raw, key, path, 0, required=False, low=0)
        all_techs = {x for track in techs for x in track}
        spare = (
            t.spare_discs - ("advanced_robotics" in all_techs) - 2 * ("quantum_grid" in all_techs)
        )
        blueprints = tuple(self.blueprint(e, c, all_techs) for c in sp.ship_classes)
        held = []
        items = self.listing(raw, "ancient_parts", path, required=False)
        for i, pid in self.codes_in(items, _sub(path, "ancient_parts"), self.t.parts, "part"):
            if not find_part(pid).is_discovery:
                self.problem(
                    f"{path}.ancient_parts[{i}]", f"{pid!r} is not a discovery part", "left out"
                )
                continue
            held.append(pid)
        reputation, ambassadors = self.reputation(e, colours, seat)
        kept = self.number(raw, "disc_tiles_for_points", path, 0, required=False, low=0)
        if kept:
            self.problem(
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
            reputation=reputation,
            ambassadors=ambassadors,
            passed=passed is True,
        )

    def reputation(
        self, e: _Entry, colours: Mapping[str, int], seat: int
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        tiles: list[int] = []
        ambassadors: list[int] = []
        items = self.listing(e.raw, "reputation_track", e.path, required=False)
        for i, item in enumerate(items):
            where = f"{e.path}.reputation_track[{i}]"
            if isinstance(item, int) and not isinstance(item, bool):
                if 1 <= item <= 4:
                    tiles.append(item)
                else:
                    self.problem(where, f"reputation tile {item!r} is not 1-4", "left out")
            elif isinstance(item, str) and item in ("amb", "mixed"):
                continue  # an empty slot of the track
            elif isinstance(item, str) and item.count("-") >= 2:
                colour = item.split("-")[2]
                other = colours.get(colour)
                if other is None or other == seat:
                    self.problem(where, f"ambassador {item!r} of no other player", "left out")
                else:
                    ambassadors.append(other)
            else:
                self.problem(where, f"unknown reputation slot {_quote(item)}", "left out")
        return tuple(tiles), tuple(ambassadors)

    def blueprint(self, e: _Entry, ship_class: ShipClass, techs: set[str]) -> Blueprint:
        default = Blueprint.default(e.species, ship_class)
        table = self.t.blueprints.get(ship_class)
        if table is None:  # pragma: no cover - every player class has a table
            return default
        key, order = table
        where = _sub(e.path, key)
        if key not in e.raw:
            self.problem(where, "missing", "used the species' printed blueprint")
            return default
        items = e.raw[key]
        if not isinstance(items, list):
            self.problem(
                where,
                f"expected a list of part codes, got {_kind(items)}",
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
            self.problem(
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
                self.problem(
                    at, f"expected a part code, got {_kind(code)} {_quote(code)}", "slot left empty"
                )
                continue
            part_id = self.t.parts.get(code)
            if part_id is None:
                self.problem(at, f"unknown part code {code!r}", "slot left empty")
                continue
            found = find_part(part_id)
            if spot is None:
                if not found.outside_grid:
                    self.problem(at, f"{part_id!r} cannot go outside the grid", "left out")
                    continue
                outside = found
            elif layout.blocked[spot]:
                self.problem(at, f"{part_id!r} on a blocked slot", "left out")
            else:
                slots[spot] = found
        try:
            bp = Blueprint(e.species, ship_class, tuple(slots), outside)
        except BlueprintError as exc:  # pragma: no cover - the class comes from the species
            self.problem(where, str(exc), "used the species' printed blueprint")
            return default
        for err in bp.problems(techs=techs):
            self.problem(where, f"breaks a rule: {err}", "imported as it is")
        return bp

    def start_player(self, seats: Sequence[_Entry]) -> int:
        first = [i for i, e in enumerate(seats) if e.raw.get("firstPlayer") is True]
        if len(first) > 1:
            self.problem(
                f"{seats[first[1]].path}.firstPlayer",
                "a second first player",
                f"seat {first[0]} starts",
            )
        return first[0] if first else 0

    def active_player(self, data: Mapping[str, Any], seats: Sequence[_Entry], start: int) -> int:
        active = data.get("active_player", [])
        if active in ([], None, ""):
            return start
        for i, e in enumerate(seats):
            if str(active) in (e.player_id, e.name, e.colour):
                return i
        self.problem(
            "active_player", f"{_quote(active)} is not a player", f"seat {start} is to act"
        )
        return start

    # -- the board -----------------------------------------------------------------------------

    def read_board(
        self,
        board: Mapping[str, Any],
        colours: Mapping[str, int],
        species: Sequence[str],
        variants: dict[ShipClass, tuple[NpcVariant, str]],
    ) -> tuple[list[SectorState], list[tuple[Hex, str]], list[tuple[Hex, int]]]:
        sectors: list[SectorState] = []
        positions: list[tuple[Hex, str]] = []
        unexplored: list[tuple[Hex, int]] = []
        taken: dict[Hex, str] = {}
        tiles_seen: dict[int, str] = {}

        def order(key: object) -> tuple[int, str]:
            code = str(key)
            number = _as_number(code) if code.isdigit() else None
            return (number if number is not None else 10**9, code)

        for key in sorted(board, key=order):
            raw = board[key]
            code = str(key)
            path = f"board.{code}"
            try:
                where = position_hex(code)
            except ValueError as exc:
                self.problem(path, str(exc), "sector left out")
                continue
            if where in taken:
                self.problem(path, f"the same hex as position {taken[where]}", "left out")
                continue
            if not isinstance(raw, dict):
                self.problem(path, f"expected an object, got {_kind(raw)}", "sector left out")
                continue
            sector_value = raw.get("sector")
            if (
                isinstance(sector_value, str)
                and sector_value.startswith("sector")
                and sector_value.endswith("back")
            ):
                ring = _as_number(sector_value[len("sector") : -len("back")])
                if ring is None or not 1 <= ring <= 3:
                    self.problem(
                        f"{path}.sector", f"unknown sector back {sector_value!r}", "left out"
                    )
                    continue
                taken[where] = code
                unexplored.append((where, ring))
                continue
            tile_id = _as_number(sector_value) if isinstance(sector_value, str | int) else None
            known = {t.id for t in sector_tiles()}
            if tile_id is None or tile_id not in known:
                self.problem(
                    f"{path}.sector", f"unknown sector {_quote(sector_value)}", "sector left out"
                )
                continue
            if tile_id in tiles_seen:
                self.problem(
                    f"{path}.sector",
                    f"sector {tile_id} is already at position {tiles_seen[tile_id]}",
                    "left out",
                )
                continue
            rotation = 0
            if "orientation" not in raw:
                self.problem(f"{path}.orientation", "missing", "used 0 degrees")
            else:
                try:
                    rotation = orientation_rotation(raw["orientation"])
                except ValueError as exc:
                    self.problem(f"{path}.orientation", str(exc), "used 0 degrees")
            sector = self.sector(raw, path, where, tile_id, rotation, colours, species, variants)
            taken[where] = code
            tiles_seen[tile_id] = code
            sectors.append(sector)
            positions.append((where, code))
        return sectors, positions, unexplored

    def sector(
        self,
        raw: Mapping[str, Any],
        path: str,
        where: Hex,
        tile_id: int,
        rotation: int,
        colours: Mapping[str, int],
        species: Sequence[str],
        variants: dict[ShipClass, tuple[NpcVariant, str]],
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
                self.problem(
                    f"{path}.wormholes",
                    f"{_quote(printed)} differ from sector {tile_id}'s printed "
                    f"wormholes {list(tile.wormholes)}",
                    "used the printed ones",
                )
        owner_value = raw.get("owner", 0)
        owner: int | None = None
        if isinstance(owner_value, str):
            owner = colours.get(owner_value)
            if owner is None:
                self.problem(
                    f"{path}.owner",
                    f"colour {owner_value!r} is no player's",
                    "sector imported without an owner",
                )
        elif owner_value not in (0, None, False):
            self.problem(
                f"{path}.owner",
                f"expected a colour or 0, got {_quote(owner_value)}",
                "sector imported without an owner",
            )
        cubes = self.population(raw, path, tile_id, owner)
        fleet: Fleet = ()
        arrivals: list[int] = []
        npcs = Counter[ShipClass]()
        orbital = monolith = False
        ships = self.listing(raw, "player_ships", path, required=False)
        for i, ship in enumerate(ships):
            at = f"{path}.player_ships[{i}]"
            if not isinstance(ship, str) or "-" not in ship:
                self.problem(at, f"expected '<colour>-<ship>', got {_quote(ship)}", "left out")
                continue
            who, kind = ship.split("-", 1)
            if who == "ai":
                npc = self.t.npc_ships.get(kind)
                if npc is None:
                    self.problem(at, f"unknown NPC ship {ship!r}", "left out")
                    continue
                npc_class, variant = npc
                first = variants.setdefault(npc_class, (variant, at))
                if first[0] is not variant:
                    self.problem(
                        at,
                        f"{variant.value} {npc_class.value} but {first[1]} is "
                        f"{first[0].value} (one tile per game)",
                        f"counted as {first[0].value}",
                    )
                npcs[npc_class] += 1
                continue
            seat = colours.get(who)
            if seat is None:
                self.problem(at, f"colour {who!r} is no player's", "ship left out")
                continue
            kind_name = self.t.player_ships.get(kind)
            if kind_name is None:
                self.problem(at, f"unknown ship type {kind!r}", "ship left out")
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
                self.problem(
                    f"{path}.orbital_pop", "a cube on an orbital that is not there", "left out"
                )
        disc = raw.get("disctile", 0)
        discovery = _as_number(disc) if not isinstance(disc, bool) else int(disc)
        if discovery is None or discovery < 0:
            self.problem(f"{path}.disctile", f"expected 0 or 1, got {_quote(disc)}", "used 0")
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

    def population(
        self, raw: Mapping[str, Any], path: str, tile_id: int, owner: int | None
    ) -> tuple[bool, ...]:
        tile = sector_tile(tile_id)
        cubes = [False] * len(tile.squares)
        for key, square_code in self.t.population.items():
            if key not in raw:
                continue
            flags = raw[key]
            where = f"{path}.{key}"
            if not isinstance(flags, list):
                self.problem(where, f"expected a list of 0/1, got {_kind(flags)}", "no cubes read")
                continue
            squares = [i for i, sq in enumerate(tile.squares) if sq.code == square_code]
            for k, flag in enumerate(flags):
                if flag in (0, False):
                    continue
                if flag not in (1, True):
                    self.problem(f"{where}[{k}]", f"expected 0 or 1, got {_quote(flag)}", "no cube")
                    continue
                if k >= len(squares):
                    self.problem(
                        f"{where}[{k}]",
                        f"a cube on a {square_code} square that sector {tile_id} does not print",
                        "cube left out",
                    )
                    continue
                if owner is None:
                    self.problem(
                        f"{where}[{k}]", "a cube in a sector nobody controls", "cube left out"
                    )
                    continue
                cubes[squares[k]] = True
        return tuple(cubes)

    def check_connections(
        self, sectors: Sequence[SectorState], positions: Sequence[tuple[Hex, str]], generator: bool
    ) -> None:
        """Every explored sector was placed next to one it connects to (the rule for placing)."""
        by_hex = {s.hex: s for s in sectors}
        code_of = dict(positions)
        need = 1 if generator else 2
        for s in sectors:
            if s.printed.kind is not SectorKind.STANDARD:
                continue
            linked = any(
                (b := by_hex.get(other)) is not None and edge_link(s, direction, b) >= need
                for direction, other in s.hex.neighbours()
            )
            if not linked and any(n in by_hex for _, n in s.hex.neighbours()):
                self.problem(
                    f"board.{code_of[s.hex]}.orientation",
                    f"sector {s.tile} connects to none of its placed neighbours",
                    "imported as it is",
                )

    # -- supplies ------------------------------------------------------------------------------

    def read_stacks(self, data: Mapping[str, Any], placed: set[int]) -> tuple[Stack, Stack, Stack]:
        pools: list[list[int]] = [[], [], []]
        discards: list[list[int]] = [[], [], []]
        for ring in (1, 2, 3):
            key = f"tile_deck_{ring}00"
            items = self.listing(data, key, ROOT, required=True)
            for i, tile in self.stack_tiles(items, key, ring, placed):
                if tile in pools[ring - 1]:
                    self.problem(f"{key}[{i}]", f"sector {tile} is listed twice", "kept once")
                else:
                    pools[ring - 1].append(tile)
        for key in ("tile_discard", "tile_discard_deck_300"):
            items = self.listing(data, key, ROOT, required=False)
            for i, tile in self.stack_tiles(items, key, None, placed):
                ring = sector_tile(tile).ring
                if tile in pools[ring - 1] or tile in discards[ring - 1]:
                    self.problem(f"{key}[{i}]", f"sector {tile} is listed twice", "kept once")
                else:
                    discards[ring - 1].append(tile)
        stacks = [
            Stack(tuple(sorted(p)), len(p), tuple(sorted(d)))
            for p, d in zip(pools, discards, strict=True)
        ]
        return (stacks[0], stacks[1], stacks[2])

    def stack_tiles(
        self, items: Sequence[Any], key: str, ring: int | None, placed: set[int]
    ) -> Iterator[tuple[int, int]]:
        """``(index, sector)`` for each sector of a stack list that may be there."""
        known = {t.id: t for t in sector_tiles()}
        for i, value in enumerate(items):
            where = f"{key}[{i}]"
            tile_id = _as_number(value) if isinstance(value, str | int) else None
            if tile_id is None or tile_id not in known:
                self.problem(where, f"unknown sector {_quote(value)}", "left out")
                continue
            tile = known[tile_id]
            if tile.kind is not SectorKind.STANDARD or (ring is not None and tile.ring != ring):
                self.problem(where, f"sector {tile_id} does not belong in this stack", "left out")
                continue
            if tile_id in placed:
                self.problem(where, f"sector {tile_id} is also on the board", "left out")
                continue
            yield i, tile_id

    def tech_counts(
        self, data: Mapping[str, Any], key: str, rift: bool, default: tuple[int, ...]
    ) -> tuple[int, ...]:
        if key not in data:
            self.problem(key, "missing", "used the full bag" if key == "tech_deck" else "empty")
            return default
        counts = [0] * len(tech_order())
        items = self.listing(data, key, ROOT, required=True)
        for _, tech_id in self.codes_in(items, key, self.t.techs, "tech"):
            counts[tech_index(tech_id)] += 1
        return tuple(counts)

    def discovery_bag(
        self, data: Mapping[str, Any], config: GameConfig, sectors: Sequence[SectorState]
    ) -> tuple[tuple[int, ...], int]:
        tiles = discovery_tiles()
        full = initial_discovery_bag(config.discovery_modules)
        facedown = sum(1 for s in sectors if s.discovery)
        if "discTiles" not in data:
            self.problem(
                "discTiles",
                "missing (saves before the bot kept its discovery bag)",
                "used the full bag",
            )
            return full, 0
        counts = [0] * len(tiles)
        ids = [t.id for t in tiles]
        items = self.listing(data, "discTiles", ROOT, required=True)
        for i, tile_id in self.codes_in(items, "discTiles", self.t.discoveries, "discovery tile"):
            if tile_id not in ids or not full[ids.index(tile_id)]:
                self.problem(
                    f"discTiles[{i}]", f"{tile_id!r} is not in this game's bag", "left out"
                )
                continue
            counts[ids.index(tile_id)] += 1
        out = max(0, sum(full) - sum(counts) - facedown)
        return tuple(counts), out

    def reputation_bag(self, data: Mapping[str, Any]) -> tuple[int, int, int, int]:
        if "reputation_tiles" not in data:
            self.problem("reputation_tiles", "missing", "used the full bag")
            return tables().reputation_tiles
        counts = [0, 0, 0, 0]
        for i, value in enumerate(self.listing(data, "reputation_tiles", ROOT, required=True)):
            if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 4:
                counts[value - 1] += 1
            else:
                self.problem(
                    f"reputation_tiles[{i}]",
                    f"expected a value 1-4, got {_quote(value)}",
                    "left out",
                )
        return (counts[0], counts[1], counts[2], counts[3])

    # -- options -------------------------------------------------------------------------------

    def variant(
        self,
        data: Mapping[str, Any],
        seen: Mapping[ShipClass, tuple[NpcVariant, str]],
        npc_class: ShipClass,
    ) -> NpcVariant:
        if npc_class in seen:
            return seen[npc_class][0]
        if data.get("wa_ai") is True:
            return NpcVariant.WORLDS_AFAR
        if data.get("advanced_ai") is True:
            return NpcVariant.ADVANCED
        return NpcVariant.NORMAL

    def uses_rift(self, data: Mapping[str, Any], players: Sequence[PlayerState]) -> bool:
        for key in ("tech_deck", "available_techs", "discTiles"):
            items = data.get(key)
            if isinstance(items, list) and ("rican" in items or "ricon" in items):
                return True
        return any(
            p.has_tech("rift_cannon") or "rift_conductor" in p.parts_held for p in players
        ) or any(
            part.id in ("rift_cannon", "rift_conductor")
            for p in players
            for bp in p.blueprints
            for part in bp.parts()
        )

    def uses_portals(self, data: Mapping[str, Any], sectors: Sequence[SectorState]) -> bool:
        portal_tiles = {"281", "381", "382", 281, 381, 382}
        for key in ("tile_deck_200", "tile_deck_300", "tile_discard"):
            items = data.get(key)
            if isinstance(items, list) and any(
                isinstance(x, str | int) and not isinstance(x, bool) and x in portal_tiles
                for x in items
            ):
                return True
        return any(s.printed.warp_portal for s in sectors)


@dataclass(frozen=True, slots=True)
class _Entry:
    """A player as read from ``players``, before seats are known."""

    player_id: str
    name: str
    colour: str
    species: str
    raw: Mapping[str, Any]
    path: str


def import_game(data: object, *, strict: bool = False) -> ImportResult:
    """Import a parsed save (the JSON document as Python data).

    Every problem is collected in ``report.problems``; with ``strict`` the first one raises
    ``ImportProblem``. A document that is not a JSON object always raises.
    """
    importer = _Importer(strict)
    return importer.run(data)


def problems(data: object) -> tuple[Problem, ...]:
    """Every problem of a parsed save, never raising (DESIGN: importers offer ``problems()``).

    >>> found = problems({"players": {}, "board": {"101": {"sector": "999"}}})
    >>> str(found[0])
    "board.101.sector: unknown sector '999'; sector left out"
    >>> [p.path for p in found[1:4]]
    ['game_round', 'tile_deck_100', 'tile_deck_200']
    """
    try:
        return import_game(data).report.problems
    except ImportProblem as exc:
        return (exc.problem,)
