"""``advise``: the best next turns for a seat of a position, each with its value and a reason.

For example (a save; a record takes ``at=N``)::

    position = read_position("aeb39.json")
    advice = advise(position, choose_seat(position, "red"))
    advice.actions[0].reason  # 'attack sector 214 with 2 cruisers: 91% to win, +2.0 VP ...'

The steps: ``position.playable`` (the state to advise on, or a ``PositionError`` naming what the
engine would need), ``turns.plan_turns`` (the search, ``engine.search.analyse``, turned into
whole turns), ``reasons.reason`` (the line a player reads, with Fleetlab's own odds). The budget
``think_ms`` is the search's, shared by its analyses and converted to work, not time: the same
position, seat, budget and seed give the same advice on any machine. ``seconds`` is the wall
time it took (measured, never used to decide).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.advice.budget import DEFAULT_THINK_MS, check_budget
from engine.advice.position import Position, playable
from engine.advice.reasons import reason
from engine.advice.stakes import book
from engine.advice.turns import plan_turns
from engine.errors import PositionError

MAX_ACTIONS = 5
"""Turns advised at most (fewer when the seat has fewer different turns)."""


@dataclass(frozen=True, slots=True)
class AdvisedAction:
    """One advised turn: its ``steps`` in the engine's text form (what a game record holds),
    the search's estimate (``value``: expected VP margin at its horizon; ``win_share``: share
    of rollouts the seat led; ``samples``) and the ``reason`` a player reads."""

    steps: tuple[str, ...]
    value: float
    win_share: float
    samples: int
    reason: str

    @property
    def action(self) -> str:
        """The steps as one line, ``; `` between them."""
        return "; ".join(self.steps)


@dataclass(frozen=True, slots=True)
class Advice:
    """The advice for ``player`` (seat ``seat``) at ``position`` (what was opened, in words):
    its turns, best first; ``note`` when the seat is advised before its turn has come;
    ``caveats``: what the file lost on the way in, and the home sectors set up for it
    (``engine.advice.home_setup``)."""

    player: str
    seat: int
    position: str
    actions: tuple[AdvisedAction, ...]
    seconds: float
    think_ms: int
    note: str | None = None
    caveats: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The JSON object of ``fleetlab advise --json``."""
        return {
            "player": self.player,
            "seat": self.seat,
            "position": self.position,
            "think_ms": self.think_ms,
            "note": self.note,
            "caveats": list(self.caveats),
            "actions": [
                {
                    "action": a.action,
                    "steps": list(a.steps),
                    "value": round(a.value, 3),
                    "win_share": round(a.win_share, 3),
                    "samples": a.samples,
                    "reason": a.reason,
                }
                for a in self.actions
            ],
            "seconds": round(self.seconds, 2),
        }


def advise(
    position: Position,
    seat: int,
    *,
    think_ms: int = DEFAULT_THINK_MS,
    seed: int = 0,
    progress: Callable[[float], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Advice:
    """The seat's best turns (see the module doc). ``progress`` is called with 0..1 as the
    budget is spent; ``cancelled`` is polled, and True stops the search with the best found so
    far. The engine failing to play on from the position is a ``PositionError`` too."""
    started = time.perf_counter()
    budget = check_budget(think_ms)
    state, note = playable(position, seat)
    odds = book()
    try:
        plan = plan_turns(
            state,
            seat,
            think_ms=budget,
            seed=seed,
            progress=progress,
            cancelled=cancelled,
            limit=MAX_ACTIONS,
        )
        actions = tuple(
            AdvisedAction(
                tuple(str(a) for a in turn.steps),
                turn.estimate.value,
                turn.estimate.win_share,
                turn.estimate.samples,
                reason(position, seat, turn, plan.baseline, odds),
            )
            for turn in plan.turns
        )
    except ValueError as exc:  # EngineError included: a state the rules cannot go on from
        raise PositionError(f"the engine could not play on from this position: {exc}") from exc
    return Advice(
        position.seat(seat).label,
        seat,
        position.source,
        actions,
        time.perf_counter() - started,
        budget,
        note,
        position.caveats,
    )
