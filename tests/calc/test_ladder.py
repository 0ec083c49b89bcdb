"""The exact-to-approximate ladder: each rung on a battle built for it, and huge battles."""

from __future__ import annotations

import tracemalloc
from dataclasses import replace

import pytest

from benchmarks.solver_bench import largest_legal_battle
from calc.battle.files import load_battle
from calc.battle.model import Battle, Policy
from calc.battle.result import Method
from calc.errors import BattleError, TooLargeError
from calc.exact.solver import solve_exact
from calc.rules.battle_state import estimate_states
from calc.sector.ladder import Budget, Request, exact_seconds_estimate, odds
from tests.calc.helpers import battle, ship, side
from tests.support import REPO

CORPUS = REPO / "benchmarks" / "corpus"


def corpus(name: str) -> Battle:
    return load_battle(next(CORPUS.glob(f"{name}*.json")))[0]


def test_small_battle_is_exact_with_the_requested_policy() -> None:
    r = odds(corpus("05_"))
    assert r.method is Method.EXACT
    assert not r.optimal_approximated
    assert "within the exact budget" in r.why
    assert r.attacker_wins == pytest.approx(solve_exact(corpus("05_")).attacker_wins, abs=1e-12)


def test_optimal_too_slow_falls_back_to_exact_greedy() -> None:
    b = corpus("18_")
    states = estimate_states(b)
    optimal_s = exact_seconds_estimate(b)
    greedy_s = exact_seconds_estimate(
        replace(b, sides=tuple(replace(s, policy=Policy.GREEDY) for s in b.sides))
    )
    budget = Budget(max_states=states, max_seconds=(optimal_s + greedy_s) / 2)
    r = odds(b, budget=budget)
    assert r.method is Method.EXACT
    assert r.optimal_approximated
    assert "exact with the greedy policy" in r.why
    assert r.sides[r.attacker].policy is Policy.GREEDY


def test_too_many_states_falls_back_to_monte_carlo() -> None:
    b = corpus("06_")
    r = odds(b, budget=Budget(max_states=100), seed=1)
    assert r.method is Method.MONTE_CARLO
    assert "exceed the exact budget" in r.why
    assert r.standard_error is not None
    assert r.stats.samples == Budget().mc_samples
    assert r.standard_error["attacker_wins"] <= 0.0025
    exact = solve_exact(b)
    assert abs(r.attacker_wins - exact.attacker_wins) < 0.02  # greedy vs optimal + noise


def test_forced_methods() -> None:
    b = corpus("03_")
    assert odds(b, "exact").method is Method.EXACT
    r = odds(b, "monte-carlo", samples=3_000, seed=7)
    assert r.method is Method.MONTE_CARLO
    assert r.stats.samples == 3_000
    assert "Monte Carlo requested" in r.why
    assert odds(b, "monte-carlo", samples=3_000, seed=7).attacker_wins == r.attacker_wins
    with pytest.raises(BattleError, match="unknown method 'guess'"):
        odds(b, "guess")


def test_huge_battle_returns_an_approximation_with_bounded_memory() -> None:
    b = largest_legal_battle()  # 8/4/2/4 against 8/4/2/4: shields, missiles, rift
    assert estimate_states(b) > 10**9
    with pytest.raises(TooLargeError):
        solve_exact(b)  # refused before allocating anything
    tracemalloc.start()
    r = odds(b, budget=Budget(mc_samples=5_000), seed=3)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert r.method is Method.MONTE_CARLO
    assert r.optimal_approximated
    assert r.stats.samples == 5_000
    assert peak < 200 * 2**20
    assert r.attacker_wins + r.defender_wins + r.draw == pytest.approx(1.0)


def test_progress_reaches_the_end() -> None:
    seen: list[float] = []
    odds(corpus("19_"), progress=seen.append)
    assert seen[-1] == pytest.approx(1.0)


def test_the_memory_budget_counts_the_general_loops_tables(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Morph Shields take the general loops (four values, a decision and the inflow per state and
    # slot) even without retreat; the budget check must count those tables, not the plain ones.
    from calc.exact import solver as exact

    def duel(morph: int) -> Battle:
        return battle(side("A", (ship(hull=3, morph=morph), 2)), side("D", (ship(hull=3), 2)))

    plain = exact.ExactSolver(duel(0))
    cells = estimate_states(duel(1)) * len(plain.slots)
    # Room for the plain tables only (P(win) and the two kept values of the tie-break).
    budget = cells * exact.state_slot_bytes(False, exact.plain_value_count(duel(0).sides))
    monkeypatch.setattr(exact, "MEMORY_BUDGET_BYTES", budget)
    exact.ExactSolver(duel(0))  # fits
    with pytest.raises(TooLargeError, match="GiB"):
        exact.ExactSolver(duel(1))


@pytest.mark.parametrize("method", list(Request))
def test_a_battle_nobody_can_win_answers_as_a_stalemate_on_every_rung(method: Request) -> None:
    """Issue 15's battle (two cruisers a side, 1 yellow die, hull 2, two Morph Shields): `auto`
    used not to return in 400 s. Every rung now answers a defender's stalemate from the first
    state: the exact solver visits the one round-start state, Monte Carlo plays no round."""
    cruiser = ship("cruiser", hull=2, morph=2)
    b = battle(side("A", (cruiser, 2)), side("D", (cruiser, 2)))
    r = odds(b, method=method, seed=5)
    assert r.attacker_wins == 0.0 and r.defender_wins == 1.0
    assert r.stalemate == pytest.approx(1.0)
    assert r.expected_rounds == 0.0
    if r.method is Method.EXACT:
        assert r.stats.states <= estimate_states(b)
    else:
        assert r.stats.cut == 0
