"""Ship parts: the tiles placed on blueprints, with their printed values."""

from __future__ import annotations

from dataclasses import dataclass

from blueprints.dice import NO_DICE, Dice
from blueprints.enums import Confidence, Origin, PartKind


@dataclass(frozen=True, slots=True)
class Part:
    """One ship part tile as printed.

    ``shield`` is the shield value (a Gauss Shield has 1: it subtracts 1 from an attacker's roll).
    ``energy_use`` is consumed, ``energy_production`` produced. ``tech`` names the tech that unlocks
    a tech part, ``species`` the species that owns a species part. ``outside_grid`` parts (the Muon
    Source) are placed beside the grid and use no slot.
    """

    id: str
    code: str
    name: str
    kind: PartKind
    origin: Origin
    tech: str | None = None
    species: str | None = None
    cannons: Dice = NO_DICE
    missiles: Dice = NO_DICE
    computer: int = 0
    shield: int = 0
    hull: int = 0
    movement: int = 0
    initiative: int = 0
    energy_use: int = 0
    energy_production: int = 0
    morph: bool = False
    jump: bool = False
    outside_grid: bool = False
    confidence: Confidence = Confidence.HIGH
    note: str = ""

    def __str__(self) -> str:
        return self.id

    @property
    def is_drive(self) -> bool:
        """True for drives (which ships must keep and starbases may not carry)."""
        return self.kind is PartKind.DRIVE

    @property
    def needs_tech(self) -> bool:
        """True when a player needs a tech to place this part."""
        return self.origin in (Origin.TECH, Origin.RARE_TECH)

    @property
    def is_discovery(self) -> bool:
        """True for the 18 ancient parts found on discovery tiles (one tile of each)."""
        return self.origin is Origin.DISCOVERY

    def summary(self) -> str:
        """A one-line description of what the part does, for tables and selectors.

        >>> from blueprints.catalogue import part
        >>> part("plasma_cannon").summary()
        'orange cannon x1, energy -2'
        """
        bits: list[str] = []
        for colour, n in self.cannons.items():
            bits.append(f"{'rift' if colour.value == 'pink' else colour.value} cannon x{n}")
        for colour, n in self.missiles.items():
            bits.append(f"{colour.value} missile x{n}")
        for label, value in (
            ("computer", self.computer),
            ("shield", self.shield),
            ("hull", self.hull),
            ("move", self.movement),
            ("initiative", self.initiative),
        ):
            if value:
                bits.append(f"{label} +{value}")
        if self.jump:
            bits.append("jump")
        if self.morph:
            bits.append("repairs 1/round")
        if self.energy_production:
            bits.append(f"energy +{self.energy_production}")
        if self.energy_use:
            bits.append(f"energy -{self.energy_use}")
        return ", ".join(bits)
