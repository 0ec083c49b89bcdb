"""The position to advise on: a game state, who sits in each seat, and how to name its places.

``read_position(source, name, at=N)`` opens a game file of any kind Fleetlab reads
(``engine.game_files``): an AsyncEclipse save (through ``engine.importers``, every era of the
bot's format), a game record at the position after its first ``N`` actions (``N`` counts the
entries that are actions or chance outcomes, as the Game page's steps do; without ``at``, the
end of the record: the position now) or a position snapshot. A ``Position`` keeps the seats'
names, colours and species (``Seat``) so that a player can be named on the command line
(``choose_seat``) and in the reasons, the bot's position codes of a save's hexes, and the
problems that lost information while the file was read (``caveats``: the advice is for the
position as read).

``playable(position, seat)`` is the position the seat is advised on, or a ``PositionError``
naming what the engine would need to go on: the game is over; chance acts next; the players'
species are no game the rules allow (one species twice, both sides of one species board); a
player controls no sector and has no ship (a save whose board names no owner, or whose setup is not
finished: the engine would eliminate that player at the first upkeep); storage below zero (the
bot lets money go negative during its setup; the engine's storage never does). A seat that is not
the one to act is advised as if its turn had come, when the game is between turns of the action
phase; otherwise that is an ``AdviceRequestError``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from blueprints import BlueprintError
from blueprints import species as find_species
from engine import record as records
from engine import snapshot as snapshots
from engine.advice.home_setup import on_the_board, set_up_homes
from engine.decisions import TurnStart
from engine.enums import RESOURCES, Phase
from engine.errors import (
    AdviceRequestError,
    EngineError,
    GameFileError,
    PositionError,
    SetupError,
)
from engine.game_files import kind_of, not_a_game_file
from engine.hexes import Hex
from engine.importers import (
    ImportProblem,
    ImportResult,
    import_game,
    parse_save,
    position_code,
)
from engine.rules import legal_actions
from engine.setup import check_config, new_game
from engine.snapshot import Json
from engine.state import CHANCE, GameState
from fileio import DocumentError, read_bytes

MAX_BYTES = records.MAX_BYTES
"""Largest file read (a record's limit; a save is refused over the importer's own, 5 MB)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits in a seat: a name (``""`` when the file has no readable one), a colour
    (``""``: none) and a species id."""

    seat: int
    name: str
    colour: str
    species: str

    @property
    def species_name(self) -> str:
        """The species as printed ("Eridani Empire")."""
        try:
            return find_species(self.species).name
        except BlueprintError:
            return self.species

    @property
    def label(self) -> str:
        """How the advice names the seat: "Blue (Eridani Empire)", "Ann (Planta)" or
        "seat 2 (Planta)"."""
        who = self.colour.capitalize() or self.name or f"seat {self.seat}"
        return f"{who} ({self.species_name})"

    @property
    def short(self) -> str:
        """The seat in a reason: its colour, else its name, else "seat N"."""
        return self.colour.capitalize() or self.name or f"seat {self.seat}"

    def names(self) -> tuple[str, ...]:
        """Every name ``choose_seat`` takes for this seat (the species' id, "eridani_empire",
        is its printed name but for case and punctuation)."""
        found = [self.colour, self.name, self.species_name, f"seat {self.seat}"]
        return tuple(dict.fromkeys(n for n in found if n))


@dataclass(frozen=True, slots=True)
class Position:
    """A position to advise on (see the module doc). ``source`` says what was opened, in words;
    ``bot_codes`` names hexes by the AsyncEclipse bot's position codes (a save); ``replayed``
    is how many actions of a record led here (``None`` for other files) and ``decisions`` the
    record's steps at which a player (not chance) is to act."""

    state: GameState
    seats: tuple[Seat, ...]
    source: str
    bot_codes: bool = False
    caveats: tuple[str, ...] = ()
    replayed: int | None = None
    decisions: tuple[int, ...] = ()

    def seat(self, seat: int) -> Seat:
        """The seat's names."""
        return self.seats[seat]

    def zone(self, where: Hex) -> str:
        """A board hex in words: the bot's position code in a save ("position 203"), else the
        engine's coordinates ("(1,-2)")."""
        if self.bot_codes:
            return f"position {position_code(Hex(where.q, where.r))}"
        return str(Hex(where.q, where.r))

    def sector(self, where: Hex, state: GameState | None = None) -> str:
        """A placed sector of ``state`` (default: the position's) in words: its printed number
        ("sector 214") and a Nebula's part; an unexplored zone as ``zone`` names it."""
        found = (state or self.state).sector(where)
        if found is None:
            return self.zone(where)
        part = f" part {'ABC'[where.part - 1]}" if where.part else ""
        return f"sector {found.tile}{part}"


# ----- opening files ----------------------------------------------------------------------------


def read_position(
    source: str | os.PathLike[str] | bytes, name: str | None = None, at: int | None = None
) -> Position:
    """Open a game file (a path, or the bytes of an upload called ``name``) at action ``at``
    (records only). A file that cannot be read, or is no game file, is a ``GameFileError``;
    ``at`` outside the record, or given for another kind of file, an ``AdviceRequestError``."""
    if isinstance(source, bytes):
        raw, shown = source, name or "upload"
    else:
        shown = name or str(source)
        try:
            raw = read_bytes(Path(source), max_bytes=MAX_BYTES, what="game file")
        except DocumentError as exc:
            raise GameFileError(str(exc)) from None
    duplicates: list[str] = []  # an AsyncEclipse save has keys written twice (last wins)
    try:
        data = records.parse_json(raw, where=f"'{shown}'", on_duplicate=duplicates.append)
    except EngineError as exc:
        raise GameFileError(f"{exc}; expected a JSON game file") from None
    kind = kind_of(data)
    if duplicates and kind != "asynceclipse":  # Fleetlab's own formats are strict
        raise GameFileError(
            f"'{shown}': the key {duplicates[0]!r} appears twice in one object; keys must be "
            "unique; expected a JSON game file"
        )
    if kind is None:
        raise GameFileError(not_a_game_file(data, shown, "fleetlab advise"))
    if kind != "record" and at is not None:
        what = "an AsyncEclipse save" if kind == "asynceclipse" else "a position snapshot"
        raise AdviceRequestError(
            f"action {at}: '{shown}' is {what}, one position; an action index chooses a "
            "position of a game record"
        )
    if kind == "record":
        return _from_record(data, shown, at)
    if kind == "snapshot":
        try:
            state = snapshots.read_snapshot(data)
        except EngineError as exc:
            raise GameFileError(f"'{shown}' is not a readable position snapshot: {exc}") from None
        return Position(state, plain_seats(state), f"position snapshot '{shown}'")
    try:
        # The size limit of saves is the importer's; parse_save applies it to the raw bytes.
        result = import_game(parse_save(raw), duplicate_keys=duplicates)
    except ImportProblem as exc:
        raise GameFileError(f"'{shown}' cannot be imported: {exc}") from None
    return from_import(result, shown)


def from_import(result: ImportResult, name: str) -> Position:
    """The position of an imported AsyncEclipse save, with the home sectors its setup laid but
    did not set up set up as the rules do (``engine.advice.home_setup``; each named in the
    caveats)."""
    report = result.report
    seats = tuple(
        Seat(s.seat, "" if s.name.startswith("<@") else s.name, s.colour, s.species)
        for s in report.seats
    )
    title = report.game_name or report.game_id or name
    read = Position(
        result.state,
        seats,
        f"AsyncEclipse save '{title}'",
        True,
        tuple(str(p) for p in report.losses),
    )
    state, notes = set_up_homes(read.state, lambda seat: read.seat(seat).label, read.zone)
    return replace(read, state=state, caveats=(*read.caveats, *notes))


def plain_seats(state: GameState, names: tuple[str, ...] = ()) -> tuple[Seat, ...]:
    """The seats of a game without colours: ``names`` per seat. A name two seats share (a
    record of four "greedy" bots) names neither: those seats go by "seat N"."""
    given = [names[p.seat] if p.seat < len(names) else "" for p in state.players]
    return tuple(
        Seat(p.seat, name if given.count(name) == 1 else "", "", p.species)
        for p, name in zip(state.players, given, strict=True)
    )


def _from_record(data: object, name: str, at: int | None) -> Position:
    try:
        record = records.record_from_json(data)
    except EngineError as exc:
        raise GameFileError(f"'{name}' is not a readable game record: {exc}") from None
    start = record.start if record.start is not None else new_game(record.config)
    states: list[GameState] = [start]

    def keep(index: int, entry: records.Entry, state: GameState) -> None:
        if isinstance(entry, str):  # an action or a chance outcome; checkpoints and notes pass
            states.append(state)

    result = records.replay(record, on_entry=keep)
    steps = len(states) - 1
    caveats = () if result.error is None else (f"the replay stopped at {result.error}",)
    if at is None:
        at = steps
    if not 0 <= at <= steps:
        stopped = "" if result.error is None else f" (its replay stopped at {result.error})"
        raise AdviceRequestError(
            f"action {at}: '{name}' has {steps} actions{stopped}; give 0 (the start) to {steps}"
        )
    decisions = tuple(i for i, s in enumerate(states) if s.to_act not in (None, CHANCE))
    return Position(
        states[at],
        plain_seats(start, record.players),
        f"game record '{name}' after action {at} of {steps}",
        caveats=caveats,
        replayed=at,
        decisions=decisions,
    )


# ----- whom to advise ---------------------------------------------------------------------------


def _key(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())


def choose_seat(position: Position, player: str | None) -> int:
    """The seat to advise: the one named by ``player`` (a colour, a name, a species, "seat N";
    case, spaces, hyphens and underscores aside), else the one to act. A name that fits no seat,
    or several, is an ``AdviceRequestError`` listing the names each seat goes by."""
    if player is None:
        to_act = position.state.to_act
        if to_act is None or to_act == CHANCE:
            playable(position, 0)  # raises: the game is over, or chance acts next
        assert to_act is not None
        return to_act
    wanted = _key(player)
    found = [s.seat for s in position.seats if wanted and wanted in {_key(n) for n in s.names()}]
    if len(found) == 1:
        return found[0]
    legal = "; ".join(f"{s.label}: {', '.join(s.names())}" for s in position.seats)
    if found:
        raise AdviceRequestError(
            f"the player {player!r} fits {len(found)} seats; name one of them: {legal}"
        )
    raise AdviceRequestError(f"the player {player!r} names no seat; the players are {legal}")


def playable(position: Position, seat: int) -> tuple[GameState, str | None]:
    """The state the seat is advised on and a note when it is not the seat's turn yet (it is
    then advised as if its turn had come); a ``PositionError`` when the engine cannot go on
    from here (see the module doc)."""
    state = position.state
    if state.is_over:
        raise PositionError(
            f"the game is over (round {state.round} was scored): there is no next action"
        )
    to_act = state.to_act
    decision = state.decision
    assert decision is not None and to_act is not None
    if to_act == CHANCE:
        raise PositionError(
            f"chance acts next ({decision.describe()}), not a player" + _nearest(position)
        )
    _check_board(position)
    if seat == to_act:
        return state, None
    label = position.seat(seat).label
    if state.players[seat].eliminated:
        raise AdviceRequestError(f"{label} has been eliminated: there is nothing to advise")
    now = position.seat(to_act).label
    if not (state.phase is Phase.ACTION and state.pending == (TurnStart(to_act),)):
        raise AdviceRequestError(
            f"{now} is in the middle of a decision ({decision.describe()}); advice for {label} "
            f"can be given when {now} has finished it"
        )
    turned = replace(state, turn=seat, pending=(TurnStart(seat),))
    return turned, f"it is {now}'s turn; {label} is advised as if its turn had come"


def _nearest(position: Position) -> str:
    """For a record: the nearest steps before and after this one where a player acts."""
    at = position.replayed
    if at is None:
        return ""
    before = [i for i in position.decisions if i < at]
    after = [i for i in position.decisions if i > at]
    options = [str(i) for i in (before[-1:] + after[:1])]
    if not options:
        return ""
    return f"; a player acts after action {' and after action '.join(options)}"


def _check_board(position: Position) -> None:
    """What a position needs that the engine cannot make up (see the module doc)."""
    state = position.state
    try:
        check_config(state.config)
    except SetupError as exc:
        raise PositionError(f"the save's players are not a game the rules allow: {exc}") from None
    for player in state.players:
        if player.eliminated:
            continue
        label = position.seat(player.seat).label
        for resource in RESOURCES:
            amount = player.resource(resource)
            if amount < 0:
                raise PositionError(
                    f"{label} has {amount} {resource.value} in storage; the engine's storage "
                    "never goes below zero (the AsyncEclipse bot allows it while its setup is "
                    "not finished)"
                )
        if not on_the_board(state, player.seat):
            why = (
                "the file's board has no sectors"
                if not state.sectors
                else "no sector on the file's board is theirs"
            )
            raise PositionError(
                f"{label} controls no sector and has no ship ({why}: a save from before the "
                "bot's setup placed the home sectors, or of a format that names no owners); the "
                "engine would eliminate them at the first upkeep"
            )
    try:
        legal_actions(state)
    except EngineError as exc:
        raise PositionError(f"the engine cannot list the legal actions here: {exc}") from None


# ----- as JSON (for a worker process) -----------------------------------------------------------


def position_json(position: Position) -> dict[str, Json]:
    """The position as JSON (the state as a snapshot's): what the dashboard sends the advice's
    worker process (``ui.advice_worker``)."""
    return {
        "state": snapshots.state_json(position.state),
        "seats": [[s.seat, s.name, s.colour, s.species] for s in position.seats],
        "source": position.source,
        "bot_codes": position.bot_codes,
        "caveats": list(position.caveats),
        "replayed": position.replayed,
        "decisions": list(position.decisions),
    }


def position_from_json(data: Json) -> Position:
    """A position from ``position_json``; a ``GameFileError`` names what is wrong."""
    if not isinstance(data, dict):
        raise GameFileError(f"position: expected an object, got {type(data).__name__}")
    try:
        state = snapshots.read_state(data["state"])
        seats = tuple(Seat(int(i), str(n), str(c), str(sp)) for i, n, c, sp in data["seats"])
        replayed = data["replayed"]
        return Position(
            state,
            seats,
            str(data["source"]),
            bool(data["bot_codes"]),
            tuple(str(c) for c in data["caveats"]),
            None if replayed is None else int(replayed),
            tuple(int(i) for i in data["decisions"]),
        )
    except EngineError as exc:
        raise GameFileError(f"position: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise GameFileError(f"position: not a position's JSON ({exc!r})") from None
