"""The search: every candidate action weighed by rollouts in sampled worlds.

``analyse(state, seat)`` answers "what should ``seat`` do here, and what is each choice worth?":

1. A sampled world of the seat (``worlds.sample_world``) gives the planner's answer and the
   candidates (``candidates``: the planner's move prior, at most ``MAX_CANDIDATES``).
2. Sample after sample, a new world is dealt from what the seat cannot see, and every candidate
   still in the running is played in it and rolled out to the horizon by planners
   (``rollout``). All candidates of one sample meet the same world and the same chance
   streams (``rollout.ChanceStreams``: common random numbers), so the differences between them
   are mostly the differences their choice makes, not luck.
3. After ``MIN_SAMPLES`` samples, a candidate whose margin trails the leader's by more than
   ``DROP_VP`` and ``DROP_Z`` standard errors of the paired differences is dropped, so that the
   work goes to the close calls. The search stops when the work budget is spent (every
   candidate has at least one rollout), when one candidate is left, or when ``cancelled()``.

Each estimate's ``value`` is the mean margin (the seat's value less the best other seat's,
``evaluate``) at the horizon, ``win_share`` the share of rollouts in which the seat led there.

``search`` is the same with the result the search bot plays (``SearchResult.choice``): the best
estimate when it beats the planner's own answer on the samples both have (their paired mean
difference above ``SWITCH_VP``, and above ``SWITCH_Z`` standard errors of it) over at least
``SWITCH_SAMPLES`` samples; otherwise the planner's answer. The thresholds are low on purpose:
most searches get only 2 to 4 samples a candidate, and the league (docs/bots.md) measured a
rule that asked for 0.5 VP, 1.5 standard errors and 3 samples at 13 wins of 40 (it kept the
planner's answer in 36 of 42 searched turns of a game), against 22 of 40 (55%) for this one, on
the same seeds. The common random numbers make the paired difference the fair test.

Everything is a function of ``(state, seat, budget, seed)``: worlds and chance come from
generators seeded by ``seed`` and the sample's number, the budget counts work, not time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import sqrt

import numpy as np

from engine.actions.base import Action
from engine.errors import EngineError
from engine.planner import Plan, PlannerPlayer
from engine.rules import apply, legal_actions
from engine.search.budget import DEFAULT_THINK_MS, STEP_UNITS, TURN_UNITS, Work, work_budget
from engine.search.candidates import candidates
from engine.search.evaluate import margins
from engine.search.rollout import ChanceStreams, Rollouts, plans_for, rollout
from engine.search.worlds import sample_world
from engine.state import CHANCE, GameState

MIN_SAMPLES = 2
"""Samples every candidate gets before any is dropped."""
DROP_VP = 1.5
"""A candidate is dropped only when it trails the leader by more than this (VP)..."""
DROP_Z = 2.0
"""...and by more than this many standard errors of the paired differences."""
SWITCH_VP = 0.0
"""The search bot leaves the planner's answer only for one better by more than this (VP)..."""
SWITCH_Z = 0.0
"""...and by more than this many standard errors of the paired differences..."""
SWITCH_SAMPLES = 2
"""...measured on at least this many samples (two: a difference with a spread)."""

_PRIOR = 0
_WORLD = 1
_CHANCE = 2


class SearchError(EngineError):
    """A search asked for something it cannot do (a finished game, a seat not to act)."""


@dataclass(frozen=True, slots=True)
class ActionEstimate:
    """What one candidate action is worth to the seat (module doc)."""

    action: Action
    """One of ``legal_actions(state)``."""
    value: float
    """Expected VP margin at the horizon: the seat's value less the best opponent's, averaged
    over sampled worlds and rollouts."""
    win_share: float
    """Share of rollouts in which the seat leads at the horizon (ties count half)."""
    samples: int
    """Rollouts behind this estimate (0: the search was cancelled before it got one; the
    value is then the position's right after the action)."""


@dataclass(frozen=True, slots=True)
class SearchResult:
    """A search's estimates (best first), the action the search bot plays and the work done."""

    estimates: tuple[ActionEstimate, ...]
    choice: Action
    pick: Action
    """The planner's own answer."""
    work: float


def analyse(
    state: GameState,
    seat: int,
    *,
    think_ms: int = DEFAULT_THINK_MS,
    seed: int = 0,
    progress: Callable[[float], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> tuple[ActionEstimate, ...]:
    """Every candidate action for ``seat`` at ``state`` (``state.to_act == seat``), best first,
    deterministic for ``(state, seat, think_ms, seed)``: ``think_ms`` is a work budget
    (``engine.search.budget``), and the sampled worlds draw only hidden information ``seat``
    cannot see (``engine.search.worlds``). ``progress`` is called with the share of the budget
    spent, 0 to 1; ``cancelled`` is polled before every rollout, and True stops the search with
    the estimates so far."""
    check(state, seat, think_ms)
    found = search(
        state, seat, work_budget(think_ms), seed=seed, progress=progress, cancelled=cancelled
    )
    return found.estimates


def check(state: GameState, seat: int, think_ms: int) -> None:
    """``SearchError`` unless ``seat`` is to act at ``state`` and ``think_ms`` is a budget."""
    if isinstance(think_ms, bool) or not isinstance(think_ms, int) or think_ms < 0:
        raise SearchError(f"think_ms must be a whole number of milliseconds >= 0, not {think_ms!r}")
    if state.is_over or state.decision is None:
        raise SearchError("the game is over: there is no action to search")
    if not 0 <= seat < len(state.players):
        last = len(state.players) - 1
        raise SearchError(f"seat {seat!r} is not in this game (seats 0 to {last})")
    if state.to_act != seat:
        who = "chance" if state.to_act == CHANCE else f"seat {state.to_act}"
        raise SearchError(f"seat {seat} is not to act: {who} answers next ({state.decision.label})")


def _rng(seed: int, *path: int) -> np.random.Generator:
    return np.random.default_rng([seed, *path])


def search(
    state: GameState,
    seat: int,
    budget: float,
    *,
    seed: int,
    planner: PlannerPlayer | None = None,
    world: GameState | None = None,
    pick: Action | None = None,
    progress: Callable[[float], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> SearchResult:
    """The search of the module doc with a budget in work units. ``planner`` gives the prior
    and the search seat's plan (a fresh planner if not given); ``world`` and ``pick`` are a
    sampled world of the seat and the planner's answer in it, if the caller has them."""
    actions = legal_actions(state)
    work = Work(budget)
    if planner is None:
        planner = PlannerPlayer(np.random.default_rng(0))
    if world is None:
        world = sample_world(state, seat, _rng(seed, _PRIOR))
    if pick is None:
        pick = planner.choose(world, actions)
        work.add(TURN_UNITS)
    plans = plans_for(world, seat, planner.plan)
    options = candidates(world, actions, planner, pick, plans)
    work.add(TURN_UNITS + STEP_UNITS * len(actions))
    context = Rollouts(seat, plans, state.round)
    results: dict[Action, list[tuple[float, float]]] = {a: [] for a in options}
    live = list(options)
    sample = 0
    stop = False
    while not stop:
        sampled = sample_world(state, seat, _rng(seed, _WORLD, sample))
        for action in live:
            if cancelled is not None and cancelled():
                stop = True
                break
            if work.done and sample > 0:
                stop = True
                break
            chance = ChanceStreams(seed, _CHANCE, sample)
            out = rollout(apply(sampled, action), context, chance, work)
            m = out.margins[seat]
            results[action].append((m, 1.0 if m > 0 else 0.5 if m == 0 else 0.0))
            if progress is not None:
                progress(work.fraction)
        sample += 1
        if not stop:
            live = _survivors(live, results, sample)
            stop = len(live) <= 1 or work.done
    if progress is not None:
        progress(1.0)
    estimates = _estimates(options, results, world, seat, plans)
    return SearchResult(estimates, _choice(estimates, results, pick), pick, work.spent)


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def _paired(
    results: dict[Action, list[tuple[float, float]]], a: Action, b: Action
) -> tuple[float, float]:
    """Mean and standard error of ``a``'s margin less ``b``'s over the samples both have
    (infinite error with fewer than two)."""
    n = min(len(results[a]), len(results[b]))
    diffs = [results[a][i][0] - results[b][i][0] for i in range(n)]
    if not diffs:
        return 0.0, float("inf")
    mean = _mean(diffs)
    if n < 2:
        return mean, float("inf")
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, sqrt(var / n)


def _survivors(
    live: list[Action], results: dict[Action, list[tuple[float, float]]], samples: int
) -> list[Action]:
    """The candidates still worth rollouts after ``samples`` samples (module doc)."""
    if samples < MIN_SAMPLES or len(live) <= 1:
        return live
    leader = max(live, key=lambda a: _mean([m for m, _ in results[a]]))
    kept = []
    for a in live:
        if a != leader:
            diff, error = _paired(results, a, leader)
            if diff < -DROP_VP and diff < -DROP_Z * error:
                continue
        kept.append(a)
    return kept


def _estimates(
    options: list[Action],
    results: dict[Action, list[tuple[float, float]]],
    world: GameState,
    seat: int,
    plans: Sequence[Plan],
) -> tuple[ActionEstimate, ...]:
    """The estimates, best first: sampled ones by their mean margin, then any without a
    rollout (a cancelled search) by the position right after them."""
    sampled = []
    unsampled = []
    for i, a in enumerate(options):
        found = results[a]
        if found:
            value = _mean([m for m, _ in found])
            share = _mean([w for _, w in found])
            sampled.append((-value, i, ActionEstimate(a, value, share, len(found))))
        else:
            value = margins(apply(world, a), plans)[seat]
            share = 1.0 if value > 0 else 0.5 if value == 0 else 0.0
            unsampled.append((-value, i, ActionEstimate(a, value, share, 0)))
    sampled.sort(key=lambda t: (t[0], t[1]))
    unsampled.sort(key=lambda t: (t[0], t[1]))
    return tuple(e for _, _, e in sampled + unsampled)


def _choice(
    estimates: tuple[ActionEstimate, ...],
    results: dict[Action, list[tuple[float, float]]],
    pick: Action,
) -> Action:
    """The best estimate if it beats the planner's ``pick`` clearly (module doc), else
    ``pick``."""
    best = estimates[0]
    if best.action == pick or min(len(results[best.action]), len(results[pick])) < SWITCH_SAMPLES:
        return pick
    diff, error = _paired(results, best.action, pick)
    return best.action if diff > SWITCH_VP and diff > SWITCH_Z * error else pick
