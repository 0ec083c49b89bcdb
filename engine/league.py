"""The league: many bot games, every bot in every seat, and what they show.

``schedule(bots, games, seed)`` lists the games: game ``g`` seats the bots rotated by ``g``
(seat ``s`` plays ``bots[(s + g) % n]``), so over ``n`` games every bot sits in every seat,
and has its own seed (species, start player, chance and the bots' generators all come from it)
and the search bot's thinking time (``think_ms``). ``play_league_game`` plays one and returns
its ``GameSummary``; it is a plain function of its argument, safe to run in a worker process or
on a Dask cluster. ``run_league`` plays them all here, on a process pool or on a Dask cluster,
and ``table`` sums them up: per bot its seats, wins (a game's win goes to the seat with the
most VP, the rules' tie-break on resources first, then shared), mean VP and where it came from,
and the CPU seconds of its decisions (per decision, and for the search bot per searched
decision); battles per game (sectors whose combat was fought), actions per player and round
(actions and reactions taken), seconds per game (CPU time of the game in its worker, the
kernels loaded beforehand), where the VP came from, and the wins of each species.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, fields
from functools import cache
from typing import Any

import numpy as np

from calc import DesignError
from calc.design import DaskRunner
from calc.warmup import warmup
from engine.actions.base import Action
from engine.actions.turn import TakeAction, TakeReaction
from engine.bots import BotError, make_player
from engine.play import play_game, random_config
from engine.players import Player
from engine.scoring import Score, score, winners
from engine.search import DEFAULT_THINK_MS, SearchPlayer
from engine.state import GameState

VP_SOURCES: tuple[str, ...] = tuple(f.name for f in fields(Score))
"""The sources of victory points, as ``engine.scoring.Score`` names them."""


@dataclass(frozen=True, slots=True)
class LeagueGame:
    """One game of a league: its number, seed, the bot of every seat and the search bot's
    thinking time per searched decision."""

    index: int
    seed: int
    bots: tuple[str, ...]
    think_ms: int = DEFAULT_THINK_MS

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.bots)


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat of a played game. ``decisions`` are the decisions its bot answered and
    ``seconds`` the CPU time they took; ``searched`` and ``search_seconds`` the same for the
    decisions the search bot searched, and ``search_work`` the work units those searches spent
    (``engine.search.budget``; all 0 for the other bots)."""

    bot: str
    species: str
    vp: int
    win: float
    actions: int
    rounds: int
    sources: tuple[int, ...]
    eliminated: bool
    decisions: int = 0
    seconds: float = 0.0
    searched: int = 0
    search_seconds: float = 0.0
    search_work: float = 0.0


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What one league game did: its seats, battles and CPU seconds."""

    index: int
    seed: int
    seats: tuple[SeatResult, ...]
    battles: int
    rounds: int
    seconds: float


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a league seeded ``seed``."""
    return int(np.random.SeedSequence([seed, index]).generate_state(1)[0])


def schedule(
    bots: Sequence[str], games: int, seed: int, think_ms: int = DEFAULT_THINK_MS
) -> tuple[LeagueGame, ...]:
    """The games of a league, the seat list rotated by one each game (see module doc)."""
    if games < 1:
        raise BotError(f"a league plays at least one game, not {games!r}")
    if isinstance(think_ms, bool) or not isinstance(think_ms, int) or think_ms < 0:
        raise BotError(f"think_ms must be a whole number of milliseconds >= 0, not {think_ms!r}")
    n = len(bots)
    return tuple(
        LeagueGame(g, game_seed(seed, g), tuple(bots[(s + g) % n] for s in range(n)), think_ms)
        for g in range(games)
    )


class GameWatch:
    """An ``on_step`` callback counting battles (sectors whose combat ended: against NPCs or
    between players) and the actions and reactions each seat takes; ``fleetlab selfplay`` and
    the league report both."""

    def __init__(self, players: int) -> None:
        self.battles = 0
        self.actions = [0] * players

    def actions_per_player_round(self, rounds: int) -> float:
        """Actions and reactions taken per seat and round, over every seat."""
        return sum(self.actions) / max(1, len(self.actions) * rounds)

    def __call__(self, before: GameState, action: Action, after: GameState) -> None:
        if isinstance(action, TakeAction | TakeReaction):
            seat = before.to_act
            assert seat is not None
            self.actions[seat] += 1
        was = before.combat.current if before.combat is not None else None
        now = after.combat.current if after.combat is not None else None
        if was is not None and (now is None or now.where != was.where):
            self.battles += 1


@cache
def load_kernels() -> None:
    """Load every compiled kernel into this process, once (``calc.warmup``: about 1.2 CPU s
    on a warm cache). A league game's seconds are the CPU time of the game alone; without this
    the first game each worker plays would also pay for loading the kernels it meets."""
    warmup()


def seat_players(game: LeagueGame) -> list[Player]:
    """The bots of the game's seats, each with its own generator drawn from the game's seed."""
    return [
        make_player(b, np.random.default_rng([game.seed, s]), game.think_ms)
        for s, b in enumerate(game.bots)
    ]


class _Timed:
    """A seat's bot, with the CPU time of its decisions counted (and of those the search bot
    searched, told by its ``searched`` count going up)."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.decisions = 0
        self.seconds = 0.0
        self.search_seconds = 0.0

    @property
    def searched(self) -> int:
        return self.player.searched if isinstance(self.player, SearchPlayer) else 0

    @property
    def work(self) -> float:
        return self.player.work if isinstance(self.player, SearchPlayer) else 0.0

    def choose(self, state: GameState, actions: Sequence[Action]) -> Action:
        before = self.searched
        start = time.process_time()
        action = self.player.choose(state, actions)
        spent = time.process_time() - start
        self.decisions += 1
        self.seconds += spent
        if self.searched > before:
            self.search_seconds += spent
        return action


def play_seeded(
    game: LeagueGame,
    players: Sequence[Player],
    on_step: Callable[[GameState, Action, GameState], None] | None = None,
) -> GameState:
    """Play the game (species, start player and chance from its seed) with ``players``
    (``seat_players``, or the same bots made by the caller to look inside them)."""
    rng = np.random.default_rng(game.seed)
    config = random_config(game.players, rng)
    return play_game(config, players, rng, on_step=on_step)


def play_league_game(game: LeagueGame) -> GameSummary:
    """Play one league game from its seed (see module doc), with the kernels loaded first
    (``load_kernels``, outside the game's time)."""
    load_kernels()
    start = time.process_time()
    watch = GameWatch(game.players)
    timed = [_Timed(p) for p in seat_players(game)]
    final = play_seeded(game, timed, on_step=watch)
    assert final.scores is not None
    won = winners(final)
    seats = []
    for p in final.players:
        breakdown = score(final, p.seat)
        rounds = final.round
        seats.append(
            SeatResult(
                bot=game.bots[p.seat],
                species=p.species,
                vp=final.scores[p.seat],
                win=1.0 / len(won) if p.seat in won else 0.0,
                actions=watch.actions[p.seat],
                rounds=rounds,
                sources=tuple(getattr(breakdown, name) for name in VP_SOURCES),
                eliminated=p.eliminated,
                decisions=timed[p.seat].decisions,
                seconds=timed[p.seat].seconds,
                searched=timed[p.seat].searched,
                search_seconds=timed[p.seat].search_seconds,
                search_work=timed[p.seat].work,
            )
        )
    return GameSummary(
        game.index, game.seed, tuple(seats), watch.battles, final.round,
        time.process_time() - start,
    )  # fmt: skip


def run_league(
    games: Sequence[LeagueGame],
    *,
    executor: Executor | None = None,
    dask: Any = None,
    progress: Callable[[float], None] | None = None,
) -> list[GameSummary]:
    """Play the games here, on ``executor`` (a process pool) or on a Dask cluster (``dask``:
    a scheduler address or a ``distributed.Client``); results in game order whatever ran them.
    ``progress`` receives the fraction of games done."""
    done: list[GameSummary] = []

    def tick() -> None:
        if progress is not None:
            progress(len(done) / len(games))

    if dask is not None:
        done.extend(_on_dask(games, dask, tick, done))
    elif executor is not None:
        futures = [executor.submit(play_league_game, g) for g in games]
        for f in as_completed(futures):
            done.append(f.result())
            tick()
    else:
        for g in games:
            done.append(play_league_game(g))
            tick()
    return sorted(done, key=lambda s: s.index)


def _on_dask(
    games: Sequence[LeagueGame], cluster: Any, tick: Callable[[], None], done: list[GameSummary]
) -> list[GameSummary]:
    """Play the games as tasks of a Dask cluster (appending to ``done`` as they finish, in game
    order). The client is the fleet designer's (``calc.design.evaluate.DaskRunner``)."""
    try:
        runner = DaskRunner(cluster)
    except DesignError as exc:
        raise BotError(str(exc)) from None
    try:
        keys = [f"fleetlab-league-{g.seed}-{g.think_ms}-{'-'.join(g.bots)}" for g in games]
        for future in runner.client.map(play_league_game, games, key=keys):
            done.append(future.result())
            tick()
    finally:
        runner.close()
    return []


@dataclass(frozen=True, slots=True)
class BotLine:
    """One bot's line of the league table: its seats, wins and mean VP, its mean VP by source
    (``VP_SOURCES`` order), the CPU seconds of one of its decisions, and (the search bot) its
    searched decisions per game, the CPU seconds of one of them and the work units its searches
    did per CPU millisecond (what ``engine.search.budget.UNITS_PER_MS`` assumes)."""

    seats: int
    wins: float
    mean_vp: float
    sources: tuple[float, ...] = ()
    seconds_per_decision: float = 0.0
    searched_per_game: float = 0.0
    seconds_per_search: float = 0.0
    units_per_ms: float = 0.0


@dataclass(frozen=True, slots=True)
class LeagueTable:
    """The league summed up (see module doc). ``sources`` are each VP source's mean per seat,
    ``species`` each species' ``(seats, wins)``."""

    games: int
    bots: dict[str, BotLine]
    battles_per_game: float
    actions_per_player_round: float
    seconds_per_game: float
    seconds_median: float
    sources: dict[str, float]
    species: dict[str, tuple[int, float]]
    battle_games: Counter[int]

    def share(self, source: str) -> float:
        """The share of all VP that came from one source."""
        total = sum(v for v in self.sources.values() if v > 0)
        return self.sources.get(source, 0.0) / total if total else 0.0


def table(results: Iterable[GameSummary]) -> LeagueTable:
    """Sum the games up."""
    results = list(results)
    if not results:
        raise BotError("no games to sum up")
    seats: Counter[str] = Counter()
    wins: dict[str, float] = defaultdict(float)
    vp: Counter[str] = Counter()
    by_bot: dict[str, list[float]] = defaultdict(lambda: [0.0] * len(VP_SOURCES))
    decisions: Counter[str] = Counter()
    cpu: dict[str, float] = defaultdict(float)
    searched: Counter[str] = Counter()
    search_cpu: dict[str, float] = defaultdict(float)
    search_work: dict[str, float] = defaultdict(float)
    sources = [0.0] * len(VP_SOURCES)
    species_seats: Counter[str] = Counter()
    species_wins: dict[str, float] = defaultdict(float)
    actions = 0
    player_rounds = 0
    n_seats = 0
    for game in results:
        for seat in game.seats:
            seats[seat.bot] += 1
            wins[seat.bot] += seat.win
            vp[seat.bot] += seat.vp
            species_seats[seat.species] += 1
            species_wins[seat.species] += seat.win
            actions += seat.actions
            player_rounds += seat.rounds
            n_seats += 1
            decisions[seat.bot] += seat.decisions
            cpu[seat.bot] += seat.seconds
            searched[seat.bot] += seat.searched
            search_cpu[seat.bot] += seat.search_seconds
            search_work[seat.bot] += seat.search_work
            for i, v in enumerate(seat.sources):
                sources[i] += v
                by_bot[seat.bot][i] += v
    seconds = sorted(g.seconds for g in results)
    return LeagueTable(
        games=len(results),
        bots={
            b: BotLine(
                seats[b],
                wins[b],
                vp[b] / seats[b],
                tuple(v / seats[b] for v in by_bot[b]),
                cpu[b] / max(1, decisions[b]),
                searched[b] / seats[b],
                search_cpu[b] / max(1, searched[b]),
                search_work[b] / (1000 * search_cpu[b]) if search_cpu[b] else 0.0,
            )
            for b in sorted(seats)
        },
        battles_per_game=sum(g.battles for g in results) / len(results),
        actions_per_player_round=actions / max(1, player_rounds),
        seconds_per_game=sum(seconds) / len(seconds),
        seconds_median=seconds[len(seconds) // 2],
        sources={name: sources[i] / n_seats for i, name in enumerate(VP_SOURCES)},
        species={s: (species_seats[s], species_wins[s]) for s in sorted(species_seats)},
        battle_games=Counter(g.battles for g in results),
    )


def table_json(t: LeagueTable) -> dict[str, Any]:
    """The table as the JSON of ``fleetlab league --json``."""
    return {
        "games": t.games,
        "bots": {
            name: {
                "seats": line.seats,
                "wins": line.wins,
                "mean_vp": round(line.mean_vp, 3),
                "vp_sources": {
                    source: round(v, 3) for source, v in zip(VP_SOURCES, line.sources, strict=True)
                },
                "seconds_per_decision": round(line.seconds_per_decision, 5),
                "searched_per_game": round(line.searched_per_game, 2),
                "seconds_per_search": round(line.seconds_per_search, 4),
                "units_per_ms": round(line.units_per_ms, 3),
            }
            for name, line in t.bots.items()
        },
        "battles_per_game": round(t.battles_per_game, 3),
        "actions_per_player_round": round(t.actions_per_player_round, 3),
        "seconds_per_game": round(t.seconds_per_game, 3),
        "vp_sources": {
            name: {"per_player": round(v, 3), "share": round(t.share(name), 4)}
            for name, v in t.sources.items()
        },
        "species": {s: {"seats": n, "wins": w} for s, (n, w) in t.species.items()},
        "games_by_battles": {str(k): v for k, v in sorted(t.battle_games.items())},
    }
