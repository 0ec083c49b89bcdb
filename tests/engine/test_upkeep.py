"""The upkeep phase's choices (``engine.upkeep.legal_upkeep``), rule by rule."""

from __future__ import annotations

from dataclasses import replace

from engine.actions.colony import Colonize, legal_colonize
from engine.decisions import Upkeep
from engine.enums import Phase
from engine.hexes import Hex
from engine.state import GameState
from engine.upkeep import Abandon, PayUpkeep, balance, legal_upkeep, start_upkeep
from tests.engine.builders import edit, sector, started, with_sector

HOME = Hex(0, -2)
OURS = Hex(0, -1)
"""A sector seat 0 controls beside its home, with a free money square."""


def two() -> GameState:
    return started("terran_directorate", "planta")


def choices(state: GameState, seat: int = 0) -> list[str]:
    return sorted(str(a) for a in legal_upkeep(state, Upkeep(seat)))


def test_colony_ships_may_be_used_at_upkeep_but_not_where_opponent_ships_are() -> None:
    """Upkeep: a player may still use colony ships first, but not into a sector that holds an
    opponent's ships (during the action phase that sector is open to them)."""
    s = with_sector(two(), sector(OURS, 102, owner=0))
    free = [a for a in legal_upkeep(s, Upkeep(0)) if isinstance(a, Colonize)]
    assert free and all(a.where in (OURS, HOME) for a in free)
    assert any(a.where == OURS for a in free)
    invaded = with_sector(s, sector(OURS, 102, owner=0, ships=[(1, "interceptor", 1)]))
    at_upkeep = [a for a in legal_upkeep(invaded, Upkeep(0)) if isinstance(a, Colonize)]
    assert not any(a.where == OURS for a in at_upkeep)
    in_action_phase = [a for a in legal_colonize(invaded, 0) if isinstance(a, Colonize)]
    assert any(a.where == OURS for a in in_action_phase)  # the action phase's rule


def test_a_player_who_can_pay_pays_and_abandons_nothing() -> None:
    s = two()
    assert balance(s, 0) >= 0
    options = legal_upkeep(s, Upkeep(0))
    assert PayUpkeep() in options and not any(isinstance(a, Abandon) for a in options)


def test_a_player_short_of_money_with_money_trades_must_trade_first() -> None:
    """Short with no sector to abandon: while a trade for money is possible, paying (and so
    being eliminated) is not offered; with nothing left to trade it is."""
    s = two()
    home = next(x for x in s.sectors if x.owner == 0)
    s = with_sector(s, replace(home, owner=None, cubes=(False,) * len(home.cubes)))
    s = edit(s, 0, money=0, science=0, materials=20, discs_track=0, discs_actions=13)
    assert balance(s, 0) < 0 and not list(s.controlled(0))
    options = choices(s)
    assert "pay_upkeep" not in options and "trade materials money" in options
    assert not any(o.startswith("abandon") for o in options)
    broke = edit(s, 0, materials=0)
    assert choices(broke) == ["pay_upkeep"]


def test_every_active_player_settles_upkeep_the_start_player_first() -> None:
    """Upkeep is settled in turn order from the start player (three players, the second seat
    starting): seats 1, 2, 0."""
    s = replace(started("terran_directorate", "planta", "orion_hegemony"), start_player=1)
    s = start_upkeep(s)
    assert s.phase is Phase.UPKEEP
    assert s.pending[-3:] == (Upkeep(0), Upkeep(2), Upkeep(1))  # the top settles first


def test_money_that_exactly_covers_the_upkeep_pays_it_and_keeps_the_player() -> None:
    """A balance of exactly 0 is not short: the player pays, nothing is offered for abandoning,
    and the player stays in the game with no money left (one less would be short)."""
    from engine.board import production
    from engine.enums import Resource
    from engine.upkeep import apply_upkeep, upkeep_cost

    s = two()
    # Five discs left on the track: an upkeep of 10, of which production pays 3.
    s = edit(s, 0, discs_track=5, discs_actions=s.players[0].discs_track - 5)
    player = s.players[0]
    assert (upkeep_cost(player), production(player, Resource.MONEY)) == (10, 3)
    s = edit(s, 0, money=7)
    assert balance(s, 0) == 0
    options = legal_upkeep(s, Upkeep(0))
    assert PayUpkeep() in options and not any(isinstance(a, Abandon) for a in options)
    paid = apply_upkeep(s.with_pending(Upkeep(0)), Upkeep(0), PayUpkeep())
    assert not paid.players[0].eliminated and paid.players[0].money == 0
    short = edit(s, 0, money=s.players[0].money - 1)
    assert balance(short, 0) == -1
    assert any(isinstance(a, Abandon) for a in legal_upkeep(short, Upkeep(0)))
