"""The tech bag and tray as counts per tech, and the draws into the tray.

Counts are tuples indexed like ``tech_order()`` (every tech of ``blueprints.catalogue``, the
optional Rift Cannon included, whose count is 0 unless the module is used). Drawing is a chance
event weighted by the counts in the bag. Rare techs drawn go to the tray's rare row and do not
count towards the number of regular tiles to draw (refresher; decision: the rare row is not
capped, which no text confirms either way). Starting techs are species components, not bag
tiles (decision: six species can start with the Starbase tech, which has only five bag tiles).
"""

from __future__ import annotations

from functools import cache

from blueprints import tech as find_tech
from blueprints import techs as all_techs


@cache
def tech_order() -> tuple[str, ...]:
    """Tech ids in bag order."""
    return tuple(t.id for t in all_techs())


@cache
def _index() -> dict[str, int]:
    return {t: i for i, t in enumerate(tech_order())}


def tech_index(tech_id: str) -> int:
    """Position of a tech in the bag and tray tuples."""
    i = _index().get(tech_id)
    if i is None:
        find_tech(tech_id)  # raises the catalogue's UnknownIdError with suggestions
        raise AssertionError(tech_id)  # pragma: no cover
    return i


WARP_PORTAL_TECH = "warp_portal"
"""The rare tech of the Warp Portals module (rulebook p. 7: three sectors, one discovery tile,
one rare tech and the Warp Portal tile; without the module they stay in the box)."""


@cache
def initial_bag(rift_cannon: bool, warp_portals: bool = True) -> tuple[int, ...]:
    """Tiles of each tech in the bag at the start of the game.

    The base box's 114 tiles of 39 techs (rulebook p. 3) with the Warp Portals module; without
    it the Warp Portal tech stays in the box; the Rift Cannon module adds its tech.

    >>> sum(initial_bag(False)), sum(initial_bag(False, warp_portals=False)), sum(initial_bag(True))
    (114, 113, 115)
    """
    return tuple(
        0
        if (t.optional and not rift_cannon) or (t.id == WARP_PORTAL_TECH and not warp_portals)
        else t.copies
        for t in all_techs()
    )


def is_rare(index: int) -> bool:
    """True for a rare tech (by bag position)."""
    return find_tech(tech_order()[index]).is_rare
