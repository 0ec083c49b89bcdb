"""The league: every bot in every seat, reproducible games, the same table on any runner."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

import pytest

from engine.bots import BotError, make_player, seat_bots
from engine.league import (
    VP_SOURCES,
    GameSummary,
    play_league_game,
    run_league,
    schedule,
    table,
    table_json,
)
from engine.planner import PlannerPlayer
from engine.players import GreedyPlayer, RandomPlayer


def test_every_bot_sits_in_every_seat() -> None:
    games = schedule(("a", "b", "c"), 6, seed=4)
    assert [g.bots for g in games[:3]] == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    for seat in range(3):
        assert Counter(g.bots[seat] for g in games) == {"a": 2, "b": 2, "c": 2}
    assert len({g.seed for g in games}) == 6  # every game its own galaxy and dice
    assert schedule(("a", "b", "c"), 6, seed=4) == games
    assert schedule(("a", "b", "c"), 6, seed=5) != games
    with pytest.raises(BotError, match="at least one game"):
        schedule(("a",), 0, seed=1)


def _untimed(g: GameSummary) -> GameSummary:
    seats = tuple(replace(s, seconds=0.0, search_seconds=0.0) for s in g.seats)
    return replace(g, seconds=0.0, seats=seats)


def _same(a: list[GameSummary], b: list[GameSummary]) -> bool:
    """Equal apart from the CPU seconds."""
    return [_untimed(g) for g in a] == [_untimed(g) for g in b]


def test_a_league_game_replays_from_its_seed() -> None:
    game = schedule(("greedy", "random"), 1, seed=9)[0]
    first, again = play_league_game(game), play_league_game(game)
    assert _same([first], [again])
    assert sum(s.win for s in first.seats) == pytest.approx(1.0)
    for seat in first.seats:
        if not seat.eliminated:
            assert sum(seat.sources) == seat.vp  # the sources add up to the score
        assert seat.rounds == 8 and seat.actions > 0


def test_the_table_adds_up() -> None:
    results = run_league(schedule(("greedy", "random", "random"), 3, seed=2))
    t = table(results)
    assert t.games == 3
    assert t.bots["greedy"].seats == 3 and t.bots["random"].seats == 6
    assert sum(line.wins for line in t.bots.values()) == pytest.approx(3.0)
    assert sum(w for _, w in t.species.values()) == pytest.approx(3.0)
    assert t.battles_per_game == sum(g.battles for g in results) / 3
    data = table_json(t)
    for key in (
        "games",
        "bots",
        "battles_per_game",
        "actions_per_player_round",
        "seconds_per_game",
    ):
        assert key in data
    assert {"seats", "wins", "mean_vp", "vp_sources", "seconds_per_decision"} <= set(
        data["bots"]["greedy"]
    )
    for source in ("sectors", "techs", "reputation", "ambassadors", "discoveries", "monoliths"):
        assert source in VP_SOURCES and source in data["vp_sources"]
    shares = sum(v["share"] for v in data["vp_sources"].values() if v["per_player"] > 0)
    assert shares == pytest.approx(1.0, abs=1e-3)
    with pytest.raises(BotError, match="no games"):
        table([])


def test_a_process_pool_gives_the_serial_answer() -> None:
    from calc.design import start_pool

    games = schedule(("greedy", "random"), 2, seed=3)
    pool = start_pool(2)
    try:
        pooled = run_league(games, executor=pool)
    finally:
        pool.shutdown()
    seen: list[float] = []
    serial = run_league(games, progress=seen.append)
    assert _same(pooled, serial)
    assert seen == [0.5, 1.0]


distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster() -> Iterator[object]:
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address="127.0.0.1:0"
    ) as local:
        yield local


def test_a_dask_cluster_gives_the_serial_answer(cluster: object) -> None:
    games = schedule(("greedy", "random"), 2, seed=6)
    with distributed.Client(cluster) as client:
        remote = run_league(games, dask=client)
    address = cluster.scheduler_address  # type: ignore[attr-defined]
    by_address = run_league(games, dask=address)
    serial = run_league(games)
    assert _same(remote, serial) and _same(by_address, serial)


def test_a_league_with_a_search_seat_plays_on_a_dask_cluster(cluster: object) -> None:
    """The search bot's games are the same on a cluster as here (its thinking time is work,
    not the clock): one two-player game at the smallest budget, one rollout per candidate."""
    games = schedule(("search", "random"), 1, seed=6, think_ms=0)
    with distributed.Client(cluster) as client:
        remote = run_league(games, dask=client)
    assert _same(remote, run_league(games))
    seat = remote[0].seats[0]
    assert seat.bot == "search" and seat.searched > 0 and seat.decisions > seat.searched
    line = table(remote).bots["search"]
    assert line.searched_per_game == seat.searched and line.seconds_per_search > 0
    # The budget's calibration: the work its searches did per CPU millisecond of them.
    assert seat.search_work > 0 and remote[0].seats[1].search_work == 0
    assert line.units_per_ms == pytest.approx(seat.search_work / (1000 * seat.search_seconds))


def test_bots_by_name() -> None:
    assert seat_bots("planner", 3) == ("planner",) * 3
    assert seat_bots(" planner , greedy ", 2) == ("planner", "greedy")
    import numpy as np

    rng = np.random.default_rng(1)
    assert isinstance(make_player("planner", rng), PlannerPlayer)
    assert isinstance(make_player("greedy", rng), GreedyPlayer)
    assert isinstance(make_player("random", rng), RandomPlayer)
    bots = "planner, search, greedy, random"
    with pytest.raises(BotError, match=rf"unknown bot .wizard.; bots are: {bots}"):
        seat_bots("planner,wizard", 2)
    with pytest.raises(BotError, match=r"3 bots named .* for 2 players"):
        seat_bots("planner,greedy,random", 2)
    with pytest.raises(BotError, match="no bot named"):
        seat_bots(" , ", 2)
    with pytest.raises(BotError, match="unknown bot"):
        make_player("wizard", rng)


def test_a_game_is_timed_after_the_kernels_are_loaded_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Loading the kernels (``calc.warmup``) happens once per process, before the first game's
    clock starts: a game's seconds are its own CPU time. A fake CPU clock that only the loading
    moves shows it."""
    import engine.league as league

    clock = [0.0]
    loads: list[float] = []

    def fake_warmup() -> None:
        loads.append(clock[0])
        clock[0] += 100.0  # the loading's CPU time, which no game may count

    monkeypatch.setattr(league.time, "process_time", lambda: clock[0])
    monkeypatch.setattr(league, "warmup", fake_warmup)
    league.load_kernels.cache_clear()
    try:
        games = schedule(("greedy", "random"), 2, seed=3)
        played = [play_league_game(g) for g in games]
    finally:
        league.load_kernels.cache_clear()
    assert loads == [0.0]  # once, before the first game
    assert [g.seconds for g in played] == [0.0, 0.0]
