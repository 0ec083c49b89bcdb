"""The exact solver against the independent brute-force reference, under every policy."""

from __future__ import annotations

import pytest

from calc.battle.model import Battle, NpcReading, Policy, with_npc_reading
from calc.exact.solver import solve_exact
from tests.calc.brute_force import brute_force_attacker_wins, with_policy
from tests.calc.helpers import battle, ship, side

TINY: dict[str, Battle] = {
    "duel": battle(side("A", (ship(), 1)), side("D", (ship(), 1))),
    "two on one": battle(
        side("A", (ship(init=3), 2)), side("D", (ship("cruiser", hull=1, comp=1), 1))
    ),
    "mixed targets": battle(
        side("A", (ship("cruiser", init=2, hull=1, comp=1, cannons={"yellow": 2}), 1)),
        side("D", (ship("dreadnought", init=1, hull=2), 1), (ship(init=3, shield=1), 1)),
    ),
    "shields and computers": battle(
        side("A", (ship(init=2, comp=2, cannons={"orange": 1}), 2)),
        side("D", (ship("cruiser", init=2, hull=1, shield=2, comp=1), 1), (ship(init=1), 1)),
    ),
    "missiles then cannons": battle(
        side("A", (ship(init=2, comp=1, missiles={"yellow": 2}), 1)),
        side("D", (ship("cruiser", init=3, hull=2, comp=1), 1)),
    ),
    "rift with self-damage": battle(
        side("A", (ship("cruiser", init=2, hull=1, cannons={"pink": 1}), 1), (ship(init=1), 1)),
        side("D", (ship("cruiser", init=2, hull=1, comp=1), 1)),
    ),
    "splitter": battle(
        side("A", (ship("cruiser", init=2, hull=1, cannons={"red": 1}), 1), splitter=True),
        side("D", (ship(init=3), 2), (ship("cruiser", init=1, hull=1), 1)),
    ),
    "damaged ships": battle(
        side("A", (ship("cruiser", init=2, hull=2, comp=1), 2, (1,))),
        side("D", (ship("dreadnought", init=1, hull=3, comp=1, cannons={"yellow": 2}), 1, (2,))),
    ),
    # Issue 15: one volley of mixed damage (1 orange, 2 yellow missiles) where destroying the
    # ships one at a time spends the orange 6 the interceptor needs.
    "mixed volley": battle(
        side(
            "A",
            (
                ship(
                    "cruiser",
                    init=2,
                    hull=1,
                    comp=1,
                    cannons={},
                    missiles={"orange": 1, "yellow": 2},
                ),
                1,
            ),
        ),
        side(
            "D",
            (ship("cruiser", init=1, hull=1, cannons={}), 1),
            (ship(init=1, shield=2, cannons={}), 1),
        ),
    ),
    "npc-like guardian": battle(
        side("A", (ship(init=3, comp=1), 2), (ship("cruiser", init=2, hull=1, comp=1), 1)),
        side("G", (ship("guardian", init=3, hull=2, comp=2, cannons={"yellow": 2}), 1)),
    ),
}

POLICIES = [
    (Policy.OPTIMAL, Policy.OPTIMAL),
    (Policy.NPC, Policy.NPC),
    (Policy.GREEDY, Policy.GREEDY),
    (Policy.OPTIMAL, Policy.NPC),
    (Policy.GREEDY, Policy.OPTIMAL),
]


@pytest.mark.parametrize("name", sorted(TINY))
@pytest.mark.parametrize(("attacker_policy", "defender_policy"), POLICIES)
def test_exact_matches_brute_force(
    name: str, attacker_policy: Policy, defender_policy: Policy
) -> None:
    b = TINY[name]
    canonical = Battle.two_sided(
        with_policy(b.attacker_side.canonical(), attacker_policy),
        with_policy(b.defender_side.canonical(), defender_policy),
    )
    exact = solve_exact(canonical)
    reference = brute_force_attacker_wins(canonical)
    assert exact.attacker_wins == pytest.approx(reference, abs=1e-12)


# Battles where the two readings of the NPC rule's leftover sentence give different odds: two
# hits on two cruisers that neither destroys, and two rift dice's self-damage on two rift
# cruisers of hull 2. (60 rounds keep the brute force's cut below 1e-14 here.)
READING_CASES: dict[str, Battle] = {
    "two hits on two cruisers": battle(
        side("A", (ship("cruiser", init=2, hull=1, comp=1, cannons={"yellow": 2}), 1)),
        side("D", (ship("cruiser", init=1, hull=2), 2)),
    ),
    "rift self-damage on two": battle(
        side("A", (ship("cruiser", init=3, hull=2, cannons={"pink": 1}), 2)),
        side("D", (ship("cruiser", init=1, hull=2, comp=1), 1)),
    ),
}


@pytest.mark.parametrize("name", sorted(READING_CASES))
def test_exact_matches_brute_force_with_the_spread_reading(name: str) -> None:
    b = READING_CASES[name]
    canonical = Battle.two_sided(
        with_policy(b.attacker_side.canonical(), Policy.NPC),
        with_policy(b.defender_side.canonical(), Policy.NPC),
    )
    spread = with_npc_reading(canonical, NpcReading.SPREAD)
    exact = solve_exact(spread)
    assert abs(exact.attacker_wins - solve_exact(canonical).attacker_wins) > 1e-3
    assert exact.attacker_wins == pytest.approx(brute_force_attacker_wins(spread, 60), abs=1e-12)
