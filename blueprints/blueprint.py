"""The blueprint model: a species' ship design, its derived stats, rule validation and upgrades.

A ``Blueprint`` holds what is visible in each grid slot of one species' blueprint of one class:
a ``Part`` or ``None`` (empty). Planta's blocked slots are always ``None``. ``outside`` holds a
part placed beside the grid (only the Muon Source). What is *printed* on the board (the species
default, and the bonuses outside the grid) comes from the species' ``BlueprintLayout``.

Construction checks only that the species has a blueprint for the class; every other rule is
checked by ``problems()``, which returns all violations at once, and ``validate()``, which raises
the first. ``upgrade()`` performs one Upgrade activation by the rules.

>>> bp = Blueprint.default("terran_directorate", "interceptor")
>>> str(bp)
'terran_directorate/interceptor:nuclear_source,ion_cannon,nuclear_drive,-'
>>> s = bp.stats
>>> (s.initiative, s.hull, s.computer, s.energy_production, s.energy_use, s.cost)
(3, 0, 0, 3, 2, 3)
>>> bp.upgrade(place=(3, "electron_computer")).stats.computer
1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from blueprints.catalogue import part as find_part
from blueprints.catalogue import ship_class_info
from blueprints.catalogue import species as find_species
from blueprints.dice import NO_DICE
from blueprints.enums import Origin, ShipClass
from blueprints.errors import (
    BlockedSlotError,
    BlueprintError,
    DiscoveryRequiredError,
    DriveError,
    EnergyError,
    NoBlueprintError,
    SlotError,
    SpeciesPartError,
    TechRequiredError,
    UpgradeError,
)
from blueprints.ship_classes import DriveRule
from blueprints.ship_part import Part
from blueprints.species_board import BlueprintLayout, Species
from blueprints.stats import ShipStats

OUTSIDE = -1
"""Slot index of the position outside the grid (where a Muon Source goes)."""

PartRef = Part | str


def _as_part(ref: PartRef | None) -> Part | None:
    if ref is None or isinstance(ref, Part):
        return ref
    return find_part(ref)


@dataclass(frozen=True, slots=True)
class Blueprint:
    """One species' blueprint of one ship class, as it currently stands."""

    species: str
    ship_class: ShipClass
    slots: tuple[Part | None, ...]
    outside: Part | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "ship_class", ShipClass(self.ship_class))
        object.__setattr__(self, "slots", tuple(self.slots))
        sp = find_species(self.species)  # UnknownIdError for an unknown species
        if self.ship_class.is_npc:
            raise NoBlueprintError(
                f"{self.ship_class.value!r} is an NPC tile, not a player blueprint"
            )
        sp.layout(self.ship_class)  # NoBlueprintError for e.g. the Rho Indi dreadnought

    # ----- construction -------------------------------------------------------------------

    @classmethod
    def default(cls, species: str, ship_class: ShipClass | str) -> Blueprint:
        """The species' printed blueprint of a class."""
        layout = find_species(species).layout(ship_class)
        return cls(species, ShipClass(ship_class), layout.printed)

    @classmethod
    def from_parts(
        cls,
        species: str,
        ship_class: ShipClass | str,
        slots: Sequence[PartRef | None],
        outside: PartRef | None = None,
    ) -> Blueprint:
        """Build from part ids, codes or ``Part`` objects (``None`` or ``"-"`` for empty)."""
        resolved = tuple(None if s in (None, "-", "x") else _as_part(s) for s in slots)
        return cls(species, ShipClass(ship_class), resolved, _as_part(outside))

    @classmethod
    def parse(cls, text: str) -> Blueprint:
        """Parse the compact notation (see ``blueprints.notation``)."""
        from blueprints.notation import parse_blueprint

        return parse_blueprint(text)

    def __str__(self) -> str:
        from blueprints.notation import format_blueprint

        return format_blueprint(self)

    def compact(self) -> str:
        """The notation with short part codes, for share links."""
        from blueprints.notation import format_blueprint

        return format_blueprint(self, codes=True)

    # ----- what is printed ------------------------------------------------------------------

    @property
    def species_board(self) -> Species:
        """The species this blueprint belongs to."""
        return find_species(self.species)

    @property
    def layout(self) -> BlueprintLayout:
        """The printed blueprint (printed parts, blocked slots, printed bonuses)."""
        return self.species_board.layout(self.ship_class)

    def parts(self) -> tuple[Part, ...]:
        """Every part on the blueprint, the one outside the grid included."""
        found = [p for p in self.slots if p is not None]
        if self.outside is not None:
            found.append(self.outside)
        return tuple(found)

    def is_printed(self, slot: int) -> bool:
        """True when the slot shows what is printed there (nothing placed over it)."""
        if slot == OUTSIDE:
            return self.outside is None
        return self.slots[slot] == self.layout.printed[slot]

    # ----- derived stats --------------------------------------------------------------------

    @property
    def stats(self) -> ShipStats:
        """Initiative, hull, computers, shields, movement, energy, dice, Morph Shields, cost."""
        return _derive(self)

    # ----- validation -----------------------------------------------------------------------

    def problems(
        self,
        techs: Iterable[str] | None = None,
        discoveries: Iterable[str] | None = None,
    ) -> tuple[BlueprintError, ...]:
        """Every rule this blueprint breaks, as error objects (not raised).

        ``techs`` are the tech ids the player has researched and ``discoveries`` the discovery
        part ids they hold; ``None`` skips that check (the part is assumed available).
        """
        out: list[BlueprintError] = []
        layout = self.layout
        info = ship_class_info(self.ship_class)
        where = f"{self.species} {self.ship_class.value}"
        if len(self.slots) != layout.slot_count:
            out.append(
                SlotError(
                    f"{where}: {len(self.slots)} slots given, the blueprint has {layout.slot_count}"
                )
            )
        for i, (p, blocked) in enumerate(zip(self.slots, layout.blocked, strict=False)):
            if blocked and p is not None:
                out.append(
                    BlockedSlotError(
                        f"{where}: slot {i} is blocked on this species' board and cannot hold "
                        f"{p.id!r}"
                    )
                )
        for i, p in enumerate(self.slots):
            if p is not None and p.outside_grid:
                out.append(
                    SlotError(
                        f"{where}: {p.id!r} is placed outside the grid, not in slot {i}; "
                        "give it as the part outside the grid"
                    )
                )
        if self.outside is not None and not self.outside.outside_grid:
            out.append(
                SlotError(
                    f"{where}: only a part placed outside the grid (muon_source) can go "
                    f"there, not {self.outside.id!r}"
                )
            )
        tech_set = None if techs is None else set(techs)
        held = None if discoveries is None else Counter(discoveries)
        used = Counter(p.id for p in self.parts() if p.is_discovery)
        for p in self.parts():
            if p.origin is Origin.SPECIES and p.species != self.species:
                out.append(
                    SpeciesPartError(f"{where}: {p.id!r} belongs to species {p.species!r} only")
                )
            if tech_set is not None and p.needs_tech and p.tech not in tech_set:
                out.append(TechRequiredError(f"{where}: {p.id!r} needs the tech {p.tech!r}"))
        for pid, n in used.items():
            if n > 1:
                out.append(
                    DiscoveryRequiredError(
                        f"{where}: {pid!r} appears {n} times; there is one discovery tile of it"
                    )
                )
            elif held is not None and held[pid] < 1:
                out.append(
                    DiscoveryRequiredError(
                        f"{where}: {pid!r} needs its discovery tile, which is not among the "
                        "discoveries held"
                    )
                )
        drives = [p for p in self.parts() if p.is_drive]
        if info.drives is DriveRule.REQUIRED and not drives:
            out.append(
                DriveError(f"{where}: a {self.ship_class.value} must keep at least one drive")
            )
        if info.drives is DriveRule.FORBIDDEN and drives:
            out.append(
                DriveError(
                    f"{where}: a {self.ship_class.value} cannot carry drives "
                    f"({', '.join(repr(d.id) for d in drives)})"
                )
            )
        s = self.stats
        if s.energy_use > s.energy_production:
            out.append(
                EnergyError(
                    f"{where}: uses {s.energy_use} energy but produces only {s.energy_production}"
                )
            )
        return tuple(out)

    def validate(
        self,
        techs: Iterable[str] | None = None,
        discoveries: Iterable[str] | None = None,
    ) -> Blueprint:
        """Return ``self`` if legal, else raise the first problem."""
        found = self.problems(techs, discoveries)
        if found:
            raise found[0]
        return self

    # ----- the Upgrade action -------------------------------------------------------------

    def upgrade(
        self,
        remove: Iterable[int] = (),
        place: tuple[int, PartRef] | None = None,
        *,
        techs: Iterable[str] | None = None,
        discoveries: Iterable[str] | None = None,
    ) -> Blueprint:
        """One Upgrade activation: return any number of parts, then place one.

        Returning a part placed over a printed one shows the printed part again; a printed part
        cannot be returned (cover it instead). A part is placed into an empty slot or over a
        printed part; a slot holding a placed tile must be returned first. ``OUTSIDE`` (-1) is
        the position outside the grid. The result must obey every rule (``validate``), with the
        given techs and discoveries.
        """
        layout = self.layout
        slots = list(self.slots)
        outside = self.outside
        where = f"{self.species} {self.ship_class.value}"
        removed: set[int] = set()

        def check_index(i: int, verb: str) -> None:
            if i == OUTSIDE:
                return
            if not isinstance(i, int) or not 0 <= i < len(slots):
                raise SlotError(
                    f"{where}: cannot {verb} slot {i!r}; slots are 0..{len(slots) - 1} "
                    f"(or {OUTSIDE} for outside the grid)"
                )
            if layout.blocked[i]:
                raise BlockedSlotError(f"{where}: slot {i} is blocked on this species' board")

        for i in remove:
            check_index(i, "return the part of")
            if i in removed:
                raise UpgradeError(f"{where}: slot {i} is returned twice")
            removed.add(i)
            if i == OUTSIDE:
                if outside is None:
                    raise UpgradeError(f"{where}: nothing is placed outside the grid to return")
                outside = None
                continue
            printed = layout.printed[i]
            if slots[i] == printed:
                if printed is None:
                    raise UpgradeError(f"{where}: slot {i} is empty; there is nothing to return")
                raise UpgradeError(
                    f"{where}: slot {i} shows the printed {printed.id!r}, which cannot be "
                    "returned; place another part over it instead"
                )
            slots[i] = printed
        if place is not None:
            slot, ref = place
            new_part = _as_part(ref)
            assert new_part is not None
            check_index(slot, "place a part in")
            if slot == OUTSIDE:
                if not new_part.outside_grid:
                    raise BlockedSlotError(
                        f"{where}: only muon_source goes outside the grid; the values printed "
                        f"there cannot be replaced (tried {new_part.id!r})"
                    )
                if outside is not None:
                    raise UpgradeError(
                        f"{where}: {outside.id!r} is already outside the grid; return it first"
                    )
                outside = new_part
            else:
                if new_part.outside_grid:
                    raise SlotError(
                        f"{where}: {new_part.id!r} is placed outside the grid (slot {OUTSIDE})"
                    )
                current = slots[slot]
                if current != layout.printed[slot]:
                    assert current is not None
                    raise UpgradeError(
                        f"{where}: slot {slot} holds the placed {current.id!r}; return it "
                        f"first (remove=[{slot}])"
                    )
                slots[slot] = new_part
        result = Blueprint(self.species, self.ship_class, tuple(slots), outside)
        return result.validate(techs, discoveries)

    def placeable(
        self,
        slot: int,
        techs: Iterable[str] | None = None,
        discoveries: Iterable[str] | None = None,
    ) -> tuple[Part | None, ...]:
        """What can stand in ``slot`` so that the blueprint stays legal (``None`` = empty).

        Used by editors to offer, per slot, only the parts that fit there.
        """
        from blueprints.catalogue import parts as all_parts

        tech_list = None if techs is None else list(techs)
        disc_list = None if discoveries is None else list(discoveries)
        options: list[Part | None] = [None]
        options.extend(p for p in all_parts() if p.outside_grid == (slot == OUTSIDE))
        out: list[Part | None] = []
        for candidate in options:
            if slot == OUTSIDE:
                trial = Blueprint(self.species, self.ship_class, self.slots, candidate)
            else:
                slots = list(self.slots)
                slots[slot] = candidate
                trial = Blueprint(self.species, self.ship_class, tuple(slots), self.outside)
            if not trial.problems(tech_list, disc_list):
                out.append(candidate)
        return tuple(out)


@lru_cache(maxsize=8192)
def _derive(bp: Blueprint) -> ShipStats:
    layout = bp.layout
    bonus = layout.bonus
    parts = bp.parts()
    cannons = NO_DICE
    missiles = NO_DICE
    for p in parts:
        cannons = cannons + p.cannons
        missiles = missiles + p.missiles
    return ShipStats(
        ship_class=bp.ship_class,
        initiative=bonus.initiative + sum(p.initiative for p in parts),
        hull=bonus.hull + sum(p.hull for p in parts),
        computer=bonus.computer + sum(p.computer for p in parts),
        shield=bonus.shield + sum(p.shield for p in parts),
        cannons=cannons,
        missiles=missiles,
        movement=sum(p.movement for p in parts),
        energy_production=bonus.energy + sum(p.energy_production for p in parts),
        energy_use=sum(p.energy_use for p in parts),
        morph=sum(1 for p in parts if p.morph),
        cost=bp.species_board.build_cost(bp.ship_class),
    )


def default_blueprints(species: str) -> tuple[Blueprint, ...]:
    """The printed blueprints of every class the species has."""
    return tuple(Blueprint.default(species, c) for c in find_species(species).ship_classes)


PLAYER_SHIP_CLASSES = (
    ShipClass.INTERCEPTOR,
    ShipClass.CRUISER,
    ShipClass.DREADNOUGHT,
    ShipClass.STARBASE,
    ShipClass.ORBITAL,
)
