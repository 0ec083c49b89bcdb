"""The values a solve returns: exact odds of a way to play, per ally, per card, per plan.

A *tally* maps final states of the challenge (``Final``: your play, the opponent's play, what is
left in your hand, the edict you played at the reveal) to their probabilities; ``Odds`` is what a
tally means for you. ``add_scaled`` is the one way tallies are summed.

>>> t: Tally = {}
>>> add_scaled(t, {REDRAW: Fraction(1)}, Fraction(1, 3))
>>> t[REDRAW]
Fraction(1, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from cosmic.cards import Card
from cosmic.challenge import Objective
from cosmic.encounter import Play
from cosmic.sides import Side

__all__ = [
    "REDRAW",
    "AllyOdds",
    "CardOdds",
    "Final",
    "Odds",
    "Plan",
    "Tally",
    "add_scaled",
]

Final = tuple[Play | None, Play | None, int, int, str]
"""Your play, its play, cards left in your hand, challenge cards among them, and the edict you
played at the reveal (``""``: none). ``None`` plays: you redraw a hand."""

Tally = dict[Final, Fraction]
"""Final states and their probabilities."""

REDRAW: Final = (None, None, 0, 0, "")


def add_scaled(into: Tally, tally: Tally, scale: Fraction) -> None:
    """Add ``tally`` times ``scale`` into ``into``."""
    for k, v in tally.items():
        into[k] = into.get(k, Fraction(0)) + v * scale


@dataclass(frozen=True, slots=True)
class AllyOdds:
    """Expected outcome of one ally (of either side) for a way to play.

    Attributes:
        side: the side it joined.
        name: how reports name it (``Ally.label``).
        win: probability that its side wins.
        lost: expected ships it loses (to the warp or, against a Void, from the game).
        rewards: expected rewards (a defensive ally: one per ship when the defense wins).
        bases: expected bases it gains (an offensive ally: one when the offense wins).
    """

    side: Side
    name: str
    win: Fraction
    lost: Fraction
    rewards: Fraction
    bases: Fraction


@dataclass(frozen=True, slots=True)
class Odds:
    """Exact outcome of a way to play, from your side.

    Attributes:
        win, lose, deal: probabilities that you win, lose (or both lose), or a deal is forced.
        redraw: probability that you must discard and draw a new hand (no challenge card left).
        warp: expected ships you lose to the warp (a failed deal counts three).
        removed: expected ships of yours removed from the game by a winning Void.
        bases: expected bases gained: +1 when the offense wins, -1 when the defense loses, +1 for
            each main player when a deal is made.
        again: for the offense on its first challenge, the chance it may challenge again (it
            succeeded and still holds a challenge card after consolation); ``None`` otherwise.
        allies: each ally's expected outcome (offense's allies first).
    """

    win: Fraction
    lose: Fraction
    deal: Fraction
    redraw: Fraction
    warp: Fraction
    removed: Fraction
    bases: Fraction
    again: Fraction | None
    allies: tuple[AllyOdds, ...] = ()

    @property
    def lost(self) -> Fraction:
        """Expected ships you lose, to the warp or from the game."""
        return self.warp + self.removed

    def key(self, objective: Objective) -> tuple[Fraction, ...]:
        """Sort key: larger is better for ``objective``; then fewer ships lost, more bases."""
        if objective is Objective.AVOID_LOSS:
            return (-self.lose, self.win, -self.lost, self.bases)
        return (self.win, -self.lose, -self.lost, self.bases)

    def utility(self, objective: Objective) -> Fraction:
        """The one number the objective maximises: P(win), or P(not losing)."""
        return self.win if objective is Objective.WIN else 1 - self.lose


@dataclass(frozen=True, slots=True)
class CardOdds:
    """The odds of playing one card; ``ships`` is the count an Amoeba plays it with (else the
    committed ships)."""

    card: Card
    odds: Odds
    ships: int


@dataclass(frozen=True, slots=True)
class Plan:
    """A way to play the challenge from the start, with its odds."""

    name: str
    description: str
    odds: Odds
