"""Dice counts by colour: how many dice of each colour a weapon, ship or volley rolls."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields

from blueprints.enums import DieColour
from blueprints.errors import BlueprintError
from fileio import quote


@dataclass(frozen=True, slots=True)
class Dice:
    """A multiset of combat dice, one count per colour.

    >>> Dice(yellow=2) + Dice(orange=1)
    Dice(yellow=2, orange=1, blue=0, red=0, pink=0)
    >>> (Dice(yellow=2) * 3).total
    6
    >>> Dice.from_mapping({"red": 1}).to_dict()
    {'red': 1}
    """

    yellow: int = 0
    orange: int = 0
    blue: int = 0
    red: int = 0
    pink: int = 0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise BlueprintError(
                    f"dice count for {f.name!r} must be a whole number >= 0, got {quote(value)}"
                )

    @classmethod
    def from_mapping(cls, counts: Mapping[str, int], *, where: str = "dice") -> Dice:
        """Build from ``{colour: count}``; an unknown colour is an error naming it."""
        legal = [c.value for c in DieColour]
        values: dict[str, int] = {}
        for colour, count in counts.items():
            if colour not in legal:
                raise BlueprintError(
                    f"{where}: unknown die colour {quote(colour)}; legal colours are "
                    f"{', '.join(legal)}"
                )
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise BlueprintError(
                    f"{where}.{colour}: dice count must be a whole number >= 0, got {quote(count)}"
                )
            values[colour] = count
        return cls(**values)

    def count(self, colour: DieColour) -> int:
        """Number of dice of one colour."""
        return int(getattr(self, colour.value))

    def items(self) -> Iterator[tuple[DieColour, int]]:
        """(colour, count) for the colours present, in the order yellow ... pink."""
        for colour in DieColour:
            n = self.count(colour)
            if n:
                yield colour, n

    @property
    def total(self) -> int:
        """Number of dice of all colours."""
        return self.yellow + self.orange + self.blue + self.red + self.pink

    @property
    def standard(self) -> int:
        """Number of standard (non-rift) dice."""
        return self.yellow + self.orange + self.blue + self.red

    def __bool__(self) -> bool:
        return self.total > 0

    def __add__(self, other: Dice) -> Dice:
        return Dice(
            self.yellow + other.yellow,
            self.orange + other.orange,
            self.blue + other.blue,
            self.red + other.red,
            self.pink + other.pink,
        )

    def __mul__(self, times: int) -> Dice:
        return Dice(
            self.yellow * times,
            self.orange * times,
            self.blue * times,
            self.red * times,
            self.pink * times,
        )

    def to_dict(self) -> dict[str, int]:
        """``{colour: count}`` for the colours present (the battle-file form)."""
        return {colour.value: n for colour, n in self.items()}


NO_DICE = Dice()
