"""The AsyncEclipse importer on every era of the bot's format: one test per real save of
../shared/saves (skipped without it) and mutated copies of the hand-made save, each era's
features one by one; problems by severity and grouped per kind; nothing unread left unsaid;
damage, the miniature limits, the joined galaxies and the refusal of a save with no player."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given

from blueprints import ShipClass
from engine import legal_actions
from engine.battle_view import sector_battle
from engine.hexes import CENTRE, distance, rotate_edges
from engine.importers import ImportProblem, Severity, import_game, load_save, problems
from engine.importers.asynceclipse import ImportResult
from engine.importers.summary import position_summary, tech_tray
from engine.layouts import GalaxyLayout
from engine.sectors import SectorKind
from engine.state import NPC
from tests.engine.test_import_asynceclipse import (
    assert_problems_reported,
    import_edited,
    locations,
    save_edits,
)
from tests.support import REPO, shared_file

SMALL = REPO / "engine" / "data" / "examples" / "asynceclipse_small.json"
PREFIX = "AsyncEclipse_DiscordBot__ActiveGames_"


def real(name: str) -> Path:
    return shared_file("saves", f"{PREFIX}{name}.json")


def small() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SMALL.read_text())
    return data


def found(result: ImportResult) -> list[tuple[str, str]]:
    return [(p.path, p.severity.value) for p in result.report.problems]


def problem_at(result: ImportResult, path: str) -> str:
    matches = [str(p) for p in result.report.problems if p.path == path]
    assert len(matches) == 1, found(result)
    return matches[0]


def homes_face_the_centre(result: ImportResult) -> bool:
    """Every home and guardian hex has its arrow (printed edge 0) towards the centre."""
    for s in result.state.sectors:
        if s.printed.kind in (SectorKind.HOME, SectorKind.GUARDIAN):
            arrow = rotate_edges((0,), s.rotation)[0]
            if distance(s.hex.neighbour(arrow), CENTRE) != s.hex.ring - 1:
                return False
    return True


# ----- one test per real save ---------------------------------------------------------------------


def test_aeb37_the_earliest_save_players_without_colour_and_placeholders() -> None:
    result = load_save(real("aeb37_c1a60990b691"))
    assert found(result) == [
        ("setup_finished", "note"),  # "False", a string
        ("board", "note"),  # no galaxy before the end of setup
        ("players", "note"),  # three players without a colour, reported once
        ("tile_deck[0]", "note"),  # the ring marker "100" of the single early deck
        ("tech_deck", "loss"),  # four placeholder tech codes, reported once
        ("available_techs", "note"),
        ("discTiles", "note"),
        ("reputation_tiles", "note"),
    ]
    assert "3 players without a colour" in problem_at(result, "players")
    assert "4 unknown tech codes: [0] 'avl', [1] 'ion', [2] 'avs', [3] 'avm'" in problem_at(
        result, "tech_deck"
    )
    state = result.state
    assert [p.species for p in state.players] == ["hydran_progress"] * 3
    assert [s.colour for s in result.report.seats] == ["", "", ""]
    first = state.players[0]
    assert (first.money, first.science, first.materials) == (14, 14, 14)
    # The money cubes sit under the old key resource_pop_cubes: 12 there, 8 on materials.
    assert first.tracks == (11, 11, 7)
    assert state.stacks[0].pool == (101, 102, 103, 104)  # "100" is no sector
    assert sum(state.tech_bag) == 0 and sum(state.tech_tray) == 0
    assert state.sectors == ()
    assert legal_actions(state)


def test_aeb40_the_large_battle_within_the_miniature_limits_and_the_tray() -> None:
    path = real("aeb40_7a50c7fc6a91")
    result = load_save(path)
    assert found(result) == [
        ("players.488681163146133504.nano_tech", "note"),  # fusion drive five times
        ("board.207.player_ships", "loss"),  # four dreadnoughts, two miniatures
        ("tile_deck_100[1]", "note"),
        ("discTiles", "note"),
    ]
    assert [p.path for p in result.report.losses] == ["board.207.player_ships"]
    assert len(result.report.notes) == 3
    assert "3 techs held twice" in problem_at(result, "players.488681163146133504.nano_tech")
    assert problem_at(result, "board.207.player_ships") == (
        "board.207.player_ships: blue has 4 dreadnoughts on the board; the game has 2 "
        "miniatures; left out 2 at 207 (the first ones in board order are kept)"
    )
    state = result.state
    blue = next(s.seat for s in result.report.seats if s.colour == "blue")
    red = next(s.seat for s in result.report.seats if s.colour == "red")
    battle = sector_battle(state, state.sectors[4].hex)  # position 207
    counts = {(s.name, g.stats.ship_class): g.count for s in battle.sides for g in s.groups}
    assert counts == {
        (f"seat {red} (eridani_empire)", ShipClass.INTERCEPTOR): 2,
        (f"seat {blue} (hydran_progress)", ShipClass.INTERCEPTOR): 4,
        (f"seat {blue} (hydran_progress)", ShipClass.CRUISER): 4,
        (f"seat {blue} (hydran_progress)", ShipClass.DREADNOUGHT): 2,
        (f"seat {blue} (hydran_progress)", ShipClass.STARBASE): 4,
    }
    raw = json.loads(path.read_text())
    written: dict[str, int] = {}
    for code in raw["available_techs"]:
        tech = {"plm": "plasma_missile", "stb": "starbase", "tad": "tachyon_drive",
                "adm": "advanced_mining", "plc": "plasma_cannon", "nar": "nanorobots",
                "orb": "orbital", "fud": "fusion_drive", "ade": "advanced_economy",
                "socan": "soliton_cannon"}[code]  # fmt: skip
        written[tech] = written.get(tech, 0) + 1
    assert tech_tray(state) == written
    assert sum(state.tech_tray) == len(raw["available_techs"]) == 13


def test_aeb49_the_list_board_and_the_tray_keyed_by_code() -> None:
    result = load_save(real("aeb49_10232b61bda7"))
    assert found(result) == [
        ("tile_deck_100[1]", "note"),
        ("discTiles", "note"),
        ("reputation_tiles", "note"),
    ]
    state = result.state
    assert {code: s.tile for s, (_, code) in zip(state.sectors, result.report.positions,
                                                   strict=True)} == {
        "000": 1, "201": 228, "203": 272, "205": 271, "207": 226, "209": 273, "211": 274,
    }  # fmt: skip
    assert len(result.report.unexplored) == 30
    assert homes_face_the_centre(result)  # ["228", 180.0] is rotation 3, and so on
    assert tech_tray(state) == {
        "neutron_bombs": 1, "starbase": 1, "plasma_cannon": 1, "phase_shield": 1,
        "nanorobots": 1, "fusion_drive": 1, "orbital": 1, "advanced_robotics": 1,
        "artifact_key": 1, "ancient_labs": 1,
    }  # fmt: skip
    assert [s.colour for s in result.report.seats] == ["blue", "red"]


def test_aeb52_the_list_board_without_a_centre_and_colourless_players() -> None:
    result = load_save(real("aeb52_52e8de08396e"))
    assert found(result) == [
        ("setup_finished", "note"),
        ("players", "note"),
        ("board", "note"),  # no sector at 000
        ("tile_deck_100[1]", "note"),
        ("discTiles", "note"),
        ("reputation_tiles", "note"),
    ]
    assert "no sector at 000" in problem_at(result, "board")
    assert len(result.state.sectors) == 6 and result.state.sector(CENTRE) is None
    assert homes_face_the_centre(result)
    assert [p.species for p in result.state.players] == ["planta", "descendants_of_draco"]


def test_aeb63_the_tray_as_objects_with_names() -> None:
    path = real("aeb63_28a101e493ae")
    result = load_save(path)
    assert found(result) == [
        ("tile_deck_100[1]", "note"),
        ("discTiles", "note"),
        ("reputation_tiles", "note"),
    ]
    tray = tech_tray(result.state)
    names = [item["name"] for item in json.loads(path.read_text())["available_techs"]]
    assert sum(tray.values()) == len(names) == 12
    assert tray["positron_computer"] == 2 and tray["orbital"] == 2
    assert position_summary(result, odds=False)["tech_tray"] == tray


# ----- the players' eras ----------------------------------------------------------------------------


def test_the_old_species_key_and_the_bots_spellings() -> None:
    data = small()
    player = data["players"]["1001"]
    player["faction_name"] = player.pop("name")
    result = import_game(data)
    assert result.report.problems == ()
    assert result.state.players[0].species == "eridani_empire"
    player["faction_name"] = "Terran Directorarte"
    seats = import_game(data).report.seats
    assert next(s.species for s in seats if s.player_id == "1001") == "terran_directorate"
    board = small()
    board["board"]["201"]["name"] = "Somewhere Else"
    assert "'Somewhere Else' is not sector 222's printed name" in problem_at(
        import_game(board), "board.201.name"
    )


def test_the_bots_spelling_of_a_sector_name_is_no_problem() -> None:
    data = small()
    data["board"]["101"]["sector"] = "302"  # Gamma Serpentis, as the bot spells it
    data["board"]["101"]["name"] = "Gammma Serpentis"
    assert not any(p.path == "board.101.name" for p in import_game(data).report.problems)


def test_players_without_colour_are_read_and_reported_once() -> None:
    data = small()
    for player in data["players"].values():
        del player["color"]
    result = import_game(data)
    assert len(result.state.players) == 2
    grouped = [p for p in result.report.problems if p.path == "players"]
    assert len(grouped) == 1 and grouped[0].severity is Severity.NOTE
    # The board names colours no player has now: those are losses, one per kind per place.
    assert any(p.path == "board.102.owner" and p.severity is Severity.LOSS
               for p in result.report.problems)  # fmt: skip


def test_a_save_with_no_readable_player_is_refused_saying_why() -> None:
    data = small()
    for player in data["players"].values():
        player["name"] = "Klingons"
    with pytest.raises(ImportProblem) as info:
        import_game(data)
    assert info.value.path == "players"
    assert "no player could be read" in str(info.value)
    assert "unknown species 'Klingons'" in str(info.value)
    assert [p.path for p in problems(data)] == [
        "players.1001.name",
        "players.1002.name",
        "players",
    ]
    with pytest.raises(ImportProblem, match="the save lists none"):
        import_game({"players": {}, "board": {}})


# ----- the board's eras -----------------------------------------------------------------------------


@pytest.mark.parametrize(("board", "finished", "severity"), [
    (None, 1, "loss"), ([], 1, "loss"), ([], 0, "note"), ({}, 0, "note"),
])  # fmt: skip
def test_a_missing_or_empty_board(board: Any, finished: int, severity: str) -> None:
    data = small()
    data["setup_finished"] = finished
    if board is None:
        del data["board"]
    else:
        data["board"] = board
    result = import_game(data)
    assert result.state.sectors == ()
    assert ("board", severity) in found(result)


def test_board_entries_as_lists_read_like_objects() -> None:
    data = small()
    data["board"]["202"] = ["sector2back", 0]
    data["board"]["103"] = ["105", "120"]
    result = import_game(data)
    where = {code: h for h, code in result.report.positions}
    sector = result.state.sector(where["103"])
    assert sector is not None and sector.tile == 105 and sector.rotation == 4
    assert sorted(ring for _, ring in result.report.unexplored) == [2, 3]
    assert not any(p.path.startswith("board.202") for p in result.report.problems)
    bad = small()
    bad["board"]["103"] = ["105"]
    assert "expected an object or [sector, orientation]" in problem_at(
        import_game(bad), "board.103"
    )


def test_the_single_early_tile_deck_and_its_placeholders() -> None:
    data = small()
    for key in ("tile_deck_100", "tile_deck_200", "tile_deck_300"):
        del data[key]
    data["tile_deck"] = ["100", "101", "103", "200", "201", "300", "305"]
    result = import_game(data)
    stacks = result.state.stacks
    assert (stacks[0].pool, stacks[1].pool, stacks[2].pool) == ((101, 103), (201,), (305,))
    assert problem_at(result, "tile_deck").startswith(
        "tile_deck: 3 placeholder codes (ring markers of the bot's earliest deck): "
        "[0] '100', [3] '200', [5] '300'"
    )
    gone = small()
    for key in ("tile_deck_100", "tile_deck_200", "tile_deck_300"):
        del gone[key]
    assert "3 sector stacks missing: tile_deck_100, tile_deck_200, tile_deck_300" in problem_at(
        import_game(gone), "$"
    )


@pytest.mark.parametrize("form", ["codes", "objects", "keyed"])
def test_the_tray_in_each_of_the_bots_forms(form: str) -> None:
    data = small()
    codes = data["available_techs"]  # neb, plm, qug, tad, seh
    names = {"neb": "Neutron Bombs", "plm": "Plasma Missile", "qug": "Quantum Grid",
             "tad": "Tachyon Drive", "seh": "Sentient Hull"}  # fmt: skip
    if form == "objects":
        data["available_techs"] = [{"name": names[c], "base_cost": 1, "num": 3} for c in codes]
    elif form == "keyed":
        data["available_techs"] = {c: {"name": names[c], "num": 3} for c in codes}
    result = import_game(data)
    assert result.report.problems == ()
    assert tech_tray(result.state) == {
        "neutron_bombs": 1, "plasma_missile": 1, "tachyon_drive": 1, "quantum_grid": 1,
        "sentient_hull": 1,
    }  # fmt: skip
    data["available_techs"] = [{"name": "Warp Engine"}, {"cost": 3}, 7]
    message = problem_at(import_game(data), "available_techs")
    assert message.startswith("available_techs: 3 tray entries that name no tech:")


# ----- nothing dropped silently -----------------------------------------------------------------


def test_unread_keys_are_listed_once_each() -> None:
    data = small()
    data["mystery"] = 1
    for player in data["players"].values():
        player["mood"] = "happy"
    data["board"]["101"]["currentSpeed"] = 3
    data["board"]["102"]["currentSpeed"] = 2
    data["board"]["102"]["money9_snap"] = [1, 2]  # image points: bookkeeping, not reported
    result = import_game(data)
    assert found(result) == [
        ("mystery", "note"),
        ("players.1001.mood", "note"),
        ("board.101.currentSpeed", "loss"),
    ]
    assert "(also in players.1002)" in problem_at(result, "players.1001.mood")
    assert "a battle in progress" in problem_at(result, "board.101.currentSpeed")
    assert "(also in board.102)" in problem_at(result, "board.101.currentSpeed")


def test_new_dangers_sectors_are_read_into_their_modules() -> None:
    data = small()
    data["board"]["101"]["sector"] = "396"
    data["tile_deck_300"] += ["393", "397"]
    result = import_game(data)
    hole = result.state.sectors[1]
    assert (hole.tile, hole.ships) == (396, ())
    # The bot lists ships in 101; a ship that enters a Black Hole leaves the board.
    assert "no ship stays" in problem_at(result, "board.101.player_ships")
    assert {393, 397} <= set(result.state.stacks[2].pool)
    assert [m.value for m in result.state.config.modules] == ["pulsar", "black_hole", "supernova"]


# ----- damage --------------------------------------------------------------------------------------


def test_damage_tracker_becomes_the_ships_damage() -> None:
    data = small()
    data["board"]["101"]["damage_tracker"] = {"blue-cru": 1, "ai-anc": 1, "blue-int": 0}
    result = import_game(data)
    assert result.report.problems == ()
    arcturus = result.state.sectors[1]
    assert arcturus.damage_of(0, ShipClass.CRUISER) == (1,)
    assert arcturus.damage_of(NPC, ShipClass.ANCIENT) == (1, 0)
    battle = sector_battle(result.state, arcturus.hex)
    damage = {g.stats.ship_class: g.damage for s in battle.sides for g in s.groups}
    assert damage[ShipClass.CRUISER] == (1,) and damage[ShipClass.ANCIENT] == (1,)
    doc = position_summary(result, odds=False)
    assert doc["sectors"][1]["damage"] == [
        {"side": "npcs", "class": "ancient", "ships": [1]},
        {"side": 0, "class": "cruiser", "ships": [1]},
    ]


@pytest.mark.parametrize(("tracker", "words"), [
    ({"blue-drd": 1}, "a dreadnought that the sector does not hold"),
    ({"blue-cru": 2}, "2 damage on a cruiser of hull 1: it would be destroyed"),
    ({"blue-cru": "two"}, "expected a damage count, got 'two'"),
    ({"pink-cru": 1}, "no ship kind 'pink-cru'"),
    ([1, 2], "expected an object of ship -> damage"),
])  # fmt: skip
def test_damage_whose_meaning_is_not_clear_is_reported(tracker: Any, words: str) -> None:
    data = small()
    data["board"]["101"]["damage_tracker"] = tracker
    result = import_game(data)
    assert all(not s.damage for s in result.state.sectors)
    assert [p.severity for p in result.report.problems] == [Severity.LOSS]
    assert words in result.report.problems[0].message


# ----- the miniature limits -----------------------------------------------------------------------


def test_twenty_against_twenty_interceptors_keep_the_eight_miniatures() -> None:
    data = small()
    data["board"]["102"]["player_ships"] = ["green-int"] * 20 + ["blue-int"] * 20
    result = import_game(data)
    pollux = result.state.sectors[2]
    assert pollux.ships_of(1, ShipClass.INTERCEPTOR) == 8
    # In board order blue has one interceptor at 101 before 102, and one at 201 after it.
    assert pollux.ships_of(0, ShipClass.INTERCEPTOR) == 7
    assert result.state.sectors[3].ships_of(0, ShipClass.INTERCEPTOR) == 0
    losses = [p for p in result.report.problems if p.severity is Severity.LOSS]
    assert [p.path for p in losses] == ["board.102.player_ships", "board.102.player_ships"]
    assert str(losses[1]) == (
        "board.102.player_ships: green has 21 interceptors on the board; the game has 8 "
        "miniatures; left out 12 at 102, 1 at 207 (the first ones in board order are kept)"
    )
    assert "blue has 22 interceptors" in losses[0].message
    assert losses[0].action.startswith("left out 13 at 102, 1 at 201")
    battle = sector_battle(result.state, pollux.hex)
    assert sorted(g.count for s in battle.sides for g in s.groups) == [7, 8]


def test_a_hundred_thousand_ships_import_as_the_miniatures() -> None:
    data = small()
    data["board"]["102"]["player_ships"] = ["blue-drd"] * 100_000
    data["board"]["000"]["player_ships"] = ["ai-gcds"] * 3
    result = import_game(data)
    assert result.state.sectors[2].ships_of(0, ShipClass.DREADNOUGHT) == 2
    assert result.state.sectors[0].gcds == 1
    messages = [p.message for p in result.report.problems]
    assert "3 gcdss in one sector; a sector holds at most 1" in messages
    assert "blue has 100000 dreadnoughts on the board; the game has 2 miniatures" in messages


# ----- the joined galaxies -------------------------------------------------------------------------


@pytest.mark.parametrize(("flag", "count", "galaxy"), [
    (True, 4, GalaxyLayout.HYPERLANE_4P), (True, 5, GalaxyLayout.HYPERLANE_5P),
    ("True", 5, GalaxyLayout.HYPERLANE_5P), (True, 3, GalaxyLayout.STANDARD),
    (False, 4, GalaxyLayout.STANDARD), (None, 5, GalaxyLayout.STANDARD),
])  # fmt: skip
def test_the_bots_hyperlane_flag_and_player_count_choose_the_galaxy(
    flag: Any, count: int, galaxy: GalaxyLayout
) -> None:
    data = small()
    data["player_count"] = count
    if flag is not None:
        data["5playerhyperlane"] = flag
    assert import_game(data).state.config.galaxy is galaxy


def test_a_sector_on_a_position_the_joined_galaxy_removed_is_reported() -> None:
    data = small()
    data["5playerhyperlane"] = True
    data["player_count"] = 5
    data["board"]["104"] = {"sector": "106", "orientation": 0}  # 104 is removed at 5 players
    result = import_game(data)
    assert result.state.config.galaxy is GalaxyLayout.HYPERLANE_5P
    assert "position 104 is not part of the hyperlane_5p galaxy" in problem_at(result, "board.104")


def test_the_strict_mode_stops_at_the_first_problem_of_each_era() -> None:
    for mutate in (
        lambda d: d["board"].__setitem__("103", ["105"]),
        lambda d: d.__setitem__("available_techs", [{"name": "Warp Engine"}]),
        lambda d: d["players"]["1001"].pop("color"),
        lambda d: d.__setitem__("mystery", 1),
    ):
        data = copy.deepcopy(small())
        mutate(data)
        first = import_game(data).report.problems[0]
        with pytest.raises(ImportProblem) as info:
            import_game(data, strict=True)
        assert info.value.path.startswith(first.path)


# ----- fuzz: the older eras' shapes never crash the reader --------------------------------------


def _old_era() -> dict[str, Any]:
    """The hand-made save rewritten in the older forms: list board entries, a tray of objects,
    players without colour, the single tile deck, the old species and cube keys."""
    data = small()
    data["board"] = {
        code: [entry["sector"], entry["orientation"]] for code, entry in data["board"].items()
    }
    data["available_techs"] = [{"name": "Neutron Bombs", "num": 5}, {"name": "Star Base"}]
    for player in data["players"].values():
        player.pop("color")
        player["faction_name"] = player.pop("name")
        player["resource_pop_cubes"] = player.pop("money_pop_cubes")
    data["tile_deck"] = ["100", *data.pop("tile_deck_100"), "200", *data.pop("tile_deck_200")]
    del data["tile_deck_300"]
    data["5playerhyperlane"] = True
    return data


OLD = _old_era()
OLD_LOCATIONS = locations(OLD)


def test_the_old_era_copy_imports() -> None:
    result = import_game(copy.deepcopy(OLD))
    assert [p.species for p in result.state.players] == ["eridani_empire", "planta"]
    assert len(result.state.sectors) == 5 and tech_tray(result.state) == {
        "neutron_bombs": 1, "starbase": 1,
    }  # fmt: skip


@given(edits=save_edits(OLD_LOCATIONS, 4))
def test_mutated_old_era_json_never_crashes_the_importer(
    edits: list[tuple[Any, Any, bool]],
) -> None:
    data, result = import_edited(OLD, edits)
    if result is None:
        return
    assert result.state.players
    assert_problems_reported(data, result)
