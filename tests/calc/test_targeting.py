"""The NPC rule, the greedy heuristic and rift self-damage, on hand-made volleys."""

from __future__ import annotations

from calc.exact.solver import rule_assignment
from calc.rules.dice import RIFT_REACH

# Target groups (as the solver sees one side): hull, need (roll to hit), rank (size).
INTERCEPTOR = (0, 2, 1.0)
CRUISER = (1, 2, 3.0)
DREADNOUGHT = (2, 2, 4.0)


def assign(
    groups: list[tuple[int, int, float]],
    state: tuple[tuple[int, ...], ...],
    hits: tuple[tuple[int, int, int], ...],
) -> tuple[tuple[int, ...], ...]:
    hulls = tuple(g[0] for g in groups)
    needs = tuple(g[1] for g in groups)
    ranks = tuple(g[2] for g in groups)
    return rule_assignment(state, hits, needs, hulls, ranks)


def test_rules_example_interceptor_destroyed_rest_to_dreadnought() -> None:
    # Two 1-damage hits; only the interceptor can be destroyed. One die destroys it, the other
    # goes to the largest ship, the dreadnought (rules: hits and damage with NPC opponents).
    groups = [DREADNOUGHT, INTERCEPTOR]
    state = ((1, 0, 0), (1,))
    after = assign(groups, state, ((1, 6, 2),))
    assert after == ((0, 1, 0), (0,))


def test_destroys_largest_first_when_possible() -> None:
    # Three hits: the cruiser (2 hits to destroy) goes first, then the interceptor.
    groups = [CRUISER, INTERCEPTOR]
    after = assign(groups, ((1, 0), (2,)), ((1, 6, 3),))
    assert after == ((0, 0), (1,))


def test_no_ship_can_be_destroyed_all_damage_to_the_largest() -> None:
    # Two hits; the dreadnought needs 3 and the cruiser (hull 2 here) needs 3: nothing can be
    # destroyed, so both hits go to the largest ship (the reading Fleetlab documents).
    groups = [DREADNOUGHT, (2, 2, 3.0)]
    after = assign(groups, ((1, 0, 0), (1, 0, 0)), ((1, 6, 2),))
    assert after == ((0, 0, 1), (1, 0, 0))


def test_least_overkill_subset_destroys() -> None:
    # A cruiser with 2 hp left; hits of 2 and 3 damage: the 2 is used (no waste) and the 3
    # then goes to the remaining interceptor.
    groups = [CRUISER, INTERCEPTOR]
    after = assign(groups, ((1, 0), (1,)), ((3, 6, 1), (2, 6, 1)))
    assert after == ((0, 0), (0,))


def test_hits_only_go_where_they_reach() -> None:
    # The dreadnought needs a 6 (shields); a hit of reach 4 cannot touch it.
    groups = [(2, 6, 4.0), INTERCEPTOR]
    after = assign(groups, ((1, 0, 0), (2,)), ((1, 4, 1),))
    assert after == ((1, 0, 0), (1,))


def test_most_damaged_of_equal_size_is_destroyed_first() -> None:
    groups = [CRUISER]
    after = assign(groups, ((1, 1),), ((1, 6, 1),))
    assert after == ((1, 0),)


def test_greedy_kills_the_biggest_threat_first() -> None:
    # Greedy ranks by threat: an interceptor with 3 dice outranks a harmless cruiser.
    groups = [(1, 2, 1.0), (0, 2, 3000.0)]  # cruiser rank 1 (no guns), interceptor threat 3
    after = assign(groups, ((1, 0), (1,)), ((1, 6, 1),))
    assert after == ((1, 0), (0,))


def test_rift_reach_hits_everything() -> None:
    groups = [(2, 6, 4.0)]
    after = assign(groups, ((1, 0, 0),), ((1, RIFT_REACH, 1),))
    assert after == ((0, 1, 0),)
