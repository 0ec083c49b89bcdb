"""The chance layer: what one volley of dice can do, as (outcome, probability) pairs.

This module owns the hit rule, the dice faces and what a rolled face does. The exact solver
sums over ``volley_outcomes``; Monte Carlo and the game engine roll faces (Monte Carlo with an
explicit ``numpy.random.Generator``, the engine as recorded chance events) and turn each face
into hits with ``die_to_hits``, the one compiled function both call. ``volley_outcomes`` builds
its categories from the same pieces (``die_hit_parts``, ``RIFT_FACES``, ``hit_order_key``), and a
test enumerates faces through ``die_to_hits`` to show the two agree.

**The hit rule.** A 6 always hits and a 1 always misses; otherwise a die hits a target when
roll + the firing ship's computers - the target's shields >= 6. So against a target a firing
type needs a roll of at least ``hit_threshold(computer, shield)`` (between 2 and 6). A die that
rolls ``v`` can hit every target whose threshold is at most ``v``: its *reach* is ``v``.

**A face to hits** (``die_to_hits``): a standard die rolling ``face`` hits every living target
type whose threshold is at most ``face``; it is kept as one hit with *reach* = the highest such
threshold (or lost if there is none). A hit does the die's damage to one ship, except that with
the Antimatter Splitter a red die's four damage may be split freely, so it becomes four 1-damage
hits of the same reach. A rift die's face gives (damage to the target, damage to one of the
firing side's own rift ships); its hits reach every target (``RIFT_REACH``). Hits are kept in
*hit order*: largest damage first, then lowest reach.

**Outcomes as counts, not sequences.** Against targets with distinct thresholds
t1 < t2 < ... < tL, a die lands in one of L + 1 categories (miss, or reach t1, ..., reach tL) with
probabilities (t1 - 1)/6, (t2 - t1)/6, ..., (7 - tL)/6. The dice of one colour fall into the
categories as a multinomial count; colours are independent. Rift dice ignore computers and
shields and have their own six faces (``RIFT_FACES``).

>>> hit_threshold(computer=1, shield=0)
5
>>> [round(p, 4) for p in hit_categories((5,))]
[0.6667, 0.3333]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import factorial

import numpy as np
from numpy.typing import NDArray

from blueprints import Dice, DieColour
from blueprints.enums import STANDARD_COLOURS
from calc._jit import jit, jit_inline
from calc.rules.targeting import GROUP_NEED, HIT_DAMAGE, HIT_REACH, UNREACHABLE, WORK_ROWS

RIFT_REACH = 99
"""Reach of a rift hit: it ignores shields, so it can hit every target."""

RIFT_FACES: tuple[tuple[int, int], ...] = ((1, 0), (2, 0), (3, 1), (0, 1), (0, 0), (0, 0))
"""The rift die's six faces as (damage to the target, damage to one of your own rift ships).

Sources: the New Dangers text (001) and RULINGS.md; game-data-notes section 1 (the 1-damage face
has no self-damage: S2's art and S3 against S2's code)."""

DIE_COLOURS: tuple[DieColour, ...] = (*STANDARD_COLOURS, DieColour.PINK)
"""Colour codes of the compiled functions: index 0-3 the standard colours, 4 the rift die."""
RED_CODE = DIE_COLOURS.index(DieColour.RED)
PINK_CODE = DIE_COLOURS.index(DieColour.PINK)
COLOUR_DAMAGE: tuple[int, ...] = tuple(c.damage for c in STANDARD_COLOURS)
RIFT_TO_ENEMY: tuple[int, ...] = tuple(f[0] for f in RIFT_FACES)
RIFT_TO_SELF: tuple[int, ...] = tuple(f[1] for f in RIFT_FACES)
HIT_ORDER_SCALE = 1_000
"""Reaches are below this (``RIFT_REACH`` included), so ``hit_order_key`` orders by damage
first."""

# The rift die's distinct faces with their probabilities (the two blanks merged).
_RIFT_CATEGORIES: tuple[tuple[tuple[int, int], float], ...] = (
    ((1, 0), 1 / 6),
    ((2, 0), 1 / 6),
    ((3, 1), 1 / 6),
    ((0, 1), 1 / 6),
    ((0, 0), 2 / 6),
)


def hit_threshold(computer: int, shield: int) -> int:
    """The lowest roll that hits: 6 - computer + shield, but never below 2 or above 6."""
    return min(6, max(2, 6 - computer + shield))


def die_hits(roll: int, computer: int, shield: int) -> bool:
    """Whether one die roll hits (the rule exactly as written, used by references and tests)."""
    if roll == 6:
        return True
    if roll == 1:
        return False
    return roll + computer - shield >= 6


@jit_inline
def die_hit_parts(damage: int, split: bool) -> tuple[int, int]:
    """A hitting standard die's hits as (damage of each hit, number of hits): one hit of its
    damage, or with ``split`` (Antimatter Splitter, red dice) ``damage`` hits of 1."""
    if split:
        return 1, damage
    return damage, 1


@jit_inline
def hit_order_key(damage: int, reach: int) -> int:
    """Sort key of hit order: largest damage first, then lowest reach."""
    return reach - damage * HIT_ORDER_SCALE


@jit_inline
def face_reach(face: int, groups: NDArray[np.int64], side: int, n_groups: int) -> int:
    """The reach of a standard die showing ``face`` against the target types of ``side``: the
    highest roll needed (``groups[side, GROUP_NEED, h]``) that is at most ``face``, or -1 when it
    hits none. (Thresholds are 2-6, so a 1 always misses and a 6 hits every living type.)"""
    best = -1
    for h in range(n_groups):
        need = groups[side, GROUP_NEED, h]
        if best < need <= face:
            best = need
    return best


@jit_inline
def die_to_hits(
    colour: int,
    face: int,
    splitter: bool,
    groups: NDArray[np.int64],
    side: int,
    n_groups: int,
    work: NDArray[np.int64],
    m: int,
) -> tuple[int, int]:
    """One rolled die (``colour`` a ``DIE_COLOURS`` code, ``face`` 1-6) against the targets of
    ``side`` (their needs in ``groups``, the ``calc.rules.targeting`` layout): writes its hits
    into ``work[HIT_DAMAGE | HIT_REACH, m:]`` and returns (the new hit count, the points of rift
    self-damage). ``splitter``: the firing side has the Antimatter Splitter (cannons only)."""
    if colour == PINK_CODE:
        to_enemy = RIFT_TO_ENEMY[face - 1]
        if to_enemy > 0:
            work[HIT_DAMAGE, m] = to_enemy
            work[HIT_REACH, m] = RIFT_REACH
            m += 1
        return m, RIFT_TO_SELF[face - 1]
    reach = face_reach(face, groups, side, n_groups)
    if reach < 0:
        return m, 0
    damage, count = die_hit_parts(COLOUR_DAMAGE[colour], splitter and colour == RED_CODE)
    for _ in range(count):
        work[HIT_DAMAGE, m] = damage
        work[HIT_REACH, m] = reach
        m += 1
    return m, 0


@jit_inline
def sort_hits(work: NDArray[np.int64], m: int) -> None:
    """Put the first ``m`` hits of ``work`` in hit order (insertion sort: m is small and this
    allocates nothing)."""
    for i in range(1, m):
        j = i
        while j > 0 and hit_order_key(work[HIT_DAMAGE, j], work[HIT_REACH, j]) < hit_order_key(
            work[HIT_DAMAGE, j - 1], work[HIT_REACH, j - 1]
        ):
            for row in (HIT_DAMAGE, HIT_REACH):
                work[row, j], work[row, j - 1] = work[row, j - 1], work[row, j]
            j -= 1


@jit
def faces_to_hits(
    colours: NDArray[np.int64],
    faces: NDArray[np.int64],
    splitter: bool,
    groups: NDArray[np.int64],
    side: int,
    n_groups: int,
    work: NDArray[np.int64],
) -> tuple[int, int]:
    """Every rolled die of a volley (``colours[i]`` showing ``faces[i]``) to hits in hit order
    (``die_to_hits`` then ``sort_hits``): returns (hits, rift self-damage points)."""
    m = 0
    self_points = 0
    for i in range(colours.shape[0]):
        m, points = die_to_hits(colours[i], faces[i], splitter, groups, side, n_groups, work, m)
        self_points += points
    sort_hits(work, m)
    return m, self_points


def hits_of_faces(
    faces: Sequence[tuple[DieColour, int]], needs: Sequence[int], splitter: bool
) -> tuple[tuple[tuple[int, int, int], ...], int]:
    """Rolled dice (``(colour, face)``, face 1-6) against target types whose rolls needed are
    ``needs``: the hits as ``(damage, reach, count)`` in hit order and the points of rift
    self-damage. The game engine calls this; it is ``faces_to_hits``, the compiled code Monte
    Carlo runs, on small arrays.

    >>> hits_of_faces([(DieColour.YELLOW, 6), (DieColour.RED, 5)], (5, 6), False)
    (((4, 5, 1), (1, 6, 1)), 0)
    """
    n_groups = max(1, len(needs))
    groups = np.full((1, 2, n_groups), UNREACHABLE, dtype=np.int64)
    groups[0, GROUP_NEED, : len(needs)] = needs
    colours = np.array([DIE_COLOURS.index(c) for c, _ in faces], dtype=np.int64)
    rolled = np.array([f for _, f in faces], dtype=np.int64)
    work = np.zeros((WORK_ROWS, max(1, 4 * len(faces))), dtype=np.int64)
    m, self_points = faces_to_hits(colours, rolled, splitter, groups, 0, n_groups, work)
    merged: list[tuple[int, int, int]] = []
    for i in range(m):
        damage, reach = int(work[HIT_DAMAGE, i]), int(work[HIT_REACH, i])
        if merged and merged[-1][:2] == (damage, reach):
            merged[-1] = (damage, reach, merged[-1][2] + 1)
        else:
            merged.append((damage, reach, 1))
    return tuple(merged), int(self_points)


def hit_categories(thresholds: Sequence[int]) -> tuple[float, ...]:
    """Probabilities of miss and of each reach, for sorted distinct thresholds.

    ``thresholds`` are ascending and distinct; the result has ``len(thresholds) + 1`` entries:
    P(miss) then P(the die reaches exactly ``thresholds[k]``, but not the next one).
    """
    probs = [(thresholds[0] - 1) / 6] if thresholds else [1.0]
    for k, t in enumerate(thresholds):
        upper = thresholds[k + 1] if k + 1 < len(thresholds) else 7
        probs.append((upper - t) / 6)
    return tuple(probs)


@dataclass(frozen=True, slots=True)
class VolleyOutcome:
    """What a volley did: hits as (damage, reach, count) with the largest damage first, and
    the points of damage it does to the firing side's own rift ships."""

    hits: tuple[tuple[int, int, int], ...]
    self_damage: int = 0

    @property
    def is_miss(self) -> bool:
        """Nothing happened: no hit and no self-damage."""
        return not self.hits and not self.self_damage

    @property
    def hit_count(self) -> int:
        """Number of hits (dice that hit; split antimatter counts per point)."""
        return sum(c for _, _, c in self.hits)


def _compositions(n: int, parts: int) -> Iterator[tuple[int, ...]]:
    """All ways to write n as an ordered sum of ``parts`` non-negative integers."""
    if parts == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in _compositions(n - first, parts - 1):
            yield (first, *rest)


def _multinomial(counts: Sequence[int], probs: Sequence[float]) -> float:
    coef = factorial(sum(counts))
    p = 1.0
    for k, q in zip(counts, probs, strict=True):
        coef //= factorial(k)
        if k:
            p *= q**k
    return coef * p


@lru_cache(maxsize=200_000)
def volley_outcomes(
    dice: Dice, thresholds: tuple[int, ...], splitter: bool = False
) -> tuple[tuple[VolleyOutcome, float], ...]:
    """Every distinct outcome of rolling ``dice`` at targets with these thresholds.

    ``dice`` are all dice the activation rolls (ships x dice per ship). ``thresholds`` are the
    sorted distinct hit thresholds of the living targets for the firing type's computers.
    With ``splitter`` (Antimatter Splitter) each red hit becomes four 1-damage hits of the
    same reach, which the assigner may put on different targets. Probabilities sum to 1.

    >>> out = volley_outcomes(Dice(yellow=1), (5,))
    >>> [(o.hits, round(p, 4)) for o, p in out]
    [((), 0.6667), (((1, 5, 1),), 0.3333)]
    """
    per_colour: list[list[tuple[tuple[tuple[int, int, int], ...], float]]] = []
    cat_probs = hit_categories(thresholds)
    for colour in STANDARD_COLOURS:
        n = dice.count(colour)
        if not n:
            continue
        damage = colour.damage
        options = []
        for counts in _compositions(n, len(cat_probs)):
            p = _multinomial(counts, cat_probs)
            if p == 0.0:
                continue
            hits = []
            hit_damage, per_die = die_hit_parts(damage, splitter and colour is DieColour.RED)
            for k, c in enumerate(counts[1:]):
                if c:
                    hits.append((hit_damage, thresholds[k], c * per_die))
            options.append((tuple(hits), p))
        per_colour.append([(h, p) for h, p in options])
    rift_options: list[tuple[tuple[tuple[int, int, int], ...], int, float]] = [((), 0, 1.0)]
    if dice.pink:
        rift_options = []
        faces = [f for f, _ in _RIFT_CATEGORIES]
        face_probs = [p for _, p in _RIFT_CATEGORIES]
        for counts in _compositions(dice.pink, len(faces)):
            p = _multinomial(counts, face_probs)
            hits_by_damage: dict[int, int] = {}
            self_damage = 0
            for (to_enemy, to_self), c in zip(faces, counts, strict=True):
                if c and to_enemy:
                    hits_by_damage[to_enemy] = hits_by_damage.get(to_enemy, 0) + c
                self_damage += to_self * c
            rift_hits = tuple((d, RIFT_REACH, c) for d, c in hits_by_damage.items())
            rift_options.append((rift_hits, self_damage, p))
    merged: dict[VolleyOutcome, float] = {}
    for combo, p in _product(per_colour):
        for rift_hits, self_damage, q in rift_options:
            outcome = _normalise(combo + rift_hits, self_damage)
            merged[outcome] = merged.get(outcome, 0.0) + p * q
    return tuple(sorted(merged.items(), key=lambda item: _outcome_key(item[0])))


def _product(
    per_colour: list[list[tuple[tuple[tuple[int, int, int], ...], float]]],
) -> Iterator[tuple[tuple[tuple[int, int, int], ...], float]]:
    if not per_colour:
        yield (), 1.0
        return
    head, *tail = per_colour
    for hits, p in head:
        for rest, q in _product(tail):
            yield hits + rest, p * q


def _normalise(hits: tuple[tuple[int, int, int], ...], self_damage: int) -> VolleyOutcome:
    merged: dict[tuple[int, int], int] = {}
    for damage, reach, count in hits:
        merged[(damage, reach)] = merged.get((damage, reach), 0) + count
    ordered = tuple(
        (d, r, c) for (d, r), c in sorted(merged.items(), key=lambda kv: hit_order_key(*kv[0]))
    )
    return VolleyOutcome(ordered, self_damage)


def _outcome_key(o: VolleyOutcome) -> tuple[int, tuple[tuple[int, int, int], ...], int]:
    return (o.hit_count, o.hits, o.self_damage)
