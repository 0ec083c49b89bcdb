"""The ladder's time budgets count this process's CPU time; the wall clock is a last-resort
ceiling. The clocks of ``calc.deadline`` are replaced by scripted ones to play a busy machine
(the wall clock races while the CPU clock crawls) and a stuck one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from calc import deadline as deadline_module
from calc.battle.model import Side
from calc.battle.result import Method
from calc.deadline import Deadline
from calc.errors import TooLargeError
from calc.exact.solver import solve_exact
from calc.sector.ladder import Budget, odds
from tests.calc.helpers import battle, ship, side


def _ticking(step: float) -> Iterator[float]:
    t = 0.0
    while True:
        t += step
        yield t


def _clocks(monkeypatch: pytest.MonkeyPatch, cpu_step: float, wall_step: float) -> None:
    cpu, wall = _ticking(cpu_step), _ticking(wall_step)
    monkeypatch.setattr(deadline_module, "cpu_clock", lambda: next(cpu))
    monkeypatch.setattr(deadline_module, "wall_clock", lambda: next(wall))


def _fight() -> tuple[Side, Side]:
    # Optimal play against a few shielded ships: enough states for several budget checks.
    return (
        side("A", (ship(hull=2, comp=1, cannons={"yellow": 2}), 3)),
        side("D", (ship(hull=3, shield=1, cannons={"yellow": 1, "orange": 1}), 2)),
    )


def test_a_busy_machine_does_not_stop_an_exact_solve(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every reading: 0.001 s of CPU, 10 s of wall clock. A wall-clock budget of 65 s would stop
    # the solve at its seventh reading; the CPU budget does not, and the ceiling is far away.
    a, d = _fight()
    expected = solve_exact(battle(a, d)).attacker_wins
    _clocks(monkeypatch, cpu_step=0.001, wall_step=10.0)
    budget = Budget(max_seconds=20.0, wall_factor=1e6)
    r = odds(battle(a, d), budget=budget)
    assert r.method is Method.EXACT
    assert not r.optimal_approximated
    assert r.attacker_wins == pytest.approx(expected, abs=1e-12)


def test_past_the_cpu_budget_the_ladder_moves_on(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every reading costs 10 s of CPU (and of wall clock, which cannot run slower): the exact
    # solve with optimal play is stopped, so is the greedy one, and Monte Carlo answers.
    a, d = _fight()
    _clocks(monkeypatch, cpu_step=10.0, wall_step=10.0)
    r = odds(battle(a, d), budget=Budget(max_seconds=20.0, mc_samples=500), seed=1)
    assert r.method is Method.MONTE_CARLO
    assert "CPU-time budget of 65 s" in r.why


def test_the_wall_clock_ceiling_is_the_last_resort(monkeypatch: pytest.MonkeyPatch) -> None:
    # No CPU is spent, yet the wall clock runs: the ceiling (4 x 65 s by default) stops it.
    a, d = _fight()
    _clocks(monkeypatch, cpu_step=0.0, wall_step=100.0)
    assert Budget().wall_seconds == pytest.approx(260.0)
    r = odds(battle(a, d), budget=Budget(mc_samples=500), seed=1)
    assert r.method is Method.MONTE_CARLO
    assert "wall-clock ceiling of 260 s" in r.why


def test_a_forced_exact_solve_past_the_budget_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    a, d = _fight()
    _clocks(monkeypatch, cpu_step=10.0, wall_step=10.0)
    with pytest.raises(TooLargeError, match="CPU-time budget"):
        odds(battle(a, d), "exact")


def test_deadline_reports_which_limit_passed(monkeypatch: pytest.MonkeyPatch) -> None:
    _clocks(monkeypatch, cpu_step=1.0, wall_step=1.0)
    d = Deadline.after(cpu_seconds=2.5, wall_seconds=100.0)  # readings: cpu 1, wall 1
    assert d.passed() is None  # wall 2, cpu 2 <= 3.5
    assert d.cpu_left() == pytest.approx(0.5)  # 3.5 - 3
    assert d.passed() == "the CPU-time budget of 2.5 s"  # wall 3, cpu 4 > 3.5
    with pytest.raises(TooLargeError, match=r"the solve ran past the CPU-time budget of 2\.5 s"):
        d.check("the solve")


def test_the_cpu_clock_is_read_at_most_every_10_ms_of_wall_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Reading the CPU clock is a system call; the solver checks once per tabulated volley.
    readings = []
    wall = _ticking(0.001)  # 1 ms of wall clock between checks
    monkeypatch.setattr(deadline_module, "cpu_clock", lambda: readings.append(1) or 0.0)
    monkeypatch.setattr(deadline_module, "wall_clock", lambda: next(wall))
    d = Deadline.after(cpu_seconds=60.0, wall_seconds=None)
    for _ in range(100):  # 100 ms of wall clock
        d.check("the solve")
    assert 1 + 9 <= len(readings) <= 1 + 11  # the start, then one per 10 ms


def test_kernel_compilation_is_not_counted_against_a_budget() -> None:
    """A solve that compiles a kernel (a cold cache) must not fall to a slower rung for it: the
    budgets' CPU clock leaves out the CPU time numba spends compiling. A new, uncached kernel
    is compiled here; nearly all the CPU time of that call is compilation, and the budgets'
    clock advances by what is left."""
    from calc._jit import use_compiled

    use_compiled()  # loads numba and installs the compile listener
    import numba

    def kernel(n: int) -> float:  # a fresh function: nothing in any cache
        total = 0.0
        for i in range(n):
            total += (i % 7) * 0.5 - (i % 3)
        return total

    dispatcher = numba.njit(kernel)
    compiled_before = deadline_module.compile_cpu_seconds()
    cpu_before, budget_before = deadline_module.time.process_time(), deadline_module.cpu_clock()
    dispatcher.compile("float64(int64)")
    cpu_spent = deadline_module.time.process_time() - cpu_before
    budget_spent = deadline_module.cpu_clock() - budget_before
    compiled = deadline_module.compile_cpu_seconds() - compiled_before
    assert cpu_spent > 0.02  # numba compiled something real
    assert compiled >= 0.8 * cpu_spent
    assert budget_spent <= 0.2 * cpu_spent + 0.005
    assert abs(budget_spent - (cpu_spent - compiled)) < 0.005
