"""The designer's search space: reachable blueprints (against a naive search) and fleets."""

from __future__ import annotations

from itertools import product

import pytest

from blueprints import Blueprint, ShipClass, ship_class_info, species
from calc.design.space import (
    CandidateGroup,
    class_options,
    combat_stats,
    fleet_counts,
    reachable_blueprints,
)
from calc.errors import DesignError
from tests.calc.design_oracle import naive_reachable

TERRAN = "terran_directorate"


@pytest.mark.parametrize(
    ("cls", "acts", "techs"),
    [
        ("interceptor", 2, ["plasma_cannon"]),
        ("cruiser", 1, ["plasma_cannon", "gauss_shield", "fusion_source"]),
        ("starbase", 1, ["positron_computer"]),
    ],
)
def test_reachable_blueprints_equal_a_naive_search(cls: str, acts: int, techs: list[str]) -> None:
    start = Blueprint.default(TERRAN, cls)
    assert reachable_blueprints(start, acts, techs) == naive_reachable(start, acts, techs)


def test_reachable_from_a_placed_blueprint_with_a_discovery_in_hand() -> None:
    start = Blueprint.from_parts(TERRAN, "interceptor", ["nus", "plc", "nud", "elc"])
    hand = ["ion_turret"]
    found = reachable_blueprints(start, 1, ["plasma_cannon"], hand)
    assert found == naive_reachable(start, 1, ["plasma_cannon"], hand)
    turret = [bp for bp in found if any(p and p.id == "ion_turret" for p in bp.slots)]
    assert turret  # the discovery part can be placed ...
    assert all(
        bp.problems(["plasma_cannon"], hand) == () for bp in found
    )  # ... and everything found is legal


def test_zero_activations_is_the_start_only() -> None:
    start = Blueprint.default(TERRAN, "dreadnought")
    assert reachable_blueprints(start, 0, ["plasma_cannon"]) == {start: 0}


def test_every_step_is_an_upgrade_activation() -> None:
    # Placing a part needs an activation: one activation never places two parts.
    start = Blueprint.default(TERRAN, "interceptor")
    for bp, acts in reachable_blueprints(start, 1, ["plasma_cannon"]).items():
        changed = sum(1 for a, b in zip(bp.slots, start.slots, strict=True) if a != b)
        assert changed <= 1 if acts == 1 else changed == 0


def test_reachable_limit_is_an_error() -> None:
    start = Blueprint.default(TERRAN, "cruiser")
    with pytest.raises(DesignError, match="more than 10"):
        reachable_blueprints(start, 2, ["plasma_cannon"], limit=10)


def test_class_options_merge_blueprints_that_fight_alike() -> None:
    start = Blueprint.default(TERRAN, "interceptor")
    found = reachable_blueprints(start, 2, ["plasma_cannon", "gauss_shield"])
    options = class_options(start, 2, ["plasma_cannon", "gauss_shield"])
    assert len({o.stats for o in options}) == len(options)
    assert sum(o.blueprints for o in options) == len(found)
    for o in options:
        for v in o.variants:
            assert combat_stats(v.blueprint.stats) == o.stats
            assert found[v.blueprint] == v.activations
        # the fewest activations reaching these stats is the option's
        assert o.activations == min(
            acts for bp, acts in found.items() if combat_stats(bp.stats) == o.stats
        )


@pytest.mark.parametrize(
    ("existing", "buildable", "budget", "builds"),
    [
        ({ShipClass.INTERCEPTOR: 1}, [ShipClass.INTERCEPTOR, ShipClass.CRUISER], 11, None),
        ({}, [ShipClass.INTERCEPTOR, ShipClass.CRUISER, ShipClass.DREADNOUGHT], 16, 2),
        (
            {ShipClass.INTERCEPTOR: 7, ShipClass.DREADNOUGHT: 2},
            [ShipClass.INTERCEPTOR, ShipClass.DREADNOUGHT],
            30,
            None,
        ),
        ({ShipClass.CRUISER: 1}, [], 20, None),
    ],
)
def test_fleet_counts_brute_force(
    existing: dict[ShipClass, int], buildable: list[ShipClass], budget: int, builds: int | None
) -> None:
    board = species(TERRAN)
    classes = [ShipClass.INTERCEPTOR, ShipClass.CRUISER, ShipClass.DREADNOUGHT]
    expected = set()
    for new in product(range(9), range(5), range(3)):
        if any(n and c not in buildable for n, c in zip(new, classes, strict=True)):
            continue
        totals = [existing.get(c, 0) + n for c, n in zip(classes, new, strict=True)]
        if any(t > ship_class_info(c).limit for t, c in zip(totals, classes, strict=True)):
            continue
        if sum(n * board.build_cost(c) for n, c in zip(new, classes, strict=True)) > budget:
            continue
        if builds is not None and sum(new) > builds:
            continue
        if sum(totals):
            expected.add(
                tuple((c, t, n) for c, t, n in zip(classes, totals, new, strict=True) if t)
            )
    got = fleet_counts(existing, buildable, TERRAN, budget, builds)
    assert {tuple((f.ship_class, f.total, f.new) for f in fleet) for fleet in got} == expected
    assert len(got) == len(expected)


def test_candidate_strength_counts_ships() -> None:
    bp = Blueprint.default(TERRAN, "interceptor")
    g = CandidateGroup(ShipClass.INTERCEPTOR, bp, bp.stats, 3, 3, (), 0)
    # hull 0, no shield or computer, one yellow die: strength 1 per ship
    from calc.design.space import Candidate

    assert Candidate((g,), 9, 0).strength == 3
