"""The action base class and its text form.

Every action is a frozen dataclass registered under a verb. Its text form is the verb followed by
its fields in order: hexes as ``(q,r)``, enums by value, ``-`` for none, ``yes``/``no`` for
flags. ``parse_action`` reads the text back to the same action.

>>> from engine.actions.turn import TakeAction
>>> from engine.enums import ActionKind
>>> str(TakeAction(ActionKind.EXPLORE))
'action explore'
>>> parse_action("action explore") == TakeAction(ActionKind.EXPLORE)
True
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, ClassVar, TypeVar, Union

from engine.errors import ActionParseError
from engine.hexes import Hex, parse_hex

_REGISTRY: dict[str, type[Action]] = {}

A = TypeVar("A", bound="type[Action]")


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action; subclasses set ``VERB`` and are registered with ``@register``."""

    VERB: ClassVar[str] = ""

    def __str__(self) -> str:
        return format_action(self)


def register(cls: A) -> A:
    """Class decorator: make an action class known to ``parse_action`` under its verb."""
    verb = cls.VERB
    if not verb or verb in _REGISTRY:
        raise TypeError(f"action verb {verb!r} is empty or taken")
    _REGISTRY[verb] = cls
    return cls


def verbs() -> tuple[str, ...]:
    """Every registered verb, sorted."""
    return tuple(sorted(_REGISTRY))


def _format_value(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Hex):
        return str(value)
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


def format_action(action: Action) -> str:
    """The text form: the verb and each field value."""
    parts = [action.VERB]
    parts.extend(_format_value(getattr(action, f.name)) for f in fields(action))
    return " ".join(parts)


def _tokens(text: str) -> list[str]:
    # Hexes may be written with spaces inside the brackets: join them back into one token.
    out: list[str] = []
    depth = 0
    for raw in text.split():
        if depth:
            out[-1] += raw
        else:
            out.append(raw)
        depth += raw.count("(") - raw.count(")")
    return out


def _parse_value(token: str, hint: Any, where: str) -> object:
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        options = [h for h in typing.get_args(hint) if h is not type(None)]
        if token == "-":
            return None
        return _parse_value(token, options[0], where)
    if hint is bool:
        if token in ("yes", "no"):
            return token == "yes"
        raise ActionParseError(f"{where}: expected yes or no, got {token!r}")
    if hint is int:
        try:
            return int(token)
        except ValueError:
            raise ActionParseError(f"{where}: expected a whole number, got {token!r}") from None
    if hint is Hex:
        try:
            return parse_hex(token)
        except ValueError as exc:
            raise ActionParseError(f"{where}: {exc}") from None
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(token)
        except ValueError:
            legal = ", ".join(str(m.value) for m in hint)
            raise ActionParseError(f"{where}: {token!r} is not one of {legal}") from None
    if hint is str:
        return token
    raise ActionParseError(f"{where}: cannot read a {hint!r}")  # pragma: no cover


_SIGNATURES: dict[str, tuple[dict[str, Any], list[str]]] = {}


def _signature(cls: type[Action]) -> tuple[dict[str, Any], list[str]]:
    found = _SIGNATURES.get(cls.VERB)
    if found is None:
        found = (typing.get_type_hints(cls), [f.name for f in fields(cls)])
        _SIGNATURES[cls.VERB] = found
    return found


def parse_action(text: str) -> Action:
    """Read an action from its text form; ``ActionParseError`` names the bad token."""
    tokens = _tokens(text)
    if not tokens:
        raise ActionParseError(f"empty action text {text!r}")
    verb, *values = tokens
    cls = _REGISTRY.get(verb)
    if cls is None:
        raise ActionParseError(f"unknown action {verb!r} in {text!r}; actions are: {verbs()}")
    hints, names = _signature(cls)
    if len(values) != len(names):
        usage = " ".join([verb, *(f"<{n}>" for n in names)])
        raise ActionParseError(f"{text!r}: expected {usage!r}")
    kwargs = {
        name: _parse_value(token, hints[name], f"{verb} {name}")
        for name, token in zip(names, values, strict=True)
    }
    return cls(**kwargs)
