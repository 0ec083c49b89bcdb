"""The fleet designer: the blueprints and the fleet that do best against given opponents.

``design(request)`` answers a ``DesignRequest``: a designing side (its species, the ships it
already has, its researched techs and discovery parts, the materials it may spend, its Upgrade
activations this round) and one or more opponents, or the whole sector it fights in. It searches
every design of the search space (``calc.design.space``: the blueprints reachable with the
Upgrade activations, merged by combat stats, times the fleets the budget and the miniature
limits allow), evaluates each by the exact-to-approximate ladder (``calc.design.evaluate``), skips
designs that provably cannot rank higher (``calc.design.prune``) and returns the best ``top``
designs.

**Objectives** (``Objective``), per opponent then aggregated:

- ``win``: P(the designing side wins the battle);
- ``win_per_material``: the aggregated P(win) divided by the materials spent (at least 1, so a
  design that only upgrades ships already there counts as spending 1);
- ``exchange``: the opponent's expected material lost minus the designing side's (NPCs are
  worth nothing, so against NPCs this is minus the expected losses).

**Several opponents, separately** (the default): each opponent is a separate two-sided battle
(the designing side meets each fleet in full), and the values are combined by ``Aggregate``:
``worst`` (default) takes the lowest value over opponents, ``mean`` the average.

**The whole sector** (``DesignRequest.sector``, a ``Battle`` the designing side is one side of):
each design is evaluated in that battle with the designing side's ships replaced by the
design's, every side together, by sector combat (``calc.sector.chain``: sides keep their order of
entry and the defender, battles are fought two at a time in reverse order of entry, survivors
go on). Then ``win`` is P(the designing side's ships hold the sector at the end)
(``SideResult.holds_sector``), ``exchange`` the other sides' expected material lost together
minus its own, ``win_per_material`` as above; there is one value per design, so ``aggregate``
plays no part. Each design has one ``Matchup``, against ``"sector"``.

**Ranking**: higher value first (values equal to 9 decimals tie), then lower cost, then the
stronger design (``Candidate.strength``), then fewer Upgrade activations, then the design's
text, so the answer is fully determined. Designs that another design dominates (same ships,
provably at least the same value, better tie-breaks) are left out of the list; the best design
is always the best of the whole search space.

The answer does not depend on how it was computed: in this process, on a process pool with any
number of workers, or on a Dask cluster. Waves of ``WAVE`` designs are evaluated at a time, and
bound pruning only looks at finished waves.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from blueprints import (
    Blueprint,
    BlueprintError,
    ShipClass,
    species,
    tech,
)
from blueprints import part as find_part
from calc._jit import use_compiled
from calc.battle.model import Battle, ShipGroup, Side
from calc.deadline import Deadline
from calc.design.evaluate import (
    EXACT,
    METHODS,
    DaskRunner,
    Evaluation,
    Outcome,
    PoolRunner,
    Runner,
    SerialRunner,
    cached,
    evaluate_battle,
    predicted_method,
    remember,
)
from calc.design.prune import (
    Objective,
    Profile,
    Rule,
    TieKey,
    activation_labels,
    dominated,
    fleet_value,
    opponent_rules,
    rank_key,
    rules_for_objective,
    sector_bound,
    sector_pairs,
    sector_rules,
    tie_key,
    upper_bound,
)
from calc.design.space import (
    CLASS_ORDER,
    Candidate,
    candidates,
    class_options,
    fleet_counts,
)
from calc.errors import DesignError
from calc.sector.ladder import Rung
from fileio import quote

__all__ = [
    "SECTOR",
    "Aggregate",
    "Candidate",
    "DesignGroup",
    "DesignRequest",
    "DesignResult",
    "Evaluation",
    "Matchup",
    "Objective",
    "Opponent",
    "RankedDesign",
    "SearchSpace",
    "check_request",
    "design",
    "dominance_map",
    "evaluate_battle",
    "opponents_of",
    "search_space",
    "sector_battle",
]

DEFAULT_MAX_SECONDS = 900
"""Wall-clock seconds a search may run by default (``DesignRequest.max_seconds``): a quarter
of an hour, well past the largest searches the dashboard offers (about 80 s at most)."""
WAVE = 256
"""Designs evaluated per wave (fixed, so that pruning never depends on the number of workers)."""
SERIAL_BELOW = 64
"""Searches with fewer battles than this run in this process unless workers are asked for (a
pool would only add its start-up time)."""
STRUCTURES = (ShipClass.STARBASE, ShipClass.ORBITAL)
"""Classes that cannot move: they only fight where they are built, so only when defending."""


SECTOR = "sector"
"""The ``Matchup.opponent`` of a design evaluated in the whole sector."""


class Aggregate(StrEnum):
    """How the values against several opponents combine: the worst one or the mean (separate
    battles only)."""

    WORST = "worst"
    MEAN = "mean"


@dataclass(frozen=True, slots=True)
class Opponent:
    """An opposing fleet; ``designer_defends`` when the designing side controls the sector
    (NPC sides always defend, so then it must be False)."""

    side: Side
    designer_defends: bool = False


@dataclass(frozen=True, slots=True)
class DesignRequest:
    """What to design (see the module doc and docs/design-file.md).

    ``side`` is the designing side as it stands: name, species, policy, combat techs and the
    ships it already has (blueprints from their parts). ``techs`` are its researched techs,
    ``discoveries`` the discovery parts it holds beside the board (parts already on a blueprint
    count without being listed). ``budget`` is the materials it may spend on new ships;
    ``upgrades`` its Upgrade activations this round (None: the species' activations for one
    Upgrade action); ``builds`` the most ships it may build (None: no limit but the budget and
    the miniatures). ``blueprints`` gives the current blueprint of classes it has no ships of
    (default: the printed one). ``classes`` are the classes it may build (None: interceptors,
    cruisers and dreadnoughts, plus starbases when it defends in every battle and has the
    Starbase tech).

    ``sector``: evaluate every design in this whole sector battle instead of one battle per
    opponent (see the module doc). ``side`` must be one of its sides, as it is there; the
    design replaces that side's ships, in its place in the order of entry, and the sector keeps
    its defender. ``opponents`` may then be left out: they are the sector's other sides
    (``opponents_of``), and given ones must be exactly those.

    ``max_seconds`` bounds the search in wall-clock seconds (the battles run on worker
    processes, so this process's own CPU time says little): it is read after every wave of
    evaluations, and past it the search stops with a ``DesignError`` that says how far it got.
    ``calc.design.search_estimate`` says beforehand how long the search can take at most.
    """

    side: Side
    opponents: tuple[Opponent, ...] = ()
    techs: tuple[str, ...] = ()
    discoveries: tuple[str, ...] = ()
    budget: int = 0
    upgrades: int | None = None
    builds: int | None = None
    blueprints: tuple[Blueprint, ...] = ()
    classes: tuple[ShipClass, ...] | None = None
    objective: Objective = Objective.WIN
    aggregate: Aggregate = Aggregate.WORST
    top: int = 5
    evaluation: Evaluation = field(default_factory=Evaluation)
    max_candidates: int = 50_000
    sector: Battle | None = None
    max_seconds: int = DEFAULT_MAX_SECONDS

    def __post_init__(self) -> None:
        object.__setattr__(self, "opponents", tuple(self.opponents))
        if (
            self.sector is not None
            and not self.opponents
            and self.side.name in [s.name for s in self.sector.sides]
        ):
            object.__setattr__(self, "opponents", opponents_of(self.sector, self.side.name))
        object.__setattr__(self, "techs", tuple(self.techs))
        object.__setattr__(self, "discoveries", tuple(self.discoveries))
        object.__setattr__(self, "blueprints", tuple(self.blueprints))
        if self.classes is not None:
            object.__setattr__(self, "classes", tuple(ShipClass(c) for c in self.classes))
        object.__setattr__(self, "objective", Objective(self.objective))
        object.__setattr__(self, "aggregate", Aggregate(self.aggregate))
        for name, minimum in (("budget", 0), ("top", 1), ("max_candidates", 1), ("max_seconds", 1)):
            _check_count(name, getattr(self, name), minimum)
        for name in ("upgrades", "builds"):
            if getattr(self, name) is not None:
                _check_count(name, getattr(self, name), 0)

    @property
    def whole_sector(self) -> bool:
        """True when designs are evaluated in the whole sector (``sector`` is given)."""
        return self.sector is not None


def opponents_of(battle: Battle, designer: str) -> tuple[Opponent, ...]:
    """Every other side of the battle as an opponent. The designing side defends against an
    opponent when it controls the sector; when neither controls it, the side that entered the
    sector first (listed first) defends, as in sector combat's pairwise battles."""
    names = [s.name for s in battle.sides]
    mine = names.index(designer)
    out = []
    for j, side in enumerate(battle.sides):
        if j == mine:
            continue
        defends = mine == battle.defender or (j != battle.defender and mine < j)
        out.append(Opponent(side, designer_defends=defends))
    return tuple(out)


MAX_UPGRADES = 4
"""Most Upgrade activations a request may search (each places one part: four are two Upgrade
actions of most species). The designs grow about tenfold per activation (measured with ten
techs and three classes: 415 designs at 1 activation, 5,709 at 2, 40,230 at 3; at 10 the
200,000-blueprint limit refused the request only after about a minute), so a larger number
would only run for minutes before a limit refuses it."""

COUNT_LIMITS = {"upgrades": MAX_UPGRADES, "builds": 11, "budget": 1_000, "max_seconds": 86_400}
"""Largest value of the counts of a request that size its search (builds: a player's 22
miniatures, two per Build; budget: materials; max_seconds: a day). ``top`` only cuts the
ranking, and ``max_candidates`` is itself the limit of the search."""


def _check_count(name: str, value: Any, minimum: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise DesignError(f"{name} must be a whole number >= {minimum}, got {quote(value)}")
    limit = COUNT_LIMITS.get(name)
    if limit is not None and value > limit:
        raise DesignError(f"{name} must be at most {limit:,}, got {value:,}", path=name)


@dataclass(frozen=True, slots=True)
class Matchup:
    """A design against one opponent: P(designing side wins), the battle's P(attacker wins),
    expected materials lost by each, how it was evaluated.

    In whole-sector mode the one matchup is against ``"sector"`` (``SECTOR``): ``win`` is
    P(the designing side holds the sector), ``attacker_wins`` P(an attacker holds it),
    ``opponent_lost`` the other sides' expected material lost together, ``sides_lost`` each
    other side's, and ``standard_error`` that of ``win`` (Monte Carlo only).
    """

    opponent: str
    win: float
    attacker_wins: float
    own_lost: float
    opponent_lost: float
    method: Rung
    standard_error: float | None
    why: str
    sides_lost: tuple[tuple[str, float], ...] = ()

    @property
    def exchange(self) -> float:
        """The opponent's expected material lost minus the designing side's."""
        return self.opponent_lost - self.own_lost


@dataclass(frozen=True, slots=True)
class DesignGroup:
    """One class of a design: its blueprint, ships in the battle (``new`` of them built), their
    damage and the Upgrade activations spent on the blueprint."""

    blueprint: Blueprint
    count: int
    new: int
    damage: tuple[int, ...]
    activations: int

    @property
    def ship_class(self) -> ShipClass:
        """The class of the group."""
        return self.blueprint.ship_class


@dataclass(frozen=True, slots=True)
class RankedDesign:
    """A design with its rank, cost (materials spent), objective value and matchups.

    ``win`` is the aggregated P(win); ``attacker_wins`` the P(attacker wins) of the deciding
    matchup (the worst one, or the mean over matchups); ``method`` the least exact method
    among its matchups (``exact``, ``exact-greedy``, ``monte-carlo``).
    """

    rank: int
    groups: tuple[DesignGroup, ...]
    cost: int
    activations: int
    value: float
    win: float
    attacker_wins: float
    exchange: float
    method: Rung
    matchups: tuple[Matchup, ...]

    def describe(self) -> str:
        """One line: ``3 x species/interceptor:parts + ...``."""
        return " + ".join(f"{g.count} x {g.blueprint}" for g in self.groups)


@dataclass(frozen=True, slots=True)
class DesignResult:
    """The ranked designs and what the search did.

    ``candidates``: designs in the search space (blueprints merged by combat stats);
    ``evaluated``: designs evaluated; ``pruned_dominated`` / ``pruned_bound``: designs skipped
    by each kind of pruning; ``merged``: reachable blueprints that were merged into another
    with the same combat stats; ``wrecked``: combinations left out because a damaged ship
    would not survive its new hull; ``battles``: battles solved, ``cache_hits``: battles taken
    from the cache; ``methods``: evaluated designs per method; ``battle_methods``: solved
    battles per method; ``backend``: where the battles ran.
    """

    request: DesignRequest
    designs: tuple[RankedDesign, ...]
    candidates: int
    evaluated: int
    pruned_dominated: int
    pruned_bound: int
    merged: int
    wrecked: int
    battles: int
    cache_hits: int
    methods: tuple[tuple[str, int], ...]
    battle_methods: tuple[tuple[str, int], ...]
    backend: str
    seconds: float

    @property
    def pruned(self) -> int:
        """Designs skipped by either kind of pruning."""
        return self.pruned_dominated + self.pruned_bound

    @property
    def best(self) -> RankedDesign | None:
        """The top design (None when the search space is empty)."""
        return self.designs[0] if self.designs else None


# ----- preparing the search --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Setup:
    """The request turned into what the search needs."""

    species_id: str
    current: dict[ShipClass, Blueprint]
    existing: dict[ShipClass, int]
    damage: dict[ShipClass, tuple[int, ...]]
    buildable: tuple[ShipClass, ...]
    upgrades: int
    combat_techs: tuple[str, ...]


def _prepare(request: DesignRequest) -> _Setup:
    """Check the request and derive the search's inputs; errors name the request field."""
    side = request.side
    if side.npc:
        raise DesignError(f"{side.name!r} is an NPC side; NPCs have no blueprints", "side")
    if side.species is None:
        raise DesignError(f"side {side.name!r} needs a species to design its ships", "side")
    board = species(side.species)
    if request.sector is not None:
        _check_sector(request, request.sector)
    if not request.opponents:
        raise DesignError("give at least one opponent", "opponents")
    for i, opp in enumerate(request.opponents):
        if opp.side.npc and opp.designer_defends:
            raise DesignError(
                f"NPCs always defend: {opp.side.name!r} cannot attack", f"opponents[{i}]"
            )
        if opp.side.name == side.name:
            raise DesignError(
                f"the opponent has the designing side's name {side.name!r}", f"opponents[{i}]"
            )
    for i, t in enumerate(request.techs):
        try:
            tech(t)
        except BlueprintError as exc:
            raise DesignError(str(exc), f"techs[{i}]") from None
    for i, d in enumerate(request.discoveries):
        try:
            found = find_part(d)
        except BlueprintError as exc:
            raise DesignError(str(exc), f"discoveries[{i}]") from None
        if not found.is_discovery:
            raise DesignError(f"{d!r} is not a discovery part", f"discoveries[{i}]")
    current: dict[ShipClass, Blueprint] = {}
    existing: Counter[ShipClass] = Counter()
    damage: dict[ShipClass, tuple[int, ...]] = {}
    for g in side.groups:
        bp = g.blueprint
        cls = g.stats.ship_class
        if bp is None or bp.species != board.id:
            raise DesignError(
                f"its {cls.value} group has no {board.id} blueprint (raw stats?); the designer "
                "needs the parts of every ship it may upgrade",
                "side",
            )
        if cls in current and current[cls] != bp:
            raise DesignError(
                f"two {cls.value} blueprints ({current[cls]} and {bp}); all ships of a class "
                "share one blueprint",
                "side",
            )
        current[cls] = bp
        existing[cls] += g.count
        damage[cls] = tuple(sorted(damage.get(cls, ()) + g.damage, reverse=True))
    for bp in request.blueprints:
        where = f"blueprints.{bp.ship_class.value}"
        if bp.species != board.id:
            raise DesignError(f"{bp} is not a {board.id} blueprint", where)
        if bp.ship_class in current and current[bp.ship_class] != bp:
            raise DesignError(
                f"the side's {bp.ship_class.value}s already show {current[bp.ship_class]}", where
            )
        current[bp.ship_class] = bp
    defends = all(o.designer_defends for o in request.opponents)
    techs = set(request.techs)
    buildable: list[ShipClass] = []
    if request.classes is None:
        for c in (ShipClass.INTERCEPTOR, ShipClass.CRUISER, ShipClass.DREADNOUGHT):
            if c in board.ship_classes:
                buildable.append(c)
        if defends and ShipClass.STARBASE in board.ship_classes and "starbase" in techs:
            buildable.append(ShipClass.STARBASE)
    for i, c in enumerate(request.classes or ()):
        where = f"classes[{i}]"
        try:
            if c not in board.ship_classes:
                raise DesignError(f"species {board.id!r} has no {c.value!r} blueprint", where)
            board.build_cost(c)
        except BlueprintError as exc:
            raise DesignError(str(exc), where) from None
        if c in STRUCTURES:
            if not defends:
                raise DesignError(
                    f"{c.value}s cannot move: they fight only where they are built, so the "
                    "designing side must defend in every battle to build them",
                    where,
                )
            if c.value not in techs:
                raise DesignError(f"building {c.value}s needs the {c.value!r} tech", where)
        if c not in buildable:
            buildable.append(c)
    for cls in set(existing) | set(buildable):
        current.setdefault(cls, Blueprint.default(board.id, cls))
    held = list(request.discoveries)
    on_boards: Counter[str] = Counter()
    for bp in current.values():
        on_boards.update(p.id for p in bp.parts() if p.is_discovery)
    for i, pid in enumerate(held):
        if on_boards[pid] or held.count(pid) > 1:
            raise DesignError(
                f"{pid!r} is listed again or is already on a blueprint; there is one tile of each",
                f"discoveries[{i}]",
            )
    for cls, bp in current.items():
        problems = bp.problems(request.techs, held + [p.id for p in bp.parts() if p.is_discovery])
        if problems:
            raise DesignError(
                f"the current {cls.value} blueprint {bp} breaks the rules with these techs: "
                + "; ".join(str(p) for p in problems),
                "techs",
            )
    twice = [pid for pid, n in on_boards.items() if n > 1]
    if twice:
        raise DesignError(f"discovery part {twice[0]!r} is on two blueprints", "side")
    upgrades = board.activations.upgrade if request.upgrades is None else request.upgrades
    combat_techs = tuple(
        sorted(set(side.techs) | {t for t in request.techs if tech(t).unlocks_part is None})
    )
    return _Setup(
        species_id=board.id,
        current=current,
        existing=dict(existing),
        damage=damage,
        buildable=tuple(sorted(buildable, key=CLASS_ORDER.index)),
        upgrades=upgrades,
        combat_techs=combat_techs,
    )


def _check_sector(request: DesignRequest, sector: Battle) -> None:
    names = [s.name for s in sector.sides]
    side = request.side
    if side.name not in names:
        raise DesignError(
            f"the sector has no side named {side.name!r} (its sides: {names!r})", "sector"
        )
    if sector.sides[names.index(side.name)] != side:
        raise DesignError(
            f"the sector's side {side.name!r} is not the designing side as given; pass the "
            "side as it is in the sector",
            "sector",
        )
    if request.opponents != opponents_of(sector, side.name):
        raise DesignError(
            "in whole-sector mode the opponents are the sector's other sides; leave them out",
            "opponents",
        )


def check_request(request: DesignRequest) -> None:
    """Raise the first problem of a request (a ``DesignError`` naming the field), if any."""
    _prepare(request)


def designing_side(
    request: DesignRequest, candidate: Candidate, combat_techs: Sequence[str]
) -> Side:
    """The designing side with a candidate's fleet (groups of combat stats, see design_eval)."""
    # No blueprint on the groups: battles are compared by stats anyway, and they travel to
    # workers lighter without one.
    groups = tuple(
        ShipGroup(g.stats, g.count, g.damage, g.ship_class.value) for g in candidate.groups
    )
    side = request.side
    return Side(
        side.name,
        groups,
        policy=side.policy,
        species=side.species,
        techs=tuple(combat_techs),
    )


def matchup_battle(me: Side, opponent: Opponent) -> Battle:
    """The battle of the designing side against one opponent."""
    if opponent.designer_defends:
        return Battle.two_sided(opponent.side, me)
    return Battle.two_sided(me, opponent.side)


def sector_battle(me: Side, sector: Battle) -> Battle:
    """The sector with the designing side (``me``, by name) in place of its side there: same
    order of entry, same defender."""
    sides = tuple(me if s.name == me.name else s for s in sector.sides)
    return Battle(sides, sector.defender)


def _sector_matchup(battle: Battle, designer: str, outcome: Outcome) -> Matchup:
    names = [s.name for s in battle.sides]
    mine = names.index(designer)
    win = outcome.holds[mine]
    se = None
    if outcome.samples:
        se = math.sqrt(max(win * (1.0 - win), 0.0) / outcome.samples)
    others = [j for j in range(len(names)) if j != mine]
    return Matchup(
        opponent=SECTOR,
        win=win,
        attacker_wins=outcome.attacker_wins,
        own_lost=outcome.lost[mine],
        opponent_lost=sum(outcome.lost[j] for j in others),
        method=outcome.method,
        standard_error=se,
        why=outcome.why,
        sides_lost=tuple((names[j], outcome.lost[j]) for j in others),
    )


def _matchup(battle: Battle, designer: str, outcome: Outcome, sector: bool = False) -> Matchup:
    if sector:
        return _sector_matchup(battle, designer, outcome)
    mine = 0 if battle.sides[0].name == designer else 1
    attacks = battle.defender != mine
    return Matchup(
        opponent=battle.sides[1 - mine].name,
        win=outcome.attacker_wins if attacks else outcome.defender_wins,
        attacker_wins=outcome.attacker_wins,
        own_lost=outcome.lost[mine],
        opponent_lost=outcome.lost[1 - mine],
        method=outcome.method,
        standard_error=outcome.standard_error,
        why=outcome.why,
    )


def _aggregate(values: Sequence[float], how: Aggregate) -> float:
    return min(values) if how is Aggregate.WORST else sum(values) / len(values)


def score(
    objective: Objective, aggregate: Aggregate, cost: int, matchups: Sequence[Matchup]
) -> tuple[float, float, float, float]:
    """(objective value, aggregated P(win), the deciding P(attacker wins), aggregated exchange)
    of a design's matchups."""
    wins = [m.win for m in matchups]
    exchanges = [m.exchange for m in matchups]
    win = _aggregate(wins, aggregate)
    exchange = _aggregate(exchanges, aggregate)
    if aggregate is Aggregate.WORST:
        ranked = exchanges if objective is Objective.EXCHANGE else wins
        attacker_wins = matchups[ranked.index(min(ranked))].attacker_wins
    else:
        attacker_wins = sum(m.attacker_wins for m in matchups) / len(matchups)
    if objective is Objective.WIN:
        value = win
    elif objective is Objective.WIN_PER_MATERIAL:
        value = win / max(1, cost)
    else:
        value = exchange
    return value, win, attacker_wins, exchange


def _least_exact(methods: Sequence[Rung]) -> Rung:
    return max(methods, key=METHODS.index)


# ----- the search -------------------------------------------------------------------------


@dataclass
class _Search:
    """Mutable book-keeping of one search (``ties``: each candidate's ``tie_key``, computed
    once)."""

    request: DesignRequest
    runner: Runner
    cands: list[Candidate]
    battles: list[tuple[Battle, ...]]
    results: dict[int, tuple[Matchup, ...]] = field(default_factory=dict)
    solved: int = 0
    hits: int = 0
    battle_methods: Counter[str] = field(default_factory=Counter)
    ties: list[TieKey] = field(init=False)

    def __post_init__(self) -> None:
        self.ties = [tie_key(c) for c in self.cands]

    def rank_key(self, i: int, value: float) -> tuple[float, int, int, int, str]:
        """The ranking key of candidate ``i`` with this value."""
        return rank_key(value, self.cands[i], self.ties[i])

    def evaluate(self, wave: Sequence[int]) -> None:
        settings = self.request.evaluation
        known: dict[Battle, Outcome] = {}
        todo: dict[Battle, None] = {}
        for i in wave:
            for b in self.battles[i]:
                found = cached(b, settings)
                if found is None:
                    todo.setdefault(b, None)
                else:
                    known[b] = found
                    self.hits += 1
        fresh = list(todo)
        for b, outcome in zip(fresh, self.runner.run(fresh, settings), strict=True):
            remember(b, settings, outcome)
            known[b] = outcome
            self.battle_methods[outcome.method] += 1
        self.solved += len(fresh)
        name = self.request.side.name
        sector = self.request.whole_sector
        for i in wave:
            self.results[i] = tuple(_matchup(b, name, known[b], sector) for b in self.battles[i])


@dataclass(frozen=True, slots=True)
class SearchSpace:
    """Every design of a request with its battles (one per opponent, or the one sector battle
    in whole-sector mode), before any pruning; ``merged`` and ``wrecked`` as in
    ``DesignResult``."""

    candidates: tuple[Candidate, ...]
    battles: tuple[tuple[Battle, ...], ...]
    merged: int
    wrecked: int


def search_space(request: DesignRequest) -> SearchSpace:
    """The designs a request searches (see ``calc.design.space``) and their battles."""
    setup = _prepare(request)
    options = {
        cls: class_options(bp, setup.upgrades, request.techs, request.discoveries)
        for cls, bp in setup.current.items()
        if cls in setup.existing or cls in setup.buildable
    }
    merged = sum(sum(o.blueprints for o in opts) - len(opts) for opts in options.values())
    fleets = fleet_counts(
        setup.existing, setup.buildable, setup.species_id, request.budget, request.builds
    )
    cands, wrecked = candidates(
        fleets,
        options,
        setup.damage,
        setup.species_id,
        setup.upgrades,
        request.discoveries,
        limit=request.max_candidates,
    )
    battles: list[tuple[Battle, ...]] = []
    for c in cands:
        me = designing_side(request, c, setup.combat_techs)
        if request.sector is not None:
            battles.append((sector_battle(me, request.sector),))
        else:
            battles.append(tuple(matchup_battle(me, o) for o in request.opponents))
    return SearchSpace(tuple(cands), tuple(battles), merged, wrecked)


def design(
    request: DesignRequest,
    *,
    workers: int | None = None,
    dask: Any = None,
    executor: Executor | None = None,
    progress: Callable[[float], None] | None = None,
    prune: bool = True,
) -> DesignResult:
    """Search the designs of a request and rank them (see module doc).

    ``workers``: processes of the local pool (default: one per core; 1 evaluates in this
    process). ``dask``: a Dask scheduler address or ``distributed.Client``; the battles then
    run on that cluster. ``executor``: a ``concurrent.futures`` executor to use instead of
    starting a pool. ``progress`` receives the fraction of designs done. ``prune=False``
    evaluates every design (for tests and benchmarks of the pruning).
    """
    t0 = time.perf_counter()
    # Thousands of battles: compiled kernels from the first one (calc._jit), in this process and
    # in pool workers forked from it.
    use_compiled()
    space = search_space(request)
    cands = list(space.candidates)
    skipped = dominance_map(request, space) if prune else {}
    runner: Runner
    if dask is not None:
        runner = DaskRunner(dask)
    elif workers == 1 or (
        workers is None and executor is None and sum(len(b) for b in space.battles) < SERIAL_BELOW
    ):
        runner = SerialRunner()
    else:
        runner = PoolRunner(workers, executor)
    search = _Search(request, runner, cands, list(space.battles))
    deadline = Deadline.after(cpu_seconds=None, wall_seconds=request.max_seconds - (
        time.perf_counter() - t0
    ))  # fmt: skip
    try:
        pruned_bound, pruned_dominated = _run(search, skipped, progress, prune, deadline)
    finally:
        runner.close()
    return _result(search, t0, space.merged, space.wrecked, pruned_bound, pruned_dominated)


def dominance_map(request: DesignRequest, space: SearchSpace) -> dict[int, int]:
    """Designs skipped because another dominates them: index -> index of the dominating one
    (indices into ``space.candidates``; see ``calc.design.prune``)."""
    cands, battles = space.candidates, space.battles
    objective_rules = rules_for_objective(request.objective)
    allowed: list[tuple[Rule, ...]] = []
    if request.sector is not None:
        # One battle per design; the rules are per other side (see calc.design.prune).
        allowed = list(sector_rules(request.side, request.sector, request.objective))
    else:
        for o in request.opponents:
            rules = tuple(r for r in opponent_rules(request.side, o.side) if r in objective_rules)
            allowed.append(rules)
    if not cands or not allowed or not all(allowed):
        return {}
    settings = request.evaluation
    name = request.side.name
    profiles = []
    for c, bs in zip(cands, battles, strict=True):
        if request.sector is not None:
            pairs = sector_pairs(bs[0], name)
            exact = (predicted_method(bs[0], settings) == EXACT,) * len(pairs)
        else:
            pairs, exact = bs, tuple(predicted_method(b, settings) == EXACT for b in bs)
        orders = tuple(
            activation_labels(b, name) if Rule.OPTIMAL_PLAY in allowed[i] else ((), ())
            for i, b in enumerate(pairs)
        )
        profiles.append(Profile.of(c, exact, orders))
    return dominated(profiles, allowed)


def _run(
    search: _Search,
    skipped: dict[int, int],
    progress: Callable[[float], None] | None,
    prune: bool,
    deadline: Deadline | None = None,
) -> tuple[int, int]:
    """Evaluate in waves with bound pruning; returns (pruned by bound, pruned by dominance).

    ``deadline`` is read after every wave: past it the search stops with a ``DesignError``
    that says how far it got (``DesignRequest.max_seconds``)."""
    request = search.request
    cands = search.cands
    if request.sector is not None:
        opp_bound = sector_bound(request.sector, request.side.name)
    else:
        opp_bound = _aggregate([fleet_value(o.side) for o in request.opponents], request.aggregate)
    bound_keys = {
        i: search.rank_key(i, upper_bound(request.objective, c, opp_bound))
        for i, c in enumerate(cands)
    }
    waiting: dict[int, list[int]] = {}
    for loser, winner in skipped.items():
        waiting.setdefault(winner, []).append(loser)
    pending = sorted((i for i in range(len(cands)) if i not in skipped), key=bound_keys.__getitem__)
    keys: list[tuple[float, int, int, int, str]] = []
    pruned_bound = 0
    total = len(cands)
    while pending:
        threshold = keys[request.top - 1] if prune and len(keys) >= request.top else None
        wave: list[int] = []
        rest: list[int] = []
        for i in pending:
            if threshold is not None and bound_keys[i] > threshold:
                pruned_bound += 1
            elif len(wave) < WAVE:
                wave.append(i)
            else:
                rest.append(i)
        if wave:
            search.evaluate(wave)
        for i in wave:
            value = score(request.objective, request.aggregate, cands[i].cost, search.results[i])[0]
            keys.append(search.rank_key(i, value))
            if any(m.method != EXACT for m in search.results[i]) and i in waiting:
                # The proof behind these skips needs exact values: evaluate them after all.
                rest.extend(waiting.pop(i))
        keys.sort()
        pending = sorted(rest, key=bound_keys.__getitem__)
        if pending and deadline is not None and deadline.passed() is not None:
            raise DesignError(
                f"the search ran past its limit of {request.max_seconds:,} s after evaluating "
                f"{len(search.results):,} of {total:,} designs; narrow it (fewer upgrade "
                "activations, techs or materials) or raise max_seconds",
                path="max_seconds",
            )
        if progress is not None:
            done = len(search.results) + pruned_bound + sum(len(v) for v in waiting.values())
            progress(min(1.0, done / total) if total else 1.0)
    pruned_dominated = total - len(search.results) - pruned_bound
    return pruned_bound, pruned_dominated


def _result(
    search: _Search,
    t0: float,
    merged: int,
    wrecked: int,
    pruned_bound: int,
    pruned_dominated: int,
) -> DesignResult:
    request = search.request
    ranked = []
    methods: Counter[str] = Counter()
    for i, matchups in search.results.items():
        c = search.cands[i]
        value, win, attacker_wins, exchange = score(
            request.objective, request.aggregate, c.cost, matchups
        )
        method = _least_exact([m.method for m in matchups])
        methods[method] += 1
        ranked.append(
            (search.rank_key(i, value), c, value, win, attacker_wins, exchange, method, matchups)
        )
    ranked.sort(key=lambda item: item[0])
    designs = []
    for rank, (_, c, value, win, attacker_wins, exchange, method, matchups) in enumerate(
        ranked[: request.top], start=1
    ):
        groups = tuple(
            DesignGroup(g.blueprint, g.count, g.new, g.damage, g.activations) for g in c.groups
        )
        designs.append(
            RankedDesign(
                rank, groups, c.cost, c.activations, value, win, attacker_wins, exchange, method,
                matchups,
            )
        )  # fmt: skip
    return DesignResult(
        request=request,
        designs=tuple(designs),
        candidates=len(search.cands),
        evaluated=len(search.results),
        pruned_dominated=pruned_dominated,
        pruned_bound=pruned_bound,
        merged=merged,
        wrecked=wrecked,
        battles=search.solved,
        cache_hits=search.hits,
        methods=tuple((m, methods[m]) for m in METHODS if methods[m]),
        battle_methods=tuple(
            (m, search.battle_methods[m]) for m in METHODS if search.battle_methods[m]
        ),
        backend=search.runner.name,
        seconds=time.perf_counter() - t0,
    )
