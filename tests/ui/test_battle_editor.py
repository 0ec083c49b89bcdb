"""The battle being edited: reading battle files, every edit, and the problems that stop a solve."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from blueprints import OUTSIDE, Blueprint, BlueprintError, Dice, ShipClass, ShipStats, species
from calc.battle.files import RetreatOption, parse_battle
from calc.battle.model import Policy, RetreatPolicy
from calc.errors import BattleFileError
from tests.support import REPO
from ui.battle_editor import (
    MAX_UPLOAD_BYTES,
    add_side,
    add_stats_group,
    blueprint_problems,
    build,
    count_limit,
    draft_from_file,
    draft_to_file,
    example_battle,
    group_blueprint,
    group_stats,
    part_label,
    printed_battle,
    read_battle_upload,
    remove_group,
    remove_side,
    rename_side,
    set_class_blueprint,
    set_count,
    set_damage,
    set_defender,
    set_fleet,
    set_method,
    set_part,
    set_policy,
    set_reputation_bag,
    set_retreat,
    set_sector,
    set_species,
    set_techs,
    set_variant,
    slot_choices,
    stats_line,
)
from ui.battle_fixes import fixes

BATTLE_FILES = [
    *sorted((REPO / "benchmarks/corpus").glob("*.json")),
    REPO / "examples/red_vs_ancients.json",
]


def canonical_sides(doc: object) -> list[object]:
    battle, _ = parse_battle(doc)
    return [(s.name, s.npc, s.policy, s.species, s.canonical().groups) for s in battle.sides]


@pytest.mark.parametrize("path", BATTLE_FILES, ids=lambda p: Path(p).stem)
def test_every_battle_file_reads_and_builds_to_the_same_battle(path: Path) -> None:
    doc = json.loads(path.read_text())
    draft = draft_from_file(doc)
    built = build(draft)
    assert built.ok, built.problems
    assert canonical_sides(built.doc) == canonical_sides(doc)
    assert built.battle is not None
    assert built.battle.defender == parse_battle(doc)[0].defender
    # Reading the built file again changes nothing: the draft is a fixed point.
    assert draft_from_file(built.doc) == draft


def test_example_battle_and_rows_for_every_class() -> None:
    draft = draft_from_file(example_battle())
    red, blue = draft.sides
    assert [g.ship_class for g in red.groups] == [
        ShipClass.INTERCEPTOR,
        ShipClass.CRUISER,
        ShipClass.DREADNOUGHT,
        ShipClass.STARBASE,
    ]
    assert [g.count for g in red.groups] == [3, 2, 0, 0]
    assert [g.count for g in blue.groups] == [2, 0, 1, 1]
    assert red.policy is Policy.OPTIMAL
    doc = build(draft).doc
    # Classes without ships are left out of the file.
    assert [g["class"] for g in doc["sides"][0]["ships"]] == ["interceptor", "cruiser"]


def test_techs_the_parts_need_are_added_on_reading() -> None:
    doc = json.loads((REPO / "benchmarks/corpus/19_four_group_home_defence.json").read_text())
    assert "techs" not in doc["sides"][0]
    draft = draft_from_file(doc)
    assert draft.sides[0].techs == ("plasma_cannon",)
    assert build(draft).ok


def test_counts_stay_within_the_miniature_limits() -> None:
    draft = draft_from_file(example_battle())
    assert count_limit(draft.sides[0], 0) == 8
    assert set_count(draft, 0, 0, 12).sides[0].groups[0].count == 8
    assert set_count(draft, 0, 0, -3).sides[0].groups[0].count == 0
    assert set_count(draft, 0, 2, 5).sides[0].groups[2].count == 2  # two dreadnoughts
    damaged = set_damage(draft, 0, 0, [1, 0, 0])
    assert set_count(damaged, 0, 0, 1).sides[0].groups[0].damage == (1,)


def test_an_illegal_part_is_a_problem_in_plain_words() -> None:
    draft = draft_from_file(example_battle())
    # Red's interceptor: a second plasma cannon instead of the computer needs 5 energy of 3.
    draft = set_part(draft, 0, 0, 3, "plasma_cannon")
    built = build(draft)
    assert not built.ok and built.battle is None
    assert [str(p) for p in built.problems] == [
        "Red interceptor: uses 5 energy but produces only 3"
    ]
    assert blueprint_problems(draft.sides[0], draft.sides[0].groups[0]) == (
        "terran_directorate interceptor: uses 5 energy but produces only 3",
    )


def test_a_missing_tech_is_a_problem_and_no_ships_no_problem() -> None:
    draft = set_techs(draft_from_file(example_battle()), 0, [])
    built = build(draft)
    assert [str(p) for p in built.problems] == [
        "Red interceptor: Plasma Cannon needs the Plasma Cannon tech, which Red has not researched"
    ]
    # The same blueprint on a class with no ships does not stop the battle.
    assert build(set_count(draft, 0, 0, 0)).ok


def test_fixes_give_the_tech_back_or_return_the_tile() -> None:
    draft = set_techs(draft_from_file(example_battle()), 0, [])
    give, drop = fixes(draft)
    assert give.label == "Give Red the Plasma Cannon tech"
    assert give.edit(draft).sides[0].techs == ("plasma_cannon",)
    assert build(give.edit(draft)).key == build(draft_from_file(example_battle())).key
    dropped = drop.edit(draft)
    bp = group_blueprint(dropped.sides[0], dropped.sides[0].groups[0])
    assert [p.id if p else None for p in bp.slots] == [
        "nuclear_source",
        "ion_cannon",  # the slot's printed part shows again
        "nuclear_drive",
        "electron_computer",
    ]
    assert build(dropped).ok
    # Nothing to fix: no fixes; an energy problem has none either (the page lists it).
    assert fixes(draft_from_file(example_battle())) == ()
    assert fixes(set_part(draft_from_file(example_battle()), 0, 0, 3, "plasma_cannon")) == ()
    # Two techs missing on two classes: one "give" per tech, one "take off" per class.
    two = set_part(set_techs(draft, 0, []), 0, 1, 0, "gauss_shield")
    assert [f.key for f in fixes(two)] == [
        "tech.0.plasma_cannon",
        "tech.0.gauss_shield",
        "drop.0.interceptor",
        "drop.0.cruiser",
    ]
    assert build(fixes(two)[3].edit(fixes(two)[2].edit(two))).ok


def test_a_defender_without_ships_is_attacked_and_an_attacker_without_ships_is_a_problem() -> None:
    draft = draft_from_file(example_battle())
    blue = set_count(set_count(set_count(draft, 1, 0, 0), 1, 2, 0), 1, 3, 0)
    population = set_sector(blue, 1, population=3)
    built = build(population)
    assert built.ok and built.battle is not None
    assert built.battle.sides[1].ship_count == 0 and built.battle.sides[1].population == 3
    # A controller with neither ships nor cubes: the attackers take the sector.
    assert build(blue).ok
    empty = set_count(set_count(draft, 0, 0, 0), 0, 1, 0)
    assert [str(p) for p in build(empty).problems] == [
        "Red: attacks with no ships; give it at least one"
    ]
    nobody = set_count(set_count(blue, 0, 0, 0), 0, 1, 0)
    assert [str(p) for p in build(nobody).problems] == [
        "no side has ships; give one side at least one ship"
    ]
    three = set_count(add_side(draft), 2, 0, 0)
    assert [str(p) for p in build(three).problems] == [
        "Green: attacks with no ships; give it at least one, or remove the side"
    ]


def test_a_bad_name_is_a_problem() -> None:
    draft = draft_from_file(example_battle())
    same = rename_side(draft, 1, "Red")
    problem = build(same).problems[0]
    assert problem.where == "sides"
    assert "side names must differ" in problem.message


def test_the_printed_battle_has_printed_blueprints_and_no_techs() -> None:
    draft = draft_from_file(printed_battle())
    built = build(draft)
    assert built.ok and built.battle is not None
    for side in built.battle.sides:
        assert side.techs == ()
        for g in side.groups:
            assert g.blueprint == Blueprint.default(g.blueprint.species, g.blueprint.ship_class)


def test_ships_typed_as_numbers_round_trip_and_fight_as_typed() -> None:
    stats = ShipStats(
        ShipClass.DREADNOUGHT,
        initiative=1,
        hull=3,
        computer=2,
        shield=1,
        cannons=Dice(orange=1, pink=1),
        missiles=Dice(yellow=2),
    )
    draft = add_stats_group(draft_from_file(example_battle()), 0, stats, 5, " Raider ")
    side = draft.sides[0]
    g = next(i for i, grp in enumerate(side.groups) if grp.stats is not None)
    group = side.groups[g]
    assert group.count == 2  # the dreadnought miniatures: 2
    assert group.label == "Raider"
    # The cost is the species' build cost, as for a battle file's stats group without one.
    cost = species("terran_directorate").build_cost("dreadnought")
    assert group_stats(group) == replace(stats, cost=cost)
    built = build(draft)
    assert built.ok and built.battle is not None
    typed = next(x for x in built.battle.sides[0].groups if x.label == "Raider")
    assert typed.stats == replace(stats, cost=cost)
    # A file written from the draft reads back to the same draft.
    assert draft_from_file(built.doc) == draft
    removed = remove_group(draft, 0, g)
    assert build(removed).key == build(draft_from_file(example_battle())).key
    with pytest.raises(BlueprintError, match="count to 0"):
        remove_group(draft, 0, 0)
    with pytest.raises(BlueprintError, match="NPC"):
        add_stats_group(set_species(draft, 1, None), 1, stats)


def test_a_designed_fleet_replaces_the_side_s_blueprint_ships() -> None:
    draft = draft_from_file(printed_battle())
    fleet = [
        {
            "class": "interceptor",
            "count": 4,
            "parts": ["nuclear_source", "plasma_cannon", "nuclear_drive", "hull"],
        },
        {"class": "dreadnought", "count": 1},
    ]
    placed = set_fleet(draft, 0, fleet)
    red = placed.sides[0]
    counts = {g.ship_class.value: g.count for g in red.groups}
    assert counts == {"interceptor": 4, "cruiser": 0, "dreadnought": 1, "starbase": 0}
    assert "plasma_cannon" in red.techs  # the parts' tech joins the side
    built = build(placed)
    assert built.ok and built.battle is not None
    with pytest.raises(BlueprintError, match="blueprints"):
        set_fleet(draft, 0, [{"class": "cruiser", "stats": {"initiative": 1, "hull": 1}}])


def test_slot_choices_offer_only_legal_parts_unless_asked() -> None:
    bp = Blueprint.default("terran_directorate", "interceptor")
    legal = slot_choices(bp, 3, ["plasma_cannon"])
    assert all(not bp.upgrade(place=(3, p), techs=["plasma_cannon"]).problems() for p in legal if p)
    assert None in legal
    names = {p.id for p in legal if p is not None}
    assert "plasma_cannon" not in names  # 2 more energy than the source gives
    every = {p.id for p in slot_choices(bp, 3, ["plasma_cannon"], every=True) if p is not None}
    assert {"plasma_cannon", "antimatter_cannon"} <= every
    assert "muon_source" not in every  # goes outside the grid only
    assert all(p is None or p.id == "muon_source" for p in slot_choices(bp, OUTSIDE, []))
    assert part_label(None) == "Empty slot"
    assert part_label(bp.slots[1], bp.slots[1]).endswith(", printed")
    assert stats_line(bp).startswith("initiative 3 · hull 0 · computer +0")


def test_species_change_keeps_counts_and_resets_blueprints() -> None:
    draft = draft_from_file(example_battle())
    planta = set_species(draft, 0, "planta")
    red = planta.sides[0]
    assert red.species == "planta"
    assert [g.count for g in red.groups] == [3, 2, 0, 0]
    assert all(g.parts is None for g in red.groups)
    assert build(planta).ok
    npcs = set_species(draft, 0, None)
    assert npcs.sides[0].npc and npcs.defender == 0
    assert [(g.ship_class, g.count) for g in npcs.sides[0].groups] == [
        (ShipClass.ANCIENT, 1),
        (ShipClass.GUARDIAN, 0),
        (ShipClass.GCDS, 0),
    ]
    advanced = set_variant(npcs, 0, 0, "advanced")
    battle = build(advanced).battle
    assert battle is not None and battle.defender_side.groups[0].label == "Ancient (advanced)"
    back = set_species(npcs, 0, "eridani_empire")
    assert not back.sides[0].npc and back.sides[0].policy is Policy.OPTIMAL
    assert back.sides[0].ship_count > 0


def test_sides_are_added_and_removed_with_the_defender_kept() -> None:
    draft = draft_from_file(example_battle())
    three = add_side(draft)
    assert [s.name for s in three.sides] == ["Red", "Blue", "Green"]
    assert build(three).ok
    assert remove_side(three, 0).defender == 0  # Blue is still the defender
    assert [s.name for s in remove_side(three, 0).sides] == ["Blue", "Green"]
    assert remove_side(draft, 0) == draft  # two sides stay
    assert set_defender(draft, 0).defender == 0


def test_options_and_sector_facts_reach_the_file() -> None:
    draft = draft_from_file(example_battle())
    draft = set_sector(draft, 0, can_retreat=True)
    draft = set_sector(draft, draft.defender, population=2)
    draft = set_retreat(draft, 0, RetreatOption(RetreatPolicy.THRESHOLD, 0.25))
    draft = set_reputation_bag(draft, [(1, 8), (2, 6), (3, 4), (4, 2)])
    draft = set_method(draft, "monte-carlo", 50_000, 7)
    draft = set_policy(draft, 1, "greedy")
    built = build(draft)
    assert built.ok
    battle, options = parse_battle(built.doc)
    red = battle.sides[0]
    assert red.can_retreat and battle.sides[draft.defender].population == 2
    assert red.retreat.below == 0.25 and red.retreats
    assert options.reputation_bag == ((1, 8), (2, 6), (3, 4), (4, 2))
    assert (options.method, options.samples, options.seed) == ("monte-carlo", 50_000, 7)
    assert draft_from_file(built.doc) == draft


def test_class_blueprint_applies_to_every_group_of_the_class() -> None:
    draft = draft_from_file(example_battle())
    better = group_blueprint(draft.sides[0], draft.sides[0].groups[1]).upgrade(place=(2, "hull"))
    changed = set_class_blueprint(draft, 0, ShipClass.CRUISER, better)
    assert group_blueprint(changed.sides[0], changed.sides[0].groups[1]) == better
    printed = Blueprint.default("terran_directorate", "cruiser")
    assert set_class_blueprint(changed, 0, ShipClass.CRUISER, printed) == draft


def test_uploads_are_capped_decoded_and_checked_with_paths() -> None:
    good = json.dumps(example_battle()).encode()
    assert read_battle_upload("battle.json", good) == draft_from_file(example_battle())
    toml = b'format = "fleetlab-battle/1"\n[[sides]]\nname = "A"\nspecies = "planta"\n' + (
        b'[[sides.ships]]\nclass = "cruiser"\n[[sides]]\nname = "B"\nnpc = true\n'
        b'[[sides.ships]]\nclass = "guardian"\n'
    )
    assert read_battle_upload("b.TOML", toml).sides[1].npc
    with pytest.raises(BattleFileError, match="at most"):
        read_battle_upload("big.json", b" " * (MAX_UPLOAD_BYTES + 1))
    with pytest.raises(BattleFileError, match="line 1, column"):
        read_battle_upload("bad.json", b"{not json")
    with pytest.raises(BattleFileError, match="UTF-8"):
        read_battle_upload("bad.json", b"\xff\xfe")
    bad = example_battle()
    bad["sides"][0]["ships"][0]["parts"][1] = "laser_cannon"
    with pytest.raises(BattleFileError) as caught:
        read_battle_upload("bad.json", json.dumps(bad).encode())
    assert caught.value.path == "sides[0].ships[0].parts[1]"
    assert draft_to_file(draft_from_file(example_battle()))["format"] == "fleetlab-battle/1"


def test_the_draft_writes_every_option_a_battle_file_holds() -> None:
    """The editor writes through calc's one battle-file writer: a file read into the editor and
    written back keeps every option (the NPC reading, the seed under ``auto``, retreat
    thresholds, the reputation bag), and parses to the battle the file described."""
    doc = example_battle()
    doc["options"] = {
        "method": "auto",
        "seed": 11,
        "npc_reading": "spread",
        "reputation_bag": {"1": 5, "4": 1},
        "retreat": {doc["sides"][0]["name"]: {"policy": "threshold", "below": 0.5}},
    }
    battle, options = parse_battle(doc)
    again, again_options = parse_battle(draft_to_file(draft_from_file(doc)))
    assert again_options == options
    assert again.npc_reading is battle.npc_reading
    assert [s.retreat for s in again.sides] == [s.retreat for s in battle.sides]
    assert [s.canonical().groups for s in again.sides] == [
        s.canonical().groups for s in battle.sides
    ]
    assert again.defender == battle.defender
    assert draft_from_file(doc).npc_reading.value == "spread"
