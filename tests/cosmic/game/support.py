"""Hand-built games for the tests: every card dealt and every counter flipped is scripted.

Chance outcomes are actions, so a test deals the hands it wants (``deal``) and plays on with the
texts of the actions (``play``): no seed, no luck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from cosmic.cards import Card
from cosmic.game import Action, GameConfig, GameState, apply, legal_actions, new_game, parse_action
from cosmic.game.state import RULES
from cosmic.powers import Power

FILLERS = ("attack:6", "attack:8", "attack:10", "attack:7", "attack:12", "attack:15")
"""Cards that pad a hand to 7, taken in this order while the deck has copies left."""


_LOGS: list[list[str]] = []


@contextmanager
def scripted() -> Iterator[list[str]]:
    """The text of every action the helpers apply inside the block, in order: with a new game's
    configuration, the entries of its record."""
    texts: list[str] = []
    _LOGS.append(texts)
    try:
        yield texts
    finally:
        _LOGS.remove(texts)


def _apply(state: GameState, action: Action) -> GameState:
    for log in _LOGS:
        log.append(str(action))
    return apply(state, action)


def deal(
    powers: Sequence[Power],
    hands: Sequence[Sequence[str]],
    first: int = 0,
    deck: str = "eon",
    warp: Sequence[int] = (),
    rules: int = RULES,
) -> GameState:
    """A new game whose hands begin with ``hands[seat]`` (padded with ``FILLERS``), ``first``
    to play; ``warp[seat]`` ships of each seat start in the warp (from its planet ``.4``)."""
    state = new_game(GameConfig(tuple(powers), deck, rules=rules))
    for seat, n in enumerate(warp):
        state = state.with_ships(seat * 5 + 4, seat, -n).with_warp(seat, n)
    left = Counter(dict(state.draw_pile))
    wanted = [[Card.parse(c) for c in hand] for hand in hands]
    for hand in wanted:
        left.subtract(hand)
    for seat in range(len(powers)):
        cards = wanted[seat] if seat < len(wanted) else []
        for filler in map(Card.parse, FILLERS):
            while len(cards) < 7 and left[filler] > 0:
                cards.append(filler)
                left[filler] -= 1
        for card in cards:
            state = _apply(state, parse_action(f"draw {card}"))
    return _apply(state, parse_action(f"first {first}"))


def play(state: GameState, *texts: str) -> GameState:
    """``state`` after the actions ``texts``."""
    for text in texts:
        state = _apply(state, parse_action(text))
    return state


def legal(state: GameState) -> list[str]:
    """The text of every legal action."""
    return [str(a) for a in legal_actions(state)]


def to_cards(state: GameState, defense: int = 1, planet: str = "1.0", ships: int = 4) -> GameState:
    """From the start of a challenge of seat 0 to the choice of cards: the destiny flips
    ``defense``, the cone aims at ``planet``, ``ships`` ships launch from seat 0's planets, no one
    is invited."""
    state = play(state, f"destiny {defense}", f"aim {planet} {defense}")
    launched = 0
    for i in range(5):
        while (
            launched < ships
            and state.spare(state.offense, state.offense * 5 + i)
            and (f"launch {state.offense}.{i}" in legal(state))
        ):
            state = play(state, f"launch {state.offense}.{i}")
            launched += 1
    if "launched" in legal(state):
        state = play(state, "launched")
    return play(state, "invite -", "invite -")
