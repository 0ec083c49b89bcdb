"""Engine data: sectors and discovery tiles agree with ../shared/reference; rules numbers."""

from __future__ import annotations

import json
from pathlib import Path

from blueprints import Confidence, all_species
from engine.discoveries import DiscoveryKind, discovery_tiles
from engine.modules import MODULES, Module, SpecialSector
from engine.sectors import (
    SectorKind,
    home_tile,
    sector_tile,
    sector_tiles,
    special_tiles,
    stack_tiles,
)
from engine.tables import tables


def test_sectors_match_the_reference(shared_reference: Path) -> None:
    raw = json.loads((shared_reference / "compiled_sectors.json").read_text())
    seen = 0
    for entry in raw["sectors"]:
        tile_id = int(entry["id"])
        tile = sector_tile(tile_id)
        seen += 1
        assert [s.code for s in tile.squares] == entry["planets"], tile_id
        assert list(tile.wormholes) == entry["wormhole_edges"], tile_id
        assert tile.vp == entry["vp"] and tile.artifacts == entry["artifact"], tile_id
        assert (tile.guardian, tile.gcds) == (entry["guardian"], entry["gcds"]), tile_id
        assert tile.warp_portal == bool(entry["warp_portal"]), tile_id
        if tile.special is SpecialSector.NEBULA:
            # The text wins over the data: one discovery tile and one Ancient in each part.
            assert (entry["discovery_tiles"], entry["ancients"]) == (2, 1), tile_id
            assert (tile.discovery, tile.ancients) == (3, 3), tile_id
            assert tile.confidence is Confidence.LOW and "text 001" in tile.note
            continue
        assert tile.discovery == entry["discovery_tiles"], tile_id
        assert tile.ancients == entry["ancients"], tile_id
        assert (tile.special is not None) == ("expansion" in entry["kind"]), tile_id
    assert seen == len(sector_tiles()) == 68


def test_the_special_sectors_of_the_text() -> None:
    """Two of each type (text 001); Cygnus X-1 and V616 Mon are the Black Holes."""
    for kind in SpecialSector:
        assert len(special_tiles(kind)) == 2, kind
    assert sector_tile(396).name == "Cygnus X-1" and sector_tile(399).name == "V616 Mon"
    assert special_tiles(SpecialSector.NEBULA) == (295, 395)
    assert all(
        sector_tile(t).kind is SectorKind.SPECIAL for k in SpecialSector for t in special_tiles(k)
    )
    # Only the rings of the chosen modules get them: ring II the Nebula 295, ring III the rest.
    assert len(stack_tiles(2, modules=MODULES)) == 14 and len(stack_tiles(1, modules=MODULES)) == 10
    assert len(stack_tiles(3, modules=MODULES)) == 27
    assert set(stack_tiles(3, modules=(Module.SUPERNOVA,))) - set(stack_tiles(3)) == {397, 398}


def test_base_game_hex_counts() -> None:
    kinds = [t.kind for t in sector_tiles()]
    assert kinds.count(SectorKind.HOME) == 12 and kinds.count(SectorKind.GUARDIAN) == 4
    assert len(stack_tiles(1)) == 10 and len(stack_tiles(2)) == 13 and len(stack_tiles(3)) == 20
    assert len(stack_tiles(2, warp_portals=False)) == 12
    assert len(stack_tiles(3, warp_portals=False)) == 18
    # 54 hexes: homes are double-sided, so 6 physical home hexes; and the 8 special sectors.
    physical = len(sector_tiles()) - 6
    assert physical == 54 + 8
    for s in all_species():
        if s.expansion == "base":
            assert home_tile(s.id).kind is SectorKind.HOME
    assert all(isinstance(t.confidence, Confidence) for t in sector_tiles())


def test_discovery_tiles_match_the_reference(shared_reference: Path) -> None:
    raw = json.loads((shared_reference / "compiled_discovery_tiles.json").read_text())
    assert sum(t.count for t in discovery_tiles()) == raw["total_in_S1"] == 42
    assert sum(t.count for t in discovery_tiles(rift_cannon=False)) == 41
    parts = [t for t in discovery_tiles() if t.kind is DiscoveryKind.PART]
    assert len(parts) == 18 and all(t.count == 1 for t in parts)


def test_rules_numbers() -> None:
    t = tables()
    assert list(t.upkeep) == sorted(t.upkeep, reverse=True)
    assert list(t.production) == sorted(t.production)
    assert t.production_for(t.track_squares - t.cubes_per_track) == 2  # nothing placed yet
    assert sum(t.reputation_tiles) == 32 and t.reputation_confidence is Confidence.LOW
    assert t.start_zones_confidence is Confidence.LOW
    assert [t.outer_stack[n] for n in range(2, 7)] == [5, 8, 14, 16, 18]
