"""Species boards: printed blueprints, costs, starting resources and action activations."""

from __future__ import annotations

from dataclasses import dataclass

from blueprints.enums import Confidence, ShipClass
from blueprints.errors import NoBlueprintError
from blueprints.ship_part import Part

DRACO = "descendants_of_draco"
"""The Descendants of Draco: Ancients do not fight them (combat, influence and exploring rules
read this one id)."""


def ancients_fight(species: str | None) -> bool:
    """Whether the Ancients fight a side of this species: not the Descendants of Draco, whose
    board allies them with the Ancients. The one home of the rule: the calculator
    (``calc.rules.ancients_fight``) and the engine both read it.

    >>> ancients_fight(DRACO), ancients_fight("planta"), ancients_fight(None)
    (False, True, True)
    """
    return species != DRACO


PLANTA = "planta"
"""Planta: any opponent ship in a sector destroys its population, and it scores differently."""


@dataclass(frozen=True, slots=True)
class PrintedBonus:
    """Values printed on a blueprint outside the grid; they can never be replaced."""

    initiative: int = 0
    energy: int = 0
    computer: int = 0
    shield: int = 0
    hull: int = 0


@dataclass(frozen=True, slots=True)
class BlueprintLayout:
    """One printed blueprint of a species: the part printed in each slot and the blocked slots."""

    ship_class: ShipClass
    printed: tuple[Part | None, ...]
    blocked: tuple[bool, ...]
    bonus: PrintedBonus

    @property
    def slot_count(self) -> int:
        """Number of grid positions, blocked ones included."""
        return len(self.printed)


@dataclass(frozen=True, slots=True)
class Activations:
    """Activations per action printed on the species board."""

    explore: int
    research: int
    upgrade: int
    build: int
    move: int
    influence: int


@dataclass(frozen=True, slots=True)
class Resources:
    """Money, science and materials."""

    money: int = 0
    science: int = 0
    materials: int = 0


@dataclass(frozen=True, slots=True)
class Species:
    """A species board.

    ``build_costs`` maps a ship class or structure name (``interceptor`` ... ``orbital``,
    ``monolith``) to materials; a class the species cannot build is absent.
    """

    id: str
    name: str
    expansion: str
    home_sector: int
    blueprint_set: str
    layouts: tuple[BlueprintLayout, ...]
    storage: Resources
    trade_rate: int
    colony_ships: int
    influence_discs: int
    activations: Activations
    starting_techs: tuple[str, ...]
    build_costs: tuple[tuple[str, int], ...]
    reputation_track: tuple[str, ...]
    starting_ships: tuple[tuple[ShipClass, int], ...]
    confidence: Confidence
    special: str

    @property
    def ship_classes(self) -> tuple[ShipClass, ...]:
        """The classes this species has a blueprint for."""
        return tuple(layout.ship_class for layout in self.layouts)

    def layout(self, ship_class: ShipClass | str) -> BlueprintLayout:
        """The printed blueprint of a class, or ``NoBlueprintError`` if the species has none."""
        wanted = ShipClass(ship_class)
        for layout in self.layouts:
            if layout.ship_class is wanted:
                return layout
        have = ", ".join(c.value for c in self.ship_classes)
        raise NoBlueprintError(
            f"species {self.id!r} has no {wanted.value!r} blueprint; it has: {have}"
        )

    def build_cost(self, item: ShipClass | str) -> int:
        """Materials to build a ship class or structure; ``NoBlueprintError`` if it cannot."""
        key = str(item)
        for name, cost in self.build_costs:
            if name == key:
                return cost
        raise NoBlueprintError(f"species {self.id!r} cannot build {key!r}")
