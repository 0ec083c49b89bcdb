"""Advice for a real position (``engine.advice``): positions from every kind of file, the player
to advise, the positions the engine cannot continue from, whole turns from the search, and
reasons on hand-built positions whose best turn is known.

The hand-built positions are in the last round of a two-player game with the opponent passed,
so that every rollout is a few turns long and a search with budget 0 (one rollout per action)
costs little.
"""

from __future__ import annotations

import doctest
import json
import re
from dataclasses import replace
from typing import Any

import pytest

from blueprints import ShipClass
from engine import game_files
from engine.actions.base import parse_action
from engine.actions.turn import TakeAction
from engine.advice import (
    Position,
    budget,
    choose_seat,
    from_import,
    plain_seats,
    playable,
    position_from_json,
    position_json,
    read_position,
    words,
)
from engine.advice.advise import advise
from engine.advice.stakes import Stake, book, chance, with_part
from engine.advice.turns import follow, plan_turns, within_turn
from engine.decisions import SectorDraw, TurnStart
from engine.enums import ActionKind
from engine.errors import AdviceRequestError, GameFileError, PositionError
from engine.hexes import Hex
from engine.importers import import_game
from engine.planner import PlannerPlayer
from engine.rules import apply, legal_actions
from engine.setup import new_game
from engine.snapshot import snapshot
from engine.state import GameConfig
from engine.tech_supply import tech_order
from tests.engine.builders import do, edit, sector, started, with_sector
from tests.support import REPO

SAVE = REPO / "engine" / "data" / "examples" / "asynceclipse_small.json"
RECORD = REPO / "tests" / "engine" / "golden" / "table_battle.json"
HOME = Hex(0, -2)
NEXT_DOOR = Hex(0, -1)


def _save_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SAVE.read_text(encoding="utf-8"))
    return data


def _last_round() -> Any:
    """Round 8, Terran (seat 0) to act; Planta (seat 1) has passed."""
    s = started("terran_directorate", "planta", tray=["plasma_cannon"])
    s = replace(s, round=8, pass_order=(1,))
    return edit(s, 1, passed=True)


def attack_position() -> Any:
    """Terran's three cruisers at home next to Planta's sector 107 (3 VP, two cubes), held by
    one Planta interceptor; Terran has two discs left: an attack takes the sector outright."""
    s = _last_round()
    home = s.sector(HOME)
    assert home is not None
    s = with_sector(s, replace(home, ships=((0, ShipClass.CRUISER, 3),), arrivals=(0,)))
    s = with_sector(
        s, sector(NEXT_DOOR, 107, owner=1, cubes=(0, 1), ships=[(1, ShipClass.INTERCEPTOR, 1)])
    )
    return edit(s, 0, discs_track=2)


def research_position() -> Any:
    """Terran's two printed interceptors face the Ancient of sector 105, a battle they lose
    four times in five; the only tech in the tray is Plasma Cannon, and Terran has the
    science for it."""
    s = _last_round()
    s = edit(s, 0, science=20)
    s = replace(s, tech_tray=tuple(int(t == "plasma_cannon") for t in tech_order()))
    return with_sector(s, sector(NEXT_DOOR, 105, ships=[(0, ShipClass.INTERCEPTOR, 2)]))


def _position(state: Any) -> Position:
    return Position(state, plain_seats(state, ("Ann", "Bob")), "a hand-built position")


# ----- positions from files --------------------------------------------------------------------


def test_a_save_opens_with_its_seats_and_position_codes() -> None:
    position = read_position(SAVE)
    assert position.source == "AsyncEclipse save 'hand-made test'"
    assert [s.label for s in position.seats] == ["Blue (Eridani Empire)", "Green (Planta)"]
    assert position.caveats == ()  # the hand-made save imports with no problems
    assert position.zone(Hex(0, -3)) == "position 301"  # the bot's code, not (0,-3)
    assert position.sector(Hex(0, -1)) == "sector 104"
    assert read_position(SAVE.read_bytes(), "upload.json").state == position.state


def test_a_record_opens_at_the_action_asked_for() -> None:
    end = read_position(RECORD)
    assert end.source.endswith("after action 13 of 13") and end.replayed == 13
    start = read_position(RECORD, at=0)
    assert start.state.to_act == 0 and start.state.round == 1
    assert [s.label for s in start.seats] == ["Ann (Terran Directorate)", "Bob (Planta)"]
    assert start.decisions == (0, 1, 7, 11, 12, 13)  # the steps where a player acts
    with pytest.raises(AdviceRequestError, match=r"action 14: .* has 13 actions; give 0"):
        read_position(RECORD, at=14)


def test_a_snapshot_opens_and_at_is_for_records_only(tmp_path: Any) -> None:
    state = read_position(RECORD, at=1).state
    path = tmp_path / "position.json"
    path.write_text(json.dumps(snapshot(state)), encoding="utf-8")
    assert read_position(path).state == state
    with pytest.raises(AdviceRequestError, match="one position; an action index chooses"):
        read_position(path, at=3)
    with pytest.raises(AdviceRequestError, match="is an AsyncEclipse save, one position"):
        read_position(SAVE, at=0)


def test_files_that_are_no_game_files_are_named(tmp_path: Any) -> None:
    battle = tmp_path / "battle.json"
    battle.write_text('{"format": "fleetlab-battle", "sides": []}', encoding="utf-8")
    with pytest.raises(GameFileError, match="format 'fleetlab-battle'; fleetlab advise opens"):
        read_position(battle)
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(GameFileError, match="expected a JSON game file"):
        read_position(broken)
    with pytest.raises(GameFileError, match=r"cannot be imported: .*no player could be read"):
        read_position(b'{"players": {}, "board": {}}', "empty.json")
    assert game_files.kind_of({"players": {}, "game_round": 1}) == "asynceclipse"


def test_a_position_goes_through_json_unchanged() -> None:
    for position in (read_position(SAVE), read_position(RECORD, at=7)):
        again = position_from_json(json.loads(json.dumps(position_json(position))))
        assert again == position
    with pytest.raises(GameFileError, match=r"position: state\.config: missing"):
        position_from_json({"state": {}})
    with pytest.raises(GameFileError, match="position: not a position's JSON"):
        position_from_json({**position_json(read_position(SAVE)), "seats": 3})


# ----- whom to advise ---------------------------------------------------------------------------


def test_a_player_is_named_by_colour_name_species_or_seat() -> None:
    save = read_position(SAVE)
    assert choose_seat(save, None) == 0  # the one to act
    for name in ("green", "GREEN", "Planta", "planta", "seat 1", "Seat-1"):
        assert choose_seat(save, name) == 1
    assert choose_seat(save, "eridani_empire") == 0  # the species id is its name, punctuated
    record = read_position(RECORD, at=0)
    assert choose_seat(record, "bob") == 1


def test_an_unknown_player_lists_the_legal_names() -> None:
    with pytest.raises(AdviceRequestError) as found:
        choose_seat(read_position(SAVE), "Klingons")
    assert str(found.value) == (
        "the player 'Klingons' names no seat; the players are Blue (Eridani Empire): blue, "
        "Eridani Empire, seat 0; Green (Planta): green, Planta, seat 1"
    )
    twins = read_position(SAVE)
    twins = replace(twins, seats=tuple(replace(s, species="planta") for s in twins.seats))
    with pytest.raises(AdviceRequestError, match="'planta' fits 2 seats; name one of them"):
        choose_seat(twins, "planta")


def test_a_player_not_to_act_is_advised_as_if_its_turn_had_come() -> None:
    position = read_position(RECORD, at=0)  # Ann's turn
    state, note = playable(position, 1)
    assert state.pending == (TurnStart(1),) and state.turn == 1
    assert note == (
        "it is Ann (Terran Directorate)'s turn; Bob (Planta) is advised as if its turn had come"
    )
    assert playable(position, 0) == (position.state, None)
    inside = replace(position, state=do(position.state, "action explore"))
    with pytest.raises(AdviceRequestError, match=r"Ann .* is in the middle of a decision"):
        playable(inside, 1)


# ----- positions the engine cannot continue from ------------------------------------------------


def test_the_end_of_the_game_and_chance_are_named() -> None:
    with pytest.raises(PositionError, match=r"chance acts next \(roll 2 yellow dice: seat 0's"):
        choose_seat(read_position(RECORD, at=2), None)
    with pytest.raises(PositionError, match="a player acts after action 1 and after action 7"):
        playable(read_position(RECORD, at=2), 0)
    over = read_position(RECORD)
    finished = replace(over, state=replace(over.state, phase=over.state.phase.GAME_OVER))
    with pytest.raises(PositionError, match="the game is over"):
        playable(finished, 0)


def test_storage_below_zero_is_named() -> None:
    data = _save_data()
    player = next(iter(data["players"].values()))
    player["money"] = -8
    position = from_import(import_game(data), "minus.json")
    with pytest.raises(PositionError, match=r"Blue .* has -8 money in storage; the engine"):
        playable(position, 0)


def test_a_board_without_the_players_sectors_is_named() -> None:
    data = _save_data()
    for entry in data["board"].values():
        if isinstance(entry, dict):
            entry.pop("owner", None)
            entry.pop("player_ships", None)
    position = from_import(import_game(data), "unowned.json")
    with pytest.raises(PositionError, match=r"Blue .* controls no sector and has no ship"):
        playable(position, 0)
    bare = replace(position, state=replace(position.state, sectors=(), index={}))
    with pytest.raises(PositionError, match="the file's board has no sectors"):
        playable(bare, 0)


def _unset_save() -> dict[str, Any]:
    """The example save in the bot's older form as its setup left it: the board's entries are
    [sector, orientation] (no owner, cubes or ships) and the players hold every piece: 12 cubes
    on each of the bot's tracks and the home's disc on the influence track (13)."""
    data = _save_data()
    data["board"] = {
        code: [entry["sector"], entry["orientation"]] for code, entry in data["board"].items()
    }
    for player in data["players"].values():
        for key in ("money_pop_cubes", "science_pop_cubes", "material_pop_cubes"):
            player[key] = 12
        player["influence_discs"] = 13
    return data


def test_home_sectors_laid_but_not_set_up_are_set_up_as_the_rules_setup_does() -> None:
    position = from_import(import_game(_unset_save()), "unset.json")
    fresh = new_game(GameConfig(("eridani_empire", "planta")))
    for seat, tile in ((0, 222), (1, 226)):
        home = next(s for s in position.state.sectors if s.tile == tile)
        set_up = next(s for s in fresh.sectors if s.tile == tile)
        assert (home.owner, home.cubes, home.ships) == (seat, set_up.cubes, set_up.ships)
        player = position.state.players[seat]
        assert player.tracks == fresh.players[seat].tracks
        assert player.discs_track == 12
    assert position.caveats[-2].startswith(
        "Blue (Eridani Empire)'s home sector 222 at position 201 had no owner, cubes or ships"
    )
    assert position.caveats[-1].endswith("2 population cubes and 1 interceptor")
    assert playable(position, 0)[0] is position.state


def test_a_home_is_not_set_up_once_a_piece_of_its_player_is_on_the_board() -> None:
    data = _unset_save()
    blue = next(p for p in data["players"].values() if p["color"] == "blue")
    blue["money_pop_cubes"] = 11  # a cube placed somewhere the file does not say
    position = from_import(import_game(data), "cube.json")
    home = next(s for s in position.state.sectors if s.tile == 222)
    assert home.owner is None and not any(home.cubes)
    assert not any("Blue" in c and "set up" in c for c in position.caveats)
    with pytest.raises(PositionError, match=r"Blue .* controls no sector and has no ship"):
        playable(position, 0)


def test_players_the_rules_would_not_seat_together_are_named() -> None:
    data = _save_data()
    green = next(p for p in data["players"].values() if p["color"] == "green")
    green["name"] = "Eridani Empire"
    green["home_planet"] = "222"
    position = from_import(import_game(data), "twice.json")
    with pytest.raises(PositionError, match="not a game the rules allow: each player needs a"):
        playable(position, 0)


# ----- turns ------------------------------------------------------------------------------------


def test_a_turn_is_followed_to_its_end_and_stops_at_chance() -> None:
    state = attack_position()
    steps, states = follow(state, 0, (TakeAction(ActionKind.EXPLORE),), PlannerPlayer())
    assert isinstance(states[-1].decision, SectorDraw)  # the hex drawn is chance's
    assert not within_turn(states[-1], 0, steps)
    assert str(steps[1]).startswith("explore ")
    moved, after = follow(state, 0, (TakeAction(ActionKind.MOVE),), PlannerPlayer())
    assert str(moved[-1]) == "end" and after[-1].to_act != 0  # the turn passed on
    for a, b, step in zip(after, after[1:], moved, strict=False):
        assert step in legal_actions(a) and apply(a, step) == b


def test_turns_are_legal_distinct_and_deterministic() -> None:
    state = attack_position()
    plan = plan_turns(state, 0, think_ms=0, seed=0)
    again = plan_turns(state, 0, think_ms=0, seed=0)
    assert [t.steps for t in plan.turns] == [t.steps for t in again.turns]
    assert 3 <= len(plan.turns) <= 5
    assert len({t.core() for t in plan.turns}) == len(plan.turns)
    values = [t.estimate.value for t in plan.turns]
    assert values == sorted(values, reverse=True)
    for turn in plan.turns:
        now = state
        for step in turn.steps:
            assert step in legal_actions(now)
            now = apply(now, step)
        assert now == turn.after
    assert plan.baseline is not None  # passing was weighed


# ----- hand-built positions with a known best turn ----------------------------------------------


def test_a_sector_won_outright_with_a_strong_vp_gain_comes_first() -> None:
    state = attack_position()
    moved = do(state, "action move", *(["move cruiser (0,-2) (0,-1)"] * 3))
    odds = book().sector(moved, NEXT_DOOR)
    advice = advise(_position(state), 0, think_ms=0)
    best = advice.actions[0]
    assert best.steps[0] == "action move"
    assert best.steps.count("move cruiser (0,-2) (0,-1)") == 3
    assert odds is not None and odds.holds(0) >= 0.9
    assert best.reason.startswith(
        f"attack sector 107 with 3 cruisers: {words.percent(odds.holds(0))} to win, "
    )
    gain = float(re.findall(r"([+-][\d.]+) VP against passing", best.reason)[0])
    assert gain >= 2.0
    again = advise(_position(state), 0, think_ms=0).to_json()
    assert {**again, "seconds": 0} == {**advice.to_json(), "seconds": 0}  # deterministic


def test_a_research_that_flips_a_lost_battle_says_so() -> None:
    state = research_position()
    odds = book()
    stake = Stake("battle", NEXT_DOOR)
    before = chance(state, 0, stake, odds)
    researched = do(state, "action research", "research plasma_cannon military")
    placed = with_part(researched, 0, "plasma_cannon", stake, odds)
    assert before is not None and placed is not None
    assert before.holds < 0.5 < placed[2].holds  # the part flips the battle
    advice = advise(_position(state), 0, think_ms=0)
    found = [a for a in advice.actions if "research plasma_cannon military" in a.steps]
    assert found, [a.reason for a in advice.actions]
    reason = found[0].reason
    assert reason.startswith(
        "research Plasma Cannon: with Plasma Cannon on your interceptors you win "
    )
    assert "against 1 Ancient in sector 105 instead of" in reason
    now, was = words.percent(placed[2].holds), words.percent(before.holds)
    assert f"you win {now} against 1 Ancient in sector 105 instead of {was}," in reason


def test_the_part_is_placed_where_it_helps_most() -> None:
    state = do(research_position(), "action research", "research plasma_cannon military")
    stake = Stake("battle", NEXT_DOOR)
    odds = book()
    placed = with_part(state, 0, "plasma_cannon", stake, odds)
    assert placed is not None
    after, cls, found = placed
    assert cls is ShipClass.INTERCEPTOR
    assert "plasma_cannon" in [p.id for p in after.players[0].blueprint(cls).parts()]
    direct = odds.sector(after, NEXT_DOOR)
    assert direct is not None and found.holds == direct.holds(0)
    # Without the tech no placement is legal.
    assert with_part(research_position(), 0, "plasma_cannon", stake, odds) is None


def test_the_budget_is_checked() -> None:
    assert budget.check_budget(0) == 0
    for bad in (-1, 10**9, True, 1.5):
        with pytest.raises(AdviceRequestError, match="think_ms"):
            budget.check_budget(bad)


@pytest.mark.parametrize("module", [words, budget, game_files])
def test_doctests(module: Any) -> None:
    failures, _ = doctest.testmod(module)
    assert failures == 0


def test_an_action_text_in_a_turn_parses_back() -> None:
    advice = advise(_position(attack_position()), 0, think_ms=0)
    for action in advice.actions:
        assert [str(parse_action(t)) for t in action.steps] == list(action.steps)
