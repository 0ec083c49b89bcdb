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
