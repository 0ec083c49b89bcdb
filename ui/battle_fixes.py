"""One-click fixes for the problems that stop a battle from being solved (no Streamlit).

A player who takes a tech away from a side whose blueprint carries its part meets "Plasma Cannon
needs the Plasma Cannon tech"; rather than leave them to find the slot, the page offers the two
ways out: give the side the tech back, or take the part off the blueprint (the slot shows its
printed part again, as when a tile is returned to the tray). ``fixes(draft)`` lists them; each
``Fix`` carries its button text and the edit, a function of the draft.

>>> from ui.battle_editor import build, draft_from_file, example_battle, set_techs
>>> draft = set_techs(draft_from_file(example_battle()), 0, [])
>>> [f.label for f in fixes(draft)]
['Give Red the Plasma Cannon tech', "Take the Plasma Cannon off Red's interceptors"]
>>> build(fixes(draft)[1].edit(draft)).ok
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from blueprints import OUTSIDE, Blueprint, Part, ShipClass
from ui.battle_editor import (
    BattleDraft,
    group_blueprint,
    missing_techs,
    place_part,
    set_class_blueprint,
    set_techs,
)
from ui.wording import class_name, tech_name


@dataclass(frozen=True, slots=True)
class Fix:
    """A button that removes a problem: its text, a tooltip, a stable key and the edit."""

    label: str
    help: str
    key: str
    edit: Callable[[BattleDraft], BattleDraft]


def without_parts(bp: Blueprint, part_ids: frozenset[str]) -> Blueprint:
    """``bp`` with every tile of these parts returned: the printed part (or nothing) again."""
    layout = bp.layout
    out = bp
    for slot, part in enumerate(bp.slots):
        if part is not None and part.id in part_ids:
            printed = layout.printed[slot]
            out = place_part(out, slot, None if printed is None else printed.id)
    if bp.outside is not None and bp.outside.id in part_ids:
        out = place_part(out, OUTSIDE, None)
    return out


def _give_tech(s: int, tech_id: str) -> Callable[[BattleDraft], BattleDraft]:
    def edit(draft: BattleDraft) -> BattleDraft:
        return set_techs(draft, s, [*draft.sides[s].techs, tech_id])

    return edit


def _drop_parts(
    s: int, cls: ShipClass, part_ids: frozenset[str]
) -> Callable[[BattleDraft], BattleDraft]:
    def edit(draft: BattleDraft) -> BattleDraft:
        side = draft.sides[s]
        group = next(g for g in side.groups if g.is_blueprint and g.ship_class is cls)
        return set_class_blueprint(
            draft, s, cls, without_parts(group_blueprint(side, group), part_ids)
        )

    return edit


def _names(found: list[Part]) -> str:
    names = [p.name for p in found]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def fixes(draft: BattleDraft) -> tuple[Fix, ...]:
    """The fixes of the battle's missing-tech problems: per side, one "give the tech" for each
    tech its ships' parts need, then one "take the parts off" per class that carries them."""
    out: list[Fix] = []
    for s, side in enumerate(draft.sides):
        if side.species is None:
            continue
        techs_needed: dict[str, None] = {}
        drops: list[Fix] = []
        seen: set[ShipClass] = set()
        for group in side.groups:
            if not (group.is_blueprint and group.count) or group.ship_class in seen:
                continue
            seen.add(group.ship_class)
            missing = missing_techs(group_blueprint(side, group), side.techs)
            if not missing:
                continue
            for _, tech_id in missing:
                techs_needed.setdefault(tech_id, None)
            found = [p for p, _ in missing]
            ids = frozenset(p.id for p in found)
            ships = class_name(group.ship_class, 2)
            drops.append(
                Fix(
                    f"Take the {_names(found)} off {side.name}'s {ships}",
                    "Return the tiles to the tray: each slot shows its printed part again.",
                    f"drop.{s}.{group.ship_class.value}",
                    _drop_parts(s, group.ship_class, ids),
                )
            )
        for tech_id in techs_needed:
            out.append(
                Fix(
                    f"Give {side.name} the {tech_name(tech_id)} tech",
                    f"Add {tech_name(tech_id)} to {side.name}'s researched techs.",
                    f"tech.{s}.{tech_id}",
                    _give_tech(s, tech_id),
                )
            )
        out += drops
    return tuple(out)
