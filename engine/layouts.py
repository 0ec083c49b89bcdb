"""The shape of the galaxy: which hex lies across each edge of a hex.

Fleetlab's own games use the plain hex grid (``GalaxyLayout.STANDARD``): edge ``d`` of a hex meets
edge ``opposite(d)`` of ``hex.neighbour(d)``. Positions imported from the AsyncEclipse Discord bot
may use its 4- and 5-player "hyperlane" galaxies, which remove wedges of hexes and join the hexes
on either side of a wedge (``engine/data/galaxy_layouts.toml`` has the facts and their source).
Across a joined edge the hex on the far side is not the plain neighbour, and the edge it shows
back is not the opposite one; an edge towards a removed hex with no join meets nothing.

``layout(name).across(hex, d)`` is the one answer every rule asks (wormhole connections, moves,
the Jump Drive, exploring, influence, diplomacy); ``engine.galaxy.board_edges`` asks it for a
position.

>>> plain = layout(GalaxyLayout.STANDARD)
>>> plain.across(Hex(0, 0), 0)
(Hex(q=0, r=-1), 3)
>>> four = layout(GalaxyLayout.HYPERLANE_4P)
>>> four.across(Hex(1, -1), 5)  # bot position 102, edge 5 meets 106's edge 1
(Hex(q=-1, r=0), 1)
>>> four.across(Hex(0, 0), 0) is None  # the centre's north edge faces the removed 101
True
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any

from engine.errors import DataError
from engine.hexes import Hex, opposite

Edge = tuple[Hex, int]
"""A hex and one of its edges (0-5)."""


class GalaxyLayout(StrEnum):
    """The galaxy a game is played on (``GameConfig.galaxy``)."""

    STANDARD = "standard"
    """The plain hex grid of the rulebook."""
    HYPERLANE_4P = "hyperlane_4p"
    """The AsyncEclipse bot's 4-player galaxy: two wedges removed, their sides joined."""
    HYPERLANE_5P = "hyperlane_5p"
    """The AsyncEclipse bot's 5-player galaxy: one wedge removed, its sides joined."""


@dataclass(frozen=True, slots=True)
class Layout:
    """A galaxy's shape: removed hexes and joined edges (both empty for the plain grid).

    ``joins`` maps each joined ``(hex, edge)`` to the ``(hex, edge)`` it meets, in both
    directions. ``players`` is the player count the layout is made for (``None``: any).
    """

    name: GalaxyLayout
    players: int | None = None
    removed: frozenset[Hex] = frozenset()
    joins: Mapping[Edge, Edge] = field(default_factory=dict)

    def exists(self, where: Hex) -> bool:
        """True unless the layout removed the hex."""
        return where not in self.removed

    def across(self, where: Hex, direction: int) -> Edge | None:
        """The hex across edge ``direction`` of ``where`` and the edge it shows back, or
        ``None`` when the edge meets nothing (it faces a removed hex, or ``where`` is one)."""
        if self.removed:
            joined = self.joins.get((where, direction))
            if joined is not None:
                return joined
            other = where.neighbour(direction)
            if other in self.removed or where in self.removed:
                return None
            return other, opposite(direction)
        return where.neighbour(direction), opposite(direction)

    def edges(self, where: Hex) -> Iterator[tuple[int, Hex, int]]:
        """``(edge, hex across it, that hex's edge back)`` for each edge that meets a hex."""
        for direction in range(6):
            found = self.across(where, direction)
            if found is not None:
                yield direction, found[0], found[1]


def _hex(value: Any, where: str) -> Hex:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise DataError(f"galaxy_layouts.toml {where}: expected [q, r], got {value!r}")
    return Hex(value[0], value[1])


def _edge(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 5:
        raise DataError(f"galaxy_layouts.toml {where}: expected an edge 0-5, got {value!r}")
    return value


def _read(name: GalaxyLayout, raw: Mapping[str, Any]) -> Layout:
    where = f"layout.{name.value}"
    removed = frozenset(_hex(v, f"{where}.removed") for v in raw.get("removed", []))
    joins: dict[Edge, Edge] = {}
    for i, row in enumerate(raw.get("joins", [])):
        at = f"{where}.joins[{i}]"
        if not isinstance(row, list) or len(row) != 6:
            raise DataError(f"galaxy_layouts.toml {at}: expected [q, r, edge, q2, r2, edge2]")
        a, b = (_hex(row[0:2], at), _edge(row[2], at)), (_hex(row[3:5], at), _edge(row[5], at))
        for one, other in ((a, b), (b, a)):
            if one in joins:
                raise DataError(f"galaxy_layouts.toml {at}: edge {one} is joined twice")
            if one[0] in removed or one[0].neighbour(one[1]) not in removed:
                # A join replaces an edge that would face a removed hex, between two hexes that
                # exist; anything else is a transcription slip.
                raise DataError(f"galaxy_layouts.toml {at}: {one} does not face a removed hex")
            joins[one] = other
    players = raw.get("players")
    if players is not None and (not isinstance(players, int) or not 2 <= players <= 6):
        raise DataError(f"galaxy_layouts.toml {where}.players: expected 2-6, got {players!r}")
    return Layout(name, players, removed, joins)


@cache
def _layouts() -> dict[GalaxyLayout, Layout]:
    text = resources.files("engine").joinpath("data", "galaxy_layouts.toml").read_text("utf-8")
    raw: dict[str, Any] = tomllib.loads(text).get("layout", {})
    out = {GalaxyLayout.STANDARD: Layout(GalaxyLayout.STANDARD)}
    for key, body in raw.items():
        try:
            name = GalaxyLayout(key)
        except ValueError:
            raise DataError(f"galaxy_layouts.toml: unknown layout {key!r}") from None
        out[name] = _read(name, body)
    missing = [n.value for n in GalaxyLayout if n not in out]
    if missing:
        raise DataError(f"galaxy_layouts.toml: no data for {', '.join(missing)}")
    return out


@cache
def layout(name: GalaxyLayout) -> Layout:
    """The layout of a galaxy (loaded and checked once)."""
    return _layouts()[GalaxyLayout(name)]
