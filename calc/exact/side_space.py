"""All states of one side inside the exact solver, numbered, with what the loops need.

A side's full state is ``(groups, statuses, flags)``:

* ``groups``: per ship type, living ships per damage level (``calc.rules.battle_state.SideState``);
* ``statuses``: per ship type, 0 fighting, 1 retreating (declared, still in the sector and
  still a target), 2 left (escaped); a type with no living ship has status 0;
* ``flags``: (a retreat was declared, the side tried to retreat with all remaining ships).

Only a side that retreats (``Side.retreats``) has statuses other than 0 and flags other than
(0, 0), so sides that never retreat keep their small state space.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

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
    morph_repair,
)
from calc.rules.dice import RIFT_REACH
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


@dataclass(frozen=True, slots=True)
class SideFacts:
    """Per-state facts of a side, as NumPy arrays indexed by state id."""

    in_sector: np.ndarray
    armed: np.ndarray
    kept: np.ndarray
    sector_value: np.ndarray
    group_alive: np.ndarray
    group_status: np.ndarray
    retreat_next: np.ndarray
    leave_next: np.ndarray
    self_next: np.ndarray
    repair: np.ndarray
    damage: np.ndarray
    group_armed: np.ndarray
    score: np.ndarray

    def as_tuple(self) -> tuple[np.ndarray, ...]:
        """The order ``calc.exact.kernels`` indexes (IN_SECTOR ... GROUP_ARMED)."""
        return (
            self.in_sector,
            self.armed,
            self.kept,
            self.sector_value,
            self.group_alive,
            self.group_status,
            self.retreat_next,
            self.leave_next,
            self.self_next,
            self.repair,
            self.damage,
            self.group_armed,
        )


class SideSpace:
    """All states of one side (see module doc), numbered."""

    def __init__(self, spec: SideSpec, retreats: bool) -> None:
        self.spec = spec
        self.retreats = retreats
        n_groups = len(spec.counts)
        per_group: list[list[tuple[GroupState, int]]] = []
        for count, hull in zip(spec.counts, spec.hulls, strict=True):
            options: list[tuple[GroupState, int]] = []
            for gs in group_states(count, hull):
                allowed: tuple[int, ...] = (
                    (FIGHTING, RETREATING, LEFT) if retreats and any(gs) else (FIGHTING,)
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

    def facts(self, max_self_damage: int) -> SideFacts:
        """Build the per-state arrays (transitions included)."""
        spec = self.spec
        n = len(self.states)
        g_count = max(1, self.n_groups)
        costs = [s.cost for s in spec.stats]
        armed_groups = [s.cannons.total > 0 for s in spec.stats]
        morph = [s.morph for s in spec.stats]
        weight = 2 * g_count + 3
        in_sector = np.zeros(n, dtype=np.int64)
        armed = np.zeros(n, dtype=np.bool_)
        kept = np.zeros(n, dtype=np.float64)
        sector_value = np.zeros(n, dtype=np.float64)
        group_alive = np.zeros((n, g_count), dtype=np.int64)
        group_status = np.zeros((n, g_count), dtype=np.int64)
        retreat_next = np.zeros((n, g_count), dtype=np.int64)
        leave_next = np.zeros((n, g_count), dtype=np.int64)
        self_next = np.zeros((n, max_self_damage + 1), dtype=np.int64)
        repair = np.zeros(n, dtype=np.int64)
        damage = np.zeros(n, dtype=np.int64)
        score = np.zeros(n, dtype=np.int64)
        for i, (groups, statuses, flags) in enumerate(self.states):
            damage_score = 0
            status_weight = int(sum(statuses)) + flags[0] + flags[1]
            for g, (counts, st) in enumerate(zip(groups, statuses, strict=True)):
                alive = sum(counts)
                group_alive[i, g] = alive
                group_status[i, g] = st
                dmg = sum(d * c for d, c in enumerate(counts))
                damage[i] += dmg
                damage_score += dmg + (spec.counts[g] - alive) * (spec.hulls[g] + 1)
                kept[i] += alive * costs[g]
                if st != LEFT:
                    in_sector[i] += alive
                    sector_value[i] += alive * costs[g]
                    if alive and armed_groups[g]:
                        armed[i] = True
                retreat_next[i, g] = i
                leave_next[i, g] = i
                if alive and st == FIGHTING and self.retreats:
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
            score[i] = damage_score * weight + status_weight
            self_next[i, 0] = i
            if max_self_damage:
                needs = tuple(
                    0 if rift and st != LEFT else UNREACHABLE
                    for rift, st in zip(spec.rift_groups, statuses, strict=True)
                )
                for points in range(1, max_self_damage + 1):
                    after = rule_assignment(
                        groups, ((1, RIFT_REACH, points),), needs, spec.hulls, spec.sizes
                    )
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
        return SideFacts(
            in_sector=in_sector,
            armed=armed,
            kept=kept,
            sector_value=sector_value,
            group_alive=group_alive,
            group_status=group_status,
            retreat_next=retreat_next,
            leave_next=leave_next,
            self_next=self_next,
            repair=repair,
            damage=damage,
            group_armed=np.array(armed_groups or [False], dtype=np.bool_),
            score=score,
        )
