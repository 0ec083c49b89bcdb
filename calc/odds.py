"""``calc.odds``: the one call that answers "what will this battle do?".

For now the exact solver; the exact-to-approximate ladder (Monte Carlo fallback) extends it.
"""

from __future__ import annotations

from collections.abc import Callable

from calc.errors import BattleError
from calc.exact import solve_exact
from calc.model import Battle
from calc.result import BattleResult


def odds(
    battle: Battle,
    method: str = "auto",
    *,
    progress: Callable[[float], None] | None = None,
) -> BattleResult:
    """The odds of a two-sided battle by the requested method."""
    if method not in ("auto", "exact"):
        raise BattleError(f"unknown method {method!r}; legal: auto, exact")
    return solve_exact(battle, progress=progress)
