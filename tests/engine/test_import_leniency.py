"""What real saves do that Fleetlab's own files must not, read as the bot reads it (issue 37).

The fixtures are the committed example save (``engine/data/examples/asynceclipse_small.json``,
cut from a real AsyncEclipse game) rewritten three ways that real saves show:

- a key written twice: the bot's ``board`` holds integer and string keys alike (201-211 appear
  twice in real saves: a home sector, then its back), which its JSON writer emits as duplicate
  keys and its reader takes last-wins;
- blueprints in Fleetlab's own part ids (``ion_cannon``, ``nuclear_drive``, ``hull``), as the
  bot's earliest saves write them, instead of its short codes (``ioc``, ``nud``, ``hul``);
- empty cube slots written ``"empty"`` instead of ``0``, as early saves do.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.advice import read_position
from engine.importers import load_save
from engine.importers.bot_tables import codes
from engine.record import RecordError, loads_record
from tests.support import REPO
from ui.game_loader import GameFileError, open_game

EXAMPLE = REPO / "engine" / "data" / "examples" / "asynceclipse_small.json"
PART_KEYS = ("interceptor_parts", "cruiser_parts", "dread_parts", "starbase_parts")


def example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return data


def test_a_key_written_twice_keeps_its_last_value_with_one_note() -> None:
    data = example()
    board = data["board"]
    # The save as the bot writes it: "201" twice, the first value another sector's.
    decoy = json.dumps(board["202"])
    text = json.dumps(data).replace('"201": ', f'"201": {decoy}, "201": ', 1)
    assert text.count('"201": ') == 2
    twice = load_save(text.encode())
    plain = load_save(json.dumps(data).encode())
    assert twice.state == plain.state  # the last value is the one read
    notes = [p for p in twice.report.problems if p not in plain.report.problems]
    assert [(p.path, p.severity.value) for p in notes] == [("$", "note")]
    assert "'201'" in notes[0].message and "last value" in notes[0].message
    assert not twice.report.losses or twice.report.losses == plain.report.losses
    # The Game page and fleetlab advise open it the same way.
    assert "'201'" in " ".join(open_game(text.encode(), "save.json").problems)
    assert read_position(text.encode(), "save.json").state == plain.state


def test_fleetlabs_own_formats_stay_strict() -> None:
    record = '{"format": "fleetlab-game-record", "format": "fleetlab-game-record"}'
    with pytest.raises(RecordError, match="appears twice"):
        loads_record(record)
    with pytest.raises(GameFileError, match="appears twice"):
        open_game(record.encode(), "record.json")
    with pytest.raises(GameFileError, match="appears twice"):
        read_position(record.encode(), "record.json")


def test_blueprints_in_fleetlab_part_ids_are_read() -> None:
    data = example()
    to_id = codes().parts
    for player in data["players"].values():
        for key in PART_KEYS:
            player[key] = [to_id.get(c, c) for c in player[key]]
    assert "ion_cannon" in json.dumps(data) and "nuclear_source" in json.dumps(data)
    old = load_save(json.dumps(data).encode())
    plain = load_save(EXAMPLE)
    assert not [p for p in old.report.problems if "part code" in p.message]
    assert [p.blueprints for p in old.state.players] == [p.blueprints for p in plain.state.players]


def test_empty_cube_slots_are_read_silently_and_odd_ones_reported_once() -> None:
    data = example()
    emptied = 0
    for sector in data["board"].values():
        for key, flags in sector.items():
            if key.endswith("_pop") and isinstance(flags, list):
                sector[key] = ["empty" if f == 0 else f for f in flags]
                emptied += flags.count(0)
    assert emptied >= 3
    silent = load_save(json.dumps(data).encode())
    plain = load_save(EXAMPLE)
    assert silent.state == plain.state and silent.report.problems == plain.report.problems
    # Any other odd value: one problem for the whole save, naming every slot.
    odd = 0
    for sector in data["board"].values():
        for key, flags in sector.items():
            if key.endswith("_pop") and isinstance(flags, list) and "empty" in flags:
                sector[key] = ["x" if f == "empty" else f for f in flags]
                odd += flags.count("empty")
    report = load_save(json.dumps(data).encode()).report
    cubes = [p for p in report.problems if "not 0, 1 or 'empty'" in p.message]
    assert len(cubes) == 1 and cubes[0].path == "board"
    assert cubes[0].message.startswith(f"{odd} cube slots")
