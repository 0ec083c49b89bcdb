"""How the fleet designer evaluates battles: the ladder with fixed settings, a cache, and the
three ways to run many evaluations (in this process, a process pool, a Dask cluster).

**The ladder, reproducibly.** Every battle (two sides, or a whole sector of several sides in
the designer's whole-sector mode) goes through ``calc.sector.ladder.odds`` with ``method="auto"``
and a ``Budget`` whose state cap is ``Evaluation.max_states`` and whose time cap is so generous that
the state count alone picks the rung: the exact solver with the requested policies when the
battle (in a sector, its largest two-sided battle) has at most ``max_states`` states, else the
exact solver with the greedy policy (if that fits), else Monte Carlo with exactly
``Evaluation.samples`` battles. Monte Carlo's seed is derived from ``Evaluation.seed`` and a
digest of the battle's content, so a battle always gets the same numbers: in any process, on
any worker, in any order, from the cache or not.

**Cache.** Results are kept per (battle, evaluation settings) in a process-wide LRU cache;
``Battle`` values hash, and the designer builds its battles from combat stats only
(``calc.design.space.combat_stats``), so two blueprints that fight alike share one entry.

**Runners.** ``SerialRunner`` evaluates in this process. ``PoolRunner`` uses a
``concurrent.futures.ProcessPoolExecutor`` (forked workers from a single-threaded program,
spawned ones from a threaded one: ``pool_context``). Not from a Streamlit page: while a page
runs, Streamlit puts the page script in ``sys.modules["__main__"]``, and a spawned worker runs
the main module again, so each worker would run the page (and start a pool of its own). The
dashboard therefore evaluates in its own process (``workers=1``). ``DaskRunner``
sends the same function to an existing Dask distributed cluster (``dask[distributed]`` must be
installed where the client runs and Fleetlab on the workers). Runners return results in the
order of the battles given, so the designer's answer does not depend on which runner computed
it or on how many workers it had.
"""

from __future__ import annotations

import hashlib
import importlib
import multiprocessing
import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

from calc.battle.model import Battle, ShipGroup, Side
from calc.battle.result import Method
from calc.errors import DesignError
from calc.sector.ladder import Budget, Request, Rung, odds, plan

EXACT_SECONDS = 3_600.0
"""The ladder's time cap for the designer: large, so that the state count picks the rung."""

EXACT = Rung.EXACT
EXACT_GREEDY = Rung.EXACT_GREEDY
MONTE_CARLO = Rung.MONTE_CARLO
METHODS: tuple[Rung, ...] = tuple(Rung)
"""How a battle was evaluated (the ladder's rungs): exact with the requested policies, exact
with greedy in place of optimal play, or Monte Carlo."""


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Settings of every battle evaluation of one search.

    ``max_states``: largest battle (in states) solved exactly; ``samples``: Monte Carlo battles
    for the larger ones; ``seed``: the base of every Monte Carlo seed.
    """

    max_states: int = 200_000
    samples: int = 4_000
    seed: int = 0

    def __post_init__(self) -> None:
        for name in ("max_states", "samples"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise DesignError(f"{name} must be a whole number >= 1, got {value!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise DesignError(f"seed must be a whole number >= 0, got {self.seed!r}")

    @property
    def budget(self) -> Budget:
        """The ladder budget these settings stand for."""
        return Budget(
            max_states=self.max_states, max_seconds=EXACT_SECONDS, mc_samples=self.samples
        )


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the designer keeps of one battle's result.

    ``lost`` is the expected material lost by each side and ``holds`` P(the side's ships are
    the ones left in the sector), both in the order of ``battle.sides``; ``standard_error`` is
    that of ``attacker_wins`` and ``samples`` the simulated sectors (Monte Carlo only, else 0).
    """

    attacker_wins: float
    defender_wins: float
    draw: float
    lost: tuple[float, ...]
    method: Rung
    standard_error: float | None
    why: str
    holds: tuple[float, ...] = ()
    samples: int = 0


def _group_content(g: ShipGroup) -> tuple[object, ...]:
    return (g.stats, g.count, g.damage, g.label)


def _side_content(s: Side) -> tuple[object, ...]:
    return (
        s.name,
        tuple(_group_content(g) for g in s.groups),
        s.npc,
        s.antimatter_splitter,
        s.policy.value,
        s.species,
        s.techs,
        s.can_retreat,
        s.retreat,
        s.population,
    )


def battle_digest(battle: Battle) -> str:
    """A stable digest of what makes two battles equal (the same in every process)."""
    content = (tuple(_side_content(s) for s in battle.sides), battle.defender)
    return hashlib.blake2b(repr(content).encode(), digest_size=16).hexdigest()


def battle_seed(battle: Battle, seed: int) -> int:
    """The Monte Carlo seed of a battle: from the base seed and the battle's digest."""
    data = f"{seed}:{battle_digest(battle)}".encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little")


def predicted_method(battle: Battle, settings: Evaluation) -> Rung:
    """The rung the ladder takes for this battle with these settings, before solving: the
    ladder's own decision (``calc.sector.ladder.plan``)."""
    return plan(battle, Request.AUTO, settings.budget).rung


def evaluate_battle(battle: Battle, settings: Evaluation) -> Outcome:
    """Evaluate one battle by the ladder (see module doc). Safe to call in any process."""
    result = odds(
        battle,
        Request.AUTO,
        budget=settings.budget,
        samples=settings.samples,
        seed=battle_seed(battle, settings.seed),
    )
    if result.method is Method.MONTE_CARLO:
        method = MONTE_CARLO
    elif result.optimal_approximated:
        method = EXACT_GREEDY
    else:
        method = EXACT
    se = result.standard_error
    return Outcome(
        attacker_wins=result.attacker_wins,
        defender_wins=result.defender_wins,
        draw=result.draw,
        lost=tuple(result.side(s.name).expected_material_lost for s in battle.sides),
        method=method,
        standard_error=None if se is None else se["attacker_wins"],
        why=result.why,
        holds=tuple(result.side(s.name).holds_sector for s in battle.sides),
        samples=result.stats.samples,
    )


def _evaluate_many(battles: Sequence[Battle], settings: Evaluation) -> list[Outcome]:
    return [evaluate_battle(b, settings) for b in battles]


# ----- cache -------------------------------------------------------------------------------

CACHE_SIZE = 200_000
_cache: OrderedDict[tuple[Battle, Evaluation], Outcome] = OrderedDict()


def cached(battle: Battle, settings: Evaluation) -> Outcome | None:
    """The cached outcome of a battle, if any."""
    key = (battle, settings)
    found = _cache.get(key)
    if found is not None:
        _cache.move_to_end(key)
    return found


def remember(battle: Battle, settings: Evaluation, outcome: Outcome) -> None:
    """Keep an outcome (the least recently used ones go past ``CACHE_SIZE``)."""
    _cache[(battle, settings)] = outcome
    _cache.move_to_end((battle, settings))
    while len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)


def clear_cache() -> None:
    """Forget every cached outcome (tests and benchmarks use it)."""
    _cache.clear()


# ----- runners -----------------------------------------------------------------------------


class Runner(Protocol):
    """Evaluates battles and returns their outcomes in the same order."""

    name: str

    def run(self, battles: Sequence[Battle], settings: Evaluation) -> list[Outcome]:
        """Evaluate every battle."""
        ...

    def close(self) -> None:
        """Release workers (a runner may be used again after closing)."""
        ...


class SerialRunner:
    """Evaluates in this process, one battle after the other."""

    name = "serial"

    def run(self, battles: Sequence[Battle], settings: Evaluation) -> list[Outcome]:
        """Evaluate every battle here."""
        return _evaluate_many(battles, settings)

    def close(self) -> None:
        """Nothing to release."""


def _warm_up() -> None:
    """Load the compiled exact-solver kernels in a new worker before its first task."""
    from blueprints import Blueprint
    from calc.battle.model import Policy

    bp = Blueprint.default("terran_directorate", "interceptor")
    side = Side("a", (ShipGroup.of(bp, 1),), policy=Policy.OPTIMAL)
    other = Side("b", (ShipGroup.of(bp, 1),), policy=Policy.OPTIMAL)
    odds(Battle.two_sided(side, other), "exact")


def pool_context() -> multiprocessing.context.BaseContext:
    """How pool workers start: forked when this process runs a single thread (fast: workers
    inherit the loaded kernels, and scripts need no ``if __name__ == "__main__"`` guard), else
    spawned, because forking a threaded process (a progress bar, a server) can deadlock."""
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def start_pool(workers: int | None = None) -> ProcessPoolExecutor:
    """A process pool for ``design(executor=...)`` whose workers are running when this returns
    (so they start before the caller starts threads of its own, e.g. a progress bar)."""
    count = workers or os.cpu_count() or 1
    pool = ProcessPoolExecutor(max_workers=count, mp_context=pool_context(), initializer=_warm_up)
    for f in [pool.submit(os.getpid) for _ in range(count)]:
        f.result()
    return pool


class PoolRunner:
    """Evaluates on a process pool of ``workers`` processes (default: one per core).

    The pool is started on first use and kept until ``close``; an ``executor`` given by the
    caller is used as it is and never shut down here.
    """

    name = "process-pool"

    def __init__(self, workers: int | None = None, executor: Executor | None = None) -> None:
        if workers is not None and (isinstance(workers, bool) or workers < 1):
            raise DesignError(f"workers must be at least 1, got {workers!r}")
        self.workers = workers or os.cpu_count() or 1
        self._own = executor is None
        self._executor = executor

    def _pool(self) -> Executor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=pool_context(),
                initializer=_warm_up,
            )
        return self._executor

    def run(self, battles: Sequence[Battle], settings: Evaluation) -> list[Outcome]:
        """Evaluate the battles in chunks spread over the workers."""
        if not battles:
            return []
        chunk = max(1, min(64, len(battles) // (4 * self.workers)))
        pieces = [battles[i : i + chunk] for i in range(0, len(battles), chunk)]
        pool = self._pool()
        futures = [pool.submit(_evaluate_many, piece, settings) for piece in pieces]
        out: list[Outcome] = []
        for f in futures:
            out.extend(f.result())
        return out

    def close(self) -> None:
        """Shut down a pool this runner started."""
        if self._own and self._executor is not None:
            self._executor.shutdown()
            self._executor = None


class DaskRunner:
    """Evaluates on an existing Dask distributed cluster.

    ``cluster`` is a scheduler address (``"tcp://host:8786"``) or a ``distributed.Client``.
    Tasks get deterministic keys (the battle's digest and the settings), so the cluster computes
    a battle it has already computed only once.
    """

    name = "dask"

    def __init__(self, cluster: Any) -> None:
        try:
            # Imported by name: the cluster is optional, and its API is used untyped (Any).
            distributed: Any = importlib.import_module("distributed")
        except ImportError as exc:  # pragma: no cover - dask is part of the dev install
            raise DesignError(
                "--dask needs dask[distributed]: pip install 'eclipse-fleetlab[cluster]'"
            ) from exc
        self.client: Any
        if isinstance(cluster, str):
            try:
                self.client = distributed.Client(cluster, timeout=30)
            except OSError as exc:
                raise DesignError(f"cannot reach the Dask scheduler {cluster!r}: {exc}") from None
            self._own = True
        else:
            self.client = cluster
            self._own = False

    def run(self, battles: Sequence[Battle], settings: Evaluation) -> list[Outcome]:
        """Evaluate every battle as one task on the cluster."""
        if not battles:
            return []
        token = hashlib.blake2b(repr(settings).encode(), digest_size=6).hexdigest()
        keys = [f"fleetlab-battle-{battle_digest(b)}-{token}" for b in battles]
        futures = self.client.map(evaluate_battle, battles, settings=settings, key=keys)
        results: list[Outcome] = self.client.gather(futures)
        return results

    def close(self) -> None:
        """Close a client this runner opened."""
        if self._own:
            self.client.close()
