"""The Game page's plain pieces: the battles due in a position and the players' boards."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import pytest

from calc.battle.files import parse_battle
from engine.board import production
from engine.enums import Resource
from engine.importers.asynceclipse import load_save
from engine.setup import new_game
from engine.state import GameConfig, GameState
from tests.support import REPO
from ui.galaxy import SeatStyle, default_styles
from ui.game_battles import due_battles, in_progress_note
from ui.game_loader import EXAMPLES, open_example
from ui.player_boards import blueprint_rows, overview_rows, tech_rows

EXAMPLE = REPO / "engine" / "data" / "examples" / "asynceclipse_small.json"


@pytest.fixture(scope="module")
def example() -> tuple[GameState, Mapping[int, SeatStyle]]:
    result = load_save(EXAMPLE)
    styles = {
        s.seat: SeatStyle("#1f77b4" if s.colour == "blue" else "#2ca02c", f"{s.colour} player")
        for s in result.report.seats
    }
    return result.state, styles


def test_the_example_save_has_two_battles_that_open_as_battle_files(
    example: tuple[GameState, Mapping[int, SeatStyle]],
) -> None:
    state, styles = example
    battles = due_battles(state, styles)
    assert [b.tile for b in battles] == [104, 102]
    ancients, planta = battles
    assert "blue player: 1 interceptor, 1 cruiser against 2 Ancients" in ancients.label
    assert "against" in planta.label and "green player" in planta.label
    for due in battles:
        assert due.doc is not None and due.error is None
        battle, _ = parse_battle(due.doc)
        names = [side.name for side in battle.sides]
        # Player sides carry the page's names, so the odds page speaks of the same players.
        assert any(name in ("blue player", "green player") for name in names)
    ancient_battle, _ = parse_battle(ancients.doc)  # type: ignore[arg-type]
    assert ancient_battle.sides[ancient_battle.defender].npc


def test_a_battle_in_progress_says_what_its_odds_leave_out() -> None:
    game = open_example(next(iter(EXAMPLES)))  # the recorded four-bot game
    fighting = [
        i
        for i, state in enumerate(game.states)
        if state.combat is not None
        and state.combat.current is not None
        and state.combat.current.fight is not None
    ]
    assert fighting, "the example game has battles"
    state = game.states[fighting[0]]
    assert state.combat is not None and state.combat.current is not None
    where = state.combat.current.where
    noted = {b.hex: b.note for b in due_battles(state, game.styles)}
    note = noted[where]
    assert note is not None and note.startswith("Battle in progress")
    assert "missiles fire again" in note
    # Only the sector being fought over carries a note; before combat, none does.
    assert all(n is None for h, n in noted.items() if h != where)
    before = max(i for i in range(fighting[0]) if game.states[i].combat is None)
    due_before = due_battles(game.states[before], game.styles)
    assert where in {b.hex for b in due_before}
    assert all(b.note is None for b in due_before)
    # Between two battles of one sector: the battles still to fight, without earlier tiles.
    current = replace(
        state.combat.current,
        fight=None,
        tallies=tuple(replace(t, fought=True) for t in state.combat.current.tallies),
    )
    between = replace(state, combat=replace(state.combat, current=current))
    assert (in_progress_note(between, where) or "").startswith("Some battles here are over")
    # Elsewhere, or outside the combat phase, there is nothing to say.
    assert in_progress_note(replace(state, combat=None), where) is None


def test_a_quiet_position_has_no_battles() -> None:
    state = new_game(GameConfig(("terran_directorate", "planta")))
    assert due_battles(state, default_styles(state)) == []


def test_overview_rows_show_storage_and_production() -> None:
    state = new_game(GameConfig(("terran_directorate", "planta")))
    styles = default_styles(state, ["Ann", "Bo"])
    rows = overview_rows(state, styles)
    assert [r["player"] for r in rows] == ["Ann (Terran Directorate)", "Bo (Planta)"]
    for row, player in zip(rows, state.players, strict=True):
        assert row["money"] == player.money
        assert row["+science"] == production(player, Resource.SCIENCE)
        assert row["colony ships"] == f"{player.colony_ready}/{player.colony_ships}"
    assert "VP" not in rows[0]


def test_tech_and_blueprint_rows(example: tuple[GameState, Mapping[int, SeatStyle]]) -> None:
    state, _ = example
    for player in state.players:
        techs = tech_rows(player)
        assert [t["track"] for t in techs] == ["military", "grid", "nano"]
        assert sum(int(str(t["count"])) for t in techs) == len(player.all_techs())
        blueprints = blueprint_rows(player)
        assert [b["class"] for b in blueprints] == [bp.ship_class.value for bp in player.blueprints]
        assert all(int(str(b["hull"])) >= 0 for b in blueprints)
