"""A challenge as Fleetlab sees it: who you are, the ships, the allies, your hand, what is known.

``Challenge`` is the input of the solver (``cosmic.odds.solve``) and of the challenge file
(``cosmic.fileformat``). Construction validates it and raises ``ChallengeError`` naming the path
of the bad input as the challenge file spells it (``ships.offense``, ``hand[1]``,
``allies.defense[0].ships``).

The opponent's hand is ``opponent_known`` (cards known to be in it) plus a uniform draw of the
remaining places from the *unseen* cards: the deck less your hand, the ``seen`` cards (discard
pile, cards shown) and the known cards.

Allies are given one by one (``Ally``: ships 1 to 4 and a power). A ``BySide`` of numbers is
also accepted, as the allies' ships together: it is read as anonymous allies of at most 4 ships
each, which is the same for the odds of the main players.

>>> from cosmic.decks import preset
>>> from cosmic.cards import parse_cards
>>> c = Challenge(preset("mayfair_1991"), Side.OFFENSE, hand=parse_cards("attack:12", "compromise"),
...               ships=BySide(4, 2), allies=BySide(0, 3), opponent_hand_size=7)
>>> c.unseen_count, c.opponent_random, c.allies.defense
(70, 7, (Ally(ships=3, power=None, name=''),))
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any

from cosmic.cards import Card, Edict
from cosmic.decks import Deck
from cosmic.edicts import EDICTS, TARGETS, PlayedEdict
from cosmic.errors import ChallengeError, shown
from cosmic.powers import MutantRule, Power, PowerOptions, rule
from cosmic.sides import BySide, Side
from cosmic.table import MAX_ALLY_SHIPS, NO_POWERS, Ally, Table

__all__ = [
    "BySide",
    "Challenge",
    "Objective",
    "OpponentModel",
    "Side",
    "anonymous_allies",
]


class OpponentModel(StrEnum):
    """How the opponent chooses its card.

    ``highest``: its highest attack, else its morph, else a compromise. ``best_response``: the card
    that does best against the card you play (it wins if it can, else makes a deal, else loses
    with the fewest ships, keeping its stronger cards when several do equally well).
    ``random``: a uniformly random challenge card of its hand. ``equilibrium``: the card-choice
    game solved as a zero-sum game under your objective (``cosmic.equilibrium``): the opponent
    plays a strategy that may depend on its hand and that gives you the least your best mixed
    strategy can guarantee.
    """

    HIGHEST = "highest"
    BEST_RESPONSE = "best_response"
    RANDOM = "random"
    EQUILIBRIUM = "equilibrium"


class Objective(StrEnum):
    """What the best card maximises: ``win`` (P(win), then fewest losses) or ``avoid_loss``."""

    WIN = "win"
    AVOID_LOSS = "avoid_loss"


def anonymous_allies(ships: int) -> tuple[Ally, ...]:
    """Allies' ships together as allies without powers, of at most 4 ships each.

    >>> [a.ships for a in anonymous_allies(6)], anonymous_allies(0)
    ([4, 2], ())
    """
    if isinstance(ships, bool) or not isinstance(ships, int) or ships < 0:
        raise ChallengeError("allies", f"{shown(ships)} is not a count of ships (0 or more)")
    full, rest = divmod(ships, MAX_ALLY_SHIPS)
    return tuple(Ally(MAX_ALLY_SHIPS) for _ in range(full)) + ((Ally(rest),) if rest else ())


def _allies(value: Any) -> BySide[tuple[Ally, ...]]:
    out: dict[Side, tuple[Ally, ...]] = {}
    for side in Side:
        v = value.of(side)
        out[side] = anonymous_allies(v) if isinstance(v, int) else tuple(v)
    return BySide(out[Side.OFFENSE], out[Side.DEFENSE])


def check_out_of_deck(deck: Deck, groups: Iterable[tuple[str, Sequence[Card]]]) -> None:
    """Raise ``ChallengeError`` when the cards of ``groups`` (named by path) hold more copies of
    a card than ``deck`` has (a named edict counts as one of the deck's edicts)."""
    counts = deck.counter()
    used: Counter[Card] = Counter()
    for path, group in groups:
        for i, card in enumerate(group):
            used[card.deck_card] += 1
            if used[card.deck_card] > counts[card.deck_card]:
                raise ChallengeError(
                    f"{path}[{i}]",
                    f"{used[card.deck_card]} copies of {str(card.deck_card)!r} are out of "
                    f"the deck, but {deck.name} has {counts[card.deck_card]}",
                )


_ALLY_TARGET = re.compile(r"(offense|defense)\.allies\[(\d{1,2})\]")


@dataclass(frozen=True, slots=True)
class Challenge:
    """Everything the odds depend on.

    Attributes:
        deck: the challenge deck.
        you: the side you play.
        hand: your hand (named edicts in it are yours to play: ``cosmic.edicts``).
        ships: ships each main player has in the challenge (the offense sends 1 to 4; the
            defense's: those on the planet).
        allies: each side's allies (a ``BySide`` of numbers is read as anonymous allies).
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
        edicts: edicts already played on this challenge (``PlayedEdict``).
    """

    deck: Deck
    you: Side
    hand: tuple[Card, ...]
    ships: BySide[int]
    allies: BySide[tuple[Ally, ...]]
    opponent_hand_size: int
    seen: tuple[Card, ...] = ()
    opponent_known: tuple[Card, ...] = ()
    powers: BySide[Power | None] = field(default=NO_POWERS)
    opponent: OpponentModel = OpponentModel.HIGHEST
    objective: Objective = Objective.WIN
    deal_success: Fraction = Fraction(1, 2)
    second_challenge: bool = False
    options: PowerOptions = field(default_factory=PowerOptions)
    edicts: tuple[PlayedEdict, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(self.hand))
        object.__setattr__(self, "seen", tuple(self.seen))
        object.__setattr__(self, "opponent_known", tuple(self.opponent_known))
        object.__setattr__(self, "deal_success", Fraction(self.deal_success))
        object.__setattr__(self, "allies", _allies(self.allies))
        object.__setattr__(self, "edicts", tuple(self.edicts))
        self._check()

    # ----- derived ----------------------------------------------------------------------------

    @property
    def them(self) -> Side:
        """The opponent's side."""
        return self.you.other

    @property
    def played(self) -> frozenset[Edict]:
        """The edicts played on this challenge."""
        return frozenset(e.edict for e in self.edicts)

    def _zapped(self, target: str) -> bool:
        return any(e.edict is Edict.COSMIC_ZAP and e.target == target for e in self.edicts)

    @property
    def active_powers(self) -> BySide[Power | None]:
        """Each main player's power in force (a zapped power is absent)."""
        return BySide(
            None if self._zapped("offense") else self.powers.offense,
            None if self._zapped("defense") else self.powers.defense,
        )

    @property
    def your_power(self) -> Power | None:
        """Your power in force."""
        return self.active_powers.of(self.you)

    @property
    def their_power(self) -> Power | None:
        """The opponent's power in force."""
        return self.active_powers.of(self.them)

    @property
    def active_allies(self) -> BySide[tuple[Ally, ...]]:
        """Allies after Force Fields, with zapped allies' powers removed."""
        out: dict[Side, tuple[Ally, ...]] = {}
        for side in Side:
            kept: list[Ally] = []
            for i, ally in enumerate(self.allies.of(side)):
                target = f"{side.value}.allies[{i}]"
                cancelled = any(
                    e.edict is Edict.FORCE_FIELD and e.target in (side.value, target)
                    for e in self.edicts
                )
                if cancelled:
                    continue
                power = None if self._zapped(target) else ally.power
                kept.append(Ally(ally.ships, power, ally.name))
            out[side] = tuple(kept)
        return BySide(out[Side.OFFENSE], out[Side.DEFENSE])

    @property
    def table(self) -> Table:
        """What is on the table at the reveal (``cosmic.table``), edicts played applied."""
        in_force = self.played & {Edict.EMOTION_CONTROL, Edict.IONIC_GAS}
        return Table(self.ships, self.active_allies, self.active_powers, self.options, in_force)

    @property
    def deal_chance(self) -> Fraction:
        """The chance a forced deal is made (0 when a Quash was played)."""
        return Fraction(0) if Edict.QUASH in self.played else self.deal_success

    def allied_power(self, side: Side, power: Power) -> bool:
        """True when an ally of ``side`` in force has ``power``."""
        return any(a.power is power for a in self.active_allies.of(side))

    @property
    def opponent_hand_known(self) -> tuple[Card, ...]:
        """Every card known in the opponent's hand: ``opponent_known`` and a Vulch's cards."""
        held = self.options.vulch_holds if self.their_power is Power.VULCH else ()
        return self.opponent_known + held

    @property
    def opponent_random(self) -> int:
        """Places in the opponent's hand filled by unseen cards (an opposing Philanthropist ally's
        gift included)."""
        gift = int(self.options.philanthropist_gives)
        return self.opponent_hand_size - len(self.opponent_hand_known) + gift

    def unseen(self) -> Counter[Card]:
        """The cards the opponent's unknown cards are drawn from."""
        pool = self.deck.counter()
        pool.subtract(c.deck_card for c in self.hand)
        pool.subtract(self.seen)
        pool.subtract(self.opponent_known)
        return +pool

    @property
    def unseen_count(self) -> int:
        """Number of unseen cards."""
        return sum(self.unseen().values())

    def amoeba_reserve(self, side: Side) -> int:
        """Ships the Amoeba on ``side`` can ooze in (see ``PowerOptions.amoeba_reserve``)."""
        return self.table.amoeba_reserve(side)

    def replace(self, **changes: Any) -> Challenge:
        """A copy with some fields changed (validated again)."""
        values = {name: getattr(self, name) for name in self.__dataclass_fields__}
        values.update(changes)
        return Challenge(**values)

    # ----- validation -------------------------------------------------------------------------

    def _check(self) -> None:
        for name, value in (
            ("ships.offense", self.ships.offense),
            ("ships.defense", self.ships.defense),
            ("opponent_hand_size", self.opponent_hand_size),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ChallengeError(name, f"{shown(value)} is not a count (0 or more)")
        self._check_powers()
        self._check_ships()
        self._check_allies()
        if not 0 <= self.deal_success <= 1:
            raise ChallengeError("deal_success", f"{self.deal_success} is not between 0 and 1")
        check_out_of_deck(
            self.deck,
            (("hand", self.hand), ("seen", self.seen), ("opponent_known", self.opponent_known)),
        )
        self._check_edicts()
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

    def _check_powers(self) -> None:
        seen: dict[Power, str] = {}
        places = [("powers.offense", self.powers.offense), ("powers.defense", self.powers.defense)]
        for side in Side:
            for i, ally in enumerate(self.allies.of(side)):
                places.append((f"allies.{side.value}[{i}].power", ally.power))
        for path, power in places:
            if power is None:
                continue
            if power in seen:
                raise ChallengeError(
                    path,
                    f"{power.value!r} is already {seen[power]}'s power; each power is in play once",
                )
            seen[power] = path.removeprefix("powers.").removesuffix(".power")

    def _check_ships(self) -> None:
        off_rule = rule(self.powers.offense)
        n = self.ships.offense
        if n < 1:
            raise ChallengeError(
                "ships.offense", f"{n!r} ships; the offense sends 1 to 4 (an Amoeba 1 or more)"
            )
        if off_rule.max_ships_sent < 4 and n > off_rule.max_ships_sent:
            raise ChallengeError(
                "ships.offense",
                f"{n!r} ships, but an attacking {self.powers.offense} sends at most "
                f"{off_rule.max_ships_sent}",
            )
        if not off_rule.oozes and n > 4:
            raise ChallengeError(
                "ships.offense", f"{n!r} ships; the offense sends 1 to 4 (only an Amoeba more)"
            )

    def _check_allies(self) -> None:
        for side in Side:
            for i, ally in enumerate(self.allies.of(side)):
                path = f"allies.{side.value}[{i}]"
                if not isinstance(ally, Ally):
                    raise ChallengeError(path, f"{shown(ally)} is not an ally")
                limit = ally.rule.max_ships_sent
                if isinstance(ally.ships, bool) or not isinstance(ally.ships, int):
                    raise ChallengeError(f"{path}.ships", f"{shown(ally.ships)} is not a count")
                if not 1 <= ally.ships <= limit:
                    who = f"an allied {ally.power}" if limit < 4 else "an ally"
                    raise ChallengeError(
                        f"{path}.ships", f"{ally.ships!r} ships; {who} sends 1 to {limit}"
                    )

    def _check_edicts(self) -> None:
        for i, played in enumerate(self.edicts):
            path = f"edicts[{i}]"
            known = EDICTS.get(played.edict)
            if known is None or not known.changes_challenge:
                raise ChallengeError(
                    path,
                    f"{played.edict.value!r} does not change a challenge "
                    f"({known.summary if known else 'not an edict'}); leave it out",
                )
            if not known.targets:
                if played.target:
                    raise ChallengeError(path, f"{played.edict.value!r} takes no target")
                continue
            target = played.target
            match = _ALLY_TARGET.fullmatch(target)
            if target in TARGETS:
                continue
            if match and int(match[2]) < len(self.allies.of(Side(match[1]))):
                continue
            raise ChallengeError(
                f"{path}.target",
                f"{shown(target)} names no one here (legal: offense, defense, "
                "offense.allies[N], defense.allies[N] for an ally present)",
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
        if opts.philanthropist_gives and not self.allied_power(self.them, Power.PHILANTHROPIST):
            raise ChallengeError(
                "options.philanthropist_gives",
                "only an ally of the opponent with the Philanthropist power gives it a card",
            )
