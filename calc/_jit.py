"""Typed wrapper around ``numba.njit`` with the on-disk cache.

Kernels decorated with ``jit`` are plain Python functions over NumPy arrays and integers, so
they also run uncompiled (``NUMBA_DISABLE_JIT=1``), which is how tests can step through them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

F = TypeVar("F", bound=Callable[..., Any])


def jit(fn: F) -> F:
    """Compile ``fn`` with numba in nopython mode, caching the machine code on disk."""
    return cast(F, numba.njit(cache=True, nogil=True)(fn))


def jit_inline(fn: F) -> F:
    """Like ``jit``, but numba inlines the function into its callers (small hot helpers whose
    arguments are large tuples of arrays, where a real call would copy them)."""
    return cast(F, numba.njit(cache=True, nogil=True, inline="always")(fn))


def jit_numpy_errors(fn: F) -> F:
    """Like ``jit``, with NumPy's error model: division by zero gives inf, nan or 0 instead of
    raising. For hot loops that never divide by zero: a possible raise is a path on which numba
    cannot prove its reference counting useless, so the model also lets it drop that counting
    (inlined helpers are compiled with their caller's model)."""
    return cast(F, numba.njit(cache=True, nogil=True, error_model="numpy")(fn))
