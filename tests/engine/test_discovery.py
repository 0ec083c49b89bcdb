"""Discovery tile rewards, each resolved the way the tile says."""

from __future__ import annotations

from blueprints import ShipClass
from engine.decisions import ExploreControl, ResourceChoice, TechChoice
from engine.hexes import Hex
from tests.engine.builders import answers, do, sector, started, with_sector

ZONE = Hex(0, -1)


def revealed(tile: str, tray: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    s = started("terran_directorate", "planta", tray=list(tray))
    s = do(s, "action explore", "explore (0,-1)", "draw_sector 110", "place 110 0")
    return do(s, f"reveal {tile}")


def test_resources_and_a_choice_of_type() -> None:
    s = do(revealed("money_3_science_2_materials_2"), "reward")
    p = s.players[0]
    assert (p.money, p.science, p.materials) == (3 + 3, 3 + 2, 4 + 2)
    s = do(revealed("money_3_any_3"), "reward")
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


def test_no_cruiser_left_means_no_ancient_cruiser() -> None:
    s = started("terran_directorate", "planta")
    s = with_sector(s, sector(Hex(0, -3), 301, ships=[(0, "cruiser", 4)], ancients=0))
    s = do(s, "action explore", "explore (0,-1)", "draw_sector 110", "place 110 0")
    s = do(s, "reveal ancient_cruiser", "reward")
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
    codex = do(revealed("artifact_codex"), "reward")
    assert codex.players[0].end_tiles == ("artifact_codex",)
    part = do(revealed("shard_hull"), "reward", "decline")
    assert part.players[0].parts_held == ("shard_hull",)
