"""The advice's search budget: how much of the search one piece of advice may use.

The budget is in milliseconds of the search's work (``engine.search.analyse`` converts it to a
work budget, not to wall-clock time), shared by the analyses of one piece of advice
(``engine.advice.turns``). Kept in a module of its own, with no imports, so that a page can show
the default without loading the search.

>>> check_budget(2_000)
2000
"""

from __future__ import annotations

from engine.errors import AdviceRequestError

DEFAULT_THINK_MS = 4_000
"""The default budget of one piece of advice (``fleetlab advise --think-ms``): the turn now and
the choices inside its best actions are each analysed; measured on every real save in
docs/advice.md."""
MAX_THINK_MS = 600_000
"""The largest budget taken (ten minutes of the search's work)."""


def check_budget(think_ms: object) -> int:
    """The budget, if it is a whole number of milliseconds from 1 to ``MAX_THINK_MS``
    (``AdviceRequestError`` otherwise)."""
    if isinstance(think_ms, bool) or not isinstance(think_ms, int):
        raise AdviceRequestError(f"think_ms {think_ms!r} is not a whole number of milliseconds")
    if not 1 <= think_ms <= MAX_THINK_MS:
        raise AdviceRequestError(f"think_ms {think_ms}: give 1 to {MAX_THINK_MS:,} milliseconds")
    return think_ms
