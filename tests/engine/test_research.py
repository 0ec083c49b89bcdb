"""Research: costs with track discounts and minimums, rare techs, and immediate effects."""

from __future__ import annotations

from dataclasses import replace

import pytest

from blueprints import ShipClass
from engine.actions.research import research_cost, take_from_tray
from engine.decisions import (
    Activations,
    DiscoveryReveal,
    ResourceChoice,
    SectorChoice,
    TurnStart,
)
from engine.discoveries import discovery_index
from engine.enums import RewardPlacement
from engine.hexes import Hex
from engine.state import GameState
from engine.tech_supply import tech_index
from tests.engine.builders import answers, do, edit, started, with_sector

TRAY = [
    "plasma_cannon",
    "advanced_robotics",
    "quantum_grid",
    "artifact_key",
    "antimatter_splitter",
    "ancient_labs",
    "warp_portal",
    "gluon_computer",
    "fusion_source",
    "nanorobots",
    "advanced_labs",
    "monolith",
    "orbital",
]


def rich(species: str = "terran_directorate", science: int = 40):  # type: ignore[no-untyped-def]
    s = started(species, "planta", tray=TRAY)
    return edit(s, 0, science=science)


@pytest.mark.parametrize(
    ("tech", "held", "cost"),
    [
        ("plasma_cannon", 0, 6),
        ("plasma_cannon", 1, 5),
        ("plasma_cannon", 2, 4),
        ("plasma_cannon", 3, 4),  # 6 - 3 = 3, but the minimum is 4
        ("gluon_computer", 4, 10),
        ("gluon_computer", 5, 8),
        ("gluon_computer", 6, 7),  # 14 - 8 = 6 -> minimum 7
        ("quantum_grid", 0, 16),
    ],
)
def test_cost_reads_the_first_empty_space_and_keeps_the_minimum(
    tech: str, held: int, cost: int
) -> None:
    assert research_cost(tech, held) == cost


def test_cost_follows_the_rulebooks_research_example() -> None:
    """Rulebook p. 10 (research example): the Hydran player, who already has four Nano techs,
    still pays Nanorobots' minimum of 2; with five Nano techs the discount is 6, so the Wormhole
    Generator (14) costs 8. Another example: with Monolith and Orbital researched, Fusion Drive
    (4) still costs its minimum 3."""
    assert research_cost("nanorobots", 4) == 2
    assert research_cost("wormhole_generator", 5) == 14 - 6 == 8
    assert research_cost("fusion_drive", 2) == 3


def test_research_pays_the_discounted_cost_and_places_the_tile() -> None:
    s = do(rich(), "action research")
    options = answers(s)
    # Terrans hold Starbase on the military track: plasma cannon costs 6 - 1 = 5.
    assert "research plasma_cannon military" in options
    assert "research plasma_cannon grid" not in options
    before = s.tech_tray
    s = do(s, "research plasma_cannon military")
    p = s.players[0]
    assert p.science == 40 - 5 and p.techs[0] == ("starbase", "plasma_cannon")
    assert p.techs[1:] == ((), ())
    i = tech_index("plasma_cannon")
    assert before[i] == 1 and s.tech_tray[i] == 0  # the tile left the tray
    assert s.tech_tray[:i] + s.tech_tray[i + 1 :] == before[:i] + before[i + 1 :]


def test_one_of_two_tiles_leaves_the_tray() -> None:
    """The tray may hold two tiles of a tech; researching it takes one of them."""
    s = do(rich(), "action research")
    i = tech_index("neutron_bombs")
    assert s.tech_tray[i] == 2
    s = do(s, "research neutron_bombs military")
    assert s.tech_tray[i] == 1


def test_a_tech_not_in_the_tray_cannot_be_taken() -> None:
    """Only tiles lying in the tech tray can be researched (or given by a discovery)."""
    s = rich()
    assert s.tech_tray[tech_index("starbase")] == 0
    with pytest.raises(ValueError, match="no 'starbase' tile in the tray"):
        take_from_tray(s, "starbase")


def test_the_exact_discounted_cost_is_enough() -> None:
    """A player with exactly the discounted cost can research: the Terrans' Starbase on the
    military track takes 1 off Plasma Cannon (6), so 5 science buy it."""
    s = do(rich(science=5), "action research")
    assert "research plasma_cannon military" in answers(s)
    s = do(s, "research plasma_cannon military")
    assert s.players[0].science == 0


def test_a_tech_already_owned_is_not_offered_but_the_others_are() -> None:
    """A player may not research a tech they already have (here Neutron Bombs, first in the
    tray); every other tech in the tray is still offered."""
    s = edit(rich(), 0, techs=(("starbase", "neutron_bombs"), (), ()))
    s = do(s, "action research")
    assert not any(a.startswith("research neutron_bombs") for a in answers(s))
    assert "research plasma_cannon military" in answers(s)
    assert "research nanorobots nano" in answers(s)


def test_a_grid_tech_goes_on_the_grid_track() -> None:
    s = do(rich(), "action research", "research fusion_source grid")
    assert s.players[0].techs == (("starbase",), ("fusion_source",), ())
    s = do(rich(), "action research", "research nanorobots nano")
    assert s.players[0].techs == (("starbase",), (), ("nanorobots",))


def test_the_action_ends_when_its_activations_are_used() -> None:
    """The Terrans have one research activation: after it no more research is offered, and
    ending the action hands the turn to the next player."""
    s = do(rich(), "action research", "research plasma_cannon military")
    assert not any(a.startswith("research") for a in answers(s))
    s = do(s, "end")
    assert s.decision == TurnStart(1)


def test_rare_techs_go_on_any_track_and_owned_techs_are_not_offered() -> None:
    s = do(rich(), "action research")
    for track in ("military", "grid", "nano"):
        assert f"research antimatter_splitter {track}" in answers(s)
    assert not any(a.startswith("research starbase") for a in answers(s))
    full = edit(rich(), 0, techs=(("a",) * 7, (), ()))
    full = do(full, "action research")
    assert "research antimatter_splitter military" not in answers(full)
    assert "research plasma_cannon military" not in answers(full)


def test_science_limits_what_can_be_bought() -> None:
    s = do(rich(science=4), "action research")
    assert "research nanorobots nano" in answers(s)
    assert "research plasma_cannon military" not in answers(s)


def test_disc_techs_move_spare_discs_to_the_track() -> None:
    s = do(rich(), "action research", "research advanced_robotics nano")
    assert s.players[0].discs_spare == 2 and s.players[0].discs_track == 11 + 1
    s = do(rich(), "action research", "research quantum_grid grid")
    assert s.players[0].discs_spare == 1 and s.players[0].discs_track == 11 + 2
    s = do(rich(), "action research", "research plasma_cannon military")
    assert s.players[0].discs_spare == 3 and s.players[0].discs_track == 11  # other techs: none


def test_artifact_key_gives_five_of_one_resource_per_artifact() -> None:
    s = do(rich(), "action research", "research artifact_key nano")
    assert s.decision == ResourceChoice(0, 5)  # the home has one artifact
    s = do(s, "choose_resource materials")
    assert s.players[0].materials == 4 + 5


def test_artifact_key_counts_every_artifact_in_controlled_sectors() -> None:
    """Two controlled sectors with one artifact each: 5 x 2 = 10 of one resource."""
    s = rich()
    other = s.sector(Hex(2, -2))
    assert other is not None and other.printed.artifacts == 1
    s = with_sector(s, replace(other, owner=0))
    s = do(s, "action research", "research artifact_key nano")
    assert s.decision == ResourceChoice(0, 10)


def test_ancient_labs_reveals_a_discovery_tile() -> None:
    s = do(rich(), "action research", "research ancient_labs military")
    assert isinstance(s.decision, DiscoveryReveal) and s.decision.where is None
    s = do(s, "reveal science_5", "reward")
    assert s.players[0].science == 40 - 12 + 5  # 13 less the military discount of 1


def only_tile_left(state: GameState, tiles: int) -> GameState:
    """A copy whose discovery bag holds ``tiles`` Science tiles and no facedown tile lies on the
    board (every tile in the bag is unclaimed)."""
    for hex_ in [s.hex for s in state.sectors if s.discovery]:
        found = state.sector(hex_)
        assert found is not None
        state = with_sector(state, replace(found, discovery=False))
    bag = [0] * len(state.discovery_bag)
    bag[discovery_index("science_5")] = tiles
    return replace(state, discovery_bag=tuple(bag))


def test_ancient_labs_draws_the_last_tile_but_none_from_an_empty_bag() -> None:
    s = do(only_tile_left(rich(), 1), "action research", "research ancient_labs military")
    assert isinstance(s.decision, DiscoveryReveal)
    s = do(only_tile_left(rich(), 0), "action research", "research ancient_labs military")
    assert isinstance(s.decision, Activations) and s.players[0].techs[0][-1] == "ancient_labs"


HOME = Hex(0, -2)  # the Terran Directorate's starting sector (seat 0 of two)


@pytest.mark.parametrize(
    "tile", ["ancient_monolith", "ancient_orbital", "ancient_cruiser", "ancient_warp_portal"]
)
def test_ancient_labs_rewards_go_to_the_starting_sector(tile: str) -> None:
    """Rulebook FAQ: "If the Discovery Tile I get from ANCIENT LABS allows me to place something
    in a Sector (such as ANCIENT CRUISER or ANCIENT ORBITAL), where do I place it? You place it
    in your Starting Sector." No choice of sector is offered."""
    s = do(rich(), "action research", "research ancient_labs military", f"reveal {tile}")
    assert answers(s) == {"reward", "keep_vp"}
    s = do(s, "reward")
    assert not isinstance(s.decision, SectorChoice)
    home = s.sector(HOME)
    assert home is not None
    placed = {
        "ancient_monolith": home.monolith,
        "ancient_orbital": home.orbital,
        "ancient_cruiser": home.ships_of(0, ShipClass.CRUISER) == 1,
        "ancient_warp_portal": home.portal == tile,
    }
    assert placed[tile]


def test_ancient_labs_without_the_starting_sector_is_2_vp() -> None:
    """Rulebook FAQ: "If you do not Control your Starting Sector, you must take the tile as 2VP."
    A resource tile is still taken as usual."""
    s = rich()
    home = s.sector(HOME)
    assert home is not None
    s = with_sector(s, replace(home, owner=None))
    s = do(s, "action research", "research ancient_labs military", "reveal ancient_orbital")
    assert answers(s) == {"keep_vp"}
    s = do(s, "keep_vp")
    assert s.players[0].discovery_vp == ("ancient_orbital",)
    t = with_sector(rich(), replace(home, owner=None))
    t = do(t, "action research", "research ancient_labs military", "reveal science_5")
    assert answers(t) == {"reward", "keep_vp"}


def test_ancient_labs_under_the_legacy_placement_offers_any_controlled_sector() -> None:
    """``RewardPlacement.ANY_CONTROLLED`` (records made before the FAQ ruling): the player picks
    any sector they control."""
    s = started(
        "terran_directorate", "planta", tray=TRAY, reward_placement=RewardPlacement.ANY_CONTROLLED
    )
    s = edit(s, 0, science=40)
    s = do(s, "action research", "research ancient_labs military", "reveal ancient_monolith")
    s = do(s, "reward")
    assert isinstance(s.decision, SectorChoice) and s.decision.options == (HOME,)
    s = do(s, "choose_sector (0,-2)")
    assert s.sector(HOME).monolith  # type: ignore[union-attr]


def test_warp_portal_tech_places_a_portal_on_a_controlled_sector() -> None:
    s = do(rich(), "action research", "research warp_portal grid")
    assert s.decision == SectorChoice(0, "warp_portal", (Hex(0, -2),))
    s = do(s, "choose_sector (0,-2)")
    assert s.sector(Hex(0, -2)).portal == "tech"  # type: ignore[union-attr]


def test_hydran_research_twice_per_action() -> None:
    s = do(rich("hydran_progress"), "action research")
    assert isinstance(s.decision, Activations) and s.decision.left == 2
    s = do(s, "research plasma_cannon military", "research nanorobots nano")
    assert s.decision is not None and s.decision.left == 0  # type: ignore[attr-defined]
    assert not any(a.startswith("research") for a in answers(s))
