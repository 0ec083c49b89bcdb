"""The fleet designer in whole-sector mode: every design evaluated in the sector battle, all
sides together.

The best design equals an exhaustive search that solves the full sector battle with
``calc.sector.ladder``; a design's value is ``calc.sector.ladder`` on the sector battle built by hand; the mode
survives the design file; runners agree; separate battles are unchanged.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from blueprints import Blueprint, ShipClass
from calc.battle.files import battle_to_dict, parse_battle
from calc.battle.model import Battle, ShipGroup, Side
from calc.design.designer import (
    SECTOR,
    Aggregate,
    DesignRequest,
    DesignResult,
    Opponent,
    design,
    opponents_of,
    search_space,
)
from calc.design.evaluate import Evaluation, clear_cache
from calc.design.files import parse_design, result_to_dict
from calc.design.prune import Objective
from calc.errors import BattleFileError, DesignError
from calc.sector.ladder import odds
from tests.calc.design_oracle import exhaustive

TERRAN = "terran_directorate"
INTERCEPTOR = Blueprint.default(TERRAN, "interceptor")
CRUISER = Blueprint.default(TERRAN, "cruiser")
TECHS = ("plasma_cannon", "gauss_shield")

RED = Side("Red", (ShipGroup.of(INTERCEPTOR, 1),), species=TERRAN)
BLUE = Side("Blue", (ShipGroup.of(INTERCEPTOR, 2),), species=TERRAN)
GREEN = Side("Green", (ShipGroup.of(CRUISER, 1),), species=TERRAN)
ANCIENTS = Side("Ancients", (ShipGroup.npc("ancient"),), npc=True)

# (sides in order of entry, defender): Red controls the sector and fights last; Red entered
# last and fights first, then its survivors meet the defender; Red entered between the two
# and defends against the last entrant first; Red against a player and the NPCs.
SECTORS = {
    "red-defends": ((BLUE, GREEN, RED), 2),
    "red-fights-first": ((GREEN, RED, BLUE), 2),
    "red-in-the-middle": ((GREEN, RED, BLUE), 0),
    "with-npcs": ((BLUE, RED, ANCIENTS), 2),
}


def sector(name: str) -> Battle:
    sides, defender = SECTORS[name]
    return Battle(sides, defender)


def request(battle: Battle, **kw: object) -> DesignRequest:
    base: dict[str, object] = {
        "side": next(s for s in battle.sides if s.name == "Red"),
        "sector": battle,
        "techs": TECHS,
        "budget": 3,
        "upgrades": 1,
        "classes": (ShipClass.INTERCEPTOR,),
    }
    base.update(kw)
    return DesignRequest(**base)  # type: ignore[arg-type]


def by_hand(battle: Battle, groups: tuple[ShipGroup, ...]) -> Battle:
    """The sector with Red's ships replaced, built without the designer's helpers."""
    sides = []
    for s in battle.sides:
        sides.append(Side("Red", groups, species=TERRAN) if s.name == "Red" else s)
    return Battle(tuple(sides), battle.defender)


def objective_value(objective: Objective, win: float, exchange: float, cost: int) -> float:
    if objective is Objective.WIN:
        return win
    if objective is Objective.WIN_PER_MATERIAL:
        return win / max(1, cost)
    return exchange


@pytest.mark.parametrize("objective", list(Objective))
@pytest.mark.parametrize("name", list(SECTORS))
def test_best_equals_exhaustive_search_of_the_sector(name: str, objective: Objective) -> None:
    battle = sector(name)
    req = request(battle, objective=objective)
    result = design(req, workers=1)
    assert result.request.whole_sector and result.evaluated + result.pruned == result.candidates
    others = tuple(s for s in battle.sides if s.name != "Red")
    position = [s.name for s in battle.sides].index("Red")
    oracle = exhaustive(
        TERRAN,
        {ShipClass.INTERCEPTOR: (INTERCEPTOR, 1)},
        [ShipClass.INTERCEPTOR],
        list(TECHS),
        3,
        1,
        others[0],
        sector=(others, position, battle.defender),
    )
    values = [objective_value(objective, o.win, o.exchange, o.cost) for o in oracle]
    best = result.designs[0]
    assert best.value == pytest.approx(max(values), abs=1e-9)
    winners = [o for o, v in zip(oracle, values, strict=True) if v >= max(values) - 1e-9]
    assert (
        tuple((g.ship_class, g.count) for g in best.groups),
        tuple(g.blueprint.stats.cannons for g in best.groups),
    ) in {(o.counts, tuple(b.stats.cannons for b in o.blueprints)) for o in winners}


@pytest.mark.parametrize("name", ["red-defends", "red-fights-first", "with-npcs"])
def test_sector_value_is_the_odds_of_the_sector_built_by_hand(name: str) -> None:
    battle = sector(name)
    result = design(request(battle, objective=Objective.EXCHANGE, top=4), workers=1)
    assert len(result.designs) == 4
    for d in result.designs:
        groups = tuple(ShipGroup.of(g.blueprint, g.count, g.damage) for g in d.groups)
        r = odds(by_hand(battle, groups), "exact")
        others = [s.name for s in battle.sides if s.name != "Red"]
        (m,) = d.matchups
        assert m.opponent == SECTOR and d.method == "exact"
        assert d.win == pytest.approx(r.side("Red").holds_sector, abs=1e-12)
        assert m.attacker_wins == pytest.approx(r.attacker_wins, abs=1e-12)
        assert m.own_lost == pytest.approx(r.side("Red").expected_material_lost, abs=1e-12)
        assert dict(m.sides_lost) == pytest.approx(
            {n: r.side(n).expected_material_lost for n in others}, abs=1e-12
        )
        lost = sum(r.side(n).expected_material_lost for n in others)
        assert (
            d.exchange
            == d.value
            == pytest.approx(lost - r.side("Red").expected_material_lost, abs=1e-12)
        )


def best_whole_and_apart(name: str) -> tuple[DesignResult, DesignResult]:
    battle = sector(name)
    whole = design(request(battle, top=1), workers=1)
    apart = design(
        request(battle, sector=None, opponents=opponents_of(battle, "Red"), top=1), workers=1
    )
    return whole, apart


def test_the_sector_is_not_the_separate_battles() -> None:
    # Red fights Green's cruiser first and meets Blue with what is left: holding the sector
    # is harder than beating either side on its own.
    whole, apart = best_whole_and_apart("red-fights-first")
    assert [m.opponent for m in apart.designs[0].matchups] == ["Green", "Blue"]
    assert whole.designs[0].win < apart.designs[0].win - 0.05
    # Red defends against Blue first, then attacks Green's cruiser with its survivors: the
    # best design for the sector (a computer) is not the best against each side alone (hull).
    whole, apart = best_whole_and_apart("red-in-the-middle")
    assert whole.designs[0].describe() != apart.designs[0].describe()
    assert whole.designs[0].groups[0].blueprint.stats.computer > 0


def test_two_sided_sector_equals_the_separate_battle() -> None:
    battle = Battle((RED, BLUE), 1)
    whole = design(request(battle, top=3), workers=1)
    apart = design(request(battle, sector=None, opponents=(Opponent(BLUE),), top=3), workers=1)
    assert [d.describe() for d in whole.designs] == [d.describe() for d in apart.designs]
    for w, a in zip(whole.designs, apart.designs, strict=True):
        assert w.value == pytest.approx(a.value, abs=1e-12)
        assert w.exchange == pytest.approx(a.exchange, abs=1e-12)
    assert (whole.pruned_dominated, whole.pruned_bound) == (
        apart.pruned_dominated,
        apart.pruned_bound,
    )


def test_several_opponents_apart_are_unchanged() -> None:
    # The default mode: one battle per opponent, aggregated; each matchup is the two-sided
    # battle that opponents_of gives.
    battle = sector("red-in-the-middle")
    req = request(
        battle, sector=None, opponents=opponents_of(battle, "Red"), aggregate=Aggregate.MEAN
    )
    assert not req.whole_sector
    result = design(req, workers=1, prune=False)
    for d in result.designs[:3]:
        groups = tuple(ShipGroup.of(g.blueprint, g.count, g.damage) for g in d.groups)
        me = Side("Red", groups, species=TERRAN)
        green = odds(Battle.two_sided(me, GREEN), "exact")  # Red entered after Green
        blue = odds(Battle.two_sided(BLUE, me), "exact")  # ... and before Blue
        wins = [green.attacker_wins, blue.defender_wins]
        assert [m.win for m in d.matchups] == pytest.approx(wins, abs=1e-12)
        assert d.value == pytest.approx(sum(wins) / 2, abs=1e-12)


def test_runners_and_the_cache_agree_in_a_sector() -> None:
    req = request(sector("red-fights-first"), budget=6, top=4)
    clear_cache()
    serial = design(req, workers=1)
    clear_cache()
    pooled = design(req, workers=2)
    again = design(req, workers=1)
    assert pooled.backend == "process-pool" and again.battles == 0
    for other in (pooled, again):
        assert other.designs == serial.designs
        assert (other.evaluated, other.pruned) == (serial.evaluated, serial.pruned)


def test_monte_carlo_in_a_sector_reproduces_and_reports_its_error() -> None:
    req = request(
        sector("red-fights-first"), evaluation=Evaluation(max_states=1, samples=300, seed=2)
    )
    clear_cache()
    first = design(req, workers=1)
    clear_cache()
    second = design(req, workers=1)
    assert first.designs == second.designs
    assert dict(first.methods) == {"monte-carlo": first.evaluated}
    for d in first.designs:
        (m,) = d.matchups
        assert m.standard_error == pytest.approx((d.win * (1 - d.win) / 300) ** 0.5)


def test_sector_request_takes_its_opponents_from_the_battle() -> None:
    battle = sector("red-in-the-middle")
    req = request(battle)
    assert req.opponents == opponents_of(battle, "Red")
    space = search_space(req)
    for c, (b,) in zip(space.candidates, space.battles, strict=True):
        assert [s.name for s in b.sides] == ["Green", "Red", "Blue"]
        assert b.defender == 0
        assert b.sides[1].ship_count == sum(g.count for g in c.groups)


@pytest.mark.parametrize(
    ("changes", "path", "message"),
    [
        ({"side": replace(RED, name="Pink")}, "sector", "no side named 'Pink'"),
        ({"side": replace(RED, groups=())}, "sector", "not the designing side"),
        ({"opponents": (Opponent(BLUE),)}, "opponents", "leave them out"),
    ],
)
def test_sector_request_errors(changes: dict[str, object], path: str, message: str) -> None:
    with pytest.raises(DesignError, match=message) as info:
        design(request(sector("red-defends"), **changes), workers=1)
    assert info.value.path == path


def test_starbases_only_when_the_side_controls_the_sector() -> None:
    techs = (*TECHS, "starbase")
    space = search_space(request(sector("red-defends"), techs=techs, classes=None, upgrades=0))
    assert ShipClass.STARBASE in {g.ship_class for c in space.candidates for g in c.groups}
    with pytest.raises(DesignError, match="cannot move"):
        search_space(
            request(sector("red-fights-first"), techs=techs, classes=(ShipClass.STARBASE,))
        )


def design_doc(battle: Battle, **section: object) -> dict[str, object]:
    doc = battle_to_dict(battle)
    doc["design"] = {"side": "Red", "techs": list(TECHS), "budget": 3, "upgrades": 1, **section}
    return doc


def test_design_file_sector_key_round_trip() -> None:
    battle = sector("red-fights-first")
    req, _ = parse_design(design_doc(battle, sector=True))
    assert req.whole_sector and req.sector is not None
    assert [s.name for s in req.sector.sides] == ["Green", "Red", "Blue"]
    assert req.sector.defender == 2
    apart, _ = parse_design(design_doc(battle))
    assert not apart.whole_sector and apart.opponents == req.opponents
    assert parse_design(design_doc(battle, sector=False))[0] == apart
    assert parse_design(design_doc(battle), sector=True)[0] == req
    assert parse_design(design_doc(battle, sector=True), sector=False)[0] == apart
    with pytest.raises(BattleFileError) as info:
        parse_design(design_doc(battle, sector="yes"))
    assert info.value.path == "design.sector"
    # The output says which mode was used, and its ships paste back into the battle file:
    # `calc.sector.ladder` on that file gives the design's P(holding the sector).
    result: DesignResult = design(replace(req, top=2, classes=(ShipClass.INTERCEPTOR,)), workers=1)
    out = result_to_dict(result)
    assert out["sector"] is True and out["aggregate"] is None
    assert result_to_dict(design(apart, workers=1))["sector"] is False
    best = out["designs"][0]
    assert best["matchups"][0]["opponent"] == "sector"
    assert set(best["matchups"][0]["sides_lost"]) == {"Green", "Blue"}
    doc = battle_to_dict(battle)
    doc["sides"][1]["ships"] = best["ships"]
    pasted, _ = parse_battle(doc)
    assert odds(pasted, "exact").side("Red").holds_sector == pytest.approx(best["win"], abs=1e-9)
