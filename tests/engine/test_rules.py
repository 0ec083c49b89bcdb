"""The engine's interface (``engine.rules``): what is legal, what ``apply`` refuses and how,
the odds of chance events, the bots' look-ahead at an action's first activation, and the free
actions' timing ("colony ships during your action or reaction": not before choosing one)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.actions.base import parse_action
from engine.decisions import TechDraw, TurnStart
from engine.enums import ActionKind, Phase
from engine.errors import IllegalActionError
from engine.hexes import Hex
from engine.rules import activation_options, apply, chance_outcomes, legal_actions
from engine.state import CHANCE, GameState
from tests.engine.builders import answers, do, sector, started, with_sector


def game() -> GameState:
    return started("terran_directorate", "planta")


def test_an_illegal_action_is_refused_with_what_is_legal_instead() -> None:
    """The message names the action, the decision and the first six legal answers, with the
    count of the others."""
    s = do(game(), "action explore", "explore (0,-1)", "draw_sector 103")
    assert len(legal_actions(s)) == 6  # five connecting turns and discarding
    listed = ", ".join(repr(str(a)) for a in legal_actions(s))
    with pytest.raises(IllegalActionError) as six:
        apply(s, parse_action("place 103 3"))
    assert str(six.value) == f"'place 103 3' is not legal now ({s.decision.label}); legal: {listed}"  # type: ignore[union-attr]
    s = do(game(), "action explore")
    many = legal_actions(s)
    assert len(many) > 7
    first = ", ".join(repr(str(a)) for a in many[:6])
    with pytest.raises(IllegalActionError) as more:
        apply(s, parse_action("explore (3,3)"))
    label = s.decision.label  # type: ignore[union-attr]
    expected = (
        f"'explore (3,3)' is not legal now ({label}); legal: {first} and {len(many) - 6} more"
    )
    assert str(more.value) == expected


def test_seven_legal_answers_name_six_and_one_more() -> None:
    s = do(game(), "action explore", "explore (0,-1)", "draw_sector 103")
    s = replace(s, players=(replace(s.players[0], money=0, science=0, materials=0), s.players[1]))
    s = do(s, "place 103 0", "decline", "end")  # seat 1's turn
    s = replace(s, players=(s.players[0], replace(s.players[1], money=0, science=0, materials=0)))
    assert len(legal_actions(s)) == 7  # six actions and passing, nothing to trade
    with pytest.raises(IllegalActionError, match=r" and 1 more$"):
        apply(s, parse_action("explore (3,3)"))


def test_nothing_is_legal_once_the_game_is_over() -> None:
    over = replace(game(), phase=Phase.GAME_OVER)
    with pytest.raises(IllegalActionError, match=r"^the game is over; 'pass' cannot be played$"):
        apply(over, parse_action("pass"))
    assert legal_actions(replace(game(), pending=())) == ()


def test_odds_only_at_a_chance_event() -> None:
    s = game()
    assert chance_outcomes(s) == ()  # a player's decision
    assert chance_outcomes(replace(s, pending=())) == ()  # no decision at all
    drawn = chance_outcomes(do(s, "action explore", "explore (0,-1)"))
    assert isinstance(drawn, tuple) and len(drawn) == 10


def test_the_first_activation_of_each_action_is_what_the_action_would_offer() -> None:
    """``activation_options`` (the bots' look-ahead) gives the options of an action's first
    activation without taking the action."""
    s = with_sector(game(), sector(Hex(0, -1), 102, rotation=0))
    for kind, verb in ((ActionKind.MOVE, "move"), (ActionKind.EXPLORE, "explore")):
        ahead = {str(a) for a in activation_options(s, 0, kind)}
        taken = {a for a in answers(do(s, f"action {kind.value}")) if a.startswith(f"{verb} ")}
        assert ahead == taken and ahead
    influence = {str(a) for a in activation_options(s, 0, ActionKind.INFLUENCE)}
    assert "influence - (0,-1)" in influence and not any(
        a.startswith(("move", "explore")) for a in influence
    )


def test_a_state_with_nothing_pending_takes_no_action() -> None:
    idle = replace(game(), pending=())
    assert idle.decision is None
    with pytest.raises(IllegalActionError, match="the game is over"):
        apply(idle, parse_action("pass"))


def test_legal_actions_are_the_same_tuple_when_asked_again() -> None:
    s = game()
    once, twice = legal_actions(s), legal_actions(s)
    assert isinstance(once, tuple) and isinstance(twice, tuple) and once == twice
    other = do(s, "action research")
    assert legal_actions(other) != once  # the answer is the asked state's, not the last one's
    assert legal_actions(s) == once


def test_apply_takes_only_the_asked_states_answers() -> None:
    s = game()
    legal_actions(s)
    mid = do(s, "action research")
    legal_actions(mid)  # the last state asked is now another one
    after = apply(s, parse_action("pass"))
    assert after.pass_order == (0,)


def test_chance_outcomes_sum_to_one_and_are_the_legal_answers() -> None:
    s = do(game(), "pass", "pass", "pay_upkeep", "pay_upkeep")
    assert isinstance(s.decision, TechDraw) and s.decision.seat == CHANCE
    outcomes = chance_outcomes(s)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert legal_actions(s) == tuple(a for a, _ in outcomes)


def test_colony_ships_wait_for_an_action_but_trade_does_not() -> None:
    s = game()
    assert s.decision == TurnStart(0)
    at_turn_start = answers(s)
    assert not any(a.startswith("colonize") for a in at_turn_start)
    assert any(a.startswith("trade") for a in at_turn_start)
