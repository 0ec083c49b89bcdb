"""Technologies: cost, track, copies and what each unlocks."""

from __future__ import annotations

from dataclasses import dataclass

from blueprints.enums import Confidence, TechCategory


@dataclass(frozen=True, slots=True)
class Tech:
    """One technology tile type.

    ``cost`` is the printed science cost and ``min_cost`` the floor after track discounts.
    ``copies`` is the number of tiles in the bag. ``optional`` marks techs outside the base bag.
    """

    id: str
    name: str
    category: TechCategory
    cost: int
    min_cost: int
    copies: int
    unlocks_part: str | None
    effect: str
    optional: bool
    confidence: Confidence
    note: str = ""

    @property
    def is_rare(self) -> bool:
        """Rare techs have one copy and may be placed on any track."""
        return self.category is TechCategory.RARE


@dataclass(frozen=True, slots=True)
class TrackRules:
    """Tech-track discounts per slot and victory points by techs on one track."""

    discounts: tuple[int, ...]
    victory_points: tuple[tuple[int, int], ...]
    discounts_confidence: Confidence

    def points_for(self, techs_on_track: int) -> int:
        """Victory points for a track holding that many techs."""
        best = 0
        for count, points in self.victory_points:
            if techs_on_track >= count:
                best = max(best, points)
        return best


@dataclass(frozen=True, slots=True)
class TechDraws:
    """Tech tiles drawn into the tray at setup and at each cleanup, per player count."""

    setup: tuple[tuple[int, int], ...]
    cleanup: tuple[tuple[int, int], ...]
    confidence: Confidence

    def at_setup(self, players: int) -> int:
        """Regular tiles drawn at setup for a player count."""
        return dict(self.setup)[players]

    def at_cleanup(self, players: int) -> int:
        """Tiles drawn at each cleanup for a player count."""
        return dict(self.cleanup)[players]
