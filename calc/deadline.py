"""Time limits of a computation: this process's CPU time first, a wall-clock ceiling last.

The ladder's budgets count **CPU time** (``time.process_time``): on a machine shared with other
work the wall clock runs on while this process waits for a core, and a wall-clock budget would
push a battle onto a slower rung for no fault of its own. The CPU clock cannot see a process
that is stuck waiting, though (swapping, a starved container), so every ``Deadline`` also holds
a **wall-clock ceiling** (``time.perf_counter``), set several times looser, as the last resort
that stops a computation nobody would wait for.

Neither clock counts **numba compiling kernels**: a kernel compiles once per install (or once per
signature on a cold cache), and a battle must not fall to a slower rung because its solve paid
for it. ``calc._jit`` installs a listener on numba's ``numba:compile`` events when it loads
numba, and ``solving_cpu_time`` is the process's CPU time less what was spent inside them (an
ongoing compilation included). The wall-clock ceiling, the last resort, counts everything.

>>> d = Deadline.after(cpu_seconds=60.0, wall_seconds=180.0)
>>> d.passed() is None
True
>>> Deadline.after(cpu_seconds=None, wall_seconds=None).passed() is None
True
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from calc.errors import TooLargeError


@dataclass(slots=True)
class _CompileAccount:
    """CPU seconds this process has spent compiling kernels: finished compilations in
    ``finished``; while one runs, ``depth`` > 0 and ``started`` is the CPU time it began at
    (a kernel that calls another compiles it inside its own compilation: only the outermost
    counts). numba compiles under one process-wide lock, so one count serves every thread."""

    finished: float = 0.0
    depth: int = 0
    started: float = 0.0


_compiling = _CompileAccount()


def compile_started() -> None:
    """numba began compiling a kernel (``calc._jit``'s listener calls this)."""
    if _compiling.depth == 0:
        _compiling.started = time.process_time()
    _compiling.depth += 1


def compile_ended() -> None:
    """numba finished (or failed) compiling a kernel."""
    _compiling.depth = max(0, _compiling.depth - 1)
    if _compiling.depth == 0:
        _compiling.finished += time.process_time() - _compiling.started


def compile_cpu_seconds() -> float:
    """CPU seconds this process has spent compiling kernels so far, an ongoing one included."""
    ongoing = time.process_time() - _compiling.started if _compiling.depth else 0.0
    return _compiling.finished + ongoing


def solving_cpu_time() -> float:
    """This process's CPU time less its kernel compilation: the clock the budgets count."""
    return time.process_time() - compile_cpu_seconds()


# The two clocks, looked up at every reading (tests replace them to play a busy machine).
cpu_clock = solving_cpu_time
wall_clock = time.perf_counter


CPU_READING_EVERY = 0.01
"""Wall-clock seconds between two readings of the CPU clock. Reading it is a system call (about
3 us here, against 0.05 us for the wall clock) and the solver checks its deadline once per
tabulated volley, so the CPU clock is read only when this much wall time has passed: this
process's CPU time cannot have grown by more than that in between."""


@dataclass(slots=True)
class Deadline:
    """When a computation must stop: a ``time.process_time`` value and a ``time.perf_counter``
    value (``None``: no limit of that kind), with the budgets they came from for messages."""

    cpu_at: float | None
    wall_at: float | None
    cpu_seconds: float | None = None
    wall_seconds: float | None = None
    _next_cpu_reading: float = field(default=-math.inf, repr=False)

    @classmethod
    def after(cls, cpu_seconds: float | None, wall_seconds: float | None) -> Deadline:
        """The deadline ``cpu_seconds`` of this process's CPU time and ``wall_seconds`` of wall
        clock from now."""
        return cls(
            None if cpu_seconds is None else cpu_clock() + cpu_seconds,
            None if wall_seconds is None else wall_clock() + wall_seconds,
            cpu_seconds,
            wall_seconds,
        )

    def cpu_left(self) -> float | None:
        """CPU seconds left (at least 0), or ``None`` without a CPU limit."""
        return None if self.cpu_at is None else max(0.0, self.cpu_at - cpu_clock())

    def wall_left(self) -> float | None:
        """Wall-clock seconds left (at least 0), or ``None`` without a ceiling."""
        return None if self.wall_at is None else max(0.0, self.wall_at - wall_clock())

    def passed(self) -> str | None:
        """Which limit has passed, in words, or ``None`` while both hold."""
        now = wall_clock()
        if self.wall_at is not None and now > self.wall_at:
            return f"the wall-clock ceiling of {self.wall_seconds:g} s"
        if self.cpu_at is not None and now >= self._next_cpu_reading:
            self._next_cpu_reading = now + CPU_READING_EVERY
            if cpu_clock() > self.cpu_at:
                return f"the CPU-time budget of {self.cpu_seconds:g} s"
        return None

    def check(self, what: str) -> None:
        """Raise ``TooLargeError`` ("``what`` ran past ...") once a limit has passed."""
        reason = self.passed()
        if reason is not None:
            raise TooLargeError(f"{what} ran past {reason}")


def deadline_of(cpu_seconds: float | None, wall_seconds: float | None) -> Deadline | None:
    """``Deadline.after`` both budgets, or ``None`` when neither is given."""
    if cpu_seconds is None and wall_seconds is None:
        return None
    return Deadline.after(cpu_seconds, wall_seconds)
