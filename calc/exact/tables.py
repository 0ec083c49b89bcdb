"""The named tables and codes the exact solver's Python side builds and its kernels read.

numba compiles a ``typing.NamedTuple`` of arrays with attribute access and reads ``IntEnum``
members as integer constants, so producer (``calc.exact.side_space``, ``calc.exact.solver``) and
kernels (``calc.exact.kernels``, ``calc.exact.kernels_plain``, ``calc.exact.blocks``) share these
definitions: a field is read by its name, a code by its enum, nowhere by position or literal.

Integer ids, named as python-chess names its integers:

* a *side-state id* (``SideStateId``) numbers one side's full states (``calc.exact.side_space``);
* a *joint state* (``JointState``) is ``attacker_id * n_defender_states + defender_id``;
* a *slot* (``SlotIndex``) is one activation in the engagement order: missile slots
  ``0 .. first_round - 1``, then one engagement round ``first_round .. n_slots - 1``;
* an *entry* (``EntryIndex``) is one tabulated volley: (slot, ships firing, enemy state).
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

Ints = NDArray[np.int64]
Floats = NDArray[np.float64]
Bools = NDArray[np.bool_]

SideStateId = int
JointState = int
SlotIndex = int
EntryIndex = int


class Value(IntEnum):
    """Components of a state's value vector. The plain path keeps the first one (no side plays
    optimally) or the first three (ties under optimal play are broken by the kept values); the
    general loops keep all four (a retreat rule may compare P(defender wins))."""

    P_ATTACKER = 0
    KEPT_ATTACKER = 1
    KEPT_DEFENDER = 2
    P_DEFENDER = 3


N_VALUES = 4
TIE_VALUES = 3
"""The components a hit assignment compares: P(attacker wins) and the two kept values."""


class SlotKind(IntEnum):
    """What the firing group of a slot may do in a given state."""

    SKIP = 0
    """No living ship, or it left, or it has nothing to fire and cannot retreat."""
    ATTACK = 1
    ATTACK_OR_RETREAT = 2
    PASS_OR_RETREAT = 3
    """Unarmed but able to declare a retreat."""
    LEAVE = 4
    """Declared a retreat at an earlier activation: it leaves the sector now."""


class RetreatMode(IntEnum):
    """A side's retreat rule as the kernels apply it (``calc.battle.model.Retreat``)."""

    NEVER = 0
    THRESHOLD = 1
    OPTIMAL_WIN = 2
    OPTIMAL_VALUE = 3


class SideTables(NamedTuple):
    """Per side-state facts of one side, indexed by side-state id (built by
    ``calc.exact.side_space.SideSpace.tables``)."""

    in_sector: Ints
    """Living ships that have not left the sector."""
    kept: Floats
    """Build value of the living ships (in the sector or escaped)."""
    sector_value: Floats
    """Build value of the living ships still in the sector."""
    round_damage: Ints
    """The stalemate rule's best round of the fighting ships (``calc.rules.stalemate``)."""
    toughness: Ints
    """The stalemate rule's least ``min(morph, hull - damage)`` over the ships in the sector."""
    damage: Ints
    """Total damage on living ships (the last tie-break of a hit assignment)."""
    group_alive: Ints
    """``[state, group]``: living ships of the group."""
    group_status: Ints
    """``[state, group]``: the group's ``calc.rules.battle_state.Status``."""
    retreat_next: Ints
    """``[state, group]``: the state after the group declares a retreat (itself if it cannot)."""
    leave_next: Ints
    """``[state, group]``: the state after the retreating group leaves (itself if none)."""
    self_next: Ints
    """``[state, points]``: the state after ``points`` of rift self-damage."""
    repair: Ints
    """The state after the end-of-round Morph Shield repair (itself without Morph Shields)."""
    coarse: Ints
    """The score without the damage of Morph Shield groups: no transition lowers it, and only
    hits on Morph ships that destroy nothing and the repair keep it (``calc.exact.blocks``)."""
    cyclic: Bools
    """Whether the state has living Morph ships whose damage can vary (a cyclic block)."""
    group_armed: Bools
    """``[group]``: whether the ship type has cannons."""
    group_mobile: Bools
    """``[group]``: whether the ship type can retreat (``battle_state.can_retreat``)."""


class VolleyTables(NamedTuple):
    """CSR tables of the volley outcomes (built by ``calc.exact.solver.build_tables``).

    Per slot: the firing side and group, the first entry of its table and the number of enemy
    states. An entry (slot, ships firing ``n``, enemy state ``e``) is
    ``slot_base[slot] + (n - 1) * slot_enemies[slot] + e``; it lists its outcomes other than
    "nothing happened" (``entry_start``), whose probability is ``entry_miss``. An outcome lists
    the enemy states its hits can produce (``out_cand`` into ``cand``: one unless the firing
    side plays optimally) and the rift self-damage it does to the firing side."""

    slot_side: Ints
    slot_group: Ints
    slot_base: Ints
    slot_enemies: Ints
    entry_miss: Floats
    entry_start: Ints
    out_prob: Floats
    out_self: Ints
    out_cand: Ints
    cand: Ints


class Rules(NamedTuple):
    """Everything fixed about one battle that the kernels read, in one argument."""

    n_def: int
    """Defender side states: a joint state is ``attacker_id * n_def + defender_id``."""
    first_round: SlotIndex
    n_slots: int
    attacker: SideTables
    defender: SideTables
    volleys: VolleyTables
    modes: Ints
    """``[side]``: the ``RetreatMode``."""
    below: Floats
    """``[side]``: the threshold of a ``THRESHOLD`` retreat rule."""
    escapes: bool
    """Whether the attacker's ships escape at a stalemate (it can retreat) or are destroyed."""


# ----- what the compiled loops read ----------------------------------------------------------


class IntRow(IntEnum):
    """Rows of ``PackedTables.ints[side, row, state]`` (the ``SideTables`` field of that name)."""

    IN_SECTOR = 0
    ROUND_DAMAGE = 1
    TOUGHNESS = 2
    DAMAGE = 3
    REPAIR = 4


class FloatRow(IntEnum):
    """Rows of ``PackedTables.floats[side, row, state]``."""

    KEPT = 0
    SECTOR_VALUE = 1


class GroupRow(IntEnum):
    """Rows of ``PackedTables.groups[side, row, state, group]``."""

    ALIVE = 0
    STATUS = 1
    RETREAT_NEXT = 2
    LEAVE_NEXT = 3


class FlagRow(IntEnum):
    """Rows of ``PackedTables.flags[side, row, group]``."""

    ARMED = 0
    DECLARES_RETREATS = 1
    """The ship type can retreat and its side's retreat rule is not ``RetreatMode.NEVER``."""


class SlotRow(IntEnum):
    """Rows of ``PackedTables.slots[row, slot]`` (the ``VolleyTables`` field ``slot_<row>``)."""

    SIDE = 0
    GROUP = 1
    BASE = 2
    ENEMIES = 3


class PackedTables(NamedTuple):
    """The arrays the compiled loops read, both sides' facts packed side first (built by
    ``pack``). Why packed: numba counts atomic references on the arrays bound to the parameters
    of a helper it inlines, and it cannot prove the pairs useless when many arrays are passed
    or one side's array is picked by an ``if``; with the whole ``Rules`` passed down to a helper
    per candidate assignment the loops ran 2 to 4 times slower. So the hot helpers take a few
    of these arrays and a side index, never a tuple of arrays.

    Per-state facts are padded to the larger side's state count: ``ints[side, IntRow, state]``,
    ``floats[side, FloatRow, state]``, ``groups[side, GroupRow, state, group]``,
    ``self_next[side, state, points]`` (after rift self-damage); per ship type
    ``flags[side, FlagRow, group]``; per side the retreat rule ``modes[side]``
    (``RetreatMode``) and threshold ``below[side]``. The volley tables are those of
    ``VolleyTables``, with the per-slot rows in ``slots[SlotRow, slot]``."""

    ints: Ints
    floats: Floats
    groups: Ints
    flags: Bools
    self_next: Ints
    modes: Ints
    below: Floats
    slots: Ints
    entry_miss: Floats
    entry_start: Ints
    out_prob: Floats
    out_self: Ints
    out_cand: Ints
    cand: Ints


class Shape(NamedTuple):
    """The scalars of ``Rules`` the compiled loops read (a tuple of scalars costs no reference
    counting, so helpers may take it whole)."""

    n_def: int
    first_round: SlotIndex
    n_slots: int
    escapes: bool


def shape_of(r: Rules) -> Shape:
    """The scalars of a battle's ``Rules``."""
    return Shape(n_def=r.n_def, first_round=r.first_round, n_slots=r.n_slots, escapes=r.escapes)


def pack(r: Rules) -> PackedTables:
    """The packed tables of a battle (``Rules`` read field by field, by name)."""
    sides = (r.attacker, r.defender)
    n = max(len(t.in_sector) for t in sides)
    n_groups = max(t.group_alive.shape[1] for t in sides)
    points = max(t.self_next.shape[1] for t in sides)
    ints = np.zeros((2, len(IntRow), n), dtype=np.int64)
    floats = np.zeros((2, len(FloatRow), n), dtype=np.float64)
    groups = np.zeros((2, len(GroupRow), n, n_groups), dtype=np.int64)
    flags = np.zeros((2, len(FlagRow), n_groups), dtype=np.bool_)
    self_next = np.zeros((2, n, points), dtype=np.int64)
    for side, t in enumerate(sides):
        k = len(t.in_sector)
        g = t.group_alive.shape[1]
        ints[side, IntRow.IN_SECTOR, :k] = t.in_sector
        ints[side, IntRow.ROUND_DAMAGE, :k] = t.round_damage
        ints[side, IntRow.TOUGHNESS, :k] = t.toughness
        ints[side, IntRow.DAMAGE, :k] = t.damage
        ints[side, IntRow.REPAIR, :k] = t.repair
        floats[side, FloatRow.KEPT, :k] = t.kept
        floats[side, FloatRow.SECTOR_VALUE, :k] = t.sector_value
        groups[side, GroupRow.ALIVE, :k, :g] = t.group_alive
        groups[side, GroupRow.STATUS, :k, :g] = t.group_status
        groups[side, GroupRow.RETREAT_NEXT, :k, :g] = t.retreat_next
        groups[side, GroupRow.LEAVE_NEXT, :k, :g] = t.leave_next
        flags[side, FlagRow.ARMED, : len(t.group_armed)] = t.group_armed
        declares = t.group_mobile & (r.modes[side] != RetreatMode.NEVER)
        flags[side, FlagRow.DECLARES_RETREATS, : len(declares)] = declares
        self_next[side, :k, : t.self_next.shape[1]] = t.self_next
    v = r.volleys
    slots = np.zeros((len(SlotRow), len(v.slot_side)), dtype=np.int64)
    slots[SlotRow.SIDE] = v.slot_side
    slots[SlotRow.GROUP] = v.slot_group
    slots[SlotRow.BASE] = v.slot_base
    slots[SlotRow.ENEMIES] = v.slot_enemies
    return PackedTables(
        ints=ints,
        floats=floats,
        groups=groups,
        flags=flags,
        self_next=self_next,
        modes=np.asarray(r.modes, dtype=np.int64),
        below=np.asarray(r.below, dtype=np.float64),
        slots=slots,
        entry_miss=v.entry_miss,
        entry_start=v.entry_start,
        out_prob=v.out_prob,
        out_self=v.out_self,
        out_cand=v.out_cand,
        cand=v.cand,
    )
