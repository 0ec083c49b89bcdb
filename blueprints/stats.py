"""Combat and movement numbers of one ship: what the solvers and the engine read.

``ShipStats`` comes from a player blueprint (``Blueprint.stats``), from an NPC tile
(``catalogue.npc_tile(...).stats``) or directly from raw numbers (battle files' ``stats``).
"""

from __future__ import annotations

from dataclasses import dataclass

from blueprints.dice import NO_DICE, Dice
from blueprints.enums import DieColour, ShipClass
from blueprints.errors import BlueprintError


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
        for name in ("hull", "computer", "shield", "movement", "morph", "cost"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise BlueprintError(f"{name} must be a whole number >= 0, got {value!r}")
        if isinstance(self.initiative, bool) or not isinstance(self.initiative, int):
            raise BlueprintError(f"initiative must be a whole number, got {self.initiative!r}")
        if self.missiles.pink:
            raise BlueprintError("rift (pink) dice are cannons, not missiles")

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
