"""The engine's battles agree with calc's odds: many seeded combat phases of one position, played
by the greedy bots (calc's greedy policy), against ``sector_odds`` of that position, within four
standard errors."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest

from calc.battle.model import Policy
from engine.battle_view import sector_odds
from engine.enums import Phase
from engine.hexes import Hex
from engine.play import play_from
from engine.players import GreedyPlayer
from engine.state import GameState
from tests.engine.builders import sector, started, to_combat, with_sector

WHERE = Hex(3, -3)  # next to nobody's sector: nobody can retreat
RUNS = 1500


def play_combat(start: GameState, seed: int) -> GameState:
    """The combat phase played to its end by greedy bots, chance from the seed."""
    rng = np.random.default_rng(seed)
    bots = [GreedyPlayer(np.random.default_rng(seed + i)) for i in range(len(start.players))]
    return play_from(start, bots, rng, until=lambda s: s.phase is not Phase.COMBAT)


def within(p_engine: float, p_calc: float, runs: int, what: str) -> None:
    se = math.sqrt(max(p_calc * (1 - p_calc), 1e-12) / runs)
    assert abs(p_engine - p_calc) <= 4 * se + 1e-9, (
        f"{what}: engine {p_engine:.4f}, calc {p_calc:.4f} (4 SE = {4 * se:.4f})"
    )


def test_a_battle_between_players_and_the_attack_on_population() -> None:
    s = started("terran_directorate", "orion_hegemony")
    ships = [(1, "cruiser", 1), (1, "interceptor", 1), (0, "interceptor", 2), (0, "cruiser", 2)]
    s = with_sector(s, sector(WHERE, 102, owner=1, cubes=[0, 1], ships=ships))
    odds = sector_odds(s, WHERE, policies={0: Policy.GREEDY, 1: Policy.GREEDY})
    assert odds.method.value == "exact"
    start = to_combat(s)
    holders: Counter[str] = Counter()
    cubes: Counter[int] = Counter()
    for seed in range(RUNS):
        end = play_combat(start, seed)
        here = end.sector(WHERE)
        assert here is not None
        if here.ships_of(0) and not here.ships_of(1):
            holders["attacker"] += 1
        elif here.ships_of(1) and not here.ships_of(0):
            holders["defender"] += 1
        else:
            holders["nobody"] += 1
        cubes[2 - here.population()] += 1
    within(holders["attacker"] / RUNS, odds.attacker_wins, RUNS, "attacker holds")
    within(holders["defender"] / RUNS, odds.defender_wins, RUNS, "defender holds")
    within(holders["nobody"] / RUNS, odds.draw, RUNS, "nobody holds")
    orion = odds.sides[odds.defender]
    for k, p in enumerate(orion.population_destroyed):
        within(cubes[k] / RUNS, p, RUNS, f"{k} cubes destroyed")
    # Reputation: the Terrans draw 1 + what they destroyed, at most 5.
    assert 0 < odds.attacker_wins < 1


@pytest.mark.parametrize("npc", ["ancients", "guardian"])
def test_a_battle_against_npcs(npc: str) -> None:
    s = started("terran_directorate", "planta")
    if npc == "ancients":
        place = sector(WHERE, 104, ships=[(0, "cruiser", 2), (0, "interceptor", 3)])  # 2 ancients
    else:
        place = sector(WHERE, 271, ships=[(0, "cruiser", 3), (0, "dreadnought", 1)])
    s = with_sector(s, place)
    odds = sector_odds(s, WHERE, policies={0: Policy.GREEDY})
    start = to_combat(s)
    wins = 0
    survivors: Counter[int] = Counter()
    for seed in range(RUNS):
        here = play_combat(start, 10_000 + seed).sector(WHERE)
        assert here is not None
        wins += bool(here.ships_of(0)) and not here.npcs
        survivors[here.ships_of(0)] += 1
    within(wins / RUNS, odds.attacker_wins, RUNS, f"the player beats the {npc}")
    terran = odds.sides[odds.attacker]
    expected = sum(g.expected_survivors for g in terran.groups)
    mean = sum(k * n for k, n in survivors.items()) / RUNS
    spread = math.sqrt(sum((k - mean) ** 2 * n for k, n in survivors.items()) / RUNS)
    assert abs(mean - expected) <= 4 * spread / math.sqrt(RUNS) + 1e-9


def test_draco_another_player_and_ancients_have_odds_the_engine_agrees_with() -> None:
    # The Terrans entered first, Draco last, and two Ancients hold the sector (104). Draco attacks
    # the Terrans first; if Draco wins it stays with the Ancients (they do not fight it), if the
    # Terrans win they go on to fight the Ancients (calc.rules.ancients_fight).
    s = started("terran_directorate", "descendants_of_draco")
    ships = [(0, "cruiser", 1), (0, "interceptor", 2), (1, "cruiser", 1), (1, "interceptor", 2)]
    here = sector(WHERE, 104, ships=ships)
    s = with_sector(s, here)
    odds = sector_odds(s, WHERE, policies={0: Policy.GREEDY, 1: Policy.GREEDY})
    assert odds.method.value == "exact" and len(odds.sides) == 3
    draco, terran, npcs = (odds.side(n) for n in (odds.sides[1].name, odds.sides[0].name, "NPCs"))
    start = to_combat(s)
    held: Counter[str] = Counter()
    for seed in range(RUNS):
        end = play_combat(start, 20_000 + seed).sector(WHERE)
        assert end is not None
        if end.ships_of(1):
            held["draco"] += 1
            assert end.ancients == 2  # the Ancients never fought Draco
        elif end.ships_of(0):
            held["terran"] += 1
        elif end.npcs:
            held["npcs"] += 1
    within(held["draco"] / RUNS, draco.holds_sector, RUNS, "Draco holds")
    within(held["terran"] / RUNS, terran.holds_sector, RUNS, "the Terrans hold")
    within(held["npcs"] / RUNS, npcs.holds_sector, RUNS, "the Ancients hold")
