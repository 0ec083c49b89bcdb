"""Discovery tiles: what each tile gives, and how many of each are in the bag.

The data is ``engine/data/discovery_tiles.toml`` (transcribed from ../shared/reference with its
confidence marks). The bag is a tuple of counts indexed like ``discovery_tiles()``.

>>> t = discovery_tile("money_3_any_3")
>>> t.kind.value, t.money, t.any
('resources', 3, 3)
>>> sum(t.count for t in discovery_tiles(rift_cannon=False))
41
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache
from importlib import resources

from blueprints import Confidence
from blueprints import part as find_part
from engine.errors import DataError, EngineError


class DiscoveryKind(StrEnum):
    """What a discovery tile does when its reward side is taken."""

    RESOURCES = "resources"
    ANCIENT_CRUISER = "ancient_cruiser"
    ORBITAL = "orbital"
    MONOLITH = "monolith"
    WARP_PORTAL = "warp_portal"
    TECH = "tech"
    ARTIFACT_CODEX = "artifact_codex"
    ANCIENT_MIGHT = "ancient_might"
    PART = "part"

    @property
    def places_in_sector(self) -> bool:
        """True for rewards placed in the sector the tile came from."""
        return self in (
            DiscoveryKind.ANCIENT_CRUISER,
            DiscoveryKind.ORBITAL,
            DiscoveryKind.MONOLITH,
            DiscoveryKind.WARP_PORTAL,
        )


@dataclass(frozen=True, slots=True)
class DiscoveryTile:
    """One discovery tile type. ``any`` resources are all of one type the player chooses."""

    id: str
    name: str
    kind: DiscoveryKind
    count: int
    money: int = 0
    science: int = 0
    materials: int = 0
    any: int = 0
    part: str | None = None
    vp: int = 0
    optional: bool = False
    confidence: Confidence = Confidence.MEDIUM
    note: str = ""

    def __str__(self) -> str:
        return self.id


@cache
def _all() -> tuple[DiscoveryTile, ...]:
    text = resources.files("engine").joinpath("data", "discovery_tiles.toml")
    raw = tomllib.loads(text.read_text(encoding="utf-8"))
    out = []
    seen: set[str] = set()
    for e in raw["tile"]:
        tile = DiscoveryTile(
            id=e["id"],
            name=e["name"],
            kind=DiscoveryKind(e["kind"]),
            count=e["count"],
            money=e.get("money", 0),
            science=e.get("science", 0),
            materials=e.get("materials", 0),
            any=e.get("any", 0),
            part=e.get("part"),
            vp=e.get("vp", 0),
            optional=e.get("optional", False),
            confidence=Confidence(e["confidence"]),
            note=e.get("note", ""),
        )
        if tile.id in seen:
            raise DataError(f"duplicate discovery tile {tile.id!r}")
        seen.add(tile.id)
        if (tile.kind is DiscoveryKind.PART) != (tile.part is not None):
            raise DataError(f"discovery tile {tile.id!r}: a part tile names its part")
        if tile.part is not None and not find_part(tile.part).is_discovery:
            raise DataError(f"discovery tile {tile.id!r}: {tile.part!r} is not a discovery part")
        out.append(tile)
    return tuple(out)


def discovery_tiles(rift_cannon: bool = True) -> tuple[DiscoveryTile, ...]:
    """Every tile type in bag order; without the Rift Cannon module its tile has count 0."""
    if rift_cannon:
        return _all()
    return tuple(replace(t, count=0) if t.optional else t for t in _all())


@cache
def _index() -> dict[str, int]:
    return {t.id: i for i, t in enumerate(_all())}


def discovery_index(tile_id: str) -> int:
    """Position of a tile type in the bag tuple."""
    found = _index().get(tile_id)
    if found is None:
        raise EngineError(
            f"unknown discovery tile {tile_id!r}; tiles are: {', '.join(t.id for t in _all())}"
        )
    return found


def discovery_tile(tile_id: str) -> DiscoveryTile:
    """The tile type with this id."""
    return _all()[discovery_index(tile_id)]


def discovery_by_index(index: int) -> DiscoveryTile:
    """The tile type at a bag position."""
    return _all()[index]
