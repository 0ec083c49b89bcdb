"""Discovery tile rewards, each resolved the way the tile says."""

from __future__ import annotations

from dataclasses import replace

import pytest

from blueprints import ShipClass
from engine.actions.discovery import reward_sector
from engine.decisions import (
    Activations,
    DiscoveryReveal,
    ExploreControl,
    ResourceChoice,
    SectorChoice,
    TechChoice,
)
from engine.discoveries import discovery_index, discovery_tile
from engine.enums import RewardPlacement
from engine.hexes import Hex
from engine.rules import chance_outcomes
from engine.state import GameState
from tests.engine.builders import answers, do, edit, sector, started, with_sector

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


HOME = Hex(0, -2)  # the Terran Directorate's starting sector (seat 0 of two)
OTHER = Hex(2, -2)
AFTER_EXPLORE = ExploreControl(0, ZONE)
"""The decision under a discovery found while exploring: whether to claim the new sector."""


def test_a_reveal_is_a_chance_event_weighted_by_the_tiles_in_the_bag() -> None:
    s = started("terran_directorate", "planta")
    bag = [0] * len(s.discovery_bag)
    bag[discovery_index("science_5")] = 30  # five of the tiles lie face down on the board
    bag[discovery_index("money_8")] = 10
    s = do(replace(s, discovery_bag=tuple(bag)), "action explore", "explore (0,-1)")
    s = do(s, "draw_sector 110", "place 110 0")
    odds = {str(a): p for a, p in chance_outcomes(s)}
    assert odds == {
        "reveal science_5": pytest.approx(3 / 4),
        "reveal money_8": pytest.approx(1 / 4),
    }


def test_a_revealed_tile_leaves_the_bag() -> None:
    before = started("terran_directorate", "planta").discovery_bag
    i = discovery_index("ancient_cruiser")
    assert before[i] == 3
    s = revealed("ancient_cruiser")
    assert s.discovery_bag[i] == 2
    assert s.discovery_bag[:i] + s.discovery_bag[i + 1 :] == before[:i] + before[i + 1 :]


def test_a_used_tile_leaves_the_game_a_tile_kept_for_vp_does_not() -> None:
    """Used tiles leave the game (rulebook p. 9); one kept face down for 2 VP stays with the
    player."""
    s = revealed("money_8")
    out = s.discovery_out
    used = do(s, "reward")
    assert used.discovery_out == out + 1 and used.players[0].money == 3 + 8
    kept = do(s, "keep_vp")
    assert kept.discovery_out == out and kept.players[0].discovery_vp == ("money_8",)


def test_after_a_reward_choice_the_explore_activation_goes_on() -> None:
    s = do(revealed("money_3_any_3", worlds_afar=True), "reward", "choose_resource science")
    assert s.decision == AFTER_EXPLORE
    tied = do(revealed("ancient_tech", tray=("nanorobots", "gauss_shield")), "reward")
    tied = do(tied, "choose_tech gauss_shield")
    assert tied.decision == AFTER_EXPLORE and tied.players[0].techs[1] == ("gauss_shield",)


def test_ancient_technology_skips_a_tech_the_player_has() -> None:
    """The lowest-cost tech the player does not have: with Nanorobots (2) owned, Gauss Shield
    (2) is the only cheapest one, given at once."""
    s = started("terran_directorate", "planta", tray=["nanorobots", "gauss_shield"])
    s = edit(s, 0, techs=(("starbase",), (), ("nanorobots",)))
    s = do(s, "action explore", "explore (0,-1)", "draw_sector 110", "place 110 0")
    s = do(s, "reveal ancient_tech", "reward")
    # Gauss Shield ties with Neutron Bombs (2), which the tray filled in.
    assert isinstance(s.decision, TechChoice) and "gauss_shield" in s.decision.options
    assert "nanorobots" not in s.decision.options


@pytest.mark.parametrize("placement", list(RewardPlacement))
def test_the_cruiser_limit_counts_cruisers_only(placement: RewardPlacement) -> None:
    """Three cruisers on the board (of four) and two interceptors: one unbuilt cruiser is left,
    so the Ancient Cruiser is placed."""
    s = started("terran_directorate", "planta", reward_placement=placement)
    fleet = [(0, "cruiser", 3), (0, "interceptor", 2)]
    s = with_sector(s, sector(Hex(0, -3), 301, ships=fleet, ancients=0))
    s = do(s, "action explore", "explore (0,-1)", "draw_sector 110", "place 110 0")
    s = do(s, "reveal ancient_cruiser", "reward")
    assert s.sector(ZONE).ships == ((0, ShipClass.CRUISER, 1),)  # type: ignore[union-attr]


def test_the_ancient_warp_portal_is_placed_on_a_printed_portal_sector() -> None:
    """Rulebook placement: the tile goes where it was found, printed portal or not. The legacy
    placement refused a sector that already had a portal, printed ones included: the tile left
    the game."""
    for placement in RewardPlacement:
        s = started("terran_directorate", "planta", reward_placement=placement)
        ship = [(0, "interceptor", 1)]
        found = sector(Hex(0, -3), 281, owner=0, ships=ship, ancients=0, discovery=True)
        s = do(with_sector(s, found), "pass", "pass")  # the ship claims the tile after combat
        assert isinstance(s.decision, DiscoveryReveal)
        s = do(s, "reveal ancient_warp_portal")
        out = s.discovery_out
        s = do(s, "reward")
        after = s.sector(Hex(0, -3))
        assert after is not None
        if placement is RewardPlacement.RULEBOOK:
            assert after.portal == "ancient_warp_portal" and s.discovery_out == out
        else:
            assert after.portal is None and s.discovery_out == out + 1


@pytest.mark.parametrize("tile", ["ancient_orbital", "ancient_monolith", "ancient_warp_portal"])
def test_legacy_rewards_go_on_the_sector_where_they_were_found(tile: str) -> None:
    s = do(revealed_legacy(tile), "reward")
    zone = s.sector(ZONE)
    assert zone is not None
    placed = {
        "ancient_orbital": zone.orbital,
        "ancient_monolith": zone.monolith,
        "ancient_warp_portal": zone.portal == tile,
    }
    assert placed[tile] and s.decision == AFTER_EXPLORE


def revealed_legacy(tile: str) -> GameState:
    s = started("terran_directorate", "planta", reward_placement=RewardPlacement.ANY_CONTROLLED)
    s = do(s, "action explore", "explore (0,-1)", "draw_sector 110", "place 110 0")
    return do(s, f"reveal {tile}")


def labs_legacy(tile: str, **home: object) -> GameState:
    """Legacy placement: seat 0 controls its home (changed by ``home``) and a second sector,
    researches Ancient Labs and reveals ``tile``."""
    s = started(
        "terran_directorate",
        "planta",
        tray=["ancient_labs"],
        reward_placement=RewardPlacement.ANY_CONTROLLED,
    )
    s = edit(s, 0, science=40)
    other, own = s.sector(OTHER), s.sector(HOME)
    assert other is not None and own is not None
    s = with_sector(with_sector(s, replace(other, owner=0)), replace(own, **home))
    return do(s, "action research", "research ancient_labs military", f"reveal {tile}")


@pytest.mark.parametrize(
    ("tile", "home"),
    [
        ("ancient_orbital", {"orbital": True}),
        ("ancient_monolith", {"monolith": True}),
        ("ancient_warp_portal", {"portal": "tech"}),
    ],
)
def test_legacy_ancient_labs_offers_only_sectors_with_room(
    tile: str, home: dict[str, object]
) -> None:
    """A sector holds one orbital, one monolith and one portal: under the legacy placement, an
    Ancient Labs reward is offered on the controlled sectors that have room for it."""
    s = do(labs_legacy(tile), "reward")
    assert isinstance(s.decision, SectorChoice) and set(s.decision.options) == {HOME, OTHER}
    s = do(labs_legacy(tile, **home), "reward")
    assert isinstance(s.decision, SectorChoice) and s.decision.options == (OTHER,)


def test_legacy_ancient_cruiser_goes_to_the_chosen_sector_for_its_finder() -> None:
    s = do(labs_legacy("ancient_cruiser"), "reward")
    assert isinstance(s.decision, SectorChoice)
    s = do(s, "choose_sector (2,-2)")
    assert s.sector(OTHER).ships == ((0, ShipClass.CRUISER, 1),)  # type: ignore[union-attr]
    assert isinstance(s.decision, Activations)  # back to the research action


def test_legacy_reward_with_no_room_anywhere_is_lost() -> None:
    """An orbital with no sector to go on is lost (the used tile leaves the game once); a
    portal tile with nowhere to go leaves the game too."""
    s = labs_legacy("ancient_orbital", orbital=True)
    other = s.sector(OTHER)
    assert other is not None
    s = with_sector(s, replace(other, orbital=True))
    out = s.discovery_out
    s = do(s, "reward")
    assert s.discovery_out == out + 1 and isinstance(s.decision, Activations)
    p = labs_legacy("ancient_warp_portal", portal="tech")
    p = with_sector(p, replace(other, portal="tech"))
    out = p.discovery_out
    p = do(p, "reward")
    assert p.discovery_out == out + 1 and isinstance(p.decision, Activations)


def test_a_sector_choice_offers_only_sectors_still_controlled() -> None:
    """If the player no longer controls the offered sector, only declining is left; a declined
    portal tile leaves the game, the Warp Portal tech's portal is simply not placed."""
    s = started("terran_directorate", "planta")
    home = s.sector(HOME)
    assert home is not None
    lost = with_sector(s, replace(home, owner=None))
    tile = lost.with_pending(SectorChoice(0, "ancient_warp_portal", (HOME,)))
    assert answers(tile) == {"decline"}
    out = tile.discovery_out
    assert do(tile, "decline").discovery_out == out + 1
    tech = lost.with_pending(SectorChoice(0, "warp_portal", (HOME,)))
    assert answers(tech) == {"decline"}
    declined = do(tech, "decline")
    assert declined.discovery_out == out and declined.pending == s.pending
