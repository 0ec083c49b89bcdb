"""Blueprint what-if: every single legal upgrade of one class, and its effect on the odds.

``upgrades`` lists each one Upgrade activation can do to a blueprint: place one part the
side's techs allow (``Blueprint.placeable``) in one slot, returning the tile already placed
there first when there is one, or returning a tile from another slot when the placement needs
it (``Blueprint.upgrade`` checks the rules). ``rank`` orders the
evaluated upgrades by the gain in the side's probability of winning. Pure: the page solves.

>>> from blueprints import Blueprint
>>> bp = Blueprint.default("terran_directorate", "interceptor")
>>> found = upgrades(bp, ["plasma_cannon"], ())
>>> found[4].describe(), found[-1].describe()
('top: Ion Cannon → Plasma Cannon', 'right: Empty slot → Hull')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from blueprints import OUTSIDE, Blueprint, BlueprintError, Part, ship_class_info
from calc import BattleResult, Method, percent
from ui.battle_editor import stats_line
from ui.results import half_width


@dataclass(frozen=True, slots=True)
class Upgrade:
    """One Upgrade activation: ``placed`` goes into ``slot`` (``returned`` comes off first, and
    ``also_returned`` names a tile returned from another slot to make the placement legal);
    ``blueprint`` is the result."""

    slot: int
    placed: Part
    returned: Part | None
    covered: Part | None
    blueprint: Blueprint
    also_returned: tuple[int, Part] | None = None

    def _slot_words(self, slot: int) -> str:
        if slot == OUTSIDE:
            return "outside the grid"
        names = ship_class_info(self.blueprint.ship_class).slot_names
        return names[slot] if slot < len(names) else f"slot {slot}"

    def slot_name(self) -> str:
        """The slot in words (``top``, ``outside the grid``)."""
        return self._slot_words(self.slot)

    def describe(self) -> str:
        """What the upgrade does, e.g. ``'right: Ion Cannon → Plasma Cannon'``, and
        ``', returning the Electron Computer (left)'`` when a tile elsewhere goes back."""
        before = self.covered.name if self.covered is not None else "Empty slot"
        text = f"{self.slot_name()}: {before} → {self.placed.name}"
        if self.also_returned is not None:
            slot, part = self.also_returned
            text += f", returning the {part.name} ({self._slot_words(slot)})"
        return text


def _returned(bp: Blueprint, slot: int) -> Blueprint:
    """``bp`` with the tile in ``slot`` back in the tray (no rule checked: a step of an
    activation, which only has to be legal once the new part is placed)."""
    if slot == OUTSIDE:
        return Blueprint(bp.species, bp.ship_class, bp.slots, None)
    slots = list(bp.slots)
    slots[slot] = bp.layout.printed[slot]
    return Blueprint(bp.species, bp.ship_class, tuple(slots), bp.outside)


def placed_tiles(bp: Blueprint) -> tuple[int, ...]:
    """Slots holding a tile the player placed (a printed part cannot be returned), the
    position outside the grid last."""
    layout = bp.layout
    found = [
        i
        for i, p in enumerate(bp.slots)
        if p is not None and not layout.blocked[i] and p != layout.printed[i]
    ]
    return (*found, *((OUTSIDE,) if bp.outside is not None else ()))


def upgrades(
    bp: Blueprint, techs: Iterable[str], discoveries: Iterable[str] | None
) -> tuple[Upgrade, ...]:
    """Every single legal upgrade of ``bp`` with these techs and discovery parts.

    One Upgrade activation returns any number of tiles, then places one part (rules text,
    Upgrade). Slot by slot (the position outside the grid last): each part that may stand there
    with the blueprint legal, other than what stands there now (placing the printed part of a
    slot means returning the tile that covers it); then each part that becomes legal there only
    once one tile in another slot is returned (the energy a Plasma Cannon needs, freed by
    returning a computer). Returning a tile never adds strength, so a return is listed only
    where the placement needs it; every blueprint appears once.
    """
    tech_list = list(techs)
    disc_list = None if discoveries is None else list(discoveries)
    layout = bp.layout
    found: list[Upgrade] = []
    seen = {bp}
    slots = [i for i in range(len(bp.slots)) if not layout.blocked[i]] + [OUTSIDE]
    tiles = placed_tiles(bp)
    for slot in slots:
        current = bp.outside if slot == OUTSIDE else bp.slots[slot]
        printed = None if slot == OUTSIDE else layout.printed[slot]
        placed_tile = current is not None and current != printed
        remove = [slot] if placed_tile else []
        alone = set(bp.placeable(slot, tech_list, disc_list))
        for extra in (None, *(t for t in tiles if t != slot)):
            start = bp if extra is None else _returned(bp, extra)
            for candidate in start.placeable(slot, tech_list, disc_list):
                if candidate is None or candidate == current:
                    continue
                if extra is not None and (candidate in alone or candidate == printed):
                    continue  # legal without the return, or a return only
                try:
                    new = bp.upgrade(
                        remove=remove + ([] if extra is None else [extra]),
                        place=None if candidate == printed else (slot, candidate),
                        techs=tech_list,
                        discoveries=disc_list,
                    )
                except BlueprintError:
                    continue
                if new in seen:
                    continue
                seen.add(new)
                back = None
                if extra is not None:
                    gone = bp.outside if extra == OUTSIDE else bp.slots[extra]
                    assert gone is not None
                    back = (extra, gone)
                found.append(
                    Upgrade(slot, candidate, current if placed_tile else None, current, new, back)
                )
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Ranked:
    """An evaluated upgrade: the side's new odds and the change from the current design."""

    upgrade: Upgrade
    result: BattleResult
    wins: float
    gain: float
    materials_lost: float
    materials_change: float


def side_wins(result: BattleResult, side: str) -> float:
    """P(the named side wins)."""
    return result.side(side).wins


def rank(
    side: str, base: BattleResult, evaluated: Sequence[tuple[Upgrade, BattleResult]]
) -> list[Ranked]:
    """Order evaluated upgrades by the gain in the side's P(win), best first; among equal
    gains, the one losing fewer materials first."""
    base_wins = side_wins(base, side)
    base_lost = base.side(side).expected_material_lost
    out = []
    for upgrade, result in evaluated:
        wins = side_wins(result, side)
        lost = result.side(side).expected_material_lost
        out.append(Ranked(upgrade, result, wins, wins - base_wins, lost, lost - base_lost))
    out.sort(key=lambda r: (-r.gain, r.materials_lost, r.upgrade.slot, r.upgrade.placed.id))
    return out


def method_text(result: BattleResult) -> str:
    """``exact`` or ``± x%`` (the 95% half-width) for a table column."""
    if result.method is Method.EXACT:
        return "exact"
    width = half_width(result)
    return "approximate" if width is None else f"± {width}"


def ranking_rows(ranked: Sequence[Ranked], ships: int) -> list[dict[str, object]]:
    """The ranking as table rows, with the build cost of the class and the ships affected.

    Placing a part costs no materials (it costs an Upgrade activation); the materials are in
    the ships: ``ships`` ships carry the new blueprint, each built for its cost.
    """
    rows: list[dict[str, object]] = []
    for i, r in enumerate(ranked, 1):
        s = r.upgrade.blueprint.stats
        rows.append(
            {
                "rank": i,
                "upgrade": r.upgrade.describe(),
                "P(win)": percent(r.wins),
                "gain (points)": round(100 * r.gain, 2),
                "materials lost": round(r.materials_lost, 2),
                "change in materials lost": round(r.materials_change, 2),
                "new stats": stats_line(r.upgrade.blueprint),
                "ships affected": ships,
                "build cost each": s.cost,
                "method": method_text(r.result),
            }
        )
    return rows
