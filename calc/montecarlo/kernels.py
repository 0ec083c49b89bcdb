"""Compiled Monte Carlo loop: many battles, one after another, with an explicit generator.

Every rule comes from the rules layer: the roll needed per (firing type, target type) is
precomputed with ``calc.rules.dice.hit_threshold``; each rolled face becomes hits through
``calc.rules.dice.die_to_hits`` (rift faces included); hits are assigned by the
``calc.rules.targeting`` kernels (NPC rule or greedy), exactly as the exact solver assigns them;
Morph Shields repair by ``calc.rules.battle_state.morph_repair``; a stalemate is
``calc.rules.stalemate.is_stalemate``, judged at the start of every engagement round.

The loop reports what happened, not what it means: per battle how it ended (``End``), the
engagement rounds, every ship's final damage, every group's status and each side's retreat
flags. ``calc.montecarlo.simulator`` turns those into end states, and the accounting (who holds
the sector, survivors, reputation) is the same code as the exact solver's (``calc.sector``).

**Layout.** Both sides live in the same arrays, indexed by side first (0 attacker, 1 defender)
and padded to the larger side, in the tables of ``calc.targeting``: ``ships[side, row, ship]``
(``n_ships[side]`` real ships), ``groups[side, GroupRow, group]`` (padding groups have no ships,
so they never count), ``floats[FloatRow + side, group]`` (target ranks, sizes, firepower) and one
``work`` table with the hits. The inputs travel as one ``McTables`` and the outputs as one
``McOutput`` (named tuples of arrays, read by field name).

**Speed.** Numba increments and decrements an atomic reference count for every array bound to
a parameter of a helper, inlined or not, and drops the pair only when it can prove it useless.
The code is shaped so that numba drops every pair in the battle loop:

- the named tuples are unpacked once, at the top of ``simulate``;
- helpers take the shared tables and a side, never one side's arrays picked by an ``if``;
- a volley is helpers called in turn from the loop (roll, then the targeting kernel for the
  hits on the enemy and for rift self-damage), not one helper that calls the others under
  conditions; and the targeting kernels call no helper per ship;
- the targeting kernel (``calc.rules.targeting.assign_by_rank_into``, the largest piece of
  code here) has one call site, run for the enemy's hits and then for rift self-damage: numba
  types and compiles an inlined helper again at each site, and a second site cost about 40
  CPU seconds of a fresh warm-up (``benchmarks/compile_bench.py``);
- ``simulate`` uses NumPy's error model (``calc._jit.jit_numpy_errors``): a possible
  ZeroDivisionError is an exit on which the counting cannot be dropped. No division here can
  be by zero.

To check a change, compile ``simulate`` into an empty ``NUMBA_CACHE_DIR`` and count the
``NRT_incref`` calls in ``simulate.inspect_llvm(signature)`` outside its entry block
(``benchmarks/refcount_check.py``): 7, as many as before the targeting kernel had one call
site.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from calc._jit import jit_inline, jit_numpy_errors
from calc.rules.battle_state import FIGHTING, LEFT, RETREATING, morph_repair
from calc.rules.dice import DIE_COLOURS, RIFT_REACH, die_to_hits, sort_hits
from calc.rules.stalemate import NO_SHIPS_TOUGHNESS, is_stalemate, ship_toughness
from calc.rules.targeting import (
    GROUP_HULL,
    GROUP_NEED,
    HIT_DAMAGE,
    HIT_REACH,
    SHIP_DAMAGE,
    SHIP_GROUP,
    UNREACHABLE,
    WORK_ROWS,
    assign_by_rank_into,
)

Ints = NDArray[np.int64]
Floats = NDArray[np.float64]
Bools = NDArray[np.bool_]

N_COLOURS = len(DIE_COLOURS)


class End(IntEnum):
    """How a simulated battle ended: one side left in the sector, none, a stalemate, or cut at
    the round cap (a safety net: the stalemate rule ends every battle that cannot end)."""

    ATTACKER = 0
    DEFENDER = 1
    NONE = 2
    STALEMATE = 3
    UNFINISHED = 4


class DiceKind(IntEnum):
    """The first index of a ship type's dice: missiles (once) or cannons (every round)."""

    MISSILES = 0
    CANNONS = 1


class GroupRow(IntEnum):
    """Rows of ``groups[side, row, group]``. The first two are the targeting kernels' (hull, and
    the roll the current volley needs against the group); the rest are this loop's: status,
    living ships, has rift dice, Morph Shields, best round damage per ship (the stalemate rule),
    whether the type can retreat, dice per kind."""

    HULL = GROUP_HULL
    NEED = GROUP_NEED
    STATUS = 2
    ALIVE = 3
    RIFT = 4
    MORPH = 5
    ROUND_DAMAGE = 6
    RETREATS = 7
    DICE = 8  # + DiceKind


GROUP_ROWS = GroupRow.DICE + len(DiceKind)


class FloatRow(IntEnum):
    """Rows of ``floats[row + side, group]``: how the enemy of that side ranks its groups (threat
    if it plays greedy, else size), size (rift self-damage follows the NPC rule) and firepower
    (the retreat heuristic)."""

    RANK = 0
    SIZE = 2
    FIREPOWER = 4


FLOAT_ROWS = FloatRow.FIREPOWER + 2


class Spread(IntEnum):
    """Columns of ``spread[side, column]``: whether the hits the side assigns by rule, and its
    rift self-damage, are placed by the ``spread`` reading of the NPC rule (``hit_reading`` and
    ``npc_reading`` in ``calc.rules.assignment``)."""

    HITS = 0
    SELF = 1


class McTables(NamedTuple):
    """One battle prepared for the loop (``calc.montecarlo.simulator.MonteCarlo`` builds it).

    ``start_ships[side, SHIP_GROUP | SHIP_DAMAGE, ship]``; ``n_ships[side]``;
    ``start_groups[side, GroupRow, group]`` at the start (statuses fighting, no ship counted);
    ``floats[FloatRow + side, group]``; ``dice[side, DiceKind, group, colour code]``;
    ``need[side, group, enemy group]``; the activation slots (missile slots first, then one
    engagement round); per side whether it has the Antimatter Splitter and the strength share
    below which it retreats (< 0: never); ``spread[side, Spread]``, its reading of the NPC rule.
    How each side ranks its targets (greedy: threat, else size) is already in ``floats``."""

    start_ships: Ints
    n_ships: Ints
    start_groups: Ints
    floats: Floats
    dice: Ints
    need: Ints
    slot_side: Ints
    slot_group: Ints
    splitter: Bools
    retreat_below: Floats
    spread: Bools


class McOutput(NamedTuple):
    """What each simulated battle did: ``end[b]`` (an ``End``), ``rounds[b]`` (engagement
    rounds fought), ``damage[b, side, ship]`` (final damage; a ship is destroyed when it exceeds
    its hull), ``status[b, side, group]`` and ``flags[b, side, 0 | 1]`` (a retreat was declared;
    the side tried to retreat with all its remaining ships)."""

    end: Ints
    rounds: Ints
    damage: Ints
    status: Ints
    flags: Bools


def empty_output(n: int, ships: int, width: int) -> McOutput:
    """Output arrays for ``n`` battles."""
    return McOutput(
        end=np.empty(n, dtype=np.int64),
        rounds=np.empty(n, dtype=np.int64),
        damage=np.empty((n, 2, ships), dtype=np.int64),
        status=np.empty((n, 2, width), dtype=np.int64),
        flags=np.empty((n, 2, 2), dtype=np.bool_),
    )


@jit_inline
def _count(ships: Ints, groups: Ints, n_ships: Ints, present: Ints) -> None:
    """Count the living ships per group of each side into ``groups[side, ALIVE]``, and into
    ``present[side]`` how many of them are in the sector (not left)."""
    for side in range(2):
        for g in range(groups.shape[2]):
            groups[side, GroupRow.ALIVE, g] = 0
        for s in range(n_ships[side]):
            g = ships[side, SHIP_GROUP, s]
            if ships[side, SHIP_DAMAGE, s] <= groups[side, GroupRow.HULL, g]:
                groups[side, GroupRow.ALIVE, g] += 1
        present[side] = 0
        for g in range(groups.shape[2]):
            if groups[side, GroupRow.STATUS, g] != LEFT:
                present[side] += groups[side, GroupRow.ALIVE, g]


@jit_inline
def _stalemate(ships: Ints, groups: Ints, n_ships: Ints) -> bool:
    """The stalemate rule (``calc.rules.stalemate``) on the ships as they stand: each side's
    best round from its fighting ships against the other's toughness."""
    damage_a = 0
    damage_d = 0
    tough_a = NO_SHIPS_TOUGHNESS
    tough_d = NO_SHIPS_TOUGHNESS
    for side in range(2):
        damage = 0
        tough = NO_SHIPS_TOUGHNESS
        for s in range(n_ships[side]):
            g = ships[side, SHIP_GROUP, s]
            hull = groups[side, GroupRow.HULL, g]
            taken = ships[side, SHIP_DAMAGE, s]
            status = groups[side, GroupRow.STATUS, g]
            if taken > hull or status == LEFT:
                continue
            if status == FIGHTING:
                damage += groups[side, GroupRow.ROUND_DAMAGE, g]
            t = ship_toughness(hull, groups[side, GroupRow.MORPH, g], taken)
            if t < tough:
                tough = t
        if side == 0:
            damage_a = damage
            tough_a = tough
        else:
            damage_d = damage
            tough_d = tough
    return is_stalemate(damage_a, tough_a, damage_d, tough_d)


@jit_inline
def _strength(ships: Ints, groups: Ints, floats: Floats, side: int, n: int) -> float:
    """Firepower x durability of the ships of ``side`` (its first ``n`` ships) in the sector:
    the retreat heuristic's measure."""
    fire = 0.0
    hp = 0.0
    for s in range(n):
        g = ships[side, SHIP_GROUP, s]
        hull = groups[side, GroupRow.HULL, g]
        if ships[side, SHIP_DAMAGE, s] <= hull and groups[side, GroupRow.STATUS, g] != LEFT:
            fire += floats[FloatRow.FIREPOWER + side, g]
            hp += hull - ships[side, SHIP_DAMAGE, s] + 1
    return fire * hp


@jit_inline
def _repair(ships: Ints, groups: Ints, side: int, n: int) -> None:
    """End of an engagement round: each ship of ``side`` in the sector repairs its Morph Shields'
    damage (``calc.rules.battle_state.morph_repair``)."""
    for s in range(n):
        g = ships[side, SHIP_GROUP, s]
        morph = groups[side, GroupRow.MORPH, g]
        if (
            morph > 0
            and ships[side, SHIP_DAMAGE, s] <= groups[side, GroupRow.HULL, g]
            and groups[side, GroupRow.STATUS, g] != LEFT
        ):
            ships[side, SHIP_DAMAGE, s] = morph_repair(ships[side, SHIP_DAMAGE, s], morph)


@jit_inline
def _roll(
    rng: np.random.Generator,
    side: int,
    g: int,
    n: int,
    kind: int,
    splitter: bool,
    dice: Ints,
    need: Ints,
    groups: Ints,
    work: Ints,
) -> tuple[int, int]:
    """Roll the ``kind`` dice (per colour code of ``calc.rules.dice.DIE_COLOURS``; pink = rift)
    of ``n`` ships of group ``g`` of ``side``. Writes the roll needed against each enemy group
    into ``groups[enemy, NEED]``, turns every face into hits with
    ``calc.rules.dice.die_to_hits`` (in hit order) and returns the number of hits and the points
    of rift self-damage."""
    enemy = 1 - side
    n_groups = groups.shape[2]
    for h in range(n_groups):
        if groups[enemy, GroupRow.ALIVE, h] > 0 and groups[enemy, GroupRow.STATUS, h] != LEFT:
            groups[enemy, GroupRow.NEED, h] = need[side, g, h]
        else:
            groups[enemy, GroupRow.NEED, h] = UNREACHABLE
    m = 0
    self_points = 0
    for c in range(N_COLOURS):
        for _ in range(n * dice[side, kind, g, c]):
            face = int(rng.random() * 6.0) + 1  # ~20x faster than rng.integers here
            m, points = die_to_hits(c, face, splitter, groups, enemy, n_groups, work, m)
            self_points += points
    sort_hits(work, m)
    return m, self_points


@jit_inline
def _rift_hits(points: int, side: int, groups: Ints, work: Ints) -> None:
    """``points`` of rift self-damage as hits (one point each) that reach only the ships of
    ``side`` in the sector that carry rift dice; the loop assigns them by the NPC rule (size)."""
    for h in range(groups.shape[2]):
        if groups[side, GroupRow.RIFT, h] and groups[side, GroupRow.STATUS, h] != LEFT:
            groups[side, GroupRow.NEED, h] = 0
        else:
            groups[side, GroupRow.NEED, h] = UNREACHABLE
    for i in range(points):
        work[HIT_DAMAGE, i] = 1
        work[HIT_REACH, i] = RIFT_REACH


@jit_inline
def _declare_retreat(ships: Ints, groups: Ints, n_ships: Ints, side: int, g: int) -> bool:
    """Group ``g`` of ``side`` declares its retreat; True when no ship of the side is left
    fighting (it tried to retreat with all its remaining ships)."""
    groups[side, GroupRow.STATUS, g] = RETREATING
    for s in range(n_ships[side]):
        h = ships[side, SHIP_GROUP, s]
        if (
            groups[side, GroupRow.STATUS, h] == FIGHTING
            and ships[side, SHIP_DAMAGE, s] <= groups[side, GroupRow.HULL, h]
        ):
            return False
    return True


@jit_numpy_errors
def simulate(
    rng: np.random.Generator,
    n_battles: int,
    tables: McTables,
    first_round: int,
    max_rounds: int,
    max_hits: int,
    out: McOutput,
) -> None:
    """Simulate ``n_battles`` battles of ``tables`` into ``out`` (see module doc and the two
    named tuples). A ship type of a side with ``retreat_below >= 0`` that can retreat declares
    its retreat at its activation when its side's strength share (firepower x durability) is
    below it."""
    start_ships = tables.start_ships
    n_ships = tables.n_ships
    start_groups = tables.start_groups
    floats = tables.floats
    dice = tables.dice
    need = tables.need
    slot_side = tables.slot_side
    slot_group = tables.slot_group
    splitter = tables.splitter
    retreat_below = tables.retreat_below
    spread = tables.spread
    out_end = out.end
    out_rounds = out.rounds
    out_damage = out.damage
    out_status = out.status
    out_flags = out.flags
    n_slots = slot_side.shape[0]
    width = start_groups.shape[2]
    ships = np.empty_like(start_ships)
    groups = np.zeros_like(start_groups)
    work = np.zeros((WORK_ROWS, max(1, max_hits, start_ships.shape[2])), dtype=np.int64)
    keys = np.zeros(work.shape[1], dtype=np.float64)
    any_morph = False
    for side in range(2):
        for g in range(width):
            if start_groups[side, GroupRow.MORPH, g] > 0:
                any_morph = True
    declared = np.zeros(2, dtype=np.bool_)
    present = np.zeros(2, dtype=np.int64)
    all_retreat = np.zeros(2, dtype=np.bool_)
    for b in range(n_battles):
        ships[:] = start_ships
        groups[:] = start_groups
        declared[:] = False
        all_retreat[:] = False
        _count(ships, groups, n_ships, present)
        end = End.UNFINISHED
        rounds = 0
        j = 0
        in_round = False
        while True:
            if j == n_slots or (j == first_round and not in_round):
                if in_round and any_morph:
                    # End of an engagement round: Morph Shields repair.
                    for side in range(2):
                        _repair(ships, groups, side, n_ships[side])
                j = first_round
                in_round = True
                if j == n_slots or _stalemate(ships, groups, n_ships):
                    end = End.STALEMATE
                    break
                if rounds >= max_rounds:
                    break
                rounds += 1
            side = slot_side[j]
            g = slot_group[j]
            missiles = j < first_round
            n = groups[side, GroupRow.ALIVE, g]
            status = groups[side, GroupRow.STATUS, g]
            acted = False
            if n > 0 and status != LEFT:
                if status == RETREATING and not missiles:
                    groups[side, GroupRow.STATUS, g] = LEFT
                    acted = True
                else:
                    retreat = False
                    if (
                        not missiles
                        and retreat_below[side] >= 0.0
                        and groups[side, GroupRow.RETREATS, g]
                    ):
                        own = _strength(ships, groups, floats, side, n_ships[side])
                        other = _strength(ships, groups, floats, 1 - side, n_ships[1 - side])
                        share = own / (own + other) if own + other > 0.0 else 0.5
                        retreat = share < retreat_below[side]
                    if retreat:
                        declared[side] = True
                        if _declare_retreat(ships, groups, n_ships, side, g):
                            all_retreat[side] = True
                        acted = True
                    else:
                        kind = DiceKind.MISSILES if missiles else DiceKind.CANNONS
                        if groups[side, GroupRow.DICE + kind, g] > 0:
                            # Roll, then assign the hits to the enemy (ranked as it ranks
                            # them), then rift self-damage (by size): one call of the
                            # targeting kernel for both, so its code is inlined once.
                            hits, self_points = _roll(
                                rng, side, g, n, kind, splitter[side] and not missiles, dice,
                                need, groups, work,
                            )  # fmt: skip
                            for step in range(2):
                                if step == 0:
                                    count = hits
                                    target = 1 - side
                                    row = FloatRow.RANK + target
                                    reading = spread[side, Spread.HITS]
                                else:
                                    count = self_points
                                    target = side
                                    row = FloatRow.SIZE + side
                                    reading = spread[side, Spread.SELF]
                                    if count > 0:
                                        _rift_hits(count, side, groups, work)
                                if count > 0:
                                    assign_by_rank_into(
                                        count, ships, target, n_ships[target], groups, floats,
                                        row, work, keys, reading,
                                    )  # fmt: skip
                            acted = True
            if acted:
                _count(ships, groups, n_ships, present)
                if present[0] == 0 or present[1] == 0:
                    if present[0] > 0:
                        end = End.ATTACKER
                    elif present[1] > 0:
                        end = End.DEFENDER
                    else:
                        end = End.NONE
                    break
            j += 1
        out_end[b] = end
        out_rounds[b] = rounds
        for side in range(2):
            for s in range(n_ships[side]):
                out_damage[b, side, s] = ships[side, SHIP_DAMAGE, s]
            for g in range(width):
                out_status[b, side, g] = groups[side, GroupRow.STATUS, g]
            out_flags[b, side, 0] = declared[side]
            out_flags[b, side, 1] = all_retreat[side]
