"""The AsyncEclipse bot's board geometry: position codes, orientations and its galaxies.

Checked on the bot's saves, neighbour lists and drawing code (docs/asynceclipse-import.md):

- A position code ``RNN`` is ring ``R`` (``R`` may have two digits: ``1003``), place ``NN``
  counted from 1 clockwise from the hex due north of the centre: ``ring_hex(R, NN - 1)``;
  ``000`` is the centre. The bot lists a position's neighbours by edge, 0 = north, clockwise, the
  same numbering as ``engine.hexes``.
- A tile's ``orientation`` is degrees (a number or a numeric string, ``"120"``, ``180.0``). The
  bot draws the tile turned that many degrees counter-clockwise, so board edge ``i`` shows
  printed edge ``(i + d / 60) % 6``: Fleetlab's clockwise rotation is ``(6 - d // 60) % 6``.
- With ``"5playerhyperlane": true`` the bot plays 4 and 5 players on its joined galaxies
  (``engine.layouts``), chosen by ``player_count``; otherwise on the plain grid.
"""

from __future__ import annotations

from engine.hexes import CENTRE, Hex, ring_hex
from engine.importers.reading import as_number
from engine.layouts import GalaxyLayout

HYPERLANE_LAYOUTS = {4: GalaxyLayout.HYPERLANE_4P, 5: GalaxyLayout.HYPERLANE_5P}
"""The bot's joined galaxy for each player count it has one for."""


def position_hex(code: str) -> Hex:
    """The hex of a bot position code.

    >>> position_hex("000"), position_hex("101"), position_hex("207"), position_hex("1003")
    (Hex(q=0, r=0), Hex(q=0, r=-1), Hex(q=0, r=2), Hex(q=2, r=-10))
    """
    if not code.isdigit() or not code.isascii() or not 3 <= len(code) <= 4:
        raise ValueError(f"not a board position {code!r}; positions are 000 or RNN, e.g. 207")
    ring, place = divmod(int(code), 100)
    if ring == 0:
        if place:
            raise ValueError(f"not a board position {code!r}; the centre is 000")
        return CENTRE
    if not 1 <= place <= 6 * ring:
        raise ValueError(f"not a board position {code!r}; ring {ring} has places 01-{6 * ring:02d}")
    return ring_hex(ring, place - 1)


def position_code(where: Hex) -> str:
    """The bot's position code of a hex (inverse of ``position_hex``).

    >>> position_code(Hex(0, 2)), position_code(Hex(0, 0))
    ('207', '000')
    """
    ring = where.ring
    if ring == 0:
        return "000"
    for i in range(6 * ring):
        if ring_hex(ring, i) == where:
            return f"{ring}{i + 1:02d}"
    raise AssertionError(where)  # pragma: no cover - every hex lies on its ring


def orientation_rotation(value: object) -> int:
    """Fleetlab's clockwise rotation (0-5) of a bot orientation in degrees.

    >>> orientation_rotation(0), orientation_rotation("120"), orientation_rotation(300.0)
    (0, 4, 1)
    """
    degrees = as_number(value)
    if degrees is None or degrees % 60:
        raise ValueError(f"orientation {value!r} is not a multiple of 60 degrees")
    return (6 - (degrees // 60) % 6) % 6
