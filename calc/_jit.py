"""The numba kernels: plain Python until a computation is large enough to pay for compiled code.

Kernels decorated with ``jit``, ``jit_inline`` or ``jit_numpy_errors`` are plain Python
functions over NumPy arrays and integers. Importing them costs nothing: the decorators only
register them, and the module keeps the plain function. That matters for start-up: importing
numba loads LLVM (about 0.5 s of CPU and 110 MiB of memory before the first kernel), and loading
the compiled kernels from the cache costs as much again, while a small battle (a few hundred
states) is solved by the plain functions in milliseconds.

``use_compiled()`` switches the whole process to compiled code, once: it imports numba, wraps
every registered kernel in a ``numba.njit`` dispatcher (machine code cached on disk, see
``calc.warmup``), and puts the dispatcher in place of the plain function in every module that
holds it, so kernels calling kernels are compiled together and Python callers call the compiled
code from then on. Kernels defined after the switch are compiled straight away. Callers that may
run a large computation ask ``compiled_for(work)``: it switches when the work is over what the
plain functions do quickly (``PLAIN_WORK``, counted over the whole process, so a process that
solves many battles switches early) and says which code runs. Monte Carlo, the designer and the
dashboard always switch. Both codes compute the same numbers (a test compares them).

Numba probes SciPy for BLAS (``numba.np.linalg.ensure_blas``) while it loads its own
implementations, importing ``scipy.linalg`` (0.3 s) that no kernel here uses; the switch hides
SciPy during that one step (``_scipy_hidden``), so numba records "no BLAS" (only ``np.dot``-like
calls, which the kernels do not make, would fall back to plain loops). ``NUMBA_DISABLE_JIT=1``
still runs everything uncompiled, which is how tests can step through a kernel.
"""

from __future__ import annotations

import importlib.abc
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

PLAIN_WORK = 20_000
"""Work (battle states x firing slots, summed over the process) done by the plain functions
before the process switches to compiled code. The plain exact kernels take about 35 us per
state and slot, so this is about 0.7 s: what importing numba and loading the kernels costs."""


@dataclass
class _Registry:
    """Every kernel defined so far (in definition order), whether the process has switched to
    compiled code, and the work the plain functions have done."""

    kernels: list[tuple[Callable[..., Any], dict[str, Any]]] = field(default_factory=list)
    dispatchers: dict[int, Any] = field(default_factory=dict)
    compiled: bool = False
    plain_work: int = 0


_registry = _Registry()


def _kernel(fn: F, **options: Any) -> F:
    options = {"cache": True, "nogil": True, **options}
    if _registry.compiled:
        import numba

        dispatcher = numba.njit(**options)(fn)
        _registry.dispatchers[id(fn)] = dispatcher
        return cast(F, dispatcher)
    _registry.kernels.append((fn, options))
    return fn


def jit(fn: F) -> F:
    """A kernel compiled with numba in nopython mode, its machine code cached on disk.

    Called from another kernel, it is compiled once per signature of argument types, and numba
    types a constant argument as a literal of its own (``0`` is ``Literal[int](0)``): pass
    ``np.int64(...)`` where a caller would pass a constant, or the kernel is compiled again."""
    return _kernel(fn)


def jit_inline(fn: F) -> F:
    """Like ``jit``, but numba inlines the function into its callers (small hot helpers whose
    arguments are arrays: a real call counts references on each of them per call).

    numba inlines at the level of its own IR and types the helper's body again at every call
    site, nested helpers included, so each site of a large helper costs compile time: inline
    the small helpers of the hot loops, and make a large helper that runs per block state a
    ``jit`` function compiled once (``calc.exact.blocks.bellman``). Where the loop is hot,
    inlining pays: called rather than inlined, the targeting kernel
    (``calc.rules.targeting.assign_by_rank_into``) made Monte Carlo about 4% slower, so it stays
    inlined, at one call site in Monte Carlo's loop. ``benchmarks/compile_bench.py`` times each
    kernel's compilation on an empty cache."""
    return _kernel(fn, inline="always")


def jit_numpy_errors(fn: F) -> F:
    """Like ``jit``, with NumPy's error model: division by zero gives inf, nan or 0 instead of
    raising. For hot loops that never divide by zero: a possible raise is a path on which numba
    cannot prove its reference counting useless, so the model also lets it drop that counting
    (inlined helpers are compiled with their caller's model)."""
    return _kernel(fn, error_model="numpy")


def is_compiled() -> bool:
    """Whether this process has switched to compiled kernels."""
    return _registry.compiled


class _HideScipy(importlib.abc.MetaPathFinder):
    """Makes ``import scipy`` fail (see module doc)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: Any = None) -> None:
        if fullname == "scipy" or fullname.startswith("scipy."):
            raise ImportError(f"{fullname} is hidden while numba loads (calc._jit)")


@contextmanager
def _scipy_hidden() -> Iterator[None]:
    if "scipy" in sys.modules:  # already loaded by someone else: nothing to save
        yield
        return
    finder = _HideScipy()
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)


def _load_numba() -> Any:
    with _scipy_hidden():
        import numba
        from numba.core.registry import cpu_target

        # Numba loads its implementations (and probes for BLAS) when its CPU target is first
        # used; doing it here keeps SciPy out.
        cpu_target.target_context.refresh()
    _count_compile_time()
    return numba


_compile_listener: list[Any] = []


def _count_compile_time() -> None:
    """Tell ``calc.deadline`` when numba compiles, so budgets do not count compilation (once
    per process)."""
    if _compile_listener:
        return
    from numba.core import event

    from calc.deadline import compile_ended, compile_started

    class CompileListener(event.Listener):
        def on_start(self, _event: Any) -> None:
            compile_started()

        def on_end(self, _event: Any) -> None:
            compile_ended()

    listener = CompileListener()
    event.register("numba:compile", listener)  # type: ignore[no-untyped-call]
    _compile_listener.append(listener)


_switch_lock = threading.Lock()


def use_compiled() -> None:
    """Switch this process to compiled kernels (see module doc); later calls do nothing. Safe
    from any thread (the dashboard warms up in the background while pages run): a plain kernel
    running meanwhile calls the compiled ones from then on, which compute the same numbers."""
    if _registry.compiled:
        return
    with _switch_lock:
        if not _registry.compiled:
            _switch()


def _switch() -> None:
    numba = _load_numba()
    replaced: dict[int, tuple[Callable[..., Any], Any]] = {}
    for fn, options in _registry.kernels:
        dispatcher = numba.njit(**options)(fn)
        replaced[id(fn)] = (fn, dispatcher)
        _registry.dispatchers[id(fn)] = dispatcher
    for module in list(sys.modules.values()):
        if isinstance(module, ModuleType):
            _rebind(vars(module), replaced)
    _registry.compiled = True


def _rebind(namespace: dict[str, Any], replaced: dict[int, tuple[Callable[..., Any], Any]]) -> None:
    for name, value in list(namespace.items()):
        found = replaced.get(id(value))
        if found is not None and found[0] is value:
            namespace[name] = found[1]


def compiled_for(work: int) -> bool:
    """Whether a computation of ``work`` (battle states x firing slots) runs compiled: it does
    once the process has switched, and it switches the process when the plain functions' work,
    this one included, would pass ``PLAIN_WORK``."""
    if not _registry.compiled:
        if _registry.plain_work + work <= PLAIN_WORK:
            _registry.plain_work += work
            return False
        use_compiled()
    return True


def dispatchers() -> tuple[Any, ...]:
    """The numba dispatcher of every kernel (empty before ``use_compiled``)."""
    return tuple(_registry.dispatchers.values())
