"""Design files: a battle file plus a ``design`` section, and the ``fleetlab-design/1`` output.

The format is documented in ``docs/design-file.md``. The ``design`` section is split off before
the rest goes to ``calc.battle.files.parse_battle``, so plain battle files stay as strict as ever
(unknown keys are errors). Every error is a ``BattleFileError`` naming the path of the bad value
(``design.techs[1]``). ``design.sector`` (default false) asks for the whole-sector mode: the
request then carries the file's battle as its ``sector``, and the output says ``"sector": true``.

>>> request, _ = parse_design({
...     "format": "fleetlab-battle/1",
...     "attacker": {"name": "Red", "species": "terran_directorate",
...                  "ships": [{"class": "interceptor", "count": 1}]},
...     "defender": {"name": "Ancients", "npc": True, "ships": [{"class": "ancient"}]},
...     "design": {"side": "Red", "techs": ["plasma_cannon"], "budget": 6},
... })
>>> request.budget, request.techs, request.opponents[0].side.name
(6, ('plasma_cannon',), 'Ancients')
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from blueprints import Blueprint, BlueprintError, ShipClass, species
from blueprints.catalogue import part as find_part
from blueprints.catalogue import unknown
from calc.battle.files import BattleOptions, group_to_dict, parse_battle, read_battle_document
from calc.battle.model import ShipGroup
from calc.design.designer import (
    DEFAULT_MAX_SECONDS,
    Aggregate,
    DesignRequest,
    DesignResult,
    Matchup,
    RankedDesign,
    check_request,
    opponents_of,
)
from calc.design.evaluate import Evaluation
from calc.design.prune import Objective
from calc.errors import BattleFileError, DesignError
from fileio import quote

DESIGN_FORMAT = "fleetlab-design/1"
DESIGN_KEYS = (
    "side",
    "techs",
    "discoveries",
    "budget",
    "objective",
    "top",
    "upgrades",
    "builds",
    "classes",
    "blueprints",
    "aggregate",
    "samples",
    "seed",
    "max_states",
    "max_candidates",
    "max_seconds",
    "sector",
)


def _fail(path: str, message: str) -> BattleFileError:
    return BattleFileError(path, message)


def _count(obj: Mapping[str, Any], key: str, default: int, minimum: int) -> int:
    value = obj.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise _fail(f"design.{key}", f"expected a whole number >= {minimum}, got {quote(value)}")
    return value


def _optional_count(obj: Mapping[str, Any], key: str, minimum: int) -> int | None:
    """A count that may be left out or null (None: the designer's default)."""
    return None if obj.get(key) is None else _count(obj, key, 0, minimum)


def _ship_class(name: str, path: str) -> ShipClass:
    if name not in [c.value for c in ShipClass]:
        raise _fail(path, str(unknown("ship class", name, [c.value for c in ShipClass])))
    return ShipClass(name)


def _names(obj: Mapping[str, Any], key: str) -> list[str]:
    raw = obj.get(key, [])
    if not isinstance(raw, list):
        raise _fail(f"design.{key}", f"expected a list of ids, got {quote(raw)}")
    for i, item in enumerate(raw):
        if not isinstance(item, str) or not item:
            raise _fail(f"design.{key}[{i}]", f"expected an id, got {quote(item)}")
    return list(raw)


def _choice(obj: Mapping[str, Any], key: str, legal: tuple[str, ...], default: str) -> str:
    value = obj.get(key, default)
    if value not in legal:
        raise _fail(f"design.{key}", f"unknown value {quote(value)}; legal: {', '.join(legal)}")
    return str(value)


def _blueprints(raw: Any, species_id: str) -> tuple[Blueprint, ...]:
    if not isinstance(raw, Mapping):
        raise _fail("design.blueprints", f"expected an object of class: parts, got {quote(raw)}")
    out = []
    for name, value in raw.items():
        path = f"design.blueprints.{name if len(name) <= 40 else quote(name, 40)}"
        cls = _ship_class(name, path)
        outside = None
        slots = value
        if isinstance(value, Mapping):
            extra = [k for k in value if k not in ("parts", "outside")]
            if extra:
                key = str(extra[0])
                shown = key if len(key) <= 40 else quote(key, 40)
                raise _fail(f"{path}.{shown}", "unknown key; keys: parts, outside")
            slots = value.get("parts")
            outside = value.get("outside")
            slots_path = f"{path}.parts"
        else:
            slots_path = path
        if not isinstance(slots, list):
            raise _fail(
                slots_path, f"expected a list of part ids (null for empty), got {quote(slots)}"
            )
        try:
            layout = species(species_id).layout(cls)
        except BlueprintError as exc:
            raise _fail(path, str(exc)) from None
        if len(slots) != layout.slot_count:
            raise _fail(
                slots_path,
                f"{len(slots)} slots given; the {species_id} {name} has {layout.slot_count}",
            )
        resolved: list[str | None] = []
        for i, token in enumerate(slots):
            if token is None or token in ("-", "x"):
                resolved.append(None)
                continue
            try:
                resolved.append(find_part(str(token)).id)
            except BlueprintError as exc:
                raise _fail(f"{slots_path}[{i}]", str(exc)) from None
        if outside is not None:
            try:
                outside = find_part(str(outside)).id
            except BlueprintError as exc:
                raise _fail(f"{path}.outside", str(exc)) from None
        try:
            out.append(Blueprint.from_parts(species_id, cls, resolved, outside))
        except BlueprintError as exc:
            raise _fail(path, str(exc)) from None
    return tuple(out)


def parse_design(data: Any, *, sector: bool | None = None) -> tuple[DesignRequest, BattleOptions]:
    """Read a decoded design file (a battle file plus ``design``) into a request.

    ``sector`` overrides the file's ``design.sector`` (whole-sector mode) when not None.
    """
    if not isinstance(data, Mapping):
        raise _fail("", f"expected an object, got {quote(data)}")
    if "design" not in data:
        raise _fail("design", "missing: a design file is a battle file plus a 'design' section")
    section = data["design"]
    battle, options = parse_battle({k: v for k, v in data.items() if k != "design"})
    if not isinstance(section, Mapping):
        raise _fail("design", f"expected an object, got {quote(section)}")
    for key in section:
        if key not in DESIGN_KEYS:
            raise _fail(
                f"design.{key}", f"unknown key {quote(key)}; allowed keys: {', '.join(DESIGN_KEYS)}"
            )
    if options.method != "auto":
        raise _fail(
            "options.method",
            f"{quote(options.method)}: the designer picks the method of each battle by the ladder "
            "(use design.max_states and design.samples); leave it out or give 'auto'",
        )
    names = [s.name for s in battle.sides]
    side_name = section.get("side")
    if side_name not in names:
        raise _fail(
            "design.side",
            f"expected the name of a side, one of {quote(names)}; got {quote(side_name)}",
        )
    side = battle.sides[names.index(side_name)]
    if side.species is None:
        raise _fail("design.side", f"side {quote(side_name)} has no species (an NPC side?)")
    classes = None
    if section.get("classes") is not None:
        classes = tuple(
            _ship_class(name, f"design.classes[{i}]")
            for i, name in enumerate(_names(section, "classes"))
        )
    defaults = Evaluation()
    try:
        evaluation = Evaluation(
            max_states=_count(section, "max_states", defaults.max_states, 1),
            samples=_count(section, "samples", options.samples or defaults.samples, 1),
            seed=_count(section, "seed", options.seed or 0, 0),
        )
    except DesignError as exc:  # pragma: no cover - the counts are checked above
        raise _fail("design", str(exc)) from None
    whole = section.get("sector", False)
    if not isinstance(whole, bool):
        raise _fail("design.sector", f"expected true or false, got {quote(whole)}")
    if sector is not None:
        whole = sector
    budget = _count(section, "budget", 0, 0)
    top = _count(section, "top", 5, 1)
    max_candidates = _count(section, "max_candidates", 50_000, 1)
    try:
        request = DesignRequest(
            side=side,
            opponents=opponents_of(battle, side.name),
            techs=tuple(_names(section, "techs")),
            discoveries=tuple(_names(section, "discoveries")),
            budget=budget,
            upgrades=_optional_count(section, "upgrades", 0),
            builds=_optional_count(section, "builds", 0),
            blueprints=_blueprints(section.get("blueprints", {}), side.species),
            classes=classes,
            objective=Objective(_choice(section, "objective", tuple(Objective), "win")),
            aggregate=Aggregate(_choice(section, "aggregate", tuple(Aggregate), "worst")),
            top=top,
            evaluation=evaluation,
            max_candidates=max_candidates,
            sector=battle if whole else None,
            max_seconds=_count(section, "max_seconds", DEFAULT_MAX_SECONDS, 1),
        )
        check_request(request)
    except DesignError as exc:
        where = f"design.{exc.path}" if exc.path else "design"
        raise _fail(where, str(exc)) from None
    return request, options


def load_design(
    path: str | Path, *, sector: bool | None = None
) -> tuple[DesignRequest, BattleOptions]:
    """Read a design file (JSON, or TOML by the ``.toml`` suffix); ``sector`` as in
    ``parse_design``."""
    return parse_design(read_battle_document(path, "design file"), sector=sector)


# ----- output ------------------------------------------------------------------------------


def _round(x: float | None, digits: int = 9) -> float | None:
    return None if x is None else round(float(x), digits)


def design_ships(design: RankedDesign, species_id: str) -> list[dict[str, Any]]:
    """The design's fleet as battle-file ship groups (they paste back into a battle file)."""
    return [
        group_to_dict(ShipGroup.of(g.blueprint, g.count, g.damage), species_id)
        for g in design.groups
    ]


def _matchup_to_dict(m: Matchup) -> dict[str, Any]:
    out: dict[str, Any] = {
        "opponent": m.opponent,
        "win": _round(m.win),
        "attacker_wins": _round(m.attacker_wins),
        "own_lost": _round(m.own_lost),
        "opponent_lost": _round(m.opponent_lost),
        "exchange": _round(m.exchange),
        "method": m.method,
        "standard_error": _round(m.standard_error),
        "why": m.why,
    }
    if m.sides_lost:
        out["sides_lost"] = {name: _round(lost) for name, lost in m.sides_lost}
    return out


def design_to_dict(design: RankedDesign, species_id: str) -> dict[str, Any]:
    """One ranked design of the output."""
    return {
        "rank": design.rank,
        "ships": design_ships(design, species_id),
        "built": {g.ship_class.value: g.new for g in design.groups if g.new},
        "blueprints": {g.ship_class.value: str(g.blueprint) for g in design.groups},
        "cost": design.cost,
        "upgrades": design.activations,
        "objective": _round(design.value),
        "win": _round(design.win),
        "attacker_wins": _round(design.attacker_wins),
        "exchange": _round(design.exchange),
        "method": design.method,
        "matchups": [_matchup_to_dict(m) for m in design.matchups],
    }


def result_to_dict(result: DesignResult) -> dict[str, Any]:
    """The whole ``fleetlab-design/1`` document."""
    request = result.request
    species_id = request.side.species or ""
    return {
        "format": DESIGN_FORMAT,
        "side": request.side.name,
        "species": species_id,
        "objective": request.objective.value,
        "sector": request.whole_sector,
        "aggregate": None if request.whole_sector else request.aggregate.value,
        "opponents": [o.side.name for o in request.opponents],
        "designs": [design_to_dict(d, species_id) for d in result.designs],
        "candidates": result.candidates,
        "evaluated": result.evaluated,
        "pruned": result.pruned,
        "pruning": {"dominated": result.pruned_dominated, "bound": result.pruned_bound},
        "merged": result.merged,
        "wrecked": result.wrecked,
        "methods": dict(result.methods),
        "battles": result.battles,
        "battle_methods": dict(result.battle_methods),
        "cache_hits": result.cache_hits,
        "backend": result.backend,
        "seconds": round(result.seconds, 3),
    }


OBJECTIVE_LABELS = {
    Objective.WIN: "P(win)",
    Objective.WIN_PER_MATERIAL: "P(win)/material",
    Objective.EXCHANGE: "exchange",
}


def result_to_text(result: DesignResult) -> str:
    """A readable report: the ranked designs, their blueprints, and what the search did."""
    request = result.request
    label = OBJECTIVE_LABELS[request.objective]
    opponents = ", ".join(o.side.name for o in request.opponents)
    if request.whole_sector:
        title = (
            f"Best designs for {request.side.name} in the whole sector with {opponents} "
            f"(objective {label}; P(win): its ships hold the sector at the end)"
        )
    else:
        title = (
            f"Best designs for {request.side.name} against {opponents} "
            f"(objective {label}"
            + (f", {request.aggregate.value} over opponents" if len(request.opponents) > 1 else "")
            + ")"
        )
    lines = [title, ""]
    if not result.designs:
        lines.append("No design fits: no ships, and nothing the budget can build.")
    for d in result.designs:
        head = f"{d.rank}. P(win) {100 * d.win:.2f}%"
        if request.objective is Objective.WIN_PER_MATERIAL:
            head += f"   {label} {d.value:.4f}"
        head += f"   exchange {d.exchange:+.2f}   cost {d.cost}   upgrades {d.activations}"
        lines.append(f"{head}   {d.method}")
        for g in d.groups:
            built = f" ({g.new} new)" if g.new else ""
            lines.append(f"     {g.count} x {g.ship_class.value}{built}: {g.blueprint}")
            stats = g.blueprint.stats
            lines.append(
                f"        initiative {stats.initiative}, hull {stats.hull}, computer "
                f"{stats.computer}, shield {stats.shield}, {stats.describe_dice()}"
            )
    methods = ", ".join(f"{m} {n:,}" for m, n in result.methods) or "none"
    lines += [
        "",
        f"{result.candidates:,} designs ({result.merged:,} blueprints merged with others that "
        f"fight the same): {result.evaluated:,} evaluated ({methods}), "
        f"{result.pruned_bound:,} skipped by bound, {result.pruned_dominated:,} dominated.",
        f"{result.battles:,} battles solved, {result.cache_hits:,} from the cache, "
        f"{result.seconds:.1f} s ({result.backend}).",
    ]
    return "\n".join(lines)
