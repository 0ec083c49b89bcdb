"""Discovery tiles: what each tile gives, which product it comes with, and the bag of a game.

The data is ``engine/data/discovery_tiles.toml``: every tile type of the base box and of the
products that add tiles, each with its count, its module (``DiscoveryModule``) and its sources.
``discovery_tiles()`` lists every type (the calculator and the importers keep them all); a game
draws from ``initial_bag(modules)``, a tuple of counts indexed like ``discovery_tiles()`` in which
the tiles of modules not in play count 0. The base box's bag is 36 tiles of 24 types (rulebook
p. 3), the Ancient Warp Portal included (the Warp Portals module, used by default).

>>> t = discovery_tile("money_3_any_3")
>>> t.kind.value, t.money, t.any, t.module.value
('resources', 3, 3, 'worlds_afar')
>>> sum(initial_bag({DiscoveryModule.BASE, DiscoveryModule.WARP_PORTALS}))
36
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
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


class DiscoveryModule(StrEnum):
    """The product (or optional module of one) a discovery tile comes with."""

    BASE = "base"
    """The base box's tiles outside any module (35 of its 36)."""
    WARP_PORTALS = "warp_portals"
    """The Ancient Warp Portal of the base box's optional Warp Portals module (rulebook p. 7)."""
    WORLDS_AFAR = "worlds_afar"
    """The tiles of the Remnants of Worlds Afar expansion."""
    RIFT_CANNON = "rift_cannon"
    """The Rift Conductor of the New Dangers expansion's Rift Cannon module."""


@dataclass(frozen=True, slots=True)
class DiscoveryTile:
    """One discovery tile type. ``any`` resources are all of one type the player chooses.

    ``module`` is the product the tile comes with; ``count`` its number of tiles there.
    """

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
    module: DiscoveryModule = DiscoveryModule.BASE
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
            module=DiscoveryModule(e["module"]),
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


def discovery_tiles() -> tuple[DiscoveryTile, ...]:
    """Every tile type of every product, in bag order, with its printed count."""
    return _all()


def initial_bag(modules: Iterable[DiscoveryModule]) -> tuple[int, ...]:
    """Tiles of each type in a game's bag at setup: the tiles of ``modules``, 0 for the others.

    >>> bag = initial_bag({DiscoveryModule.BASE})
    >>> sum(bag), bag[discovery_index("ancient_warp_portal")], bag[discovery_index("muon_source")]
    (35, 0, 1)
    """
    used = frozenset(modules)
    return tuple(t.count if t.module in used else 0 for t in _all())


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
