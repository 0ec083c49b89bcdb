"""The planner's economy, worked by hand from the rules' upkeep track.

``rules.toml``'s upkeep by discs left on the influence track ends ``..., 10, 7, 5, 3, 2, 1, 0`` (5
to 11 discs), so with 6 discs on the track one more disc off it adds 10 - 7 = 3 money to this
round's upkeep. The Terran Directorate trades at 2 for 1.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

import pytest

from blueprints import TechCategory
from engine.board import production
from engine.enums import Resource
from engine.planner.economy import (
    IDLE_RESERVE,
    IDLE_SHARE,
    RESOURCE_VP,
    action_price,
    affordable,
    balance,
    disc_cost,
    idle_money,
    lateness,
    money_price,
    tradeable,
)
from engine.state import PlayerState
from tests.engine.builders import started


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
    # With no round left after this one, money and resources buy 10% of what they did.
    assert action_price(player, 1, left=0) == pytest.approx(0.1 * 4 * RESOURCE_VP)
    # All of it bought when the money is short even without this disc.
    assert action_price(terran(-4, science=8), 1, left=7) == pytest.approx(3 * 2 * RESOURCE_VP)


def test_plentiful_money_is_cheap() -> None:
    rich, poor = terran(20), terran(2)
    assert money_price(rich, 1, 7) == pytest.approx(RESOURCE_VP * 4 / 20)
    assert action_price(rich, 1, 7) < action_price(poor, 1, 7)


def test_science_costs_less_towards_the_end() -> None:
    # A tech's science is priced at SCIENCE_VP a point, times lateness: 1 with seven rounds or
    # more to play, 0.1 in the last round (science left then buys nothing).
    from engine.actions.research import research_cost
    from engine.planner.valuation import SCIENCE_VP, Plan, research_gain, tech_value

    s = started("terran_directorate", "planta")
    for round_number, share in ((1, 1.0), (7, 0.4), (8, 0.1)):
        at = replace(s, round=round_number)
        cost = research_cost("gauss_shield", 0)
        gain = research_gain(at, 0, "gauss_shield", TechCategory.GRID, Plan.MIX)
        value = tech_value(at, 0, "gauss_shield", Plan.MIX)
        assert value - gain == pytest.approx(SCIENCE_VP * share * cost)


def test_idle_stock_pays_for_upkeep_first_and_cheaply() -> None:
    # The disc costs 3 money and none of it is there. Science kept within IDLE_RESERVE (8) is
    # worth a full RESOURCE_VP a point: 3 money are 6 science, 1.2 VP. Beyond the reserve it is
    # idle and worth IDLE_SHARE of that.
    assert IDLE_RESERVE == 8
    kept = terran(-3, science=8)
    assert idle_money(kept) == 0
    assert action_price(kept, 1, left=7) == pytest.approx(6 * RESOURCE_VP)
    piled = terran(-3, science=14, materials=9)  # 6 idle science and 1 idle material: 3 money
    assert idle_money(piled) == 3
    assert action_price(piled, 1, left=7) == pytest.approx(6 * IDLE_SHARE * RESOURCE_VP)
    # Two idle money of the three: the third is bought at the full price.
    some = terran(-3, science=12, materials=8)
    assert idle_money(some) == 2
    want = (2 * IDLE_SHARE + 1) * 2 * RESOURCE_VP
    assert action_price(some, 1, left=7) == pytest.approx(want)


def test_lateness_falls_each_round_and_is_small_in_the_last() -> None:
    shares = [lateness(left) for left in range(8, -1, -1)]
    assert shares[:2] == [1.0, 1.0]  # seven rounds or more to play
    assert all(a > b for a, b in pairwise(shares[1:]))
    assert lateness(1) == pytest.approx(0.4)
    assert lateness(0) == pytest.approx(0.1)


def test_a_disc_past_the_end_of_the_track_costs_its_dearest_step() -> None:
    from engine.planner.economy import PLANNED_ACTIONS, planned_upkeep, steady_upkeep_cost

    # The track's own steps, then 5 money (30 - 25) for each disc a plan is short.
    assert [planned_upkeep(n) for n in (11, 10, 1, 0, -1, -3)] == [0, 1, 25, 30, 35, 45]
    # Two discs on the track and none out for actions: a typical round takes PLANNED_ACTIONS (5)
    # actions, so the plan is three discs short and one more sector still costs 5 a round.
    deep = replace(terran(0), discs_track=2, discs_actions=0)
    assert PLANNED_ACTIONS == 5
    assert steady_upkeep_cost(deep) == 5
    roomy = replace(terran(0), discs_track=11, discs_actions=0)  # plan leaves 6: 10 - 7 = 3
    assert steady_upkeep_cost(roomy) == 3
