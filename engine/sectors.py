"""Sector hexes as printed: population squares, wormholes, points and NPC symbols.

The data is ``engine/data/sectors.toml`` (transcribed from ../shared/reference with its confidence
marks), loaded once. A ``SectorTile`` is what is printed on the hex; what happens on the board
(rotation, discs, cubes, ships) is ``engine.state.SectorState``.

>>> t = sector_tile(224)
>>> t.name, t.kind.value, [s.code for s in t.squares], t.wormholes
('Beta Hydri', 'home', ['M', 'S*', 'Mt*'], (0, 1, 3, 4))
>>> [t.squares[i].code for i in t.start_cubes]
['M', 'S*']
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any

from blueprints import Confidence
from blueprints import species as find_species
from engine.enums import SquareType
from engine.errors import DataError, EngineError
from engine.hexes import edge_mask


class SectorKind(StrEnum):
    """Where a hex comes from: the centre, a ring stack, a species' home, a guardian sector."""

    CENTER = "center"
    STANDARD = "standard"
    HOME = "home"
    GUARDIAN = "guardian"


_SQUARE_CODES = {
    "M": SquareType.MONEY,
    "S": SquareType.SCIENCE,
    "Mt": SquareType.MATERIALS,
    "N": SquareType.GREY,
}


@dataclass(frozen=True, slots=True)
class Square:
    """One printed population square: its colour and whether it is advanced (starred)."""

    type: SquareType
    advanced: bool

    @property
    def code(self) -> str:
        """The data code, e.g. ``'Mt*'``."""
        base = {v: k for k, v in _SQUARE_CODES.items()}[self.type]
        return base + ("*" if self.advanced else "")


@dataclass(frozen=True, slots=True)
class SectorTile:
    """A sector hex as printed.

    ``wormholes`` are printed edges (0-5, edge 0 = the arrow edge of home and guardian hexes);
    ``wormhole_mask`` is the same as a 6-bit mask. ``start_cubes`` are indices into ``squares``
    that hold a cube when a home hex is set up.
    """

    id: int
    name: str
    ring: int
    kind: SectorKind
    squares: tuple[Square, ...]
    wormholes: tuple[int, ...]
    wormhole_mask: int
    vp: int
    artifacts: int
    discovery: int
    ancients: int
    guardian: int
    gcds: int
    warp_portal: bool
    start_cubes: tuple[int, ...]
    species: str | None
    confidence: Confidence
    note: str = ""

    def __str__(self) -> str:
        return f"{self.id} {self.name}"

    @property
    def has_npcs(self) -> bool:
        """True when NPC symbols are printed (ancients, a guardian or the GCDS)."""
        return bool(self.ancients or self.guardian or self.gcds)


def _square(code: str, where: str) -> Square:
    advanced = code.endswith("*")
    base = code[:-1] if advanced else code
    if base not in _SQUARE_CODES:
        raise DataError(f"{where}: unknown square code {code!r}; legal: M, S, Mt, N with '*'")
    return Square(_SQUARE_CODES[base], advanced)


def _tile(entry: dict[str, Any]) -> SectorTile:
    where = f"sector {entry['id']}"
    squares = tuple(_square(code, where) for code in entry["planets"])
    start: list[int] = []
    for code in entry.get("start_cubes", []):
        wanted = _square(code, where)
        for i, sq in enumerate(squares):
            if sq == wanted and i not in start:
                start.append(i)
                break
        else:
            raise DataError(f"{where}: start cube on {code!r}, which is not a free square")
    wormholes = tuple(sorted(entry["wormholes"]))
    if any(not 0 <= e <= 5 for e in wormholes):
        raise DataError(f"{where}: wormhole edges must be 0-5, got {wormholes!r}")
    return SectorTile(
        id=entry["id"],
        name=entry["name"],
        ring=entry["ring"],
        kind=SectorKind(entry["kind"]),
        squares=squares,
        wormholes=wormholes,
        wormhole_mask=edge_mask(wormholes),
        vp=entry["vp"],
        artifacts=entry.get("artifacts", 0),
        discovery=entry.get("discovery", 0),
        ancients=entry.get("ancients", 0),
        guardian=entry.get("guardian", 0),
        gcds=entry.get("gcds", 0),
        warp_portal=entry.get("warp_portal", False),
        start_cubes=tuple(start),
        species=entry.get("species"),
        confidence=Confidence(entry["confidence"]),
        note=entry.get("note", ""),
    )


@cache
def _tiles() -> dict[int, SectorTile]:
    text = resources.files("engine").joinpath("data", "sectors.toml").read_text(encoding="utf-8")
    raw = tomllib.loads(text)
    out: dict[int, SectorTile] = {}
    for entry in raw["sector"]:
        tile = _tile(entry)
        if tile.id in out:
            raise DataError(f"duplicate sector id {tile.id!r}")
        out[tile.id] = tile
    for tile in out.values():
        if tile.kind is SectorKind.HOME and (
            tile.species is None or find_species(tile.species).home_sector != tile.id
        ):
            raise DataError(f"home sector {tile.id}: species {tile.species!r} disagrees")
    return out


def sector_tile(tile_id: int) -> SectorTile:
    """The printed hex with this number (1 is the galactic centre)."""
    found = _tiles().get(tile_id)
    if found is None:
        legal = ", ".join(str(i) for i in sorted(_tiles()))
        raise EngineError(f"unknown sector {tile_id!r}; sectors are: {legal}")
    return found


@cache
def sector_tiles() -> tuple[SectorTile, ...]:
    """Every base-game hex, by number."""
    return tuple(_tiles()[i] for i in sorted(_tiles()))


@cache
def stack_tiles(ring: int, warp_portals: bool = True) -> tuple[int, ...]:
    """The numbers of the hexes that form the facedown stack of a ring (1, 2 or 3).

    Without the optional Warp Portals module, sectors 281, 381 and 382 are left out (dized setup).
    """
    return tuple(
        t.id
        for t in sector_tiles()
        if t.kind is SectorKind.STANDARD and t.ring == ring and (warp_portals or not t.warp_portal)
    )


@cache
def guardian_tiles() -> tuple[int, ...]:
    """The numbers of the guardian hexes."""
    return tuple(t.id for t in sector_tiles() if t.kind is SectorKind.GUARDIAN)


def home_tile(species_id: str) -> SectorTile:
    """The home hex of a species."""
    return sector_tile(find_species(species_id).home_sector)
