"""From a game state to the calc battle of a sector, and its odds in one call."""

from __future__ import annotations

from dataclasses import replace

import pytest

from blueprints import Blueprint, ShipClass
from calc.battle.model import Battle, ShipGroup, Side
from calc.errors import BattleError
from calc.exact.solver import solve_exact
from engine.battle_view import sector_battle, sector_odds
from engine.hexes import Hex
from tests.engine.builders import edit, sector, started, with_sector


def test_two_players_in_a_sector() -> None:
    state = started("terran_directorate", "planta")
    where = Hex(3, -3)
    # Seat 1 entered first and controls the sector; seat 0 arrives with two interceptors.
    contested = sector(
        where, 102, owner=1, ships=[(1, "interceptor", 1), (0, "interceptor", 2)], cubes=[0]
    )
    state = with_sector(state, contested)
    battle = sector_battle(state, where)
    assert [s.name for s in battle.sides] == ["seat 1 (planta)", "seat 0 (terran_directorate)"]
    assert battle.defender == 0
    attacker = battle.sides[1]
    assert attacker.groups[0].count == 2
    assert attacker.groups[0].blueprint == Blueprint.default("terran_directorate", "interceptor")
    assert battle.sides[0].population == 1
    result = sector_odds(state, where)
    plain = solve_exact(
        Battle.two_sided(
            Side("A", (ShipGroup.of(Blueprint.default("terran_directorate", "interceptor"), 2),)),
            Side("D", (ShipGroup.of(Blueprint.default("planta", "interceptor"), 1),)),
        )
    )
    assert result.attacker_wins == pytest.approx(plain.attacker_wins, abs=1e-12)
    # Planta's cubes fall to any opponent ship left in the sector.
    assert result.sides[0].population_destroyed[1] == pytest.approx(plain.attacker_wins, abs=1e-12)


def test_upgraded_blueprints_and_combat_techs_are_used() -> None:
    state = started("terran_directorate", "orion_hegemony")
    upgraded = Blueprint.default("terran_directorate", "interceptor").upgrade(place=(3, "elc"))
    player = state.players[0]
    blueprints = tuple(
        upgraded if b.ship_class is ShipClass.INTERCEPTOR else b for b in player.blueprints
    )
    techs = (("neutron_bombs",), player.techs[1], player.techs[2])
    state = edit(state, 0, blueprints=blueprints, techs=techs)
    where = Hex(3, -3)
    state = with_sector(state, sector(where, 102, ships=[(1, "cruiser", 1), (0, "interceptor", 1)]))
    battle = sector_battle(state, where)
    terran = next(s for s in battle.sides if "terran" in s.name)
    assert terran.groups[0].stats.computer == 1
    assert terran.neutron_bombs


def test_npcs_defend_and_draco_ignores_ancients() -> None:
    state = started("terran_directorate", "descendants_of_draco")
    where = Hex(3, -3)
    state = with_sector(state, sector(where, 101, ships=[(0, "interceptor", 1)]))  # 1 ancient
    battle = sector_battle(state, where)
    assert battle.sides[battle.defender].npc
    draco = with_sector(state, sector(where, 101, ships=[(1, "interceptor", 1)]))
    with pytest.raises(BattleError, match="only one side"):
        sector_battle(draco, where)


def test_in_an_uncontrolled_sector_the_first_to_enter_defends() -> None:
    state = started("terran_directorate", "planta")
    where = Hex(3, -3)
    state = with_sector(
        state, sector(where, 102, ships=[(1, "interceptor", 1), (0, "interceptor", 2)])
    )
    battle = sector_battle(state, where)
    assert battle.sides[battle.defender].name == "seat 1 (planta)"  # it entered first


def test_the_damage_ships_have_taken_is_in_the_battle() -> None:
    state = started("terran_directorate", "planta")
    where = Hex(3, -3)
    damaged = sector(where, 102, ships=[(1, "cruiser", 2), (0, "dreadnought", 1)])
    damaged = replace(damaged, damage=((1, ShipClass.CRUISER, (1,)),))
    state = with_sector(state, damaged)
    battle = sector_battle(state, where)
    planta = battle.sides[battle.defender]
    assert planta.groups[0].damage_per_ship == (1, 0)
    fresh = with_sector(state, replace(damaged, damage=()))
    assert sector_odds(state, where).attacker_wins > sector_odds(fresh, where).attacker_wins
