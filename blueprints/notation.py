"""The compact text notation of a blueprint, for share links and the command line.

Form: ``SPECIES/CLASS:SLOT,SLOT,...[+OUTSIDE]`` where each slot is a part id or short code,
``-`` for an empty slot and ``x`` for a blocked slot (Planta). ``+muon_source`` names the part
placed outside the grid. Spaces around tokens are ignored.

>>> from blueprints.blueprint import Blueprint
>>> bp = Blueprint.parse("planta/interceptor:nus,plc,x,nud")
>>> str(bp)
'planta/interceptor:nuclear_source,plasma_cannon,x,nuclear_drive'
>>> Blueprint.parse(str(bp)) == bp
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from blueprints.catalogue import BLOCKED_SLOT, EMPTY_SLOT, part, unknown
from blueprints.catalogue import species as find_species
from blueprints.enums import ShipClass
from blueprints.errors import BlueprintError, NotationError
from blueprints.ship_part import Part

if TYPE_CHECKING:
    from blueprints.blueprint import Blueprint


def format_blueprint(bp: Blueprint, *, codes: bool = False) -> str:
    """The notation of ``bp`` (part ids, or short codes with ``codes=True``)."""
    blocked = bp.layout.blocked
    tokens = []
    for i, p in enumerate(bp.slots):
        if p is None:
            tokens.append(BLOCKED_SLOT if i < len(blocked) and blocked[i] else EMPTY_SLOT)
        else:
            tokens.append(p.code if codes else p.id)
    text = f"{bp.species}/{bp.ship_class.value}:{','.join(tokens)}"
    if bp.outside is not None:
        text += f"+{bp.outside.code if codes else bp.outside.id}"
    return text


def parse_blueprint(text: str) -> Blueprint:
    """Parse the notation; a bad token raises ``NotationError`` naming it."""
    from blueprints.blueprint import Blueprint

    if not isinstance(text, str):
        raise NotationError(f"blueprint notation must be text, got {text!r}")
    head, sep, body = text.strip().partition(":")
    if not sep:
        raise NotationError(
            f"blueprint {text!r} has no ':'; expected SPECIES/CLASS:PART,PART,... "
            "(e.g. 'terran_directorate/interceptor:nus,ioc,nud,-')"
        )
    species_id, slash, class_name = head.strip().partition("/")
    if not slash:
        raise NotationError(f"blueprint {text!r}: expected SPECIES/CLASS before ':'")
    species_id = species_id.strip()
    class_name = class_name.strip()
    try:
        sp = find_species(species_id)
    except BlueprintError as exc:
        raise NotationError(f"blueprint {text!r}: {exc}") from None
    try:
        ship_class = ShipClass(class_name)
    except ValueError:
        err = unknown("ship class", class_name, [c.value for c in ShipClass if not c.is_npc])
        raise NotationError(f"blueprint {text!r}: {err}") from None
    try:
        layout = sp.layout(ship_class)
    except BlueprintError as exc:
        raise NotationError(f"blueprint {text!r}: {exc}") from None
    body, plus, outside_token = body.partition("+")
    tokens = [t.strip() for t in body.split(",")] if body.strip() else []
    if len(tokens) != layout.slot_count:
        raise NotationError(
            f"blueprint {text!r}: {len(tokens)} slots given, the {species_id} "
            f"{ship_class.value} has {layout.slot_count}"
        )
    slots: list[Part | None] = []
    for i, token in enumerate(tokens):
        if token == EMPTY_SLOT:
            slots.append(None)
        elif token == BLOCKED_SLOT:
            if not layout.blocked[i]:
                raise NotationError(
                    f"blueprint {text!r}: slot {i} is marked blocked ('x') but is not blocked; "
                    "use '-' for an empty slot"
                )
            slots.append(None)
        else:
            try:
                slots.append(part(token))
            except BlueprintError as exc:
                raise NotationError(f"blueprint {text!r}, slot {i}: {exc}") from None
    outside = None
    if plus:
        try:
            outside = part(outside_token.strip())
        except BlueprintError as exc:
            raise NotationError(f"blueprint {text!r}, outside the grid: {exc}") from None
    return Blueprint(sp.id, ship_class, tuple(slots), outside)
