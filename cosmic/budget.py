"""A time budget for a solve, and how a solve reports its progress.

``Budget(seconds)`` starts a clock; ``check()`` raises ``BudgetExceededError`` once the time is
spent. The solver calls it as it enumerates hands (``HandCounter.tick``), so a solve given a
budget stops in about that time with a clear error instead of running on. A ``Progress``
callback receives the fraction done and what is being computed.

>>> Budget(None).check()  # no budget: never raises
>>> b = Budget(0.0)
>>> b.check()
Traceback (most recent call last):
  ...
cosmic.errors.BudgetExceededError: the exact odds need more than the time budget of 0 s; ...
"""

from __future__ import annotations

import time
from collections.abc import Callable

from cosmic.errors import BudgetExceededError

Progress = Callable[[float, str], None]
"""Called with the fraction done (0 to 1) and a short description of the stage."""


def no_progress(fraction: float, stage: str) -> None:
    """A ``Progress`` that reports nowhere."""


class Budget:
    """A deadline in CPU-independent wall-clock seconds (``None``: no limit)."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.start = time.monotonic()
        self.deadline = None if seconds is None else self.start + seconds

    def check(self) -> None:
        """Raise ``BudgetExceededError`` when the budget is spent."""
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise BudgetExceededError(
                f"the exact odds need more than the time budget of {self.seconds:g} s; "
                "give more time (fewer unknown cards, a smaller hand or another opponent model "
                "also answer faster)"
            )

    def elapsed(self) -> float:
        """Seconds since the budget started."""
        return time.monotonic() - self.start
