"""``fleetlab selfplay``: bots play a whole game, battles included, and the final scores print,
with the battles fought and the actions a player took per round.

The planner sits in every seat unless ``--bots`` says otherwise: ``--bots greedy`` seats the same
bot everywhere; ``--bots planner,greedy,greedy,greedy`` one bot per seat (``engine.bots``).
``--record FILE`` also writes the game record (``docs/game-record.md``), which ``fleetlab
replay FILE`` plays back and checks.
``--modules pulsar,nebula,...`` (or ``all``) sets the game up with New Dangers modules
(``engine.modules``); the report then counts what they did (``engine.events``).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from typing import Any

import numpy as np

from engine import GameConfig, play_game, random_config
from engine.actions.base import Action
from engine.bots import BOTS, make_player, seat_bots
from engine.errors import EngineError
from engine.events import EventCounter
from engine.league import GameWatch
from engine.modules import MODULES, parse_modules
from engine.players import Player
from engine.record import Recorder, save_record
from engine.scoring import score, winners
from engine.search import DEFAULT_THINK_MS, MAX_THINK_MS
from engine.state import GameState
from ui.cli_support import MAX_SEED, UsageError, split_list, text_table, whole_number


def register(subparsers: Any) -> None:
    """Add the ``selfplay`` subcommand."""
    p = subparsers.add_parser(
        "selfplay", help="bots play a whole game (battles included) and print the final scores"
    )
    p.add_argument(
        "--players", type=whole_number(2, 6, "a player count"), default=4, help="2 to 6 (default 4)"
    )
    p.add_argument(
        "--seed",
        type=whole_number(0, MAX_SEED, "a seed"),
        default=0,
        help="random seed (default 0)",
    )
    p.add_argument(
        "--bots",
        default="planner",
        help=f"one bot for every seat, or one per seat, comma-separated ({', '.join(BOTS)}; "
        "default planner)",
    )
    p.add_argument("--species", help="species per seat, comma-separated (default: random)")
    p.add_argument(
        "--modules",
        default="",
        help="New Dangers modules, comma-separated, or all: " + ", ".join(m.value for m in MODULES),
    )
    p.add_argument(
        "--think-ms",
        type=whole_number(0, MAX_THINK_MS, "a thinking time"),
        default=DEFAULT_THINK_MS,
        help="the search bot's CPU milliseconds per searched decision, as a fixed amount of "
        f"work (the same game on any machine; default {DEFAULT_THINK_MS})",
    )
    p.add_argument("--record", metavar="FILE", help="write the game record (JSON) to FILE")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_selfplay)


def score_report(final: GameState) -> tuple[list[tuple[object, ...]], list[dict[str, Any]]]:
    """Rows of the score table and the JSON of every player's score by source."""
    assert final.scores is not None
    won = winners(final)
    rows: list[tuple[object, ...]] = []
    data = []
    for p in final.players:
        breakdown = score(final, p.seat)
        total = final.scores[p.seat]
        data.append(
            {
                "seat": p.seat,
                "species": p.species,
                "score": total,
                "eliminated": p.eliminated,
                "winner": p.seat in won,
                "storage": p.money + p.science + p.materials,
                "breakdown": {
                    name: getattr(breakdown, name) for name in breakdown.__dataclass_fields__
                },
            }
        )
        rows.append(
            (
                p.seat,
                p.species,
                total,
                breakdown.sectors,
                breakdown.techs,
                breakdown.discoveries,
                breakdown.reputation + breakdown.ambassadors,
                p.money + p.science + p.materials,
                "winner" if p.seat in won else ("eliminated" if p.eliminated else ""),
            )
        )
    return rows, data


SCORE_HEADERS = (
    "seat",
    "species",
    "VP",
    "sectors",
    "techs",
    "discoveries",
    "diplomacy",
    "storage",
    "",
)


def cmd_selfplay(args: argparse.Namespace) -> int:
    """Play one game and print every player's score by source."""
    try:
        names = seat_bots(args.bots, args.players)
    except EngineError as exc:
        raise UsageError(str(exc)) from None
    rng = np.random.default_rng(args.seed)
    chosen = split_list(args.species)
    if chosen is None:
        config = random_config(args.players, rng)
    else:
        if len(chosen) != args.players:
            raise UsageError(f"--species names {len(chosen)} species for {args.players} players")
        config = GameConfig(tuple(chosen), start_player=int(rng.integers(args.players)))
    try:
        config = replace(config, modules=parse_modules(args.modules))
    except EngineError as exc:
        raise UsageError(f"--modules: {exc}") from None
    bots: list[Player] = [
        make_player(name, np.random.default_rng([args.seed, seat]), args.think_ms)
        for seat, name in enumerate(names)
    ]
    counter = EventCounter()
    watch = GameWatch(args.players)
    try:
        recorder = Recorder(config, names)

        def on_step(before: GameState, action: Action, after: GameState) -> None:
            recorder(before, action, after)
            counter(before, action, after)
            watch(before, action, after)

        final = play_game(config, bots, rng, on_step=on_step)
    except EngineError as exc:
        raise UsageError(str(exc)) from None
    if args.record:
        try:
            save_record(recorder.record(), args.record)
        except OSError as exc:
            raise UsageError(f"cannot write {args.record!r}: {exc.strerror or exc}") from None
    rows, data = score_report(final)
    modules = [m.value for m in config.modules]
    if args.json:
        for row, name in zip(data, names, strict=True):
            row["bot"] = name
        shown = names[0] if len(set(names)) == 1 else list(names)
        out = {
            "seed": args.seed,
            "bots": shown,
            "modules": modules,
            "battles": watch.battles,
            "actions_per_player_round": round(watch.actions_per_player_round(final.round), 3),
            "events": counter.counts,
            "players": data,
        }
        print(json.dumps(out, indent=2))
        return 0
    who = f"{names[0]} bots" if len(set(names)) == 1 else f"bots {', '.join(names)}"
    print(f"Final scores after round {final.round} (seed {args.seed}, {who}):")
    print(text_table(SCORE_HEADERS, rows))
    print(
        f"\n{watch.battles} battle{'s' if watch.battles != 1 else ''}; "
        f"{watch.actions_per_player_round(final.round):.2f} actions per player and round."
    )
    if modules:
        print(f"\nModules: {', '.join(modules)}.")
        print(", ".join(f"{name.replace('_', ' ')} {n}" for name, n in counter.counts.items()))
    if args.record:
        print(f"\nGame record written to {args.record}.")
    return 0
