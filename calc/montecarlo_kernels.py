"""Compiled Monte Carlo loop: many battles, one after another, with an explicit generator.

Every rule comes from the shared layers: the roll needed per (firing type, target type) is
precomputed with ``calc.dice.hit_threshold``, the rift faces come from ``calc.dice.RIFT_FACES``,
and hits are assigned by the ``calc.targeting`` kernels (NPC rule or greedy), exactly as the
exact solver assigns them. A die's *reach* is, as in ``calc.dice``, the highest roll needed by a
living target type that the die meets.

**Layout.** Both sides live in the same arrays, indexed by side first (0 attacker, 1 defender):
``ship_group[side, s]``, ``hull[side, g]``, ``dice[side, kind, g, colour]`` and so on, padded
to the larger side, with the real lengths in ``n_ships[side]`` and ``n_groups[side]``. Every
helper takes the whole tables and a side, never one side's arrays picked by an ``if``: numba
increments and decrements a reference count for each array bound to a parameter, and it can
only prove those pairs useless (and drop them) when every call passes the same arrays. With
one array per side the counting was most of the time of a volley.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from calc._jit import jit, jit_inline
from calc.targeting import UNREACHABLE, assign_by_rank_into

Ints = NDArray[np.int64]
Floats = NDArray[np.float64]
Bools = NDArray[np.bool_]

RIFT_REACH_VALUE = 99
WINNER_ATTACKER, WINNER_DEFENDER, WINNER_DRAW, WINNER_STALEMATE, WINNER_UNFINISHED = 0, 1, 2, 3, 4
MISSILES, CANNONS = 0, 1
"""The ``kind`` index of ``dice`` and of the per-group dice totals."""
LEFT = 2
"""Group status: 0 fighting, 1 retreating (declared), 2 left the sector."""


@jit_inline
def _count(
    ship_group: Ints, damage: Ints, hull: Ints, side: int, n_ships: Ints, n_groups: Ints,
    alive: Ints,
) -> None:  # fmt: skip
    """Living ships per group of ``side`` into ``alive[side]``, in one pass."""
    for g in range(n_groups[side]):
        alive[side, g] = 0
    for s in range(n_ships[side]):
        g = ship_group[side, s]
        if damage[side, s] <= hull[side, g]:
            alive[side, g] += 1


@jit_inline
def _present(alive: Ints, status: Ints, side: int, n_groups: Ints) -> int:
    """Ships of ``side`` in the sector (not left) from the per-group counts."""
    n = 0
    for g in range(n_groups[side]):
        if status[side, g] != LEFT:
            n += alive[side, g]
    return n


@jit_inline
def _armed_present(alive: Ints, status: Ints, armed: Bools, side: int, n_groups: Ints) -> bool:
    """True when a living ship of ``side`` in the sector has cannons."""
    for g in range(n_groups[side]):
        if alive[side, g] > 0 and status[side, g] != LEFT and armed[side, g]:
            return True
    return False


@jit_inline
def _in_sector(
    ship_group: Ints, damage: Ints, hull: Ints, status: Ints, side: int, n_ships: Ints
) -> int:
    """Living ships of ``side`` that have not left the sector."""
    n = 0
    for s in range(n_ships[side]):
        g = ship_group[side, s]
        if damage[side, s] <= hull[side, g] and status[side, g] != LEFT:
            n += 1
    return n


@jit_inline
def _strength(
    ship_group: Ints, damage: Ints, hull: Ints, status: Ints, firepower: Floats, side: int,
    n_ships: Ints,
) -> float:  # fmt: skip
    """Firepower x durability of the ships of ``side`` in the sector (the retreat heuristic's
    measure)."""
    fire = 0.0
    hp = 0.0
    for s in range(n_ships[side]):
        g = ship_group[side, s]
        if damage[side, s] <= hull[side, g] and status[side, g] != LEFT:
            fire += firepower[side, g]
            hp += hull[side, g] - damage[side, s] + 1
    return fire * hp


@jit_inline
def _repair(
    ship_group: Ints, damage: Ints, hull: Ints, status: Ints, morph: Ints, side: int,
    n_ships: Ints,
) -> None:  # fmt: skip
    """End of an engagement round: each ship of ``side`` in the sector repairs ``morph``
    damage."""
    for s in range(n_ships[side]):
        g = ship_group[side, s]
        if morph[side, g] > 0 and damage[side, s] <= hull[side, g] and status[side, g] != LEFT:
            damage[side, s] = max(0, damage[side, s] - morph[side, g])


@jit_inline
def _volley(
    rng: np.random.Generator,
    side: int,
    g: int,
    n: int,
    kind: int,
    splitter: bool,
    dice: Ints,
    need: Ints,
    ship_group: Ints,
    damage: Ints,
    hull: Ints,
    status: Ints,
    alive: Ints,
    rift: Bools,
    rank: Floats,
    n_ships: Ints,
    n_groups: Ints,
    die_damage: Ints,
    rift_enemy: Ints,
    rift_self: Ints,
    hit_damage: Ints,
    hit_reach: Ints,
    needs: Ints,
    order: Ints,
    keys: Floats,
    flags: Bools,
    scratch: Ints,
) -> None:
    """Roll the ``kind`` dice (per colour; pink = rift) of ``n`` ships of group ``g`` of
    ``side`` and assign the hits: to the enemy by ``rank[enemy]``, rift self-damage to the
    side's own rift ships by ``rank[2 + side]`` (size). The arrays after ``rift_self`` are
    work space (``needs[side]`` is the roll needed per group of ``side``; see
    ``calc.targeting.assign_by_rank_into`` for the rest)."""
    enemy = 1 - side
    n_enemy_groups = n_groups[enemy]
    for h in range(n_enemy_groups):
        if alive[enemy, h] > 0 and status[enemy, h] != LEFT:
            needs[enemy, h] = need[side, g, h]
        else:
            needs[enemy, h] = UNREACHABLE
    m = 0
    self_points = 0
    for c in range(4):
        k = n * dice[side, kind, g, c]
        for _ in range(k):
            r = int(rng.random() * 6.0) + 1  # ~20x faster than rng.integers here
            reach = -1
            for h in range(n_enemy_groups):
                t = needs[enemy, h]
                if t <= r and t > reach:
                    reach = t
            if reach < 0:
                continue
            if splitter and c == 3:
                for _p in range(die_damage[c]):
                    hit_damage[m] = 1
                    hit_reach[m] = reach
                    m += 1
            else:
                hit_damage[m] = die_damage[c]
                hit_reach[m] = reach
                m += 1
    for _ in range(n * dice[side, kind, g, 4]):
        face = int(rng.random() * 6.0)
        if rift_enemy[face] > 0:
            hit_damage[m] = rift_enemy[face]
            hit_reach[m] = RIFT_REACH_VALUE
            m += 1
        self_points += rift_self[face]
    if m > 0:
        # Largest damage first, then lowest reach (the order of calc.dice outcomes).
        for i in range(1, m):
            j = i
            while j > 0 and (
                hit_damage[j] > hit_damage[j - 1]
                or (hit_damage[j] == hit_damage[j - 1] and hit_reach[j] < hit_reach[j - 1])
            ):
                hit_damage[j], hit_damage[j - 1] = hit_damage[j - 1], hit_damage[j]
                hit_reach[j], hit_reach[j - 1] = hit_reach[j - 1], hit_reach[j]
                j -= 1
        assign_by_rank_into(
            hit_damage, hit_reach, m, ship_group, damage, enemy, n_ships[enemy], hull, needs,
            rank, enemy, order, keys, flags, scratch,
        )  # fmt: skip
    if self_points > 0:
        for h in range(n_groups[side]):
            needs[side, h] = 0 if rift[side, h] and status[side, h] != LEFT else UNREACHABLE
        for i in range(self_points):
            hit_damage[i] = 1
            hit_reach[i] = RIFT_REACH_VALUE
        assign_by_rank_into(
            hit_damage, hit_reach, self_points, ship_group, damage, side, n_ships[side], hull,
            needs, rank, 2 + side, order, keys, flags, scratch,
        )  # fmt: skip


@jit
def simulate(
    rng: np.random.Generator,
    n_battles: int,
    ship_group: Ints,
    start_damage: Ints,
    n_ships: Ints,
    n_groups: Ints,
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
    """Simulate ``n_battles`` battles (see module doc for the layout: ``ship_group``,
    ``start_damage`` [side, ship]; ``hull``, ``rift``, ``size``, ``threat``, ``morph`` [side,
    group]; ``dice`` [side, MISSILES or CANNONS, group, colour]; ``need`` [side, group, enemy
    group], the roll needed). ``retreat_below[side]`` < 0 means the side never retreats;
    otherwise a ship type retreats at its activation when its side's strength share
    (firepower x durability) is below it. Writes, per battle, the winner code, survivors and
    ships destroyed by combat per side and group, engagement rounds, ships saved by
    retreating, whether each side retreated and whether it keeps the participation tile; and,
    if ``out_damage`` has rows, every ship's final damage and every group's status."""
    n_slots = slot_side.shape[0]
    width = hull.shape[1]
    damage = np.empty_like(start_damage)
    status = np.zeros((2, width), dtype=np.int64)
    alive = np.zeros((2, width), dtype=np.int64)
    hit_damage = np.empty(max_hits, dtype=np.int64)
    hit_reach = np.empty(max_hits, dtype=np.int64)
    needs = np.empty((2, width), dtype=np.int64)
    order = np.empty(ship_group.shape[1], dtype=np.int64)
    keys = np.empty(ship_group.shape[1], dtype=np.float64)
    flags = np.empty(2 * max_hits, dtype=np.bool_)
    scratch = np.empty(6 * max_hits, dtype=np.int64)
    # rank[t]: how the enemy of side t ranks t's groups (threat if it plays greedy, else size);
    # rank[2 + t]: size, for rift self-damage.
    rank = np.zeros((4, width), dtype=np.float64)
    firepower = np.zeros((2, width), dtype=np.float64)
    totals = np.zeros((2, 2, width), dtype=np.int64)
    armed = np.zeros((2, width), dtype=np.bool_)
    for side in range(2):
        for g in range(n_groups[side]):
            rank[side, g] = threat[side, g] if greedy[1 - side] else size[side, g]
            rank[2 + side, g] = size[side, g]
            firepower[side, g] = threat[side, g] / 1000.0
            for kind in range(2):
                totals[side, kind, g] = dice[side, kind, g].sum()
            armed[side, g] = totals[side, CANNONS, g] > 0
    any_morph = morph.sum() > 0
    declared = np.zeros(2, dtype=np.bool_)
    all_retreat = np.zeros(2, dtype=np.bool_)
    for b in range(n_battles):
        damage[:] = start_damage
        status[:] = 0
        declared[:] = False
        all_retreat[:] = False
        for side in range(2):
            _count(ship_group, damage, hull, side, n_ships, n_groups, alive)
        winner = WINNER_UNFINISHED
        rounds = 0
        j = 0
        in_round = False
        while True:
            if j == n_slots or (j == first_round and not in_round):
                if in_round and any_morph:
                    # End of an engagement round: Morph Shields repair.
                    for side in range(2):
                        _repair(ship_group, damage, hull, status, morph, side, n_ships)
                j = first_round
                in_round = True
                if j == n_slots or (
                    not _armed_present(alive, status, armed, 0, n_groups)
                    and not _armed_present(alive, status, armed, 1, n_groups)
                ):
                    winner = WINNER_STALEMATE
                    break
                if rounds >= max_rounds:
                    break
                rounds += 1
            side = slot_side[j]
            g = slot_group[j]
            missiles = j < first_round
            n = alive[side, g]
            acted = False
            if n > 0 and status[side, g] != LEFT:
                if status[side, g] == 1 and not missiles:
                    status[side, g] = LEFT  # the retreating ships leave at their next activation
                    acted = True
                else:
                    retreat = False
                    if not missiles and retreat_below[side] >= 0.0:
                        own = _strength(ship_group, damage, hull, status, firepower, side, n_ships)
                        other = _strength(
                            ship_group, damage, hull, status, firepower, 1 - side, n_ships
                        )
                        share = own / (own + other) if own + other > 0.0 else 0.5
                        retreat = share < retreat_below[side]
                    if retreat:
                        status[side, g] = 1
                        declared[side] = True
                        fighting = False
                        for s in range(n_ships[side]):
                            h = ship_group[side, s]
                            if status[side, h] == 0 and damage[side, s] <= hull[side, h]:
                                fighting = True
                        if not fighting:
                            all_retreat[side] = True
                        acted = True
                    else:
                        kind = MISSILES if missiles else CANNONS
                        if totals[side, kind, g] > 0:
                            _volley(
                                rng, side, g, n, kind, splitter[side] and not missiles, dice,
                                need, ship_group, damage, hull, status, alive, rift, rank,
                                n_ships, n_groups, die_damage, rift_enemy, rift_self,
                                hit_damage, hit_reach, needs, order, keys, flags, scratch,
                            )  # fmt: skip
                            acted = True
            if acted:
                for side in range(2):
                    _count(ship_group, damage, hull, side, n_ships, n_groups, alive)
                in_a = _present(alive, status, 0, n_groups)
                in_d = _present(alive, status, 1, n_groups)
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
            # ``alive`` is up to date: it is recounted after every action, and neither repair
            # nor leaving the sector changes it.
            saved = 0
            for g in range(n_groups[side]):
                out_destroyed[b, side, g] = 0
                out_survivors[b, side, g] = alive[side, g]
                if status[side, g] != 0:
                    saved += alive[side, g]
                elif side == 0 and unresolved:
                    # A stalemate counts for the defender: the attacker's ships in the sector
                    # retreat if it can, else they are destroyed (not by combat).
                    if escapes:
                        saved += alive[side, g]
                    else:
                        out_survivors[b, side, g] = 0
            for s in range(n_ships[side]):
                g = ship_group[side, s]
                if damage[side, s] > hull[side, g]:
                    out_destroyed[b, side, g] += 1
            out_saved[b, side] = saved
        stalemate_escape = (
            unresolved and escapes and _in_sector(ship_group, damage, hull, status, 0, n_ships) > 0
        )
        out_retreated[b, 0] = declared[0] or stalemate_escape
        out_retreated[b, 1] = declared[1]
        out_participated[b, 0] = not (all_retreat[0] or stalemate_escape)
        out_participated[b, 1] = not all_retreat[1]
        if out_damage.shape[0] > 0:
            out_damage[b] = damage
            out_status[b] = status
