"""The fleet designer: best design equals an exhaustive search's, every design is legal,
results reproduce (serial, pool, cache, Monte Carlo), several opponents, request errors."""

from __future__ import annotations

from collections import Counter

import pytest

from blueprints import Blueprint, ShipClass, ship_class_info, species
from calc.battle.model import ShipGroup, Side
from calc.design.designer import (
    Aggregate,
    DesignRequest,
    DesignResult,
    Opponent,
    design,
    search_space,
)
from calc.design.evaluate import Evaluation, clear_cache
from calc.design.prune import Objective
from calc.design.space import combat_stats
from calc.errors import DesignError
from tests.calc.design_oracle import exhaustive

TERRAN = "terran_directorate"
INTERCEPTOR = Blueprint.default(TERRAN, "interceptor")


def ancients(n: int = 1) -> Side:
    return Side("Ancients", (ShipGroup.npc("ancient", "normal", n),), npc=True)


def request(**kw: object) -> DesignRequest:
    base: dict[str, object] = {
        "side": Side("Red", (ShipGroup.of(INTERCEPTOR, 1),), species=TERRAN),
        "opponents": (Opponent(ancients()),),
        "techs": ("plasma_cannon",),
        "budget": 3,
        "upgrades": 1,
        "classes": (ShipClass.INTERCEPTOR,),
    }
    base.update(kw)
    return DesignRequest(**base)  # type: ignore[arg-type]


def objective_value(objective: Objective, win: float, exchange: float, cost: int) -> float:
    if objective is Objective.WIN:
        return win
    if objective is Objective.WIN_PER_MATERIAL:
        return win / max(1, cost)
    return exchange


def assert_legal(result: DesignResult) -> None:
    req = result.request
    board = species(TERRAN)
    existing = Counter({g.stats.ship_class: g.count for g in req.side.groups})
    for d in result.designs:
        assert d.cost <= req.budget
        assert d.cost == sum(g.new * board.build_cost(g.ship_class) for g in d.groups)
        assert d.activations <= (req.upgrades if req.upgrades is not None else 2)
        for g in d.groups:
            assert g.blueprint.problems(req.techs, req.discoveries) == ()
            assert g.count <= ship_class_info(g.ship_class).limit
            assert g.count - g.new == existing[g.ship_class]
        assert {g.ship_class for g in d.groups} >= set(existing)


@pytest.mark.parametrize("objective", list(Objective))
@pytest.mark.parametrize(
    ("classes", "budget", "opponent"),
    [
        ((ShipClass.INTERCEPTOR,), 3, ancients(1)),
        ((ShipClass.INTERCEPTOR, ShipClass.CRUISER), 5, ancients(1)),
    ],
)
def test_best_equals_exhaustive(
    objective: Objective, classes: tuple[ShipClass, ...], budget: int, opponent: Side
) -> None:
    req = request(objective=objective, classes=classes, budget=budget)
    result = design(req, workers=1)
    assert_legal(result)
    oracle = exhaustive(
        TERRAN,
        {ShipClass.INTERCEPTOR: (INTERCEPTOR, 1)},
        list(classes),
        list(req.techs),
        budget,
        1,
        opponent,
    )
    values = [objective_value(objective, o.win, o.exchange, o.cost) for o in oracle]
    best = result.designs[0]
    assert best.value == pytest.approx(max(values), abs=1e-9)
    # The designer's best is one of the exhaustive search's best designs.
    winners = [o for o, v in zip(oracle, values, strict=True) if v >= max(values) - 1e-9]
    fleets = {
        (tuple((c, n) for c, n in o.counts), tuple(b.stats.cannons for b in o.blueprints))
        for o in winners
    }
    ours = (
        tuple((g.ship_class, g.count) for g in best.groups),
        tuple(g.blueprint.stats.cannons for g in best.groups),
    )
    assert ours in fleets
    # The search space holds exactly the designs of the exhaustive search (merged by combat
    # stats).
    space = search_space(req)
    assert {
        (tuple((g.ship_class, g.count) for g in c.groups), tuple(g.stats for g in c.groups))
        for c in space.candidates
    } == {(o.counts, tuple(combat_stats(b.stats) for b in o.blueprints)) for o in oracle}


def test_existing_ships_are_kept_and_upgraded_together() -> None:
    side = Side("Red", (ShipGroup.of(INTERCEPTOR, 2, (0,)),), species=TERRAN)
    result = design(request(side=side, budget=0, upgrades=2), workers=1)
    assert_legal(result)
    for d in result.designs:
        assert [(g.ship_class, g.count, g.new) for g in d.groups] == [(ShipClass.INTERCEPTOR, 2, 0)]


def test_damaged_ship_that_would_not_survive_is_left_out() -> None:
    tough = Blueprint.from_parts(TERRAN, "interceptor", ["nus", "ioc", "nud", "hul"])
    side = Side("Red", (ShipGroup.of(tough, 1, (1,)),), species=TERRAN)
    result = design(request(side=side, budget=0, upgrades=1), workers=1)
    assert result.wrecked > 0
    for d in result.designs:
        assert all(g.blueprint.stats.hull >= 1 for g in d.groups)


def test_serial_and_pool_and_cache_give_the_same_answer() -> None:
    req = request(budget=6, classes=(ShipClass.INTERCEPTOR,), upgrades=1, top=4)
    clear_cache()
    serial = design(req, workers=1)
    assert serial.cache_hits == 0
    clear_cache()
    pooled = design(req, workers=2)
    assert pooled.backend == "process-pool"
    again = design(req, workers=1)
    assert again.cache_hits > 0 and again.battles == 0
    for other in (pooled, again):
        assert other.designs == serial.designs
        assert (other.evaluated, other.pruned_bound, other.pruned_dominated) == (
            serial.evaluated,
            serial.pruned_bound,
            serial.pruned_dominated,
        )


def test_monte_carlo_rung_reproduces_with_its_seed() -> None:
    req = request(evaluation=Evaluation(max_states=1, samples=500, seed=3), budget=3)
    clear_cache()
    first = design(req, workers=1)
    clear_cache()
    second = design(req, workers=1)
    assert first.designs == second.designs
    assert dict(first.methods) == {"monte-carlo": first.evaluated}
    assert all(m.standard_error is not None for d in first.designs for m in d.matchups)
    clear_cache()
    other_seed = design(
        request(evaluation=Evaluation(max_states=1, samples=500, seed=4), budget=3), workers=1
    )
    assert [d.win for d in other_seed.designs] != [d.win for d in first.designs]


@pytest.mark.parametrize("aggregate", list(Aggregate))
def test_several_opponents_aggregate(aggregate: Aggregate) -> None:
    guardian = Side("Guardian", (ShipGroup.npc("guardian"),), npc=True)
    req = request(opponents=(Opponent(ancients()), Opponent(guardian)), aggregate=aggregate, top=3)
    result = design(req, workers=1, prune=False)
    for d in result.designs:
        wins = [m.win for m in d.matchups]
        assert [m.opponent for m in d.matchups] == ["Ancients", "Guardian"]
        expected = min(wins) if aggregate is Aggregate.WORST else sum(wins) / 2
        assert d.value == pytest.approx(expected)
    values = [d.value for d in result.designs]
    assert values == sorted(values, reverse=True)


def test_designing_side_may_defend_with_starbases() -> None:
    raider = Side("Blue", (ShipGroup.of(INTERCEPTOR, 2),), species=TERRAN)
    req = request(
        opponents=(Opponent(raider, designer_defends=True),),
        techs=("starbase",),
        classes=None,
        budget=3,
        upgrades=0,
    )
    space = search_space(req)
    classes = {g.ship_class for c in space.candidates for g in c.groups}
    assert ShipClass.STARBASE in classes
    result = design(req, workers=1)
    assert_legal(result)
    assert all(
        m.win == pytest.approx(1 - m.attacker_wins) for d in result.designs for m in d.matchups
    )


def test_progress_reaches_one() -> None:
    seen: list[float] = []
    design(request(budget=6), workers=1, progress=seen.append)
    assert seen and seen[-1] == pytest.approx(1.0)
    assert seen == sorted(seen)


@pytest.mark.parametrize(
    ("changes", "path", "message"),
    [
        ({"techs": ("plasma_cannon", "death_ray")}, "techs[1]", "unknown tech 'death_ray'"),
        ({"discoveries": ("ion_cannon",)}, "discoveries[0]", "not a discovery part"),
        ({"classes": (ShipClass.STARBASE,)}, "classes[0]", "cannot move"),
        ({"techs": ()}, "techs", "needs the tech 'plasma_cannon'"),
        ({"opponents": ()}, "opponents", "at least one opponent"),
    ],
)
def test_request_errors_name_the_field(changes: dict[str, object], path: str, message: str) -> None:
    side = Side(
        "Red",
        (
            ShipGroup.of(
                Blueprint.from_parts(TERRAN, "interceptor", ["nus", "plc", "nud", None]), 1
            ),
        ),
        species=TERRAN,
    )
    with pytest.raises(DesignError, match=message) as info:
        design(request(side=side, **changes), workers=1)
    assert info.value.path == path


def test_too_many_candidates_is_an_error() -> None:
    with pytest.raises(DesignError, match="more than 5 designs"):
        search_space(request(budget=9, max_candidates=5))


@pytest.mark.parametrize("defends", [False, True])
def test_best_equals_exhaustive_against_a_player(defends: bool) -> None:
    blue = Side("Blue", (ShipGroup.of(INTERCEPTOR, 2),), species=TERRAN)
    req = request(opponents=(Opponent(blue, designer_defends=defends),), budget=3)
    result = design(req, workers=1)
    assert_legal(result)
    oracle = exhaustive(
        TERRAN,
        {ShipClass.INTERCEPTOR: (INTERCEPTOR, 1)},
        [ShipClass.INTERCEPTOR],
        list(req.techs),
        3,
        1,
        blue,
        designer_defends=defends,
    )
    assert result.designs[0].win == pytest.approx(max(o.win for o in oracle), abs=1e-9)
    for d in result.designs:
        assert d.matchups[0].win == pytest.approx(
            1 - d.attacker_wins if defends else d.attacker_wins, abs=1e-12
        )


def test_opponents_of_a_three_sided_sector() -> None:
    from calc.battle.files import parse_battle
    from calc.design.files import opponents_of

    def side(name: str) -> dict[str, object]:
        return {"name": name, "species": TERRAN, "ships": [{"class": "interceptor"}]}

    battle, _ = parse_battle(
        {"format": "fleetlab-battle/1", "sides": [side("A"), side("B"), side("C")], "defender": 2}
    )
    # C controls the sector: it defends against everyone; between A and B, A entered first.
    assert [(o.side.name, o.designer_defends) for o in opponents_of(battle, "C")] == [
        ("A", True),
        ("B", True),
    ]
    assert [(o.side.name, o.designer_defends) for o in opponents_of(battle, "A")] == [
        ("B", True),
        ("C", False),
    ]
    assert [(o.side.name, o.designer_defends) for o in opponents_of(battle, "B")] == [
        ("A", False),
        ("C", False),
    ]


def test_nothing_to_design_gives_no_designs() -> None:
    result = design(request(side=Side("Red", (), species=TERRAN), budget=2), workers=1)
    assert result.designs == () and result.best is None
    assert result.candidates == result.evaluated == 0


def test_a_search_stops_past_its_time_limit_and_says_how_far_it_got(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``max_seconds`` bounds the search (wall clock, read after every wave of evaluations).
    The clock is replaced by one that jumps 10 s at every reading, so the 5 s limit has passed
    by the end of the first wave, whatever the machine's speed."""
    from itertools import count

    from calc import deadline as deadline_module
    from calc.design.designer import WAVE, search_space

    ticks = count(0.0, 10.0)
    monkeypatch.setattr(deadline_module, "wall_clock", lambda: next(ticks))
    big = request(
        budget=9,
        upgrades=2,
        techs=("plasma_cannon", "gauss_shield"),
        classes=(ShipClass.INTERCEPTOR, ShipClass.CRUISER),
        max_seconds=5,
    )
    total = len(search_space(big).candidates)
    assert total > WAVE  # more than one wave, or there would be nothing left to stop
    with pytest.raises(DesignError, match=f"after evaluating {WAVE} of {total:,} designs") as info:
        design(big, workers=1, prune=False)
    assert info.value.path == "max_seconds" and "limit of 5 s" in str(info.value)
    monkeypatch.undo()
    assert design(request(max_seconds=5), workers=1).designs  # a small search ends in time


@pytest.mark.parametrize(("seconds", "message"), [(0, ">= 1"), (86_401, "at most 86,400")])
def test_the_time_limit_is_a_whole_number_of_seconds_up_to_a_day(
    seconds: int, message: str
) -> None:
    with pytest.raises(DesignError, match=message):
        request(max_seconds=seconds)


def test_the_design_file_carries_the_time_limit() -> None:
    import json

    from calc.design.files import parse_design
    from calc.errors import BattleFileError
    from tests.support import REPO

    doc = json.loads((REPO / "examples/design_red_vs_ancients.json").read_text())
    assert parse_design(doc)[0].max_seconds == 900
    doc["design"]["max_seconds"] = 30
    assert parse_design(doc)[0].max_seconds == 30
    doc["design"]["max_seconds"] = 10**6
    with pytest.raises(BattleFileError, match="at most 86,400") as info:
        parse_design(doc)
    assert info.value.path == "design.max_seconds"
