"""Choices made before the cards: how many ships to send, whom to invite.

Both are answered by solving the challenge once per choice (``cosmic.odds.solve``), so every rule
that decides the odds of a card decides these too.

* ``ships_to_send``: the offense commits 1 to 4 ships (a Macron 1) before allies are invited
  and cards chosen. For each count: the best card, its odds, the expected ships lost, and the
  best count for the objective (fewest ships on ties). An Amoeba that oozes with its card chooses
  its count again then, so its commitment changes only the reserve it oozes from.
* ``invitations``: for each set of the candidate allies you might invite (each assumed to accept
  with the ships given), the odds of your best plan and what the allies gain (an offensive ally
  lands on the planet when the offense wins: a base for a rival; a defensive ally takes one
  reward per ship when the defense wins). The best set maximises your objective, then gives the
  allies the fewest bases.

>>> from cosmic.challenge import Challenge
>>> from cosmic.cards import parse_cards
>>> from cosmic.decks import custom
>>> deck = custom([(Card.parse("attack:5"), 1), (Card.parse("attack:8"), 1)], hand_size=1)
>>> c = Challenge(deck, Side.OFFENSE, parse_cards("attack:5"), BySide(1, 2), BySide(0, 0), 1)
>>> [(row.ships, row.odds.win) for row in ships_to_send(c)[0]]
[(1, Fraction(0, 1)), (2, Fraction(0, 1)), (3, Fraction(0, 1)), (4, Fraction(0, 1))]
>>> ships_to_send(c)[1].ships  # 5 + 4 = 9 against 8 + 2 = 10 still loses: send the fewest
1
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from cosmic.budget import Budget, Progress, no_progress
from cosmic.cards import Card
from cosmic.challenge import Challenge
from cosmic.errors import ChallengeError
from cosmic.odds import solve
from cosmic.outcomes import Odds
from cosmic.sides import BySide, Side
from cosmic.table import Ally

__all__ = ["InviteOdds", "SendOdds", "invitations", "ships_to_send"]

MAX_CANDIDATES = 4
"""Most candidate allies weighed at once (every subset is one solve: 16 for 4)."""


@dataclass(frozen=True, slots=True)
class SendOdds:
    """Sending ``ships``: the best card (``None`` when none is yours to choose), the ships it is
    played with, the plan and its odds."""

    ships: int
    card: Card | None
    card_ships: int | None
    plan: str
    odds: Odds


@dataclass(frozen=True, slots=True)
class InviteOdds:
    """Inviting ``invited`` (who accept): your best card and plan, their odds, and what the
    invited allies gain in expectation."""

    invited: tuple[Ally, ...]
    card: Card | None
    plan: str
    odds: Odds
    ally_bases: Fraction
    ally_rewards: Fraction

    @property
    def label(self) -> str:
        """The invited allies by name (``nobody``)."""
        return ", ".join(a.name or f"{a.ships} ship(s)" for a in self.invited) or "nobody"


def _budget(budget: Budget | float | None) -> Budget:
    return budget if isinstance(budget, Budget) else Budget(budget)


def ships_to_send(
    challenge: Challenge,
    *,
    budget: Budget | float | None = None,
    progress: Progress | None = None,
) -> tuple[tuple[SendOdds, ...], SendOdds]:
    """The odds of sending each count of ships, and the best count (see the module docstring)."""
    if challenge.you is not Side.OFFENSE:
        raise ChallengeError("you", "only the offense chooses the ships it sends")
    clock = _budget(budget)
    report = progress or no_progress
    limit = min(4, challenge.table.rule(Side.OFFENSE).max_ships_sent)
    rows: list[SendOdds] = []
    for n in range(1, limit + 1):
        report((n - 1) / limit, f"sending {n} ship(s)")
        sub = challenge.replace(ships=BySide(n, challenge.ships.defense))
        r = solve(sub, budget=clock)
        card_ships = r.card_row(r.best).ships if r.best is not None else None
        rows.append(SendOdds(n, r.best, card_ships, r.best_plan.name, r.best_plan.odds))
    report(1.0, "done")
    best = rows[0]
    for row in rows[1:]:
        if row.odds.key(challenge.objective) > best.odds.key(challenge.objective):
            best = row
    return tuple(rows), best


def invitations(
    challenge: Challenge,
    candidates: tuple[Ally, ...],
    *,
    budget: Budget | float | None = None,
    progress: Progress | None = None,
) -> tuple[tuple[InviteOdds, ...], InviteOdds]:
    """The odds of inviting each set of ``candidates`` to your side (see the module docstring)."""
    if len(candidates) > MAX_CANDIDATES:
        raise ChallengeError(
            "candidates", f"{len(candidates)} candidates; Fleetlab weighs at most {MAX_CANDIDATES}"
        )
    clock = _budget(budget)
    report = progress or no_progress
    you = challenge.you
    subsets = [combo for k in range(len(candidates) + 1) for combo in combinations(candidates, k)]
    rows: list[InviteOdds] = []
    base = challenge.allies.of(you)
    for i, combo in enumerate(subsets):
        report(i / len(subsets), f"inviting {len(combo)} of {len(candidates)}")
        sub = challenge.replace(allies=challenge.allies.replace(you, (*base, *combo)))
        r = solve(sub, budget=clock)
        odds = r.best_plan.odds
        mine = [a for a in odds.allies if a.side is you][len(base) :]
        rows.append(
            InviteOdds(
                tuple(combo),
                r.best,
                r.best_plan.name,
                odds,
                sum((a.bases for a in mine), Fraction(0)),
                sum((a.rewards for a in mine), Fraction(0)),
            )
        )
    report(1.0, "done")
    best = max(
        rows, key=lambda r: (r.odds.key(challenge.objective), -r.ally_bases, -len(r.invited))
    )
    return tuple(rows), best
