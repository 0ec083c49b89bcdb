"""Battle files: parsing, errors that name the path, writing back, and the odds output."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from blueprints import Blueprint, Dice, ShipClass, ShipStats
from calc.battle.files import FORMAT, battle_to_dict, load_battle, parse_battle
from calc.battle.model import (
    Battle,
    NpcReading,
    Policy,
    Retreat,
    RetreatObjective,
    RetreatPolicy,
    ShipGroup,
    Side,
    with_npc_reading,
)
from calc.battle.report import result_to_dict
from calc.errors import BattleFileError
from calc.exact.solver import solve_exact
from tests.support import shared_file

EXAMPLE: dict[str, Any] = {
    "format": FORMAT,
    "sides": [
        {
            "name": "Red",
            "species": "terran_directorate",
            "techs": ["antimatter_splitter"],
            "ships": [
                {"class": "interceptor", "count": 3,
                 "parts": ["nuclear_source", "ion_cannon", "nuclear_drive", "electron_computer"]},
                {"class": "cruiser", "count": 2},
                {"class": "dreadnought", "count": 1, "damage": [1],
                 "stats": {"initiative": 1, "hull": 2, "computer": 1, "shield": 0,
                           "cannons": {"yellow": 2}, "missiles": {}}},
            ],
        },
        {"name": "Ancients", "npc": True,
         "ships": [{"class": "ancient", "variant": "normal", "count": 2}]},
    ],
    "defender": 1,
    "options": {"policy": {"Red": "optimal"}, "method": "auto", "retreat": "never"},
}  # fmt: skip


def test_the_documented_example_parses() -> None:
    battle, options = parse_battle(EXAMPLE)
    red, ancients = battle.sides
    assert battle.defender == 1
    assert red.antimatter_splitter
    assert [g.count for g in red.groups] == [3, 2, 1]
    assert red.groups[0].stats.computer == 1
    assert red.groups[1].blueprint == Blueprint.default("terran_directorate", "cruiser")
    assert red.groups[2].damage == (1,)
    assert red.groups[2].stats.cost == 8  # species build cost of the class
    assert ancients.npc and ancients.policy is Policy.NPC
    assert ancients.groups[0].stats.hull == 1
    assert options.method == "auto"


def test_attacker_defender_form() -> None:
    doc = {
        "format": FORMAT,
        "attacker": EXAMPLE["sides"][0],
        "defender": EXAMPLE["sides"][1],
    }
    battle, _ = parse_battle(doc)
    assert battle.attacker_side.name == "Red"


def test_the_shared_format_example_solves(tmp_path: Path) -> None:
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(EXAMPLE))
    battle, _ = load_battle(path)
    result = solve_exact(battle)
    doc = result_to_dict(result)
    for key in ("format", "method", "why", "policy", "attacker_wins", "defender_wins", "draw",
                "stalemate", "standard_error", "sides", "expected_rounds", "stats"):  # fmt: skip
        assert key in doc
    assert doc["format"] == "fleetlab-odds/1"
    assert doc["attacker_wins"] + doc["defender_wins"] + doc["draw"] == pytest.approx(1.0)
    assert doc["sides"][0]["groups"][0]["count"] == 3
    assert len(doc["sides"][0]["groups"][0]["survivors"]) == 4
    assert doc["stats"]["states"] > 0


def test_toml_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "battle.toml"
    path.write_text(
        'format = "fleetlab-battle/1"\n'
        '[[sides]]\nname = "A"\nspecies = "planta"\n'
        '[[sides.ships]]\nclass = "cruiser"\ncount = 2\n'
        '[[sides]]\nname = "B"\nspecies = "orion_hegemony"\n'
        '[[sides.ships]]\nclass = "interceptor"\n'
    )
    battle, _ = load_battle(path)
    assert battle.sides[0].groups[0].count == 2


def mutate(path: list[str | int], value: Any) -> dict[str, Any]:
    doc = json.loads(json.dumps(EXAMPLE))
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


@pytest.mark.parametrize(
    ("path", "value", "where", "message"),
    [
        (["format"], "fleetlab-battle/9", "format", "expected 'fleetlab-battle/1'"),
        (["sides", 0, "ships", 0, "parts", 3], "warp_core", "sides[0].ships[0].parts[3]", "unknown part 'warp_core'"),
        (["sides", 0, "ships", 0, "parts", 1], "plasma_turret", "sides[0].ships[0].parts", "uses 4 energy"),
        (["sides", 0, "ships", 0, "parts"], ["nuclear_source"], "sides[0].ships[0].parts", "1 slots given"),
        (["sides", 0, "ships", 1, "class"], "frigate", "sides[0].ships[1].class", "unknown ship class 'frigate'"),
        (["sides", 0, "ships", 1, "count"], 5, "sides[0].ships", "5 cruisers on one side; the limit is 4"),
        (["sides", 0, "ships", 1, "count"], 0, "sides[0].ships[1].count", "whole number >= 1"),
        (["sides", 0, "ships", 2, "damage"], [3], "sides[0].ships[2]", "damage 3 destroys"),
        (["sides", 0, "ships", 2, "stats", "cannons"], {"green": 1}, "sides[0].ships[2].stats.cannons.green", "unknown key 'green'"),
        (["sides", 0, "ships", 2, "stats", "hull"], KeyError, "sides[0].ships[2].stats.hull", "missing"),
        (["sides", 0, "species"], "klingons", "sides[0].species", "unknown species 'klingons'"),
        (["sides", 0, "techs"], ["death_ray"], "sides[0].techs[0]", "unknown tech 'death_ray'"),
        (["sides", 0, "speed"], 3, "sides[0].speed", "unknown key 'speed'"),
        (["sides", 1, "ships", 0, "variant"], "hard", "sides[1].ships[0].variant", "unknown NPC variant 'hard'"),
        (["sides", 1, "ships", 0, "count"], 3, "sides[1].ships", "3 ancients on one side; the limit is 2"),
        (["sides", 0, "ships", 0, "class"], "ancient", "sides[0].ships[0].class", "is an NPC"),
        (["options", "policy"], {"Blue": "optimal"}, "options.policy.Blue", "no side is called 'Blue'"),
        (["options", "policy"], {"Red": "clever"}, "options.policy.Red", "unknown policy 'clever'"),
        (["options", "method"], "guess", "options.method", "unknown method 'guess'"),
        (["options", "npc_reading"], "both", "options.npc_reading", "unknown reading 'both'; legal: concentrate, spread"),
        (["options", "npc_reading"], 1, "options.npc_reading", "unknown reading 1; legal: concentrate, spread"),
        (["defender"], 5, "defender", "5 is not a side index"),
    ],
)  # fmt: skip
def test_errors_name_the_path(path: list[str | int], value: Any, where: str, message: str) -> None:
    with pytest.raises(BattleFileError) as info:
        parse_battle(mutate(path, value))
    assert info.value.path == where
    assert message in str(info.value)


def test_rho_indi_cannot_field_dreadnoughts() -> None:
    doc = mutate(["sides", 0, "species"], "rho_indi_syndicate")
    doc["sides"][0]["ships"] = [{"class": "dreadnought"}]
    with pytest.raises(BattleFileError, match="no 'dreadnought' blueprint"):
        parse_battle(doc)


def test_unreadable_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BattleFileError, match="cannot read battle file"):
        load_battle(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": ')
    with pytest.raises(BattleFileError, match=r"not valid JSON.*line 1"):
        load_battle(bad)


# ----- round trip -----------------------------------------------------------------------------

PLAYER_BLUEPRINTS = [
    Blueprint.default("terran_directorate", "interceptor"),
    Blueprint.default("terran_directorate", "cruiser").upgrade(place=(1, "plasma_cannon")),
    Blueprint.default("terran_directorate", "dreadnought"),
    Blueprint.default("terran_directorate", "starbase"),
]


@st.composite
def battles(draw: st.DrawFn) -> Battle:
    groups = []
    for bp in draw(
        st.lists(st.sampled_from(PLAYER_BLUEPRINTS), min_size=1, max_size=3, unique=True)
    ):
        count = draw(st.integers(1, 2))
        damage = tuple(draw(st.lists(st.integers(0, bp.stats.hull), max_size=count)))
        groups.append(ShipGroup.of(bp, count, damage))
    if draw(st.booleans()):
        groups.append(
            ShipGroup(
                ShipStats(ShipClass.CRUISER, draw(st.integers(-1, 5)), draw(st.integers(0, 3)),
                          cannons=Dice(orange=1, pink=draw(st.integers(0, 1))), cost=4),
                draw(st.integers(1, 2)),
            )
        )  # fmt: skip
    can_retreat = draw(st.booleans())
    retreat = (
        Retreat(
            draw(st.sampled_from([RetreatPolicy.THRESHOLD, RetreatPolicy.OPTIMAL])),
            draw(st.sampled_from([0.0, 0.25, 0.5, 1.0])),
            draw(st.sampled_from(list(RetreatObjective))),
        )
        if can_retreat and draw(st.booleans())
        else Retreat()
    )
    attacker = Side(
        "Red", tuple(groups), species="terran_directorate",
        policy=draw(st.sampled_from([Policy.OPTIMAL, Policy.GREEDY])),
        techs=tuple(draw(st.sets(st.sampled_from(["antimatter_splitter", "neutron_bombs"])))),
        can_retreat=can_retreat, retreat=retreat,
    )  # fmt: skip
    npc = draw(st.booleans())
    if npc:
        defender = Side(
            "NPC",
            (ShipGroup.npc(draw(st.sampled_from(["ancient", "guardian", "gcds"])),
                           draw(st.sampled_from(["normal", "advanced", "worlds_afar"]))),),
            npc=True,
        )  # fmt: skip
    else:
        defender = Side(
            "Blue",
            # No ships at all: population defended by nothing but itself.
            draw(
                st.sampled_from(
                    [(), (ShipGroup.of(Blueprint.default("planta", "interceptor"), 2),)]
                )
            ),
            species="planta",
            population=draw(st.integers(0, 4)),
            techs=tuple(draw(st.sets(st.just("neutron_absorber")))),
        )
    if not npc and draw(st.booleans()):
        # A sector with a third side that entered first: sides fight two at a time.
        third = Side(
            "Green",
            (ShipGroup.of(Blueprint.default("hydran_progress", "cruiser"), 1),),
            species="hydran_progress",
            can_retreat=draw(st.booleans()),
        )
        return with_npc_reading(
            Battle((third, attacker, defender), 2), draw(st.sampled_from(NpcReading))
        )
    return with_npc_reading(Battle.two_sided(attacker, defender), draw(st.sampled_from(NpcReading)))


@given(battles())
def test_battle_files_round_trip(battle: Battle) -> None:
    doc = battle_to_dict(battle)
    again, _ = parse_battle(json.loads(json.dumps(doc)))
    assert again == battle


def test_npc_reading_option() -> None:
    # Default: concentrate, and a written file leaves the default out; spread is written back.
    battle, _ = parse_battle(EXAMPLE)
    assert battle.npc_reading is NpcReading.CONCENTRATE
    assert "npc_reading" not in battle_to_dict(battle)["options"]
    spread, _ = parse_battle(mutate(["options", "npc_reading"], "spread"))
    assert all(s.npc_reading is NpcReading.SPREAD for s in spread.sides)
    doc = battle_to_dict(spread)
    assert doc["options"]["npc_reading"] == "spread"
    assert parse_battle(json.loads(json.dumps(doc)))[0] == spread


def test_format_document_exists_beside_the_project() -> None:
    # The shared format text defines the keys this module reads.
    doc = shared_file("formats", "battle-file.md")
    text = doc.read_text()
    for key in ("can_retreat", "population", "reputation_bag", "variant", "damage", "morph"):
        assert key in text


def test_two_npc_sides_are_an_error_at_sides() -> None:
    npc = {"npc": True, "ships": [{"class": "ancient"}]}
    data = {"format": FORMAT, "sides": [{"name": "A", **npc}, {"name": "B", **npc}]}
    with pytest.raises(BattleFileError, match="at most one NPC side per sector") as info:
        parse_battle(data)
    assert info.value.path == "sides"
