"""Blueprint what-if: every single legal upgrade of one class, and its effect on the odds.

``upgrades`` lists each one Upgrade activation can do to a blueprint: place one part the
side's techs allow (``Blueprint.placeable``) in one slot, returning the tile already placed
there first when there is one (``Blueprint.upgrade`` checks the rules). ``rank`` orders the
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
from ui.results import half_width


@dataclass(frozen=True, slots=True)
class Upgrade:
    """One Upgrade activation: ``placed`` goes into ``slot`` (``returned`` comes off first);
    ``blueprint`` is the result."""

    slot: int
    placed: Part
    returned: Part | None
    covered: Part | None
    blueprint: Blueprint

    def slot_name(self) -> str:
        """The slot in words (``top``, ``outside the grid``)."""
        if self.slot == OUTSIDE:
            return "outside the grid"
        names = ship_class_info(self.blueprint.ship_class).slot_names
        return names[self.slot] if self.slot < len(names) else f"slot {self.slot}"

    def describe(self) -> str:
        """What the upgrade does, e.g. ``'right: Ion Cannon → Plasma Cannon'``."""
        before = self.covered.name if self.covered is not None else "Empty slot"
        return f"{self.slot_name()}: {before} → {self.placed.name}"


def upgrades(
    bp: Blueprint, techs: Iterable[str], discoveries: Iterable[str] | None
) -> tuple[Upgrade, ...]:
    """Every single legal upgrade of ``bp`` with these techs and discovery parts.

    Slot by slot (the position outside the grid last), each part that may stand there with
    the blueprint legal, other than what stands there now. Placing the printed part of a slot
    means returning the tile that covers it.
    """
    tech_list = list(techs)
    disc_list = None if discoveries is None else list(discoveries)
    layout = bp.layout
    found: list[Upgrade] = []
    slots = [i for i in range(len(bp.slots)) if not layout.blocked[i]] + [OUTSIDE]
    for slot in slots:
        current = bp.outside if slot == OUTSIDE else bp.slots[slot]
        printed = None if slot == OUTSIDE else layout.printed[slot]
        placed_tile = current is not None and current != printed
        for candidate in bp.placeable(slot, tech_list, disc_list):
            if candidate is None or candidate == current:
                continue
            remove = [slot] if placed_tile else []
            try:
                if candidate == printed:
                    new = bp.upgrade(remove=remove, techs=tech_list, discoveries=disc_list)
                else:
                    new = bp.upgrade(
                        remove=remove,
                        place=(slot, candidate),
                        techs=tech_list,
                        discoveries=disc_list,
                    )
            except BlueprintError:
                continue
            found.append(Upgrade(slot, candidate, current if placed_tile else None, current, new))
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
                "new stats": (
                    f"initiative {s.initiative}, hull {s.hull}, computer +{s.computer}, "
                    f"shield {s.shield}, energy {s.energy_use}/{s.energy_production}; "
                    f"{s.describe_dice()}"
                ),
                "ships affected": ships,
                "build cost each": s.cost,
                "method": method_text(r.result),
            }
        )
    return rows
