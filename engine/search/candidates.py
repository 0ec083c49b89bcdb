"""The actions a search looks at, and in what order: the planner's move prior.

A search cannot afford rollouts for every legal action (a move may have dozens), so it takes the
planner's view first (``PlannerPlayer``):

* at a **turn** (``TurnStart``) the planner's own answer, then the actions (or, after passing,
  the reactions) it would take next, by the value it gives them less their disc's upkeep
  (``PlannerPlayer.turn_values``), and passing, which always keeps a place;
* at **any other decision** the planner's answer, then the other legal answers by the value of
  the position right after them (``evaluate.margins``: a tech researched, a sector claimed show
  at once).

At most ``MAX_CANDIDATES`` actions are kept. ``searched_turn`` tells the decisions where the
search bot searches at all: a turn whose planner's answer is to take an action or reaction, or
to pass (a trade, a colony ship or a proposal first is the planner's, and the turn's real choice
comes after it).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions.base import Action
from engine.actions.turn import Pass, TakeAction, TakeReaction
from engine.decisions import TurnStart
from engine.planner import Plan, PlannerPlayer
from engine.rules import apply
from engine.search.evaluate import margins
from engine.state import GameState

MAX_CANDIDATES = 4
"""The most actions one search compares."""

TURN_CHOICES = (TakeAction, TakeReaction, Pass)
"""The answers to a turn that the search weighs against each other."""


def searched_turn(state: GameState, pick: Action) -> bool:
    """True when the decision is a turn and the planner's answer one of ``TURN_CHOICES``."""
    return isinstance(state.decision, TurnStart) and isinstance(pick, TURN_CHOICES)


def candidates(
    world: GameState,
    actions: Sequence[Action],
    planner: PlannerPlayer,
    pick: Action,
    plans: Sequence[Plan],
) -> list[Action]:
    """The actions to search, the planner's ``pick`` first (module doc). ``world`` is a sampled
    world of the seat to act (``engine.search.worlds``), ``actions`` its legal answers."""
    seat = world.to_act
    assert seat is not None and pick in actions
    out: list[Action] = [pick]
    if isinstance(world.decision, TurnStart):
        ranked: list[Action] = [a for a, _ in planner.turn_values(world) if a in actions]
        passes = [a for a in actions if isinstance(a, Pass) and a != pick]
        room = MAX_CANDIDATES - len(passes)  # passing always keeps its place
    else:
        ranked = _by_position(world, seat, actions, plans)
        passes = []
        room = MAX_CANDIDATES
    for a in ranked:
        if len(out) >= room:
            break
        if a not in out:
            out.append(a)
    return out + passes


def _by_position(
    world: GameState, seat: int, actions: Sequence[Action], plans: Sequence[Plan]
) -> list[Action]:
    """``actions`` by the seat's margin in the position right after each, best first (ties by
    the legal order)."""
    scored: list[tuple[float, int, Action]] = []
    for i, a in enumerate(actions):
        scored.append((-margins(apply(world, a), plans)[seat], i, a))
    scored.sort(key=lambda t: (t[0], t[1]))
    return [a for _, _, a in scored]
