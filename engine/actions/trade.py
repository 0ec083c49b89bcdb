"""Trade: at any time, pay the species' trade rate of one resource for one of another."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions.base import Action, register
from engine.board import trade_rate
from engine.enums import RESOURCES, Resource
from engine.state import GameState


@register
@dataclass(frozen=True, slots=True)
class Trade(Action):
    """Pay the trade rate in ``give`` to gain one ``get``."""

    VERB = "trade"
    give: Resource
    get: Resource


def legal_trade(state: GameState, seat: int) -> list[Trade]:
    """Every trade the player can afford."""
    player = state.players[seat]
    rate = trade_rate(player)
    return [
        Trade(give, get)
        for give in RESOURCES
        if player.resource(give) >= rate
        for get in RESOURCES
        if get is not give
    ]


def apply_trade(state: GameState, seat: int, action: Trade) -> GameState:
    """Pay and gain."""
    player = state.players[seat]
    player = player.with_resource(action.give, -trade_rate(player))
    return state.with_player(player.with_resource(action.get, 1))
