"""Rollouts: a sampled world played on by planners to a horizon, and scored there.

Every seat of a rollout is a ``PlannerPlayer`` (the search seat's with the plan it plays by, the
others with the plan a planner would choose for them), made afresh for each rollout so that no
rollout leaks into the next; planners of the same seat share one memo of fleet goals
(``PlannerPlayer(goal_memo=...)``: goals depend only on the position, ``goal_key``), which is
where a planner spends most of its time. Chance is drawn from the rollout's own generator.

The **horizon** is the end of the round the search started in: the rollout stops when the next
round begins (after the combat phase has fought out this round's battles and upkeep has paid
for its discs), and ``engine.search.evaluate`` scores the position. From round ``ENDGAME_ROUND``
on a rollout plays to the end of the game and the final scores count.
"""

from __future__ import annotations

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

ENDGAME_ROUND = 7
"""From this round on, rollouts play to the end of the game."""


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
        if state.is_over:
            return True
        return self.start_round < ENDGAME_ROUND and state.round > self.start_round


@dataclass(frozen=True, slots=True)
class Outcome:
    """One rollout's result for every seat: its value less the best other seat's at the
    horizon (``evaluate.margins``), and the position it stopped in."""

    margins: tuple[float, ...]
    end: GameState


def rollout(state: GameState, context: Rollouts, rng: np.random.Generator, work: Work) -> Outcome:
    """Play ``state`` on to the horizon (module doc), counting the work in ``work``."""
    players = context.players()
    while not context.over(state):
        seat = state.to_act
        assert seat is not None
        if seat == CHANCE:
            action: Action = sample_chance(state, rng)
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
