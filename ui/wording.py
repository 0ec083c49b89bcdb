"""How the dashboard names things: the words a player reads on the boards, never ids.

One function per kind of name, so every page says a ship's shield, a species or an NPC the same
way. Shields are written with a minus sign (they take from the opponent's roll, as the part
tiles print them), computers with a plus; ship classes are counted in words ("2 interceptors",
"1 Ancient"); species and techs by their printed names.

>>> shield_text(1), shield_text(0), computer_text(2)
('shield −1', 'no shield', 'computer +2')
>>> count_text(2, "ancient"), count_text(1, "interceptor"), count_text(3, "gcds")
('2 Ancients', '1 interceptor', '3 GCDS')
>>> player_label("blue", "eridani_empire")
'Blue (Eridani Empire)'
"""

from __future__ import annotations

from blueprints import Blueprint, BlueprintError, Part, ShipClass, species, tech

MINUS = "\N{MINUS SIGN}"
NPC_NAMES = {
    ShipClass.ANCIENT: ("Ancient", "Ancients"),
    ShipClass.GUARDIAN: ("Guardian", "Guardians"),
    ShipClass.GCDS: ("GCDS", "GCDS"),
}
"""NPC ships are named as their tiles print them (capitalised; the GCDS has no plural)."""


def shield_text(shield: int) -> str:
    """A ship's shields as the part tiles print them: ``shield −2`` (or ``no shield``)."""
    return f"shield {MINUS}{shield}" if shield else "no shield"


def computer_text(computer: int) -> str:
    """A ship's computers: ``computer +1`` (``computer +0`` without one)."""
    return f"computer +{computer}"


def part_summary(part: Part) -> str:
    """What a part does, in one line, with shields written as everywhere else on the page
    (``Part.summary`` writes every bonus with a plus; a shield takes from the opponent's roll).

    >>> from blueprints import part
    >>> part_summary(part("phase_shield"))
    'shield −2, energy −1'
    """
    text = part.summary()
    if part.shield:
        text = text.replace(f"shield +{part.shield}", shield_text(part.shield))
    if part.energy_use:
        text = text.replace(f"energy -{part.energy_use}", f"energy {MINUS}{part.energy_use}")
    return text


def parts_text(bp: Blueprint) -> str:
    """A blueprint's parts by name, slot by slot (empty slots left out), marked ``(printed)``
    when it is the species' printed blueprint.

    >>> parts_text(Blueprint.default("terran_directorate", "interceptor"))
    'Nuclear Source, Ion Cannon, Nuclear Drive (printed)'
    """
    names = [p.name for p in bp.slots if p is not None]
    if bp.outside is not None:
        names.append(f"{bp.outside.name} (outside the grid)")
    text = ", ".join(names) or "no parts"
    return f"{text} (printed)" if bp == Blueprint.default(bp.species, bp.ship_class) else text


def class_name(ship_class: ShipClass | str, count: int = 1) -> str:
    """A ship class in words, plural when ``count`` is not 1 (``cruisers``, ``Ancients``)."""
    cls = ShipClass(ship_class)
    if cls in NPC_NAMES:
        one, many = NPC_NAMES[cls]
        return one if count == 1 else many
    return cls.value if count == 1 else f"{cls.value}s"


def counted(count: int, noun: str) -> str:
    """A count with its noun, plural when the count is not 1 (an ``s`` added).

    >>> counted(1, "module"), counted(3, "material"), counted(0, "upgrade")
    ('1 module', '3 materials', '0 upgrades')
    """
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def count_text(count: int, ship_class: ShipClass | str) -> str:
    """``'2 interceptors'``, ``'1 Guardian'``."""
    return f"{count} {class_name(ship_class, count)}"


def species_name(species_id: str) -> str:
    """The printed name of a species (``Eridani Empire``); an unknown id as it reads."""
    try:
        return species(species_id).name
    except BlueprintError:
        return species_id.replace("_", " ").title()


def tech_name(tech_id: str) -> str:
    """The printed name of a tech (``Plasma Cannon``)."""
    try:
        return tech(tech_id).name
    except BlueprintError:
        return tech_id.replace("_", " ").title()


def player_label(colour: str | None, species_id: str, name: str | None = None) -> str:
    """How a player of a game is named: ``Blue (Eridani Empire)``, with the player's name first
    when there is one (``Ann: Blue (Eridani Empire)``)."""
    what = species_name(species_id)
    if colour:
        what = f"{colour.strip().capitalize()} ({what})"
    return f"{name}: {what}" if name else what


def wins_label(name: str, plural: bool = False) -> str:
    """The headline of a side's chance: ``Red wins``; ``NPCs win`` for a side named as many."""
    return f"{name} {'win' if plural else 'wins'}"
