"""The words of the advice: ships counted in words, techs and parts by their printed names,
chances and victory points as a player reads them.

>>> ships_text({ShipClass.CRUISER: 2, ShipClass.INTERCEPTOR: 1})
'2 cruisers and 1 interceptor'
>>> classes_text([ShipClass.INTERCEPTOR, ShipClass.CRUISER, ShipClass.DREADNOUGHT])
'interceptors, cruisers and dreadnoughts'
>>> percent(0.914), vp_text(1.96, 0.0), vp_text(-0.5, None)
('91%', '+2.0 VP against passing', 'VP margin -0.5')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from blueprints import BlueprintError, ShipClass
from blueprints.catalogue import part, tech

NPC_WORDS = {
    ShipClass.ANCIENT: ("Ancient", "Ancients"),
    ShipClass.GUARDIAN: ("Guardian", "Guardians"),
    ShipClass.GCDS: ("GCDS", "GCDS"),
}
"""NPC ships as their tiles print them (capitalised; the GCDS has no plural)."""


def join(words: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


TIMES = {2: "twice", 3: "three times"}


def times(names: Iterable[str]) -> list[str]:
    """Names counted once each, in order, with how often they come: ``Hull twice``.

    >>> times(["Improved Hull", "Ion Cannon", "Improved Hull"])
    ['Improved Hull twice', 'Ion Cannon']
    """
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return [n if k == 1 else f"{n} {TIMES.get(k, f'{k} times')}" for n, k in counts.items()]


def plural(ship_class: ShipClass, count: int) -> str:
    """A class's name for ``count`` ships (``count`` not written)."""
    if ship_class in NPC_WORDS:
        one, many = NPC_WORDS[ship_class]
        return one if count == 1 else many
    return ship_class.value if count == 1 else f"{ship_class.value}s"


def ships_text(counts: Mapping[ShipClass, int]) -> str:
    """Ships counted in words, in class order: ``2 cruisers and 1 interceptor``... (the classes
    with no ship left out)."""
    order = list(ShipClass)
    shown = sorted((c for c, n in counts.items() if n), key=lambda c: -order.index(c))
    return join(f"{counts[c]} {plural(c, counts[c])}" for c in shown)


def classes_text(classes: Iterable[ShipClass]) -> str:
    """Ship classes named as a fleet: ``interceptors and cruisers``."""
    return join(plural(c, 2) for c in dict.fromkeys(classes))


def tech_name(tech_id: str) -> str:
    """A tech's printed name (its id when it is unknown)."""
    try:
        return tech(tech_id).name
    except BlueprintError:
        return tech_id


def part_name(part_id: str) -> str:
    """A ship part's printed name (its id when it is unknown)."""
    try:
        return part(part_id).name
    except BlueprintError:
        return part_id


def percent(p: float) -> str:
    """A chance as a whole percentage; a chance that is not certain never reads as 100% (nor
    one that is possible as 0%).

    >>> percent(0.5), percent(0.9987), percent(1.0), percent(0.001), percent(0.0)
    ('50%', '>99%', '100%', '<1%', '0%')
    """
    if 0.995 <= p < 1.0:
        return ">99%"
    if 0.0 < p < 0.005:
        return "<1%"
    return f"{100 * p:.0f}%"


def vp_text(value: float, baseline: float | None) -> str:
    """An estimate in victory points: against passing when passing was weighed too (the
    difference of the two expected margins), else the expected margin itself (the seat's VP
    less the best opponent's at the search's horizon)."""
    if baseline is not None:
        return f"{value - baseline:+.1f} VP against passing"
    return f"VP margin {value:+.1f}"
