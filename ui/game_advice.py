"""The Game page's advice, without Streamlit: whom to advise at a step of an opened game, the
search started in its worker process, the advice as cards, and an advised turn played.

``advice_target(game, step)`` is the seat whose turn it is and its label, or why there is no
advice here (the game is over, chance acts next, the position lacks what the engine needs: the
message of ``engine.advice.playable``). ``start_advice`` runs ``engine.advice.advise`` in
``python -m ui.advice_worker`` as a ``ui.worker_job.WorkerJob`` (the fleet designer's mechanism:
progress, Cancel, the page free meanwhile); its result is the JSON ``fleetlab advise --json``
prints, which ``advice_cards`` reads. ``play_advice`` gives the position after a card's steps as
a game of its own, to step through like a record, with the game it came from kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.actions.base import parse_action
from engine.advice import Position, choose_seat, playable, position_json
from engine.errors import AdviceRequestError, PositionError
from engine.rules import apply
from engine.state import CHANCE
from ui.game_loader import LoadedGame
from ui.worker_job import WorkerJob

WORKER_MODULE = "ui.advice_worker"


def advice_position(game: LoadedGame, step: int) -> Position:
    """The position at a step of an opened game, as the advice reads it."""
    record = game.steps > 0
    decisions = (
        tuple(i for i, s in enumerate(game.states) if s.to_act not in (None, CHANCE))
        if record
        else ()
    )
    where = f", after action {step} of {game.steps}" if record else ""
    return Position(
        game.states[step],
        game.seats,
        game.describe() + where,
        game.bot_codes,
        replayed=step if record else None,
        decisions=decisions,
    )


@dataclass(frozen=True, slots=True)
class Target:
    """Whom the page advises at a step: a seat and its label, or ``why`` there is no advice."""

    seat: int | None
    label: str = ""
    why: str = ""


def advice_target(game: LoadedGame, step: int) -> Target:
    """The seat to advise at ``step`` (the one whose decision it is), or why none."""
    if not game.seats:
        return Target(None, why="this game names no seats")
    position = advice_position(game, step)
    try:
        seat = choose_seat(position, None)
        playable(position, seat)
    except (PositionError, AdviceRequestError) as exc:
        return Target(None, why=str(exc))
    return Target(seat, position.seat(seat).label)


def start_advice(game: LoadedGame, step: int, seat: int, think_ms: int) -> WorkerJob:
    """The advice for ``seat`` at ``step``, searched in its worker process."""
    request = {
        "position": position_json(advice_position(game, step)),
        "seat": seat,
        "think_ms": think_ms,
    }
    return WorkerJob(WORKER_MODULE, request)


@dataclass(frozen=True, slots=True)
class AdviceCard:
    """One advised turn as the page shows it."""

    rank: int
    reason: str
    steps: tuple[str, ...]
    value: float
    win_share: float
    samples: int

    def stats(self) -> str:
        """The search's estimate in words."""
        return (
            f"value {self.value:+.2f} VP margin · leads in {100 * self.win_share:.0f}% of "
            f"{self.samples:,} rollouts"
        )


def advice_cards(result: dict[str, Any]) -> list[AdviceCard]:
    """The cards of an advice (the JSON of ``Advice.to_json``), best first."""
    return [
        AdviceCard(
            rank,
            str(a["reason"]),
            tuple(str(s) for s in a["steps"]),
            float(a["value"]),
            float(a["win_share"]),
            int(a["samples"]),
        )
        for rank, a in enumerate(result["actions"], 1)
    ]


def advice_summary(result: dict[str, Any]) -> str:
    """One line on an advice: for whom, how long it took, and its note."""
    count = len(result["actions"])
    text = (
        f"Advice for {result['player']}: {count} turn{'s' if count != 1 else ''}, best first, "
        f"in {result['seconds']:.1f} s (the search's budget: {result['think_ms']:,} ms a "
        "decision)"
    )
    if result.get("note"):
        text += f". Note: {result['note']}"
    return text


def play_advice(game: LoadedGame, step: int, card: AdviceCard, player: str) -> LoadedGame:
    """The game of an advised turn: the position at ``step`` and the position after each of the
    card's steps (``events`` their texts), described as played from where it came from."""
    states = [game.states[step]]
    for text in card.steps:
        states.append(apply(states[-1], parse_action(text)))
    origin = game.describe() + (f", after action {step}" if game.steps else "")
    return replace(
        game,
        states=tuple(states),
        events=card.steps,
        played=f"Advice {card.rank} for {player} played on {origin}: {card.reason}",
    )


def steps_text(steps: Sequence[str]) -> str:
    """A card's steps as the engine writes them (a game record's entries), one a line."""
    return "\n".join(steps)
