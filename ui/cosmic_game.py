"""What the Cosmic game page shows, without Streamlit: a record's states, the systems, the warp,
the cone and the hand of the seat whose view is chosen.

The page (``ui/views/cosmic_game.py``) replays a record once (``replay_steps``), keeps the state
after every entry, and draws the step chosen with these functions. A viewer seat sees its own
hand; of the others only how many cards they hold, and the challenge cards once they are public
(both played, or shown to an Oracle).

>>> import numpy as np
>>> from cosmic.game import GameConfig, RandomBot, Recorder, play_game
>>> from cosmic.powers import Power
>>> config = GameConfig((Power.VIRUS, Power.ZOMBIE, Power.LASER))
>>> rng = np.random.default_rng(2)
>>> recorder = Recorder(config, ("a", "b", "c"))
>>> _ = play_game(config, [RandomBot(rng) for _ in range(3)], rng, on_step=recorder)
>>> steps = replay_steps(recorder.record())
>>> steps.result.ok, len(steps.states) == len(recorder.record().entries)
(True, True)
>>> [row["planet"] for row in systems_rows(steps.states[0])][:3]
['0.0', '0.1', '0.2']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cosmic.game import GameRecord, GameState, Replay, replay
from cosmic.game.record import Entry
from cosmic.game.rules import to_act
from cosmic.game.state import CHANCE, PLANETS, planet_name
from cosmic.game.view import card_visible
from cosmic.sides import Side


@dataclass(frozen=True, slots=True)
class Steps:
    """A record replayed: the state after each entry (``states[i]`` after entry ``i``), the
    entries' texts and the replay's result (its error names the first bad entry)."""

    states: tuple[GameState, ...]
    texts: tuple[str, ...]
    result: Replay


def replay_steps(record: GameRecord) -> Steps:
    """Replay ``record`` keeping the state after every entry replayed."""
    states: list[GameState] = []
    texts: list[str] = []

    def keep(index: int, entry: Entry, state: GameState) -> None:
        states.append(state)
        texts.append(entry if isinstance(entry, str) else str(entry))

    result = replay(record, on_entry=keep)
    return Steps(tuple(states), tuple(texts), result)


def seat_label(state: GameState, seat: int) -> str:
    """``seat 2 (laser)``."""
    return f"seat {seat} ({state.config.powers[seat].value})"


def systems_rows(state: GameState) -> list[dict[str, Any]]:
    """One row per planet: its system, name and each seat's ships on it."""
    rows = []
    for pid, ships in enumerate(state.planets):
        row: dict[str, Any] = {
            "system": seat_label(state, pid // PLANETS),
            "planet": planet_name(pid),
        }
        for seat, n in enumerate(ships):
            row[f"seat {seat}"] = n
        rows.append(row)
    return rows


def players_rows(state: GameState, viewer: int | None) -> list[dict[str, Any]]:
    """One row per player: power (in force or lost), bases, warp, removed, cards in hand."""
    return [
        {
            "seat": seat,
            "power": state.config.powers[seat].value + ("" if state.has_power(seat) else " (lost)"),
            "home bases": state.home_bases(seat),
            "foreign bases": state.foreign_bases(seat),
            "warp": state.warp[seat],
            "removed": state.removed[seat],
            "cards": len(state.hands[seat]),
            "": "winner" if seat in state.winners else ("out" if state.out[seat] else ""),
        }
        for seat in range(state.players)
    ]


def visible_card(state: GameState, side: Side, viewer: int | None) -> str:
    """A main player's challenge card as ``viewer`` sees it (``None``: everything)."""
    card = state.cone.card(side)
    if card is None:
        return "-"
    if viewer is None or card_visible(state, viewer, side):
        return str(card)
    return "played (face down)"


def cone_lines(state: GameState, viewer: int | None) -> list[str]:
    """The challenge in progress in a few lines."""
    c = state.cone
    lines = [
        f"Turn {state.turn}, challenge {state.challenge} of {seat_label(state, state.offense)}"
    ]
    if c.planet < 0:
        lines.append("The cone is not aimed yet.")
        return lines
    lines.append(
        f"Aimed at planet {planet_name(c.planet)}, defended by {seat_label(state, c.defense)} "
        f"with {state.ships_on(c.planet, c.defense)} ship(s)."
    )
    lines.append(f"Offense ships in the cone: {c.committed(state.offense)}.")
    for seat, side in c.allies:
        lines.append(f"Ally {seat_label(state, seat)}: {side.value}, {c.committed(seat)} ship(s).")
    lines.append(
        f"Cards: offense {visible_card(state, Side.OFFENSE, viewer)}, "
        f"defense {visible_card(state, Side.DEFENSE, viewer)}."
    )
    if c.edicts or c.zapped:
        extra = [e.value for e in c.edicts] + [f"cosmic zap on seat {s}" for s in c.zapped]
        lines.append("In force: " + ", ".join(extra) + ".")
    return lines


def waiting_for(state: GameState) -> str:
    """Who the game waits for, and at which step."""
    seat = to_act(state)
    if seat is None:
        won = ", ".join(seat_label(state, w) for w in state.winners) or "nobody (out of turns)"
        return f"Game over: {won} won."
    if seat == CHANCE:
        return f"Waiting for chance ({state.queue[0].kind.value})."
    return f"Waiting for {seat_label(state, seat)} at step {state.step.value!r}."


def main_players(state: GameState) -> tuple[int, ...]:
    """The main players of the challenge aimed, for the odds (empty before the cone is aimed)."""
    if state.cone.planet < 0 or state.is_over:
        return ()
    return (state.offense, state.cone.defense)
