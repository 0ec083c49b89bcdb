"""``fleetlab cosmic-play`` and ``fleetlab cosmic-replay``: whole Cosmic Encounter games.

``cosmic-play`` has bots play a game of the forum variant to its end (``cosmic.game``) and prints
the result; ``--record FILE`` writes its record (docs/cosmic-record.md, written atomically).
``cosmic-replay FILE`` plays a record back without a seed and verifies every state hash; a bad
entry exits with status 2 naming the entry (its index and text) and why.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import deque
from typing import Any

import numpy as np

from cosmic.decks import presets
from cosmic.errors import CosmicError
from cosmic.game import (
    Action,
    Bot,
    GameConfig,
    GameState,
    OddsBot,
    RandomBot,
    Recorder,
    TurnCapError,
    play_game,
    random_config,
    replay_file,
    save_record,
    summary,
)
from cosmic.game.state import MAX_PLAYERS, MIN_PLAYERS
from cosmic.powers import Power
from ui.cli_support import UsageError, split_list, text_table

BOTS = ("odds", "random")


def register(subparsers: Any) -> None:
    """Add the ``cosmic-play`` and ``cosmic-replay`` subcommands."""
    p = subparsers.add_parser(
        "cosmic-play", help="bots play a whole Cosmic Encounter game (the forum variant)"
    )
    p.add_argument("--players", type=int, default=4, help="3 to 6 (default 4)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--powers", help="a power per seat, comma-separated (default: dealt at random)")
    p.add_argument(
        "--bots",
        default="odds",
        help="a bot per seat or one for all, comma-separated: odds, random (default odds)",
    )
    p.add_argument("--deck", default="eon", help="deck preset (default eon)")
    p.add_argument(
        "--max-turns",
        type=int,
        default=400,
        help="a guard: a game still going after this many turns is an error, exit 1 (default 400)",
    )
    p.add_argument("--record", metavar="FILE", help="write the game record (JSON) to FILE")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_cosmic_play)
    r = subparsers.add_parser(
        "cosmic-replay", help="replay a Cosmic Encounter game record and verify its state hashes"
    )
    r.add_argument("file", help="a record (JSON), e.g. from fleetlab cosmic-play --record")
    r.add_argument("--json", action="store_true", help="print JSON")
    r.set_defaults(func=cmd_cosmic_replay)


def _config(args: argparse.Namespace, rng: np.random.Generator) -> GameConfig:
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        raise UsageError(f"--players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {args.players!r}")
    if args.deck not in presets():
        raise UsageError(f"--deck {args.deck!r} (legal: {', '.join(sorted(presets()))})")
    if args.max_turns < 1:
        raise UsageError(f"--max-turns must be 1 or more, not {args.max_turns!r}")
    names = split_list(args.powers)
    if names is None:
        return random_config(args.players, rng, args.deck, args.max_turns)
    if len(names) != args.players:
        raise UsageError(f"--powers names {len(names)} powers for {args.players} players")
    powers = []
    for name in names:
        try:
            powers.append(Power(name.lower()))
        except ValueError:
            legal = ", ".join(p.value for p in Power)
            raise UsageError(f"--powers: {name!r} is not a power (legal: {legal})") from None
    try:
        return GameConfig(tuple(powers), args.deck, args.max_turns)
    except CosmicError as exc:
        raise UsageError(f"--powers: {exc}") from None


def _bots(args: argparse.Namespace) -> list[str]:
    names = split_list(args.bots) or ["odds"]
    if len(names) == 1:
        names = names * args.players
    if len(names) != args.players:
        raise UsageError(f"--bots names {len(names)} bots for {args.players} players")
    for name in names:
        if name not in BOTS:
            raise UsageError(f"--bots: {name!r} is not a bot (legal: {', '.join(BOTS)})")
    return names


def _table(state: GameState, names: list[str]) -> str:
    rows = [
        (
            s,
            state.config.powers[s].value,
            names[s],
            state.home_bases(s),
            state.foreign_bases(s),
            state.warp[s],
            len(state.hands[s]),
            "winner" if s in state.winners else ("out" if state.out[s] else ""),
        )
        for s in range(state.players)
    ]
    headers = ("seat", "power", "player", "home", "foreign", "warp", "cards", "")
    return text_table(headers, rows)


LAST_TURNS_SHOWN = 5
"""Turns a stuck game's error shows."""


class RecentTurns:
    """An ``on_step`` callback keeping the actions of the last ``turns`` turns, for the error
    of a game stuck at its turn cap: who was the offense and what everyone did."""

    def __init__(self, turns: int) -> None:
        self.turns: deque[tuple[int, int, list[str]]] = deque(maxlen=turns)

    def __call__(self, before: GameState, action: Action, after: GameState) -> None:
        if not self.turns or self.turns[-1][0] != before.turn:
            self.turns.append((before.turn, before.offense, []))
        self.turns[-1][2].append(str(action))

    def text(self) -> str:
        """One line per turn: its number, the offense's seat and power, its actions."""
        return "\n".join(
            f"  turn {turn} (offense seat {offense}): {'; '.join(actions)}"
            for turn, offense, actions in self.turns
        )


def cmd_cosmic_play(args: argparse.Namespace) -> int:
    """Play one game with bots and print the bases of every player."""
    rng = np.random.default_rng(args.seed)
    config = _config(args, rng)
    names = _bots(args)
    bots: list[Bot] = []
    for seat, name in enumerate(names):
        seat_rng = np.random.default_rng([args.seed, seat])
        bots.append(OddsBot(seat_rng) if name == "odds" else RandomBot(seat_rng))
    recorder = Recorder(config, names)
    recent = RecentTurns(LAST_TURNS_SHOWN)

    def on_step(before: GameState, action: Action, after: GameState) -> None:
        recorder(before, action, after)
        recent(before, action, after)

    try:
        final = play_game(config, bots, rng, on_step=on_step)
    except TurnCapError as exc:
        powers = ", ".join(p.value for p in config.powers)
        print(
            f"fleetlab cosmic-play: seed {args.seed} (powers {powers}; bots "
            f"{', '.join(names)}): {exc}. The last {LAST_TURNS_SHOWN} turns:\n{recent.text()}",
            file=sys.stderr,
        )
        return 1
    except CosmicError as exc:  # pragma: no cover - the bots play legal actions only
        raise UsageError(str(exc)) from None
    if args.record:
        try:
            save_record(recorder.record(), args.record)
        except OSError as exc:
            raise UsageError(f"cannot write {args.record!r}: {exc.strerror or exc}") from None
    if args.json:
        out = {"seed": args.seed, "bots": names, "deck": config.deck, **summary(final)}
        print(json.dumps(out, indent=2))
        return 0
    won = ", ".join(f"seat {w} ({config.powers[w].value})" for w in final.winners) or "nobody"
    print(
        f"Game over after {final.turn} turns and {final.challenges} challenges "
        f"(seed {args.seed}): {won} won."
    )
    print(_table(final, names))
    if args.record:
        print(f"\nGame record written to {args.record}.")
    return 0


def cmd_cosmic_replay(args: argparse.Namespace) -> int:
    """Replay a record; exit status 2 at its first bad entry."""
    try:
        record, result = replay_file(args.file)
    except CosmicError as exc:
        raise UsageError(str(exc)) from None
    state = result.state
    if result.error is not None:
        raise UsageError(
            f"{result.error}; the game was replayed up to that entry (turn {state.turn}, "
            f"{result.actions:,} actions, {result.checkpoints} checkpoint(s) verified)"
        )
    if args.json:
        out = {
            "file": args.file,
            "players": list(record.players),
            "actions": result.actions,
            "checkpoints": result.checkpoints,
            **summary(state),
        }
        print(json.dumps(out, indent=2))
        return 0
    print(
        f"Replayed {args.file}: {result.actions:,} actions, {result.checkpoints} checkpoint(s) "
        f"verified; {'game over' if state.is_over else 'game not over'} at turn {state.turn}."
    )
    print(_table(state, list(record.players)))
    return 0
