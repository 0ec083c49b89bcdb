"""Engine data: sectors and discovery tiles agree with ../shared/reference; rules numbers."""

from __future__ import annotations

import json
from pathlib import Path

from blueprints import Confidence, all_species
from engine.discoveries import DiscoveryKind, discovery_tiles
from engine.sectors import SectorKind, home_tile, sector_tile, sector_tiles, stack_tiles
from engine.tables import tables


def test_sectors_match_the_reference(shared_reference: Path) -> None:
    raw = json.loads((shared_reference / "compiled_sectors.json").read_text())
    seen = 0
    for entry in raw["sectors"]:
        tile_id = int(entry["id"])
        if tile_id == 295 or 393 <= tile_id <= 399:
            continue  # expansion sectors, not in the base game
        tile = sector_tile(tile_id)
        seen += 1
        assert [s.code for s in tile.squares] == entry["planets"], tile_id
        assert list(tile.wormholes) == entry["wormhole_edges"], tile_id
        assert tile.vp == entry["vp"] and tile.artifacts == entry["artifact"], tile_id
        assert tile.discovery == entry["discovery_tiles"], tile_id
        assert (tile.ancients, tile.guardian, tile.gcds) == (
            entry["ancients"],
            entry["guardian"],
            entry["gcds"],
        ), tile_id
        assert tile.warp_portal == bool(entry["warp_portal"]), tile_id
    assert seen == len(sector_tiles()) == 60


def test_base_game_hex_counts() -> None:
    kinds = [t.kind for t in sector_tiles()]
    assert kinds.count(SectorKind.HOME) == 12 and kinds.count(SectorKind.GUARDIAN) == 4
    assert len(stack_tiles(1)) == 10 and len(stack_tiles(2)) == 13 and len(stack_tiles(3)) == 20
    assert len(stack_tiles(2, warp_portals=False)) == 12
    assert len(stack_tiles(3, warp_portals=False)) == 18
    # 54 hexes: homes are double-sided, so 6 physical home hexes.
    physical = len(sector_tiles()) - 6
    assert physical == 54
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
