"""The CPU budget of an imported position's odds (engine.importers.summary.OddsBudget).

The watchdog is tested with a fake process clock that moves one second per reading, so the
tests say what happens when a solve passes its budget without measuring time."""

from __future__ import annotations

import itertools
import math
import re

import pytest

from engine.importers import load_save
from engine.importers import summary as summary_module
from engine.importers.summary import OddsBudget, battle_summaries
from tests.support import REPO

SMALL = REPO / "engine" / "data" / "examples" / "asynceclipse_small.json"


@pytest.fixture
def slow_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """``time.process_time`` for the summary: one second more at every reading."""
    ticks = itertools.count()
    monkeypatch.setattr(summary_module.time, "process_time", lambda: float(next(ticks)))


def test_a_solve_that_passes_the_cpu_it_was_offered_is_answered_by_monte_carlo(
    slow_clock: None,
) -> None:
    result = load_save(SMALL)
    budget = OddsBudget(2.5)
    found, spent = budget.solve(result.state, result.state.sectors[1].hex, seed=0)
    assert found.method == "monte-carlo"
    # The clock reads 0 at the start and one more at each of the solver's progress reports:
    # the first report past 2.5 stops it.
    assert re.match(
        r"the solve passed the 2\.5 s of CPU left for it after \d+\.0 s, so Monte Carlo "
        r"answered: 40,000 simulated battles",
        found.why,
    ), found.why
    assert spent == budget.used > 2.5


def test_battles_after_the_budget_is_spent_are_skipped_saying_so(slow_clock: None) -> None:
    battles = battle_summaries(load_save(SMALL), budget_seconds=2.5)
    assert [b["position"] for b in battles] == ["101", "102"]
    assert battles[0]["odds"]["method"] == "monte-carlo"
    assert "odds" not in battles[1]
    assert battles[1]["skipped"] == "the 2.5 s of CPU for the odds went to the battles before it"


def test_within_the_budget_the_exact_solver_answers_with_its_cpu_time() -> None:
    battles = battle_summaries(load_save(SMALL))
    assert [b["odds"]["method"] for b in battles] == ["exact", "exact"]
    assert all(b["cpu_seconds"] >= 0 for b in battles)


@pytest.mark.parametrize("seconds", [0, -1, math.nan, math.inf, 3601, "20"])
def test_a_budget_must_be_a_positive_number_of_seconds_up_to_an_hour(seconds: object) -> None:
    with pytest.raises(ValueError, match="budget seconds must be"):
        OddsBudget(seconds)  # type: ignore[arg-type]
