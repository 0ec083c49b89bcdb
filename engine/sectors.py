"""Sector hexes as printed: population squares, wormholes, points and NPC symbols.

The data is ``engine/data/sectors.toml`` (transcribed from a compiled reference of the printed
hexes, with confidence marks), loaded once. A ``SectorTile`` is what is printed on the hex; what
happens on the board (rotation, discs, cubes, ships) is ``engine.state.SectorState``.

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
from engine.modules import BlackHoleExit, Module, SpecialSector


class SectorKind(StrEnum):
    """Where a hex comes from: the centre, a ring stack, a species' home, a guardian sector, or
    a ring stack in a game with the module of a special sector (``engine.modules``)."""

    CENTER = "center"
    STANDARD = "standard"
    HOME = "home"
    GUARDIAN = "guardian"
    SPECIAL = "special"


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
    that hold a cube when a home hex is set up. ``special`` is the type of a New Dangers sector
    (``None`` for the others) and ``black_hole_exit`` where a Black Hole sends ships back.
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
    special: SpecialSector | None = None
    black_hole_exit: BlackHoleExit | None = None

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
        special=SpecialSector(entry["special"]) if "special" in entry else None,
        black_hole_exit=BlackHoleExit(entry["black_hole_exit"])
        if "black_hole_exit" in entry
        else None,
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
        if (tile.kind is SectorKind.SPECIAL) != (tile.special is not None):
            raise DataError(f"sector {tile.id}: kind {tile.kind.value!r}, special {tile.special}")
        if (tile.special is SpecialSector.BLACK_HOLE) != (tile.black_hole_exit is not None):
            raise DataError(f"sector {tile.id}: a black hole names its exit, nothing else does")
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
    """Every hex, by number: the base game's and the New Dangers special sectors."""
    return tuple(_tiles()[i] for i in sorted(_tiles()))


@cache
def stack_tiles(
    ring: int, warp_portals: bool = True, modules: tuple[Module, ...] = ()
) -> tuple[int, ...]:
    """The numbers of the hexes that may form the facedown stack of a ring (1, 2 or 3).

    Without the optional Warp Portals module, sectors 281, 381 and 382 are left out (dized setup).
    The special sectors of each chosen module join their ring (both Black Holes are listed: a
    game uses one of them, drawn at setup, ``engine.setup``).

    >>> len(stack_tiles(3)), len(stack_tiles(3, modules=(Module.PULSAR,)))
    (20, 22)
    """
    return tuple(
        t.id
        for t in sector_tiles()
        if t.ring == ring
        and (warp_portals or not t.warp_portal)
        and (
            t.kind is SectorKind.STANDARD or (t.special is not None and t.special.module in modules)
        )
    )


@cache
def special_tiles(kind: SpecialSector) -> tuple[int, ...]:
    """The numbers of the special sectors of one type.

    >>> special_tiles(SpecialSector.BLACK_HOLE)
    (396, 399)
    """
    return tuple(t.id for t in sector_tiles() if t.special is kind)


NEBULA_PART_EDGES: tuple[tuple[int, int], ...] = ((5, 0), (1, 2), (3, 4))
"""The printed edges of Nebula parts 1, 2 and 3 (a, b, c): each part is a third of the hex with
two outer edges; the three parts touch each other in the middle, joined by wormholes.
Decision (L): S1's NebulaHelper layout (part A north, B south-east, C south-west); the text
says only that the parts are joined by wormholes and each counts as a sector."""


def part_edge_mask(part: int) -> int:
    """The printed edges of a Nebula part (1-3) as a 6-bit mask; every edge for part 0.

    >>> bin(part_edge_mask(1)), part_edge_mask(0)
    ('0b100001', 63)
    """
    if not part:
        return 0b111111
    return edge_mask(NEBULA_PART_EDGES[part - 1])


@cache
def guardian_tiles() -> tuple[int, ...]:
    """The numbers of the guardian hexes."""
    return tuple(t.id for t in sector_tiles() if t.kind is SectorKind.GUARDIAN)


def home_tile(species_id: str) -> SectorTile:
    """The home hex of a species."""
    return sector_tile(find_species(species_id).home_sector)
