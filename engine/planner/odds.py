"""The planner's odds: calc's ladder on small budgets, cached, the same in every process.

Every battle the planner considers (an attack it might make, a sector it might have to defend,
the rest of a battle it is fighting, a blueprint upgrade it ranks) is a ``calc.Battle``, most
built by ``engine.battle_view.sector_battle``; ``OddsBook.odds`` answers it with ``calc.odds``.
The budget is small because a bot asks hundreds of such questions in a game: the exact solver
takes a battle of at most ``PlannerBudget.max_states`` states (estimated before solving),
anything larger is simulated with ``mc_samples`` Monte Carlo sectors, and so is every battle
with a Morph Shield (its exact solution iterates until the values settle, which the ladder's
time estimate does not count: a few thousand states can take seconds).

**The same answer everywhere.** The Monte Carlo seed comes from the battle's own content
(``calc.design_eval.battle_seed``, as the fleet designer does), so a battle gets the same numbers
whether it is solved now, taken from the cache or solved in another process. The results are
therefore kept in one cache for the whole process (every planner seat, every game a league
worker plays), keyed by the battle and the budget: the planner is deterministic given the game
seed, cache or no cache. The reputation bag is left out of the question (calc's default bag):
the planner weighs the tiles it may draw with the game's bag itself (``best_tile_gain``), so a
battle's answer does not change every time a tile leaves the bag.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from calc import Battle, BattleError, BattleResult, Budget, SideResult, odds
from calc.design import battle_seed
from calc.rules import best_of_draw
from engine.battle_view import sector_battle, sector_sides
from engine.hexes import Hex
from engine.state import GameState


@dataclass(frozen=True, slots=True)
class PlannerBudget:
    """How much work one odds question may take.

    ``max_states``: the largest battle (in states) solved exactly; ``max_seconds``: the exact
    solver's estimated time limit; ``mc_samples``: Monte Carlo sectors for larger battles.
    """

    max_states: int = 800
    max_seconds: float = 0.05
    mc_samples: int = 800

    @property
    def ladder(self) -> Budget:
        """The ``calc.odds`` budget these limits stand for."""
        return Budget(
            max_states=self.max_states, max_seconds=self.max_seconds, mc_samples=self.mc_samples
        )


CACHE_SIZE = 50_000
"""Answers kept for the whole process (the least recently used ones go first)."""
_cache: OrderedDict[tuple[Battle, PlannerBudget], BattleResult] = OrderedDict()


def clear_cache() -> None:
    """Forget every cached answer (tests and benchmarks use it)."""
    _cache.clear()


@dataclass(frozen=True, slots=True)
class SectorOdds:
    """The odds of a sector's combat and who its sides are (``keys``: a seat, or ``NPC``, in
    the order of ``result.sides``)."""

    result: BattleResult
    keys: tuple[int, ...]

    def of(self, side: int) -> SideResult | None:
        """The result of one side (a seat or ``NPC``), or ``None`` if it is not there."""
        if side not in self.keys:
            return None
        return self.result.sides[self.keys.index(side)]

    def holds(self, side: int) -> float:
        """P(the side's ships are the ones left in the sector)."""
        found = self.of(side)
        return 0.0 if found is None else found.holds_sector


class OddsBook:
    """Odds of battles (``odds``) and of a sector's combat in a game state (``sector``), from
    the process-wide cache. ``solved`` counts the battles this book solved, ``hits`` the answers
    it took from the cache."""

    def __init__(self, budget: PlannerBudget | None = None) -> None:
        self.budget = budget or PlannerBudget()
        self._ladder = self.budget.ladder
        self.solved = 0
        self.hits = 0

    def odds(self, battle: Battle) -> BattleResult:
        """The odds of a battle (or a whole sector)."""
        key = (battle, self.budget)
        found = _cache.get(key)
        if found is not None:
            self.hits += 1
            _cache.move_to_end(key)
            return found
        seed = battle_seed(battle, 0)
        if any(g.stats.morph for side in battle.sides for g in side.groups):
            result = odds(battle, "monte-carlo", samples=self.budget.mc_samples, seed=seed)
        else:
            result = odds(battle, budget=self._ladder, seed=seed)
        self.solved += 1
        _cache[key] = result
        if len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
        return result

    def try_odds(self, battle: Battle) -> BattleResult | None:
        """``odds``, or ``None`` for a battle calc does not model (``BattleError``: e.g. Draco's
        population in a sector whose Ancients defend)."""
        try:
            return self.odds(battle)
        except BattleError:
            return None

    def sector(self, state: GameState, where: Hex) -> SectorOdds | None:
        """The odds of the combat due in a sector, or ``None`` when it has no battle calc can
        model (one side only; Draco with other players and Ancients, or Draco's population
        where Ancients defend)."""
        sector = state.sector(where)
        if sector is None:
            return None
        try:
            battle = sector_battle(state, where)
            result = self.odds(battle)
        except BattleError:
            return None
        # sector_battle lists the sides in the order of sector_sides (the NPCs last).
        keys, _ = sector_sides(state, sector)
        return SectorOdds(result, keys)


def best_tile_gain(state: GameState, side: SideResult, low: int | None) -> float:
    """Expected points the side's reputation draws add to its track, drawn from the game's
    bag: the best tile of those it draws, or (``low`` given: a full track) its gain over the
    track's lowest tile ``low``."""
    bag = state.reputation_bag
    total = 0.0
    for k, p in enumerate(side.reputation_tiles):
        if not p or not k:
            continue
        dist = best_of_draw(bag, k)
        floor = 0 if low is None else low
        total += p * sum(max(0, v - floor) * q for v, q in enumerate(dist))
    return total
