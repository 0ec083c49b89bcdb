"""Research: costs with track discounts and minimums, rare techs, and immediate effects."""

from __future__ import annotations

import pytest

from engine.actions.research import research_cost
from engine.decisions import Activations, DiscoveryReveal, ResourceChoice, SectorChoice
from engine.hexes import Hex
from tests.engine.builders import answers, do, edit, started

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


def test_research_pays_the_discounted_cost_and_places_the_tile() -> None:
    s = do(rich(), "action research")
    options = answers(s)
    # Terrans hold Starbase on the military track: plasma cannon costs 6 - 1 = 5.
    assert "research plasma_cannon military" in options
    assert "research plasma_cannon grid" not in options
    s = do(s, "research plasma_cannon military")
    p = s.players[0]
    assert p.science == 40 - 5 and p.techs[0] == ("starbase", "plasma_cannon")
    assert s.tech_tray[s.tech_tray.index(0)] == 0  # the tile left the tray


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


def test_artifact_key_gives_five_of_one_resource_per_artifact() -> None:
    s = do(rich(), "action research", "research artifact_key nano")
    assert s.decision == ResourceChoice(0, 5)  # the home has one artifact
    s = do(s, "choose_resource materials")
    assert s.players[0].materials == 4 + 5


def test_ancient_labs_reveals_a_discovery_tile() -> None:
    s = do(rich(), "action research", "research ancient_labs military")
    assert isinstance(s.decision, DiscoveryReveal) and s.decision.where is None
    s = do(s, "reveal science_5", "reward")
    assert s.players[0].science == 40 - 12 + 5  # 13 less the military discount of 1
    # A structure from Ancient Labs goes on a controlled sector of the player's choice.
    s = do(rich(), "action research", "research ancient_labs military", "reveal ancient_monolith")
    s = do(s, "reward")
    assert isinstance(s.decision, SectorChoice)
    s = do(s, "choose_sector (0,-2)")
    assert s.sector(Hex(0, -2)).monolith  # type: ignore[union-attr]


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
