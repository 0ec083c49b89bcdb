"""Actions have a readable text form that parses back to the same action."""

from __future__ import annotations

import typing
from dataclasses import fields
from enum import Enum
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine.rules  # noqa: F401  (registers every action)
from blueprints import ShipClass
from engine.actions.base import _REGISTRY, Action, parse_action, verbs
from engine.errors import ActionParseError
from engine.hexes import Hex

TOKENS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_0123456789", min_size=1, max_size=12)


def _strategy(hint: Any) -> st.SearchStrategy[Any]:
    origin = typing.get_origin(hint)
    if origin is not None and type(None) in typing.get_args(hint):
        inner = next(h for h in typing.get_args(hint) if h is not type(None))
        return st.none() | _strategy(inner)
    if hint is bool:
        return st.booleans()
    if hint is int:
        return st.integers(-50, 500)
    if hint is Hex:
        return st.builds(Hex, st.integers(-9, 9), st.integers(-9, 9), st.integers(0, 3))
    if isinstance(hint, type) and issubclass(hint, Enum):
        return st.sampled_from(list(hint))
    if hint is str:
        return TOKENS.filter(lambda t: t not in ("yes", "no", "-"))
    raise AssertionError(hint)


def _action_strategy(cls: type[Action]) -> st.SearchStrategy[Action]:
    hints = typing.get_type_hints(cls)
    return st.builds(cls, **{f.name: _strategy(hints[f.name]) for f in fields(cls)})


ACTIONS = st.one_of([_action_strategy(cls) for cls in _REGISTRY.values()])


@given(ACTIONS)
def test_text_form_round_trips(action: Action) -> None:
    assert parse_action(str(action)) == action


def test_examples_read_well() -> None:
    from engine.actions.move import MoveShip

    move = parse_action("move interceptor (0,-2) (0,-1)")
    assert isinstance(move, MoveShip) and move.target == Hex(0, -1)
    assert parse_action("move interceptor ( 0 , -2 ) (0,-1)") == move
    assert str(parse_action("influence - (1,-1)")) == "influence - (1,-1)"
    # 40 of the base game, 6 of New Dangers (pulsar, return_ship, move_damaged, minor_species,
    # draw_minor_species, token_cube).
    assert len(verbs()) == len(_REGISTRY) == 46


def test_new_dangers_actions_read_well() -> None:
    from engine.actions.move import MoveShip

    move = parse_action("move interceptor (1,-3) (1,-3)b")
    assert isinstance(move, MoveShip) and move.target == Hex(1, -3, 2)
    assert str(move) == "move interceptor (1,-3) (1,-3)b"
    assert str(parse_action("pulsar (2,-4) build")) == "pulsar (2,-4) build"
    assert str(parse_action("return_ship cruiser (0,-1)")) == "return_ship cruiser (0,-1)"
    assert str(parse_action("minor_species three_vp")) == "minor_species three_vp"
    assert str(parse_action("move_damaged cruiser (0,-1) (0,-2) 1")).endswith(" 1")


def test_combat_actions_read_well() -> None:
    from blueprints import DieColour
    from engine.actions.combat import AssignDamage, KeepReputation, RetreatTo, RollDice

    roll = parse_action("roll yellow 1,6,5")
    assert roll == RollDice(DieColour.YELLOW, "6,5,1") and str(roll) == "roll yellow 6,5,1"
    assert parse_action("roll pink 3") == RollDice(DieColour.PINK, "3")
    assert parse_action("assign cruiser:2,0/interceptor:-") == AssignDamage(
        "cruiser:2,0/interceptor:-"
    )
    assert parse_action("retreat (0,-2)") == RetreatTo(Hex(0, -2))
    assert parse_action("keep_reputation 4 -") == KeepReputation(4, None)
    assert str(KeepReputation(4, 1)) == "keep_reputation 4 1"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action text"),
        ("fly interceptor", "unknown action 'fly'"),
        ("move interceptor (0,-2)", "expected 'move <ship_class> <origin> <target>'"),
        ("move frigate (0,-2) (0,-1)", "'frigate' is not one of interceptor"),
        ("explore (0;1)", "not a hex"),
        ("place 102 north", "expected a whole number, got 'north'"),
        ("colonize (0,0) 1 gold", "'gold' is not one of money"),
    ],
)
def test_bad_text_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ActionParseError, match=message):
        parse_action(text)


def test_a_hit_assignment_result_lists_each_types_damage_largest_first() -> None:
    """Per ship type, the damage of every ship left, largest first; ``-`` when none is left."""
    from engine.actions.combat import format_result

    classes = (ShipClass.CRUISER, ShipClass.INTERCEPTOR)
    assert format_result(classes, ((0, 2, 1), ())) == "cruiser:2,1,0/interceptor:-"
    assert format_result(classes, ((), (3,))) == "cruiser:-/interceptor:3"


def test_a_malformed_list_of_faces_is_not_read_as_dice() -> None:
    """Faces are digits, with or without commas between them; an empty place between two
    commas is no face, so the text is not taken for a roll."""
    from blueprints import DieColour
    from engine.actions.combat import RollDice

    assert RollDice(DieColour.YELLOW, "615").values == (6, 5, 1)
    bad = RollDice(DieColour.YELLOW, "6,,5")
    assert bad.values == () and bad.faces == "6,,5"
    assert RollDice(DieColour.YELLOW, "6,x").values == ()


def test_a_verb_is_registered_once_and_never_empty() -> None:
    """``register`` refuses a class without a verb or with a verb already taken."""
    from dataclasses import dataclass

    from engine.actions.base import register

    @dataclass(frozen=True, slots=True)
    class NoVerb(Action):
        pass

    @dataclass(frozen=True, slots=True)
    class Taken(Action):
        VERB = "pass"

    for cls in (NoVerb, Taken):
        with pytest.raises(TypeError, match="is empty or taken"):
            register(cls)
    assert _REGISTRY["pass"].__name__ == "Pass"


def test_flags_and_optional_numbers_of_a_new_action_read_back() -> None:
    """A newly registered action is read by ``parse_action``: flags as ``yes``/``no``, an
    optional number as ``-`` or digits; a bad token is named with the verb and the field. (No
    game action has a flag today, so a test-only action states the rule; its verb's cached
    signature is dropped first, so this test reads it afresh.)"""
    from dataclasses import dataclass

    from engine.actions.base import _SIGNATURES, register

    verb = "test_only_flagged"

    @dataclass(frozen=True, slots=True)
    class Flagged(Action):
        VERB = verb
        flag: bool
        count: int | None
        ship: ShipClass

    _SIGNATURES.pop(verb, None)
    try:
        assert register(Flagged) is Flagged
        for action in (
            Flagged(True, None, ShipClass.CRUISER),
            Flagged(False, 3, ShipClass.STARBASE),
        ):
            assert parse_action(str(action)) == action
            assert parse_action(str(action)) == action  # again, from the cached signature
        assert str(Flagged(True, None, ShipClass.CRUISER)) == f"{verb} yes - cruiser"
        assert str(Flagged(False, 3, ShipClass.STARBASE)) == f"{verb} no 3 starbase"
        with pytest.raises(ActionParseError, match=f"^{verb} flag: expected yes or no, got 'y'"):
            parse_action(f"{verb} y - cruiser")
        with pytest.raises(ActionParseError, match=f"^{verb} count: expected a whole number"):
            parse_action(f"{verb} yes x cruiser")
    finally:
        _REGISTRY.pop(verb, None)
        _SIGNATURES.pop(verb, None)


def test_a_bad_enum_value_names_the_field_and_every_legal_value() -> None:
    with pytest.raises(
        ActionParseError,
        match=r"^move ship_class: 'frigate' is not one of interceptor, cruiser, dreadnought",
    ):
        parse_action("move frigate (0,-2) (0,-1)")
