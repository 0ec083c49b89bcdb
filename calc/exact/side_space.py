"""All states of one side inside the exact solver, numbered, with what the loops need.

A side's full state is ``(groups, statuses, flags)``:

* ``groups``: per ship type, living ships per damage level (``calc.rules.battle_state.SideState``);
* ``statuses``: per ship type, a ``calc.rules.battle_state.Status``: fighting, retreating
  (declared, still in the sector and still a target) or left (escaped); a type with no living
  ship is fighting;
* ``flags``: (a retreat was declared, the side tried to retreat with all remaining ships).

Only a side that decides retreats has statuses other than fighting and flags other than (0, 0),
and only for the ship types that can move (``battle_state.can_retreat``: starbases and orbitals
cannot), so sides that never retreat keep their small state space.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import numpy as np

from blueprints import Dice
from calc.exact.tables import SideTables
from calc.rules.assignment import rule_assignment
from calc.rules.battle_state import (
    FIGHTING,
    LEFT,
    NO_FLAGS,
    RETREATING,
    Flags,
    FullSideState,
    GroupState,
    SideSpec,
    SideState,
    Statuses,
    can_retreat,
    morph_repair,
)
from calc.rules.dice import RIFT_REACH
from calc.rules.stalemate import round_damage_of, toughness_of
from calc.rules.targeting import UNREACHABLE


def group_states(count: int, hull: int) -> Iterator[GroupState]:
    """Every multiset of at most ``count`` living ships with damage 0..hull."""

    def rec(level: int, left: int) -> Iterator[tuple[int, ...]]:
        if level == hull:
            for c in range(left + 1):
                yield (c,)
            return
        for c in range(left + 1):
            for rest in rec(level + 1, left - c):
                yield (c, *rest)

    return rec(0, count)


def canonical(groups: SideState, statuses: Statuses, flags: Flags) -> FullSideState:
    """Dead ship types carry status 0."""
    return (
        groups,
        tuple(s if sum(g) else FIGHTING for g, s in zip(groups, statuses, strict=True)),
        flags,
    )


class SideSpace:
    """All states of one side (see module doc), numbered."""

    def __init__(self, spec: SideSpec, retreats: bool) -> None:
        self.spec = spec
        self.retreats = retreats
        n_groups = len(spec.counts)
        self.mobile = tuple(retreats and can_retreat(stats) for stats in spec.stats)
        per_group: list[list[tuple[GroupState, int]]] = []
        for count, hull, mobile in zip(spec.counts, spec.hulls, self.mobile, strict=True):
            options: list[tuple[GroupState, int]] = []
            for gs in group_states(count, hull):
                allowed: tuple[int, ...] = (
                    (FIGHTING, RETREATING, LEFT) if mobile and any(gs) else (FIGHTING,)
                )
                options.extend((gs, st) for st in allowed)
            per_group.append(options)
        flag_options: list[Flags] = [NO_FLAGS, (1, 0), (1, 1)] if retreats else [NO_FLAGS]
        self.states: list[FullSideState] = []
        for combo in itertools.product(*per_group):
            groups = tuple(g for g, _ in combo)
            statuses = tuple(s for _, s in combo)
            for flags in flag_options:
                if not retreats or flags != NO_FLAGS or all(s == FIGHTING for s in statuses):
                    self.states.append((groups, statuses, flags))
        self.index = {s: i for i, s in enumerate(self.states)}
        self.n_groups = n_groups

    def __len__(self) -> int:
        return len(self.states)

    def id_of(self, groups: SideState, statuses: Statuses, flags: Flags) -> int:
        """Id of a (possibly non-canonical) state."""
        return self.index[canonical(groups, statuses, flags)]

    def initial(self) -> int:
        """Id of the side at the start of a battle: everyone fighting."""
        groups = self.spec.initial_state()
        return self.id_of(groups, (FIGHTING,) * len(groups), NO_FLAGS)

    def tables(self, max_self_damage: int) -> SideTables:
        """Build the per-state arrays (transitions included) that the kernels read."""
        spec = self.spec
        n = len(self.states)
        g_count = max(1, self.n_groups)
        costs = [s.cost for s in spec.stats]
        armed_groups = [s.cannons.total > 0 for s in spec.stats]
        morph = [s.morph for s in spec.stats]
        # Scores: a kill outweighs any change of statuses and flags (2 per group, 2 flags).
        weight = 2 * g_count + 3
        in_sector = np.zeros(n, dtype=np.int64)
        kept = np.zeros(n, dtype=np.float64)
        sector_value = np.zeros(n, dtype=np.float64)
        round_damage = np.zeros(n, dtype=np.int64)
        toughness = np.zeros(n, dtype=np.int64)
        group_alive = np.zeros((n, g_count), dtype=np.int64)
        group_status = np.zeros((n, g_count), dtype=np.int64)
        retreat_next = np.zeros((n, g_count), dtype=np.int64)
        leave_next = np.zeros((n, g_count), dtype=np.int64)
        self_next = np.zeros((n, max_self_damage + 1), dtype=np.int64)
        repair = np.zeros(n, dtype=np.int64)
        damage = np.zeros(n, dtype=np.int64)
        coarse = np.zeros(n, dtype=np.int64)
        cyclic = np.zeros(n, dtype=np.bool_)
        for i, (groups, statuses, flags) in enumerate(self.states):
            coarse_damage = 0
            status_weight = int(sum(statuses)) + flags[0] + flags[1]
            fighting: list[tuple[Dice, int]] = []
            in_sector_ships: list[tuple[int, int, int]] = []
            for g, (counts, st) in enumerate(zip(groups, statuses, strict=True)):
                alive = sum(counts)
                hull = spec.hulls[g]
                group_alive[i, g] = alive
                group_status[i, g] = st
                dmg = sum(d * c for d, c in enumerate(counts))
                damage[i] += dmg
                dead = (spec.counts[g] - alive) * (hull + 1)
                # Morph Shield damage comes and goes within a block; kills only add.
                coarse_damage += dead if morph[g] else dmg + dead
                kept[i] += alive * costs[g]
                if st != LEFT:
                    in_sector[i] += alive
                    sector_value[i] += alive * costs[g]
                    in_sector_ships.extend((hull, morph[g], d) for d, c in enumerate(counts) if c)
                    if morph[g] and hull and alive:
                        cyclic[i] = True
                if st == FIGHTING and alive:
                    fighting.append((spec.stats[g].cannons, alive))
                retreat_next[i, g] = i
                leave_next[i, g] = i
                if alive and st == FIGHTING and self.mobile[g]:
                    new_status = list(statuses)
                    new_status[g] = RETREATING
                    fighting_left = any(
                        s2 == FIGHTING and sum(c2)
                        for c2, s2 in zip(groups, new_status, strict=True)
                    )
                    new_flags = (1, flags[1] or (0 if fighting_left else 1))
                    retreat_next[i, g] = self.id_of(groups, tuple(new_status), new_flags)
                if alive and st == RETREATING:
                    new_status = list(statuses)
                    new_status[g] = LEFT
                    leave_next[i, g] = self.id_of(groups, tuple(new_status), flags)
            round_damage[i] = round_damage_of(fighting)
            toughness[i] = toughness_of(in_sector_ships)
            coarse[i] = coarse_damage * weight + status_weight
            self_next[i, 0] = i
            if max_self_damage:
                needs = tuple(
                    0 if rift and st != LEFT else UNREACHABLE
                    for rift, st in zip(spec.rift_groups, statuses, strict=True)
                )
                for points in range(1, max_self_damage + 1):
                    after = rule_assignment(
                        groups, ((1, RIFT_REACH, points),), needs, spec.hulls, spec.sizes,
                        spec.side.npc_reading,
                    )  # fmt: skip
                    self_next[i, points] = self.id_of(after, statuses, flags)
            repaired = []
            for g, (counts, st) in enumerate(zip(groups, statuses, strict=True)):
                if morph[g] and st != LEFT:
                    new = [0] * len(counts)
                    for d, c in enumerate(counts):
                        new[morph_repair(d, morph[g])] += c
                    repaired.append(tuple(new))
                else:
                    repaired.append(counts)
            repair[i] = self.id_of(tuple(repaired), statuses, flags)
        return SideTables(
            in_sector=in_sector,
            kept=kept,
            sector_value=sector_value,
            round_damage=round_damage,
            toughness=toughness,
            damage=damage,
            group_alive=group_alive,
            group_status=group_status,
            retreat_next=retreat_next,
            leave_next=leave_next,
            self_next=self_next,
            repair=repair,
            coarse=coarse,
            cyclic=cyclic,
            group_armed=np.array(armed_groups or [False], dtype=np.bool_),
            group_mobile=np.array(self.mobile or (False,), dtype=np.bool_),
        )
