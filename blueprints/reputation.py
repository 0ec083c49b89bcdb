"""The reputation tiles of the base box: how many of each value (1 to 4 VP) are in the bag."""

from __future__ import annotations

from dataclasses import dataclass

from blueprints.enums import Confidence

REPUTATION_VALUES: tuple[int, ...] = (1, 2, 3, 4)
"""The values printed on reputation tiles."""


@dataclass(frozen=True, slots=True)
class ReputationTiles:
    """Tiles of each value in the bag, ``counts[v - 1]`` of value ``v``.

    ``confidence`` is the split's, ``total_confidence`` the total's (``blueprints/data/
    reputation.toml`` names the sources).

    >>> tiles = ReputationTiles((12, 10, 7, 4), Confidence.MEDIUM, Confidence.HIGH)
    >>> tiles.total, tiles.bag[-1]
    (33, (4, 4))
    """

    counts: tuple[int, int, int, int]
    confidence: Confidence
    total_confidence: Confidence

    @property
    def total(self) -> int:
        """Number of tiles in the bag."""
        return sum(self.counts)

    @property
    def bag(self) -> tuple[tuple[int, int], ...]:
        """``((value, count), ...)`` for values 1 to 4, the calculator's form of a bag."""
        return tuple(zip(REPUTATION_VALUES, self.counts, strict=True))
