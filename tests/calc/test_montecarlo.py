"""Monte Carlo against the exact solver (within 4 standard errors, fixed seeds), and its
reproducibility, stopping rules and reported errors."""

from __future__ import annotations

import math
import zlib
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from calc.battle.files import load_battle
from calc.battle.model import Battle, Policy, with_player_policy
from calc.exact.solver import solve_exact
from calc.montecarlo.simulator import simulate_battle, wilson_interval
from tests.calc.helpers import battle, ship, side
from tests.support import REPO

CORPUS = sorted((REPO / "benchmarks" / "corpus").glob("*.json"))
EXTRA: dict[str, Battle] = {
    "rift duel": battle(
        side("A", (ship(cannons={"pink": 1}), 1)), side("D", (ship(cannons={"pink": 1}), 1))
    ),
    "missiles into stalemate": battle(
        side("A", (ship(init=3, cannons={}, missiles={"yellow": 1}), 2)),
        side("D", (ship("cruiser", init=1, hull=1, cannons={}, missiles={"orange": 1}), 1)),
    ),
    "splitter vs hull": battle(
        side("A", (ship("cruiser", init=2, hull=1, comp=1, cannons={"red": 1}), 2), splitter=True),
        side("D", (ship(init=3, shield=1), 3), (ship("dreadnought", init=1, hull=3, comp=1), 1)),
    ),
}
SAMPLES = 20_000


def _cases() -> list[tuple[str, Battle]]:
    out = [(p.stem, load_battle(p)[0]) for p in CORPUS]
    out += list(EXTRA.items())
    return out


CASES = _cases()


def test_corpus_has_at_least_twenty_battles() -> None:
    assert len(CASES) >= 20


@pytest.mark.parametrize("policy", [Policy.NPC, Policy.GREEDY])
@pytest.mark.parametrize(("name", "b"), CASES, ids=[n for n, _ in CASES])
def test_monte_carlo_agrees_with_exact(name: str, b: Battle, policy: Policy) -> None:
    b = with_player_policy(b, policy)
    exact = solve_exact(b)
    seed = zlib.crc32(f"{name}/{policy.value}".encode())
    mc = simulate_battle(b, np.random.default_rng(seed), SAMPLES)
    assert mc.standard_error is not None

    def binomial_se(p: float) -> float:
        # The standard error under the exact value, so p = 0 or 1 gets an honest tolerance.
        return math.sqrt(p * (1 - p) / SAMPLES)

    for key in ("attacker_wins", "draw", "stalemate"):
        p = getattr(exact, key)
        assert abs(getattr(mc, key) - p) <= 4 * binomial_se(p) + 1e-12, key
    tolerance = 4 * mc.standard_error["expected_rounds"] + 1e-12
    assert abs(mc.expected_rounds - exact.expected_rounds) <= tolerance
    for ms, es in zip(mc.sides, exact.sides, strict=True):
        for mg, eg in zip(ms.groups, es.groups, strict=True):
            for k, (pm, pe) in enumerate(zip(mg.survivors, eg.survivors, strict=True)):
                assert abs(pm - pe) <= 4 * binomial_se(pe) + 1e-12, (mg.label, k)


def test_same_seed_same_numbers() -> None:
    b = load_battle(CORPUS[5])[0]
    r1 = simulate_battle(b, np.random.default_rng(42), 5_000)
    r2 = simulate_battle(b, np.random.default_rng(42), 5_000)
    r3 = simulate_battle(b, np.random.default_rng(43), 5_000)
    assert r1.attacker_wins == r2.attacker_wins
    assert r1.sides == r2.sides
    assert r1.attacker_wins != r3.attacker_wins or r1.expected_rounds != r3.expected_rounds


def test_result_carries_errors_interval_and_samples() -> None:
    b = load_battle(CORPUS[2])[0]
    r = simulate_battle(b, np.random.default_rng(1), 10_000)
    assert r.method.value == "monte-carlo"
    assert r.stats.samples == 10_000
    assert r.standard_error is not None
    p = r.attacker_wins
    assert r.standard_error["attacker_wins"] == pytest.approx((p * (1 - p) / 10_000) ** 0.5)
    assert r.interval is not None
    lo, hi = r.interval
    assert lo < p < hi
    assert r.optimal_approximated  # the corpus side asked for optimal play
    assert "approximated by the greedy policy" in r.why


def test_target_precision_stops_early() -> None:
    b = load_battle(CORPUS[0])[0]
    r = simulate_battle(b, np.random.default_rng(5), 1_000_000, target_se=0.01)
    assert r.standard_error is not None
    assert r.standard_error["attacker_wins"] <= 0.01
    assert r.stats.samples < 1_000_000


def test_time_budget_stops() -> None:
    b = load_battle(CORPUS[-1])[0]
    r = simulate_battle(b, np.random.default_rng(5), 50_000_000, time_budget=0.2)
    assert r.stats.samples < 50_000_000
    assert r.stats.seconds < 5


def test_progress_is_reported() -> None:
    seen: list[float] = []
    b = load_battle(CORPUS[0])[0]
    simulate_battle(b, np.random.default_rng(5), 60_000, progress=seen.append)
    assert seen and seen[-1] == pytest.approx(1.0)
    assert seen == sorted(seen)


def test_wilson_interval_known_values() -> None:
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0
    assert hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson_interval(81, 263)
    assert (round(lo, 4), round(hi, 4)) == (0.2553, 0.3662)


def test_npc_defender_keeps_npc_policy() -> None:
    b = load_battle(CORPUS[3])[0]
    r = simulate_battle(replace(b), np.random.default_rng(0), 1_000)
    assert r.sides[1].policy is Policy.NPC


def test_corpus_path_exists() -> None:
    assert Path(CORPUS[0]).exists()


def test_a_stalemate_attacker_that_can_retreat_escapes_as_exactly() -> None:
    # Missiles only, then nobody has cannons: a stalemate. An attacker that can retreat takes
    # its ships still in the sector home (a retreat with all of them: no participation tile).
    a = replace(side("A", (ship(init=3, cannons={}, missiles={"yellow": 1}), 2)), can_retreat=True)
    d = side("D", (ship("cruiser", init=1, hull=1, cannons={}, missiles={"orange": 1}), 1))
    b = battle(a, d)
    exact = solve_exact(b)
    mc = simulate_battle(b, np.random.default_rng(7), 20_000)
    assert exact.stalemate > 0.5
    for r in (exact, mc):
        assert r.sides[0].retreats == pytest.approx(r.stalemate, abs=1e-12)
    # Saved ships: 0 to 2, so the standard error is at most 1 / sqrt(samples).
    assert abs(mc.sides[0].expected_saved - exact.sides[0].expected_saved) <= 4 / math.sqrt(20_000)
    for got, want in (
        (mc.sides[0].retreats, exact.sides[0].retreats),
        (mc.sides[0].reputation_tiles[0], exact.sides[0].reputation_tiles[0]),
    ):
        assert abs(got - want) <= 4 * math.sqrt(want * (1 - want) / 20_000) + 1e-9


def test_a_battle_nobody_can_win_is_a_stalemate_at_once() -> None:
    # The battle: two cruisers a side, 1 yellow cannon die, hull 2, two Morph Shields.
    # Every simulated battle used to run to the 100,000-round cap; the stalemate rule ends each
    # one before its first round.
    cruiser = ship("cruiser", hull=2, morph=2)
    b = battle(side("A", (cruiser, 2)), side("D", (cruiser, 2)))
    r = simulate_battle(b, np.random.default_rng(3), 2_000)
    assert r.stalemate == 1.0 and r.defender_wins == 1.0
    assert r.expected_rounds == 0.0 and r.stats.cut == 0


def test_monte_carlo_never_retreats_a_starbase() -> None:
    # The attacker always wants to retreat (threshold 1.0) and can: its interceptor leaves, its
    # starbase stays and fights (starbases have no drives).
    from calc import Retreat, RetreatPolicy

    a = replace(
        side("A", (ship("starbase", hull=3), 1), (ship(init=4), 1)),
        can_retreat=True,
        retreat=Retreat(RetreatPolicy.THRESHOLD, 1.0),
    )
    d = side("D", (ship("cruiser", hull=1, init=1), 1))
    r = simulate_battle(Battle.two_sided(a, d), np.random.default_rng(4), 5_000)
    starbase = next(g for g in r.sides[0].groups if g.ship_class.value == "starbase")
    interceptor = next(g for g in r.sides[0].groups if g.ship_class.value == "interceptor")
    assert starbase.expected_escaped == 0.0
    assert interceptor.expected_escaped > 0.5
