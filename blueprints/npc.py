"""NPC blueprint tiles: Ancient, Guardian and GCDS in their three printings."""

from __future__ import annotations

from dataclasses import dataclass

from blueprints.enums import Confidence, NpcVariant, ShipClass
from blueprints.stats import ShipStats


@dataclass(frozen=True, slots=True)
class NpcTile:
    """One NPC tile: its type (a ShipClass), its printing and its combat numbers."""

    kind: ShipClass
    variant: NpcVariant
    stats: ShipStats
    confidence: Confidence

    @property
    def label(self) -> str:
        """Readable name, e.g. ``'Guardian (advanced)'``."""
        names = {ShipClass.ANCIENT: "Ancient", ShipClass.GUARDIAN: "Guardian"}
        return f"{names.get(self.kind, 'GCDS')} ({self.variant.value.replace('_', ' ')})"
