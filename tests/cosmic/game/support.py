"""Hand-built games for the tests: every card dealt and every counter flipped is scripted.

Chance outcomes are actions, so a test deals the hands it wants (``deal``) and plays on with the
texts of the actions (``play``): no seed, no luck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cosmic.cards import Card
from cosmic.game import GameConfig, GameState, apply, legal_actions, new_game, parse_action
from cosmic.powers import Power

FILLERS = ("attack:6", "attack:8", "attack:10", "attack:7", "attack:12", "attack:15")
"""Cards that pad a hand to 7, taken in this order while the deck has copies left."""


def deal(
    powers: Sequence[Power],
    hands: Sequence[Sequence[str]],
    first: int = 0,
    deck: str = "eon",
) -> GameState:
    """A new game whose hands begin with ``hands[seat]`` (padded with ``FILLERS``), ``first``
    to play."""
    state = new_game(GameConfig(tuple(powers), deck))
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
            state = apply(state, parse_action(f"draw {card}"))
    return apply(state, parse_action(f"first {first}"))


def play(state: GameState, *texts: str) -> GameState:
    """``state`` after the actions ``texts``."""
    for text in texts:
        state = apply(state, parse_action(text))
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
