"""The engine's interface (``engine.rules``): what ``legal_actions``, ``apply``,
``chance_outcomes`` and ``activation_options`` promise whatever the decision, and the free
actions' timing ("colony ships during your action or reaction": not before choosing one)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.actions.base import parse_action
from engine.decisions import Activations, TechDraw, TurnStart
from engine.enums import ActionKind, Phase
from engine.errors import IllegalActionError
from engine.rules import activation_options, apply, chance_outcomes, legal_actions
from engine.state import CHANCE
from tests.engine.builders import answers, do, edit, started


def game():  # type: ignore[no-untyped-def]
    return started("terran_directorate", "planta", tray=["nanorobots"])


def test_a_finished_game_takes_no_action() -> None:
    over = replace(game(), phase=Phase.GAME_OVER)
    with pytest.raises(IllegalActionError, match=r"^the game is over; 'pass' cannot be played$"):
        apply(over, parse_action("pass"))


def test_a_state_with_nothing_pending_takes_no_action_and_offers_none() -> None:
    idle = replace(game(), pending=())
    assert idle.decision is None
    assert legal_actions(idle) == ()
    assert chance_outcomes(idle) == ()
    with pytest.raises(IllegalActionError, match="the game is over"):
        apply(idle, parse_action("pass"))


def test_an_illegal_action_is_refused_naming_the_decision_and_six_legal_answers() -> None:
    s = do(game(), "action research")
    legal = legal_actions(s)
    assert len(legal) > 6
    with pytest.raises(IllegalActionError) as refused:
        apply(s, parse_action("pass"))  # legal at the start of a turn, not mid-action
    sample = ", ".join(repr(str(a)) for a in legal[:6])
    assert str(refused.value) == (
        f"'pass' is not legal now ({s.decision.label}); legal: {sample} "  # type: ignore[union-attr]
        f"and {len(legal) - 6} more"
    )


def test_a_short_list_of_legal_answers_is_given_whole() -> None:
    broke = edit(game(), 0, money=0, science=0, materials=0)  # nothing to trade
    few = do(broke, "action influence")
    legal = legal_actions(few)
    assert 0 < len(legal) <= 6
    with pytest.raises(IllegalActionError) as refused:
        apply(few, parse_action("pass"))
    assert str(refused.value).endswith("legal: " + ", ".join(repr(str(a)) for a in legal))


@pytest.mark.parametrize(("money", "count", "more"), [(0, 6, ""), (None, 8, " and 2 more")])
def test_six_legal_answers_are_listed_whole_and_a_seventh_is_counted(
    money: int | None, count: int, more: str
) -> None:
    s = game() if money is None else edit(game(), 0, money=money)
    s = do(s, "action influence")  # one disc to place, "end", and the trades the money allows
    legal = legal_actions(s)
    assert len(legal) == count
    with pytest.raises(IllegalActionError) as refused:
        apply(s, parse_action("pass"))
    shown = ", ".join(repr(str(a)) for a in legal[:6])
    assert str(refused.value).endswith(f"legal: {shown}{more}")


def test_seven_legal_answers_list_six_and_one_more() -> None:
    s = do(edit(game(), 0, money=0), "action research")
    legal = legal_actions(s)
    assert len(legal) == 7
    with pytest.raises(IllegalActionError) as refused:
        apply(s, parse_action("pass"))
    assert str(refused.value).endswith(" and 1 more")


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


def test_chance_outcomes_only_at_a_chance_event_and_they_sum_to_one() -> None:
    s = game()
    assert chance_outcomes(s) == ()
    s = do(s, "pass", "pass", "pay_upkeep", "pay_upkeep")
    assert isinstance(s.decision, TechDraw) and s.decision.seat == CHANCE
    outcomes = chance_outcomes(s)
    assert isinstance(outcomes, tuple) and outcomes
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert legal_actions(s) == tuple(a for a, _ in outcomes)


def test_activation_options_are_the_first_activation_of_that_action() -> None:
    s = game()
    for kind in (ActionKind.RESEARCH, ActionKind.BUILD, ActionKind.MOVE, ActionKind.INFLUENCE):
        started_action = do(s, f"action {kind.value}")
        assert isinstance(started_action.decision, Activations)
        wanted = {str(a) for a in legal_actions(started_action)} - {"end"}
        offered = {str(a) for a in activation_options(s, 0, kind)}
        free = {a for a in wanted if a.startswith(("colonize", "trade", "diplomacy", "ally"))}
        assert offered == wanted - free, kind


def test_colony_ships_wait_for_an_action_but_trade_does_not() -> None:
    s = game()
    assert s.decision == TurnStart(0)
    at_turn_start = answers(s)
    assert not any(a.startswith("colonize") for a in at_turn_start)
    assert any(a.startswith("trade") for a in at_turn_start)
