"""The rules data, loaded once from ``blueprints/data/*.toml`` into frozen dataclasses.

Every lookup takes the snake_case identifier used in files (``part("ion_cannon")``); parts also
answer to their short code (``part("ioc")``). An unknown identifier raises ``UnknownIdError``
naming it and suggesting the closest legal ones. Loading checks every cross-reference (a part's
tech exists and unlocks it, a blueprint's printed parts exist ...) and raises ``DataError`` if the
packaged data is inconsistent.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from blueprints.dice import Dice
from blueprints.enums import (
    Confidence,
    NpcVariant,
    Origin,
    PartKind,
    ShipClass,
    TechCategory,
)
from blueprints.errors import DataError, UnknownIdError
from blueprints.npc import NpcTile
from blueprints.reputation import REPUTATION_VALUES, ReputationTiles
from blueprints.ship_classes import DriveRule, ShipClassInfo
from blueprints.ship_part import Part
from blueprints.species_board import (
    Activations,
    BlueprintLayout,
    PrintedBonus,
    Resources,
    Species,
)
from blueprints.stats import ShipStats
from blueprints.tech_tile import Tech, TechDraws, TrackRules

EMPTY_SLOT = "-"
BLOCKED_SLOT = "x"


def _load(name: str) -> dict[str, Any]:
    text = resources.files("blueprints").joinpath("data", name).read_text(encoding="utf-8")
    return tomllib.loads(text)


def unknown(kind: str, wanted: object, legal: Iterable[str]) -> UnknownIdError:
    """An ``UnknownIdError`` naming the bad identifier and the closest legal ones."""
    legal_list = sorted(legal)
    close = difflib.get_close_matches(str(wanted), legal_list, n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    return UnknownIdError(f"unknown {kind} {wanted!r}{hint} (legal: {', '.join(legal_list)})")


@dataclass(frozen=True, slots=True)
class Catalogue:
    """All rules data of the blueprints layer."""

    parts: tuple[Part, ...]
    techs: tuple[Tech, ...]
    species: tuple[Species, ...]
    ship_classes: tuple[ShipClassInfo, ...]
    npc_tiles: tuple[NpcTile, ...]
    track: TrackRules
    draws: TechDraws


def _dice(raw: Mapping[str, int] | None, where: str) -> Dice:
    return Dice.from_mapping(raw or {}, where=where)


def _parts(raw: dict[str, Any]) -> tuple[Part, ...]:
    out = []
    for entry in raw["part"]:
        out.append(
            Part(
                id=entry["id"],
                code=entry["code"],
                name=entry["name"],
                kind=PartKind(entry["kind"]),
                origin=Origin(entry["origin"]),
                tech=entry.get("tech"),
                species=entry.get("species"),
                cannons=_dice(entry.get("cannons"), f"part {entry['id']}.cannons"),
                missiles=_dice(entry.get("missiles"), f"part {entry['id']}.missiles"),
                computer=entry.get("computer", 0),
                shield=entry.get("shield", 0),
                hull=entry.get("hull", 0),
                movement=entry.get("movement", 0),
                initiative=entry.get("initiative", 0),
                energy_use=entry.get("energy_use", 0),
                energy_production=entry.get("energy_production", 0),
                morph=entry.get("morph", False),
                jump=entry.get("jump", False),
                outside_grid=entry.get("outside_grid", False),
                confidence=Confidence(entry["confidence"]),
                note=entry.get("note", ""),
            )
        )
    return tuple(out)


def _techs(raw: dict[str, Any]) -> tuple[tuple[Tech, ...], TrackRules, TechDraws]:
    techs = tuple(
        Tech(
            id=e["id"],
            name=e["name"],
            category=TechCategory(e["category"]),
            cost=e["cost"],
            min_cost=e["min_cost"],
            copies=e["copies"],
            unlocks_part=e.get("unlocks_part"),
            effect=e["effect"],
            optional=e.get("optional", False),
            confidence=Confidence(e["confidence"]),
            note=e.get("note", ""),
        )
        for e in raw["tech"]
    )
    track = raw["track"]
    rules = TrackRules(
        discounts=tuple(track["discounts"]),
        victory_points=tuple(sorted((int(k), v) for k, v in track["victory_points"].items())),
        discounts_confidence=Confidence(track["discounts_confidence"]),
    )
    draws = raw["draws"]
    tech_draws = TechDraws(
        setup=tuple(sorted((int(k), v) for k, v in draws["setup"].items())),
        cleanup=tuple(sorted((int(k), v) for k, v in draws["cleanup"].items())),
        confidence=Confidence(draws["confidence"]),
    )
    return techs, rules, tech_draws


def _classes(raw: dict[str, Any]) -> tuple[ShipClassInfo, ...]:
    return tuple(
        ShipClassInfo(
            ship_class=ShipClass(name),
            slots=e["slots"],
            limit=e["limit"],
            reputation=e["reputation"],
            size=e["size"],
            drives=DriveRule(e["drives"]),
            slot_names=tuple(e.get("slot_names", ())),
            npc=e.get("npc", False),
            confidence=Confidence(e["confidence"]),
        )
        for name, e in raw["class"].items()
    )


def _layouts(
    raw_set: dict[str, Any], set_name: str, parts_by_id: Mapping[str, Part]
) -> tuple[BlueprintLayout, ...]:
    layouts = []
    for cls in ShipClass:
        entry = raw_set.get(cls.value)
        if entry is None:
            continue
        printed: list[Part | None] = []
        blocked: list[bool] = []
        for token in entry["slots"]:
            if token == EMPTY_SLOT:
                printed.append(None)
                blocked.append(False)
            elif token == BLOCKED_SLOT:
                printed.append(None)
                blocked.append(True)
            elif token in parts_by_id:
                printed.append(parts_by_id[token])
                blocked.append(False)
            else:
                raise DataError(f"blueprint set {set_name!r} {cls.value}: unknown part {token!r}")
        layouts.append(
            BlueprintLayout(
                ship_class=cls,
                printed=tuple(printed),
                blocked=tuple(blocked),
                bonus=PrintedBonus(**entry.get("base", {})),
            )
        )
    return tuple(layouts)


def _species(
    raw: dict[str, Any], sets: dict[str, Any], parts_by_id: Mapping[str, Part]
) -> tuple[Species, ...]:
    out = []
    for sid, e in raw["species"].items():
        set_name = e["blueprints"]
        if set_name not in sets:
            raise DataError(f"species {sid!r}: unknown blueprint set {set_name!r}")
        out.append(
            Species(
                id=sid,
                name=e["name"],
                expansion=e["expansion"],
                home_sector=e["home_sector"],
                blueprint_set=set_name,
                layouts=_layouts(sets[set_name], set_name, parts_by_id),
                storage=Resources(**e["storage"]),
                trade_rate=e["trade_rate"],
                colony_ships=e["colony_ships"],
                influence_discs=e["influence_discs"],
                activations=Activations(**e["activations"]),
                starting_techs=tuple(e["starting_techs"]),
                build_costs=tuple(e["build_costs"].items()),
                reputation_track=tuple(e["reputation_track"]),
                starting_ships=tuple((ShipClass(k), v) for k, v in e["starting_ships"].items()),
                confidence=Confidence(e["confidence"]),
                special=e["special"],
            )
        )
    return tuple(out)


def _npcs(raw: dict[str, Any]) -> tuple[NpcTile, ...]:
    out = []
    for kind, variants in raw.items():
        for variant, e in variants.items():
            cls = ShipClass(kind)
            out.append(
                NpcTile(
                    kind=cls,
                    variant=NpcVariant(variant),
                    stats=ShipStats(
                        ship_class=cls,
                        initiative=e["initiative"],
                        hull=e["hull"],
                        computer=e["computer"],
                        shield=e["shield"],
                        cannons=_dice(e.get("cannons"), f"{kind}.{variant}.cannons"),
                        missiles=_dice(e.get("missiles"), f"{kind}.{variant}.missiles"),
                    ),
                    confidence=Confidence(e["confidence"]),
                )
            )
    return tuple(out)


def _check(cat: Catalogue) -> None:
    """Cross-reference checks: every id unique, every reference resolves."""

    def unique(kind: str, ids: list[str]) -> None:
        seen: set[str] = set()
        for i in ids:
            if i in seen:
                raise DataError(f"duplicate {kind} id {i!r}")
            seen.add(i)

    unique("part", [p.id for p in cat.parts] + [p.code for p in cat.parts])
    unique("tech", [t.id for t in cat.techs])
    unique("species", [s.id for s in cat.species])
    tech_ids = {t.id: t for t in cat.techs}
    part_ids = {p.id: p for p in cat.parts}
    species_ids = {s.id for s in cat.species}
    for p in cat.parts:
        if p.needs_tech:
            if p.tech not in tech_ids:
                raise DataError(f"part {p.id!r}: unknown tech {p.tech!r}")
            if tech_ids[p.tech].unlocks_part != p.id:
                raise DataError(f"part {p.id!r}: tech {p.tech!r} does not unlock it")
            if (p.origin is Origin.RARE_TECH) != tech_ids[p.tech].is_rare:
                raise DataError(f"part {p.id!r}: origin {p.origin} disagrees with its tech")
        elif p.tech is not None:
            raise DataError(f"part {p.id!r} of origin {p.origin} names a tech")
        if p.origin is Origin.SPECIES and p.species not in species_ids:
            raise DataError(f"part {p.id!r}: unknown species {p.species!r}")
    for t in cat.techs:
        if t.unlocks_part is not None and t.unlocks_part not in part_ids:
            raise DataError(f"tech {t.id!r}: unknown part {t.unlocks_part!r}")
        if not 0 < t.min_cost <= t.cost:
            raise DataError(f"tech {t.id!r}: min cost {t.min_cost} vs cost {t.cost}")
    classes = {c.ship_class: c for c in cat.ship_classes}
    for s in cat.species:
        for tid in s.starting_techs:
            if tid not in tech_ids:
                raise DataError(f"species {s.id!r}: unknown starting tech {tid!r}")
        for layout in s.layouts:
            info = classes[layout.ship_class]
            if layout.slot_count != info.slots:
                raise DataError(
                    f"species {s.id!r} {layout.ship_class}: {layout.slot_count} slots, "
                    f"class has {info.slots}"
                )
            for name, _ in s.build_costs:
                if name not in {c.value for c in ShipClass} | {"monolith"}:
                    raise DataError(f"species {s.id!r}: build cost for unknown {name!r}")
            s.build_cost(layout.ship_class)  # every blueprint class has a cost
    if len({(n.kind, n.variant) for n in cat.npc_tiles}) != len(cat.npc_tiles):
        raise DataError("duplicate NPC tile")


@cache
def catalogue() -> Catalogue:
    """Load and check all rules data (once per process)."""
    parts = _parts(_load("parts.toml"))
    parts_by_id = {p.id: p for p in parts}
    techs, track, draws = _techs(_load("techs.toml"))
    cat = Catalogue(
        parts=parts,
        techs=techs,
        species=_species(_load("species.toml"), _load("blueprint_sets.toml"), parts_by_id),
        ship_classes=_classes(_load("ship_classes.toml")),
        npc_tiles=_npcs(_load("npc_tiles.toml")),
        track=track,
        draws=draws,
    )
    _check(cat)
    return cat


@cache
def _parts_index() -> dict[str, Part]:
    index: dict[str, Part] = {}
    for p in catalogue().parts:
        index[p.id] = p
        index[p.code] = p
    return index


def part(part_id: str) -> Part:
    """The part with this id or short code.

    >>> part("ioc").name
    'Ion Cannon'
    """
    found = _parts_index().get(part_id)
    if found is None:
        raise unknown("part", part_id, [p.id for p in catalogue().parts])
    return found


def parts() -> tuple[Part, ...]:
    """Every ship part."""
    return catalogue().parts


def tech(tech_id: str) -> Tech:
    """The tech with this id."""
    for t in catalogue().techs:
        if t.id == tech_id:
            return t
    raise unknown("tech", tech_id, [t.id for t in catalogue().techs])


def techs() -> tuple[Tech, ...]:
    """Every tech, the optional Rift Cannon included."""
    return catalogue().techs


def species(species_id: str) -> Species:
    """The species board with this id (``terran_directorate``, ``planta`` ...)."""
    for s in catalogue().species:
        if s.id == species_id:
            return s
    raise unknown("species", species_id, [s.id for s in catalogue().species])


def all_species() -> tuple[Species, ...]:
    """Every species board."""
    return catalogue().species


def ship_class_info(ship_class: ShipClass | str) -> ShipClassInfo:
    """Rules numbers of a class; an unknown class name is an ``UnknownIdError``."""
    try:
        wanted = ShipClass(ship_class)
    except ValueError:
        raise unknown("ship class", ship_class, [c.value for c in ShipClass]) from None
    for info in catalogue().ship_classes:
        if info.ship_class is wanted:
            return info
    raise DataError(f"no data for ship class {wanted.value!r}")  # pragma: no cover


def npc_tile(kind: ShipClass | str, variant: NpcVariant | str = NpcVariant.NORMAL) -> NpcTile:
    """The NPC tile of a type (``ancient``, ``guardian``, ``gcds``) and printing."""
    npc_names = [c.value for c in ShipClass if c.is_npc]
    if str(kind) not in npc_names:
        raise unknown("NPC type", kind, npc_names)
    if str(variant) not in [v.value for v in NpcVariant]:
        raise unknown("NPC variant", variant, [v.value for v in NpcVariant])
    for tile in catalogue().npc_tiles:
        if tile.kind.value == str(kind) and tile.variant.value == str(variant):
            return tile
    raise DataError(f"no NPC tile {kind}/{variant}")  # pragma: no cover


def npc_tiles() -> tuple[NpcTile, ...]:
    """All nine NPC tiles."""
    return catalogue().npc_tiles


def track_rules() -> TrackRules:
    """Tech-track discounts and points."""
    return catalogue().track


def tech_draws() -> TechDraws:
    """Tech tiles drawn per player count."""
    return catalogue().draws


@cache
def reputation_tiles() -> ReputationTiles:
    """The reputation tiles of the base box by value (``blueprints/data/reputation.toml``).

    >>> reputation_tiles().counts, reputation_tiles().total
    ((12, 10, 7, 4), 33)
    """
    raw = _load("reputation.toml")
    counts = [raw["tiles"][str(v)] for v in REPUTATION_VALUES]
    if any(not isinstance(n, int) or n < 0 for n in counts):
        raise DataError(f"reputation tile counts must be whole numbers >= 0, got {counts!r}")
    return ReputationTiles(
        (counts[0], counts[1], counts[2], counts[3]),
        Confidence(raw["confidence"]),
        Confidence(raw["total_confidence"]),
    )
