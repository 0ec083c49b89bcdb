"""``odds(..., summary=False)``: the headline numbers are those of the full result, exactly, by
every method and in a sector; only the detail is left out."""

from __future__ import annotations

import pytest

from calc import Battle, odds
from calc.battle.result import BattleResult
from tests.calc.helpers import ship, side

HEADLINE = ("attacker_wins", "defender_wins", "draw", "stalemate", "expected_rounds")
PER_SIDE = ("wins", "expected_material_lost", "retreats", "expected_saved", "holds_sector")


def _battles() -> list[Battle]:
    a = side("A", (ship(hull=1, comp=1, cost=3), 2), (ship("cruiser", hull=2, cost=5), 1))
    d = side("D", (ship("cruiser", hull=2, shield=1, cannons={"orange": 1}, cost=5), 2))
    c = side("C", (ship(hull=1, missiles={"yellow": 2}, cost=3), 1))
    return [Battle.two_sided(a, d), Battle((a, c, d), 2)]


def _same_headline(full: BattleResult, short: BattleResult) -> None:
    for name in HEADLINE:
        assert getattr(short, name) == getattr(full, name), name
    assert short.standard_error == full.standard_error
    for f, s in zip(full.sides, short.sides, strict=True):
        for name in PER_SIDE:
            assert getattr(s, name) == getattr(f, name), (f.name, name)
        assert s.groups == ()
        assert s.reputation_tiles == ()
        assert s.reputation_best == ()


@pytest.mark.parametrize("method", ["exact", "monte-carlo"])
def test_headline_numbers_are_those_of_the_full_result(method: str) -> None:
    for b in _battles():
        full = odds(b, method, samples=2_000, seed=4)
        short = odds(b, method, samples=2_000, seed=4, summary=False)
        assert full.sides[0].groups  # the full result has the detail
        _same_headline(full, short)
