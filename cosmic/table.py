"""What is on the table when the challenge cards are revealed: ships, allies, powers, edicts.

A ``Table`` is everything the encounter rules (``cosmic.encounter``) need besides the two cards
played: each main player's committed ships, each side's allies (``Ally``: ships and power), the
powers in force (a zapped power is simply absent), the power options and the edicts in force for
this encounter. It knows nothing of hands or odds, so a whole-game engine builds one from its
state and calls ``resolve`` exactly as the odds solver does.

>>> t = Table(BySide(4, 2), allies=BySide((Ally(1, Power.MACRON),), (Ally(3), Ally(2))))
>>> t.allies_worth(Side.OFFENSE), t.allies_worth(Side.DEFENSE)
(4, 5)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cosmic.cards import Edict
from cosmic.powers import (
    AMOEBA_TOKENS,
    HOME_PLANETS,
    AmoebaTiming,
    Power,
    PowerOptions,
    PowerRule,
    rule,
)
from cosmic.sides import BySide, Side

MAX_ALLY_SHIPS = 4
"""Ships one ally may send (a Macron one)."""


@dataclass(frozen=True, slots=True)
class Ally:
    """One allied player: the ships it sends (1 to 4) and its power.

    ``name`` labels it in reports (a colour, a player's name); it does not change any rule.
    """

    ships: int
    power: Power | None = None
    name: str = ""

    @property
    def rule(self) -> PowerRule:
        """Its power's rule module."""
        return rule(self.power)

    def label(self, side: Side, index: int) -> str:
        """How reports name it: its name, else ``offense ally 1``."""
        return self.name or f"{side.value} ally {index + 1}"


NO_ALLIES: BySide[tuple[Ally, ...]] = BySide((), ())
NO_POWERS: BySide[Power | None] = BySide(None, None)


@dataclass(frozen=True, slots=True)
class Table:
    """Ships, allies, powers and edicts in force for one encounter.

    Attributes:
        ships: each main player's committed ships (the defense's: those on the planet).
        allies: each side's allies, in the order they joined.
        powers: each main player's power in force (``None``: none, or zapped).
        options: power options where the text and the published rules differ.
        edicts: edicts in force for this encounter that act at the reveal or after it
            (``emotion_control``, ``ionic_gas``); see ``cosmic.edicts``.
    """

    ships: BySide[int]
    allies: BySide[tuple[Ally, ...]] = field(default=NO_ALLIES)
    powers: BySide[Power | None] = field(default=NO_POWERS)
    options: PowerOptions = field(default_factory=PowerOptions)
    edicts: frozenset[Edict] = frozenset()

    def rule(self, side: Side) -> PowerRule:
        """The rule module of a main player."""
        return rule(self.powers.of(side))

    def allies_worth(self, side: Side) -> int:
        """What a side's allied ships count for in its total (an allied Macron's count 4)."""
        return sum(a.rule.worth(a.ships) for a in self.allies.of(side))

    def amoeba_reserve(self, side: Side) -> int:
        """Ships the Amoeba on ``side`` can ooze in besides those it committed."""
        if self.options.amoeba_reserve is not None:
            return self.options.amoeba_reserve
        return max(0, AMOEBA_TOKENS - HOME_PLANETS - self.ships.of(side))

    def chooses_ships(self, side: Side) -> bool:
        """True when the main player on ``side`` chooses its ship count with its card (an Amoeba
        under the text's timing)."""
        return self.rule(side).oozes and self.options.amoeba_timing is AmoebaTiming.TEXT

    def ship_choices(self, side: Side) -> range:
        """The ship counts the main player on ``side`` may play with its card."""
        if self.chooses_ships(side):
            return range(self.ships.of(side) + self.amoeba_reserve(side) + 1)
        committed = self.ships.of(side)
        return range(committed, committed + 1)

    def without_power(self, side: Side) -> Table:
        """This table with the main player's power on ``side`` cancelled (a Cosmic Zap)."""
        return Table(
            self.ships, self.allies, self.powers.replace(side, None), self.options, self.edicts
        )

    def with_edict(self, edict: Edict) -> Table:
        """This table with one more edict in force."""
        return Table(self.ships, self.allies, self.powers, self.options, self.edicts | {edict})
