"""The planner's economy, worked by hand from the rules' upkeep track.

``rules.toml``'s upkeep by discs left on the influence track ends ``..., 10, 7, 5, 3, 2, 1, 0`` (5
to 11 discs), so with 6 discs on the track one more disc off it adds 10 - 7 = 3 money to this
round's upkeep. The Terran Directorate trades at 2 for 1.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from blueprints import TechCategory
from engine.actions.influence import InfluenceDisc
from engine.board import production
from engine.enums import Resource
from engine.hexes import Hex
from engine.planner import PlannerPlayer
from engine.planner.economy import (
    RESOURCE_VP,
    action_price,
    affordable,
    balance,
    disc_cost,
    money_price,
    steady_upkeep_saved,
    tradeable,
)
from engine.planner.valuation import choose_plan, kept_value, release_value, square_value
from engine.rules import legal_actions
from engine.state import GameState, PlayerState
from tests.engine.builders import do, sector, started, with_sector

HOME = Hex(0, -2)  # the Terran Directorate's home in a two-player game


def terran(after_one_more_disc: int, science: int = 0, materials: int = 0) -> PlayerState:
    """A Terran Directorate with 6 discs on the track whose money after this round's income
    and upkeep, one more disc off the track, is ``after_one_more_disc``."""
    player = replace(started("terran_directorate", "terran_federation").players[0], discs_track=6)
    assert disc_cost(player) == 3
    money = after_one_more_disc - production(player, Resource.MONEY) + 10
    assert money >= 0, "the test's money production is too high for this balance"
    return replace(player, money=money, science=science, materials=materials)


def test_tradeable_money_leaves_out_what_the_action_spends() -> None:
    player = terran(0, science=7, materials=5)
    assert tradeable(player) == 3 + 2
    assert tradeable(player, keep=Resource.SCIENCE) == 2
    assert tradeable(player, keep=Resource.MATERIALS) == 3
    # Only what the action spends is kept: a research of 3 science leaves 4 to trade (2 money).
    assert tradeable(player, keep=Resource.SCIENCE, kept=3) == 2 + 2
    assert tradeable(player, keep=Resource.SCIENCE, kept=9) == 2  # never below nothing


def test_affordable_counts_every_tradeable_resource_but_the_spent_one() -> None:
    player = terran(-3, science=4, materials=2)  # trades give 2 + 1 money
    assert balance(player, 1) == -3
    assert affordable(player, 1)
    assert not affordable(player, 1, reserve=1)
    assert not affordable(player, 1, keep=Resource.SCIENCE)  # research spends the science
    assert affordable(terran(-2, science=6), 1, keep=Resource.SCIENCE, kept=2)  # 4 left: 2 money
    assert not affordable(terran(-2, science=6), 1, keep=Resource.SCIENCE, kept=3)
    assert not affordable(terran(-1), 1)  # nothing to trade


def test_action_price_while_money_covers_the_upkeep() -> None:
    player = terran(3)
    assert action_price(player, 1, left=7) == pytest.approx(3 * money_price(player, 1, 7))
    assert money_price(player, 1, 7) == pytest.approx(RESOURCE_VP)  # 3 money spare is tight


def test_action_price_of_an_upkeep_paid_by_trading() -> None:
    # Two money of the three are there; the third is bought for 2 science or materials.
    player = terran(-1, science=4)
    assert action_price(player, 1, left=7) == pytest.approx(2 * RESOURCE_VP + 2 * RESOURCE_VP)
    # With no round left after this one, money and resources buy 30% of what they did.
    assert action_price(player, 1, left=0) == pytest.approx(0.3 * 4 * RESOURCE_VP)
    # All of it bought when the money is short even without this disc.
    assert action_price(terran(-4, science=8), 1, left=7) == pytest.approx(3 * 2 * RESOURCE_VP)


def test_plentiful_money_is_cheap() -> None:
    rich, poor = terran(20), terran(2)
    assert money_price(rich, 1, 7) == pytest.approx(RESOURCE_VP * 4 / 20)
    assert action_price(rich, 1, 7) < action_price(poor, 1, 7)


def test_science_costs_less_towards_the_end() -> None:
    # A tech's science is priced at SCIENCE_VP a point, times lateness: 1 with seven rounds or
    # more to play, 0.3 in the last round (science left then buys nothing).
    from engine.actions.research import research_cost
    from engine.planner.valuation import SCIENCE_VP, Plan, research_gain, tech_value

    s = started("terran_directorate", "planta")
    for round_number, share in ((1, 1.0), (8, 0.3)):
        at = replace(s, round=round_number)
        cost = research_cost("gauss_shield", 0)
        gain = research_gain(at, 0, "gauss_shield", TechCategory.GRID, Plan.MIX)
        value = tech_value(at, 0, "gauss_shield", Plan.MIX)
        assert value - gain == pytest.approx(SCIENCE_VP * share * cost)


# ----- taking discs back (Influence) -------------------------------------------------------

POOR = 315  # 1 VP, no population square
RICH = 104  # 2 VP, money and science squares
NEAR = Hex(0, -1)  # the zone south of the Terran Directorate's home in a two-player game


def holding(tile: int, cubes: tuple[int, ...] = (), **changes: Any) -> GameState:
    """Round 2 of a two-player game; seat 0 (the Terran Directorate) holds ``tile`` south of
    its home (its discovery taken) and has 8 discs on the influence track, so in a round of
    ``PLANNED_ACTIONS`` actions 3 are left there and one disc more on the track saves
    upkeep_for(3) - upkeep_for(4) = 17 - 13 = 4 money."""
    s = replace(started("terran_directorate", "planta"), round=2)
    s = s.with_player(replace(s.players[0], discs_track=8))
    return with_sector(s, sector(NEAR, tile, owner=0, cubes=cubes, discovery=False, **changes))


def test_a_disc_on_a_poor_sector_is_worth_taking_back() -> None:
    s = holding(POOR)
    here = s.sector(NEAR)
    assert here is not None
    assert steady_upkeep_saved(s.players[0], 1) == 4
    # 4 money in each of this round and the 6 left, at RESOURCE_VP, less the sector's 1 VP.
    assert release_value(s, 0, here) == pytest.approx(4 * 7 * RESOURCE_VP - 1)
    assert kept_value(s, 0, here) == pytest.approx(1.0)


def test_a_disc_holding_cubes_and_points_earns_its_upkeep() -> None:
    s = holding(RICH, cubes=(0, 1, 2, 3))
    here = s.sector(NEAR)
    assert here is not None
    squares = sum(square_value(s, 0, sq) for sq in here.printed.squares)
    assert kept_value(s, 0, here) == pytest.approx(2 + squares)
    value = release_value(s, 0, here)
    assert value is not None and value < 0
    # Empty squares hold nothing: the same sector without cubes is worth its points only.
    empty = holding(RICH)
    assert kept_value(empty, 0, empty.sector(NEAR)) == pytest.approx(2.0)  # type: ignore[arg-type]


def test_homes_structures_and_defended_sectors_are_never_given_up() -> None:
    home = holding(POOR).sector(HOME)
    assert home is not None
    assert release_value(holding(POOR), 0, home) is None
    for changes in ({"monolith": True}, {"orbital": True}, {"ships": [(0, "cruiser", 1)]}):
        s = holding(POOR, **changes)
        assert release_value(s, 0, s.sector(NEAR)) is None  # type: ignore[arg-type]


def test_planner_influence_takes_back_the_poor_disc() -> None:
    s = holding(POOR)
    bot = PlannerPlayer()
    bot.plan = choose_plan(s, 0)
    choice = bot._influence_choice(s, 0, False)
    assert choice is not None
    assert choice.intent == -1  # a disc back to the track, none placed
    assert choice.value == pytest.approx(release_value(s, 0, s.sector(NEAR)))  # type: ignore[arg-type]
    s = do(s, "action influence")
    assert bot.choose(s, legal_actions(s)) == InfluenceDisc(NEAR, None)
    rich = do(holding(RICH, cubes=(0, 1, 2, 3)), "action influence")
    assert InfluenceDisc(NEAR, None) in legal_actions(rich)
    assert bot.choose(rich, legal_actions(rich)) != InfluenceDisc(NEAR, None)
