"""Combat and movement numbers of one ship: what the solvers and the engine read.

``ShipStats`` comes from a player blueprint (``Blueprint.stats``), from an NPC tile
(``catalogue.npc_tile(...).stats``) or directly from raw numbers (battle files' ``stats``).
"""

from __future__ import annotations

from dataclasses import dataclass

from blueprints.dice import NO_DICE, Dice
from blueprints.enums import DieColour, ShipClass
from blueprints.errors import BlueprintError
from fileio import quote

# Engineering limits of one ship, stated well above what the game allows so that no legal ship,
# NPC tile or house-ruled raw ship is refused, while a typing slip (hull 1000000) is refused
# before a solver sizes its arrays by it. The game's own maxima: 8 grid slots plus one outside,
# at most 3 hull, 3 computer, 3 shield or 3 missiles per part and 2 cannons (plasma turret),
# so about 27 of each.
MAX_HULL = 40
"""Largest hull (the game: about 27 with eight Shard Hulls and a base hull)."""
MAX_DICE_PER_SHIP = 32
"""Most cannon dice, and most missile dice, on one ship (the game: 18 and 27)."""
MAX_RATING = 40
"""Largest computer, shield, movement and Morph Shield count (the game: at most about 27)."""
MAX_INITIATIVE = 99
"""Largest initiative magnitude (the game: about 30)."""
MAX_COST = 1000
"""Largest build cost in materials (the game: 8 for a dreadnought, more with house rules)."""


@dataclass(frozen=True, slots=True)
class ShipStats:
    """The derived numbers of a ship type.

    ``cannons`` are rolled every engagement round, ``missiles`` once before the first round.
    Pink cannon dice are rift dice. ``morph`` counts Morph Shields (each repairs 1 damage per
    engagement round). ``cost`` is the build cost in materials (0 for NPCs).

    >>> s = ShipStats(ShipClass.INTERCEPTOR, initiative=3, hull=0, cannons=Dice(yellow=1))
    >>> s.can_attack, s.rift_dice
    (True, 0)
    """

    ship_class: ShipClass
    initiative: int
    hull: int
    computer: int = 0
    shield: int = 0
    cannons: Dice = NO_DICE
    missiles: Dice = NO_DICE
    movement: int = 0
    energy_production: int = 0
    energy_use: int = 0
    morph: int = 0
    cost: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "ship_class", ShipClass(self.ship_class))
        limits = {"hull": MAX_HULL, "computer": MAX_RATING, "shield": MAX_RATING,
                  "movement": MAX_RATING, "morph": MAX_RATING, "cost": MAX_COST}  # fmt: skip
        for name, limit in limits.items():
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= limit:
                raise BlueprintError(
                    f"{name} must be a whole number from 0 to {limit}, got {quote(value)}"
                )
        initiative = self.initiative
        if isinstance(initiative, bool) or not isinstance(initiative, int):
            raise BlueprintError(f"initiative must be a whole number, got {quote(initiative)}")
        if abs(initiative) > MAX_INITIATIVE:
            raise BlueprintError(
                f"initiative must be from -{MAX_INITIATIVE} to {MAX_INITIATIVE}, got {initiative}"
            )
        if self.missiles.pink:
            raise BlueprintError("rift (pink) dice are cannons, not missiles")
        for name in ("cannons", "missiles"):
            dice: Dice = getattr(self, name)
            if dice.total > MAX_DICE_PER_SHIP:
                raise BlueprintError(
                    f"{dice.total:,} {name} dice on one ship; at most {MAX_DICE_PER_SHIP}"
                )

    @property
    def rift_dice(self) -> int:
        """Number of rift dice among the cannons."""
        return self.cannons.pink

    @property
    def can_attack(self) -> bool:
        """True when the ship rolls dice in engagement rounds."""
        return bool(self.cannons)

    @property
    def is_armed(self) -> bool:
        """True when the ship has cannons or missiles."""
        return bool(self.cannons) or bool(self.missiles)

    def to_dict(self) -> dict[str, object]:
        """The battle-file ``stats`` object (plus class and cost)."""
        out: dict[str, object] = {
            "class": self.ship_class.value,
            "initiative": self.initiative,
            "hull": self.hull,
            "computer": self.computer,
            "shield": self.shield,
            "cannons": self.cannons.to_dict(),
            "missiles": self.missiles.to_dict(),
        }
        if self.morph:
            out["morph"] = self.morph
        if self.movement:
            out["movement"] = self.movement
        if self.cost:
            out["cost"] = self.cost
        return out

    def describe_dice(self) -> str:
        """Cannons and missiles in words, e.g. ``'2 yellow, 1 rift | missiles 2 orange'``."""

        def words(d: Dice) -> str:
            return ", ".join(
                f"{n} {'rift' if c is DieColour.PINK else c.value}" for c, n in d.items()
            )

        text = words(self.cannons) or "no cannons"
        if self.missiles:
            text += f" | missiles {words(self.missiles)}"
        return text
