"""The fast exact solver against the simple reference solver on medium battles: every output."""

from __future__ import annotations

from dataclasses import replace

import pytest

from blueprints import Blueprint
from calc.battle.model import Battle, Policy, ShipGroup, Side
from calc.exact.solver import solve_exact
from tests.calc.exact_reference import solve_reference
from tests.calc.helpers import battle, ship, side

T = "terran_directorate"


def bp(cls: str, parts: list[str] | None = None, species: str = T) -> Blueprint:
    return (
        Blueprint.default(species, cls)
        if parts is None
        else Blueprint.from_parts(species, cls, parts)
    )


MEDIUM: dict[str, Battle] = {
    "interceptors vs cruisers and dreadnought": Battle.two_sided(
        Side("A", (ShipGroup.of(bp("interceptor"), 5),)),
        Side("D", (ShipGroup.of(bp("cruiser"), 2), ShipGroup.of(bp("dreadnought"), 1))),
    ),
    "plasma fleet vs starbase and shielded dreadnoughts": Battle.two_sided(
        Side(
            "A",
            (
                ShipGroup.of(bp("interceptor"), 3),
                ShipGroup.of(bp("cruiser", ["elc", "plc", "-", "nus", "hul", "nud"]), 2),
                ShipGroup.of(bp("dreadnought"), 1),
            ),
        ),
        Side(
            "D",
            (
                ShipGroup.of(bp("starbase"), 1),
                ShipGroup.of(
                    bp(
                        "dreadnought",
                        ["elc", "plc", "plc", "gas", "nus", "hul", "hul", "nud"],
                        "eridani_empire",
                    ),
                    2,
                ),
            ),
        ),
    ),
    "missiles and rift": battle(
        side(
            "A",
            (
                ship(
                    "cruiser", init=2, hull=1, comp=1, cannons={"pink": 1}, missiles={"orange": 2}
                ),
                2,
            ),
        ),
        side(
            "D",
            (ship("interceptor", init=3, comp=1), 3),
            (ship("dreadnought", init=1, hull=3, comp=1, cannons={"yellow": 2}), 1),
        ),
    ),
    "splitter and damage": battle(
        side(
            "A",
            (ship("dreadnought", init=1, hull=3, comp=1, cannons={"red": 1, "yellow": 1}), 2, (2,)),
            splitter=True,
        ),
        side(
            "D",
            (ship("interceptor", init=3, shield=1), 4),
            (ship("cruiser", init=2, hull=1, comp=1), 2, (1,)),
        ),
    ),
    "npc guardian": Battle.two_sided(
        Side("A", (ShipGroup.of(bp("cruiser", ["elc", "plc", "-", "nus", "hul", "nud"]), 3),)),
        Side("G", (ShipGroup.npc("guardian", "advanced"),), npc=True),
    ),
}


@pytest.mark.parametrize("name", sorted(MEDIUM))
@pytest.mark.parametrize("policy", [Policy.OPTIMAL, Policy.GREEDY, Policy.NPC])
def test_fast_solver_equals_reference(name: str, policy: Policy) -> None:
    b = MEDIUM[name]
    sides = tuple(s if s.npc else replace(s, policy=policy) for s in b.sides)
    b = Battle(sides, b.defender)
    fast, ref = solve_exact(b), solve_reference(b)
    for key in ("attacker_wins", "defender_wins", "draw", "stalemate", "expected_rounds"):
        assert getattr(fast, key) == pytest.approx(getattr(ref, key), abs=1e-10), key
    for fs, rs in zip(fast.sides, ref.sides, strict=True):
        assert fs.expected_material_lost == pytest.approx(rs.expected_material_lost, abs=1e-9)
        assert fs.reputation_tiles == pytest.approx(rs.reputation_tiles, abs=1e-10)
        for fg, rg in zip(fs.groups, rs.groups, strict=True):
            assert fg.survivors == pytest.approx(rg.survivors, abs=1e-10)
