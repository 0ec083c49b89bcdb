"""Rollouts: a sampled world played on by planners to a horizon, and scored there.

Every seat of a rollout is a ``PlannerPlayer`` (the search seat's with the plan it plays by, the
others with the plan a planner would choose for them), made afresh for each rollout so that no
rollout leaks into the next; planners of the same seat share one memo of fleet goals
(``PlannerPlayer(goal_memo=...)``: goals depend only on the position, ``goal_key``), which is
where a planner spends most of its time.

Chance is drawn from ``ChanceStreams``: one generator for every kind of chance event (sector
draws, dice, reputation draws...), all seeded from the sample. The rollouts of the candidates of
one sample therefore draw the same sectors in the same order and roll the same dice, even when
one candidate explores a turn earlier than another or fights one battle more: common random
numbers that survive the candidates' differences, so that what separates their results is
mostly what they did.

The **horizon** is the end of the round the search started in: the rollout stops when the next
round begins (after the combat phase has fought out this round's battles and upkeep has paid
for its discs), and ``engine.search.evaluate`` scores the position; in the last round that is
the end of the game, and the final scores count. (Playing round 7's rollouts on to the end of
the game was tried: its searches then took 3 to 7 CPU s each at the default budget, against
about 1.5 s, because a budget always pays for one rollout of every candidate.)
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field

import numpy as np

from engine.actions.base import Action
from engine.decisions import TurnStart
from engine.planner import Plan, PlannerPlayer
from engine.planner.valuation import choose_plan
from engine.planner.war import FleetGoal
from engine.play import sample_chance
from engine.rules import apply, legal_actions
from engine.search.budget import STEP_UNITS, TURN_UNITS, Work
from engine.search.evaluate import margins
from engine.state import CHANCE, GameState


@dataclass(slots=True)
class Rollouts:
    """What the rollouts of one search share: the search seat, every seat's plan, the round
    the search started in, and every seat's memo of fleet goals."""

    seat: int
    plans: tuple[Plan, ...]
    start_round: int
    memos: list[dict[tuple[object, ...], list[FleetGoal]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.memos:
            self.memos = [{} for _ in self.plans]

    def players(self) -> list[PlannerPlayer]:
        """Fresh planners for every seat, with their plans and the shared memos."""
        out = []
        for seat, plan in enumerate(self.plans):
            p = PlannerPlayer(np.random.default_rng(0), goal_memo=self.memos[seat])
            p.plan = plan
            out.append(p)
        return out

    def over(self, state: GameState) -> bool:
        """True at the horizon (module doc)."""
        return state.is_over or state.round > self.start_round


class ChanceStreams:
    """A generator for every kind of chance event, seeded from ``seed`` and the kind's name
    (module doc)."""

    def __init__(self, *seed: int) -> None:
        self.seed = seed
        self._streams: dict[str, np.random.Generator] = {}

    def draw(self, state: GameState) -> Action:
        """An outcome of the pending chance event, from its kind's generator."""
        kind = type(state.decision).__name__
        rng = self._streams.get(kind)
        if rng is None:
            rng = np.random.default_rng([*self.seed, zlib.crc32(kind.encode())])
            self._streams[kind] = rng
        return sample_chance(state, rng)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One rollout's result for every seat: its value less the best other seat's at the
    horizon (``evaluate.margins``), and the position it stopped in."""

    margins: tuple[float, ...]
    end: GameState


def rollout(state: GameState, context: Rollouts, chance: ChanceStreams, work: Work) -> Outcome:
    """Play ``state`` on to the horizon (module doc), counting the work in ``work``."""
    players = context.players()
    while not context.over(state):
        seat = state.to_act
        assert seat is not None
        if seat == CHANCE:
            action: Action = chance.draw(state)
            work.add(STEP_UNITS)
        else:
            action = players[seat].choose(state, legal_actions(state))
            work.add(TURN_UNITS if isinstance(state.decision, TurnStart) else 1.0)
        state = apply(state, action)
    work.add(STEP_UNITS)
    return Outcome(margins(state, context.plans), state)


def plans_for(state: GameState, seat: int, plan: Plan | None) -> tuple[Plan, ...]:
    """Every seat's plan for the rollouts: ``plan`` for the search seat (when it has one), and
    for the others what a planner would choose now (``choose_plan``)."""
    return tuple(
        plan if s == seat and plan is not None else choose_plan(state, s)
        for s in range(len(state.players))
    )
