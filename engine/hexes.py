"""Axial hex coordinates of the galaxy: directions, distances, rings and tile rotation.

The galaxy is drawn with flat-topped hexes. A hex is ``Hex(q, r)`` in axial coordinates with the
galactic centre at ``Hex(0, 0)``; ``r`` grows southwards. Edges and directions are numbered 0-5
clockwise from north::

    0 north (0, -1)   1 north-east (+1, -1)   2 south-east (+1, 0)
    3 south (0, +1)   4 south-west (-1, +1)   5 north-west (-1, 0)

A sector tile stores the edges where its wormholes are printed (``engine/data/sectors.toml``) and a
rotation 0-5: printed edge ``e`` of a tile with rotation ``k`` lies on board edge ``(e + k) % 6``.
A home or guardian hex is set up with its arrow edge (printed edge 0) facing the centre.

Positions of the AsyncEclipse bot (``engine.importers.asynceclipse``): its position code ``RNN``
is ring ``R`` and index ``NN - 1`` clockwise from north, i.e. ``ring_hex(R, NN - 1)``; its
orientation in degrees ``d`` is rotation ``(6 - d // 60) % 6`` in this convention (checked on its
saves, its neighbour lists and its drawing code: every home's arrow faces the centre and every
explored hex connects to a neighbour; see docs/asynceclipse-import.md).

A Nebula sector (New Dangers) is one hex divided into three parts, and each part is a sector of
its own for moving, exploring and influence: ``Hex(q, r, part)`` with ``part`` 1, 2 or 3 names a
part (written ``(q,r)a``, ``(q,r)b``, ``(q,r)c``); ``part`` 0, the default, is the whole hex.

>>> ring_hex(2, 0), ring_hex(2, 6), distance(Hex(0, 0), Hex(2, -2))
(Hex(q=0, r=-2), Hex(q=0, r=2), 2)
>>> rotate_edges((0, 1, 3, 4), 3)
(0, 1, 3, 4)
>>> rotate_edges((0, 2), 1)
(1, 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, -1),
    (1, -1),
    (1, 0),
    (0, 1),
    (-1, 1),
    (-1, 0),
)
"""Axial offsets of the six directions, indexed clockwise from north."""

DIRECTION_NAMES = ("N", "NE", "SE", "S", "SW", "NW")


class Hex(NamedTuple):
    """A hex of the galaxy in axial coordinates.

    A ``NamedTuple`` rather than a dataclass: hexes are dictionary keys on every hot path of the
    engine (legal moves, connections), and tuple hashing is several times faster. It is just as
    immutable and typed.
    """

    q: int
    r: int
    part: int = 0

    def __str__(self) -> str:
        if self.part:
            return f"({self.q},{self.r}){PART_LETTERS[self.part - 1]}"
        return f"({self.q},{self.r})"

    def __repr__(self) -> str:
        if self.part:
            return f"Hex(q={self.q}, r={self.r}, part={self.part})"
        return f"Hex(q={self.q}, r={self.r})"

    @property
    def board(self) -> Hex:
        """The board hex of a location: itself, or the hex a Nebula part lies in."""
        return Hex(self.q, self.r) if self.part else self

    def neighbour(self, direction: int) -> Hex:
        """The adjacent board hex across edge ``direction`` (0-5)."""
        dq, dr = DIRECTIONS[direction]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> Iterator[tuple[int, Hex]]:
        """``(direction, hex)`` for the six adjacent hexes."""
        for direction, (dq, dr) in enumerate(DIRECTIONS):
            yield direction, Hex(self.q + dq, self.r + dr)

    @property
    def ring(self) -> int:
        """Distance from the galactic centre."""
        return distance(self, CENTRE)


CENTRE = Hex(0, 0)

PART_LETTERS = "abc"
"""How the three parts of a Nebula hex are written after the hex: ``(q,r)a`` is part 1."""


def parse_hex(text: str) -> Hex:
    """Parse ``"(q,r)"`` or ``"q,r"`` (spaces allowed), or a Nebula part ``"(q,r)b"``.

    >>> parse_hex("(2,-1)"), parse_hex(" -1 , 3 "), parse_hex("(0,-3)c")
    (Hex(q=2, r=-1), Hex(q=-1, r=3), Hex(q=0, r=-3, part=3))
    """
    body = text.strip()
    part = 0
    if body[-1:].lower() in PART_LETTERS and body[-2:-1] == ")":
        part = PART_LETTERS.index(body[-1].lower()) + 1
        body = body[:-1]
    if body.startswith("(") and body.endswith(")"):
        body = body[1:-1]
    parts = body.split(",")
    if len(parts) != 2:
        raise ValueError(f"not a hex {text!r}; write it as (q,r), e.g. (0,-2)")
    try:
        return Hex(int(parts[0]), int(parts[1]), part)
    except ValueError:
        raise ValueError(
            f"not a hex {text!r}; q and r must be whole numbers, e.g. (0,-2)"
        ) from None


def distance(a: Hex, b: Hex) -> int:
    """Number of steps between two board hexes (Nebula parts count as their hex)."""
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def opposite(direction: int) -> int:
    """The direction pointing back across the same edge."""
    return (direction + 3) % 6


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction from ``a`` to an adjacent ``b``; ``None`` if they are not adjacent."""
    offset = (b.q - a.q, b.r - a.r)
    for direction, step in enumerate(DIRECTIONS):
        if step == offset:
            return direction
    return None


def ring_hex(ring: int, index: int) -> Hex:
    """The hex at ``index`` (0-based, clockwise from the northmost hex) of a ring.

    Ring ``n`` has ``6 n`` hexes; index 0 is due north of the centre.
    """
    if ring == 0:
        return CENTRE
    count = 6 * ring
    if not 0 <= index < count:
        raise ValueError(f"ring {ring} has positions 0..{count - 1}, not {index!r}")
    side, step = divmod(index, ring)
    corner_q, corner_r = DIRECTIONS[side]
    # Walk clockwise from the corner in direction `side` along direction `side + 2`.
    dq, dr = DIRECTIONS[(side + 2) % 6]
    return Hex(corner_q * ring + dq * step, corner_r * ring + dr * step)


def ring_hexes(ring: int) -> tuple[Hex, ...]:
    """Every hex of a ring, clockwise from north."""
    return tuple(ring_hex(ring, i) for i in range(max(1, 6 * ring)))


def rotate_edges(edges: Iterable[int], rotation: int) -> tuple[int, ...]:
    """Board edges of printed edges turned ``rotation`` steps clockwise, sorted."""
    return tuple(sorted((e + rotation) % 6 for e in edges))


def edge_mask(edges: Iterable[int]) -> int:
    """A 6-bit mask with bit ``e`` set for each edge."""
    mask = 0
    for e in edges:
        mask |= 1 << e
    return mask


def rotate_mask(mask: int, rotation: int) -> int:
    """A 6-bit edge mask turned ``rotation`` steps clockwise.

    >>> bin(rotate_mask(0b000011, 5))
    '0b100001'
    """
    rotation %= 6
    return ((mask << rotation) | (mask >> (6 - rotation))) & 0b111111
