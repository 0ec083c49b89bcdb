"""Import a game saved by the AsyncEclipse Discord bot as an engine ``GameState``.

The bot keeps one JSON document per game (``ActiveGames/<id>.json`` in its repository).
``load_save(path)`` reads one (JSON only, never executed, at most ``MAX_BYTES``) and
``import_game(data)`` maps it; both return an ``ImportResult``: the ``state`` and an
``ImportReport`` (seats, bot position of every hex, unexplored zones, problems).

Every era of the bot's format is read (docs/asynceclipse-import.md lists them): players without
a colour, the old species key ``faction_name`` and the bot's spellings, a board that is missing,
``[]`` or made of ``[sector, orientation]`` lists, the tech tray as codes, objects or an object
keyed by code, the earliest single tile deck with its placeholder codes, and the bot's 4- and
5-player galaxies with joined edges (``engine.layouts``).

Lenient by default: every problem is collected as a ``Problem`` with the JSON path of the value,
what is wrong, what was done about it and its severity (``loss`` or ``note``), and the rest is
imported; problems of one kind met item by item are reported once. Keys the importer does not
read are reported too (``engine.importers.fields``). ``strict=True`` raises ``ImportProblem`` (a
``ValueError``) at the first problem instead. A save with nothing usable (not a JSON object, or
no player that can be read) always raises ``ImportProblem``.

The parts: ``reading`` (typed reads), ``bot_tables`` (code tables), ``positions`` (geometry),
``bot_players``, ``bot_board`` (sectors, damage, miniature limits), ``bot_supplies`` (stacks,
bags, tray), ``bot_new_dangers`` (the expansion's sectors, ships in Black Holes, Pulsars, Minor
Species and the game's modules), ``fields`` (unread keys). The position is an action phase with
the turn of the active (else first) player pending, so ``legal_actions`` works on it. Not in the
save, hence not imported: cubes in the graveyard, which discovery tiles were kept for VP, which
tiles the ambassadors are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from blueprints import NpcVariant, ShipClass
from engine.decisions import TurnStart
from engine.enums import Phase
from engine.errors import RecordError
from engine.hexes import Hex
from engine.importers.bot_board import (
    NPC_VARIANTS,
    apply_damage,
    apply_limits,
    check_connections,
    read_board,
)
from engine.importers.bot_new_dangers import (
    held_tokens,
    mark_pulsars_used,
    minor_supply,
    modules_seen,
    one_black_hole,
    read_voyages,
    spare_supernovae,
)
from engine.importers.bot_players import (
    Entry,
    active_player,
    player_state,
    read_players,
    read_techs,
    seat_order,
    start_player,
    traitor,
)
from engine.importers.bot_supplies import (
    discovery_bag,
    read_stacks,
    reputation_bag,
    tech_bag,
    tech_tray,
)
from engine.importers.fields import report_unread
from engine.importers.positions import (
    HYPERLANE_LAYOUTS,
)
from engine.importers.problems import ROOT, ImportProblem, Problem, Severity
from engine.importers.reading import Reader, as_number, kind, quote, truthy
from engine.layouts import GalaxyLayout, layout
from engine.record import parse_json
from engine.sectors import guardian_tiles
from engine.state import GameConfig, GameState, PlayerState, SectorState
from engine.tables import tables
from engine.tech_supply import initial_bag, tech_index
from fileio import DocumentError, read_bytes

MAX_BYTES = 5 * 1024 * 1024
"""Largest save accepted (the bot's files are 5-30 kB)."""

_SAVE = "save"
"""What ``parse_json``'s messages call the file (dropped from the problem's message)."""

_REASONS_CHARS = 300
"""Longest list of reasons in the refusal of a save with no readable player."""


# ----- results -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits in a seat: the bot's player id (Discord id), name, colour (``""`` when the save
    gives none) and our species id."""

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

    @property
    def losses(self) -> tuple[Problem, ...]:
        """The problems that lost information (severity ``loss``)."""
        return tuple(p for p in self.problems if p.severity is Severity.LOSS)

    @property
    def notes(self) -> tuple[Problem, ...]:
        """The routine problems (severity ``note``)."""
        return tuple(p for p in self.problems if p.severity is Severity.NOTE)

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


# ----- reading files -----------------------------------------------------------------------


def parse_save(
    raw: bytes | str, *, max_bytes: int = MAX_BYTES, duplicates: list[str] | None = None
) -> object:
    """Parse a save's text as JSON (and nothing else), refusing more than ``max_bytes``.

    The JSON itself is read by ``engine.record.parse_json`` (the one reader of uploads), as the
    bot reads it: a key written twice in one object keeps its last value (the bot's ``board``
    holds integer and string keys alike, which its writer emits as the same key twice), and
    each such key is appended to ``duplicates`` for ``import_game`` to note.
    Raises ``ImportProblem`` (path ``$``) for a file that is too large or not JSON.
    """
    size = len(raw.encode("utf-8", "surrogatepass")) if isinstance(raw, str) else len(raw)
    if size > max_bytes:
        raise ImportProblem(
            Problem(
                ROOT,
                f"the file has {size} bytes, more than the {max_bytes} allowed",
                "nothing imported",
            )
        )
    try:
        seen = duplicates if duplicates is not None else []
        return parse_json(raw, _SAVE, max_bytes, on_duplicate=seen.append)
    except RecordError as exc:
        message = str(exc).removeprefix(f"{_SAVE}: ")
        raise ImportProblem(Problem(ROOT, message, "nothing imported")) from None


def load_save(
    source: str | Path | bytes, *, strict: bool = False, max_bytes: int = MAX_BYTES
) -> ImportResult:
    """Read and import a save from a path or from the uploaded bytes.

    Raises ``ImportProblem`` for an unreadable file, one over ``max_bytes``, one that is not
    JSON, one with nothing usable (and, with ``strict``, for any problem).
    """
    if not isinstance(source, bytes):
        try:
            source = read_bytes(source, max_bytes=max_bytes, what="save")
        except DocumentError as exc:
            raise ImportProblem(Problem(ROOT, str(exc), "nothing imported")) from None
    twice: list[str] = []
    data = parse_save(source, max_bytes=max_bytes, duplicates=twice)
    return import_game(data, strict=strict, duplicate_keys=twice)


# ----- the importer ------------------------------------------------------------------------


def import_game(
    data: object, *, strict: bool = False, duplicate_keys: Sequence[str] = ()
) -> ImportResult:
    """Import a parsed save (the JSON document as Python data).

    Every problem is collected in ``report.problems``; with ``strict`` the first one raises
    ``ImportProblem``. A document that is not a JSON object, or one in which no player can be
    read, always raises. ``duplicate_keys`` are the keys ``parse_save`` found written twice:
    one routine note names them.
    """
    reader = Reader(strict)
    for key in duplicate_keys:
        reader.problem(
            ROOT,
            f"the key {quote(key)} is written twice in one object; the last value is read",
            "last value kept, as the bot reads it",
            Severity.NOTE,
            group=(ROOT, "keys written twice in one object (the last value is read)"),
            item=quote(key),
        )
    return _Import(reader).run(data)


def problems(data: object) -> tuple[Problem, ...]:
    """Every problem of a parsed save, never raising (DESIGN: importers offer ``problems()``).

    >>> found = problems({"players": {"7": {"name": "Klingons"}}, "board": {}})
    >>> [p.path for p in found]
    ['board', 'players.7.name', 'players']
    >>> found[-1].message
    "no player could be read (players.7.name: unknown species 'Klingons'; player left out)"
    """
    try:
        return import_game(data).report.problems
    except ImportProblem as exc:
        return exc.problems


class _Import:
    """One import: the steps of ``run`` in the order the save's parts depend on each other."""

    def __init__(self, reader: Reader) -> None:
        self.r = reader

    def run(self, data: object) -> ImportResult:
        r = self.r
        if not isinstance(data, dict):
            raise ImportProblem(
                Problem(
                    ROOT,
                    f"expected a JSON object (the bot's game), got {kind(data)}",
                    "nothing imported",
                )
            )
        game_id = r.text(data, "game_id", ROOT, required=False)
        game_name = r.text(data, "game_name", ROOT, required=False)
        setup_done = self.setup_finished(data)
        players_raw = data.get("players")
        if not isinstance(players_raw, dict):
            r.problem(
                "players",
                "missing"
                if players_raw is None
                else f"expected an object, got {kind(players_raw)}",
                "no players imported",
            )
            players_raw = {}
        board_raw = self.board(data, setup_done)

        entries = read_players(r, players_raw)
        if not entries:
            self.refuse_without_players(players_raw)
        seats = seat_order(r, data, entries)
        colours = {e.colour: seat for seat, e in enumerate(seats) if e.colour}
        techs_by_seat = [read_techs(r, e) for e in seats]
        generator = any(
            "wormhole_generator" in {t for track in ts for t in track} for ts in techs_by_seat
        )
        galaxy = self.galaxy(data, len(seats))
        shape = layout(galaxy)

        npc_seen: NPC_VARIANTS = {}
        species = [e.species for e in seats]
        supernovae = spare_supernovae(data, board_raw)
        board = read_board(r, board_raw, colours, species, npc_seen, shape, supernovae)
        who = [self.who(e, seat) for seat, e in enumerate(seats)]
        sectors = apply_limits(r, board.sectors, board.positions, who)
        check_connections(r, sectors, board.positions, generator, shape)
        mark_pulsars_used(r, sectors, board.positions, [(e.path, e.raw) for e in seats])

        players = tuple(
            player_state(r, seat, e, techs_by_seat[seat], colours) for seat, e in enumerate(seats)
        )
        variants = {c: self.variant(data, npc_seen, c) for c in _NPC}
        apply_damage(r, sectors, board.damage, players, colours, variants)
        start = start_player(r, seats)
        turn = active_player(r, data, seats, start)
        game_round = r.number(data, "game_round", ROOT, 1, low=1, high=tables().rounds)
        self.phase(data, game_round)
        placed = {s.tile for s in sectors}
        stacks = one_black_hole(r, sectors, read_stacks(r, data, placed, setup_done))
        supply = held_tokens(r, minor_supply(r, data), players)
        voyages = read_voyages(r, [(e.path, e.raw, e.colour) for e in seats], sectors, game_round)
        portals = self.uses_portals(data, sectors)
        bag = tech_bag(r, data, initial_bag(False, portals))
        tray = tech_tray(r, data, setup_done)
        rift_tile = tech_index("rift_cannon")
        rift = bool(bag[rift_tile] or tray[rift_tile]) or self.rift_elsewhere(data, players)
        if "tech_deck" not in data and rift:
            bag = initial_bag(True, portals)  # the full bag, of the game with the Rift Cannon
        config = GameConfig(
            species=tuple(p.species for p in players),
            start_player=start,
            ancient=variants[ShipClass.ANCIENT],
            guardian=variants[ShipClass.GUARDIAN],
            gcds=variants[ShipClass.GCDS],
            warp_portals=portals,
            rift_cannon=rift,
            # The bot's bag (its data/discoverytiles.json) holds the Remnants of Worlds Afar
            # tiles besides the base box's.
            worlds_afar=True,
            galaxy=galaxy,
            modules=modules_seen(data, sectors, stacks, supply, players),
        )
        disc_bag, disc_out = discovery_bag(r, data, config, sectors)
        self.unread(data, players_raw, board_raw)
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
            tech_bag=bag,
            tech_tray=tray,
            discovery_bag=disc_bag,
            discovery_out=disc_out,
            reputation_bag=reputation_bag(r, data),
            pending=(TurnStart(turn),),
            pass_order=tuple(p.seat for p in players if p.passed),
            traitor=traitor(r, seats),
            index={s.hex: i for i, s in enumerate(sectors)},
            voyages=voyages,
            minor_supply=supply,
        )
        report = ImportReport(
            game_id=game_id,
            game_name=game_name,
            seats=tuple(
                SeatInfo(i, e.player_id, e.name, e.colour, e.species) for i, e in enumerate(seats)
            ),
            positions=tuple(board.positions),
            unexplored=tuple(board.unexplored),
            problems=r.log.finished(),
        )
        return ImportResult(state, report)

    # -- the parts of run ------------------------------------------------------------------------

    def refuse_without_players(self, players_raw: Mapping[str, Any]) -> None:
        """A save with no readable player has nothing to show: refuse it, saying why."""
        met = self.r.log.finished()
        reasons = "; ".join(str(p) for p in met if p.path.startswith("players")) or (
            "the save lists none" if not players_raw else "see the problems"
        )
        if len(reasons) > _REASONS_CHARS:
            reasons = reasons[: _REASONS_CHARS - 3] + "..."
        refusal = Problem("players", f"no player could be read ({reasons})", "nothing imported")
        raise ImportProblem(refusal, (*met, refusal))

    def setup_finished(self, data: Mapping[str, Any]) -> bool:
        """Whether the bot's setup is finished (a note when it is not)."""
        value = data.get("setup_finished", 1)
        flag = truthy(value)
        if flag is None:
            self.r.problem(
                "setup_finished",
                f"expected 0 or 1, got {quote(value)}",
                "taken as finished",
                Severity.NOTE,
            )
            return True
        if not flag:
            self.r.problem(
                "setup_finished",
                f"the bot's setup is not finished ({quote(value)})",
                "imported as the action phase of its round",
                Severity.NOTE,
            )
        return flag

    def board(self, data: Mapping[str, Any], setup_done: bool) -> Mapping[str, Any]:
        """The board object; a missing or empty board is a note before the setup is done."""
        value = data.get("board")
        if isinstance(value, dict) and value:
            return value
        if value is None or value in ([], {}):
            what = "missing" if value is None else f"empty ({quote(value)})"
            if setup_done:
                self.r.problem("board", what, "no sectors imported")
            else:
                self.r.problem(
                    "board",
                    f"{what}: the bot lays out the galaxy at the end of setup",
                    "no sectors imported",
                    Severity.NOTE,
                )
            return {}
        self.r.problem(
            "board", f"expected an object, got {kind(value)} {quote(value)}", "no sectors imported"
        )
        return {}

    def galaxy(self, data: Mapping[str, Any], players: int) -> GalaxyLayout:
        """The galaxy's layout: the bot's joined 4- and 5-player galaxies when the save has
        ``"5playerhyperlane": true`` (by ``player_count``, else the players read), else the
        plain grid."""
        if "5playerhyperlane" not in data:
            return GalaxyLayout.STANDARD
        flag = truthy(data["5playerhyperlane"])
        if flag is None:
            self.r.problem(
                "5playerhyperlane",
                f"expected true or false, got {quote(data['5playerhyperlane'])}",
                "the plain galaxy is used",
            )
            return GalaxyLayout.STANDARD
        if not flag:
            return GalaxyLayout.STANDARD
        count = as_number(data.get("player_count"))
        if count is None or count < 1:
            count = players
        if count != players:
            self.r.problem(
                "player_count",
                f"{count} players, but {players} could be read",
                f"the galaxy for {count} players is used",
                Severity.NOTE,
            )
        found = HYPERLANE_LAYOUTS.get(count)
        if found is None:
            # The bot plays its hyperlane flag on the plain grid at other player counts.
            return GalaxyLayout.STANDARD
        return found

    def phase(self, data: Mapping[str, Any], game_round: int) -> None:
        """The bot's phase is not read: a note when it names one."""
        phase_raw = data.get("game_phase", [])
        if phase_raw not in ([], None, "", [""]):
            self.r.problem(
                "game_phase",
                f"phase {quote(phase_raw)} is not read",
                f"imported as the action phase of round {game_round}",
                Severity.NOTE,
            )

    def unread(
        self,
        data: Mapping[str, Any],
        players_raw: Mapping[str, Any],
        board_raw: Mapping[str, Any],
    ) -> None:
        """One problem per key the importer does not read (``engine.importers.fields``)."""
        report_unread(self.r.log, "game", [(ROOT, data)])
        report_unread(
            self.r.log,
            "player",
            [(f"players.{k}", v) for k, v in players_raw.items() if isinstance(v, dict)],
        )
        report_unread(
            self.r.log,
            "board",
            [(f"board.{k}", v) for k, v in board_raw.items() if isinstance(v, dict)],
        )

    @staticmethod
    def who(e: Entry, seat: int) -> str:
        """A player in messages: the colour, else the seat."""
        return e.colour or f"seat {seat}"

    # -- options ---------------------------------------------------------------------------------

    def variant(
        self, data: Mapping[str, Any], seen: NPC_VARIANTS, npc_class: ShipClass
    ) -> NpcVariant:
        """The game's tile of an NPC class: from its ships, else ``<type>_type``, else the
        game's ``wa_ai``/``advanced_ai`` flags."""
        if npc_class in seen:
            return seen[npc_class][0]
        own = data.get(f"{_NPC[npc_class]}_type")
        if isinstance(own, str):
            if "wa" in own:
                return NpcVariant.WORLDS_AFAR
            if "adv" in own:
                return NpcVariant.ADVANCED
            return NpcVariant.NORMAL
        if data.get("wa_ai") is True:
            return NpcVariant.WORLDS_AFAR
        if data.get("advanced_ai") is True:
            return NpcVariant.ADVANCED
        return NpcVariant.NORMAL

    def rift_elsewhere(self, data: Mapping[str, Any], players: Sequence[PlayerState]) -> bool:
        """The Rift Cannon module shows outside the tech supply (discovery bag, players)."""
        items = data.get("discTiles")
        if isinstance(items, list) and "ricon" in items:
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
        """The Warp Portals module: a portal sector in a stack or on the board."""
        portal_tiles = {281, 381, 382}
        for key in ("tile_deck", "tile_deck_200", "tile_deck_300", "tile_discard"):
            items = data.get(key)
            if isinstance(items, list) and any(
                isinstance(x, str | int) and as_number(x) in portal_tiles for x in items
            ):
                return True
        return any(s.printed.warp_portal for s in sectors)


_NPC = {ShipClass.ANCIENT: "anc", ShipClass.GUARDIAN: "grd", ShipClass.GCDS: "gcds"}
"""The bot's code of each NPC class (``ai-anc``, its ``anc_type`` key)."""
