"""Compiled Monte Carlo loop: many battles, one after another, with an explicit generator.

Every rule comes from the shared layers: the roll needed per (firing type, target type) is
precomputed with ``calc.rules.dice.hit_threshold``, the rift faces come from
``calc.rules.dice.RIFT_FACES``, and hits are assigned by the ``calc.rules.targeting`` kernels (NPC
rule or greedy), exactly as the exact solver assigns them. A die's *reach* is, as in
``calc.rules.dice``, the highest roll needed by a living target type that the die meets.

**Layout.** Both sides live in the same arrays, indexed by side first (0 attacker, 1 defender)
and padded to the larger side, in the tables of ``calc.rules.targeting``: ``ships[side, row, ship]``
(``n_ships[side]`` real ships), ``groups[side, row, group]`` with this module's rows after the
targeting ones (padding groups have no ships, so they never count), ``floats[row, group]``
(target ranks, sizes, firepower) and one ``work`` table with the hits.

**Speed.** Numba increments and decrements an atomic reference count for every array bound to
a parameter of a helper, inlined or not, and drops the pair only when it can prove it useless.
With one array per side and per quantity, that counting took most of the time of this loop.
The code is shaped so that numba drops every pair in the battle loop:

- helpers take the shared tables and a side, never one side's arrays picked by an ``if``;
- a volley is three helpers called in turn from the loop (roll, assign to the enemy, rift
  self-damage), not one helper that calls the others under conditions; and the targeting
  kernels call no helper per ship;
- ``simulate`` uses NumPy's error model (``calc._jit.jit_numpy_errors``): a possible
  ZeroDivisionError is an exit on which the counting cannot be dropped. No division here can
  be by zero.

To check a change, compile ``simulate`` into an empty ``NUMBA_CACHE_DIR`` and count the
``NRT_incref`` calls in ``simulate.inspect_llvm(signature)`` outside its entry block: none.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from calc._jit import jit_inline, jit_numpy_errors
from calc.rules.battle_state import FIGHTING, LEFT, RETREATING
from calc.rules.dice import RIFT_REACH
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

WINNER_ATTACKER, WINNER_DEFENDER, WINNER_DRAW, WINNER_STALEMATE, WINNER_UNFINISHED = 0, 1, 2, 3, 4
MISSILES = 0
CANNONS = 1
"""The ``kind`` index of ``dice``."""

STATUS = 2
ALIVE = 3
RIFT = 4
MORPH = 5
ARMED = 6
TOTAL = 7
GROUP_ROWS = 9
"""Rows of ``groups`` after ``GROUP_HULL`` and ``GROUP_NEED`` (the roll the current volley
needs against each group): status, living ships, has rift dice, Morph Shields, has cannons,
and the number of dice per kind (``TOTAL + MISSILES``, ``TOTAL + CANNONS``)."""

RANK = 0
SIZE = 2
FIREPOWER = 4
FLOAT_ROWS = 6
"""Rows of ``floats``, each plus a side: how the enemy of that side ranks its groups (threat if
it plays greedy, else size), size (rift self-damage follows the NPC rule) and firepower (the
retreat heuristic)."""

DIE_DAMAGE = 0
RIFT_ENEMY = 1
RIFT_SELF = 2
"""Rows of ``faces``: damage per standard colour, then per rift face the damage to the enemy
and to the firing side."""


@jit_inline
def _count(ships: Ints, groups: Ints, n_ships: Ints, present: Ints) -> None:
    """Count the living ships per group of each side into ``groups[side, ALIVE]``, and into
    ``present[side]`` how many of them are in the sector (not left)."""
    for side in range(2):
        for g in range(groups.shape[2]):
            groups[side, ALIVE, g] = 0
        for s in range(n_ships[side]):
            g = ships[side, SHIP_GROUP, s]
            if ships[side, SHIP_DAMAGE, s] <= groups[side, GROUP_HULL, g]:
                groups[side, ALIVE, g] += 1
        present[side] = 0
        for g in range(groups.shape[2]):
            if groups[side, STATUS, g] != LEFT:
                present[side] += groups[side, ALIVE, g]


@jit_inline
def _armed_present(groups: Ints, side: int) -> bool:
    """True when a living ship of ``side`` in the sector has cannons."""
    for g in range(groups.shape[2]):
        if (
            groups[side, ALIVE, g] > 0
            and groups[side, STATUS, g] != LEFT
            and groups[side, ARMED, g]
        ):
            return True
    return False


@jit_inline
def _strength(ships: Ints, groups: Ints, floats: Floats, side: int, n: int) -> float:
    """Firepower x durability of the ships of ``side`` (its first ``n`` ships) in the sector:
    the retreat heuristic's measure."""
    fire = 0.0
    hp = 0.0
    for s in range(n):
        g = ships[side, SHIP_GROUP, s]
        hull = groups[side, GROUP_HULL, g]
        if ships[side, SHIP_DAMAGE, s] <= hull and groups[side, STATUS, g] != LEFT:
            fire += floats[FIREPOWER + side, g]
            hp += hull - ships[side, SHIP_DAMAGE, s] + 1
    return fire * hp


@jit_inline
def _repair(ships: Ints, groups: Ints, side: int, n: int) -> None:
    """End of an engagement round: each ship of ``side`` in the sector repairs its Morph Shields'
    damage."""
    for s in range(n):
        g = ships[side, SHIP_GROUP, s]
        morph = groups[side, MORPH, g]
        if (
            morph > 0
            and ships[side, SHIP_DAMAGE, s] <= groups[side, GROUP_HULL, g]
            and groups[side, STATUS, g] != LEFT
        ):
            ships[side, SHIP_DAMAGE, s] = max(0, ships[side, SHIP_DAMAGE, s] - morph)


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
    faces: Ints,
    groups: Ints,
    work: Ints,
) -> tuple[int, int]:
    """Roll the ``kind`` dice (per colour; pink = rift) of ``n`` ships of group ``g`` of
    ``side``. Writes the hits on the enemy into ``work`` (largest damage first, then lowest
    reach: the order of ``calc.rules.dice`` outcomes) and the roll needed against each enemy group
    into ``groups[enemy, GROUP_NEED]``; returns the number of hits and the points of rift
    self-damage."""
    enemy = 1 - side
    n_groups = groups.shape[2]
    for h in range(n_groups):
        if groups[enemy, ALIVE, h] > 0 and groups[enemy, STATUS, h] != LEFT:
            groups[enemy, GROUP_NEED, h] = need[side, g, h]
        else:
            groups[enemy, GROUP_NEED, h] = UNREACHABLE
    m = 0
    self_points = 0
    for c in range(4):
        k = n * dice[side, kind, g, c]
        damage = faces[DIE_DAMAGE, c]
        for _ in range(k):
            r = int(rng.random() * 6.0) + 1  # ~20x faster than rng.integers here
            reach = -1
            for h in range(n_groups):
                t = groups[enemy, GROUP_NEED, h]
                if t <= r and t > reach:
                    reach = t
            if reach < 0:
                continue
            if splitter and c == 3:
                for _p in range(damage):
                    work[HIT_DAMAGE, m] = 1
                    work[HIT_REACH, m] = reach
                    m += 1
            else:
                work[HIT_DAMAGE, m] = damage
                work[HIT_REACH, m] = reach
                m += 1
    for _ in range(n * dice[side, kind, g, 4]):
        face = int(rng.random() * 6.0)
        if faces[RIFT_ENEMY, face] > 0:
            work[HIT_DAMAGE, m] = faces[RIFT_ENEMY, face]
            work[HIT_REACH, m] = RIFT_REACH
            m += 1
        self_points += faces[RIFT_SELF, face]
    for i in range(1, m):
        j = i
        while j > 0 and (
            work[HIT_DAMAGE, j] > work[HIT_DAMAGE, j - 1]
            or (
                work[HIT_DAMAGE, j] == work[HIT_DAMAGE, j - 1]
                and work[HIT_REACH, j] < work[HIT_REACH, j - 1]
            )
        ):
            work[HIT_DAMAGE, j], work[HIT_DAMAGE, j - 1] = (
                work[HIT_DAMAGE, j - 1],
                work[HIT_DAMAGE, j],
            )
            work[HIT_REACH, j], work[HIT_REACH, j - 1] = (
                work[HIT_REACH, j - 1],
                work[HIT_REACH, j],
            )
            j -= 1
    return m, self_points


@jit_inline
def _rift_self_damage(
    points: int,
    ships: Ints,
    side: int,
    n: int,
    groups: Ints,
    floats: Floats,
    work: Ints,
    keys: Floats,
) -> None:
    """``points`` of rift self-damage, one hit each, to the ships of ``side`` (its first ``n``)
    in the sector that carry rift dice, by the NPC rule (size)."""
    for h in range(groups.shape[2]):
        if groups[side, RIFT, h] and groups[side, STATUS, h] != LEFT:
            groups[side, GROUP_NEED, h] = 0
        else:
            groups[side, GROUP_NEED, h] = UNREACHABLE
    for i in range(points):
        work[HIT_DAMAGE, i] = 1
        work[HIT_REACH, i] = RIFT_REACH
    assign_by_rank_into(points, ships, side, n, groups, floats, SIZE + side, work, keys)


@jit_numpy_errors
def simulate(
    rng: np.random.Generator,
    n_battles: int,
    start_ships: Ints,
    n_ships: Ints,
    hull: Ints,
    dice: Ints,
    rift: Bools,
    size: Floats,
    threat: Floats,
    morph: Ints,
    need: Ints,
    slot_side: Ints,
    slot_group: Ints,
    first_round: int,
    greedy: Bools,
    splitter: Bools,
    retreat_below: Floats,
    escapes: bool,
    die_damage: Ints,
    rift_enemy: Ints,
    rift_self: Ints,
    max_rounds: int,
    max_hits: int,
    out_winner: Ints,
    out_survivors: Ints,
    out_destroyed: Ints,
    out_rounds: Ints,
    out_saved: Ints,
    out_retreated: Bools,
    out_participated: Bools,
    out_damage: Ints,
    out_status: Ints,
) -> None:
    """Simulate ``n_battles`` battles (see module doc for the layout). Inputs: the ship table
    at the start (``start_ships[side, SHIP_GROUP | SHIP_DAMAGE, ship]``); per side and group
    ``hull``, ``rift``, ``size``, ``threat``, ``morph`` and ``dice[side, MISSILES | CANNONS,
    group, colour]``; ``need[side, group, enemy group]``, the roll needed; the activation slots
    (missile slots first, then one engagement round). ``retreat_below[side]`` < 0 means the side
    never retreats; otherwise a ship type retreats at its activation when its side's strength
    share (firepower x durability) is below it. Writes, per battle, the winner code, survivors
    and ships destroyed by combat per side and group, engagement rounds, ships saved by
    retreating, whether each side retreated and whether it keeps the participation tile; and,
    if ``out_damage`` has rows, every ship's final damage and every group's status."""
    n_slots = slot_side.shape[0]
    width = hull.shape[1]
    ships = np.empty_like(start_ships)
    start_groups = np.zeros((2, GROUP_ROWS, width), dtype=np.int64)
    groups = np.zeros((2, GROUP_ROWS, width), dtype=np.int64)
    floats = np.zeros((FLOAT_ROWS, width), dtype=np.float64)
    for side in range(2):
        for g in range(width):
            start_groups[side, GROUP_HULL, g] = hull[side, g]
            start_groups[side, RIFT, g] = rift[side, g]
            start_groups[side, MORPH, g] = morph[side, g]
            for kind in range(2):
                start_groups[side, TOTAL + kind, g] = dice[side, kind, g].sum()
            start_groups[side, ARMED, g] = start_groups[side, TOTAL + CANNONS, g] > 0
            floats[RANK + side, g] = threat[side, g] if greedy[1 - side] else size[side, g]
            floats[SIZE + side, g] = size[side, g]
            floats[FIREPOWER + side, g] = threat[side, g] / 1000.0
    faces = np.zeros((3, 6), dtype=np.int64)
    faces[DIE_DAMAGE, :4] = die_damage
    faces[RIFT_ENEMY] = rift_enemy
    faces[RIFT_SELF] = rift_self
    work = np.zeros((WORK_ROWS, max(1, max_hits, start_ships.shape[2])), dtype=np.int64)
    keys = np.zeros(work.shape[1], dtype=np.float64)
    any_morph = morph.sum() > 0
    declared = np.zeros(2, dtype=np.bool_)
    present = np.zeros(2, dtype=np.int64)
    all_retreat = np.zeros(2, dtype=np.bool_)
    for b in range(n_battles):
        ships[:] = start_ships
        groups[:] = start_groups
        declared[:] = False
        all_retreat[:] = False
        _count(ships, groups, n_ships, present)
        winner = WINNER_UNFINISHED
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
                if j == n_slots or (
                    not _armed_present(groups, 0) and not _armed_present(groups, 1)
                ):
                    winner = WINNER_STALEMATE
                    break
                if rounds >= max_rounds:
                    break
                rounds += 1
            side = slot_side[j]
            g = slot_group[j]
            missiles = j < first_round
            n = groups[side, ALIVE, g]
            status = groups[side, STATUS, g]
            acted = False
            if n > 0 and status != LEFT:
                if status == RETREATING and not missiles:
                    groups[side, STATUS, g] = LEFT
                    acted = True
                else:
                    retreat = False
                    if not missiles and retreat_below[side] >= 0.0:
                        own = _strength(ships, groups, floats, side, n_ships[side])
                        other = _strength(ships, groups, floats, 1 - side, n_ships[1 - side])
                        share = own / (own + other) if own + other > 0.0 else 0.5
                        retreat = share < retreat_below[side]
                    if retreat:
                        groups[side, STATUS, g] = RETREATING
                        declared[side] = True
                        fighting = False
                        for s in range(n_ships[side]):
                            h = ships[side, SHIP_GROUP, s]
                            if (
                                groups[side, STATUS, h] == FIGHTING
                                and ships[side, SHIP_DAMAGE, s] <= groups[side, GROUP_HULL, h]
                            ):
                                fighting = True
                        if not fighting:
                            all_retreat[side] = True
                        acted = True
                    else:
                        kind = MISSILES if missiles else CANNONS
                        if groups[side, TOTAL + kind, g] > 0:
                            # Roll, then assign the hits to the enemy (ranked as it ranks
                            # them), then rift self-damage.
                            enemy = 1 - side
                            hits, self_points = _roll(
                                rng, side, g, n, kind, splitter[side] and not missiles, dice,
                                need, faces, groups, work,
                            )  # fmt: skip
                            if hits > 0:
                                assign_by_rank_into(
                                    hits, ships, enemy, n_ships[enemy], groups, floats,
                                    RANK + enemy, work, keys,
                                )  # fmt: skip
                            if self_points > 0:
                                _rift_self_damage(
                                    self_points, ships, side, n_ships[side], groups, floats,
                                    work, keys,
                                )  # fmt: skip
                            acted = True
            if acted:
                _count(ships, groups, n_ships, present)
                in_a = present[0]
                in_d = present[1]
                if in_a == 0 or in_d == 0:
                    if in_a > 0:
                        winner = WINNER_ATTACKER
                    elif in_d > 0:
                        winner = WINNER_DEFENDER
                    else:
                        winner = WINNER_DRAW
                    break
            j += 1
        out_winner[b] = winner
        out_rounds[b] = rounds
        unresolved = winner in (WINNER_STALEMATE, WINNER_UNFINISHED)
        for side in range(2):
            # ``ALIVE`` is up to date: it is recounted after every action, and neither repair
            # nor leaving the sector changes it.
            saved = 0
            for g in range(width):
                alive = groups[side, ALIVE, g]
                out_destroyed[b, side, g] = 0
                out_survivors[b, side, g] = alive
                if groups[side, STATUS, g] != FIGHTING:
                    saved += alive
                elif side == 0 and unresolved:
                    # A stalemate counts for the defender: the attacker's ships in the sector
                    # retreat if it can, else they are destroyed (not by combat).
                    if escapes:
                        saved += alive
                    else:
                        out_survivors[b, side, g] = 0
            for s in range(n_ships[side]):
                g = ships[side, SHIP_GROUP, s]
                if ships[side, SHIP_DAMAGE, s] > groups[side, GROUP_HULL, g]:
                    out_destroyed[b, side, g] += 1
            out_saved[b, side] = saved
        # ``present`` is up to date for the same reason as ``ALIVE``.
        stalemate_escape = unresolved and escapes and present[0] > 0
        out_retreated[b, 0] = declared[0] or stalemate_escape
        out_retreated[b, 1] = declared[1]
        out_participated[b, 0] = not (all_retreat[0] or stalemate_escape)
        out_participated[b, 1] = not all_retreat[1]
        if out_damage.shape[0] > 0:
            for side in range(2):
                for s in range(n_ships[side]):
                    out_damage[b, side, s] = ships[side, SHIP_DAMAGE, s]
                for g in range(width):
                    out_status[b, side, g] = groups[side, STATUS, g]
