"""The benchmark corpus's recorded answers (benchmarks/corpus_expected.json) are the solver's.

The benchmark checks every answer it times against this file; this test keeps the file honest
for the battles that solve in a moment, and checks that every battle and policy has an entry.
The recorded values were also checked against Monte Carlo (tests/calc/test_montecarlo.py agrees
with the exact solver on the whole corpus within its stated error).
"""

from __future__ import annotations

import pytest

from benchmarks.solver_bench import (
    DEFAULT_CORPUS,
    EXPECTED_TOLERANCE,
    BenchRow,
    corpus_files,
    load_expected,
    mismatches,
)
from calc.battle.files import load_battle
from calc.battle.model import Policy, with_player_policy
from calc.exact.solver import solve_exact
from calc.rules.battle_state import estimate_states

POLICIES = (Policy.OPTIMAL, Policy.NPC, Policy.GREEDY)
QUICK_STATES = 3_000
"""Battles up to this many states are solved here; the benchmark checks the rest."""


def test_every_corpus_battle_has_an_answer_for_every_policy() -> None:
    expected = load_expected()
    names = {p.stem for p in corpus_files(DEFAULT_CORPUS)}
    assert set(expected) == names
    for name in names:
        assert set(expected[name]) == {p.value for p in POLICIES}, name
        assert all(0.0 <= v <= 1.0 for v in expected[name].values()), name


@pytest.mark.parametrize("path", corpus_files(DEFAULT_CORPUS), ids=lambda p: p.stem)
def test_the_recorded_answers_are_the_solvers(path) -> None:  # type: ignore[no-untyped-def]
    battle, _ = load_battle(path)
    if estimate_states(battle) > QUICK_STATES:
        pytest.skip(f"{estimate_states(battle):,} states: checked by the benchmark")
    want = load_expected()[path.stem]
    for policy in POLICIES:
        got = solve_exact(with_player_policy(battle, policy)).attacker_wins
        assert got == pytest.approx(want[policy.value], abs=EXPECTED_TOLERANCE), policy


def test_a_changed_answer_is_reported() -> None:
    row = BenchRow("01_interceptor_duel", "npc", 1, 10, 1, 1, 0.1, 0.1, 1.0, 0.5)
    assert mismatches([row], {"01_interceptor_duel": {"npc": 0.5}}) == []
    assert mismatches([row], {"01_interceptor_duel": {"npc": 0.5 + 1e-6}})
    assert mismatches([row], {}) == ["01_interceptor_duel (npc): no recorded answer"]
