"""Discovery tile rewards, each resolved the way the tile says."""

from __future__ import annotations

from dataclasses import replace

from blueprints import ShipClass
from engine.actions.discovery import reward_sector
from engine.decisions import ExploreControl, ResourceChoice, TechChoice
from engine.discoveries import discovery_tile
from engine.enums import RewardPlacement
from engine.hexes import Hex
from tests.engine.builders import answers, do, sector, started, with_sector

ZONE = Hex(0, -1)


def revealed(tile: str, tray: tuple[str, ...] = (), worlds_afar: bool = False):  # type: ignore[no-untyped-def]
    s = started("terran_directorate", "planta", tray=list(tray), worlds_afar=worlds_afar)
    s = do(s, "action explore", "explore (0,-1)", "draw_sector 110", "place 110 0")
    return do(s, f"reveal {tile}")


def test_resources_and_a_choice_of_type() -> None:
    s = do(revealed("money_3_science_2_materials_2"), "reward")
    p = s.players[0]
    assert (p.money, p.science, p.materials) == (3 + 3, 3 + 2, 4 + 2)
    s = do(revealed("money_3_any_3", worlds_afar=True), "reward")
    assert s.decision == ResourceChoice(0, 3)
    s = do(s, "choose_resource science")
    assert (s.players[0].money, s.players[0].science) == (6, 6)


def test_ancient_cruiser_orbital_monolith_and_portal_go_on_the_sector() -> None:
    cruiser = do(revealed("ancient_cruiser"), "reward")
    placed = cruiser.sector(ZONE)
    assert placed is not None and placed.ships == ((0, ShipClass.CRUISER, 1),)
    assert placed.arrivals == (0,)
    orbital = do(revealed("ancient_orbital"), "reward")
    assert orbital.sector(ZONE).orbital and orbital.players[0].materials == 6  # type: ignore[union-attr]
    monolith = do(revealed("ancient_monolith"), "reward")
    assert monolith.sector(ZONE).monolith  # type: ignore[union-attr]
    portal = do(revealed("ancient_warp_portal"), "reward")
    assert portal.sector(ZONE).portal == "ancient_warp_portal"  # type: ignore[union-attr]
    assert isinstance(portal.decision, ExploreControl)


def test_no_cruiser_left_means_the_tile_is_kept_for_vp() -> None:
    """Rulebook p. 9: the tile places one of your *unbuilt* cruisers; with none left the reward
    cannot be given, so (Fleetlab's extension of the FAQ's Ancient Labs ruling) only 2 VP is
    offered. The legacy placement still lets the reward be taken, for nothing."""
    for placement in RewardPlacement:
        s = started("terran_directorate", "planta", reward_placement=placement)
        s = with_sector(s, sector(Hex(0, -3), 301, ships=[(0, "cruiser", 4)], ancients=0))
        s = do(s, "action explore", "explore (0,-1)", "draw_sector 110", "place 110 0")
        s = do(s, "reveal ancient_cruiser")
        if placement is RewardPlacement.RULEBOOK:
            assert answers(s) == {"keep_vp"}
        else:
            s = do(s, "reward")
            assert s.sector(ZONE).ships == ()  # type: ignore[union-attr]


def test_ancient_technology_gives_the_cheapest_tech_free() -> None:
    s = do(revealed("ancient_tech", tray=("plasma_cannon", "fusion_source")), "reward")
    # Of the regular techs in the tray the player lacks, the cheapest printed cost is taken.
    cheapest = s.players[0].all_techs()
    assert len(cheapest) == 2 and s.players[0].science == 3
    tied = do(revealed("ancient_tech", tray=("nanorobots", "gauss_shield")), "reward")
    assert isinstance(tied.decision, TechChoice)
    assert answers(tied) >= {"choose_tech nanorobots", "choose_tech gauss_shield"}
    tied = do(tied, "choose_tech nanorobots")
    assert tied.players[0].techs[2] == ("nanorobots",)


def test_end_game_tiles_and_parts_are_kept() -> None:
    codex = do(revealed("artifact_codex", worlds_afar=True), "reward")
    assert codex.players[0].end_tiles == ("artifact_codex",)
    part = do(revealed("shard_hull"), "reward", "decline")
    assert part.players[0].parts_held == ("shard_hull",)


def test_a_structure_the_sector_already_has_is_not_offered() -> None:
    """Rulebook p. 13: a sector holds at most one orbital and one monolith, so an Ancient Orbital
    found where an orbital stands cannot be placed: only 2 VP is offered (the rulebook
    placement); a placed portal likewise blocks the Ancient Warp Portal."""
    s = revealed("ancient_orbital")
    zone = s.sector(ZONE)
    assert zone is not None and answers(s) == {"reward", "keep_vp"}
    assert answers(with_sector(s, replace(zone, orbital=True))) == {"keep_vp"}
    p = revealed("ancient_warp_portal")
    assert answers(with_sector(p, replace(zone, portal="tech"))) == {"keep_vp"}


def test_the_ancient_warp_portal_may_go_on_a_printed_portal_sector() -> None:
    """Rulebook p. 9: the tile is placed in the sector where found; a printed portal (281, 381,
    382) leaves room for it, and it scores its 2 VP there if controlled."""
    s = started("terran_directorate", "planta")
    s = with_sector(s, sector(Hex(0, -3), 281, ancients=0))
    tile = discovery_tile("ancient_warp_portal")
    assert reward_sector(s, 0, tile, Hex(0, -3)) == Hex(0, -3)
    assert reward_sector(s, 0, discovery_tile("ancient_orbital"), Hex(0, -3)) == Hex(0, -3)
