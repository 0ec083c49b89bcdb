"""The Game page (AppTest) and its loader: records step by step, snapshots, AsyncEclipse saves,
and files that cannot be opened."""

from __future__ import annotations

import json
from typing import Any

import pytest

from calc import odds, percent
from engine import record as records
from engine.snapshot import snapshot
from tests.support import REPO, shared_file
from tests.ui.dashboard import GAME, ODDS, metrics, open_page, rerun
from ui.battle_editor import build
from ui.game_attack import attack_position, attack_targets, movers
from ui.game_loader import (
    EXAMPLES,
    MAX_UPLOAD_BYTES,
    GameFileError,
    example_record,
    kind_of,
    open_example,
    open_game,
)
from ui.share import encode_battle

SAVE = REPO / "engine" / "data" / "examples" / "asynceclipse_small.json"


def _status(at: object) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("**"))  # type: ignore[attr-defined]


def test_the_page_opens_the_example_record_at_its_end_and_steps_through_it() -> None:
    at = open_page(GAME)
    slider = at.slider(key="game.step")
    total = int(slider.max)
    assert total > 100 and slider.value == total
    assert _status(at).startswith(f"**After action {total} of {total}. Round")
    at.button(key="game.first").click()
    rerun(at)
    assert at.slider(key="game.step").value == 0
    assert _status(at) == f"**After action 0 of {total}. Round 1, setup phase**"
    at.button(key="game.forward").click()
    rerun(at)
    at.button(key="game.forward").click()
    rerun(at)
    assert at.slider(key="game.step").value == 2
    log = at.code[0].value
    assert "▶     2" in log
    at.button(key="game.back").click()
    rerun(at)
    assert at.slider(key="game.step").value == 1
    at.slider(key="game.step").set_value(total // 2)
    rerun(at)
    assert _status(at).startswith(f"**After action {total // 2} of {total}.")
    # Every player has a board: the overview table and a tab each.
    assert len(at.tabs) == 4
    assert list(at.dataframe[0].value["player"]) == [
        s.label for s in open_example(next(iter(EXAMPLES))).styles.values()
    ]


def test_a_step_in_the_middle_of_a_battle_says_so_beside_it() -> None:
    game = open_example(next(iter(EXAMPLES)))
    step = next(
        i
        for i, s in enumerate(game.states)
        if s.combat is not None and s.combat.current is not None and s.combat.current.fight
    )
    at = open_page(GAME)
    at.slider(key="game.step").set_value(step)
    rerun(at)
    assert any(c.value.startswith("Battle in progress") for c in at.caption)
    at.slider(key="game.step").set_value(0)
    rerun(at)
    assert not any(c.value.startswith("Battle in progress") for c in at.caption)


def test_an_opened_save_shows_its_battles_and_opens_one_on_the_odds_page() -> None:
    at = open_page(GAME)
    at.session_state["fleetlab.game"] = open_game(SAVE.read_bytes(), SAVE.name)
    rerun(at)
    assert "AsyncEclipse save 'hand-made test'" in [c.value for c in at.caption]
    assert not at.slider  # one position: nothing to step through
    assert any(h.value == "Battles due: 2" for h in at.subheader)
    labels = [m.value for m in at.markdown]
    assert any(
        "Blue (Eridani Empire): 1 interceptor, 1 cruiser against 2 Ancients" in v for v in labels
    )
    at.button(key="game.battle.0").click()
    at.run()
    # The battle became the shared draft the Battle odds page edits.
    draft = at.session_state["fleetlab.draft"]
    names = [side.name for side in draft.sides]
    assert names[0] == "Blue (Eridani Empire)" and len(names) == 2


def test_the_example_selector_reopens_an_example() -> None:
    at = open_page(GAME)
    at.selectbox(key="game.example").set_value(list(EXAMPLES)[1])
    rerun(at)
    at.button(key="game.open-example").click()
    rerun(at)
    assert any(c.value.startswith("AsyncEclipse save") for c in at.caption)


# ----- the loader ---------------------------------------------------------------------------


def test_a_record_opens_with_one_state_per_action() -> None:
    raw = example_record()
    game = open_game(raw, "game.json")
    record = records.loads_record(raw)
    assert game.kind == "record"
    assert game.steps == record.actions == len(game.events)
    assert game.states[-1] == records.replay(record).state
    assert not game.problems


def test_a_damaged_record_keeps_the_game_up_to_the_bad_entry() -> None:
    data = json.loads(example_record())
    entries = data["entries"]
    actions = [i for i, e in enumerate(entries) if isinstance(e, str)]
    bad = actions[40]
    entries[bad] = "build dreadnought (99,99)"
    game = open_game(json.dumps(data).encode(), "edited.json")
    assert game.steps == 40
    assert len(game.problems) == 1
    assert f"entry {bad}" in game.problems[0] and "build dreadnought (99,99)" in game.problems[0]


def test_a_snapshot_opens_as_one_position() -> None:
    state = open_example(next(iter(EXAMPLES))).states[100]
    game = open_game(json.dumps(snapshot(state)).encode(), "position.json")
    assert game.kind == "snapshot" and game.steps == 0 and game.states[0] == state


def test_an_asynceclipse_save_opens_with_seat_colours_and_positions() -> None:
    game = open_game(SAVE.read_bytes(), SAVE.name)
    assert game.kind == "asynceclipse" and not game.problems
    assert [s.label for s in game.styles.values()] == [
        "Blue (Eridani Empire)",
        "Green (Planta)",
    ]
    assert set(game.positions.values()) >= {"101", "102"}
    assert game.unexplored


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"\xff\xfe not text", "UTF-16 text; save it as UTF-8"),
        (b"{ nope", "not valid JSON: Expecting property name"),
        (b'{"a": NaN}', "NaN is not a number JSON allows"),
        (b"[1, 2]", "no known format"),
        (b'{"format": "fleetlab-battle/1"}', "format 'fleetlab-battle/1'"),
        (b'{"format": "fleetlab-game-record", "version": 99}', "not a readable game record"),
        (b'{"format": "fleetlab-position", "version": 1, "state": {}}', "not a readable position"),
        (b'{"board": {}, "players": []}', "cannot be imported"),
    ],
)
def test_files_that_cannot_be_opened_say_why(raw: bytes, message: str) -> None:
    with pytest.raises(GameFileError, match=r"'upload\.json'") as caught:
        open_game(raw, "upload.json")
    assert message in str(caught.value)


def test_uploads_are_size_capped_before_parsing() -> None:
    with pytest.raises(GameFileError, match="bytes; at most 20,971,520 are accepted"):
        open_game(b" " * (MAX_UPLOAD_BYTES + 1), "big.json")


def test_kind_of_tells_the_formats_apart() -> None:
    assert kind_of({"format": "fleetlab-game-record"}) == "record"
    assert kind_of({"format": "fleetlab-position"}) == "snapshot"
    assert kind_of({"board": {}, "players": {}}) == "asynceclipse"
    assert kind_of({"board": [], "players": {}}) == "asynceclipse"  # an early save
    assert kind_of({"game_id": "aeb37", "players": {}}) == "asynceclipse"  # no board yet
    assert kind_of({"players": {}}) is None
    assert kind_of("text") is None


def test_the_tech_tray_is_shown_for_a_save() -> None:
    at = open_page(GAME)
    at.session_state["fleetlab.game"] = open_game(SAVE.read_bytes(), SAVE.name)
    rerun(at)
    assert any(h.value == "Tech tray" for h in at.subheader)
    tray = next(d.value for d in at.dataframe if "tiles" in d.value.columns)
    assert list(tray["tech"]) == [
        "Neutron Bombs", "Plasma Missile", "Tachyon Drive", "Quantum Grid", "Sentient Hull",
    ]  # fmt: skip
    assert list(tray["tiles"]) == [1, 1, 1, 1, 1]


def test_a_save_with_no_readable_player_is_refused_as_the_cli_refuses_it() -> None:
    data = json.loads(SAVE.read_text())
    for player in data["players"].values():
        player["name"] = "Klingons"
    raw = json.dumps(data).encode()
    with pytest.raises(GameFileError) as caught:
        open_game(raw, "nobody.json")
    assert str(caught.value).startswith(
        "'nobody.json' cannot be imported: players: no player could be read ("
        "players.1001.name: unknown species 'Klingons'"
    )
    at = open_page(GAME)
    at.sidebar.file_uploader[0].set_value(("nobody.json", raw, "application/json"))
    rerun(at)
    assert at.error[0].value == str(caught.value)
    # What was open before stays open.
    assert any(c.value.startswith("game record") for c in at.caption)


def test_a_real_six_player_save_shows_its_documented_problems() -> None:
    save = shared_file("saves", "AsyncEclipse_DiscordBot__ActiveGames_aeb41.json")
    at = open_page(GAME)
    at.session_state["fleetlab.game"] = open_game(save.read_bytes(), save.name)
    rerun(at)
    assert len(at.tabs) == 6
    assert any(h.value == "Battles due: 0" for h in at.subheader)
    assert at.expander[0].label == "3 problems met while opening the file"
    shown = " ".join(m.value for m in at.expander[0].markdown)
    assert "disc_tiles_for_points" in shown and "tile_deck_100[8]" in shown


# ----- flows a player meets (issue: the dashboard tried as players use it) ------------------


def population_attack_position() -> bytes:
    """The built-in record's last position with the first player's fleet moved into a sector of
    another player's that holds cubes and no ships: a position snapshot whose only battle due is
    an attack on population (the dead end of the issue: a side with no ships)."""
    game = open_example(next(iter(EXAMPLES)))
    state = game.states[-1]
    for player in state.players:
        for where in attack_targets(state, player.seat):
            sector = state.sector(where)
            assert sector is not None
            if sector.owner not in (None, player.seat) and not sector.ships and not sector.npcs:
                moves = {
                    (m.origin, m.ship_class): m.available for m in movers(state, player.seat, where)
                }
                after = attack_position(state, player.seat, where, moves)
                return json.dumps(snapshot(after)).encode()
    raise AssertionError("no sector to attack for its population")


def test_a_population_attack_opens_and_solves_on_the_odds_page() -> None:
    """A sector with ships against population only has "Open in Battle odds", and the odds
    page solves it (the attack on population), with the players' colours."""
    game = open_game(population_attack_position(), "attack.json")
    at = open_page(GAME)
    at.session_state["fleetlab.game"] = game
    rerun(at)
    labels = [m.value for m in at.markdown if "'s population" in m.value]
    assert labels, [m.value for m in at.markdown]
    at.button(key="game.battle.0").click()
    at.run()
    draft = at.session_state["fleetlab.draft"]
    assert [side.ship_count == 0 for side in draft.sides] == [False, True]
    assert draft.sides[1].population > 0
    built = build(draft)
    assert built.ok, built.problems
    colours = at.session_state["fleetlab.side-colours"]
    assert colours[draft.sides[0].name] == game.styles[0].colour
    odds_page = open_page(ODDS, {"battle": encode_battle(built.doc)})
    shown = metrics(odds_page)
    assert shown["Cubes destroyed"].endswith(f"of {draft.sides[1].population}"), shown
    assert not odds_page.error


def test_open_the_example_with_a_file_in_the_uploader() -> None:
    """Opening an example while a file sits in the uploader opens the example (the upload is
    not opened again), and the uploader is emptied."""
    at = open_page(GAME)
    at.sidebar.file_uploader[0].set_value((SAVE.name, SAVE.read_bytes(), "application/json"))
    rerun(at)
    assert any(c.value.startswith("AsyncEclipse save") for c in at.caption)
    at.selectbox(key="game.example").set_value(next(iter(EXAMPLES)))
    at.button(key="game.open-example").click()
    rerun(at)
    assert any(c.value.startswith("game record") for c in at.caption)
    rerun(at)  # and it stays open on the next run
    assert any(c.value.startswith("game record") for c in at.caption)
    assert not at.sidebar.file_uploader[0].value


def test_an_upload_error_goes_with_its_file() -> None:
    at = open_page(GAME)
    at.sidebar.file_uploader[0].set_value(("notes.json", b'{"format": "x"}', "application/json"))
    rerun(at)
    assert any("notes.json" in e.value for e in at.error)
    assert any(c.value.startswith("game record") for c in at.caption)  # the game stays
    at.sidebar.file_uploader[0].set_value(None)  # the player takes the file out
    rerun(at)
    assert not at.error
    at.sidebar.file_uploader[0].set_value(("notes.json", b"[", "application/json"))
    rerun(at)
    assert at.error
    at.button(key="game.open-example").click()
    rerun(at)
    assert not at.error


def planner(widgets: Any, name: str) -> Any:
    """The attack planner's widget ``name`` (its keys carry the game's scope in the middle)."""
    (found,) = [
        w for w in widgets if w.key and w.key.startswith("game.attack.") and w.key.endswith(name)
    ]
    return found


def test_what_if_i_attack_opens_that_battle() -> None:
    """A save with a sector the blue player can reach: choose it and the ships to send, and the
    battle opens on the odds page."""
    at = open_page(GAME)
    at.session_state["fleetlab.game"] = open_game(SAVE.read_bytes(), SAVE.name)
    at.session_state["fleetlab.game.source"] = "a save"
    rerun(at)
    seat = planner(at.selectbox, ".seat")
    assert seat.value == 0
    assert seat.format_func(seat.value) == "Blue (Eridani Empire)"
    target = planner(at.selectbox, ".target.0")
    target.set_value(next(o for o in target.options if "104" in str(o)))
    rerun(at)
    (count,) = [n for n in at.number_input if n.key.startswith("game.attack.")]
    assert count.label == "1 interceptor in sector 222" and count.value == 1
    assert any("2 interceptors, 1 cruiser against 2 Ancients" in c.value for c in at.caption)
    planner(at.button, ".open").click()
    at.run()
    draft = at.session_state["fleetlab.draft"]
    built = build(draft)
    assert built.ok and built.battle is not None
    blue = next(s for s in built.battle.sides if not s.npc)
    assert blue.ship_count == 3 and blue.name == "Blue (Eridani Empire)"


def test_what_if_i_attack_with_no_battle_due() -> None:
    """The built-in record's last position has no battle due; the planner still gives odds:
    a player whose ships reach a fight opens that battle, and the odds page solves it."""
    at = open_page(GAME)
    assert any(h.value == "Battles due: 0" for h in at.subheader)
    game = open_example(next(iter(EXAMPLES)))
    position = game.states[-1]
    seat = next(p.seat for p in position.players if attack_targets(position, p.seat))
    planner(at.selectbox, ".seat").set_value(seat)
    rerun(at)
    target = planner(at.selectbox, f".target.{seat}")
    assert target.options, "the planner offers the sectors the player can reach"
    planner(at.button, ".open").click()
    at.run()
    built = build(at.session_state["fleetlab.draft"])
    assert built.ok and built.battle is not None, built.problems
    odds_page = open_page(ODDS, {"battle": encode_battle(built.doc)})
    assert not odds_page.error
    battle = built.battle
    attacker = battle.attacker_side.name
    assert metrics(odds_page)[f"{attacker} wins"] == percent(odds(battle).attacker_wins)
