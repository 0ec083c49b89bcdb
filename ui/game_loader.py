"""Open an uploaded game file for the Game page: a game record, a position snapshot or an
AsyncEclipse save, told apart by their content (no Streamlit here).

Uploads are parsed as JSON only (never executed or unpickled), at most ``MAX_UPLOAD_BYTES``.
``open_game(raw, name)`` returns a ``LoadedGame``: the positions to show (a record gives the
start and the position after every action, a snapshot or a save one position), the text of
each step for the event log, how each seat is drawn and named, and every problem met (an
importer problem with its JSON path, or the record entry where the replay stopped). A file that
cannot be opened at all raises ``GameFileError`` naming the file and what would be accepted.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from engine import record as records
from engine import snapshot as snapshots
from engine.advice import Seat, from_import, plain_seats
from engine.errors import EngineError
from engine.errors import GameFileError as GameFileError  # re-exported: the pages catch it here
from engine.game_files import KINDS, kind_of, not_a_game_file
from engine.hexes import Hex
from engine.importers import ImportProblem, import_game
from engine.setup import new_game
from engine.state import GameState
from ui.galaxy import SeatStyle, default_styles, seat_colour
from ui.wording import player_label

MAX_UPLOAD_BYTES = 20 * 1024 * 1024
"""Largest upload accepted (a whole recorded 6-player game is under 1 MB, a save 25 kB)."""


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """An opened game file.

    ``states[0]`` is the start; for a record ``states[i]`` is the position after the ``i``-th
    action, whose text is ``events[i - 1]``. ``rounds[i]`` is the round of ``states[i]``.
    ``positions`` maps hexes to the AsyncEclipse position codes (saves only). ``seats`` say
    who sits where (the advice names players by them; ``bot_codes``: a save's hexes are named
    by the bot's position codes). ``played`` describes a game that is an advised turn played on
    another game's position (``ui.game_advice.play_advice``).
    """

    kind: str
    name: str
    states: tuple[GameState, ...]
    events: tuple[str, ...]
    styles: Mapping[int, SeatStyle]
    problems: tuple[str, ...] = ()
    positions: Mapping[Hex, str] = field(default_factory=dict)
    unexplored: tuple[tuple[Hex, int], ...] = ()
    seats: tuple[Seat, ...] = ()
    bot_codes: bool = False
    played: str | None = None

    @property
    def steps(self) -> int:
        """Number of actions that can be stepped through (0 for a single position)."""
        return len(self.states) - 1

    def describe(self) -> str:
        """One line on what was opened."""
        if self.played is not None:
            return self.played
        what = KINDS[self.kind]
        if self.kind == "record":
            return f"{what} '{self.name}': {self.steps} actions"
        return f"{what} '{self.name}'"


def _parse_json(raw: bytes, name: str, duplicates: list[str]) -> Any:
    """The upload's JSON; keys written twice keep their last value and land in ``duplicates``
    (an AsyncEclipse save has them; Fleetlab's own files must not, ``open_game`` checks)."""
    try:
        return records.parse_json(
            raw, where=f"'{name}'", max_bytes=MAX_UPLOAD_BYTES, on_duplicate=duplicates.append
        )
    except EngineError as exc:
        raise GameFileError(f"{exc}; expected a JSON game file") from None


def _record(data: Any, name: str) -> LoadedGame:
    try:
        record = records.record_from_json(data)
    except EngineError as exc:
        raise GameFileError(f"'{name}' is not a readable game record: {exc}") from None
    start = record.start if record.start is not None else new_game(record.config)
    states: list[GameState] = [start]
    events: list[str] = []

    def keep(index: int, entry: records.Entry, state: GameState) -> None:
        if isinstance(entry, str):  # an action or a chance outcome; checkpoints and notes pass
            states.append(state)
            events.append(entry)

    result = records.replay(record, on_entry=keep)
    problems = () if result.error is None else (f"the replay stopped at {result.error}",)
    return LoadedGame(
        "record",
        name,
        tuple(states),
        tuple(events),
        default_styles(start, record.players),
        problems,
        seats=plain_seats(start, record.players),
    )


def _snapshot(data: Any, name: str) -> LoadedGame:
    try:
        state = snapshots.read_snapshot(data)
    except EngineError as exc:
        raise GameFileError(f"'{name}' is not a readable position snapshot: {exc}") from None
    return LoadedGame(
        "snapshot", name, (state,), (), default_styles(state), seats=plain_seats(state)
    )


def _seat_label(name: str, colour: str, species: str) -> str:
    """ "Yellow (Terran Union)", with the player's name first when the save has a readable one
    (the bot stores Discord mentions such as ``<@1234>``, which say nothing on screen)."""
    return player_label(colour, species, name if name and not name.startswith("<@") else None)


def _save(data: Any, name: str, duplicates: Sequence[str] = ()) -> LoadedGame:
    try:
        # The importer refuses a save with nothing usable (no readable player) itself, so the
        # page and `fleetlab import` refuse the same files with the same words.
        result = import_game(data, duplicate_keys=duplicates)
    except ImportProblem as exc:
        raise GameFileError(f"'{name}' cannot be imported: {exc}") from None
    report = result.report
    styles = {
        seat.seat: SeatStyle(
            seat_colour(seat.colour, seat.seat),
            _seat_label(seat.name, seat.colour, seat.species),
        )
        for seat in report.seats
    }
    for seat, style in default_styles(result.state).items():
        styles.setdefault(seat, style)
    title = report.game_name or report.game_id or name
    # The position the advice reads: the save's, with the home sectors its setup laid but did
    # not set up set up as the rules do; the notes saying so follow the losses in its caveats.
    position = from_import(result, name)
    set_up = position.caveats[len(report.losses) :]
    return LoadedGame(
        "asynceclipse",
        title,
        (position.state,),
        (),
        styles,
        (*(str(p) for p in report.problems), *set_up),
        dict(report.positions),
        report.unexplored,
        position.seats,
        bot_codes=True,
    )


def open_game(raw: bytes, name: str) -> LoadedGame:
    """Open an uploaded game file (see the module docstring)."""
    duplicates: list[str] = []
    data = _parse_json(raw, name, duplicates)
    kind = kind_of(data)
    if kind == "asynceclipse":
        return _save(data, name, duplicates)
    if duplicates:  # Fleetlab's own formats are strict
        raise GameFileError(
            f"'{name}': the key {duplicates[0]!r} appears twice in one object; keys must be "
            "unique; expected a JSON game file"
        )
    if kind == "record":
        return _record(data, name)
    if kind == "snapshot":
        return _snapshot(data, name)
    raise GameFileError(not_a_game_file(data, name, "the Game page"))


# ----- examples ---------------------------------------------------------------------------------

EXAMPLE_SEED = 14
EXAMPLE_PLAYERS = 4
EXAMPLE_MARGIN = 1.5
"""Greedy bots that attack at 1.5 times the defenders' strength: seed 14 gives a game with
several battles (45 dice rolls), so the example shows fights as well as growth."""


def example_record() -> bytes:
    """A whole game played by the engine's greedy bots (4 players, seed 14), as record JSON.

    Played afresh (the engine is deterministic for a seed), so it always matches the rules of
    this version of Fleetlab.
    """
    import numpy as np

    from engine.play import play_game, random_config
    from engine.players import GreedyPlayer

    rng = np.random.default_rng(EXAMPLE_SEED)
    config = random_config(EXAMPLE_PLAYERS, rng)
    names = tuple(f"bot {i + 1}" for i in range(EXAMPLE_PLAYERS))
    recorder = records.Recorder(config, names)
    bots = [GreedyPlayer(rng, margin=EXAMPLE_MARGIN) for _ in range(EXAMPLE_PLAYERS)]
    play_game(config, bots, rng, on_step=recorder)
    return json.dumps(records.record_json(recorder.record())).encode()


NEW_DANGERS_SEED = 3
"""``fleetlab selfplay --players 4 --seed 3 --modules all``: two Nebulae, Pulsars activated, a
ship sent through a Black Hole and back, Supernovae rolled for, Minor Species bought."""


def example_new_dangers() -> bytes:
    """A whole game of four greedy bots with every New Dangers module (``NEW_DANGERS_SEED``)."""
    from dataclasses import replace

    import numpy as np

    from engine.modules import MODULES
    from engine.play import play_game, random_config
    from engine.players import GreedyPlayer

    rng = np.random.default_rng(NEW_DANGERS_SEED)
    config = replace(random_config(EXAMPLE_PLAYERS, rng), modules=MODULES)
    names = tuple(f"bot {i + 1}" for i in range(EXAMPLE_PLAYERS))
    recorder = records.Recorder(config, names)
    bots = [
        GreedyPlayer(np.random.default_rng([NEW_DANGERS_SEED, i])) for i in range(EXAMPLE_PLAYERS)
    ]
    play_game(config, bots, rng, on_step=recorder)
    return json.dumps(records.record_json(recorder.record())).encode()


def example_save() -> bytes:
    """A small AsyncEclipse save with two battles (engine/data/examples)."""
    return resources.files("engine").joinpath("data/examples/asynceclipse_small.json").read_bytes()


EXAMPLES: dict[str, Callable[[], bytes]] = {
    "A recorded game: four bots, seed 14": example_record,
    "An AsyncEclipse save with two battles due": example_save,
    "A New Dangers game: four bots, every module": example_new_dangers,
}
"""Built-in games the page offers, by the name shown."""


@cache
def open_example(name: str) -> LoadedGame:
    """Open a built-in example by name (``EXAMPLES``); opened once per process."""
    if name not in EXAMPLES:
        raise GameFileError(f"no example {name!r}; the examples are {', '.join(EXAMPLES)}")
    return open_game(EXAMPLES[name](), name)
