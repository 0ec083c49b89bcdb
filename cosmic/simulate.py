"""A seeded simulation of the same challenge, to check the exact solver.

It deals the opponent's hand card by card from a shuffled list of the unseen cards (with the
redraw of a hand that holds no challenge card), then scores the dealt hand with the solver's own
rules for one world. Only the dealing differs from ``cosmic.odds``, which enumerates hands
instead: agreement within a few standard errors checks the enumeration and its weights.

>>> from cosmic.challenge import Challenge, Side, BySide
>>> from cosmic.cards import parse_cards
>>> from cosmic.decks import preset
>>> c = Challenge(preset("mayfair_1991"), Side.OFFENSE, parse_cards("attack:12"), BySide(4, 2),
...               BySide(0, 3), opponent_hand_size=7)
>>> est = simulate_wins(c, samples=200, seed=1)
>>> round(est[parse_cards("attack:12")[0]][0], 2), est[parse_cards("attack:12")[0]][1] > 0
(0.07, True)
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from cosmic.cards import Card
from cosmic.challenge import Challenge
from cosmic.encounter import Play
from cosmic.hands import Hand, as_hand
from cosmic.outcomes import Tally, add_scaled
from cosmic.solver import Solver, options_of


def deal_opponent(c: Challenge, rng: np.random.Generator) -> Hand:
    """One random opponent hand: known plus unseen cards, redrawn while it has no challenge card."""
    unseen = [card for card, n in sorted(c.unseen().items()) for _ in range(n)]
    order = list(rng.permutation(len(unseen)))
    pile = [unseen[i] for i in order]
    hand = list(c.opponent_hand_known) + [pile.pop() for _ in range(c.opponent_random)]
    while not any(card.is_challenge for card in hand):
        hand = [pile.pop() for _ in range(min(c.deck.hand_size, len(pile)))]
    return as_hand(hand)


def simulate_wins(c: Challenge, samples: int, seed: int) -> dict[Card, tuple[float, float]]:
    """P(win) of each card of your hand by simulation: ``card -> (mean, standard error)``.

    Each card is played with its committed ships. Powers that change hands before cards
    (Mutant, Trader) are not dealt here.
    """
    rng = np.random.default_rng(seed)
    solver = Solver(c)
    yours = as_hand(c.hand)
    values: dict[Card, list[float]] = {}
    for _ in range(samples):
        theirs = deal_opponent(c, rng)
        for card in options_of(yours):
            tally: Tally = {}
            mine = Play(card, c.ships.of(c.you))
            add_scaled(tally, solver.play(yours, theirs, mine, False), Fraction(1))
            values.setdefault(card, []).append(float(solver.odds(tally).win))
    out: dict[Card, tuple[float, float]] = {}
    for card, vals in values.items():
        arr = np.asarray(vals)
        out[card] = (float(arr.mean()), float(arr.std(ddof=1) / np.sqrt(len(arr))))
    return out
