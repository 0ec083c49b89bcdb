"""Thinking time as work: the search never reads a clock to decide.

``--think-ms`` asks for a time per decision, but a decision that depended on the clock would
change with the machine and its load, and a game would not replay from its seed. So the time is
turned into a **work budget**: units of the work the search does, counted exactly. Nearly all
of a search's time goes into the planner's decisions in its rollouts, and the planner's turn
(a ``TurnStart``: it prices every action, asking the odds of every battle it might fight) costs
several times any other of its decisions, so

* a planner's answer to a ``TurnStart`` is ``TURN_UNITS`` units,
* its answer to any other decision one unit,
* a chance event drawn, or a position scored, ``STEP_UNITS``.

``UNITS_PER_MS`` converts: it is the mean number of units the search did per CPU millisecond,
as ``benchmarks/bots_search.py`` measures it (over every searched decision of its four-player
games, one search seat against three planners, on this 2-core machine; the figures are in
docs/bots.md). A search with a budget of ``think_ms`` therefore takes about
``think_ms`` CPU milliseconds on average, and exactly the same decisions on any machine.
"""

from __future__ import annotations

from dataclasses import dataclass

TURN_UNITS = 6.0
"""Work units of a planner's answer to a ``TurnStart``."""
STEP_UNITS = 0.1
"""Work units of a chance event drawn or a position scored."""
UNITS_PER_MS = 1.2
"""Work units per CPU millisecond (measured: module doc)."""
DEFAULT_THINK_MS = 1500
"""The default thinking time per searched decision, in CPU milliseconds."""
MAX_THINK_MS = 600_000
"""The longest thinking time the command line takes (ten minutes a decision)."""


def work_budget(think_ms: int) -> float:
    """The work units a search of ``think_ms`` milliseconds may spend."""
    return think_ms * UNITS_PER_MS


@dataclass(slots=True)
class Work:
    """Units spent so far against a budget."""

    budget: float
    spent: float = 0.0

    def add(self, units: float) -> None:
        """Count ``units`` more."""
        self.spent += units

    @property
    def done(self) -> bool:
        """True once the budget is spent."""
        return self.spent >= self.budget

    @property
    def fraction(self) -> float:
        """The share of the budget spent, 0 to 1."""
        return 1.0 if self.budget <= 0 else min(1.0, self.spent / self.budget)
