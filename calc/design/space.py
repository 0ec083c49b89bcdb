"""The fleet designer's search space: reachable blueprints and the fleets that can be built.

**Blueprints.** From a class's current blueprint, ``reachable_blueprints`` walks the Upgrade
action activation by activation: each activation returns any set of placed parts (a returned
discovery part leaves the game) and then places one part, or places nothing. The part offers are
cut down by cheap necessary conditions (the part's tech is researched, it belongs to the species,
a discovery part is held), and ``Blueprint.upgrade`` judges every step with the side's techs and
discoveries, so every blueprint found is legal and reachable by a legal sequence of activations.

**Combat stats.** Blueprints that differ only in what does not matter in battle (movement,
energy) fight identically; ``combat_stats`` drops those numbers. For each class the reachable
blueprints are merged by their combat stats into a ``ClassOption``; of the blueprints behind one
option the designer keeps, per (activations, discovery parts taken from the hand), the Pareto-
minimal ones (``Variant``), which is all that matters when classes are combined.

**Fleets.** A fleet keeps every ship the side already has and adds new ones of the classes it
may build, within the miniature limits (already owned ships count), the materials budget (the
species' build costs) and, optionally, a number of Build activations. A ``Candidate`` is a fleet
plus one combat option per class present, such that the Upgrade activations of all classes add
up to at most the activations available and no discovery part from the hand is used twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations, product

from blueprints import (
    OUTSIDE,
    Blueprint,
    BlueprintError,
    Origin,
    Part,
    ShipClass,
    ShipStats,
    parts,
    ship_class_info,
    species,
)
from blueprints.ship_classes import DriveRule
from calc.errors import DesignError

CLASS_ORDER: tuple[ShipClass, ...] = (
    ShipClass.INTERCEPTOR,
    ShipClass.CRUISER,
    ShipClass.DREADNOUGHT,
    ShipClass.STARBASE,
    ShipClass.ORBITAL,
)
"""The order in which classes appear in a design (and in its text)."""


def combat_stats(stats: ShipStats) -> ShipStats:
    """The stats with what does not matter in battle (movement, energy) set to zero."""
    return replace(stats, movement=0, energy_production=0, energy_use=0)


@dataclass(frozen=True, slots=True)
class Variant:
    """A blueprint reachable from the current one with ``activations`` Upgrade activations,
    taking the discovery parts ``hand_used`` from the hand."""

    blueprint: Blueprint
    activations: int
    hand_used: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ClassOption:
    """One set of combat stats a class can reach, with the Pareto-minimal ways to reach it."""

    ship_class: ShipClass
    stats: ShipStats
    variants: tuple[Variant, ...]
    blueprints: int = 1
    """How many reachable blueprints have these combat stats."""

    @property
    def activations(self) -> int:
        """The fewest activations that reach these stats."""
        return min(v.activations for v in self.variants)


def _placed_slots(bp: Blueprint) -> list[int]:
    """Positions showing a placed part (not what is printed there)."""
    printed = bp.layout.printed
    out = [i for i, p in enumerate(bp.slots) if p != printed[i]]
    if bp.outside is not None:
        out.append(OUTSIDE)
    return out


def _hand_used(bp: Blueprint, start: Blueprint) -> Counter[str]:
    """Discovery parts on ``bp`` that were not on ``start`` in the same position."""
    used: Counter[str] = Counter()
    for i, p in enumerate(bp.slots):
        if p is not None and p.is_discovery and start.slots[i] != p:
            used[p.id] += 1
    if bp.outside is not None and bp.outside.is_discovery and start.outside != bp.outside:
        used[bp.outside.id] += 1
    return used


def _offers(species_id: str, techs: frozenset[str]) -> tuple[Part, ...]:
    """Parts other than discovery parts that the side may place (a necessary condition only)."""
    out = []
    for p in parts():
        if p.is_discovery:
            continue
        if p.needs_tech and p.tech not in techs:
            continue
        if p.origin is Origin.SPECIES and p.species != species_id:
            continue
        out.append(p)
    return tuple(out)


SlotKey = tuple[str | None, ...]
"""A blueprint as the part ids of its slots, then of the position outside the grid."""


def _key(bp: Blueprint) -> SlotKey:
    return (
        *(None if p is None else p.id for p in bp.slots),
        None if bp.outside is None else bp.outside.id,
    )


def _activations(
    bp: Blueprint, offers: Sequence[Part]
) -> Iterator[tuple[SlotKey, tuple[int, ...], tuple[int, Part] | None]]:
    """Every (result, returned slots, placement) of one activation, before the rules check.

    Results are given as slot keys, built directly from the slots (cheap to compare);
    ``Blueprint.upgrade`` checks the new ones afterwards.
    """
    layout = bp.layout
    printed = [None if p is None else p.id for p in layout.printed]
    current = _key(bp)
    placed = _placed_slots(bp)
    n = len(bp.slots)
    for size in range(len(placed) + 1):
        for returned in combinations(placed, size):
            slots = list(current)
            for i in returned:
                slots[n if i == OUTSIDE else i] = None if i == OUTSIDE else printed[i]
            if returned:
                yield tuple(slots), returned, None
            for p in offers:
                if p.outside_grid:
                    if slots[n] is None:
                        yield (*slots[:n], p.id), returned, (OUTSIDE, p)
                    continue
                for s in range(n):
                    shown = slots[s]
                    if layout.blocked[s] or shown != printed[s] or shown == p.id:
                        continue
                    new = list(slots)
                    new[s] = p.id
                    yield tuple(new), returned, (s, p)


def reachable_blueprints(
    start: Blueprint,
    activations: int,
    techs: Sequence[str],
    hand: Sequence[str] = (),
    *,
    limit: int = 200_000,
) -> dict[Blueprint, int]:
    """Every blueprint reachable from ``start`` with at most ``activations`` Upgrade
    activations, mapped to the fewest activations that reach it (``start`` maps to 0).

    ``techs`` are the researched techs and ``hand`` the discovery parts held beside the board.
    Raises ``DesignError`` when more than ``limit`` blueprints are reachable.
    """
    tech_set = frozenset(techs)
    base_offers = _offers(start.species, tech_set)
    hand_count = Counter(hand)
    by_id = {p.id: p for p in parts()}
    bonus_energy = start.layout.bonus.energy
    drive_rule = ship_class_info(start.ship_class).drives

    def hopeless(key: SlotKey) -> bool:
        # Cheap necessary conditions (energy balance, the drive rule); upgrade() is the judge.
        placed = [by_id[i] for i in key if i is not None]
        if sum(p.energy_use for p in placed) > bonus_energy + sum(
            p.energy_production for p in placed
        ):
            return True
        drives = any(p.is_drive for p in placed)
        if drive_rule is DriveRule.REQUIRED:
            return not drives
        return drive_rule is DriveRule.FORBIDDEN and drives

    seen: dict[SlotKey, tuple[Blueprint, int]] = {_key(start): (start, 0)}
    # Whether a result is legal depends on the result alone (its parts, energy, drives and the
    # discovery parts on it), so a rejected result is never checked twice.
    rejected: set[SlotKey] = set()
    frontier = [start]
    for level in range(1, activations + 1):
        following: list[Blueprint] = []
        for bp in frontier:
            left = hand_count - _hand_used(bp, start)
            discovery_offers = tuple(p for p in parts() if p.is_discovery and left[p.id] > 0)
            on_board = [p.id for p in bp.parts() if p.is_discovery]
            for key, returned, place in _activations(bp, base_offers + discovery_offers):
                if key in seen or key in rejected:
                    continue
                if hopeless(key):
                    rejected.add(key)
                    continue
                kept = list(on_board)
                for i in returned:
                    gone = bp.outside if i == OUTSIDE else bp.slots[i]
                    if gone is not None and gone.is_discovery:
                        kept.remove(gone.id)
                discoveries = kept + list(left.elements())
                try:
                    result = bp.upgrade(
                        remove=returned, place=place, techs=tech_set, discoveries=discoveries
                    )
                except BlueprintError:
                    rejected.add(key)
                    continue
                if _key(result) != key:  # pragma: no cover - the construction mirrors upgrade()
                    raise AssertionError(f"upgrade gave {result}, expected {key}")
                seen[key] = (result, level)
                following.append(result)
                if len(seen) > limit:
                    raise DesignError(
                        f"more than {limit:,} {start.ship_class.value} blueprints are reachable "
                        f"with {activations} upgrade activations; give fewer activations"
                    )
        frontier = following
    return dict(seen.values())


def class_options(
    start: Blueprint,
    activations: int,
    techs: Sequence[str],
    hand: Sequence[str] = (),
) -> tuple[ClassOption, ...]:
    """The reachable blueprints of one class merged by combat stats (see module doc).

    Options are ordered by fewest activations, then by the text of their first blueprint; the
    variants of an option by activations, then discovery parts used, then more movement (a
    tie-break for people: movement does not matter in battle), then the blueprint's text.
    """
    found = reachable_blueprints(start, activations, techs, hand)
    by_stats: dict[ShipStats, list[Variant]] = {}
    for bp, acts in found.items():
        used = tuple(sorted(_hand_used(bp, start).elements()))
        by_stats.setdefault(combat_stats(bp.stats), []).append(Variant(bp, acts, used))
    options = []
    for stats, variants in by_stats.items():
        variants.sort(
            key=lambda v: (
                v.activations,
                len(v.hand_used),
                -v.blueprint.stats.movement,
                str(v.blueprint),
            )
        )
        kept: list[Variant] = []
        for v in variants:
            if not any(
                k.activations <= v.activations and not (Counter(k.hand_used) - Counter(v.hand_used))
                for k in kept
            ):
                kept.append(v)
        options.append(ClassOption(start.ship_class, stats, tuple(kept), len(variants)))
    options.sort(key=lambda o: (o.activations, str(o.variants[0].blueprint)))
    return tuple(options)


# ----- fleets ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FleetCounts:
    """Ships per class in a candidate fleet: ``total`` in the battle, ``new`` of them built."""

    ship_class: ShipClass
    total: int
    new: int


def fleet_counts(
    existing: Mapping[ShipClass, int],
    buildable: Sequence[ShipClass],
    species_id: str,
    budget: int,
    builds: int | None,
) -> list[tuple[FleetCounts, ...]]:
    """Every fleet: the ships already there plus new ones within the miniature limits, the
    budget and ``builds`` (None: no limit on the number built). Fleets without ships are left
    out. Ordered by cost, then by the counts."""
    board = species(species_id)
    classes = sorted(set(existing) | set(buildable), key=CLASS_ORDER.index)
    ranges = []
    for cls in classes:
        room = 0
        if cls in buildable:
            room = ship_class_info(cls).limit - existing.get(cls, 0)
            cost = board.build_cost(cls)
            if cost:
                room = min(room, budget // cost)
            if builds is not None:
                room = min(room, builds)
        ranges.append(range(max(0, room) + 1))
    out = []
    for new in product(*ranges):
        if builds is not None and sum(new) > builds:
            continue
        cost = sum(n * board.build_cost(c) for n, c in zip(new, classes, strict=True) if n)
        if cost > budget:
            continue
        counts = tuple(
            FleetCounts(c, existing.get(c, 0) + n, n)
            for c, n in zip(classes, new, strict=True)
            if existing.get(c, 0) + n
        )
        if counts:
            out.append((cost, counts))
    out.sort(key=lambda item: (item[0], [(c.ship_class.value, c.total) for c in item[1]]))
    return [counts for _, counts in out]


@dataclass(frozen=True, slots=True)
class CandidateGroup:
    """One class of a candidate fleet: its blueprint, ships and the activations spent on it."""

    ship_class: ShipClass
    blueprint: Blueprint
    stats: ShipStats
    count: int
    new: int
    damage: tuple[int, ...]
    activations: int


@dataclass(frozen=True, slots=True)
class Candidate:
    """A design: a fleet with a blueprint per class, its cost and the activations it needs."""

    groups: tuple[CandidateGroup, ...]
    cost: int
    activations: int

    def describe(self) -> str:
        """``3 x terran_directorate/interceptor:... + 1 x ...`` (one line, stable)."""
        return " + ".join(f"{g.count} x {g.blueprint}" for g in self.groups)

    @property
    def strength(self) -> int:
        """Sum over ships of hull, shield, computer, Morph Shields and dice damage: a
        tie-break that favours the stronger of two designs that score the same."""
        total = 0
        for g in self.groups:
            s = g.stats
            dice = sum(c.damage * n for c, n in s.cannons.items())
            dice += sum(c.damage * n for c, n in s.missiles.items())
            total += g.count * (s.hull + s.shield + s.computer + s.morph + dice)
        return total


def _choose_variants(
    options: Sequence[ClassOption], budget: int, hand: Counter[str]
) -> tuple[Variant, ...] | None:
    """The variant per option with the fewest activations in total (at most ``budget``) and
    no discovery part from the hand used more often than it is held; None if none fits."""
    best: tuple[int, tuple[str, ...], tuple[Variant, ...]] | None = None
    for combo in product(*(o.variants for o in options)):
        acts = sum(v.activations for v in combo)
        if acts > budget:
            continue
        used: Counter[str] = Counter()
        for v in combo:
            used.update(v.hand_used)
        if used - hand:
            continue
        key = (acts, tuple(str(v.blueprint) for v in combo))
        if best is None or key < best[:2]:
            best = (acts, key[1], combo)
    return None if best is None else best[2]


def candidates(
    fleets: Sequence[tuple[FleetCounts, ...]],
    options: Mapping[ShipClass, Sequence[ClassOption]],
    damage: Mapping[ShipClass, tuple[int, ...]],
    species_id: str,
    activations: int,
    hand: Sequence[str],
    *,
    limit: int,
) -> tuple[list[Candidate], int]:
    """Every candidate design (see module doc) and the number of combinations left out because
    a damaged ship would not survive its new blueprint's hull.

    Raises ``DesignError`` past ``limit`` candidates.
    """
    board = species(species_id)
    held = Counter(hand)
    out: list[Candidate] = []
    wrecked = 0
    for fleet in fleets:
        per_class = [options[f.ship_class] for f in fleet]
        for combo in product(*per_class):
            if sum(o.activations for o in combo) > activations:
                continue
            chosen = _choose_variants(combo, activations, held)
            if chosen is None:
                continue
            groups = []
            for f, option, variant in zip(fleet, combo, chosen, strict=True):
                hurt = damage.get(f.ship_class, ())
                if hurt and max(hurt) > option.stats.hull:
                    break
                groups.append(
                    CandidateGroup(
                        f.ship_class,
                        variant.blueprint,
                        option.stats,
                        f.total,
                        f.new,
                        hurt,
                        variant.activations,
                    )
                )
            else:
                cost = sum(f.new * board.build_cost(f.ship_class) for f in fleet)
                out.append(Candidate(tuple(groups), cost, sum(v.activations for v in chosen)))
                if len(out) > limit:
                    raise DesignError(
                        f"the search space has more than {limit:,} designs; narrow it (fewer "
                        "classes, upgrades or builds, a smaller budget) or raise max_candidates"
                    )
                continue
            wrecked += 1
    return out, wrecked
