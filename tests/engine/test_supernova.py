"""Supernovae (New Dangers text 001): rolled at the start of upkeep; below the round, boom."""

from __future__ import annotations

from dataclasses import replace
from itertools import product

import pytest

from blueprints import ShipClass
from engine.decisions import CubeReturn, SupernovaRoll, Upkeep
from engine.enums import Phase
from engine.galaxy import connected_sectors, move_targets
from engine.hexes import Hex
from engine.module_choices import explosion_chance, supernova_risk
from engine.modules import Module
from engine.rules import chance_outcomes
from engine.state import GameState, SectorState
from engine.supernova import face_value, holds
from tests.engine.builders import answers, do, edit, sector, started, to_combat, with_sector

HOME0 = Hex(0, -2)  # the Terrans' home at two players: wormholes N, NE, S and SW
NOVA = Hex(0, -3)  # north of it


def at(state: GameState, where: Hex) -> SectorState:
    found = state.sector(where)
    assert found is not None
    return found


def with_nova(owner: int | None = 0, round_number: int = 6) -> GameState:
    """Betelgeuse (397: M* S Mt* N N) north of the home, turned to connect (edges 0, 1, 3)."""
    s = started("terran_directorate", "planta", modules=(Module.SUPERNOVA,))
    nova = sector(NOVA, 397, rotation=0, owner=owner, cubes=[1, 3] if owner is not None else [])
    s = with_sector(s, nova)
    if owner is not None:
        s = edit(s, 0, discs_track=s.players[0].discs_track - 1, tracks=(11, 10, 10))
    return replace(s, round=round_number)


def upkeep(state: GameState) -> GameState:
    """Play the round to the start of upkeep (no battles here)."""
    s = to_combat(state)
    assert isinstance(s.decision, SupernovaRoll) and s.phase is Phase.UPKEEP
    return s


def test_the_texts_example_explosion_and_two_plus_four_network_techs_holds() -> None:
    """Round 6; Ivan has 2 military and 4 Network (grid) techs and 1 nano; he rolls an
    explosion and a 2 and adds 4: 6, which equals the round. The Supernova holds."""
    s = with_nova()
    s = edit(
        s,
        0,
        techs=(
            ("neutron_bombs", "starbase"),
            ("gauss_shield", "fusion_source", "improved_hull", "positron_computer"),
            ("nanorobots",),
        ),
    )
    assert holds((6, 2), 4, 6)  # the explosion symbol counts nothing
    s = upkeep(s)
    assert s.decision == SupernovaRoll(-1, NOVA)
    s = do(s, "roll yellow 6,2")
    assert not at(s, NOVA).exploded and at(s, NOVA).owner == 0
    assert isinstance(s.decision, Upkeep)  # the rolls come first, then the upkeep payments


def test_below_the_round_it_explodes_and_everything_goes() -> None:
    s = with_nova()
    s = with_sector(s, replace(at(s, NOVA), orbital=True, monolith=True))
    s = with_sector(s, replace(at(s, NOVA), ships=((0, ShipClass.CRUISER, 1),), arrivals=(0,)))
    discs = s.players[0].discs_track
    s = upkeep(s)  # Terrans: 1 tech on their best track (starbase)
    s = do(s, "roll yellow 1,3")  # 0 + 3 + 1 = 4 < 6
    nova = at(s, NOVA)
    assert nova.exploded and nova.owner is None and not nova.ships
    assert not nova.orbital and not nova.monolith and not any(nova.cubes)
    assert nova.wormholes == 0
    assert s.players[0].discs_track == discs + 1  # the disc is back on its track
    # The grey square's cube goes to a track of the player's choice; the science one at once.
    assert isinstance(s.decision, CubeReturn)
    s = do(s, "return_cube money")
    assert s.players[0].tracks == (12, 11, 10)


def test_nobody_controls_it_nothing_is_added() -> None:
    s = with_nova(owner=None)
    s = do(upkeep(s), "roll yellow 3,2")  # 5 < 6
    assert at(s, NOVA).exploded


def test_an_exploded_supernova_is_reached_only_with_the_wormhole_generator() -> None:
    s = with_nova(owner=None)
    s = do(upkeep(s), "roll yellow 1,1")
    s = replace(s, phase=Phase.ACTION)
    assert NOVA not in {x.hex for x in connected_sectors(s, HOME0, generator=False)}
    assert NOVA in {x.hex for x in connected_sectors(s, HOME0, generator=True)}
    assert NOVA not in move_targets(s, 0, HOME0, 1, jump=False)
    with_gen = edit(s, 0, techs=((), (), ("wormhole_generator",)))
    assert NOVA in move_targets(with_gen, 0, HOME0, 1, jump=False)


def test_explosions_are_rolled_once_per_explored_supernova_until_they_explode() -> None:
    s = with_nova(owner=None)
    s = with_sector(s, sector(Hex(3, -3), 398, rotation=0))
    s = upkeep(s)
    assert len([d for d in s.pending if isinstance(d, SupernovaRoll)]) == 2
    s = do(s, "roll yellow 1,1", "roll yellow 5,5")
    assert isinstance(s.decision, Upkeep)


@pytest.mark.parametrize(("techs", "round_number"), [(0, 1), (0, 5), (2, 6), (4, 8), (1, 8)])
def test_the_explosion_chance_is_the_dice_distribution(techs: int, round_number: int) -> None:
    """The bots' risk is the exact chance: counted over the 36 faces of two dice, and the same
    as the engine's own odds of the roll."""
    count = sum(
        1
        for a, b in product(range(1, 7), repeat=2)
        if face_value(a) + face_value(b) + techs < round_number
    )
    assert explosion_chance(techs, round_number) == pytest.approx(count / 36)
    s = with_nova(owner=None, round_number=round_number)
    engine_odds = sum(
        p for a, p in chance_outcomes(upkeep(s)) if not holds(a.values, 0, round_number)
    )
    assert supernova_risk(s, NOVA, None) == pytest.approx(engine_odds)
    # Even in round 1 two blanks or explosions (1 in 9) blow up an uncontrolled Supernova.
    assert explosion_chance(0, 1) == pytest.approx(1 / 9) and explosion_chance(0, 11) == 1.0


def test_the_roll_is_offered_as_faces_of_two_yellow_dice() -> None:
    s = upkeep(with_nova())
    assert "roll yellow 6,2" in answers(s) and "roll yellow 2,6" not in answers(s)
    assert sum(p for _, p in chance_outcomes(s)) == pytest.approx(1.0)
