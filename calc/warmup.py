"""Compile every numba kernel into the on-disk cache, so that no user's first solve waits.

Numba compiles a kernel the first time it is called with a given signature and keeps the
machine code in its cache: next to the sources (``__pycache__``) or under ``NUMBA_CACHE_DIR``
when that is set (numba's own rule; nothing here overrides it). A fresh install therefore spends
tens of seconds compiling on its first exact solve and its first Monte Carlo run. ``warmup()``
does that work up front: it switches the process to compiled kernels (``calc._jit``) and runs
every kernel, through the same entry points users reach, on small battles chosen to take every
path: the plain and the general exact loops (retreats, Morph Shields), every damage-assignment
policy, missiles, rift dice, the Antimatter Splitter, Monte Carlo on the same battles, and the
rules helpers the game engine calls one volley at a time. On a warm cache it only loads the
kernels (about a second) and compiles nothing.

``make run`` and ``make test`` run it after installing (``fleetlab warmup``); the dashboard calls
``warmup()`` when its server starts, so the first page's odds come from loaded kernels.
Whether anything was compiled is read from numba's own counters (each dispatcher's
``stats.cache_misses``), not from timings.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import numpy as np

from blueprints import Dice, DieColour, ShipClass, ShipStats
from calc._jit import dispatchers, use_compiled
from calc.battle.model import (
    Battle,
    Policy,
    Retreat,
    RetreatObjective,
    RetreatPolicy,
    ShipGroup,
    Side,
)
from calc.exact.solver import solve_exact
from calc.montecarlo.simulator import simulate_battle
from calc.rules import is_stalemate, morph_repair, round_damage_of, toughness_of
from calc.rules.dice import hits_of_faces

WARMUP_SAMPLES = 200
"""Monte Carlo battles per warm-up battle: enough to run every path of the kernel once."""


@dataclass(frozen=True, slots=True)
class WarmupReport:
    """What ``warmup()`` did: kernel signatures compiled (0 on a warm cache) and loaded from the
    cache, the CPU seconds it took, and where numba keeps its cache."""

    compiled: int
    loaded: int
    seconds: float
    cache_dir: str

    @property
    def was_warm(self) -> bool:
        """True when nothing had to be compiled."""
        return self.compiled == 0


def cache_dir() -> str:
    """Where numba keeps compiled kernels: ``NUMBA_CACHE_DIR`` if set, else the ``__pycache__``
    folders next to the sources."""
    from numba.core import config

    where: str = getattr(config, "CACHE_DIR", "")
    return where or "__pycache__ next to the sources"


def _ship(
    cls: ShipClass,
    *,
    initiative: int,
    hull: int,
    cannons: Dice,
    computer: int = 0,
    shield: int = 0,
    missiles: Dice | None = None,
    morph: int = 0,
    cost: int = 3,
) -> ShipStats:
    return ShipStats(
        cls,
        initiative=initiative,
        hull=hull,
        computer=computer,
        shield=shield,
        cannons=cannons,
        missiles=missiles or Dice(),
        cost=cost,
        morph=morph,
    )


def warmup_battles() -> tuple[Battle, ...]:
    """Small battles that together take every path of the kernels (see module doc)."""
    raider = _ship(ShipClass.INTERCEPTOR, initiative=3, hull=1, computer=1, cannons=Dice(yellow=1))
    cruiser = _ship(
        ShipClass.CRUISER,
        initiative=2,
        hull=2,
        shield=1,
        cannons=Dice(yellow=1, orange=1),
        missiles=Dice(yellow=2),
    )
    rift = _ship(ShipClass.CRUISER, initiative=1, hull=2, cannons=Dice(pink=1))
    splitter = _ship(ShipClass.DREADNOUGHT, initiative=1, hull=3, cannons=Dice(red=1))
    morph = _ship(ShipClass.CRUISER, initiative=2, hull=2, cannons=Dice(yellow=1), morph=1)
    ancient = ShipGroup.npc("ancient")
    threshold = Retreat(RetreatPolicy.THRESHOLD, below=0.4)
    best = Retreat(RetreatPolicy.OPTIMAL, objective=RetreatObjective.WIN)
    battles = [
        (Side("A", (ShipGroup(raider, 2), ShipGroup(cruiser, 1))), Side("N", (ancient,), npc=True)),
        (
            Side("A", (ShipGroup(raider, 2),), policy=Policy.GREEDY),
            Side("D", (ShipGroup(cruiser, 1, (1,)),), policy=Policy.GREEDY),
        ),
        (
            Side("A", (ShipGroup(rift, 1), ShipGroup(raider, 1))),
            Side("D", (ShipGroup(splitter, 1),), antimatter_splitter=True),
        ),
        (
            Side("A", (ShipGroup(raider, 2),), can_retreat=True, retreat=threshold),
            Side("D", (ShipGroup(cruiser, 1),)),
        ),
        (
            Side("A", (ShipGroup(cruiser, 1),), can_retreat=True, retreat=best),
            Side("D", (ShipGroup(raider, 2),)),
        ),
        (Side("A", (ShipGroup(morph, 1),)), Side("D", (ShipGroup(raider, 1),))),
    ]
    return tuple(Battle.two_sided(a, d) for a, d in battles)


def _engine_helpers() -> None:
    """The rules helpers the game engine calls from Python, one volley at a time."""
    hits_of_faces([(DieColour.YELLOW, 6), (DieColour.RED, 5), (DieColour.PINK, 2)], (5, 6), True)
    fleet = ((Dice(yellow=1), 2),)
    is_stalemate(round_damage_of(fleet), toughness_of(((1, 0, 0),)), 0, toughness_of(((2, 1, 0),)))
    morph_repair(1, 1)


def _simulate(battle: Battle) -> None:
    simulate_battle(battle, np.random.default_rng(0), WARMUP_SAMPLES)


def _misses() -> int:
    return sum(sum(d.stats.cache_misses.values()) for d in dispatchers())


def _hits() -> int:
    return sum(sum(d.stats.cache_hits.values()) for d in dispatchers())


def warmup(progress: Callable[[float], None] | None = None) -> WarmupReport:
    """Compile (or, on a warm cache, load) every kernel; returns what it did.

    ``progress`` receives the fraction done, but only while kernels are being compiled: on a
    warm cache it is never called, so a progress bar drawn on the first call stays hidden.
    Safe to call again (the second call loads nothing new) and from any thread.
    """
    t0 = time.process_time()
    use_compiled()
    misses0, hits0 = _misses(), _hits()
    battles = warmup_battles()
    steps: list[Callable[[], object]] = [_engine_helpers]
    steps += [partial(solve_exact, b) for b in battles]
    steps += [partial(_simulate, b) for b in battles]
    for i, step in enumerate(steps, start=1):
        step()
        if progress is not None and _misses() > misses0:
            progress(i / len(steps))
    return WarmupReport(
        compiled=_misses() - misses0,
        loaded=_hits() - hits0,
        seconds=time.process_time() - t0,
        cache_dir=cache_dir(),
    )
