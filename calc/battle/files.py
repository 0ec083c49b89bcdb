"""Battle files (``fleetlab-battle/1``): read them into a ``Battle`` and write them back.

The format is ``docs/battle-file.md`` (JSON; TOML with the same structure is accepted). Every
error names the path of the offending value, e.g. ``sides[0].ships[1].parts[3]``, and unknown
keys are errors that name the key.

Blueprints given by ``parts`` are checked by the rules (slots, energy, drives, blocked slots,
discovery parts, species parts). The side's ``techs`` list the techs that matter in combat
(Antimatter Splitter, Neutron Bombs, ...), not every tech researched, so tech parts are not
checked against it. A group with ``stats`` and no species gets the standard build cost of its
class (for materials lost). Miniature limits (8 interceptors, 4 cruisers, 2 dreadnoughts,
4 starbases; 2 ancients, 1 guardian, 1 GCDS) apply per side.

>>> battle, options = parse_battle({
...     "format": "fleetlab-battle/1",
...     "attacker": {"name": "Red", "species": "terran_directorate",
...                  "ships": [{"class": "interceptor", "count": 2}]},
...     "defender": {"name": "Ancients", "npc": True,
...                  "ships": [{"class": "ancient", "count": 1}]},
... })
>>> battle.defender_side.name, battle.attacker_side.groups[0].count
('Ancients', 2)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from blueprints import (
    Blueprint,
    BlueprintError,
    Dice,
    NpcVariant,
    ShipClass,
    ShipStats,
    npc_tile,
    ship_class_info,
    species,
)
from blueprints.catalogue import part as find_part
from blueprints.catalogue import tech as find_tech
from blueprints.catalogue import unknown
from calc.battle.model import (
    MAX_SAMPLES,
    NO_RETREAT,
    Battle,
    NpcReading,
    Policy,
    Retreat,
    RetreatObjective,
    RetreatPolicy,
    ShipGroup,
    Side,
)
from calc.errors import BattleError, BattleFileError
from fileio import DocumentError, parse_document, quote, read_document

FORMAT = "fleetlab-battle/1"
METHODS = ("auto", "exact", "monte-carlo")
RETREAT_POLICIES = tuple(p.value for p in RetreatPolicy)
RETREAT_OBJECTIVES = tuple(o.value for o in RetreatObjective)
MAX_FILE_BYTES = 1 << 20
"""Largest battle or design file read (1 MiB; a battle of every miniature is about 10 KB)."""
NPC_READINGS = tuple(r.value for r in NpcReading)
STANDARD_COSTS = {"interceptor": 3, "cruiser": 5, "dreadnought": 8, "starbase": 3, "orbital": 4}


RetreatOption = Retreat
"""A side's retreat rule as the battle file writes it (``options.retreat``)."""


@dataclass(frozen=True, slots=True)
class BattleOptions:
    """The ``options`` of a battle file that are not part of the sides: how to compute, and
    the reputation tiles left in the bag (``None``: the base game's bag)."""

    method: str = "auto"
    samples: int | None = None
    seed: int | None = None
    reputation_bag: tuple[tuple[int, int], ...] | None = None


def _fail(path: str, message: str) -> BattleFileError:
    return BattleFileError(path, message)


def _key(key: object) -> str:
    """A key of the file as a message shows it in a path (a huge key is quoted and cut)."""
    return key if isinstance(key, str) and len(key) <= 40 else quote(key, 40)


class _Catalogued(Protocol):
    @property
    def id(self) -> str: ...


def _catalogue_id(lookup: Callable[[str], _Catalogued], value: Any, path: str) -> str:
    """The catalogue id of a part, tech or species named at ``path``: an unknown name is an
    error at that path listing the known ones (the catalogue's own message)."""
    try:
        return lookup(_str(value, path)).id
    except BlueprintError as exc:
        raise _fail(path, str(exc)) from None


def _check_keys(obj: Mapping[str, Any], allowed: tuple[str, ...], path: str) -> None:
    for key in obj:
        if key not in allowed:
            where = f"{path}.{_key(key)}" if path else _key(key)
            raise _fail(where, f"unknown key {quote(key)}; allowed keys: {', '.join(allowed)}")


def _obj(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(path, f"expected an object, got {quote(value)}")
    return value


def _int(value: Any, path: str, minimum: int = 0, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise _fail(path, f"expected a whole number >= {minimum}, got {quote(value)}")
    if maximum is not None and value > maximum:
        raise _fail(path, f"{value:,} is over the limit of {maximum:,}")
    return value


def _str(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value:
        raise _fail(path, f"expected a non-empty string, got {quote(value)}")
    return value


def _bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(path, f"expected true or false, got {quote(value)}")
    return value


def _dice(value: Any, path: str, *, allow_pink: bool) -> Dice:
    obj = _obj(value, path)
    colours = ("yellow", "orange", "blue", "red") + (("pink",) if allow_pink else ())
    _check_keys(obj, colours, path)
    return Dice(**{c: _int(n, f"{path}.{c}") for c, n in obj.items()})


SHIP_KEYS = ("class", "count", "parts", "outside", "damage", "stats", "variant", "label")
STATS_KEYS = (
    "initiative",
    "hull",
    "computer",
    "shield",
    "cannons",
    "missiles",
    "morph",
    "movement",
    "cost",
)
SIDE_KEYS = ("name", "species", "techs", "ships", "npc", "can_retreat", "population")


def _ship_class(value: Any, path: str) -> ShipClass:
    text = _str(value, path)
    try:
        return ShipClass(text)
    except ValueError:
        raise _fail(path, str(unknown("ship class", text, [c.value for c in ShipClass]))) from None


def _group(raw: Any, path: str, side_species: str | None, npc_side: bool) -> ShipGroup:
    obj = _obj(raw, path)
    _check_keys(obj, SHIP_KEYS, path)
    if "class" not in obj:
        raise _fail(f"{path}.class", "missing; every ship group names its class")
    cls = _ship_class(obj["class"], f"{path}.class")
    count = _int(obj.get("count", 1), f"{path}.count", 1)
    raw_damage = obj.get("damage", [])
    if not isinstance(raw_damage, list):
        raise _fail(
            f"{path}.damage", f"expected a list of damage per ship, got {quote(raw_damage)}"
        )
    damage = tuple(_int(d, f"{path}.damage[{i}]") for i, d in enumerate(raw_damage))
    label = obj.get("label")
    if label is not None:
        label = _str(label, f"{path}.label")
    given = [k for k in ("parts", "stats") if k in obj]
    if len(given) > 1:
        raise _fail(path, "give the blueprint either as 'parts' or as 'stats', not both")
    try:
        if cls.is_npc:
            if not npc_side:
                raise _fail(
                    f"{path}.class",
                    f"{quote(cls.value)} is an NPC; put it in a side with npc: true",
                )
            if given:
                raise _fail(path, "NPC groups take 'variant', not parts or stats")
            variant = obj.get("variant", "normal")
            if variant not in [v.value for v in NpcVariant]:
                raise _fail(
                    f"{path}.variant",
                    str(unknown("NPC variant", variant, [v.value for v in NpcVariant])),
                )
            group = ShipGroup.npc(cls, variant, count, damage)
        elif npc_side:
            raise _fail(
                f"{path}.class",
                f"an NPC side holds ancient, guardian or gcds, not {quote(cls.value)}",
            )
        elif "variant" in obj:
            raise _fail(
                f"{path}.variant", "only NPC groups (ancient, guardian, gcds) have a variant"
            )
        elif "stats" in obj:
            group = ShipGroup(
                _stats(obj["stats"], f"{path}.stats", cls, side_species), count, damage
            )
        else:
            if side_species is None:
                raise _fail(
                    path,
                    "a group without 'stats' uses its species' blueprint: give the side a "
                    "'species' or the group 'stats'",
                )
            bp = _blueprint(obj, path, side_species, cls)
            group = ShipGroup.of(bp, count, damage)
    except BattleFileError:
        raise
    except (BattleError, BlueprintError) as exc:
        raise _fail(path, str(exc)) from None
    if label:
        group = ShipGroup(
            group.stats, group.count, group.damage, label, group.blueprint, group.npc_variant
        )
    return group


def _blueprint(obj: Mapping[str, Any], path: str, species_id: str, cls: ShipClass) -> Blueprint:
    if "parts" not in obj:
        if "outside" in obj:
            raise _fail(f"{path}.outside", "give 'parts' with 'outside'")
        return Blueprint.default(species_id, cls)
    parts = obj["parts"]
    if not isinstance(parts, list):
        raise _fail(
            f"{path}.parts", f"expected a list of part ids (null for empty), got {quote(parts)}"
        )
    layout = species(species_id).layout(cls)
    if len(parts) != layout.slot_count:
        raise _fail(
            f"{path}.parts",
            f"{len(parts)} slots given; the {species_id} {cls.value} has {layout.slot_count} "
            f"(null for an empty or blocked slot)",
        )
    resolved: list[str | None] = []
    for i, token in enumerate(parts):
        if token is None or token in ("-", "x"):
            resolved.append(None)
            continue
        resolved.append(_catalogue_id(find_part, token, f"{path}.parts[{i}]"))
    outside = obj.get("outside")
    if outside is not None:
        outside = _catalogue_id(find_part, outside, f"{path}.outside")
    bp = Blueprint.from_parts(species_id, cls, resolved, outside)
    problems = bp.problems()
    if problems:
        raise _fail(f"{path}.parts", "; ".join(str(p) for p in problems))
    return bp


def _stats(raw: Any, path: str, cls: ShipClass, species_id: str | None) -> ShipStats:
    obj = _obj(raw, path)
    _check_keys(obj, STATS_KEYS, path)
    for key in ("initiative", "hull"):
        if key not in obj:
            raise _fail(f"{path}.{key}", "missing")
    initiative = obj["initiative"]
    if isinstance(initiative, bool) or not isinstance(initiative, int):
        raise _fail(f"{path}.initiative", f"expected a whole number, got {quote(initiative)}")
    if "cost" in obj:
        cost = _int(obj["cost"], f"{path}.cost")
    elif species_id is not None:
        try:
            cost = species(species_id).build_cost(cls)
        except BlueprintError:
            cost = STANDARD_COSTS.get(cls.value, 0)
    else:
        cost = STANDARD_COSTS.get(cls.value, 0)
    return ShipStats(
        ship_class=cls,
        initiative=initiative,
        hull=_int(obj["hull"], f"{path}.hull"),
        computer=_int(obj.get("computer", 0), f"{path}.computer"),
        shield=_int(obj.get("shield", 0), f"{path}.shield"),
        cannons=_dice(obj.get("cannons", {}), f"{path}.cannons", allow_pink=True),
        missiles=_dice(obj.get("missiles", {}), f"{path}.missiles", allow_pink=False),
        movement=_int(obj.get("movement", 0), f"{path}.movement"),
        morph=_int(obj.get("morph", 0), f"{path}.morph"),
        cost=cost,
    )


def _side(
    raw: Any,
    path: str,
    index: int,
    policies: Mapping[str, Any],
    retreats: Mapping[str, Retreat],
    reading: NpcReading,
) -> Side:
    obj = _obj(raw, path)
    _check_keys(obj, SIDE_KEYS, path)
    name = _str(obj.get("name", f"Side {index + 1}"), f"{path}.name")
    npc = _bool(obj.get("npc", False), f"{path}.npc")
    species_id = obj.get("species")
    if species_id is not None:
        species_id = _catalogue_id(species, species_id, f"{path}.species")
        if npc:
            raise _fail(f"{path}.species", "an NPC side has no species")
    techs_raw = obj.get("techs", [])
    if not isinstance(techs_raw, list):
        raise _fail(f"{path}.techs", f"expected a list of tech ids, got {quote(techs_raw)}")
    techs = []
    for i, t in enumerate(techs_raw):
        techs.append(_catalogue_id(find_tech, t, f"{path}.techs[{i}]"))
    ships = obj.get("ships")
    if not isinstance(ships, list):
        raise _fail(f"{path}.ships", f"expected a list of ship groups, got {quote(ships)}")
    groups = tuple(_group(g, f"{path}.ships[{i}]", species_id, npc) for i, g in enumerate(ships))
    per_class: dict[ShipClass, int] = {}
    for g in groups:
        per_class[g.stats.ship_class] = per_class.get(g.stats.ship_class, 0) + g.count
    for cls, n in per_class.items():
        limit = ship_class_info(cls).limit
        if n > limit:
            raise _fail(
                f"{path}.ships",
                f"{n} {cls.value}s on one side; the limit is {limit}",
            )
    policy_raw = policies.get(name, "npc" if npc else "optimal")
    if policy_raw not in [p.value for p in Policy]:
        raise _fail(
            f"options.policy.{_key(name)}",
            f"unknown policy {quote(policy_raw)}; legal: optimal, greedy, npc",
        )
    can_retreat = _bool(obj.get("can_retreat", False), f"{path}.can_retreat")
    if npc and can_retreat:
        raise _fail(f"{path}.can_retreat", "NPCs never retreat")
    population = _int(obj.get("population", 0), f"{path}.population")
    if npc and population:
        raise _fail(f"{path}.population", "NPC sides have no population")
    try:
        return Side(
            name=name,
            groups=groups,
            npc=npc,
            policy=Policy(policy_raw),
            species=species_id,
            techs=tuple(techs),
            can_retreat=can_retreat,
            retreat=retreats.get(name, NO_RETREAT),
            population=population,
            npc_reading=reading,
        )
    except BattleError as exc:  # the engineering limits of a side (ships, population)
        raise _fail(path, str(exc)) from None


OPTION_KEYS = ("policy", "method", "samples", "seed", "retreat", "reputation_bag", "npc_reading")


def parse_battle(data: Any) -> tuple[Battle, BattleOptions]:
    """Read a decoded battle file (a mapping) into a ``Battle`` and its options."""
    top = _obj(data, "")
    _check_keys(top, ("format", "sides", "attacker", "defender", "options"), "")
    if top.get("format") != FORMAT:
        raise _fail("format", f"expected {quote(FORMAT)}, got {quote(top.get('format'))}")
    options_raw = _obj(top.get("options", {}), "options")
    _check_keys(options_raw, OPTION_KEYS, "options")
    policies = _obj(options_raw.get("policy", {}), "options.policy")
    raw_names = _side_names(top)
    retreats = _retreats(options_raw.get("retreat", "never"), raw_names)
    reading = _npc_reading(options_raw.get("npc_reading", NpcReading.CONCENTRATE.value))
    if "sides" in top:
        if "attacker" in top:
            raise _fail("attacker", "give either 'sides' or 'attacker'/'defender', not both")
        raw_sides = top["sides"]
        if not isinstance(raw_sides, list) or len(raw_sides) < 2:
            raise _fail("sides", f"expected a list of at least two sides, got {quote(raw_sides)}")
        sides = [
            _side(s, f"sides[{i}]", i, policies, retreats, reading) for i, s in enumerate(raw_sides)
        ]
        defender_raw = top.get("defender", len(sides) - 1)
        defender = _int(defender_raw, "defender")
        if defender >= len(sides):
            raise _fail("defender", f"{defender} is not a side index (0..{len(sides) - 1})")
    else:
        if "attacker" not in top or "defender" not in top:
            raise _fail("sides", "missing: give 'sides' or both 'attacker' and 'defender'")
        sides = [
            _side(top["attacker"], "attacker", 0, policies, retreats, reading),
            _side(top["defender"], "defender", 1, policies, retreats, reading),
        ]
        defender = 1
    names = [s.name for s in sides]
    if len(set(names)) != len(names):
        raise _fail("sides", f"side names must differ, got {quote(names)}")
    for name in policies:
        if name not in names:
            raise _fail(
                f"options.policy.{_key(name)}",
                f"no side is called {quote(name)}; sides: {quote(names)}",
            )
    try:
        battle = Battle(tuple(sides), defender)
    except BattleError as exc:
        raise _fail("sides", str(exc)) from None
    for i, s in enumerate(battle.sides):
        if s.population and i != battle.defender:
            prefix = "sides" if "sides" in top else ("attacker" if i == 0 else "defender")
            where = f"{prefix}[{i}].population" if prefix == "sides" else f"{prefix}.population"
            raise _fail(
                where,
                "only the side controlling the sector (the defender) has population in it",
            )
    for name in dict(retreats):
        if name not in names:
            raise _fail(
                f"options.retreat.{_key(name)}",
                f"no side is called {quote(name)}; sides: {quote(names)}",
            )
    return battle, _options(options_raw)


def _side_names(top: Mapping[str, Any]) -> list[str]:
    """Side names as written (for options that refer to sides), before full parsing."""
    raw = top.get("sides")
    if not isinstance(raw, list):
        raw = [top.get("attacker"), top.get("defender")]
    names = []
    for i, s in enumerate(raw):
        name = s.get("name", f"Side {i + 1}") if isinstance(s, Mapping) else f"Side {i + 1}"
        # a name that is not text is reported by the side's own check, after this pass
        names.append(name if isinstance(name, str) else f"Side {i + 1}")
    return names


def _npc_reading(raw: Any) -> NpcReading:
    """``options.npc_reading``: how the battle reads the NPC rule's leftover sentence."""
    if not isinstance(raw, str) or raw not in NPC_READINGS:
        raise _fail(
            "options.npc_reading",
            f"unknown reading {raw!r:.60}; legal: {', '.join(NPC_READINGS)}",
        )
    return NpcReading(raw)


def _retreats(raw: Any, names: list[str]) -> dict[str, Retreat]:
    """``options.retreat``: one policy name for every side, or a table per side name."""
    if isinstance(raw, str):
        if raw not in RETREAT_POLICIES:
            raise _fail(
                "options.retreat",
                f"unknown retreat policy {quote(raw)}; legal: {', '.join(RETREAT_POLICIES)}",
            )
        return {n: Retreat(RetreatPolicy(raw)) for n in names} if raw != "never" else {}
    out: dict[str, Retreat] = {}
    for name, value in _obj(raw, "options.retreat").items():
        path = f"options.retreat.{_key(name)}"
        obj = _obj(value, path)
        _check_keys(obj, ("policy", "below", "objective"), path)
        policy = obj.get("policy", "never")
        if policy not in RETREAT_POLICIES:
            raise _fail(
                f"{path}.policy",
                f"unknown retreat policy {quote(policy)}; legal: {', '.join(RETREAT_POLICIES)}",
            )
        below = obj.get("below", 0.0)
        if isinstance(below, bool) or not isinstance(below, int | float) or not 0 <= below <= 1:
            raise _fail(f"{path}.below", f"expected a probability in [0, 1], got {quote(below)}")
        if policy == "threshold" and "below" not in obj:
            raise _fail(f"{path}.below", "missing: a threshold policy needs 'below'")
        objective = obj.get("objective", "value")
        if objective not in RETREAT_OBJECTIVES:
            raise _fail(
                f"{path}.objective",
                f"unknown objective {quote(objective)}; legal: {', '.join(RETREAT_OBJECTIVES)}",
            )
        out[name] = Retreat(RetreatPolicy(policy), float(below), RetreatObjective(objective))
    return out


def _options(raw: Mapping[str, Any]) -> BattleOptions:
    method = raw.get("method", "auto")
    if method not in METHODS:
        raise _fail(
            "options.method", f"unknown method {quote(method)}; legal: {', '.join(METHODS)}"
        )
    samples = raw.get("samples")
    if samples is not None:
        samples = _int(samples, "options.samples", 1, MAX_SAMPLES)
    seed = raw.get("seed")
    if seed is not None:
        seed = _int(seed, "options.seed")
    bag = None
    if "reputation_bag" in raw:
        bag_raw = _obj(raw["reputation_bag"], "options.reputation_bag")
        _check_keys(bag_raw, ("1", "2", "3", "4"), "options.reputation_bag")
        bag = tuple(
            sorted((int(k), _int(v, f"options.reputation_bag.{k}")) for k, v in bag_raw.items())
        )
    return BattleOptions(method, samples, seed, bag)


def load_battle(path: str | Path) -> tuple[Battle, BattleOptions]:
    """Read a battle file (JSON, or TOML by the ``.toml`` suffix)."""
    return parse_battle(read_battle_document(path, "battle file"))


def read_battle_document(path: str | Path, what: str) -> Any:
    """The JSON (or TOML, by the ``.toml`` suffix) document of a battle or design file, read by
    ``fileio.read_document`` (at most ``MAX_FILE_BYTES``, a regular file, checked encoding,
    nesting and numbers); ``BattleFileError`` says what is wrong."""
    try:
        return read_document(path, max_bytes=MAX_FILE_BYTES, what=what)
    except DocumentError as exc:  # the caller names the file (the CLI: "FILE: ...")
        raise BattleFileError(exc.path, exc.reason) from None


def decode_battle_text(
    text: str | bytes, *, toml: bool = False, where: str = "", max_bytes: int = MAX_FILE_BYTES
) -> Any:
    """Decode JSON (or TOML) text by ``fileio.parse_document``; a syntax error names the line
    and column, and every other refusal (size, nesting, numbers, encoding) says what is legal."""
    try:
        return parse_document(text, toml=toml, where=where, max_bytes=max_bytes)
    except DocumentError as exc:
        raise BattleFileError("", str(exc)) from None


# ----- writing ---------------------------------------------------------------------------


def group_entry(
    ship_class: ShipClass,
    count: int,
    *,
    variant: NpcVariant | None = None,
    stats: Mapping[str, Any] | None = None,
    parts: Sequence[str | None] | None = None,
    outside: str | None = None,
    damage: Sequence[int] = (),
    label: str | None = None,
) -> dict[str, Any]:
    """One entry of a side's ``ships`` list, in the file's key order.

    A group is one of three kinds, tried in this order: an NPC tile (``variant``), raw combat
    numbers (``stats``), or a blueprint (``parts``, and ``outside`` for a part outside the
    slots; neither for the printed blueprint). Every writer of battle files builds its groups
    here, so the library and the dashboard write the same document.
    """
    out: dict[str, Any] = {"class": ship_class.value, "count": count}
    if variant is not None:
        out["variant"] = variant.value
    elif stats is not None:
        out["stats"] = dict(stats)
    elif parts is not None:
        out["parts"] = list(parts)
        if outside is not None:
            out["outside"] = outside
    if damage:
        out["damage"] = list(damage)
    if label:
        out["label"] = label
    return out


@dataclass(frozen=True, slots=True)
class SideEntry:
    """A side as the battle file writes it, before any rule is checked.

    ``ships`` are ``group_entry`` documents. The dashboard writes its drafts (which may still
    break a rule) through this, and ``battle_to_dict`` writes checked battles through it.
    """

    name: str
    ships: tuple[dict[str, Any], ...]
    npc: bool = False
    species: str | None = None
    techs: tuple[str, ...] = ()
    can_retreat: bool = False
    population: int = 0
    policy: Policy = Policy.OPTIMAL
    retreat: Retreat = NO_RETREAT


def battle_document(
    sides: Sequence[SideEntry],
    defender: int,
    options: BattleOptions | None = None,
    npc_reading: NpcReading = NpcReading.CONCENTRATE,
) -> dict[str, Any]:
    """The one writer of ``fleetlab-battle/1`` documents (``docs/battle-file.md``).

    Keys with their default value are left out, except ``options.method`` and the policy of
    every player side, which are always written so a reader sees how the file is solved. A
    side's retreat entry is written when it retreats or has a threshold.
    """
    options = options or BattleOptions()
    out_sides = []
    for side in sides:
        entry: dict[str, Any] = {"name": side.name}
        if side.npc:
            entry["npc"] = True
        if side.species:
            entry["species"] = side.species
        if side.techs:
            entry["techs"] = list(side.techs)
        entry["ships"] = [dict(g) for g in side.ships]
        if side.can_retreat:
            entry["can_retreat"] = True
        if side.population:
            entry["population"] = side.population
        out_sides.append(entry)
    opts: dict[str, Any] = {
        "policy": {s.name: s.policy.value for s in sides if not s.npc},
        "method": options.method,
    }
    if options.samples is not None:
        opts["samples"] = options.samples
    if options.seed is not None:
        opts["seed"] = options.seed
    retreat = {
        s.name: {"policy": s.retreat.policy.value, "below": s.retreat.below,
                 "objective": s.retreat.objective.value}
        for s in sides
        if s.retreat.policy is not RetreatPolicy.NEVER or s.retreat.below
    }  # fmt: skip
    if retreat:
        opts["retreat"] = retreat
    if options.reputation_bag is not None:
        opts["reputation_bag"] = {str(k): v for k, v in options.reputation_bag}
    if npc_reading is not NpcReading.CONCENTRATE:
        opts["npc_reading"] = npc_reading.value
    return {"format": FORMAT, "sides": out_sides, "defender": defender, "options": opts}


def group_to_dict(group: ShipGroup, side_species: str | None) -> dict[str, Any]:
    """The battle-file form of a group (parts, NPC tile or raw stats)."""
    parts: list[str | None] | None = None
    outside: str | None = None
    stats: dict[str, Any] | None = None
    if group.npc_variant is None:
        if group.blueprint is not None and group.blueprint.species == side_species:
            bp = group.blueprint
            if bp != Blueprint.default(bp.species, bp.ship_class):
                parts = [None if p is None else p.id for p in bp.slots]
                outside = None if bp.outside is None else bp.outside.id
        else:
            stats = group.stats.to_dict()
            stats.pop("class")
            stats["cost"] = group.stats.cost
    label = group.label if group.label and group.label != _default_label(group) else None
    return group_entry(
        group.stats.ship_class,
        group.count,
        variant=group.npc_variant,
        stats=stats,
        parts=parts,
        outside=outside,
        damage=group.damage,
        label=label,
    )


def _default_label(group: ShipGroup) -> str:
    if group.npc_variant is not None:
        return npc_tile(group.stats.ship_class, group.npc_variant).label
    return group.stats.ship_class.value


def battle_to_dict(battle: Battle, options: BattleOptions | None = None) -> dict[str, Any]:
    """The battle-file document of a battle (parses back to an equal battle)."""
    entries = []
    for side in battle.sides:
        techs = list(side.techs)
        if side.antimatter_splitter and "antimatter_splitter" not in techs:
            techs.append("antimatter_splitter")
        entries.append(
            SideEntry(
                name=side.name,
                ships=tuple(group_to_dict(g, side.species) for g in side.groups),
                npc=side.npc,
                species=side.species,
                techs=tuple(techs),
                can_retreat=side.can_retreat,
                population=side.population,
                policy=side.policy,
                retreat=side.retreat,
            )
        )
    return battle_document(entries, battle.defender, options, battle.npc_reading)
