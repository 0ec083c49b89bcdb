"""What bounds the planner's actions a round (issue 18): all-planner games, round by round.

Usage::

    python benchmarks/bots_economy.py [--games 16] [--seed 1] [--workers 2] [--upkeep-relief K]

It plays the league's all-planner games (``engine.league.schedule``, the same seeds as
``bots_league.py``) and prints, for each round, averaged over the seats:

* ``actions``: actions and reactions taken (the league's actions per player-round);
* ``income`` and ``upkeep``: the money track's production and the influence track's cost when
  the round's upkeep is paid, ``discs``: discs left on the influence track then;
* ``sectors``: sectors controlled then;
* why each seat passed (``PlannerPlayer.passes``): no disc left, nothing worth doing, nothing it
  could pay for even by trading everything, or nothing worth its disc's upkeep.

Then the spread of the seats' actions over a game (fewest, quartiles, most) and the mean VP of
the quarter of seats with the most actions and of the quarter with the fewest.

Last, where each resource comes from and goes, per seat and game (``FLOW_CAUSES``): the upkeep
phase's production and the upkeep paid, the first pass's money, trades (given away and got),
research and builds, anything else (discovery rewards, diplomacy, allies), and the stock left at
the end of the game. Money traded away for science and got back by trading science or materials
at upkeep is money lost twice to the trade rate.

``--upkeep-relief K`` plays the same games in a counterfactual economy, every seat's upkeep K
money lower each round (never below none), the bots unchanged: it measures how many more
actions a round more money would buy (at K = 2 and 4, seed 1's 16 games took 3.90 and 4.05
actions per player-round against 3.57 without relief).

A seat that passes because it cannot pay is bound by its economy: more actions need more income
or fewer discs off the track. One that passes with nothing to do is bound by its position.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.actions.base import Action
from engine.actions.build import Build
from engine.actions.research import Research
from engine.actions.trade import Trade
from engine.actions.turn import Pass, TakeAction, TakeReaction
from engine.board import production, upkeep_cost
from engine.decisions import Upkeep
from engine.enums import RESOURCES, Resource
from engine.league import LeagueGame, load_kernels, play_seeded, schedule, seat_players
from engine.planner import PassReason, PlannerPlayer
from engine.state import GameState
from engine.tables import Tables
from engine.upkeep import PayUpkeep

ROUND_COLUMNS = ("actions", "income", "upkeep", "discs", "sectors")
FLOW_CAUSES = (
    "production",
    "upkeep",
    "first pass",
    "traded away",
    "traded for",
    "research",
    "build",
    "other",
    "left at end",
)


@dataclass(frozen=True, slots=True)
class SeatRound:
    """One seat's round: the ``ROUND_COLUMNS`` and why it passed (None: it never did)."""

    round: int
    values: tuple[float, ...]
    passed: PassReason | None


@dataclass(frozen=True, slots=True)
class SeatGame:
    """One seat's game: its rounds, its actions in all and its score."""

    rounds: tuple[SeatRound, ...]
    actions: int
    vp: int
    flows: dict[tuple[Resource, str], int]
    """By ``FLOW_CAUSES``: what each resource gained (+) or lost (-) over the game, and the
    stock of it left at the end."""


def flow_causes(
    before: GameState, action: Action, after: GameState, seat: int
) -> list[tuple[Resource, str, int]]:
    """The seat's storage changes that ``action`` made, each with its cause (``FLOW_CAUSES``).
    Paying upkeep is split into the production gained and the upkeep paid (``upkeep_cost``,
    less only when the seat could not pay it all)."""
    old, new = before.players[seat], after.players[seat]
    out = []
    for r in RESOURCES:
        delta = new.resource(r) - old.resource(r)
        if isinstance(action, PayUpkeep):
            made = production(old, r)
            out.append((r, "production", made))
            if delta != made:
                out.append((r, "upkeep", delta - made))
            continue
        if not delta:
            continue
        if isinstance(action, Trade):
            cause = "traded away" if delta < 0 else "traded for"
        elif isinstance(action, Pass):
            cause = "first pass"
        elif isinstance(action, Research):
            cause = "research"
        elif isinstance(action, Build):
            cause = "build"
        else:
            cause = "other"
        out.append((r, cause, delta))
    return out


_PRINTED_UPKEEP = Tables.upkeep_for


def relieve_upkeep(relief: int) -> None:
    """In this process, make every upkeep ``relief`` money lower than printed (never below
    none; 0 restores the printed table): the counterfactual of ``--upkeep-relief``. Every
    reader of the upkeep table goes through ``Tables.upkeep_for``."""

    def relieved(self: Tables, discs_on_track: int) -> int:
        return max(0, _PRINTED_UPKEEP(self, discs_on_track) - relief)

    Tables.upkeep_for = relieved if relief else _PRINTED_UPKEEP  # type: ignore[method-assign]


def play(game: LeagueGame) -> list[SeatGame]:
    """Play one all-planner game and read every seat's rounds off it."""
    load_kernels()
    players = seat_players(game)
    planners = [p for p in players if isinstance(p, PlannerPlayer)]
    assert len(planners) == len(players), "an all-planner game"
    actions: Counter[tuple[int, int]] = Counter()
    flows: list[Counter[tuple[Resource, str]]] = [Counter() for _ in players]
    paid: dict[tuple[int, int], tuple[int, int, int, int]] = {}

    def watch(before: GameState, action: Action, after: GameState) -> None:
        seat = before.to_act
        if seat is None:
            return
        for r, cause, n in flow_causes(before, action, after, seat):
            flows[seat][(r, cause)] += n
        if isinstance(action, TakeAction | TakeReaction):
            actions[(before.round, seat)] += 1
        elif isinstance(action, PayUpkeep) and isinstance(before.decision, Upkeep):
            p = before.players[seat]
            sectors = sum(1 for _ in before.controlled(seat))
            paid[(before.round, seat)] = (
                production(p, Resource.MONEY),
                upkeep_cost(p),
                p.discs_track,
                sectors,
            )

    final = play_seeded(game, players, on_step=watch)
    assert final.scores is not None
    out = []
    for seat, planner in enumerate(planners):
        why = dict(planner.passes)
        rounds = []
        for r in range(1, final.round + 1):
            at_upkeep = paid.get((r, seat))
            if at_upkeep is None:
                continue  # eliminated before this round's upkeep
            values = (float(actions[(r, seat)]), *map(float, at_upkeep))
            rounds.append(SeatRound(r, values, why.get(r)))
        total = sum(n for (_, s), n in actions.items() if s == seat)
        flow = dict(flows[seat])
        for kept in RESOURCES:
            flow[(kept, "left at end")] = final.players[seat].resource(kept)
        out.append(SeatGame(tuple(rounds), total, final.scores[seat], flow))
    return out


def _row(label: str, rows: list[SeatRound]) -> str:
    """One line of the table: the mean of each column over ``rows`` and the share of each
    reason for passing."""
    means = (statistics.fmean(sr.values[i] for sr in rows) for i in range(len(ROUND_COLUMNS)))
    why = Counter(sr.passed for sr in rows)
    shares = " ".join(f"{why[x] / len(rows):>5.0%}" for x in PassReason)
    return f"{label:>5} " + " ".join(f"{m:8.2f}" for m in means) + f"   {shares}"


def report(seats: list[SeatGame]) -> str:
    """The tables of the module doc."""
    head = " ".join(f"{c:>8}" for c in ROUND_COLUMNS)
    lines = [f"round {head}   passes: " + ", ".join(r.value for r in PassReason)]
    by_round: dict[int, list[SeatRound]] = {}
    for s in seats:
        for sr in s.rounds:
            by_round.setdefault(sr.round, []).append(sr)
    lines.extend(_row(str(r), by_round[r]) for r in sorted(by_round))
    lines.append(_row("all", [sr for s in seats for sr in s.rounds]))
    counts = sorted(s.actions for s in seats)
    q = statistics.quantiles(counts, n=4)
    lines.append(
        f"actions per seat and game: fewest {counts[0]}, quartiles {q[0]:.0f} / {q[1]:.0f} / "
        f"{q[2]:.0f}, most {counts[-1]} ({len(seats)} seats)"
    )
    ranked = sorted(seats, key=lambda s: s.actions)
    quarter = max(1, len(ranked) // 4)
    low = statistics.fmean(s.vp for s in ranked[:quarter])
    high = statistics.fmean(s.vp for s in ranked[-quarter:])
    lines.append(f"mean VP: the quarter with the fewest actions {low:.1f}, the most {high:.1f}")
    lines.append("resources per seat and game, by cause:")
    lines.append(f"{'':>12} " + " ".join(f"{r.value:>9}" for r in RESOURCES))
    for cause in FLOW_CAUSES:
        means = (statistics.fmean(s.flows.get((r, cause), 0) for s in seats) for r in RESOURCES)
        lines.append(f"{cause:>12} " + " ".join(f"{m:9.1f}" for m in means))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--upkeep-relief",
        type=int,
        default=0,
        metavar="K",
        help="counterfactual: every upkeep K money lower (to measure what money buys)",
    )
    args = parser.parse_args(argv)
    if args.upkeep_relief < 0:
        parser.error(
            f"--upkeep-relief is money taken off the upkeep, 0 or more, not {args.upkeep_relief}"
        )
    games = schedule(("planner",) * 4, args.games, args.seed)
    relief = (args.upkeep_relief,)
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers, initializer=relieve_upkeep, initargs=relief) as pool:
            played = list(pool.map(play, games))
    else:
        relieve_upkeep(*relief)
        played = [play(g) for g in games]
    seats = [s for game in played for s in game]
    counterfactual = (
        f", upkeep {args.upkeep_relief} money lower (counterfactual)" if args.upkeep_relief else ""
    )
    print(f"bots economy: {args.games} all-planner games, seed {args.seed}{counterfactual}")
    print(report(seats))
    return 0


if __name__ == "__main__":
    sys.exit(main())
