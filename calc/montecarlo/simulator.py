"""Monte Carlo battle simulation: the fallback for battles too large to solve exactly.

It follows exactly the rules of the exact solver (``calc.montecarlo.kernels`` reuses the dice,
hit and targeting code) with the ``npc`` and ``greedy`` policies. A side asking for ``optimal``
play is simulated with ``greedy`` and the result says so (``optimal_approximated``).

Every run takes a ``numpy.random.Generator``: the same seed gives the same numbers. The result
carries the number of battles simulated, a standard error for every probability (and for the
expected number of rounds), and the 95% Wilson interval of P(attacker wins). Optionally the run
stops as soon as the standard error of P(attacker wins) is at most ``target_se``, or when a time
budget is spent (always after at least one chunk).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from blueprints import Dice, DieColour, ShipStats, ship_class_info
from blueprints.enums import STANDARD_COLOURS
from calc.battle.model import Battle, Policy, RetreatPolicy, Side
from calc.battle.result import BattleResult, GroupResult, Method, SideResult, SolverStats
from calc.errors import BattleError
from calc.montecarlo.kernels import (
    CANNONS,
    MISSILES,
    WINNER_ATTACKER,
    WINNER_DEFENDER,
    WINNER_DRAW,
    WINNER_STALEMATE,
    WINNER_UNFINISHED,
    simulate,
)
from calc.rules.accounting import MAX_REPUTATION_TILES
from calc.rules.battle_state import ATTACKER, DEFENDER, SideSpec, engagement_order
from calc.rules.dice import RIFT_FACES, hit_threshold
from calc.rules.targeting import SHIP_DAMAGE, SHIP_GROUP

DEFAULT_SAMPLES = 100_000
CHUNK = 20_000
MAX_ROUNDS = 100_000
Z95 = 1.959963984540054


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


def _side_arrays(spec: SideSpec) -> dict[str, np.ndarray]:
    ships_group: list[int] = []
    ships_damage: list[int] = []
    for g, group in enumerate(spec.side.groups):
        for d in group.damage_per_ship:
            ships_group.append(g)
            ships_damage.append(d)
    colours = (*STANDARD_COLOURS, DieColour.PINK)

    def dice_table(dice: list[Dice]) -> np.ndarray:
        """Dice per group and colour (pink last)."""
        return np.array([[d.count(c) for c in colours] for d in dice], dtype=np.int64).reshape(
            len(dice), len(colours)
        )

    return {
        "grp": np.array(ships_group, dtype=np.int64),
        "dmg": np.array(ships_damage, dtype=np.int64),
        "hull": np.array(spec.hulls, dtype=np.int64),
        "cannons": dice_table([s.cannons for s in spec.stats]),
        "missiles": dice_table([s.missiles for s in spec.stats]),
        "rift": np.array(spec.rift_groups, dtype=np.bool_),
        "size": np.array(spec.sizes, dtype=np.float64),
        "threat": np.array(spec.threats, dtype=np.float64),
        "morph": np.array([s.morph for s in spec.stats], dtype=np.int64),
    }


def _needs(firing: tuple[ShipStats, ...], targets: tuple[ShipStats, ...]) -> np.ndarray:
    """The roll each firing type needs against each target type."""
    return np.array(
        [[hit_threshold(f.computer, t.shield) for t in targets] for f in firing], dtype=np.int64
    ).reshape(len(firing), len(targets))


def _mc_policy(side: Side) -> Policy:
    return Policy.GREEDY if side.policy is Policy.OPTIMAL else side.policy


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
class Chunk:
    """Per-battle outputs of one ``simulate`` call."""

    winner: np.ndarray
    survivors: tuple[np.ndarray, np.ndarray]
    destroyed: tuple[np.ndarray, np.ndarray]
    rounds: np.ndarray
    saved: np.ndarray
    retreated: np.ndarray
    participated: np.ndarray
    damage: tuple[np.ndarray, np.ndarray] | None = None
    status: tuple[np.ndarray, np.ndarray] | None = None


class MonteCarlo:
    """Prepared arrays for one battle; ``run`` simulates and summarises."""

    def __init__(self, battle: Battle) -> None:
        if len(battle.sides) != 2:
            raise BattleError("Monte Carlo of one battle takes two sides")
        self.battle = battle
        self.attacker = battle.attacker_side.canonical()
        self.defender = battle.defender_side.canonical()
        self.approximated = any(s.policy is Policy.OPTIMAL for s in (self.attacker, self.defender))
        sim_sides = (
            replace(self.attacker, policy=_mc_policy(self.attacker)),
            replace(self.defender, policy=_mc_policy(self.defender)),
        )
        self.sim_sides = sim_sides
        self.specs = (SideSpec.of(sim_sides[0]), SideSpec.of(sim_sides[1]))
        self.arrays = (_side_arrays(self.specs[0]), _side_arrays(self.specs[1]))
        slots = engagement_order(sim_sides[0], sim_sides[1])
        self.slot_side = np.array([s.side for s in slots], dtype=np.int64)
        self.slot_group = np.array([s.group for s in slots], dtype=np.int64)
        self.first_round = sum(1 for s in slots if s.missiles)
        a_stats, d_stats = self.specs[0].stats, self.specs[1].stats
        self.need_ad = _needs(a_stats, d_stats)
        self.need_da = _needs(d_stats, a_stats)
        self.die_damage = np.array([c.damage for c in STANDARD_COLOURS], dtype=np.int64)
        self.rift_enemy = np.array([f[0] for f in RIFT_FACES], dtype=np.int64)
        self.rift_self = np.array([f[1] for f in RIFT_FACES], dtype=np.int64)
        self.greedy = np.array([s.policy is Policy.GREEDY for s in sim_sides], dtype=np.bool_)
        self.splitter = np.array([s.antimatter_splitter for s in sim_sides], dtype=np.bool_)
        self.retreat_below = np.array([_retreat_threshold(s) for s in sim_sides], dtype=np.float64)
        self.retreat_approximated = any(s.retreats for s in sim_sides)
        self.escapes = sim_sides[0].can_retreat
        most_dice = 0
        for spec, arr in zip(self.specs, self.arrays, strict=True):
            per_ship = (arr["cannons"][:, :4] * self.die_damage).sum(axis=1) + arr["cannons"][:, 4]
            per_ship = np.maximum(per_ship, (arr["missiles"][:, :4] * self.die_damage).sum(axis=1))
            if len(per_ship):
                most_dice = max(most_dice, int((per_ship * np.array(spec.counts)).max()))
        self.max_hits = max(1, most_dice)
        self._pack()

    def _pack(self) -> None:
        """Both sides in the same arrays, side first, padded to the larger side (the layout of
        ``calc.montecarlo.kernels``)."""
        a, d = self.arrays
        self.n_ships = np.array([len(a["grp"]), len(d["grp"])], dtype=np.int64)
        ships = max(1, int(self.n_ships.max()))
        width = max(1, len(a["hull"]), len(d["hull"]))

        def table(key: str, dtype: type, columns: int) -> np.ndarray:
            out: np.ndarray = np.zeros((2, columns), dtype=dtype)
            for side, arr in enumerate(self.arrays):
                out[side, : len(arr[key])] = arr[key]
            return out

        self.start_ships = np.zeros((2, 2, ships), dtype=np.int64)
        self.start_ships[:, SHIP_GROUP] = table("grp", np.int64, ships)
        self.start_ships[:, SHIP_DAMAGE] = table("dmg", np.int64, ships)
        self.hull = table("hull", np.int64, width)
        self.rift = table("rift", np.bool_, width)
        self.size = table("size", np.float64, width)
        self.threat = table("threat", np.float64, width)
        self.morph = table("morph", np.int64, width)
        self.dice = np.zeros((2, 2, width, 5), dtype=np.int64)
        self.need = np.zeros((2, width, width), dtype=np.int64)
        for side, arr in enumerate(self.arrays):
            groups = len(arr["hull"])
            self.dice[side, MISSILES, :groups] = arr["missiles"]
            self.dice[side, CANNONS, :groups] = arr["cannons"]
        self.need[0, : self.need_ad.shape[0], : self.need_ad.shape[1]] = self.need_ad
        self.need[1, : self.need_da.shape[0], : self.need_da.shape[1]] = self.need_da

    def chunk(self, rng: np.random.Generator, n: int, *, details: bool = False) -> Chunk:
        """Simulate ``n`` battles; with ``details`` also every ship's final damage and every
        group's retreat status (sector combat chains battles on them)."""
        a, d = self.arrays
        rows = n if details else 0
        width = self.hull.shape[1]
        ga, gd = len(a["hull"]), len(d["hull"])
        sa, sd = len(a["grp"]), len(d["grp"])
        survivors = np.empty((n, 2, width), dtype=np.int64)
        destroyed = np.empty((n, 2, width), dtype=np.int64)
        damage = np.empty((rows, 2, self.start_ships.shape[2]), dtype=np.int64)
        status = np.empty((rows, 2, width), dtype=np.int64)
        c = Chunk(
            winner=np.empty(n, dtype=np.int64),
            survivors=(survivors[:, 0, :ga], survivors[:, 1, :gd]),
            destroyed=(destroyed[:, 0, :ga], destroyed[:, 1, :gd]),
            rounds=np.empty(n, dtype=np.int64),
            saved=np.empty((n, 2), dtype=np.int64),
            retreated=np.empty((n, 2), dtype=np.bool_),
            participated=np.empty((n, 2), dtype=np.bool_),
            damage=(damage[:, 0, :sa], damage[:, 1, :sd]) if details else None,
            status=(status[:, 0, :ga], status[:, 1, :gd]) if details else None,
        )
        simulate(
            rng, n, self.start_ships, self.n_ships, self.hull, self.dice, self.rift, self.size,
            self.threat, self.morph, self.need,
            self.slot_side, self.slot_group, self.first_round,
            self.greedy, self.splitter, self.retreat_below, self.escapes,
            self.die_damage, self.rift_enemy, self.rift_self,
            MAX_ROUNDS, self.max_hits, c.winner, survivors, destroyed, c.rounds, c.saved,
            c.retreated, c.participated, damage, status,
        )  # fmt: skip
        return c

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
        t0 = time.perf_counter()
        limit = samples if samples is not None else DEFAULT_SAMPLES
        if limit < 1:
            raise BattleError(f"samples must be at least 1, got {limit!r}")
        acc = _Accumulator(self)
        while acc.n < limit:
            n = min(CHUNK, limit - acc.n)
            acc.add(self.chunk(rng, n))
            if progress is not None:
                fraction = acc.n / limit
                if target_se is not None and acc.n >= min_samples:
                    se = acc.attacker_se()
                    fraction = max(fraction, min(1.0, (target_se / se) ** 2) if se > 0 else 1.0)
                progress(min(1.0, fraction))
            if target_se is not None and acc.n >= min_samples and acc.attacker_se() <= target_se:
                break
            if time_budget is not None and time.perf_counter() - t0 >= time_budget:
                break
        seconds = time.perf_counter() - t0
        return acc.result(seconds, target_se)


class _Accumulator:
    """Running counts of a Monte Carlo run."""

    def __init__(self, mc: MonteCarlo) -> None:
        self.mc = mc
        self.n = 0
        self.winners = np.zeros(5, dtype=np.int64)
        self.survivors = [
            [np.zeros(c + 1, dtype=np.int64) for c in spec.counts] for spec in mc.specs
        ]
        self.tiles = [np.zeros(MAX_REPUTATION_TILES + 1, dtype=np.int64) for _ in range(2)]
        self.lost = [0.0, 0.0]
        self.saved = [0.0, 0.0]
        self.retreats = [0, 0]
        self.rounds_sum = 0.0
        self.rounds_sq = 0.0
        reps = []
        costs = []
        for spec in mc.specs:
            reps.append(np.array([ship_class_info(s.ship_class).reputation for s in spec.stats]))
            costs.append(np.array([s.cost for s in spec.stats], dtype=np.float64))
        self.reps = reps
        self.costs = costs

    def add(self, c: Chunk) -> None:
        n = len(c.winner)
        self.n += n
        self.winners += np.bincount(c.winner, minlength=5)
        for side in (ATTACKER, DEFENDER):
            surv = c.survivors[side]
            counts = np.array(self.mc.specs[side].counts)
            for g, hist in enumerate(self.survivors[side]):
                hist += np.bincount(surv[:, g], minlength=len(hist))
            gone = counts[None, :] - surv
            self.lost[side] += float((gone * self.costs[side][None, :]).sum())
            self.saved[side] += float(c.saved[:, side].sum())
            self.retreats[side] += int(c.retreated[:, side].sum())
            enemy = 1 - side
            if self.mc.sim_sides[enemy].npc:
                self.tiles[enemy][0] += n
            else:
                earned = c.destroyed[side] @ self.reps[side] + c.participated[:, enemy]
                k = np.minimum(MAX_REPUTATION_TILES, earned)
                self.tiles[enemy] += np.bincount(k, minlength=MAX_REPUTATION_TILES + 1)
        self.rounds_sum += float(c.rounds.sum())
        self.rounds_sq += float((c.rounds.astype(np.float64) ** 2).sum())

    def attacker_se(self) -> float:
        p = self.winners[WINNER_ATTACKER] / self.n
        return math.sqrt(max(p * (1 - p), 0.0) / self.n)

    def result(self, seconds: float, target_se: float | None) -> BattleResult:
        n = self.n
        mc = self.mc
        w = self.winners / n
        p_att = float(w[WINNER_ATTACKER])
        p_def = float(w[WINNER_DEFENDER] + w[WINNER_STALEMATE] + w[WINNER_UNFINISHED])
        p_draw = float(w[WINNER_DRAW])
        p_stale = float(w[WINNER_STALEMATE] + w[WINNER_UNFINISHED])

        def se(p: float) -> float:
            return math.sqrt(max(p * (1 - p), 0.0) / n)

        mean_rounds = self.rounds_sum / n
        var_rounds = max(0.0, self.rounds_sq / n - mean_rounds**2)
        errors = {
            "attacker_wins": se(p_att),
            "defender_wins": se(p_def),
            "draw": se(p_draw),
            "stalemate": se(p_stale),
            "expected_rounds": math.sqrt(var_rounds / n),
        }
        sides = []
        originals = (mc.attacker, mc.defender)
        for side in (ATTACKER, DEFENDER):
            groups = []
            for g, group in enumerate(mc.sim_sides[side].groups):
                dist = self.survivors[side][g] / n
                groups.append(GroupResult.of(group, dist, tuple(se(float(x)) for x in dist)))
            sides.append(
                SideResult(
                    name=originals[side].name,
                    policy=mc.sim_sides[side].policy,
                    npc=originals[side].npc,
                    wins=p_att if side == ATTACKER else p_def,
                    groups=tuple(groups),
                    expected_material_lost=self.lost[side] / n,
                    reputation_tiles=tuple(float(x) for x in self.tiles[side] / n),
                    retreats=self.retreats[side] / n,
                    expected_saved=self.saved[side] / n,
                    holds_sector=p_att if side == ATTACKER else p_def,
                )
            )
        battle = mc.battle
        attacker_index = 1 - battle.defender
        ordered = [sides[0], sides[1]] if attacker_index == 0 else [sides[1], sides[0]]
        why = f"{n:,} simulated battles"
        if target_se is not None:
            why += f" (target standard error {target_se:g})"
        if mc.approximated:
            why += "; optimal play approximated by the greedy policy"
        if mc.retreat_approximated:
            why += "; retreat decisions approximated by the strength-share rule"
        unfinished = int(self.winners[WINNER_UNFINISHED])
        if unfinished:
            why += f"; {unfinished} battles cut at {MAX_ROUNDS:,} rounds (counted for the defender)"
        return BattleResult(
            attacker_wins=p_att,
            defender_wins=p_def,
            draw=p_draw,
            stalemate=p_stale,
            expected_rounds=mean_rounds,
            sides=tuple(ordered),
            attacker=attacker_index,
            defender=battle.defender,
            method=Method.MONTE_CARLO,
            why=why,
            stats=SolverStats(seconds=seconds, samples=n),
            standard_error=errors,
            interval=wilson_interval(self.winners[WINNER_ATTACKER], n),
            optimal_approximated=mc.approximated,
        )


def simulate_battle(
    battle: Battle,
    rng: np.random.Generator,
    samples: int | None = None,
    *,
    target_se: float | None = None,
    time_budget: float | None = None,
    progress: Callable[[float], None] | None = None,
) -> BattleResult:
    """Monte Carlo estimate of a two-sided battle (see module doc)."""
    return MonteCarlo(battle).run(
        rng, samples, target_se=target_se, time_budget=time_budget, progress=progress
    )
