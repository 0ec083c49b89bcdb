"""Actions of the combat phase: dice rolled, hits assigned, attack or retreat, reputation kept,
population cubes destroyed and their graveyards.

Dice are rolled one colour at a time (``RollDice``): the outcome is the faces as a sorted multiset,
``roll yellow 6,5,1``, so a table game can be typed in with its real dice. A volley's hits are
assigned in one answer (``AssignDamage``): the damage left on each of the target's ship types,
``assign cruiser:2,0/interceptor:-`` (two cruisers left, with 2 and 0 damage; every interceptor
destroyed), one answer for each distinct result of giving each hit to a living ship it can hit.

>>> from engine.actions.base import parse_action
>>> str(RollDice(DieColour.YELLOW, "1,6,5"))
'roll yellow 6,5,1'
>>> parse_action("roll yellow 156") == RollDice(DieColour.YELLOW, "6,5,1")
True
"""

from __future__ import annotations

from dataclasses import dataclass

from blueprints import DieColour, ShipClass
from engine.actions.base import Action, register
from engine.enums import Resource
from engine.hexes import Hex

__all__ = [
    "AssignDamage",
    "Attack",
    "DestroyCube",
    "KeepReputation",
    "RetreatTo",
    "RollDice",
    "ToGraveyard",
    "format_faces",
    "format_result",
]


def format_faces(faces: tuple[int, ...]) -> str:
    """Faces as the text of a roll: largest first, comma-separated."""
    return ",".join(str(f) for f in sorted(faces, reverse=True))


def _faces_of(text: str) -> tuple[int, ...] | None:
    digits = text.replace(",", "")
    if not digits or not digits.isdigit():
        return None
    if "," in text and any(not part.isdigit() for part in text.split(",")):
        return None
    return tuple(int(c) for c in digits)


@register
@dataclass(frozen=True, slots=True)
class RollDice(Action):
    """Chance: the faces rolled on dice of one colour (any order in; largest first out)."""

    VERB = "roll"
    colour: DieColour
    faces: str

    def __post_init__(self) -> None:
        faces = _faces_of(self.faces)
        if faces is not None:
            object.__setattr__(self, "faces", format_faces(faces))

    @property
    def values(self) -> tuple[int, ...]:
        """The faces as numbers, largest first (empty if the text is not a list of faces)."""
        return _faces_of(self.faces) or ()


@register
@dataclass(frozen=True, slots=True)
class AssignDamage(Action):
    """The result of assigning a volley's hits: damage left on each of the target's ship types."""

    VERB = "assign"
    result: str


@register
@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Attack with the activated ship type (instead of retreating)."""

    VERB = "attack"


@register
@dataclass(frozen=True, slots=True)
class RetreatTo(Action):
    """Retreat the activated ship type (or, in a stalemate, every ship) to a sector."""

    VERB = "retreat"
    where: Hex


@register
@dataclass(frozen=True, slots=True)
class KeepReputation(Action):
    """Keep a drawn reputation tile, returning ``swap`` from a full track (``-``: no swap)."""

    VERB = "keep_reputation"
    value: int
    swap: int | None


@register
@dataclass(frozen=True, slots=True)
class DestroyCube(Action):
    """Destroy the population cube on square ``square`` (-1: the orbital)."""

    VERB = "destroy_cube"
    square: int


@register
@dataclass(frozen=True, slots=True)
class ToGraveyard(Action):
    """Put a destroyed cube in this graveyard."""

    VERB = "graveyard"
    resource: Resource


def format_result(classes: tuple[ShipClass, ...], damage: tuple[tuple[int, ...], ...]) -> str:
    """The text of a hit assignment's result: per ship type, the damage of each ship left.

    >>> format_result((ShipClass.CRUISER, ShipClass.INTERCEPTOR), ((0, 2), ()))
    'cruiser:2,0/interceptor:-'
    """
    parts = []
    for cls, ships in zip(classes, damage, strict=True):
        left = ",".join(str(d) for d in sorted(ships, reverse=True)) if ships else "-"
        parts.append(f"{cls.value}:{left}")
    return "/".join(parts)
