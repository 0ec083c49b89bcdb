"""A challenge as Fleetlab sees it: who you are, the ships, your hand and what is known.

``Challenge`` is the input of the solver (``cosmic.odds.solve``) and of the challenge file
(``cosmic.fileformat``). Construction validates it and raises ``ChallengeError`` naming the path
of the bad input as the challenge file spells it (``ships.offense``, ``hand[1]``).

The opponent's hand is ``opponent_known`` (cards known to be in it) plus a uniform draw of the
remaining places from the *unseen* cards: the deck less your hand, the ``seen`` cards (discard
pile, cards shown) and the known cards.

>>> from cosmic.decks import preset
>>> c = Challenge(preset("mayfair_1991"), Side.OFFENSE, hand=cards("attack:12", "compromise"),
...               ships=BySide(4, 2), allies=BySide(0, 3), opponent_hand_size=7)
>>> c.unseen_count, c.opponent_random
(70, 7)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Generic, TypeVar

from cosmic.cards import Card
from cosmic.decks import Deck
from cosmic.errors import ChallengeError
from cosmic.powers import AMOEBA_TOKENS, HOME_PLANETS, MutantRule, Power, PowerOptions, rule

T = TypeVar("T")


class Side(StrEnum):
    """The two main players' sides."""

    OFFENSE = "offense"
    DEFENSE = "defense"

    @property
    def other(self) -> Side:
        """The opposing side."""
        return Side.DEFENSE if self is Side.OFFENSE else Side.OFFENSE


class OpponentModel(StrEnum):
    """How the opponent chooses its card.

    ``highest``: its highest attack, else its morph, else a compromise. ``best_response``: the card
    that does best against the card you play (it wins if it can, else makes a deal, else loses
    with the fewest ships, keeping its stronger cards when several do equally well).
    ``random``: a uniformly random challenge card of its hand.
    """

    HIGHEST = "highest"
    BEST_RESPONSE = "best_response"
    RANDOM = "random"


class Objective(StrEnum):
    """What the best card maximises: ``win`` (P(win), then fewest losses) or ``avoid_loss``."""

    WIN = "win"
    AVOID_LOSS = "avoid_loss"


@dataclass(frozen=True, slots=True)
class BySide(Generic[T]):
    """One value for each side."""

    offense: T
    defense: T

    def of(self, side: Side) -> T:
        """The value of one side."""
        return self.offense if side is Side.OFFENSE else self.defense


def cards(*texts: str) -> tuple[Card, ...]:
    """Cards from their text forms.

    >>> [str(c) for c in cards("attack:4", "negotiate")]
    ['attack:4', 'compromise']
    """
    return tuple(Card.parse(t) for t in texts)


NO_POWERS: BySide[Power | None] = BySide(None, None)


@dataclass(frozen=True, slots=True)
class Challenge:
    """Everything the odds depend on.

    Attributes:
        deck: the challenge deck.
        you: the side you play.
        hand: your hand.
        ships: ships each main player has in the challenge (the defense's: those on the planet).
        allies: allied ships on each side, all allies together.
        opponent_hand_size: cards in the opponent's hand, known ones included.
        seen: cards known to be out of the deck besides your hand (discards, shown cards).
        opponent_known: cards known to be in the opponent's hand.
        powers: each main player's power, ``None`` for none.
        opponent: the opponent model.
        objective: what the best card maximises.
        deal_success: the chance that a deal is made when one is forced (a failed deal costs
            both main players three ships); it also counts as a base for each.
        second_challenge: the offense is on its second challenge of the turn, so it cannot
            challenge again.
        options: power options where the text and the published rules differ.
    """

    deck: Deck
    you: Side
    hand: tuple[Card, ...]
    ships: BySide[int]
    allies: BySide[int]
    opponent_hand_size: int
    seen: tuple[Card, ...] = ()
    opponent_known: tuple[Card, ...] = ()
    powers: BySide[Power | None] = field(default=NO_POWERS)
    opponent: OpponentModel = OpponentModel.HIGHEST
    objective: Objective = Objective.WIN
    deal_success: Fraction = Fraction(1, 2)
    second_challenge: bool = False
    options: PowerOptions = field(default_factory=PowerOptions)

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(self.hand))
        object.__setattr__(self, "seen", tuple(self.seen))
        object.__setattr__(self, "opponent_known", tuple(self.opponent_known))
        object.__setattr__(self, "deal_success", Fraction(self.deal_success))
        self._check()

    # ----- derived ----------------------------------------------------------------------------

    @property
    def them(self) -> Side:
        """The opponent's side."""
        return self.you.other

    @property
    def your_power(self) -> Power | None:
        """Your power."""
        return self.powers.of(self.you)

    @property
    def their_power(self) -> Power | None:
        """The opponent's power."""
        return self.powers.of(self.them)

    @property
    def opponent_hand_known(self) -> tuple[Card, ...]:
        """Every card known in the opponent's hand: ``opponent_known`` and a Vulch's cards."""
        held = self.options.vulch_holds if self.their_power is Power.VULCH else ()
        return self.opponent_known + held

    @property
    def opponent_random(self) -> int:
        """Places in the opponent's hand filled by unseen cards."""
        return self.opponent_hand_size - len(self.opponent_hand_known)

    def unseen(self) -> Counter[Card]:
        """The cards the opponent's unknown cards are drawn from."""
        pool = self.deck.counter()
        pool.subtract(self.hand)
        pool.subtract(self.seen)
        pool.subtract(self.opponent_known)
        return +pool

    @property
    def unseen_count(self) -> int:
        """Number of unseen cards."""
        return sum(self.unseen().values())

    def amoeba_reserve(self, side: Side) -> int:
        """Ships the Amoeba on ``side`` can ooze in (see ``PowerOptions.amoeba_reserve``)."""
        if self.options.amoeba_reserve is not None:
            return self.options.amoeba_reserve
        return max(0, AMOEBA_TOKENS - HOME_PLANETS - self.ships.of(side))

    # ----- validation -------------------------------------------------------------------------

    def _check(self) -> None:
        deck = self.deck.counter()
        for name, value in (
            ("ships.offense", self.ships.offense),
            ("ships.defense", self.ships.defense),
            ("allies.offense", self.allies.offense),
            ("allies.defense", self.allies.defense),
            ("opponent_hand_size", self.opponent_hand_size),
        ):
            if value < 0:
                raise ChallengeError(name, f"{value!r} is negative; counts are 0 or more")
        if self.powers.offense is not None and self.powers.offense == self.powers.defense:
            raise ChallengeError(
                "powers.defense",
                f"{self.powers.defense.value!r} is already the offense's power; "
                "each power is in play once",
            )
        off_rule = rule(self.powers.offense)
        limit = off_rule.max_ships_sent
        if limit is not None and self.ships.offense > limit:
            raise ChallengeError(
                "ships.offense",
                f"{self.ships.offense!r} ships, but an attacking "
                f"{self.powers.offense} sends at most {limit}",
            )
        if not off_rule.oozes and self.ships.offense > 4:
            raise ChallengeError(
                "ships.offense",
                f"{self.ships.offense!r} ships; the offense sends 1 to 4 (only an Amoeba more)",
            )
        if not 0 <= self.deal_success <= 1:
            raise ChallengeError("deal_success", f"{self.deal_success} is not between 0 and 1")
        used: Counter[Card] = Counter()
        for path, group in (
            ("hand", self.hand),
            ("seen", self.seen),
            ("opponent_known", self.opponent_known),
        ):
            for i, card in enumerate(group):
                used[card] += 1
                if used[card] > deck[card]:
                    raise ChallengeError(
                        f"{path}[{i}]",
                        f"{used[card]} copies of {str(card)!r} are out of the deck, but "
                        f"{self.deck.name} has {deck[card]}",
                    )
        self._check_options()
        if self.opponent_random < 0:
            raise ChallengeError(
                "opponent_hand_size",
                f"{self.opponent_hand_size!r} is fewer than the "
                f"{len(self.opponent_hand_known)} cards known to be in the opponent's hand",
            )
        if self.opponent_random > self.unseen_count:
            raise ChallengeError(
                "opponent_hand_size",
                f"{self.opponent_hand_size!r} cards, but only {self.unseen_count} are unseen",
            )

    def _check_options(self) -> None:
        opts = self.options
        if opts.vulch_holds:
            if self.their_power is not Power.VULCH:
                raise ChallengeError(
                    "options.vulch_holds", "only an opposing Vulch holds cards taken from discards"
                )
            left = Counter(self.seen)
            for i, card in enumerate(opts.vulch_holds):
                if card.is_challenge:
                    raise ChallengeError(
                        f"options.vulch_holds[{i}]",
                        f"{str(card)!r} is a challenge card; a Vulch takes edicts",
                    )
                if left[card] <= 0:
                    raise ChallengeError(
                        f"options.vulch_holds[{i}]",
                        f"{str(card)!r} is not among the seen cards (list it in 'seen')",
                    )
                left[card] -= 1
        if opts.mutant_takes is not None and opts.mutant_takes < 0:
            raise ChallengeError("options.mutant_takes", f"{opts.mutant_takes!r} is negative")
        if opts.mutant_rule is MutantRule.DECK and opts.mutant_takes:
            raise ChallengeError(
                "options.mutant_takes",
                f"{opts.mutant_takes!r}: under the 'deck' rule a Mutant takes no card from hands",
            )
        if opts.amoeba_reserve is not None and opts.amoeba_reserve < 0:
            raise ChallengeError("options.amoeba_reserve", f"{opts.amoeba_reserve!r} is negative")
