"""From the search's estimates to whole turns a player can take.

The engine asks one small decision at a time: at the start of a turn the legal answers are
"action research", "action move", "pass", a trade...; which tech, which ships and where come
after. ``engine.search.analyse`` values the answers to one decision. A player wants the turn, so
``plan_turns``:

1. analyses the decision now (the *root*);
2. for each of the ``EXPAND`` best root answers that opens a choice of the same seat's (an
   action's activations), analyses that choice too, with the same budget, and keeps its ``KEEP``
   best answers that say what the action does (``NOT_CHOICES`` aside: "end" only wastes the
   disc, a trade can come at any time): "action research" becomes "research Plasma Cannon" and
   "research Gauss Shield", each with its own estimate;
3. completes every line to the end of the seat's turn with the planner (the search's rollout
   policy, so the completion is what the estimate assumed): the other moves of a Move action,
   the end of the action. A line stops where chance acts (the hex an exploration draws), where
   another seat answers, or at the seat's next turn.

Each ``Turn`` keeps its steps, the state after each, and the estimate of its deepest analysed
choice. Lines that end in the same position, or take the same steps in another order once their
free trades are set aside (two techs researched either way round), are one turn (the better one
is kept). ``baseline`` is the root's estimate of passing, when passing was an answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from engine.actions.base import Action
from engine.actions.colony import Colonize
from engine.actions.diplomacy import ProposeDiplomacy
from engine.actions.minor_species import AllyMinorSpecies
from engine.actions.pulsar import ActivatePulsar
from engine.actions.trade import Trade
from engine.actions.turn import EndAction, Pass, TakeAction, TakeReaction
from engine.decisions import Activations, TurnStart
from engine.planner import PlannerPlayer
from engine.rules import apply, legal_actions
from engine.search.analyse import ActionEstimate, analyse
from engine.snapshot import state_hash
from engine.state import GameState

EXPAND = 4
"""Root answers whose activations are analysed in turn (the best ones)."""
KEEP = 2
"""Answers kept from each of those analyses."""
MAX_STEPS = 30
"""Longest line followed (a turn of three moves with free trades and colony ships is ~10)."""

NOT_CHOICES = (EndAction, Trade, Colonize, ProposeDiplomacy, AllyMinorSpecies)
"""Answers inside an action that do not say what the action does: the end of it, and the free
actions (a trade, a colony ship, diplomacy, a Minor Species) that can be taken at any time."""

TURN_ACTIONS = (TakeAction, TakeReaction, Pass, ActivatePulsar)
"""The steps that are a turn's action: after one, the seat's next turn start is a new turn."""


@dataclass(frozen=True, slots=True)
class Turn:
    """One line of play for the seat: ``steps`` and the ``states`` around them (``states[0]``
    before the first step, ``states[i + 1]`` after ``steps[i]``), with the ``estimate`` of its
    deepest analysed choice."""

    steps: tuple[Action, ...]
    states: tuple[GameState, ...]
    estimate: ActionEstimate

    @property
    def before(self) -> GameState:
        """The position the turn starts from."""
        return self.states[0]

    @property
    def after(self) -> GameState:
        """The position after the turn."""
        return self.states[-1]

    @property
    def text(self) -> str:
        """The steps in the engine's text form (a game record's entries), ``; `` between."""
        return "; ".join(str(a) for a in self.steps)

    def core(self) -> tuple[str, ...]:
        """The steps without free trades, in any order: what makes two lines the same turn
        (the same two techs researched in either order)."""
        return tuple(sorted(str(a) for a in self.steps if not isinstance(a, Trade)))


def within_turn(state: GameState, seat: int, steps: tuple[Action, ...]) -> bool:
    """True while the seat still answers decisions of this turn after ``steps``."""
    if state.is_over or state.to_act != seat:
        return False
    return not (
        isinstance(state.decision, TurnStart) and any(isinstance(a, TURN_ACTIONS) for a in steps)
    )


def follow(
    state: GameState, seat: int, steps: tuple[Action, ...], planner: PlannerPlayer
) -> tuple[tuple[Action, ...], tuple[GameState, ...]]:
    """Play ``steps`` from ``state``, then the planner's answers until the turn ends."""
    states = [state]
    for step in steps:
        states.append(apply(states[-1], step))
    played = list(steps)
    while within_turn(states[-1], seat, tuple(played)) and len(played) < MAX_STEPS:
        now = states[-1]
        step = planner.choose(now, legal_actions(now))
        played.append(step)
        states.append(apply(now, step))
    return tuple(played), tuple(states)


def _forced(state: GameState, seat: int, steps: tuple[Action, ...]) -> tuple[Action, ...]:
    """``steps`` and the answers that follow without a choice (a single legal answer)."""
    out = steps
    now = state
    for step in steps:
        now = apply(now, step)
    while within_turn(now, seat, out) and len(out) < MAX_STEPS:
        options = legal_actions(now)
        if len(options) != 1:
            break
        out = (*out, options[0])
        now = apply(now, options[0])
    return out


def _opens_choice(state: GameState, seat: int, action: Action) -> tuple[Action, ...] | None:
    """The steps to the seat's next choice within this action (``action`` and any forced
    answers), or ``None`` when the action opens no choice (a pass, a trade)."""
    if not isinstance(action, (TakeAction, TakeReaction, ActivatePulsar)):
        return None
    steps = _forced(state, seat, (action,))
    now = state
    for step in steps:
        now = apply(now, step)
    if not within_turn(now, seat, steps) or not isinstance(now.decision, Activations):
        return None
    return steps


@dataclass(frozen=True, slots=True)
class Plan:
    """The turns found, best first, and the estimate of passing (``None``: not an answer)."""

    turns: tuple[Turn, ...]
    baseline: float | None


def plan_turns(
    state: GameState,
    seat: int,
    *,
    think_ms: int,
    seed: int = 0,
    progress: Callable[[float], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    limit: int = 5,
) -> Plan:
    """The seat's ``limit`` best turns from ``state``, best first (see the module doc);
    ``think_ms`` is the budget of each analysis; deterministic for (state, seat, think_ms,
    seed). ``progress`` counts the analyses as equal shares of the work (the root's and the
    expansions the root's answers may open)."""
    openers = [a for a in legal_actions(state) if isinstance(a, (TakeAction, TakeReaction))]
    share = 1.0 / (1 + min(EXPAND, len(openers)))

    def part(start: float, share: float) -> Callable[[float], None] | None:
        if progress is None:
            return None
        report = progress
        return lambda f: report(start + share * min(1.0, max(0.0, f)))

    root = analyse(
        state, seat, think_ms=think_ms, seed=seed, progress=part(0.0, share), cancelled=cancelled
    )
    baseline = next((e.value for e in root if isinstance(e.action, Pass)), None)
    expansions: list[tuple[ActionEstimate, tuple[Action, ...]]] = []
    for estimate in root:
        if len(expansions) == EXPAND:
            break
        steps = _opens_choice(state, seat, estimate.action)
        if steps is not None:
            expansions.append((estimate, steps))
    lines: list[tuple[tuple[Action, ...], ActionEstimate]] = [
        ((e.action,), e) for e in root if not any(e is x for x, _ in expansions)
    ]
    for i, (estimate, steps) in enumerate(expansions):
        if cancelled is not None and cancelled():
            lines.append(((estimate.action,), estimate))
            continue
        now = state
        for step in steps:
            now = apply(now, step)
        found = analyse(
            now,
            seat,
            think_ms=think_ms,
            seed=seed + 1 + i,
            progress=part((1 + i) * share, share),
            cancelled=cancelled,
        )
        kept = [e for e in found if not isinstance(e.action, NOT_CHOICES)][:KEEP]
        if not kept:
            lines.append(((estimate.action,), estimate))
        lines.extend(((*steps, e.action), e) for e in kept)
    if progress is not None:
        progress(1.0)
    return Plan(_turns(state, seat, lines, seed, limit), baseline)


def _turns(
    state: GameState,
    seat: int,
    lines: list[tuple[tuple[Action, ...], ActionEstimate]],
    seed: int,
    limit: int,
) -> tuple[Turn, ...]:
    """The best lines completed by the planner, one turn per core, until ``limit`` are found."""
    ordered = sorted(lines, key=lambda t: (-t[1].value, " ".join(map(str, t[0]))))
    seen: set[object] = set()
    out: list[Turn] = []
    for steps, estimate in ordered:
        planner = PlannerPlayer(np.random.default_rng(seed))
        played, states = follow(state, seat, steps, planner)
        turn = Turn(played, states, estimate)
        ends = state_hash(turn.after)
        if turn.core() in seen or ends in seen:
            continue
        seen.update((turn.core(), ends))
        out.append(turn)
        if len(out) == limit:
            break
    return tuple(out)
