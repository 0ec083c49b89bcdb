"""Engine data against its sources: each test names the source its numbers come from.

Sectors and discovery tiles agree with ../shared/reference (S1); the bags of the base box with
the Second Dawn rulebook's component list (p. 3) and its discovery-tile list (p. 9); the sector
faces with a transcription of the physical tiles' scans; the rules numbers with the rulebook.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from blueprints import Confidence, all_species, reputation_tiles
from blueprints import part as find_part
from blueprints.catalogue import tech_draws
from calc.rules.reputation import DEFAULT_REPUTATION_BAG
from engine.discoveries import (
    DiscoveryKind,
    DiscoveryModule,
    discovery_index,
    discovery_tile,
    discovery_tiles,
    initial_bag,
)
from engine.sectors import SectorKind, home_tile, sector_tile, sector_tiles, stack_tiles
from engine.setup import new_game
from engine.state import GameConfig
from engine.tables import tables
from engine.tech_supply import initial_bag as initial_tech_bag
from engine.tech_supply import tech_index


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


def test_discovery_tiles_of_every_product_are_the_asynceclipse_bots(shared_reference: Path) -> None:
    """S1 (the AsyncEclipse bot's data/discoverytiles.json) holds every tile of every product:
    42, 41 without the Rift Conductor; 18 ancient parts, one tile each."""
    raw = json.loads((shared_reference / "compiled_discovery_tiles.json").read_text())
    assert sum(t.count for t in discovery_tiles()) == raw["total_in_S1"] == 42
    modules = set(DiscoveryModule) - {DiscoveryModule.RIFT_CANNON}
    assert sum(initial_bag(modules)) == 41
    parts = [t for t in discovery_tiles() if t.kind is DiscoveryKind.PART]
    assert len(parts) == 18 and all(t.count == 1 for t in parts)


def test_base_box_discovery_bag_is_36_tiles_of_24_types_rulebook_page_3() -> None:
    """Rulebook p. 3: "36 Discovery Tiles (24 different)", the Warp Portals module's Ancient Warp
    Portal included (p. 7: the module is 3 sectors, 1 discovery tile, 1 rare tech, the portal)."""
    config = GameConfig(("terran_directorate", "planta"))
    bag = new_game(config).discovery_bag
    assert sum(bag) == 36 and sum(1 for n in bag if n) == 24
    assert bag == initial_bag({DiscoveryModule.BASE, DiscoveryModule.WARP_PORTALS})
    without = new_game(replace(config, warp_portals=False)).discovery_bag
    assert sum(without) == 35 and without[discovery_index("ancient_warp_portal")] == 0


def test_base_box_discovery_tiles_are_the_rulebooks_page_9_list() -> None:
    """Rulebook p. 9: 3 x +6 Materials, 3 x +5 Science, 3 x +8 Money, 2 x +2 Materials +2 Science
    +3 Money, 3 x Ancient Tech, 3 x Ancient Cruiser, 2 x Ancient Orbital (and 2 materials),
    1 x Ancient Monolith, 14 x Ancient Ship Part, the Muon Source (outside the grid) and the
    Ancient Warp Portal (2 VP if controlled)."""
    base = {t.id: t for t in discovery_tiles() if t.module is DiscoveryModule.BASE}
    counts = {tid: t.count for tid, t in base.items() if t.kind is not DiscoveryKind.PART}
    assert counts == {
        "materials_6": 3,
        "science_5": 3,
        "money_8": 3,
        "money_3_science_2_materials_2": 2,
        "ancient_tech": 3,
        "ancient_cruiser": 3,
        "ancient_orbital": 2,
        "ancient_monolith": 1,
    }
    t = base["money_3_science_2_materials_2"]
    assert (t.money, t.science, t.materials) == (3, 2, 2) and base["ancient_orbital"].materials == 2
    parts = sorted(tid for tid, t in base.items() if t.kind is DiscoveryKind.PART)
    assert "muon_source" in parts and len(parts) == 14 + 1
    # The first edition's six ancient parts are among them, with "8 more" (differences aid).
    first_edition = {"axion_computer", "conformal_drive", "flux_shield", "hypergrid_source"}
    assert first_edition | {"ion_turret", "shard_hull"} <= set(parts)
    assert find_part("muon_source").outside_grid
    assert discovery_tile("ancient_warp_portal").vp == 2
    assert discovery_tile("ancient_warp_portal").module is DiscoveryModule.WARP_PORTALS


def test_other_products_tiles_are_setup_modules() -> None:
    """Remnants of Worlds Afar: Jump Drive, Morph Shield, Artifact Codex, Ancient Might and +3
    Money and 3 of one resource (a public Second Dawn engine's module list; S1's counts). New
    Dangers' Rift Cannon module: the Rift Conductor (../shared/rules/001). The calculator keeps
    every part: the parts of all products stay in blueprints.catalogue."""
    by_module = {m: {t.id for t in discovery_tiles() if t.module is m} for m in DiscoveryModule}
    assert by_module[DiscoveryModule.WORLDS_AFAR] == {
        "jump_drive",
        "morph_shield",
        "artifact_codex",
        "ancient_might",
        "money_3_any_3",
    }
    assert by_module[DiscoveryModule.RIFT_CANNON] == {"rift_conductor"}
    base = GameConfig(("terran_directorate", "planta"))
    for option, extra in (("worlds_afar", 5), ("rift_cannon", 1)):
        bag = new_game(replace(base, **{option: True})).discovery_bag
        assert sum(bag) == 36 + extra
    for part_id in ("jump_drive", "morph_shield", "rift_conductor"):
        assert find_part(part_id).is_discovery


def test_reputation_bag_is_33_tiles_rulebook_page_3_split_12_10_7_4() -> None:
    """Rulebook p. 3: "33 Reputation Tiles" (one more than the first edition's 32, the 2011-vs-2020
    differences aid). Split 12/10/7/4 (M: an independent Second Dawn engine). The engine's setup
    and the calculator's reputation-draw expectation read this one bag by default."""
    tiles = reputation_tiles()
    assert tiles.counts == (12, 10, 7, 4) and tiles.total == 33
    assert tiles.total_confidence is Confidence.HIGH and tiles.confidence is Confidence.MEDIUM
    config = GameConfig(("terran_directorate", "planta"))
    assert config.reputation_tiles == tables().reputation_tiles == tiles.counts
    assert new_game(config).reputation_bag == tiles.counts
    assert DEFAULT_REPUTATION_BAG == tiles.bag == ((1, 12), (2, 10), (3, 7), (4, 4))


def test_tech_bag_is_114_tiles_of_39_techs_rulebook_page_3() -> None:
    """Rulebook p. 3: "114 Tech Tiles (39 different)": the Rift Cannon is not among them, the
    Warp Portal tech is (the Warp Portals module's rare tech, p. 7)."""
    bag = initial_tech_bag(False)
    assert sum(bag) == 114 and sum(1 for n in bag if n) == 39
    assert bag[tech_index("rift_cannon")] == 0
    without = initial_tech_bag(False, warp_portals=False)
    assert sum(without) == 113 and without[tech_index("warp_portal")] == 0
    assert sum(initial_tech_bag(True)) == 115


def test_sector_ids_per_ring_are_the_rulebooks_page_3_list() -> None:
    """Rulebook p. 3: 10 inner (101-110), 13 middle (201-211, 214, 281), 20 outer (301-318,
    381-382), the centre (001), 6 starting (221-232, double-sided) and 4 guardian (271-274)."""
    assert stack_tiles(1) == tuple(range(101, 111))
    assert stack_tiles(2) == (*range(201, 212), 214, 281)
    assert stack_tiles(3) == (*range(301, 319), 381, 382)
    homes = sorted(t.id for t in sector_tiles() if t.kind is SectorKind.HOME and t.id <= 232)
    assert homes == list(range(221, 233))
    assert sorted(t.id for t in sector_tiles() if t.kind is SectorKind.GUARDIAN) == [
        271,
        272,
        273,
        274,
    ]
    assert sector_tile(1).kind is SectorKind.CENTER


# Every face of the base game as transcribed from the physical tiles' scans (the "Second Dawn
# sector catalog audit" of a public TypeScript engine, from the Wyko Tabletop Simulator module's
# scans): id, edges with a wormhole in its numbering (NE 0, N 1, NW 2, SW 3, S 4, SE 5, the home
# arrow at N), VP, population (M money, S science, T materials, G grey, * advanced), discovery,
# ancients, artifacts.
SCANNED = """
001 012345 4 M,M,S*,S,T*,T 101|101 02345 2 M,T*,T 110|102 1245 2 S,S 000|103 01235 2 M,S 000
104 0134 2 M,M*,S,S* 120|105 01234 2 M,S,T* 110|106 0145 2 S,T 000|107 01245 3 M,S*,T* 001
108 0134 2 M*,S,G 110|109 02345 4 M,T 121|110 1345 2 M*,G* 100|201 024 1 M,T 000
202 024 2 S,S* 001|203 0124 2 M*,S,T 120|204 0124 2 M*,T*,G 111|205 345 1 M,M*,S* 001
206 0245 1 T 100|207 014 2 - 100|208 1245 2 - 100|209 0124 1 M,S 000|210 124 1 M,T 000
211 0145 1 M,T*,G 110|214 01235 2 S,T*,G* 110|221 0134 3 M,M*,S,S*,T 001
222 0134 3 M,M*,S,S* 001|223 0134 3 M,M*,S,S*,T 001|224 0134 3 M,S*,T* 001|225 0134 3 M,M*,S,S*,T 001
226 0134 3 S,T 001|227 0134 3 M,M*,S,S*,T 001|228 0134 3 M,S,T* 001|229 0134 3 M,M*,S,S*,T 001
230 0134 3 M,M*,S,T* 001|231 0134 3 M,M*,S,S*,T 001|232 0134 3 M*,S,T*,T 001|271 0134 2 M,S,T* 101
272 0134 2 M,S*,T 101|273 0134 2 M,T*,T 101|274 0134 2 M,S,S* 101|281 1245 2 M,S 100
301 145 2 M,S,T* 121|302 134 2 M*,S*,T 111|303 24 2 M*,S*,G 111|304 14 2 M*,T 000|305 014 1 S,T 110
306 04 1 M,T 000|307 145 2 M,S* 000|308 245 2 S,T* 000|309 124 2 M,S* 000|310 14 1 S,T 000
311 145 1 T 100|312 014 1 T 100|313 14 1 G 100|314 345 1 G 100|315 124 1 - 100|316 014 1 - 100
317 34 2 M,M* 000|318 45 1 T*,G 000|381 134 1 M,T 100|382 145 1 S,T 100
"""


def test_sector_faces_match_the_transcription_of_the_tile_scans() -> None:
    """All 60 faces (54 hexes) equal an independent transcription from scans of the physical
    tiles: wormholes (its edge i is our printed edge (1 - i) mod 6), VP, population squares,
    discovery and ancient symbols and artifacts."""
    letters = {"M": "M", "S": "S", "T": "Mt", "G": "N"}
    faces = [f.split() for f in SCANNED.replace("\n", "|").split("|") if f.strip()]
    assert len(faces) == 60
    for tile_id, edges, vp, population, symbols in faces:
        tile = sector_tile(int(tile_id))
        planets = [] if population == "-" else population.split(",")
        codes = sorted(letters[p[0]] + p[1:] for p in planets)
        assert sorted(sq.code for sq in tile.squares) == codes, tile_id
        assert sorted(tile.wormholes) == sorted((1 - int(e)) % 6 for e in edges), tile_id
        assert tile.vp == int(vp), tile_id
        assert (tile.discovery, tile.ancients, tile.artifacts) == tuple(map(int, symbols)), tile_id
        assert tile.confidence is Confidence.HIGH, tile_id


def test_population_cubes_rulebook_pages_3_and_5() -> None:
    """Rulebook p. 3: 33 population cubes per civilization; setup: one on each square valued 3 to
    28 of the three tracks, so 11 per track and the "2" square empty (producing 2)."""
    t = tables()
    assert 3 * t.cubes_per_track == 33 and t.track_squares == 12
    assert t.production[1:] == (2, 3, 4, 6, 8, 10, 12, 15, 18, 21, 24, 28)
    assert t.production_for(t.track_squares - t.cubes_per_track) == 2  # nothing placed yet
    assert t.production_for(0) == 0  # a full track produces nothing
    assert t.production_confidence is Confidence.HIGH


def test_tech_draws_rulebook_setup_and_cleanup() -> None:
    """Rulebook: 12/14/16/18/20 regular tiles at setup and 5/6/7/8/9 at each cleanup for 2 to 6
    players."""
    draws = tech_draws()
    assert [draws.at_setup(n) for n in range(2, 7)] == [12, 14, 16, 18, 20]
    assert [draws.at_cleanup(n) for n in range(2, 7)] == [5, 6, 7, 8, 9]
    assert draws.confidence is Confidence.HIGH


def test_start_zones_are_the_asynceclipse_layouts_up_to_a_turn_of_the_board() -> None:
    """S1's setup code seats players at its ring-2 positions 201, 203 ... 211 (directions 0-5):
    2 players 0, 3; 3: 0, 2, 4; 4: 0, 2, 3, 5; 5: 0, 1, 2, 4, 5. Ours are the same layouts
    turned as a whole (a turn changes nothing in a game)."""
    s1 = {2: (0, 3), 3: (0, 2, 4), 4: (0, 2, 3, 5), 5: (0, 1, 2, 4, 5), 6: (0, 1, 2, 3, 4, 5)}
    t = tables()
    for players, zones in s1.items():
        turns = [tuple(sorted((z + k) % 6 for z in zones)) for k in range(6)]
        assert tuple(sorted(t.start_zones[players])) in turns, players
    assert t.start_zones_confidence is Confidence.MEDIUM


def test_rules_numbers() -> None:
    t = tables()
    assert list(t.upkeep) == sorted(t.upkeep, reverse=True)
    assert list(t.production) == sorted(t.production)
    assert [t.outer_stack[n] for n in range(2, 7)] == [5, 8, 14, 16, 18]
