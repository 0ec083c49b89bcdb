"""The AsyncEclipse importer: fixtures, the board geometry, problems with paths, strict mode, fuzz.

The two real saves in ../shared/saves are used where present (skipped otherwise); the hand-made
save engine/data/examples/asynceclipse_small.json (the bot's format, two players, two battles)
is always there.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from blueprints import ShipClass
from engine import legal_actions
from engine.hexes import CENTRE, Hex, distance, ring_hexes, rotate_edges
from engine.importers import (
    MAX_BYTES,
    ImportProblem,
    Severity,
    import_game,
    load_save,
    orientation_rotation,
    parse_save,
    position_code,
    position_hex,
)
from engine.importers.asynceclipse import ImportResult
from engine.importers.summary import position_summary
from engine.sectors import SectorKind, sector_tile
from tests.support import REPO, SHARED, shared_file

SMALL = REPO / "engine" / "data" / "examples" / "asynceclipse_small.json"
SAVES = SHARED / "saves"
AEB39 = SAVES / "AsyncEclipse_DiscordBot__ActiveGames_aeb39.json"
AEB41 = SAVES / "AsyncEclipse_DiscordBot__ActiveGames_aeb41.json"

# The problems each real save produces, and why (both are the bot's developer test games).
EXPECTED_PROBLEMS = {
    AEB39.name: [
        # Hydran holds Advanced Labs twice on the nano track; a tech is held once.
        "players.265561667293675521.nano_tech[1]",
        # Blue has 12 interceptors, 8 cruisers and 3 dreadnoughts on the board (a developer
        # game): the miniatures are 8, 4 and 2, the rest is left out in board order.
        "board.103.player_ships",
        "board.103.player_ships",
        "board.207.player_ships",
        # The bot's inner stack lists sector 101 twice (and 104 not at all): a slip in its deck.
        "tile_deck_100[5]",
        # This save predates the bot's discovery bag ("discTiles"); the full bag is used.
        "discTiles",
    ],
    AEB41.name: [
        # The bot's setup (draft) is not finished; imported as round 1's action phase.
        "setup_finished",
        # Terran Union kept a discovery tile for 2 VP; the save does not say which tile.
        "players.488681163146133504.disc_tiles_for_points",
        # The same slip in the inner stack: sector 101 listed twice.
        "tile_deck_100[8]",
    ],
}


def small() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SMALL.read_text())
    return data


def shared_save(path: Path) -> Path:
    return shared_file(*path.relative_to(SHARED).parts)


def paths(data: object) -> list[str]:
    return [p.path for p in import_game(data).report.problems]


def within(member: str, holder: str) -> bool:
    """True when a problem at ``member`` is, or is one item of a grouped problem at, ``holder``
    (problems of one kind are reported once, at the path of what holds them)."""
    return holder == "$" or member == holder or member.startswith((f"{holder}.", f"{holder}["))


# ----- the real saves --------------------------------------------------------------------------


@pytest.mark.parametrize("save", [AEB39, AEB41], ids=["aeb39", "aeb41"])
def test_real_saves_import_with_only_the_documented_problems(save: Path) -> None:
    result = load_save(shared_save(save))
    assert [p.path for p in result.report.problems] == EXPECTED_PROBLEMS[save.name]
    state = result.state
    assert legal_actions(state)  # a playable position: the active player's turn is pending
    raw = json.loads(save.read_text())
    placed = {k for k, v in raw["board"].items() if "back" not in v["sector"]}
    assert {code for _, code in result.report.positions} == placed
    for sector in state.sectors:
        code = result.report.position_of(sector.hex)
        assert code is not None
        entry = raw["board"][code]
        assert sector.tile == int(entry["sector"])
        assert sector.owner == (
            None
            if entry["owner"] == 0
            else next(s.seat for s in result.report.seats if s.colour == entry["owner"])
        )
        players_ships = [x for x in entry["player_ships"] if not x.startswith("ai-")]
        assert sum(n for _, _, n in sector.ships) <= len(players_ships)
    # What the miniature limits leave: every class at most its limit, and all of it when within.
    for seat in result.report.seats:
        for code, ship_class, limit in (
            ("int", ShipClass.INTERCEPTOR, 8), ("cru", ShipClass.CRUISER, 4),
            ("drd", ShipClass.DREADNOUGHT, 2), ("sb", ShipClass.STARBASE, 4),
        ):  # fmt: skip
            written = sum(
                e["player_ships"].count(f"{seat.colour}-{code}")
                for e in raw["board"].values()
                if "player_ships" in e
            )
            kept = sum(s.ships_of(seat.seat, ship_class) for s in state.sectors)
            assert kept == min(written, limit)


def test_aeb39_players_fleets_and_blueprints() -> None:
    state = load_save(shared_save(AEB39)).state
    red, blue = state.players
    assert (red.species, blue.species) == ("mechanema", "hydran_progress")
    assert (blue.money, blue.science, blue.materials) == (45, 28, 6)
    assert blue.techs == (
        ("plasma_missile",),
        ("fusion_source", "advanced_economy"),
        ("advanced_labs", "flux_missile"),
    )
    assert blue.parts_held == ("soliton_charger",)
    # The bot lists the interceptor top, left, centre, right: "elc,nus,nud,ioc".
    assert str(blue.blueprint("interceptor")).endswith(
        "nuclear_source,electron_computer,nuclear_drive,ion_cannon"
    )
    pollux = state.sector(position_hex("102"))
    assert pollux is not None and pollux.tile == 102
    assert pollux.ships == (
        (1, ShipClass.INTERCEPTOR, 6),
        (1, ShipClass.CRUISER, 2),
        (1, ShipClass.DREADNOUGHT, 1),
    )
    # 12 cubes per bot track are Fleetlab's 11: tracks hold the bot's count minus one.
    assert red.tracks == (10, 10, 11)


def test_aeb41_string_orientation_planta_and_seats() -> None:
    result = load_save(shared_save(AEB41))
    state = result.state
    capella = state.sector(position_hex("101"))
    assert capella is not None and capella.tile == 106
    assert capella.rotation == orientation_rotation("120") == 4
    # Seats clockwise from the home at 201; Terran Union has the first-player marker.
    assert [s.colour for s in result.report.seats] == [
        "yellow", "green", "red", "white", "blue", "purple",
    ]  # fmt: skip
    assert state.start_player == 0
    planta = state.players[2]
    assert planta.species == "planta"
    assert str(planta.blueprint("starbase")).endswith("electron_computer,hull,x,hull,ion_cannon")
    assert state.sector(CENTRE) is not None and state.sector(CENTRE).ancients == 1  # type: ignore[union-attr]


# ----- the geometry ----------------------------------------------------------------------------


def test_position_codes_round_trip_and_walk_the_rings() -> None:
    for ring in range(8):
        for i, where in enumerate(ring_hexes(ring)):
            code = position_code(where)
            assert position_hex(code) == where
            assert code == ("000" if ring == 0 else f"{ring}{i + 1:02d}")
    assert position_hex("101") == Hex(0, -1)  # due north of the centre
    assert position_hex("102") == Hex(1, -1)  # then clockwise
    for bad in ("", "7", "001", "100", "113", "1x1", "-101", "00000"):
        with pytest.raises(ValueError, match="not a board position"):
            position_hex(bad)


def test_orientation_numbers_and_strings() -> None:
    assert [orientation_rotation(d) for d in (0, 60, 120, 180, 240, 300, 360)] == [
        0, 5, 4, 3, 2, 1, 0,
    ]  # fmt: skip
    assert orientation_rotation("120") == orientation_rotation(120.0) == 4
    assert orientation_rotation(-60) == 1
    for bad in (45, "north", None, True, float("nan"), [60]):
        with pytest.raises(ValueError, match="orientation"):
            orientation_rotation(bad)


def _layout(raw: dict[str, Any], rotate: Any) -> dict[Hex, tuple[str, int, int]]:
    """Placed sectors as hex -> (position, tile, board wormhole mask) under a convention."""
    out = {}
    for code, entry in raw["board"].items():
        if "back" in entry["sector"]:
            continue
        tile = sector_tile(int(entry["sector"]))
        rotation = rotate(int(float(entry["orientation"])))
        mask = sum(1 << e for e in rotate_edges(tile.wormholes, rotation))
        out[position_hex(code)] = (code, tile.id, mask)
    return out


def _links(placed: dict[Hex, tuple[str, int, int]]) -> set[tuple[str, str]]:
    """Pairs of positions whose shared edge shows a wormhole half on both sides."""
    out = set()
    for where, (code, _, mask) in placed.items():
        for d, n in where.neighbours():
            if n in placed and mask >> d & 1 and placed[n][2] >> ((d + 3) % 6) & 1:
                out.add((code, placed[n][0]))
    return out


def _geometry_faults(raw: dict[str, Any], rotate: Any) -> list[str]:
    """What a convention gets wrong: home or guardian arrows (printed edge 0) not facing the
    centre, and explored sectors without a wormhole to a placed neighbour (the bot, like the
    rules, places an explored hex only where it connects to the explorer's sector)."""
    placed = _layout(raw, rotate)
    links = _links(placed)
    faults = []
    for where, (code, tile_id, _) in placed.items():
        tile = sector_tile(tile_id)
        if tile.kind in (SectorKind.HOME, SectorKind.GUARDIAN):
            degrees = int(float(raw["board"][code]["orientation"]))
            arrow = rotate_edges((0,), rotate(degrees))[0]
            if distance(where.neighbour(arrow), CENTRE) != where.ring - 1:
                faults.append(f"{code}: arrow away from the centre")
        elif tile.kind is SectorKind.STANDARD and not any(a == code for a, _ in links):
            faults.append(f"{code}: explored sector connected to nothing")
    return faults


def ours(degrees: int) -> int:
    return (6 - degrees // 60) % 6


def counter_clockwise(degrees: int) -> int:
    return (degrees // 60) % 6


@pytest.mark.parametrize("save", [AEB39, AEB41], ids=["aeb39", "aeb41"])
def test_wormholes_meet_in_the_real_saves(save: Path) -> None:
    raw = json.loads(shared_save(save).read_text())
    for entry in raw["board"].values():
        if "back" not in entry["sector"]:  # the save's printed wormholes are ours
            assert sorted(entry["wormholes"]) == list(sector_tile(int(entry["sector"])).wormholes)
    assert _geometry_faults(raw, ours) == []


def test_the_other_rotation_sense_breaks_the_six_player_save() -> None:
    raw = json.loads(shared_save(AEB41).read_text())
    faults = _geometry_faults(raw, counter_clockwise)
    assert "203: arrow away from the centre" in faults
    # Yellow (home 201) controls 101, which it explored: the two must connect.
    assert ("201", "101") in _links(_layout(raw, ours))
    assert ("201", "101") not in _links(_layout(raw, counter_clockwise))


def test_geometry_check_on_the_hand_made_save_and_a_wrong_orientation() -> None:
    raw = small()
    assert _geometry_faults(raw, ours) == []
    raw["board"]["102"]["orientation"] = 0  # Pollux turned back: no wormhole meets a neighbour
    assert "board.102.orientation" in paths(raw)


# ----- the hand-made save -----------------------------------------------------------------------


def test_small_save_imports_everything() -> None:
    result = load_save(SMALL)
    assert result.report.problems == ()
    state = result.state
    assert state.round == 2
    eridani, planta = state.players
    assert eridani.blueprint("interceptor").outside is not None  # the Muon Source
    assert eridani.blueprint("interceptor").stats.initiative == 5
    assert eridani.reputation == (3,)
    assert planta.ambassadors == (0,)
    assert planta.passed and state.pass_order == (1,)
    assert eridani.discs_actions == 2 and planta.discs_actions == 2
    assert planta.colony_ships == 4 and planta.colony_ready == 4
    assert eridani.colony_ready == 2
    assert state.players[1].has_tech("starbase")
    arcturus = state.sector(position_hex("101"))
    assert arcturus is not None and arcturus.ancients == 2 and arcturus.arrivals == (0,)
    home = state.sector(position_hex("207"))
    assert home is not None and home.orbital and home.orbital_cube and home.population() == 3
    centre = state.sector(CENTRE)
    assert centre is not None and centre.gcds == 1 and centre.discovery
    assert dict(result.report.unexplored) == {position_hex("202"): 2, position_hex("301"): 3}
    assert state.tech_tray[0] == 1  # neutron bombs in the tray
    assert state.reputation_bag == (5, 4, 3, 2)
    assert sum(state.discovery_bag) == 8
    assert state.config.warp_portals and not state.config.rift_cannon


def test_small_save_summary_has_battles_with_odds() -> None:
    doc = position_summary(load_save(SMALL))
    assert set(doc) >= {"players", "sectors", "battles", "problems"}
    assert [b["position"] for b in doc["battles"]] == ["101", "102"]
    for battle in doc["battles"]:
        assert battle["odds"]["format"] == "fleetlab-odds/1"
        total = battle["odds"]["attacker_wins"] + battle["odds"]["defender_wins"]
        assert 0.0 < total <= 1.0 + 1e-9
    players = {p["colour"]: p for p in doc["players"]}
    assert players["blue"]["species"] == "eridani_empire"
    assert players["blue"]["resources"] == {"money": 20, "science": 3, "materials": 5}
    assert "interceptor" in players["green"]["blueprints"]
    pollux = next(s for s in doc["sectors"] if s["position"] == "102")
    assert pollux["tile"] == 102 and pollux["owner_colour"] == "green" and pollux["contested"]


def test_summary_without_odds_lists_the_same_battles() -> None:
    result = load_save(SMALL)
    with_odds = position_summary(result)["battles"]
    without = position_summary(result, odds=False)["battles"]
    assert without == [{k: b[k] for k in ("position", "hex", "tile")} for b in with_odds]


# ----- mutated copies: clear problems with paths --------------------------------------------------


def mutate(path: list[str | int], value: Any = None, delete: bool = False) -> dict[str, Any]:
    data = small()
    node: Any = data
    for key in path[:-1]:
        node = node[key]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "delete", "where", "words"),
    [
        (["players", "1001", "money"], None, True, "players.1001.money", "missing"),
        (["players", "1001", "money"], "lots", False, "players.1001.money", "whole number"),
        (["players", "1001", "money"], "12", False, "players.1001.money", "read 12"),
        (["players", "1001", "interceptor_parts", 1], "zzz", False,
         "players.1001.interceptor_parts[1]", "unknown part code 'zzz'"),
        (["players", "1001", "cruiser_parts"], "elc", False, "players.1001.cruiser_parts",
         "expected a list"),
        (["players", "1001", "cruiser_parts"], ["elc"], False, "players.1001.cruiser_parts",
         "1 parts listed"),
        (["players", "1002", "military_tech", 0], "xyz", False,
         "players.1002.military_tech[0]", "unknown tech code 'xyz'"),
        (["players", "1002", "grid_tech"], ["plc"], False, "players.1002.grid_tech[0]",
         "military track"),
        (["players", "1001", "interceptor_parts", 0], "anc", False,
         "players.1001.interceptor_parts", "needs the tech"),
        (["board", "101", "orientation"], 45, False, "board.101.orientation", "multiple of 60"),
        (["board", "101", "orientation"], None, True, "board.101.orientation", "missing"),
        (["board", "101", "sector"], "999", False, "board.101.sector", "unknown sector"),
        (["board", "101", "sector"], "295", False, "board.101", "three parts"),
        (["board", "101", "player_ships", 0], "ai-xyz", False, "board.101.player_ships[0]",
         "unknown NPC ship"),
        (["board", "101", "player_ships", 1], "pink-cru", False, "board.101.player_ships[1]",
         "no player's"),
        (["board", "102", "science_pop"], [1, 0, 1], False, "board.102.science_pop[2]",
         "does not print"),
        (["board", "102", "owner"], "orange", False, "board.102.owner", "no player's"),
        (["board", "102"], [], False, "board.102", "expected an object"),
        (["board", "102", "wormholes"], [0, 1], False, "board.102.wormholes", "printed"),
        (["board", "777"], {"sector": "108", "orientation": 0}, False, "board.777",
         "not a board position"),
        (["board"], None, True, "board", "missing"),
        (["tech_deck", 0], "imhmod", False, "tech_deck[0]", "unknown tech code 'imhmod'"),
        (["discTiles", 0], 7, False, "discTiles[0]", "expected a discovery tile code"),
        (["reputation_tiles", 0], 9, False, "reputation_tiles[0]", "1-4"),
        (["game_round"], "two", False, "game_round", "whole number"),
        (["players", "1002", "name"], "Klingons", False, "players.1002.name", "unknown species"),
    ],
)  # fmt: skip
def test_mutated_saves_give_problems_with_paths(
    path: list[str | int], value: Any, delete: bool, where: str, words: str
) -> None:
    data = mutate(path, value, delete)
    found = [p for p in import_game(data).report.problems if p.path == where]
    assert found, paths(data)
    assert any(words in p.message or words in p.action for p in found), found
    with pytest.raises(ImportProblem) as info:
        import_game(data, strict=True)
    assert within(info.value.path, import_game(data).report.problems[0].path)
    assert isinstance(info.value, ValueError)


def test_a_left_out_player_takes_their_ships_and_sectors_along() -> None:
    data = mutate(["players", "1002", "name"], "Klingons")
    result = import_game(data)
    assert [p.species for p in result.state.players] == ["eridani_empire"]
    where = {p.path for p in result.report.problems}
    assert {"board.102.owner", "board.102.player_ships[0]", "board.207.owner"} <= where
    pollux = result.state.sector(position_hex("102"))
    assert pollux is not None and pollux.owner is None and pollux.cubes == (False, False)


def test_files_that_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(ImportProblem, match="more than the") as info:
        parse_save(b" " * (MAX_BYTES + 1))
    assert info.value.path == "$"
    with pytest.raises(ImportProblem, match="not valid JSON"):
        parse_save("{'python': True}")
    with pytest.raises(ImportProblem, match="NaN is not a number JSON allows"):
        parse_save('{"money": NaN}')
    with pytest.raises(ImportProblem, match="UTF-16 text; save it as UTF-8"):
        parse_save(b"\xff\xfe\x00")
    with pytest.raises(ImportProblem, match="expected a JSON object"):
        import_game([1, 2])
    with pytest.raises(ImportProblem, match="cannot read"):
        load_save(tmp_path / "missing.json")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 200)
    with pytest.raises(ImportProblem, match="is 200 bytes; a save is at most 100"):
        load_save(big, max_bytes=100)
    assert load_save(SMALL.read_bytes()).report.problems == ()


def test_a_sector_turned_away_from_its_neighbours_is_reported() -> None:
    for degrees in (0, 180):
        result = import_game(mutate(["board", "102", "orientation"], degrees))
        problem = next(p for p in result.report.problems if p.path == "board.102.orientation")
        assert problem.message == "sector 102 connects to none of its placed neighbours"
    result = import_game(mutate(["board", "102", "orientation"], 60))
    assert all(p.path != "board.102.orientation" for p in result.report.problems)


# ----- fuzz: mutated JSON never crashes the importer ------------------------------------------------

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**6), max_value=10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["", "0", "120", "blue-int", "ai-anc", "ioc", "sector2back", "x-y-z"])
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=8,
)  # fmt: skip


def locations(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = []
    if isinstance(node, dict):
        for k, v in node.items():
            out.append((*prefix, k))
            out.extend(locations(v, (*prefix, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.append((*prefix, i))
            out.extend(locations(v, (*prefix, i)))
    return out


BASE = small()
LOCATIONS = locations(BASE)


def edited(base: dict[str, Any], edits: list[tuple[Any, Any, bool]]) -> dict[str, Any]:
    """A copy of ``base`` with each edit (place, value, delete?) applied where it still fits."""
    data = copy.deepcopy(base)
    for location, value, delete in edits:
        node: Any = data
        try:
            for key in location[:-1]:
                node = node[key]
            if delete and isinstance(node, dict):
                node.pop(location[-1], None)
            else:
                node[location[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier edit removed this place
    return data


def save_edits(places: list[tuple[Any, ...]], max_size: int) -> Any:
    """Hypothesis lists of edits (place, JSON value, delete?) of a save, at ``places``."""
    return st.lists(
        st.tuples(st.sampled_from(places), JSON_VALUES, st.booleans()),
        min_size=1,
        max_size=max_size,
    )


def import_edited(
    base: dict[str, Any], edits: list[tuple[Any, Any, bool]]
) -> tuple[dict[str, Any], ImportResult | None]:
    """The edited save and its import, or ``None`` when the importer refused it. A refusal
    must be the importer's one reason to refuse a save (no player could be read), named at
    ``players``, and strict mode must refuse it too."""
    data = edited(base, edits)
    refused: ImportProblem | None = None
    try:
        return data, import_game(data)
    except ImportProblem as exc:
        refused = exc
    assert refused.path == "players" and "no player could be read" in str(refused)
    assert refused.problems[-1] is refused.problem
    with pytest.raises(ImportProblem):
        import_game(data, strict=True)
    return data, None


def assert_problems_reported(data: dict[str, Any], result: ImportResult) -> None:
    """Every problem names its path, says what and what was done; strict mode stops at the
    first problem, and passes when there is none."""
    for p in result.report.problems:
        assert p.path and p.message and p.action and p.severity in Severity
    position_summary(result, odds=False)
    if result.report.problems:
        with pytest.raises(ImportProblem) as info:
            import_game(data, strict=True)
        assert within(info.value.path, result.report.problems[0].path)
    else:
        assert import_game(data, strict=True).report.problems == ()


@given(edits=save_edits(LOCATIONS, 4))
def test_mutated_json_never_crashes_the_importer(edits: list[tuple[Any, Any, bool]]) -> None:
    data, result = import_edited(BASE, edits)
    if result is None:
        return
    state = result.state
    assert state.players
    assert len(state.players) == len(result.report.seats)
    assert all(state.index[s.hex] == i for i, s in enumerate(state.sectors))
    assert_problems_reported(data, result)
