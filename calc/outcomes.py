"""The one result builder: from the end states of battles to a ``BattleResult``.

Every solver ends here. The exact solver gives a distribution of end states, Monte Carlo counts
of end states; a sector of several sides chains its battles. ``Chain`` keeps the sector's running
account between battles (a ``Record``: who holds the sector with which ships, and every side's
``Tally``), applying the end-of-battle rules of ``calc.rules.accounting`` to each end state;
``sector_result`` turns the final records into the result (who holds the sector, survivors in
the sector and escaped, materials lost, reputation tiles drawn and the best tile from the bag,
population destroyed); ``battle_result`` does it for one two-sided battle.

**What the headline numbers mean.** ``attacker_wins`` is P(the attacker of the result holds the
sector): the side that fights the first battle as attacker (the last to enter; for two sides,
the non-defender). ``defender_wins`` is P(the defender holds it), stalemates included;
``draw`` is P(nobody holds it: the last battle's sides destroyed each other, by rift
self-damage). With more than two sides another attacker may hold the sector: the three then
add up to 1 minus that, and every side's ``holds_sector`` says who.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from blueprints import ShipClass, ShipStats, ancients_fight
from calc.battle.model import Battle, ShipGroup, Side
from calc.battle.result import BattleResult, GroupResult, Method, SideResult, SolverStats
from calc.rules.accounting import (
    EndState,
    Fate,
    Holder,
    battle_order,
    holder_after,
    ship_fate,
)
from calc.rules.battle_state import FIGHTING, can_retreat
from calc.rules.population import population_destroyed
from calc.rules.reputation import (
    DEFAULT_REPUTATION_BAG,
    MAX_REPUTATION_TILES,
    best_tiles,
    expected_value,
    ship_reputation,
    tiles_drawn,
)

NO_HOLDER = -1
Z95 = 1.959963984540054

PairGroups = tuple[tuple[ShipGroup, ...], tuple[ShipGroup, ...]]
"""The canonical groups of the attacker and the defender of one battle of the chain."""


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion.

    >>> [round(x, 4) for x in wilson_interval(50, 100)]
    [0.4038, 0.5962]
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class Tally:
    """One side's running account across the battles of the sector (per canonical group)."""

    escaped: tuple[int, ...]
    earned: int = 0
    fought: bool = False
    all_retreat: bool = False
    retreated: bool = False


@dataclass(frozen=True, slots=True)
class Record:
    """Where the sector stands between battles: who holds it with which ships (damage per
    ship, per canonical group), everyone's tally, and whether the last battle was a
    stalemate."""

    holder: int
    damage: tuple[tuple[int, ...], ...]
    tallies: tuple[Tally, ...]
    stalemate: bool = False


@dataclass(frozen=True, slots=True)
class Chain:
    """The sides (canonical) and their fights, with per side the index of each canonical group
    by stats and the reputation value of each group's ships (looked up once, not per end
    state)."""

    battle: Battle
    sides: tuple[Side, ...]
    lookups: tuple[dict[ShipStats, int], ...] = field(compare=False)
    reputations: tuple[tuple[int, ...], ...] = field(compare=False)

    @classmethod
    def of(cls, battle: Battle) -> Chain:
        sides = tuple(s.canonical() for s in battle.sides)
        return cls(
            battle,
            sides,
            tuple({g.stats: k for k, g in enumerate(s.groups)} for s in sides),
            tuple(tuple(ship_reputation(g.stats.ship_class) for g in s.groups) for s in sides),
        )

    def side_with(self, index: int, damage: tuple[tuple[int, ...], ...]) -> Side:
        """Side ``index`` with these ships (per canonical group) in the sector."""
        base = self.sides[index]
        groups = tuple(
            ShipGroup(g.stats, len(d), d, g.label, g.blueprint, g.npc_variant)
            for g, d in zip(base.groups, damage, strict=True)
            if d
        )
        return replace(base, groups=groups)

    @staticmethod
    def pair_groups(pair: Battle) -> PairGroups:
        """The canonical groups of both sides of a battle of the chain, in the order its end
        states list them (computed once per battle, not once per end state)."""
        return (pair.sides[0].canonical().groups, pair.sides[1].canonical().groups)

    def initial(self) -> Record:
        """The sector before its first battle: the first attacker 'holds' its own ships."""
        order = battle_order(self.battle)
        tallies = tuple(Tally(tuple(0 for _ in s.groups)) for s in self.sides)
        first = order[0]
        return Record(first, self._initial_damage(first), tallies)

    def _initial_damage(self, index: int) -> tuple[tuple[int, ...], ...]:
        return tuple(g.damage_per_ship for g in self.sides[index].groups)

    def opponent_side(self, opponent: int, holder: int) -> Side:
        """The opponent as it fights the holder: NPCs without their Ancients against Draco."""
        side = self.sides[opponent]
        if side.npc and not ancients_fight(self.sides[holder].species):
            kept = tuple(g for g in side.groups if g.stats.ship_class is not ShipClass.ANCIENT)
            side = replace(side, groups=kept)
        return side

    def pair(self, record: Record, opponent: int) -> Battle | None:
        """The battle the record leads to against ``opponent`` (None if there is none)."""
        if record.holder == NO_HOLDER or not any(record.damage):
            return None
        defender = self.opponent_side(opponent, record.holder)
        if defender.ship_count == 0:
            return None
        attacker = self.side_with(record.holder, record.damage)
        return Battle((attacker, defender), 1)

    def skip(self, record: Record, opponent: int) -> Record:
        """No battle: an empty sector passes to the next side; an empty side, or NPCs that do
        not fight the holder, change nothing."""
        if record.holder == NO_HOLDER or not any(record.damage):
            return replace(record, holder=opponent, damage=self._initial_damage(opponent))
        return record

    def after(self, record: Record, opponent: int, end: EndState, fought: PairGroups) -> Record:
        """The record after a battle of ``record.holder`` (attacking) against ``opponent``;
        ``fought`` is ``pair_groups`` of that battle. The fate of every ship and who holds the
        sector come from ``calc.rules.accounting``."""
        att, dfn = record.holder, opponent
        tallies = list(record.tallies)
        in_sector: dict[int, tuple[tuple[int, ...], ...]] = {}
        destroyed: dict[int, list[int]] = {}
        side_escapes = self.sides[att].can_retreat
        for index, full, pair_side in ((att, end.attacker, 0), (dfn, end.defender, 1)):
            groups, statuses, flags = full
            lookup = self.lookups[index]
            n_groups = len(self.sides[index].groups)
            escaped = list(tallies[index].escaped)
            sector: list[tuple[int, ...]] = [() for _ in range(n_groups)]
            killed = [0] * n_groups
            retreated = bool(flags[0])
            all_retreat = bool(flags[1])
            attacker = pair_side == 0
            for counts, status, group in zip(groups, statuses, fought[pair_side], strict=True):
                k = lookup[group.stats]
                alive = sum(counts)
                killed[k] += group.count - alive
                if not alive:
                    continue
                fate = ship_fate(
                    status,
                    stalemate=end.stalemate,
                    attacker=attacker,
                    can_escape=side_escapes and can_retreat(group.stats),
                )
                if fate is Fate.ESCAPE:
                    escaped[k] += alive
                    if status == FIGHTING:  # escaping at a stalemate: a retreat with all ships
                        retreated = all_retreat = True
                elif fate is Fate.STAY:
                    sector[k] = tuple(
                        d for d in range(len(counts) - 1, -1, -1) for _ in range(counts[d])
                    )
            in_sector[index] = tuple(sector)
            destroyed[index] = killed
            t = tallies[index]
            tallies[index] = Tally(
                escaped=tuple(escaped),
                earned=t.earned,
                fought=True,
                all_retreat=t.all_retreat or all_retreat,
                retreated=t.retreated or retreated,
            )
        for winner, loser in ((att, dfn), (dfn, att)):
            gained = sum(
                n * r for n, r in zip(destroyed[loser], self.reputations[loser], strict=True)
            )
            tallies[winner] = replace(tallies[winner], earned=tallies[winner].earned + gained)
        holder = holder_after(any(in_sector[att]), any(in_sector[dfn]), end.stalemate)
        if holder is Holder.DEFENDER:
            return Record(dfn, in_sector[dfn], tuple(tallies), end.stalemate)
        if holder is Holder.ATTACKER:
            return Record(att, in_sector[att], tuple(tallies), end.stalemate)
        return Record(NO_HOLDER, (), tuple(tallies), end.stalemate)


def records_of_battle(
    battle: Battle, ends: Iterable[tuple[EndState, float]]
) -> tuple[Chain, dict[Record, float]]:
    """The final records of a two-sided battle from its end states (with their weights)."""
    chain = Chain.of(battle)
    start = chain.initial()
    pair = chain.pair(start, battle.defender)
    records: dict[Record, float] = {}
    if pair is None:
        records[chain.skip(start, battle.defender)] = 1.0
        return chain, records
    fought = chain.pair_groups(pair)
    for end, weight in ends:
        r = chain.after(start, battle.defender, end, fought)
        records[r] = records.get(r, 0.0) + weight
    return chain, records


def sector_result(
    battle: Battle,
    chain: Chain,
    records: dict[Record, float],
    *,
    rounds: float,
    method: Method,
    why: str,
    stats: SolverStats,
    bag: Sequence[tuple[int, int]] | None = None,
    samples: int | None = None,
    optimal_approximated: bool = False,
    summary: bool = True,
) -> BattleResult:
    """The ``BattleResult`` of a battle or a sector from its final records (probabilities, or
    counts when ``samples`` is given: Monte Carlo's standard errors then come from them).

    ``summary=False`` gives the headline numbers only (who holds the sector, the draw and
    stalemate, every side's materials lost, retreats and ships saved, the standard errors) and
    leaves each side's survivor distributions, reputation tiles and population empty: for
    callers that evaluate thousands of battles and read only those (the fleet designer), where
    the reputation draws (``best_tiles``) alone cost as much as a small battle's solve.
    """
    total = float(sum(records.values()))
    n_sides = len(battle.sides)
    holds = np.zeros(n_sides)
    no_holder = 0.0
    stalemate = 0.0
    survivors = [[np.zeros(g.count + 1) for g in s.groups] for s in chain.sides]
    escaped = [[np.zeros(g.count + 1) for g in s.groups] for s in chain.sides]
    lost = np.zeros(n_sides)
    retreats = np.zeros(n_sides)
    saved = np.zeros(n_sides)
    tiles = [np.zeros(MAX_REPUTATION_TILES + 1) for _ in range(n_sides)]
    joint: dict[tuple[int, ...], float] = {}
    population = [np.zeros(s.population + 1) for s in chain.sides]
    for record, weight in records.items():
        p = weight / total
        if record.holder == NO_HOLDER:
            no_holder += p
        else:
            holds[record.holder] += p
        if record.stalemate:
            stalemate += p
        ks = []
        for i, (side, tally) in enumerate(zip(chain.sides, record.tallies, strict=True)):
            for k, group in enumerate(side.groups):
                gone = tally.escaped[k]
                left = len(record.damage[k]) if record.holder == i else 0
                survivors[i][k][left] += p
                escaped[i][k][gone] += p
                lost[i] += p * (group.count - left - gone) * group.stats.cost
            if tally.retreated:
                retreats[i] += p
            saved[i] += p * sum(tally.escaped)
            if not summary:
                continue
            n_tiles = tiles_drawn(
                tally.earned,
                took_part=tally.fought,
                participation=not tally.all_retreat,
                npc=side.npc,
            )
            tiles[i][n_tiles] += p
            ks.append(n_tiles)
        if not summary:
            continue
        key = tuple(ks)
        joint[key] = joint.get(key, 0.0) + p
        for i, side in enumerate(chain.sides):
            if side.population == 0:
                continue
            if record.holder in (NO_HOLDER, i):
                population[i][0] += p
                continue
            holder = chain.sides[record.holder]
            ships = [(g.stats, len(d)) for g, d in zip(holder.groups, record.damage, strict=True)]
            population[i] += p * population_destroyed(ships, holder, side, side.population)
    best = best_tiles(joint, bag if bag is not None else DEFAULT_REPUTATION_BAG) if summary else []

    def se(p: float) -> float:
        return math.sqrt(max(p * (1 - p), 0.0) / samples) if samples else 0.0

    side_results = []
    for i, side in enumerate(chain.sides):
        reputation = summary and not side.npc
        groups = []
        for k, group in enumerate(side.groups if summary else ()):
            dist = survivors[i][k]
            group_se = tuple(se(float(x)) for x in dist) if samples else ()
            groups.append(GroupResult.of(group, dist, group_se, escaped[i][k]))
        side_results.append(
            SideResult(
                name=side.name,
                policy=side.policy,
                npc=side.npc,
                wins=float(holds[i]),
                groups=tuple(groups),
                expected_material_lost=float(lost[i]),
                reputation_tiles=tuple(float(x) for x in tiles[i]) if summary else (),
                retreats=float(retreats[i]),
                expected_saved=float(saved[i]),
                holds_sector=float(holds[i]),
                population_destroyed=tuple(float(x) for x in population[i])
                if side.population and summary
                else (),
                reputation_best=tuple(float(x) for x in best[i]) if reputation else (),
                expected_best=expected_value(best[i]) if reputation else None,
            )
        )
    defender = battle.defender
    attacker = battle_order(battle)[0]
    p_def = float(holds[defender])
    p_att = float(holds[attacker])
    errors = None
    interval = None
    if samples:
        errors = {
            "attacker_wins": se(p_att),
            "defender_wins": se(p_def),
            "draw": se(no_holder),
            "stalemate": se(stalemate),
        }
        interval = wilson_interval(p_att * samples, samples)
    return BattleResult(
        attacker_wins=p_att,
        defender_wins=p_def,
        draw=float(no_holder),
        stalemate=float(stalemate),
        expected_rounds=rounds,
        sides=tuple(side_results),
        attacker=attacker,
        defender=defender,
        method=method,
        why=why,
        stats=stats,
        standard_error=errors,
        interval=interval,
        optimal_approximated=optimal_approximated,
        npc_reading=battle.npc_reading,
    )


def battle_result(
    battle: Battle,
    ends: Iterable[tuple[EndState, float]],
    *,
    rounds: float,
    method: Method,
    why: str,
    stats: SolverStats,
    samples: int | None = None,
    optimal_approximated: bool = False,
    bag: Sequence[tuple[int, int]] | None = None,
) -> BattleResult:
    """The ``BattleResult`` of one two-sided battle from its end states and their weights."""
    chain, records = records_of_battle(battle, ends)
    return sector_result(
        battle,
        chain,
        records,
        rounds=rounds,
        method=method,
        why=why,
        stats=stats,
        bag=bag,
        samples=samples,
        optimal_approximated=optimal_approximated,
    )
