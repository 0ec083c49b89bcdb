"""Monte Carlo battle simulation: the fallback for battles too large to solve exactly.

It follows exactly the rules of the exact solver: the compiled loop (``calc.montecarlo.kernels``)
takes every combat rule from ``calc.rules``, and the end states it reports are accounted by the
same code as the exact solver's (``calc.outcomes``), so survivors, reputation and the headline
probabilities mean the same. Sides play the ``npc`` and ``greedy`` policies; a side asking for
``optimal`` play is simulated with ``greedy`` and the result says so (``optimal_approximated``).

Every run takes a ``numpy.random.Generator``: the same seed gives the same numbers. The result
carries the number of battles simulated, a standard error for every probability, and the 95%
Wilson interval of P(attacker wins). Optionally the run stops as soon as the standard error of
P(attacker wins) is at most ``target_se``, or when a time budget is spent (always after at least
one chunk). Battles are simulated in chunks of at most ``CHUNK``, so memory does not grow with
the sample count.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np

from calc.battle.model import Battle, NpcReading, Policy, RetreatPolicy, Side
from calc.battle.result import BattleResult, Method, SolverStats
from calc.errors import BattleError
from calc.montecarlo.kernels import (
    FLOAT_ROWS,
    GROUP_ROWS,
    DiceKind,
    End,
    FloatRow,
    GroupRow,
    McOutput,
    McTables,
    Spread,
    empty_output,
    simulate,
)
from calc.outcomes import battle_result, wilson_interval
from calc.rules.accounting import EndState
from calc.rules.assignment import hit_reading
from calc.rules.battle_state import FullSideState, SideSpec, Slot, can_retreat, engagement_order
from calc.rules.dice import DIE_COLOURS, hit_threshold
from calc.rules.stalemate import cannon_max_damage
from calc.rules.targeting import SHIP_DAMAGE, SHIP_GROUP

__all__ = [
    "CHUNK",
    "DEFAULT_SAMPLES",
    "MAX_ROUNDS",
    "MonteCarlo",
    "simulate_battle",
    "wilson_interval",
]

DEFAULT_SAMPLES = 100_000
CHUNK = 20_000
"""Battles per call of the compiled loop (its outputs are a few hundred bytes per battle)."""
MAX_ROUNDS = 100_000
"""A safety net only: the stalemate rule ends every battle that could never end."""


def mc_policy(side: Side) -> Policy:
    """The policy Monte Carlo plays for a side: ``greedy`` in place of ``optimal``."""
    return Policy.GREEDY if side.policy is Policy.OPTIMAL else side.policy


def simulated_battle(battle: Battle) -> Battle:
    """The battle Monte Carlo plays: every side's policy as ``mc_policy`` gives it."""
    return Battle(tuple(replace(s, policy=mc_policy(s)) for s in battle.sides), battle.defender)


def _retreat_threshold(side: Side) -> float:
    """The strength share below which the simulated side retreats (-1: never).

    Monte Carlo cannot look up the solver's probability of winning, so it approximates it by
    the side's share of firepower x durability in the sector. ``threshold`` compares that share
    with ``below``; ``optimal`` retreats when the share falls below 1/2. Results say so.
    """
    if not side.retreats:
        return -1.0
    if side.retreat.policy is RetreatPolicy.THRESHOLD:
        return side.retreat.below
    return 0.5


@dataclass
class Sample:
    """End states counted over simulated battles, with the rounds they took."""

    counts: dict[EndState, int] = field(default_factory=dict)
    battles: int = 0
    attacker_wins: int = 0
    rounds: int = 0
    rounds_squared: float = 0.0
    cut: int = 0


_ROW_WEIGHTS = np.random.default_rng(20261201).integers(1, 2**62, size=4096, dtype=np.int64)
"""Fixed random weights that hash a row of small integers into one int64 (wrapping)."""


def distinct_rows(table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of an integer table and how often each occurs.

    Rows are hashed to one int64 each (a dot product with fixed random weights), the hashes are
    made unique (fast, one dimension), and every row is checked against its group's first row;
    only if two different rows ever shared a hash does it fall back to ``np.unique(axis=0)``.
    The result is exact either way."""
    if table.shape[1] > len(_ROW_WEIGHTS) or table.shape[0] == 0:
        rows, counts = np.unique(table, axis=0, return_counts=True)
        return rows, counts
    keys = np.zeros(table.shape[0], dtype=np.int64)
    for j in range(table.shape[1]):
        keys += table[:, j] * _ROW_WEIGHTS[j]  # wraps around: a hash, checked below
    _, first, inverse, counts = np.unique(
        keys, return_index=True, return_inverse=True, return_counts=True
    )
    rows = table[first]
    if not np.array_equal(rows[inverse], table):
        rows, counts = np.unique(table, axis=0, return_counts=True)
    return rows, counts


class MonteCarlo:
    """One battle prepared for the compiled loop; ``sample`` counts end states and ``run``
    simulates and summarises."""

    def __init__(self, battle: Battle) -> None:
        if len(battle.sides) != 2:
            raise BattleError("Monte Carlo of one battle takes two sides")
        self.battle = battle
        self.requested = (battle.attacker_side.canonical(), battle.defender_side.canonical())
        self.approximated = any(s.policy is Policy.OPTIMAL for s in self.requested)
        sides = tuple(replace(s, policy=mc_policy(s)) for s in self.requested)
        self.sides = sides
        self.specs = (SideSpec.of(sides[0]), SideSpec.of(sides[1]))
        self.retreat_approximated = any(s.retreats for s in sides)
        slots = engagement_order(sides[0], sides[1])
        self.first_round = sum(1 for s in slots if s.missiles)
        self.tables = self._tables(slots)
        self.max_hits = self._max_hits()

    def _tables(self, slots: tuple[Slot, ...]) -> McTables:
        """Both sides in the same arrays, side first, padded to the larger side (the layout of
        ``calc.montecarlo.kernels``)."""
        specs = self.specs
        counts = [sum(spec.counts) for spec in specs]
        ships = max(1, *counts)
        width = max(1, *(len(spec.hulls) for spec in specs))
        start_ships = np.zeros((2, 2, ships), dtype=np.int64)
        groups = np.zeros((2, GROUP_ROWS, width), dtype=np.int64)
        floats = np.zeros((FLOAT_ROWS, width), dtype=np.float64)
        dice = np.zeros((2, len(DiceKind), width, len(DIE_COLOURS)), dtype=np.int64)
        need = np.zeros((2, width, width), dtype=np.int64)
        for side, (spec, own) in enumerate(zip(specs, self.sides, strict=True)):
            enemy = specs[1 - side]
            greedy_enemy = self.sides[1 - side].policy is Policy.GREEDY
            s = 0
            for g, (group, stats) in enumerate(zip(own.groups, spec.stats, strict=True)):
                for d in group.damage_per_ship:
                    start_ships[side, SHIP_GROUP, s] = g
                    start_ships[side, SHIP_DAMAGE, s] = d
                    s += 1
                groups[side, GroupRow.HULL, g] = stats.hull
                groups[side, GroupRow.RIFT, g] = stats.rift_dice > 0
                groups[side, GroupRow.MORPH, g] = stats.morph
                groups[side, GroupRow.ROUND_DAMAGE, g] = cannon_max_damage(stats.cannons)
                groups[side, GroupRow.RETREATS, g] = can_retreat(stats)
                for kind, kit in (
                    (DiceKind.MISSILES, stats.missiles),
                    (DiceKind.CANNONS, stats.cannons),
                ):
                    dice[side, kind, g] = [kit.count(c) for c in DIE_COLOURS]
                    groups[side, GroupRow.DICE + kind, g] = kit.total
                floats[FloatRow.RANK + side, g] = spec.threats[g] if greedy_enemy else spec.sizes[g]
                floats[FloatRow.SIZE + side, g] = spec.sizes[g]
                floats[FloatRow.FIREPOWER + side, g] = spec.threats[g] / 1000.0
                for h, target in enumerate(enemy.stats):
                    need[side, g, h] = hit_threshold(stats.computer, target.shield)
        # The NPC rule's reading: of the hits a side assigns by rule, and of its rift self-damage.
        spread = np.zeros((2, len(Spread)), dtype=np.bool_)
        for side, own in enumerate(self.sides):
            spread[side, Spread.HITS] = hit_reading(own) is NpcReading.SPREAD
            spread[side, Spread.SELF] = own.npc_reading is NpcReading.SPREAD
        return McTables(
            start_ships=start_ships,
            n_ships=np.array(counts, dtype=np.int64),
            start_groups=groups,
            floats=floats,
            dice=dice,
            need=need,
            slot_side=np.array([s.side for s in slots], dtype=np.int64),
            slot_group=np.array([s.group for s in slots], dtype=np.int64),
            splitter=np.array([s.antimatter_splitter for s in self.sides], dtype=np.bool_),
            retreat_below=np.array([_retreat_threshold(s) for s in self.sides], dtype=np.float64),
            spread=spread,
        )

    def _max_hits(self) -> int:
        """The most hits one volley can have: a type's dice (red dice split into four hits)."""
        most = 1
        for spec in self.specs:
            for stats, n in zip(spec.stats, spec.counts, strict=True):
                for kit in (stats.missiles, stats.cannons):
                    most = max(most, n * (kit.total + 3 * kit.red))
        return most

    def chunk(self, rng: np.random.Generator, n: int) -> McOutput:
        """Simulate ``n`` battles (see ``McOutput``)."""
        out = empty_output(n, self.tables.start_ships.shape[2], self.tables.start_groups.shape[2])
        simulate(rng, n, self.tables, self.first_round, MAX_ROUNDS, self.max_hits, out)
        return out

    def end_states(self, out: McOutput) -> list[tuple[EndState, int]]:
        """The distinct end states of simulated battles with their counts: one row per battle
        of per-ship damage sorted within each group (a destroyed ship marked hull + 1),
        statuses, flags and the stalemate marks, then ``distinct_rows``."""
        n = out.end.shape[0]
        layout = []
        width = 2
        for spec in self.specs:
            width += sum(spec.counts) + len(spec.hulls) + 2
            layout.append(list(zip(spec.counts, spec.hulls, strict=True)))
        table = np.empty((n, width), dtype=np.int64)
        col = 0
        for side, per_side in enumerate(layout):
            start = 0
            for count, hull in per_side:
                block = table[:, col : col + count]
                np.minimum(out.damage[:, side, start : start + count], hull + 1, out=block)
                block.sort(axis=1)
                col += count
                start += count
            n_groups = len(per_side)
            table[:, col : col + n_groups] = out.status[:, side, :n_groups]
            col += n_groups
            table[:, col : col + 2] = out.flags[:, side, :]
            col += 2
        table[:, col] = out.end == End.STALEMATE
        table[:, col + 1] = out.end == End.UNFINISHED
        rows, counts = distinct_rows(table)
        found: list[tuple[EndState, int]] = []
        for row, count in zip(rows.tolist(), counts.tolist(), strict=True):
            pos = 0
            sides: list[FullSideState] = []
            for per_side in layout:
                groups: list[tuple[int, ...]] = []
                for count_ships, hull in per_side:
                    levels = [0] * (hull + 1)
                    for d in row[pos : pos + count_ships]:
                        if d <= hull:
                            levels[d] += 1
                    groups.append(tuple(levels))
                    pos += count_ships
                statuses = tuple(
                    row[pos + g] if sum(groups[g]) else 0 for g in range(len(per_side))
                )
                pos += len(per_side)
                flags = (row[pos], row[pos + 1])
                pos += 2
                sides.append((tuple(groups), statuses, flags))
            # A battle cut at the round cap counts as a stalemate (the defender holds).
            stalemate = bool(row[pos] or row[pos + 1])
            found.append((EndState(sides[0], sides[1], 1.0, stalemate), count))
        return found

    def sample(
        self,
        rng: np.random.Generator,
        n: int,
        into: Sample | None = None,
    ) -> Sample:
        """Simulate ``n`` battles in chunks and count their end states (into ``into``)."""
        acc = into if into is not None else Sample()
        done = 0
        while done < n:
            k = min(CHUNK, n - done)
            out = self.chunk(rng, k)
            for end, count in self.end_states(out):
                acc.counts[end] = acc.counts.get(end, 0) + count
            acc.battles += k
            acc.attacker_wins += int((out.end == End.ATTACKER).sum())
            acc.rounds += int(out.rounds.sum())
            acc.rounds_squared += float((out.rounds.astype(np.float64) ** 2).sum())
            acc.cut += int((out.end == End.UNFINISHED).sum())
            done += k
        return acc

    def run(
        self,
        rng: np.random.Generator,
        samples: int | None = None,
        *,
        target_se: float | None = None,
        time_budget: float | None = None,
        min_samples: int = 2_000,
        progress: Callable[[float], None] | None = None,
    ) -> BattleResult:
        """Simulate and summarise (see module doc for the stopping rules)."""
        t0 = time.process_time()
        limit = samples if samples is not None else DEFAULT_SAMPLES
        if limit < 1:
            raise BattleError(f"samples must be at least 1, got {limit!r}")
        acc = Sample()

        def attacker_se() -> float:
            p = acc.attacker_wins / acc.battles
            return math.sqrt(max(p * (1 - p), 0.0) / acc.battles)

        while acc.battles < limit:
            self.sample(rng, min(CHUNK, limit - acc.battles), acc)
            if progress is not None:
                fraction = acc.battles / limit
                if target_se is not None and acc.battles >= min_samples:
                    se = attacker_se()
                    fraction = max(fraction, min(1.0, (target_se / se) ** 2) if se > 0 else 1.0)
                progress(min(1.0, fraction))
            if target_se is not None and acc.battles >= min_samples and attacker_se() <= target_se:
                break
            if time_budget is not None and time.process_time() - t0 >= time_budget:
                break
        return self.result(acc, time.process_time() - t0, target_se)

    def result(self, acc: Sample, seconds: float, target_se: float | None = None) -> BattleResult:
        """The ``BattleResult`` of the counted end states (``calc.outcomes``)."""
        n = acc.battles
        why = f"{n:,} simulated battles"
        if target_se is not None:
            why += f" (target standard error {target_se:g})"
        if self.approximated:
            why += "; optimal play approximated by the greedy policy"
        if self.retreat_approximated:
            why += "; retreat decisions approximated by the strength-share rule"
        if acc.cut:
            why += f"; {acc.cut} battles cut at {MAX_ROUNDS:,} rounds (counted for the defender)"
        mean_rounds = acc.rounds / n
        result = battle_result(
            simulated_battle(self.battle),
            acc.counts.items(),
            rounds=mean_rounds,
            method=Method.MONTE_CARLO,
            why=why,
            stats=SolverStats(seconds=seconds, samples=n, cut=acc.cut),
            samples=n,
            optimal_approximated=self.approximated,
        )
        assert result.standard_error is not None
        var_rounds = max(0.0, acc.rounds_squared / n - mean_rounds**2)
        errors = dict(result.standard_error, expected_rounds=math.sqrt(var_rounds / n))
        return replace(result, standard_error=errors)


def simulate_battle(
    battle: Battle,
    rng: np.random.Generator,
    samples: int | None = None,
    *,
    target_se: float | None = None,
    time_budget: float | None = None,
    progress: Callable[[float], None] | None = None,
) -> BattleResult:
    """Monte Carlo estimate of a two-sided battle (see module doc). ``time_budget`` counts
    seconds of this process's CPU time."""
    return MonteCarlo(battle).run(
        rng, samples, target_se=target_se, time_budget=time_budget, progress=progress
    )
