"""The economy benchmark's own arithmetic (``benchmarks/bots_economy.py``): how it attributes a
seat's storage changes to causes, and its counterfactual upkeep relief. Its tables back issue
18's closing notes, so a wrong attribution would mislead them."""

from __future__ import annotations

from benchmarks.bots_economy import flow_causes, relieve_upkeep
from engine.actions.trade import Trade
from engine.board import production, trade_rate, upkeep_cost
from engine.decisions import Upkeep
from engine.enums import Resource
from engine.rules import apply
from engine.tables import tables
from engine.upkeep import PayUpkeep
from tests.engine.builders import edit, started


def test_paying_upkeep_splits_into_production_and_the_upkeep_paid() -> None:
    s = edit(started("terran_directorate", "planta"), 0, money=5, discs_track=6)
    at_upkeep = s.with_pending(Upkeep(0))
    after = apply(at_upkeep, PayUpkeep())
    causes = {(r, cause): n for r, cause, n in flow_causes(at_upkeep, PayUpkeep(), after, 0)}
    player = s.players[0]
    assert causes[(Resource.MONEY, "production")] == production(player, Resource.MONEY)
    assert causes[(Resource.MONEY, "upkeep")] == -upkeep_cost(player) == -7
    assert causes[(Resource.SCIENCE, "production")] == production(player, Resource.SCIENCE)
    assert (Resource.SCIENCE, "upkeep") not in causes  # science pays no upkeep
    money = after.players[0].money - player.money
    assert money == causes[(Resource.MONEY, "production")] + causes[(Resource.MONEY, "upkeep")]


def test_a_trade_is_money_given_away_and_science_got() -> None:
    s = edit(started("terran_directorate", "planta"), 0, money=9)
    trade = Trade(Resource.MONEY, Resource.SCIENCE)
    after = apply(s, trade)
    rate = trade_rate(s.players[0])
    assert sorted(flow_causes(s, trade, after, 0)) == sorted(
        [(Resource.MONEY, "traded away", -rate), (Resource.SCIENCE, "traded for", 1)]
    )


def test_upkeep_relief_lowers_every_upkeep_and_zero_restores_the_printed_table() -> None:
    printed = [tables().upkeep_for(n) for n in range(14)]
    try:
        relieve_upkeep(2)
        assert [tables().upkeep_for(n) for n in range(14)] == [max(0, u - 2) for u in printed]
        relieve_upkeep(2)  # not twice
        assert tables().upkeep_for(0) == printed[0] - 2
    finally:
        relieve_upkeep(0)
    assert [tables().upkeep_for(n) for n in range(14)] == printed
