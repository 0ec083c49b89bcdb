"""The battle being edited, as one frozen value, and every edit the dashboard makes to it.

A ``BattleDraft`` holds what a battle file holds (``fleetlab-battle/1``: sides, ship groups,
policies, the sector facts and options) plus what an editor needs that a file leaves out: a
player side keeps a row, with its blueprint, for every class its species has, even with no
ships, and a blueprint may break a rule while it is being edited. ``draft_from_file`` reads a
battle file (checked by ``calc.battle.files.parse_battle``, so every error names its path);
``build`` turns the draft back into a battle file and a ``Battle``, or into the list of
problems that stop it from being solved. Nothing here imports Streamlit: the pages call these
functions from their widgets' callbacks.

>>> draft = draft_from_file(printed_battle())
>>> [s.name for s in draft.sides]
['Red', 'Blue']
>>> built = build(set_count(draft, 0, 0, 2))
>>> built.ok, built.battle is not None
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from blueprints import (
    OUTSIDE,
    Blueprint,
    BlueprintError,
    Dice,
    NpcVariant,
    Part,
    ShipClass,
    ShipStats,
    all_species,
    npc_tile,
    parts,
    ship_class_info,
    species,
    techs,
)
from calc import Battle, BattleFileError, NpcReading, Policy
from calc.battle import (
    BattleOptions,
    RetreatOption,
    SideEntry,
    battle_document,
    battle_to_dict,
    decode_battle_text,
    group_entry,
    parse_battle,
)
from fileio import quote
from ui.wording import computer_text, part_summary, shield_text, tech_name

COMBAT_TECHS = ("antimatter_splitter", "neutron_bombs", "neutron_absorber")
"""Techs without a ship part that change a fight (DESIGN: attributes of the side)."""

NPC_KINDS = (ShipClass.ANCIENT, ShipClass.GUARDIAN, ShipClass.GCDS)
SIDE_NAMES = ("Red", "Blue", "Green", "Yellow", "White", "Black", "Purple", "Orange")
"""Names for new sides: the colours of the players' pieces."""


def printed_battle() -> dict[str, Any]:
    """The battle the dashboard opens on: two players' printed blueprints, no techs.

    A first battle a new player recognises from the boxes: Red's three interceptors and a
    cruiser attack Blue's cruiser and starbase (a close fight, about 53% for Red, solved exactly
    in a few milliseconds). Every blueprint is the species' printed one, so every tech added
    later only adds parts to choose from.
    """
    return {
        "format": "fleetlab-battle/1",
        "sides": [
            {
                "name": "Red",
                "species": "terran_directorate",
                "ships": [
                    {"class": "interceptor", "count": 3},
                    {"class": "cruiser", "count": 1},
                ],
            },
            {
                "name": "Blue",
                "species": "eridani_empire",
                "ships": [{"class": "cruiser", "count": 1}, {"class": "starbase", "count": 1}],
            },
        ],
        "defender": 1,
        "options": {"policy": {"Red": "optimal", "Blue": "optimal"}, "method": "auto"},
    }


def example_battle() -> dict[str, Any]:
    """The upgraded example: two players, upgraded blueprints, several classes.

    Red attacks with plasma-armed interceptors and two cruisers; Blue defends with a shielded
    dreadnought, interceptors and a starbase. It solves exactly in well under a second and shows
    survivor distributions for five ship groups.
    """
    return {
        "format": "fleetlab-battle/1",
        "sides": [
            {
                "name": "Red",
                "species": "terran_directorate",
                "techs": ["plasma_cannon"],
                "ships": [
                    {
                        "class": "interceptor",
                        "count": 3,
                        "parts": [
                            "nuclear_source",
                            "plasma_cannon",
                            "nuclear_drive",
                            "electron_computer",
                        ],
                    },
                    {"class": "cruiser", "count": 2},
                ],
            },
            {
                "name": "Blue",
                "species": "eridani_empire",
                "techs": ["gauss_shield"],
                "ships": [
                    {"class": "interceptor", "count": 2},
                    {
                        "class": "dreadnought",
                        "count": 1,
                        "parts": [
                            "electron_computer",
                            "ion_cannon",
                            "ion_cannon",
                            "gauss_shield",
                            "nuclear_source",
                            "hull",
                            "hull",
                            "nuclear_drive",
                        ],
                    },
                    {"class": "starbase", "count": 1},
                ],
            },
        ],
        "defender": 1,
        "options": {"policy": {"Red": "optimal", "Blue": "optimal"}, "method": "auto"},
    }


# ----- the draft -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GroupDraft:
    """Ships of one type on a side, as edited.

    Exactly one of three kinds: a player blueprint (``parts`` lists the part id of each slot,
    ``None`` for the species' printed blueprint), an NPC tile (``variant``), or raw combat
    numbers from a battle file (``stats``, its canonical JSON). ``count`` may be 0 in the
    editor; such groups are left out of the battle.
    """

    ship_class: ShipClass
    count: int = 0
    parts: tuple[str | None, ...] | None = None
    outside: str | None = None
    variant: NpcVariant | None = None
    stats: str | None = None
    damage: tuple[int, ...] = ()
    label: str | None = None

    @property
    def is_blueprint(self) -> bool:
        """True for ships built from the side's species blueprint."""
        return self.variant is None and self.stats is None


@dataclass(frozen=True, slots=True)
class SideDraft:
    """One side as edited: its fleet, techs, policy and the sector facts."""

    name: str
    groups: tuple[GroupDraft, ...]
    species: str | None = None
    npc: bool = False
    techs: tuple[str, ...] = ()
    policy: Policy = Policy.OPTIMAL
    can_retreat: bool = False
    population: int = 0
    retreat: RetreatOption = field(default_factory=RetreatOption)

    @property
    def ship_count(self) -> int:
        """Ships on the side (the groups with a count)."""
        return sum(g.count for g in self.groups)


@dataclass(frozen=True, slots=True)
class BattleDraft:
    """The battle as edited: sides in order of entry, the defender and the options."""

    sides: tuple[SideDraft, ...]
    defender: int
    method: str = "auto"
    samples: int | None = None
    seed: int | None = None
    reputation_bag: tuple[tuple[int, int], ...] | None = None
    npc_reading: NpcReading = NpcReading.CONCENTRATE


@dataclass(frozen=True, slots=True)
class Problem:
    """Something that stops the battle from being solved; ``where`` names the side and group
    (or the battle-file path) in words."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


@dataclass(frozen=True, slots=True)
class Built:
    """The draft as a battle file (``doc``), its canonical JSON (``key``, the cache key) and
    the ``Battle``, or the problems that stop it."""

    doc: dict[str, Any] = field(compare=False, hash=False)
    key: str
    battle: Battle | None
    options: BattleOptions | None
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        """True when the battle can be solved."""
        return self.battle is not None and not self.problems


# ----- reading a battle file -------------------------------------------------------------


def draft_from_file(doc: Any) -> BattleDraft:
    """Read a decoded battle file into a draft.

    The file is checked by ``parse_battle`` first, so an error is a ``BattleFileError`` that
    names the path of the bad value. The techs that the blueprints' parts need are added to
    each side's techs (battle files need not list them), and every class of a player side's
    species gets a row.
    """
    battle, options = parse_battle(doc)
    normal = battle_to_dict(battle, options)
    policies: dict[str, str] = normal["options"].get("policy", {})
    sides = []
    for raw, side in zip(normal["sides"], battle.sides, strict=True):
        groups = tuple(_group_from_file(g) for g in raw["ships"])
        draft = SideDraft(
            name=side.name,
            groups=groups,
            species=side.species,
            npc=side.npc,
            techs=tuple(raw.get("techs", ())),
            policy=Policy(policies.get(side.name, side.policy.value)),
            can_retreat=side.can_retreat,
            population=side.population,
            retreat=side.retreat,
        )
        sides.append(_complete(draft))
    return BattleDraft(
        sides=tuple(sides),
        defender=battle.defender,
        method=options.method,
        samples=options.samples,
        seed=options.seed,
        reputation_bag=options.reputation_bag,
        npc_reading=battle.npc_reading,
    )


def _group_from_file(raw: dict[str, Any]) -> GroupDraft:
    stats = raw.get("stats")
    variant = raw.get("variant")
    raw_parts = raw.get("parts")
    return GroupDraft(
        ship_class=ShipClass(raw["class"]),
        count=int(raw.get("count", 1)),
        parts=None if raw_parts is None else tuple(raw_parts),
        outside=raw.get("outside"),
        variant=None if variant is None else NpcVariant(variant),
        stats=None if stats is None else json.dumps(stats, sort_keys=True),
        damage=tuple(raw.get("damage", ())),
        label=raw.get("label"),
    )


def _class_order(cls: ShipClass) -> int:
    order = (*NPC_KINDS, *(c for c in ShipClass if not c.is_npc))
    return order.index(cls)


def _group_order(group: GroupDraft) -> tuple[int, bool]:
    """Rows by class; within a class the species' blueprint row first, then the others."""
    return _class_order(group.ship_class), not group.is_blueprint


def _complete(side: SideDraft) -> SideDraft:
    """Give every class of the side a row and the side every tech its parts need."""
    groups = list(side.groups)
    if side.npc:
        present = {g.ship_class for g in groups if g.variant is not None}
        groups += [
            GroupDraft(k, 0, variant=NpcVariant.NORMAL) for k in NPC_KINDS if k not in present
        ]
    elif side.species is not None:
        present = {g.ship_class for g in groups if g.is_blueprint}
        groups += [GroupDraft(c, 0) for c in species(side.species).ship_classes if c not in present]
    groups.sort(key=_group_order)
    needed = list(side.techs)
    for g in groups:
        if g.is_blueprint and side.species is not None:
            for p in group_blueprint(side, g).parts():
                if p.needs_tech and p.tech is not None and p.tech not in needed:
                    needed.append(p.tech)
    return replace(side, groups=tuple(groups), techs=tuple(needed))


# ----- blueprints of the draft -----------------------------------------------------------


def group_blueprint(side: SideDraft, group: GroupDraft) -> Blueprint:
    """The blueprint of a player group (the species' printed one when no parts are given)."""
    if side.species is None or not group.is_blueprint:
        raise BlueprintError(f"{side.name}'s {group.ship_class.value} group has no blueprint")
    if group.parts is None:
        return Blueprint.default(side.species, group.ship_class)
    return Blueprint.from_parts(side.species, group.ship_class, group.parts, group.outside)


def blueprint_problems(side: SideDraft, group: GroupDraft) -> tuple[str, ...]:
    """Every rule the group's blueprint breaks, in plain words, against the side's techs."""
    return plain_problems(group_blueprint(side, group), side.techs, side.name)


def plain_problems(bp: Blueprint, techs: Iterable[str], owner: str = "the side") -> tuple[str, ...]:
    """Every rule ``bp`` breaks with these techs, as a player reads it: a part that needs a tech
    the owner lacks is named by its printed name ("Plasma Cannon needs the Plasma Cannon tech,
    which Red has not researched"); the other rules keep the blueprint's own words."""
    out = [str(p) for p in bp.problems(techs=None)]  # None: every rule but the techs'
    where = f"{bp.species} {bp.ship_class.value}"
    for part, tech_id in missing_techs(bp, techs):
        out.append(
            f"{where}: {part.name} needs the {tech_name(tech_id)} tech, which {owner} has not "
            "researched"
        )
    return tuple(out)


def missing_techs(bp: Blueprint, techs: Iterable[str]) -> tuple[tuple[Part, str], ...]:
    """The parts of ``bp`` whose tech is not among ``techs``, each once, with that tech."""
    have = set(techs)
    found: dict[str, tuple[Part, str]] = {}
    for part in bp.parts():
        if part.needs_tech and part.tech is not None and part.tech not in have:
            found.setdefault(part.id, (part, part.tech))
    return tuple(found.values())


def _parts_of(bp: Blueprint) -> tuple[tuple[str | None, ...] | None, str | None]:
    if bp == Blueprint.default(bp.species, bp.ship_class):
        return None, None
    slots = tuple(None if p is None else p.id for p in bp.slots)
    return slots, None if bp.outside is None else bp.outside.id


def slot_choices(
    bp: Blueprint, slot: int, side_techs: Iterable[str], *, every: bool = False
) -> tuple[Part | None, ...]:
    """What a selector offers for one slot: the parts that keep the blueprint legal with the
    side's techs (``Blueprint.placeable``), or with ``every`` each part that can physically
    stand there (for trying a design out; the problems then say what is wrong). The current
    content always comes first among equals so the selector can show it."""
    legal = bp.placeable(slot, techs=list(side_techs))
    current = bp.outside if slot == OUTSIDE else bp.slots[slot]
    offered: list[Part | None] = list(legal)
    if every:
        offered += [
            p
            for p in parts()
            if p.outside_grid == (slot == OUTSIDE)
            and p not in offered
            and (p.species is None or p.species == bp.species)
        ]
    if current not in offered:
        offered.insert(0, current)
    return tuple(offered)


def part_label(part: Part | None, printed: Part | None = None) -> str:
    """How a selector names a choice: the part, what it does, and whether it is printed."""
    if part is None:
        return "Empty slot"
    summary = part_summary(part)
    text = f"{part.name} ({summary})" if summary else part.name
    return f"{text}, printed" if part == printed else text


def stats_line(bp: Blueprint) -> str:
    """The derived numbers of a blueprint in one line, for beside the editor."""
    s = bp.stats
    bits = [
        f"initiative {s.initiative}",
        f"hull {s.hull}",
        computer_text(s.computer),
        shield_text(s.shield),
        f"energy {s.energy_use} used of {s.energy_production}",
        f"dice: {s.describe_dice()}",
    ]
    if s.movement:
        bits.append(f"move {s.movement}")
    if s.morph:
        bits.append(f"{s.morph} Morph Shield")
    return " · ".join(bits)


# ----- turning the draft into a battle ---------------------------------------------------


def _group_to_file(group: GroupDraft) -> dict[str, Any]:
    return group_entry(
        group.ship_class,
        group.count,
        variant=group.variant,
        stats=None if group.stats is None else json.loads(group.stats),
        parts=group.parts,
        outside=group.outside,
        damage=group.damage,
        label=group.label,
    )


def draft_to_file(draft: BattleDraft) -> dict[str, Any]:
    """The battle-file document of the draft (through calc's one writer, ``battle_document``);
    groups without ships are left out, and samples only count for Monte Carlo."""
    entries = [
        SideEntry(
            name=side.name,
            ships=tuple(_group_to_file(g) for g in side.groups if g.count > 0),
            npc=side.npc,
            species=side.species,
            techs=side.techs,
            can_retreat=side.can_retreat,
            population=side.population,
            policy=side.policy,
            retreat=side.retreat,
        )
        for side in draft.sides
    ]
    options = BattleOptions(
        method=draft.method,
        samples=draft.samples if draft.method == "monte-carlo" else None,
        seed=draft.seed,
        reputation_bag=draft.reputation_bag,
    )
    return battle_document(entries, draft.defender, options, draft.npc_reading)


def canonical_json(doc: Any) -> str:
    """One text per battle file: sorted keys, no spaces (the cache key and the share form)."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def build(draft: BattleDraft) -> Built:
    """The battle file and ``Battle`` of the draft, or every problem that stops it.

    Blueprint problems of groups with ships come first, in plain words, each naming the side
    and class; then sides that take no part; anything else is the battle file's own check,
    whose message names the path of the bad value.

    A side without ships is part of the battle when it controls the sector: its population
    (if any) is attacked by whoever holds the sector at the end, as in a game where a sector's
    ships are all gone but its cubes are not. An attacking side without ships takes no part, and
    a battle needs ships on at least one side (``no_ships_problems``).
    """
    problems: list[Problem] = list(no_ships_problems(draft))
    for side in draft.sides:
        for g in side.groups:
            if g.count and g.is_blueprint and side.species is not None:
                problems += [
                    Problem(f"{side.name} {g.ship_class.value}", without_where(text))
                    for text in blueprint_problems(side, g)
                ]
    doc = draft_to_file(draft)
    key = canonical_json(doc)
    if problems:
        return Built(doc, key, None, None, tuple(problems))
    try:
        battle, options = parse_battle(doc)
    except BattleFileError as exc:
        return Built(doc, key, None, None, (Problem(exc.path, without_path(exc)),))
    return Built(doc, key, battle, options, ())


def no_ships_problems(draft: BattleDraft) -> tuple[Problem, ...]:
    """The sides that take no part for want of ships.

    The side controlling the sector may have no ships (its population is attacked, or, with no
    cubes, the attackers simply take the sector); an attacker without ships is not in the
    battle; and at least one side needs ships.
    """
    if not any(side.ship_count for side in draft.sides):
        return (Problem("", "no side has ships; give one side at least one ship"),)
    out = []
    for i, side in enumerate(draft.sides):
        if side.ship_count or i == draft.defender:
            continue
        remedy = "give it at least one" + (", or remove the side" if len(draft.sides) > 2 else "")
        out.append(Problem(side.name, f"attacks with no ships; {remedy}"))
    return tuple(out)


def without_where(message: str) -> str:
    """A blueprint problem's message without the 'species class: ' it starts with (the editor
    names the side and class itself)."""
    head, sep, rest = message.partition(": ")
    return rest if sep and " " in head and ":" not in head else message


def without_path(exc: BattleFileError) -> str:
    """The error's message without the path it starts with (for where the path is shown
    apart)."""
    text = str(exc)
    prefix = f"{exc.path}: "
    return text[len(prefix) :] if exc.path and text.startswith(prefix) else text


# ----- edits -----------------------------------------------------------------------------


def _with_side(draft: BattleDraft, index: int, side: SideDraft) -> BattleDraft:
    sides = list(draft.sides)
    sides[index] = side
    return replace(draft, sides=tuple(sides))


def _with_group(draft: BattleDraft, s: int, g: int, group: GroupDraft) -> BattleDraft:
    side = draft.sides[s]
    groups = list(side.groups)
    groups[g] = group
    return _with_side(draft, s, replace(side, groups=tuple(groups)))


def count_limit(side: SideDraft, g: int) -> int:
    """Most ships group ``g`` may have: the miniature limit less the other groups' ships of
    the same class."""
    cls = side.groups[g].ship_class
    others = sum(x.count for i, x in enumerate(side.groups) if i != g and x.ship_class is cls)
    return max(0, ship_class_info(cls).limit - others)


def set_count(draft: BattleDraft, s: int, g: int, count: int) -> BattleDraft:
    """Ships in a group, kept within the miniature limit; damage entries beyond it go."""
    side = draft.sides[s]
    count = max(0, min(int(count), count_limit(side, g)))
    group = side.groups[g]
    return _with_group(draft, s, g, replace(group, count=count, damage=group.damage[:count]))


def set_damage(draft: BattleDraft, s: int, g: int, damage: Sequence[int]) -> BattleDraft:
    """Damage already taken, one entry per damaged ship."""
    group = draft.sides[s].groups[g]
    return _with_group(draft, s, g, replace(group, damage=tuple(int(d) for d in damage)))


def set_part(draft: BattleDraft, s: int, g: int, slot: int, part_id: str | None) -> BattleDraft:
    """Put a part (or nothing) in a slot of a group's blueprint (``OUTSIDE`` for the Muon
    Source position). No rule is checked here: ``build`` reports what the result breaks."""
    side = draft.sides[s]
    bp = group_blueprint(side, side.groups[g])
    return set_group_blueprint(draft, s, g, place_part(bp, slot, part_id))


def place_part(bp: Blueprint, slot: int, part_id: str | None) -> Blueprint:
    """The blueprint with ``part_id`` (or nothing) in ``slot``; no rule is checked."""
    if slot == OUTSIDE:
        return Blueprint.from_parts(bp.species, bp.ship_class, bp.slots, part_id)
    slots: list[Part | str | None] = list(bp.slots)
    slots[slot] = part_id
    return Blueprint.from_parts(bp.species, bp.ship_class, slots, bp.outside)


def set_group_blueprint(draft: BattleDraft, s: int, g: int, bp: Blueprint) -> BattleDraft:
    """Replace one group's blueprint."""
    slots, outside = _parts_of(bp)
    group = draft.sides[s].groups[g]
    return _with_group(draft, s, g, replace(group, parts=slots, outside=outside))


def set_class_blueprint(draft: BattleDraft, s: int, cls: ShipClass, bp: Blueprint) -> BattleDraft:
    """Give every blueprint group of a class on side ``s`` the blueprint ``bp`` (a player has
    one blueprint per class)."""
    for g, group in enumerate(draft.sides[s].groups):
        if group.is_blueprint and group.ship_class is cls:
            draft = set_group_blueprint(draft, s, g, bp)
    return draft


def stats_json(stats: ShipStats) -> str:
    """The battle-file ``stats`` object of raw numbers, as canonical JSON (the form a
    ``GroupDraft`` keeps; the class goes in the group)."""
    doc = stats.to_dict()
    doc.pop("class", None)
    return json.dumps(doc, sort_keys=True)


def group_stats(group: GroupDraft) -> ShipStats:
    """The raw numbers of a group typed as numbers (``stats``)."""
    if group.stats is None:
        raise BlueprintError(f"the {group.ship_class.value} group is not typed as numbers")
    raw = json.loads(group.stats)
    return ShipStats(
        ship_class=group.ship_class,
        initiative=int(raw["initiative"]),
        hull=int(raw["hull"]),
        computer=int(raw.get("computer", 0)),
        shield=int(raw.get("shield", 0)),
        cannons=Dice.from_mapping(raw.get("cannons", {})),
        missiles=Dice.from_mapping(raw.get("missiles", {})),
        movement=int(raw.get("movement", 0)),
        morph=int(raw.get("morph", 0)),
        cost=int(raw.get("cost", 0)),
    )


def add_stats_group(
    draft: BattleDraft, s: int, stats: ShipStats, count: int = 1, label: str | None = None
) -> BattleDraft:
    """Add ships typed as raw numbers (initiative, hull, computer, shield, dice) to player side
    ``s``, as other calculators take them; ``count`` is kept within the class's miniatures."""
    side = draft.sides[s]
    if side.npc:
        raise BlueprintError(f"{side.name} is the NPCs' side; NPC ships come from their tiles")
    if stats.ship_class.is_npc:
        raise BlueprintError(
            f"{stats.ship_class.value!r} is an NPC class; type a player ship (interceptor, "
            "cruiser, dreadnought, starbase or orbital)"
        )
    if not stats.cost and side.species is not None:
        # What a battle file's stats group costs when it gives no cost: the species' price.
        stats = replace(stats, cost=species(side.species).build_cost(stats.ship_class))
    name = (label or "").strip() or None
    group = GroupDraft(stats.ship_class, 0, stats=stats_json(stats), label=name)
    groups = sorted((*side.groups, group), key=_group_order)
    draft = _with_side(draft, s, replace(side, groups=tuple(groups)))
    index = next(i for i, g in enumerate(draft.sides[s].groups) if g is group)
    return set_count(draft, s, index, count)


def remove_group(draft: BattleDraft, s: int, g: int) -> BattleDraft:
    """Take a group typed as numbers (or read from a file's ``stats``) off side ``s``; the rows
    of the species' blueprints stay (set their count to 0 instead)."""
    side = draft.sides[s]
    if side.groups[g].is_blueprint:
        raise BlueprintError(
            f"{side.name}'s {side.groups[g].ship_class.value} row is its blueprint; set its "
            "count to 0 instead"
        )
    groups = tuple(group for i, group in enumerate(side.groups) if i != g)
    return _with_side(draft, s, replace(side, groups=groups))


def set_fleet(draft: BattleDraft, s: int, ships: Sequence[dict[str, Any]]) -> BattleDraft:
    """Give player side ``s`` a whole fleet of blueprint ships (battle-file ship groups, as the
    fleet designer writes them): each class given takes its count, blueprint and damage; the
    side's other blueprint classes keep their blueprint with no ships; groups typed as numbers
    stay. The techs the new parts need join the side's techs."""
    side = draft.sides[s]
    given = {}
    for raw in ships:
        group = _group_from_file(raw)
        if not group.is_blueprint:
            raise BlueprintError(f"a fleet for {side.name} is made of blueprints, got {raw!r}")
        given[group.ship_class] = group
    groups = []
    for group in side.groups:
        if group.is_blueprint:
            groups.append(given.pop(group.ship_class, replace(group, count=0, damage=())))
        else:
            groups.append(group)
    groups += given.values()
    groups.sort(key=_group_order)
    return _with_side(draft, s, _complete(replace(side, groups=tuple(groups))))


def set_variant(draft: BattleDraft, s: int, g: int, variant: NpcVariant | str) -> BattleDraft:
    """The printing of an NPC tile."""
    group = draft.sides[s].groups[g]
    npc_tile(group.ship_class, variant)
    return _with_group(draft, s, g, replace(group, variant=NpcVariant(variant)))


def _starting_groups(species_id: str) -> tuple[GroupDraft, ...]:
    sp = species(species_id)
    start = dict(sp.starting_ships)
    counts = {c: start.get(c, 0) for c in sp.ship_classes}
    if not any(counts.values()):
        counts[sp.ship_classes[0]] = 1
    return tuple(GroupDraft(c, counts[c]) for c in sp.ship_classes)


def set_species(draft: BattleDraft, s: int, species_id: str | None) -> BattleDraft:
    """Give side ``s`` another species (``None``: make it the NPCs' side).

    Counts carry over for the classes the new species has (within the limits); blueprints
    start as the new species' printed ones. An NPC side starts with one Ancient and defends.
    """
    side = draft.sides[s]
    if species_id is None:
        groups = tuple(
            GroupDraft(k, 1 if k is ShipClass.ANCIENT else 0, variant=NpcVariant.NORMAL)
            for k in NPC_KINDS
        )
        new = replace(side, species=None, npc=True, groups=groups, policy=Policy.NPC)
        return replace(_with_side(draft, s, _complete(new)), defender=s)
    sp = species(species_id)
    old: dict[ShipClass, int] = {}
    for g in side.groups:
        if g.is_blueprint:
            old[g.ship_class] = old.get(g.ship_class, 0) + g.count
    if side.npc or not any(old.get(c, 0) for c in sp.ship_classes):
        groups = _starting_groups(sp.id)
    else:
        groups = tuple(
            GroupDraft(c, min(old.get(c, 0), ship_class_info(c).limit)) for c in sp.ship_classes
        )
    policy = Policy.OPTIMAL if side.npc else side.policy
    new = replace(side, species=sp.id, npc=False, groups=groups, policy=policy)
    return _with_side(draft, s, _complete(new))


def set_techs(draft: BattleDraft, s: int, tech_ids: Iterable[str]) -> BattleDraft:
    """The side's techs: the combat techs it has and the techs whose parts it may place."""
    return _with_side(draft, s, replace(draft.sides[s], techs=tuple(dict.fromkeys(tech_ids))))


def set_policy(draft: BattleDraft, s: int, policy: Policy | str) -> BattleDraft:
    """How the side assigns its hits (NPC sides always use the rulebook rule)."""
    side = draft.sides[s]
    return _with_side(draft, s, replace(side, policy=Policy.NPC if side.npc else Policy(policy)))


def rename_side(draft: BattleDraft, s: int, name: str) -> BattleDraft:
    """A side's name (names must differ; ``build`` says so if they do not)."""
    return _with_side(draft, s, replace(draft.sides[s], name=name.strip()))


def set_sector(
    draft: BattleDraft, s: int, *, can_retreat: bool | None = None, population: int | None = None
) -> BattleDraft:
    """Sector facts of a side: whether it has a sector to retreat to, its population cubes."""
    side = draft.sides[s]
    return _with_side(
        draft,
        s,
        replace(
            side,
            can_retreat=side.can_retreat if can_retreat is None else can_retreat,
            population=side.population if population is None else max(0, int(population)),
        ),
    )


def set_retreat(draft: BattleDraft, s: int, retreat: RetreatOption) -> BattleDraft:
    """A side's retreat policy (sector combat)."""
    return _with_side(draft, s, replace(draft.sides[s], retreat=retreat))


def set_defender(draft: BattleDraft, index: int) -> BattleDraft:
    """Which side controls the sector (an NPC side always does)."""
    npcs = [i for i, side in enumerate(draft.sides) if side.npc]
    return replace(draft, defender=npcs[0] if npcs else index)


def set_method(
    draft: BattleDraft, method: str, samples: int | None = None, seed: int | None = None
) -> BattleDraft:
    """How to compute: ``auto`` (the ladder), ``exact`` or ``monte-carlo``."""
    return replace(draft, method=method, samples=samples, seed=seed)


def set_reputation_bag(draft: BattleDraft, bag: Sequence[tuple[int, int]] | None) -> BattleDraft:
    """Reputation tiles left in the bag by value (sector combat), or ``None`` for the default."""
    return replace(draft, reputation_bag=None if bag is None else tuple(bag))


def add_side(draft: BattleDraft, species_id: str = "terran_directorate") -> BattleDraft:
    """A new player side entering the sector last, with its species' starting ships."""
    taken = {s.name for s in draft.sides}
    name = next((n for n in SIDE_NAMES if n not in taken), f"Side {len(draft.sides) + 1}")
    side = _complete(SideDraft(name, _starting_groups(species_id), species=species_id))
    return replace(draft, sides=(*draft.sides, side))


def remove_side(draft: BattleDraft, s: int) -> BattleDraft:
    """Remove a side (a battle keeps at least two)."""
    if len(draft.sides) <= 2:
        return draft
    sides = tuple(side for i, side in enumerate(draft.sides) if i != s)
    defender = draft.defender
    if defender == s:
        defender = len(sides) - 1
    elif defender > s:
        defender -= 1
    return set_defender(replace(draft, sides=sides), defender)


# ----- choices for the editor ------------------------------------------------------------


def species_choices() -> tuple[str, ...]:
    """Species ids in the order of their names."""
    return tuple(s.id for s in sorted(all_species(), key=lambda s: s.name))


def tech_choices() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(combat techs, techs that unlock a ship part), as ids."""
    part_techs = tuple(t.id for t in techs() if t.unlocks_part is not None)
    return COMBAT_TECHS, part_techs


MAX_UPLOAD_BYTES = 256 * 1024
"""Largest battle file the dashboard opens."""


def read_battle_upload(name: str, data: bytes) -> BattleDraft:
    """An uploaded battle file (JSON, or TOML by its ``.toml`` name), size-capped, decoded as
    data and checked by ``parse_battle``; errors are ``BattleFileError`` naming the path."""
    toml = name.lower().endswith(".toml")
    doc = decode_battle_text(data, toml=toml, where=quote(name), max_bytes=MAX_UPLOAD_BYTES)
    return draft_from_file(doc)
