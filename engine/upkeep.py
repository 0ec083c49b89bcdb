"""Upkeep: colony ships, income against upkeep, trading or abandoning sectors, production.

Each player may still use colony ships (not into sectors with opponent ships), then gains their
money income (the highest empty square of the money track) minus their upkeep (the highest empty
space of the influence track). Money never goes below zero: a player who cannot pay trades at
their species' rate or abandons sectors (disc back to the track, cubes back to the tracks) until
they can; one who still cannot is eliminated. Then materials and science are produced.
First of all, with the New Dangers Supernova module, each Supernova is rolled for
(``engine.supernova``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.actions.base import Action, register
from engine.actions.colony import legal_colonize
from engine.actions.influence import release_sector
from engine.actions.trade import legal_trade
from engine.board import production, upkeep_cost
from engine.decisions import Upkeep
from engine.elimination import eliminate
from engine.enums import Resource
from engine.hexes import Hex
from engine.state import GameState
from engine.supernova import supernova_rolls


@register
@dataclass(frozen=True, slots=True)
class Abandon(Action):
    """Give up control of a sector to lower the upkeep (only while it cannot be paid)."""

    VERB = "abandon"
    where: Hex


@register
@dataclass(frozen=True, slots=True)
class PayUpkeep(Action):
    """Collect income, pay upkeep and produce materials and science."""

    VERB = "pay_upkeep"


def balance(state: GameState, seat: int) -> int:
    """Money after income and upkeep if paid now (negative: cannot pay)."""
    player = state.players[seat]
    return player.money + production(player, Resource.MONEY) - upkeep_cost(player)


def legal_upkeep(state: GameState, d: Upkeep) -> list[Action]:
    """Colonise, trade, abandon (only when short), or pay."""
    seat = d.seat
    out: list[Action] = list(legal_colonize(state, seat, upkeep=True))
    trades = legal_trade(state, seat)
    out.extend(trades)
    short = balance(state, seat) < 0
    abandon = [Abandon(s.hex) for s in state.controlled(seat)] if short else []
    out.extend(abandon)
    money_trades = [t for t in trades if t.get is Resource.MONEY]
    if not short or (not abandon and not money_trades):
        out.append(PayUpkeep())
    return out


def apply_upkeep(state: GameState, d: Upkeep, action: Action) -> GameState:
    """Abandon a sector, or settle the upkeep (eliminating a player who cannot pay)."""
    seat = d.seat
    if isinstance(action, Abandon):
        state = release_sector(state, action.where)
        player = state.players[seat]
        return state.with_player(replace(player, discs_track=player.discs_track + 1))
    assert isinstance(action, PayUpkeep)
    state = state.with_pending(pop=1)
    money = balance(state, seat)
    if money < 0:
        return eliminate(state, seat)
    player = state.players[seat]
    player = replace(
        player,
        money=money,
        science=player.science + production(player, Resource.SCIENCE),
        materials=player.materials + production(player, Resource.MATERIALS),
    )
    return state.with_player(player)


def start_upkeep(state: GameState) -> GameState:
    """Enter the upkeep phase: every active player settles, the start player first."""
    from engine.board import seats_after
    from engine.enums import Phase

    n = len(state.players)
    order = seats_after(state, (state.start_player - 1) % n)
    state = replace(state, phase=Phase.UPKEEP)
    state = state.with_pending(*(Upkeep(s) for s in reversed(order)))
    return state.with_pending(*reversed(supernova_rolls(state)))
