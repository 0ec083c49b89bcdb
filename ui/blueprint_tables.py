"""Plain-data tables of blueprints for the screen (no Streamlit here, so they are testable)."""

from __future__ import annotations

from blueprints import Blueprint, all_species, default_blueprints
from ui.wording import MINUS


def blueprint_row(bp: Blueprint) -> dict[str, object]:
    """One row describing a blueprint's parts and derived stats (computers with a plus, shields
    with a minus, as everywhere on the dashboard)."""
    s = bp.stats
    blocked = bp.layout.blocked
    slots = []
    for i, p in enumerate(bp.slots):
        slots.append("▨" if blocked[i] else ("·" if p is None else p.name))
    if bp.outside is not None:
        slots.append(f"+{bp.outside.name}")
    return {
        "class": bp.ship_class.value,
        "slots": " | ".join(slots),
        "initiative": s.initiative,
        "hull": s.hull,
        "computer": f"+{s.computer}",
        "shield": f"{MINUS}{s.shield}" if s.shield else "0",
        "move": s.movement,
        "energy (use/prod)": f"{s.energy_use}/{s.energy_production}",
        "dice": s.describe_dice(),
        "cost": s.cost,
    }


def species_table() -> list[tuple[str, str, str, list[dict[str, object]]]]:
    """For every species: id, name, confidence mark and its default blueprints' rows."""
    out = []
    for sp in all_species():
        rows = [blueprint_row(bp) for bp in default_blueprints(sp.id)]
        out.append((sp.id, sp.name, sp.confidence.value, rows))
    return out
