"""What the rules say about each ship class, independent of the species."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from blueprints.enums import Confidence, ShipClass


class DriveRule(StrEnum):
    """Whether a class must keep a drive, may not carry one, or has no blueprint (NPC)."""

    REQUIRED = "required"
    FORBIDDEN = "forbidden"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class ShipClassInfo:
    """Slots, miniature limit, reputation value and targeting size of one class.

    ``size`` orders ships for NPC targeting and rift self-damage: larger is hit first.
    ``reputation`` is what an opponent draws for destroying one of these ships.
    """

    ship_class: ShipClass
    slots: int
    limit: int
    reputation: int
    size: int
    drives: DriveRule
    slot_names: tuple[str, ...]
    npc: bool
    confidence: Confidence
