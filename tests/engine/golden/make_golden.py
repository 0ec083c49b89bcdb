"""Write the golden game records of ``tests/engine/test_records.py``.

Run ``python tests/engine/golden/make_golden.py`` after a deliberate change to the engine that
changes states (their hashes) or the games the bots play; the records must then be checked in.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from engine.actions.base import Action, parse_action  # noqa: E402
from engine.events import EventCounter  # noqa: E402
from engine.hexes import Hex  # noqa: E402
from engine.modules import MODULES  # noqa: E402
from engine.play import play_from, play_game, random_config, sample_chance  # noqa: E402
from engine.players import GreedyPlayer, RandomPlayer  # noqa: E402
from engine.record import Checkpoint, GameRecord, Note, Recorder, save_record  # noqa: E402
from engine.rules import apply  # noqa: E402
from engine.setup import new_game  # noqa: E402
from engine.state import CHANCE, GameState  # noqa: E402
from tests.engine.builders import sector, started, with_sector  # noqa: E402
from tests.engine.harness import add_skirmish  # noqa: E402

GREEDY_SEED = 18
SKIRMISH_SEED = 5
NEW_DANGERS_SEED = 28
"""Three greedy players with every New Dangers module: the game activates Pulsars, sends a ship
through a Black Hole and back, sees a Supernova explode, takes a Nebula's discovery tile and
buys Minor Species (``test_records`` checks the counts)."""


def greedy_game() -> GameRecord:
    """A whole 2-player game of the greedy bots (with battles)."""
    rng = np.random.default_rng(GREEDY_SEED)
    config = random_config(2, rng)
    recorder = Recorder(config, ("greedy", "greedy"))
    bots = [GreedyPlayer(np.random.default_rng([GREEDY_SEED, i])) for i in range(2)]
    play_game(config, bots, rng, on_step=recorder)
    return recorder.record()


def skirmish_game() -> GameRecord:
    """Three random players with fleets facing each other from round 1: two rounds."""
    rng = np.random.default_rng(SKIRMISH_SEED)
    config = random_config(3, rng)
    state = new_game(config)
    while state.to_act == CHANCE:
        state = apply(state, sample_chance(state, rng))
    state = add_skirmish(state)
    recorder = Recorder(config, ("random", "random", "random"), start=state)
    bots = [RandomPlayer(np.random.default_rng([SKIRMISH_SEED, i]), 0.0, 0.3) for i in range(3)]
    play_from(state, bots, rng, on_step=recorder, until=lambda s: s.round >= 3)
    return recorder.record()


def new_dangers_game() -> GameRecord:
    """A whole 3-player game of the greedy bots with every New Dangers module."""
    rng = np.random.default_rng(NEW_DANGERS_SEED)
    config = replace(random_config(3, rng), modules=MODULES)
    recorder = Recorder(config, ("greedy",) * 3)
    bots = [GreedyPlayer(np.random.default_rng([NEW_DANGERS_SEED, i])) for i in range(3)]
    counter = EventCounter()

    def on_step(before: GameState, action: Action, after: GameState) -> None:
        recorder(before, action, after)
        counter(before, action, after)

    play_game(config, bots, rng, on_step=on_step)
    print(f"new_dangers_3p.json: {counter.counts}")
    return recorder.record()


TABLE_ENTRIES: list[str | Note] = [
    "pass",
    "pass",
    Note("Combat in Pollux (3,-3): Ann's two interceptors attack Bob's cruiser"),
    "roll yellow 6,3",
    Note("one hit: the cruiser takes 1 damage; Bob's cruiser fires back"),
    "roll yellow 5",
    Note("computer 1: a 5 hits; an interceptor is destroyed"),
    "roll yellow 6",
    Note("the cruiser is destroyed; reputation: Bob (entered first) draws 2, Ann 3"),
    "draw_reputation 2",
    "draw_reputation 3",
    "keep_reputation 3 -",
    "draw_reputation 1",
    "draw_reputation 4",
    "draw_reputation 1",
    "keep_reputation 4 -",
    "claim (3,-3)",
]


def table_position() -> GameState:
    """Round 1: Bob's cruiser in Pollux, Ann's two interceptors just moved in."""
    state = started("terran_directorate", "planta")
    ships = [(1, "cruiser", 1), (0, "interceptor", 2)]
    return with_sector(state, sector(Hex(3, -3), 102, ships=ships))


def table_game() -> GameRecord:
    """A battle typed in with its real dice, from a snapshot position."""
    start = table_position()
    state = start
    entries: list[str | Checkpoint | Note] = [Checkpoint.of(state)]
    for entry in TABLE_ENTRIES:
        entries.append(entry)
        if isinstance(entry, str):
            state = apply(state, parse_action(entry))
    entries.append(Checkpoint.of(state))
    return GameRecord(start.config, ("Ann", "Bob"), tuple(entries), start)


def main() -> None:
    save_record(greedy_game(), HERE / "greedy_2p.json")
    save_record(skirmish_game(), HERE / "skirmish_3p.json")
    save_record(table_game(), HERE / "table_battle.json")
    save_record(new_dangers_game(), HERE / "new_dangers_3p.json")


if __name__ == "__main__":
    main()
