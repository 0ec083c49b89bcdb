"""The rules vocabulary of ships: classes, die colours, part kinds and where parts come from.

Every enum is a ``StrEnum`` whose values are the snake_case identifiers used in data and battle
files, so ``ShipClass("cruiser") is ShipClass.CRUISER`` and ``str(ShipClass.CRUISER) == "cruiser"``.
"""

from __future__ import annotations

from enum import StrEnum


class ShipClass(StrEnum):
    """A kind of ship miniature: the four player classes, the Exiles' Orbital and the NPC tiles."""

    INTERCEPTOR = "interceptor"
    CRUISER = "cruiser"
    DREADNOUGHT = "dreadnought"
    STARBASE = "starbase"
    ORBITAL = "orbital"
    ANCIENT = "ancient"
    GUARDIAN = "guardian"
    GCDS = "gcds"

    @property
    def is_npc(self) -> bool:
        """True for the non-player tiles (Ancient, Guardian, GCDS)."""
        return self in (ShipClass.ANCIENT, ShipClass.GUARDIAN, ShipClass.GCDS)


PLAYER_CLASSES: tuple[ShipClass, ...] = (
    ShipClass.INTERCEPTOR,
    ShipClass.CRUISER,
    ShipClass.DREADNOUGHT,
    ShipClass.STARBASE,
    ShipClass.ORBITAL,
)
NPC_CLASSES: tuple[ShipClass, ...] = (ShipClass.ANCIENT, ShipClass.GUARDIAN, ShipClass.GCDS)


class DieColour(StrEnum):
    """Combat die colours. Standard dice deal 1 to 4 damage; pink is the Rift die."""

    YELLOW = "yellow"
    ORANGE = "orange"
    BLUE = "blue"
    RED = "red"
    PINK = "pink"

    @property
    def damage(self) -> int:
        """Damage of one hit of a standard die; 0 for the rift die, whose faces carry their own."""
        return _DAMAGE[self]


_DAMAGE = {
    DieColour.YELLOW: 1,
    DieColour.ORANGE: 2,
    DieColour.BLUE: 3,
    DieColour.RED: 4,
    DieColour.PINK: 0,
}

STANDARD_COLOURS: tuple[DieColour, ...] = (
    DieColour.YELLOW,
    DieColour.ORANGE,
    DieColour.BLUE,
    DieColour.RED,
)


class PartKind(StrEnum):
    """What a ship part is, as printed on its tile."""

    CANNON = "cannon"
    MISSILE = "missile"
    COMPUTER = "computer"
    SHIELD = "shield"
    HULL = "hull"
    DRIVE = "drive"
    ENERGY_SOURCE = "energy_source"


class Origin(StrEnum):
    """Where a part comes from, which decides what a player needs to place it."""

    STARTING = "starting"
    TECH = "tech"
    RARE_TECH = "rare_tech"
    DISCOVERY = "discovery"
    SPECIES = "species"


class TechCategory(StrEnum):
    """The tech tracks; rare techs may go on any of the three."""

    MILITARY = "military"
    GRID = "grid"
    NANO = "nano"
    RARE = "rare"


class NpcVariant(StrEnum):
    """The three printings of each NPC tile; one of each type is chosen per game."""

    NORMAL = "normal"
    ADVANCED = "advanced"
    WORLDS_AFAR = "worlds_afar"


class Confidence(StrEnum):
    """How sure the game data is (see game-data-notes: H two sources or a photo, M one, L weak)."""

    HIGH = "H"
    MEDIUM = "M"
    LOW = "L"
