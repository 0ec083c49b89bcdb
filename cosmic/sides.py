"""The two main players' sides, and a value for each.

These are the smallest pieces of the challenge vocabulary: the encounter rules
(``cosmic.encounter``), the table (``cosmic.table``) and the solver all speak of sides, so they
live here, apart from everything that knows about hands or odds.

>>> Side.OFFENSE.other
<Side.DEFENSE: 'defense'>
>>> BySide(4, 2).of(Side.DEFENSE), BySide(4, 2).replace(Side.OFFENSE, 1)
(2, BySide(offense=1, defense=2))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

T = TypeVar("T")


class Side(StrEnum):
    """The two main players' sides."""

    OFFENSE = "offense"
    DEFENSE = "defense"

    @property
    def other(self) -> Side:
        """The opposing side."""
        return Side.DEFENSE if self is Side.OFFENSE else Side.OFFENSE


@dataclass(frozen=True, slots=True)
class BySide(Generic[T]):
    """One value for each side."""

    offense: T
    defense: T

    def of(self, side: Side) -> T:
        """The value of one side."""
        return self.offense if side is Side.OFFENSE else self.defense

    def replace(self, side: Side, value: T) -> BySide[T]:
        """A copy with the value of ``side`` replaced."""
        return BySide(value, self.defense) if side is Side.OFFENSE else BySide(self.offense, value)
