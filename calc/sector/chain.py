"""The whole combat of one sector: battles two at a time, then population and reputation.

**Order** (official rules, "Determine Battles"): battles are fought two at a time in reverse
order of entry; in each, the side that entered first defends and the later one attacks. The
side controlling the sector, and the NPCs, always defend and fight last. The survivors of one
battle, with their damage, fight the next; ships that retreated have left the sector. A side
with no ships left in the sector is out; if a battle leaves no ships at all, the next side in
line simply stays.

**Exactly:** each battle is solved for every distinct state its survivors can arrive in, and
the distribution of end states feeds the next battle (records of every side's tallies are
carried along, so reputation and population are exact too). **Monte Carlo:** the same chain,
each battle simulated for the samples that reach it in each state.

Afterwards the side left in the sector attacks the others' population and every side draws
reputation tiles (``calc.rules.population``, ``calc.rules.reputation``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

import numpy as np

from blueprints import ShipStats, ship_class_info
from calc.battle.model import Battle, Policy, ShipGroup, Side
from calc.battle.result import BattleResult, GroupResult, Method, SideResult, SolverStats
from calc.errors import BattleError, TooLargeError
from calc.exact.solver import ExactSolver
from calc.montecarlo.simulator import MonteCarlo
from calc.rules.accounting import MAX_REPUTATION_TILES, EndState
from calc.rules.battle_state import LEFT, RETREATING, FullSideState
from calc.rules.population import population_destroyed
from calc.rules.reputation import DEFAULT_REPUTATION_BAG, best_tiles, expected_value

NO_HOLDER = -1

PairGroups = tuple[tuple[ShipGroup, ...], tuple[ShipGroup, ...]]
"""The canonical groups of the attacker and the defender of one battle of the chain."""


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


def battle_order(battle: Battle) -> list[int]:
    """Side indices in the order they enter the chain: the last entrant first, then earlier
    entrants, the defender (controller or NPCs) last."""
    attackers = [i for i in range(len(battle.sides)) if i != battle.defender]
    return [*reversed(attackers), battle.defender]


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
            tuple(
                tuple(ship_class_info(g.stats.ship_class).reputation for g in s.groups)
                for s in sides
            ),
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
        order = battle_order(self.battle)
        tallies = tuple(Tally(tuple(0 for _ in s.groups)) for s in self.sides)
        first = order[0]
        return Record(first, self._initial_damage(first), tallies)

    def _initial_damage(self, index: int) -> tuple[tuple[int, ...], ...]:
        return tuple(g.damage_per_ship for g in self.sides[index].groups)

    def pair(self, record: Record, opponent: int) -> Battle | None:
        """The battle the record leads to against ``opponent`` (None if there is none)."""
        if record.holder == NO_HOLDER or not any(record.damage):
            return None
        if self.sides[opponent].ship_count == 0:
            return None
        attacker = self.side_with(record.holder, record.damage)
        defender = self.sides[opponent]
        return Battle((attacker, defender), 1)

    def skip(self, record: Record, opponent: int) -> Record:
        """No battle: an empty sector passes to the next side; an empty side changes nothing."""
        if record.holder == NO_HOLDER or not any(record.damage):
            return replace(record, holder=opponent, damage=self._initial_damage(opponent))
        return record

    def after(self, record: Record, opponent: int, end: EndState, fought: PairGroups) -> Record:
        """The record after a battle of ``record.holder`` (attacking) against ``opponent``;
        ``fought`` is ``pair_groups`` of that battle."""
        att, dfn = record.holder, opponent
        tallies = list(record.tallies)
        in_sector: dict[int, tuple[tuple[int, ...], ...]] = {}
        destroyed: dict[int, list[int]] = {}
        escapes = self.sides[att].can_retreat
        for index, full, pair_side in ((att, end.attacker, 0), (dfn, end.defender, 1)):
            groups, statuses, flags = full
            lookup = self.lookups[index]
            pair_groups = fought[pair_side]
            n_groups = len(self.sides[index].groups)
            escaped = list(tallies[index].escaped)
            sector: list[tuple[int, ...]] = [() for _ in range(n_groups)]
            killed = [0] * n_groups
            stalemate_loss = end.stalemate and pair_side == 0
            retreated = bool(flags[0])
            all_retreat = bool(flags[1])
            for counts, status, group in zip(groups, statuses, pair_groups, strict=True):
                k = lookup[group.stats]
                alive = sum(counts)
                killed[k] += group.count - alive
                ship_damage = tuple(
                    d for d in range(len(counts) - 1, -1, -1) for _ in range(counts[d])
                )
                if status in (LEFT, RETREATING):
                    escaped[k] += alive
                elif stalemate_loss:
                    if escapes and alive:
                        escaped[k] += alive
                        retreated = all_retreat = True
                else:
                    sector[k] = ship_damage
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
        a_left = any(in_sector[att])
        d_left = any(in_sector[dfn])
        if end.stalemate or (d_left and not a_left):
            holder, damage = dfn, in_sector[dfn]
        elif a_left and not d_left:
            holder, damage = att, in_sector[att]
        else:
            holder, damage = NO_HOLDER, ()
        return Record(holder, damage, tuple(tallies), end.stalemate)


# ----- solving one battle of the chain -----------------------------------------------------


@lru_cache(maxsize=4096)
def _exact_ends(battle: Battle) -> tuple[tuple[EndState, ...], float, int]:
    solution = ExactSolver(battle).solution()
    return solution.ends, solution.rounds, solution.stats.states


def _exact_ends_timed(
    battle: Battle, deadline: float | None, progress: Callable[[float], None] | None
) -> tuple[tuple[EndState, ...], float, int]:
    """``_exact_ends`` within a wall-clock deadline, reporting progress if asked."""
    if deadline is None and progress is None:
        return _exact_ends(battle)
    remaining = None if deadline is None else max(0.0, deadline - time.perf_counter())
    solution = ExactSolver(battle, time_budget=remaining, progress=progress).solution()
    return solution.ends, solution.rounds, solution.stats.states


def _mc_ends(
    battle: Battle, rng: np.random.Generator, n: int
) -> tuple[list[tuple[EndState, int]], float]:
    """Simulate ``n`` battles and return the distinct end states with their counts (found
    with NumPy: one row of counts per simulated battle, then ``np.unique``)."""
    mc = MonteCarlo(battle)
    c = mc.chunk(rng, n, details=True)
    assert c.damage is not None and c.status is not None
    columns: list[np.ndarray] = []
    for s in (0, 1):
        spec = mc.specs[s]
        groups = mc.arrays[s]["grp"]
        dmg = c.damage[s]
        for g, hull in enumerate(spec.hulls):
            ships = dmg[:, groups == g]
            for d in range(hull + 1):
                columns.append((ships == d).sum(axis=1))
        columns.extend(c.status[s][:, g] for g in range(len(spec.hulls)))
        columns.append(c.retreated[:, s].astype(np.int64))
        columns.append((~c.participated[:, s]).astype(np.int64))
    columns.append((c.winner >= 3).astype(np.int64))
    table = np.stack(columns, axis=1) if columns else np.zeros((n, 0), dtype=np.int64)
    rows, counts = np.unique(table, axis=0, return_counts=True)
    out: list[tuple[EndState, int]] = []
    for row, count in zip(rows.tolist(), counts.tolist(), strict=True):
        pos = 0
        sides: list[FullSideState] = []
        for s in (0, 1):
            spec = mc.specs[s]
            per_group = []
            for hull in spec.hulls:
                per_group.append(tuple(row[pos : pos + hull + 1]))
                pos += hull + 1
            statuses = tuple(
                row[pos + g] if sum(per_group[g]) else 0 for g in range(len(spec.hulls))
            )
            pos += len(spec.hulls)
            flags = (row[pos], row[pos + 1])
            pos += 2
            sides.append((tuple(per_group), statuses, flags))
        out.append((EndState(sides[0], sides[1], 1.0, bool(row[pos])), count))
    return out, float(c.rounds.mean()) if n else 0.0


# ----- the sector ----------------------------------------------------------------------------


def solve_sector(
    battle: Battle,
    *,
    method: str = "exact",
    rng: np.random.Generator | None = None,
    samples: int = 40_000,
    bag: Sequence[tuple[int, int]] | None = None,
    progress: Callable[[float], None] | None = None,
    time_budget: float | None = None,
) -> BattleResult:
    """The combat of a whole sector (any number of sides) exactly or by Monte Carlo.

    Exactly, ``time_budget`` (seconds) bounds the whole chain: past it ``TooLargeError``.
    """
    t0 = time.perf_counter()
    deadline = None if time_budget is None else t0 + time_budget
    single = len(battle.sides) == 2
    chain = Chain.of(battle)
    order = battle_order(battle)
    exact = method == "exact"
    total = 1.0 if exact else float(samples)
    weights: dict[Record, float] = {chain.initial(): total}
    rounds = 0.0
    states = 0
    generator = rng if rng is not None else np.random.default_rng()
    approximated = False
    for step, opponent in enumerate(order[1:]):
        nxt: dict[Record, float] = {}
        for record, w in weights.items():
            pair = chain.pair(record, opponent)
            if pair is None:
                r2 = chain.skip(record, opponent)
                nxt[r2] = nxt.get(r2, 0.0) + w
                continue
            if exact:
                ends, pair_rounds, pair_states = _exact_ends_timed(
                    pair, deadline, progress if single else None
                )
                states += pair_states
                rounds += w * pair_rounds
                groups = chain.pair_groups(pair)
                for end in ends:
                    r2 = chain.after(record, opponent, end, groups)
                    nxt[r2] = nxt.get(r2, 0.0) + w * end.p
            else:
                n = round(w)
                if n == 0:
                    continue
                approximated |= any(s.policy is Policy.OPTIMAL or s.retreats for s in pair.sides)
                counted, mean_rounds = _mc_ends(pair, generator, n)
                rounds += n * mean_rounds
                groups = chain.pair_groups(pair)
                for end, count in counted:
                    r2 = chain.after(record, opponent, end, groups)
                    nxt[r2] = nxt.get(r2, 0.0) + count
        weights = nxt
        if deadline is not None and time.perf_counter() > deadline:
            raise TooLargeError("the sector's battles ran past the time budget")
        if progress is not None:
            progress((step + 1) / max(1, len(order) - 1))
    probabilities = {r: w / total for r, w in weights.items()}
    result = summarise_sector(
        battle,
        chain,
        probabilities,
        rounds / total,
        bag if bag is not None else DEFAULT_REPUTATION_BAG,
        samples=None if exact else samples,
    )
    seconds = time.perf_counter() - t0
    if single:
        why = f"{states:,} states" if exact else f"{samples:,} simulated battles"
    elif exact:
        why = f"sector of {len(battle.sides)} sides, {states:,} battle states solved exactly"
    else:
        why = f"sector of {len(battle.sides)} sides, {samples:,} simulated sectors"
    if approximated:
        why += "; optimal play and retreats approximated (greedy, strength-share rule)"
    return replace(
        result,
        method=Method.EXACT if exact else Method.MONTE_CARLO,
        why=why,
        stats=SolverStats(states=states, seconds=seconds, samples=0 if exact else samples),
        optimal_approximated=approximated,
    )


def summarise_sector(
    battle: Battle,
    chain: Chain,
    records: dict[Record, float],
    rounds: float,
    bag: Sequence[tuple[int, int]],
    samples: int | None,
) -> BattleResult:
    """The ``BattleResult`` of a sector from the final records."""
    n_sides = len(battle.sides)
    holds = np.zeros(n_sides)
    no_holder = 0.0
    stalemate = 0.0
    survivors = [[np.zeros(g.count + 1) for g in s.groups] for s in chain.sides]
    lost = np.zeros(n_sides)
    retreats = np.zeros(n_sides)
    saved = np.zeros(n_sides)
    tiles = [np.zeros(MAX_REPUTATION_TILES + 1) for _ in range(n_sides)]
    joint: dict[tuple[int, ...], float] = {}
    population = [np.zeros(s.population + 1) for s in chain.sides]
    for record, p in records.items():
        if record.holder == NO_HOLDER:
            no_holder += p
        else:
            holds[record.holder] += p
        if record.stalemate:
            stalemate += p
        ks = []
        for i, (side, tally) in enumerate(zip(chain.sides, record.tallies, strict=True)):
            for k, group in enumerate(side.groups):
                left = tally.escaped[k]
                if record.holder == i:
                    left += len(record.damage[k])
                survivors[i][k][left] += p
                lost[i] += p * (group.count - left) * group.stats.cost
            if tally.retreated:
                retreats[i] += p
            saved[i] += p * sum(tally.escaped)
            if side.npc or not tally.fought:
                n_tiles = 0
            else:
                n_tiles = min(MAX_REPUTATION_TILES, tally.earned + (0 if tally.all_retreat else 1))
            tiles[i][n_tiles] += p
            ks.append(n_tiles)
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
    best = best_tiles(joint, bag) if joint else [np.zeros(5) for _ in range(n_sides)]

    def se(p: float) -> float:
        return math.sqrt(max(p * (1 - p), 0.0) / samples) if samples else 0.0

    side_results = []
    for i, side in enumerate(chain.sides):
        groups = []
        for k, group in enumerate(side.groups):
            dist = survivors[i][k]
            group_se = tuple(se(float(x)) for x in dist) if samples else ()
            groups.append(GroupResult.of(group, dist, group_se))
        side_results.append(
            SideResult(
                name=side.name,
                policy=side.policy,
                npc=side.npc,
                wins=float(holds[i]),
                groups=tuple(groups),
                expected_material_lost=float(lost[i]),
                reputation_tiles=tuple(float(x) for x in tiles[i]),
                retreats=float(retreats[i]),
                expected_saved=float(saved[i]),
                holds_sector=float(holds[i]),
                population_destroyed=tuple(float(x) for x in population[i])
                if side.population
                else (),
                reputation_best=tuple(float(x) for x in best[i]) if not side.npc else (),
                expected_best=None if side.npc else expected_value(best[i]),
            )
        )
    defender = battle.defender
    p_def = float(holds[defender])
    p_att = float(sum(holds)) - p_def
    attacker = battle_order(battle)[0]
    errors = None
    interval = None
    if samples:
        from calc.montecarlo.simulator import wilson_interval

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
        method=Method.EXACT,
        why="",
        stats=SolverStats(),
        standard_error=errors,
        interval=interval,
    )


def check_population(battle: Battle) -> None:
    """Only the side controlling the sector has population in it."""
    for i, s in enumerate(battle.sides):
        if s.population and i != battle.defender:
            raise BattleError(
                f"side {s.name!r} has population in the sector but does not control it; only "
                f"the defender ({battle.sides[battle.defender].name!r}) can have population"
            )
