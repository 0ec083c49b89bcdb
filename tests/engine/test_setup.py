"""Setup for 2 to 6 players as the rules text says."""

from __future__ import annotations

import re

import pytest

from blueprints import ShipClass, tech
from engine.decisions import GuardianDraw, ReputationDraw, TechDraw, TurnStart
from engine.enums import Phase
from engine.errors import SetupError
from engine.hexes import CENTRE, distance, rotate_edges
from engine.rules import apply, chance_outcomes
from engine.sectors import SectorKind
from engine.setup import new_game
from engine.state import GameConfig
from engine.tech_supply import tech_order
from tests.engine.builders import started

SPECIES = (
    "terran_directorate",
    "hydran_progress",
    "planta",
    "descendants_of_draco",
    "mechanema",
    "orion_hegemony",
)
REGULAR_TRAY = {2: 12, 3: 14, 4: 16, 5: 18, 6: 20}
OUTER = {2: 5, 3: 8, 4: 14, 5: 16, 6: 18}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_per_player_count(players: int) -> None:
    state = started(*SPECIES[:players])
    assert state.phase is Phase.ACTION and state.round == 1
    assert isinstance(state.decision, TurnStart) and state.decision.seat == 0
    homes = [s for s in state.sectors if s.printed.kind is SectorKind.HOME]
    guardians = [s for s in state.sectors if s.printed.kind is SectorKind.GUARDIAN]
    assert len(homes) == players
    assert len(guardians) == (6 - players if players < 6 else 0)
    for s in homes + guardians:
        assert distance(s.hex, CENTRE) == 2
        arrow = rotate_edges((0,), s.rotation)[0]
        assert distance(s.hex.neighbour(arrow), CENTRE) == 1  # arrow faces the centre
    for g in guardians:
        assert g.guardian == 1 and g.discovery
    centre = state.sector(CENTRE)
    assert centre is not None and centre.gcds == 1 and centre.discovery
    assert state.stacks[2].size == OUTER[players]
    assert state.stacks[0].size == 10 and state.stacks[1].size == 13
    regular = sum(
        n for i, n in enumerate(state.tech_tray) if n and not tech(tech_order()[i]).is_rare
    )
    assert regular == REGULAR_TRAY[players]


def test_players_start_with_their_species_board() -> None:
    state = started("terran_republic", "eridani_empire", "hydran_progress", "orion_hegemony")
    terran, eridani, hydran, orion = state.players
    assert (terran.money, terran.science, terran.materials) == (3, 3, 4)
    assert terran.discs_track == 12 and terran.discs_spare == 3
    assert eridani.discs_track == 10 and len(eridani.reputation) == 2
    assert eridani.techs == (("plasma_cannon",), ("gauss_shield",), ("fusion_drive",))
    # 11 cubes per track, minus the home's cubes (Terran M S Mt; Hydran M and advanced S).
    assert terran.tracks == (10, 10, 10)
    assert hydran.tracks == (10, 10, 11)
    orion_home = next(s for s in state.sectors if s.owner == 3)
    assert orion_home.ships == ((3, ShipClass.CRUISER, 1),)
    terran_home = next(s for s in state.sectors if s.owner == 0)
    assert terran_home.ships == ((0, ShipClass.INTERCEPTOR, 1),)
    assert terran_home.arrivals == (0,)
    assert next(str(b) for b in orion.blueprints).startswith("orion_hegemony/interceptor")


def test_setup_chance_events_come_first_and_are_weighted() -> None:
    state = new_game(GameConfig(("eridani_empire", "planta")))
    assert isinstance(state.decision, TechDraw)
    outcomes = {str(a): p for a, p in chance_outcomes(state)}
    # 5 Starbase tiles out of 114 (rift cannon module off)
    assert outcomes["draw_tech starbase"] == pytest.approx(5 / 114)
    kinds = []
    while state.to_act == -1:
        kinds.append(type(state.decision))
        state = apply(state, chance_outcomes(state)[0][0])
    assert GuardianDraw in kinds and ReputationDraw in kinds


def test_rare_techs_drawn_at_setup_do_not_count() -> None:
    rare = [t for t in tech_order() if tech(t).is_rare][:3]
    state = started("terran_directorate", "planta", tray=rare)
    in_tray = sum(state.tech_tray)
    assert in_tray == 12 + 3


@pytest.mark.parametrize(
    ("species", "message"),
    [
        (("planta",), "2 to 6 players"),
        (("planta",) * 7, "2 to 6 players"),
        (("planta", "planta"), "different species"),
        (("terran_union", "planta"), "two sides of one species board"),
        (("exiles", "planta"), "not a base-game species"),
        (("plantae", "mechanema"), "'plantae' is not a base-game species"),
    ],
)
def test_bad_configurations_are_refused(species: tuple[str, ...], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        new_game(GameConfig(species))


def test_start_player_is_checked_and_used() -> None:
    with pytest.raises(SetupError, match="start player"):
        new_game(GameConfig(("planta", "mechanema"), start_player=2))
    state = started("planta", "mechanema", start_player=1)
    assert state.decision == TurnStart(1)


@pytest.mark.parametrize("tiles", [(12, 10, -1, 4), (0, 0, 0, 0)])
def test_a_bad_reputation_bag_is_refused_with_the_input_quoted(
    tiles: tuple[int, int, int, int],
) -> None:
    with pytest.raises(SetupError, match=re.escape(repr(tiles))):
        new_game(GameConfig(("planta", "mechanema"), reputation_tiles=tiles))


def test_the_reputation_bag_option_is_the_games_bag() -> None:
    config = GameConfig(("planta", "mechanema"), reputation_tiles=(1, 0, 0, 2))
    assert new_game(config).reputation_bag == (1, 0, 0, 2)
