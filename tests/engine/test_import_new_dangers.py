"""The AsyncEclipse importer on New Dangers saves: the bot's forms of each module, mapped.

The saves are the hand-made two-player save (engine/data/examples/asynceclipse_small.json) with
New Dangers content added in the bot's own forms (read from its code, see
``engine.importers.bot_new_dangers``): a Nebula as an anchor and three part entries, a Pulsar
with its disc's space and an activation this round, a Black Hole with a ship inside, an exploded
Supernova, Minor Species in the supply and on a reputation track.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings

from blueprints import ShipClass
from engine import legal_actions
from engine.enums import ActionKind
from engine.hexes import Hex
from engine.importers import ImportProblem, import_game, position_hex
from engine.importers.bot_new_dangers import split_location
from engine.modules import MinorSpecies, Module
from engine.snapshot import state_json
from engine.state import Voyage
from tests.engine.builders import answers
from tests.engine.harness import check_specials
from tests.engine.test_import_asynceclipse import (
    assert_problems_reported,
    import_edited,
    locations,
    save_edits,
)
from tests.support import REPO, examples

SMALL = REPO / "engine" / "data" / "examples" / "asynceclipse_small.json"
BLUE, GREEN = "1001", "1002"


def _part(letter: str, ships: list[str], disc: int) -> dict[str, Any]:
    """A Nebula part entry as the bot's NebulaHelper writes it."""
    edges = {"A": [5, 0], "B": [1, 2], "C": [3, 4]}[letter]
    return {
        "owner": 0,
        "name": f"NGC 5189 ({letter})",
        "disctile": disc,
        "player_ships": ships,
        "wormholes": edges,
        "type": "nebula",
        "sector": "295",
        "orientation": 0,
        "parent_position": "202",
        "subsector": letter,
        "internal_subsectors": [f"202{x}" for x in "ABC" if x != letter],
    }


def new_dangers_save() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SMALL.read_text())
    board = data["board"]
    board["202"] = {"sector": "295", "orientation": 0, "is_nebula_parent": True}
    board["202A"] = _part("A", ["blue-int"], 1)
    board["202B"] = _part("B", ["ai-anc"], 0)
    board["202C"] = _part("C", [], 1)
    board["301"] = {
        "sector": "393",
        "orientation": 0,
        "owner": "blue",
        "name": "Geminga",
        "currentAction": "build",
        "player_ships": [],
        "science_pop": [0],
        "type": "pulsar",
    }
    board["302"] = {"sector": "396", "orientation": 0, "disctile": 1, "type": "bh"}
    board["303"] = {"sector": "supernovaExploded", "orientation": 0}
    data["tile_deck_300"] += ["398", "394"]
    data["minor_species"] = ["Three Points", "Tech Discount", "Orbital Discount"]
    blue = data["players"][BLUE]
    blue["owned_tiles"].append("301")
    blue["activatedPulsars"] = ["301"]
    blue["blackHoleReturn"] = ["bh_blue-int_3"]
    data["players"][GREEN]["reputation_track"][1] = "mixed-minor-Population Cube"
    return data


def problems(data: dict[str, Any]) -> list[str]:
    return [str(p) for p in import_game(data).report.problems]


def test_every_module_is_mapped_without_a_problem() -> None:
    result = import_game(new_dangers_save())
    assert result.report.problems == (), problems(new_dangers_save())
    state = result.state
    assert state.config.modules == (
        Module.PULSAR,
        Module.BLACK_HOLE,
        Module.SUPERNOVA,
        Module.NEBULA,
        Module.MINOR_SPECIES,
    )
    blue = next(p.seat for p in state.players if p.species == "eridani_empire")
    green = 1 - blue
    # The Nebula: three parts at Hex(q, r, part), A B C = 1 2 3, with what each entry holds.
    board = position_hex("202")
    parts = [state.sector(Hex(board.q, board.r, k)) for k in (1, 2, 3)]
    assert all(p is not None and p.tile == 295 and p.owner is None for p in parts)
    assert [p.ships for p in parts if p] == [((blue, ShipClass.INTERCEPTOR, 1),), (), ()]
    assert [(p.ancients, p.discovery) for p in parts if p] == [(0, True), (1, False), (0, True)]
    assert state.sector(board) is None
    assert result.report.position_of(Hex(board.q, board.r, 2)) == "202B"
    # The Pulsar: the disc on Build, activated this round.
    pulsar = state.sector(position_hex("301"))
    assert pulsar is not None and pulsar.owner == blue
    assert (pulsar.pulsar, pulsar.pulsar_used) == (ActionKind.BUILD, True)
    # The exploded Supernova is 397 (398 is in the stack): no wormholes, nothing on it.
    blown = state.sector(position_hex("303"))
    assert blown is not None and (blown.tile, blown.exploded, blown.wormholes) == (397, True, 0)
    assert {398, 394} <= set(state.stacks[2].pool)
    # The ship in the Black Hole comes back in round 3.
    hole = position_hex("302")
    assert state.voyages == (Voyage(blue, ShipClass.INTERCEPTOR, 3, hole),)
    # Minor Species: the supply, and Green's token (its cube is off the track in the save).
    assert state.minor_supply == (
        MinorSpecies.THREE_VP,
        MinorSpecies.RESEARCH_DISCOUNT,
        MinorSpecies.ORBITAL_DISCOUNT,
    )
    assert state.players[green].minor_species == (MinorSpecies.POPULATION_CUBE,)
    assert state.players[green].minor_cube
    assert state.players[green].ambassadors == (blue,)


def test_the_imported_position_holds_the_engine_invariants_and_plays() -> None:
    state = import_game(new_dangers_save()).state
    check_specials(state)
    assert legal_actions(state)
    doc = state_json(state)
    assert doc["voyages"] and doc["minor_supply"]


def test_the_saves_without_new_dangers_have_no_modules() -> None:
    data: dict[str, Any] = json.loads(SMALL.read_text())
    state = import_game(data).state
    assert state.config.modules == ()
    assert state.voyages == () and state.minor_supply == ()


def test_the_nebula_flag_alone_turns_the_module_on() -> None:
    data: dict[str, Any] = json.loads(SMALL.read_text())
    data["enable_nebulas"] = True
    assert import_game(data).state.config.modules == (Module.NEBULA,)


def test_locations_of_nebula_parts() -> None:
    assert split_location("202C") == ("202", 3)
    assert split_location("20A") == ("20A", 0)  # not a position with a part: left to the board


def edit(change: Any) -> dict[str, Any]:
    data = new_dangers_save()
    change(data)
    return data


def _drop_part(d: dict[str, Any]) -> None:
    del d["board"]["202C"]


def _anchor_only(d: dict[str, Any]) -> None:
    for k in "ABC":
        del d["board"][f"202{k}"]


def _whole_nebula(d: dict[str, Any]) -> None:
    _anchor_only(d)
    del d["board"]["202"]["is_nebula_parent"]


def _part_of_a_plain_sector(d: dict[str, Any]) -> None:
    d["board"]["202B"]["sector"] = "108"


def _pulsar_space(d: dict[str, Any]) -> None:
    d["board"]["301"]["currentAction"] = "explore"


def _used_elsewhere(d: dict[str, Any]) -> None:
    d["players"][BLUE]["activatedPulsars"] = ["102"]


def _late_ship(d: dict[str, Any]) -> None:
    d["players"][BLUE]["blackHoleReturn"] = ["bh_blue-int_1"]


def _after_the_game(d: dict[str, Any]) -> None:
    d["players"][BLUE]["blackHoleReturn"] = ["bh_blue-int_9"]


def _someone_elses_ship(d: dict[str, Any]) -> None:
    d["players"][BLUE]["blackHoleReturn"] = ["bh_green-int_3"]


def _no_hole(d: dict[str, Any]) -> None:
    del d["board"]["302"]


def _ships_in_the_hole(d: dict[str, Any]) -> None:
    d["board"]["302"]["player_ships"] = ["blue-cru"]


def _two_holes(d: dict[str, Any]) -> None:
    d["tile_deck_300"].append("399")


def _two_ancients(d: dict[str, Any]) -> None:
    d["board"]["202B"]["player_ships"] = ["ai-anc", "ai-anc"]


def _both_supernovae_placed(d: dict[str, Any]) -> None:
    d["tile_deck_300"].remove("398")
    d["board"]["304"] = {"sector": "397", "orientation": 0}
    d["board"]["305"] = {"sector": "398", "orientation": 0}


def _which_supernova(d: dict[str, Any]) -> None:
    d["tile_deck_300"].remove("398")


def _unknown_token(d: dict[str, Any]) -> None:
    d["minor_species"][0] = "Free Lunch"


def _token_twice(d: dict[str, Any]) -> None:
    d["minor_species"].append("Population Cube")


def _owned_part(d: dict[str, Any]) -> None:
    d["board"]["202A"]["owner"] = "blue"


@pytest.mark.parametrize(
    ("change", "where", "words"),
    [
        (_drop_part, "board.202A", "without its part(s) C"),
        (_anchor_only, "board.202", "anchor without its parts"),
        (_whole_nebula, "board.202", "three parts"),
        (_part_of_a_plain_sector, "board.202B.sector", "no Nebula"),
        (_pulsar_space, "board.301.currentAction", "no Pulsar space"),
        (_used_elsewhere, f"players.{BLUE}.activatedPulsars[0]", "no Pulsar"),
        (_late_ship, f"players.{BLUE}.blackHoleReturn[0]", "lost"),
        (_after_the_game, f"players.{BLUE}.blackHoleReturn[0]", "after round 8"),
        (_someone_elses_ship, f"players.{BLUE}.blackHoleReturn[0]", "no ship of this player"),
        (_no_hole, f"players.{BLUE}.blackHoleReturn[0]", "no Black Hole"),
        (_ships_in_the_hole, "board.302.player_ships", "no ship stays"),
        (_two_holes, "tile_deck_300", "a game uses one"),
        (_two_ancients, "board.202B.player_ships", "holds one"),
        (_both_supernovae_placed, "board.303.sector", "elsewhere in the save"),
        (_which_supernova, "board.303.sector", "does not say which"),
        (_unknown_token, "minor_species[0]", "unknown Minor Species 'Free Lunch'"),
        (_token_twice, "minor_species", "both in the supply and held"),
        (_owned_part, "board.202A.owner", "take no disc"),
    ],
)
def test_what_cannot_be_mapped_is_a_problem_at_its_path(
    change: Any, where: str, words: str
) -> None:
    data = edit(change)
    result = import_game(copy.deepcopy(data))
    found = [p for p in result.report.problems if p.path == where]
    assert found, problems(data)
    assert any(words in p.message or words in p.action for p in found), found
    check_specials(result.state)
    with pytest.raises(ImportProblem):
        import_game(data, strict=True)


ND_BASE = new_dangers_save()
ND_LOCATIONS = locations(ND_BASE)


@settings(max_examples=examples(60))
@given(edits=save_edits(ND_LOCATIONS, 3))
def test_mutated_new_dangers_saves_never_crash_and_keep_the_rules(
    edits: list[tuple[Any, Any, bool]],
) -> None:
    data, result = import_edited(ND_BASE, edits)
    if result is None:
        return
    check_specials(result.state)
    assert all(result.state.index[s.hex] == i for i, s in enumerate(result.state.sectors))
    assert_problems_reported(data, result)


def test_a_ship_due_back_this_round_is_offered_its_return_before_an_action() -> None:
    data = new_dangers_save()
    data["game_round"] = 3
    state = import_game(data).state
    assert state.to_act == 0 and state.voyages[0].back == 3
    returns = sorted(a for a in answers(state) if a.startswith("return_ship"))
    # Cygnus X-1 sends ships back to any ring I sector: the board's two.
    assert returns == ["return_ship interceptor (0,-1)", "return_ship interceptor (1,-1)"]
