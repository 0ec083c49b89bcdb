"""The advice's search budget: the search's budget for each decision the advice weighs.

The budget is in milliseconds of the search's work (``engine.search.analyse`` converts it to a
work budget, not to wall-clock time), as the search bot's ``--think-ms`` is: one piece of advice
analyses the decision now and the choices inside its best actions (``engine.advice.turns``), each
with this budget, so it costs up to ``1 + turns.EXPAND`` times as much.

>>> check_budget(2_000)
2000
"""

from __future__ import annotations

from engine.errors import AdviceRequestError
from engine.search import DEFAULT_THINK_MS, MAX_THINK_MS

__all__ = ["DEFAULT_THINK_MS", "MAX_THINK_MS", "check_budget"]


def check_budget(think_ms: object) -> int:
    """The budget, if it is a whole number of milliseconds from 0 (the least search: one
    rollout for each action weighed) to ``MAX_THINK_MS`` (``AdviceRequestError`` otherwise)."""
    if isinstance(think_ms, bool) or not isinstance(think_ms, int):
        raise AdviceRequestError(f"think_ms {think_ms!r} is not a whole number of milliseconds")
    if not 0 <= think_ms <= MAX_THINK_MS:
        raise AdviceRequestError(f"think_ms {think_ms}: give 0 to {MAX_THINK_MS:,} milliseconds")
    return think_ms
