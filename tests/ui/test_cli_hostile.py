"""The command line on the hostile inputs of issue 21: each one exits with status 2 and a message
that names the input and what is legal, prints nothing on stdout, and never a traceback.

(The Cosmic card ``attack:<5,000 digits>`` and ``deal_success: "1e-999999999"`` are the Cosmic
file's own checks, which the Cosmic branch, issue 16, adds with its tests.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support import REPO
from ui.cli import main

SMALL_SAVE = REPO / "engine" / "data" / "examples" / "asynceclipse_small.json"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def cruisers(name: str, count: int = 1, **stats: Any) -> dict[str, Any]:
    base = {"initiative": 2, "hull": 1, "cannons": {"yellow": 1}, **stats}
    return {"name": name, "ships": [{"class": "cruiser", "count": count, "stats": base}]}


def battle(*sides: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {"format": "fleetlab-battle/1", "sides": list(sides), **top}


def write(tmp_path: Path, doc: Any, name: str = "battle.json") -> Path:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


DEEP = 100_000


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (battle(cruisers("A", hull=10**6), cruisers("B")), "hull must be a whole number from 0 "
         "to 40, got 1000000"),
        (battle(cruisers("A", hull=2**63), cruisers("B")), "hull: the integer '9223372036854775808'"),
        (battle(cruisers("A", cannons={"yellow": 2_000}), cruisers("B")), "2,000 cannons dice on "
         "one ship; at most 32"),
        (battle(cruisers("A", cannons={"yellow": 10**6}), cruisers("B")), "at most 32"),
        (battle(cruisers("A"), {**cruisers("B"), "population": 10**9}), "sides[1]: population must "
         "be from 0 to 12 cubes"),
        (battle(cruisers("A", count=9), cruisers("B")), "9 cruisers on one side; the limit is 4"),
        (battle(cruisers("A"), {**cruisers("B"), "name": ["B"]},
                options={"retreat": "optimal"}), "sides[1].name: expected a non-empty string"),
        (battle(cruisers("A"), cruisers("B"), options={"samples": 10**12}), "options.samples: "
         "1,000,000,000,000 is over the limit of 10,000,000"),
        (battle(cruisers("A"), cruisers("B"), options={"seed": -1}), "options.seed: expected a "
         "whole number >= 0"),
        (battle(cruisers("A"), {**cruisers("B"), "name": "B\ud800"}), "lone UTF-16 surrogate"),
        ("[" * DEEP + "]" * DEEP, "nested deeper than 64 levels"),
        ('{"format": "fleetlab-battle/1", "format": "x"}', "the key 'format' appears twice"),
        ('{"sides": [1e999]}', "sides[0]: the number '1e999' is too large"),
        ("1" * 5_000, "(5,000 digits) is too large"),
    ],
)  # fmt: skip
def test_odds_refuses_hostile_battle_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, doc: Any, message: str
) -> None:
    status, out, err = run(capsys, "odds", str(write(tmp_path, doc)))
    assert status == 2 and out == ""
    assert err.startswith(f"fleetlab odds: error: {tmp_path / 'battle.json'}: ")
    assert message in err
    assert err.count(str(tmp_path)) == 1  # the file is named once


def test_odds_refuses_files_that_are_not_battle_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cases = {
        "/dev/zero": "is not a regular file",
        str(tmp_path): "is a directory, not a battle file",
        str(write(tmp_path, "", "empty.json")): "not valid JSON",
    }
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"format": "fleetlab-battle/1", "sides": ["\xff"]}')
    cases[str(bad)] = "not UTF-8 text: byte 0xff at line 1, column 44"
    utf16 = tmp_path / "utf16.json"
    utf16.write_bytes(json.dumps(battle(cruisers("A"), cruisers("B"))).encode("utf-16"))
    cases[str(utf16)] = "the file is UTF-16 text; save it as UTF-8"
    toml = tmp_path / "deep.toml"
    toml.write_text("a = " + "[" * DEEP + "]" * DEEP, encoding="utf-8")
    cases[str(toml)] = "nested deeper than 64 levels"
    for path, message in cases.items():
        status, out, err = run(capsys, "odds", path)
        assert status == 2 and out == "" and message in err, (path, err)


def test_a_huge_field_is_quoted_cut_to_length(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    doc = battle(cruisers("A"), {**cruisers("B"), "species": "x" * 500_000})
    status, _, err = run(capsys, "odds", str(write(tmp_path, doc)))
    assert status == 2 and "sides[1].species: unknown species 'xxxx" in err
    assert len(err) < 2_000
    big = battle(cruisers("A"), {**cruisers("B"), "name": "x" * 2_000_000})
    status, _, err = run(capsys, "odds", str(write(tmp_path, big)))
    assert status == 2 and "bytes; a battle file is at most 1,048,576" in err


def test_a_forced_exact_solve_over_the_budget_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    full = [{"class": c, "count": n} for c, n in (("interceptor", 8), ("cruiser", 4),
                                                  ("dreadnought", 2), ("starbase", 4))]  # fmt: skip
    doc = battle(
        {"name": "A", "species": "terran_directorate", "ships": full},
        {"name": "B", "species": "terran_directorate", "ships": full},
    )
    status, out, err = run(capsys, "odds", str(write(tmp_path, doc)), "--method", "exact")
    assert status == 2 and out == ""
    assert "exact requested, but" in err and "ask for method 'auto'" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seed", "-1"], "argument --seed: a seed is a whole number from 0 to"),
        (["--seed", "1e3"], "argument --seed: a seed is a whole number"),
        (["--samples", "0"], "argument --samples: a sample count is a whole number from 1 to "
         "10,000,000, got '0'"),
        (["--samples", str(10**12)], "got '1000000000000'"),
        (["--samples", "9" * 5_000], "a sample count is a whole number"),
    ],
)  # fmt: skip
def test_odds_refuses_bad_numbers_on_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    path = write(tmp_path, battle(cruisers("A"), cruisers("B")))
    with pytest.raises(SystemExit) as caught:  # argparse's usage error
        main(["odds", str(path), *argv])
    out, err = capsys.readouterr()
    assert caught.value.code == 2 and out == "" and message in err
    assert len(err) < 1_000


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--parts", "ion_cannon,-,-,-,-"], "--parts gives 5 slots; the terran_directorate "
         "interceptor has 4"),
        (["--parts", "x,-,-,-"], "slot 0 is marked blocked ('x') but is not blocked"),
        (["--outside", "muon_source"], "--outside needs --parts"),
        (["--techs", "plasma_cannon,warp"], "--techs: unknown tech 'warp'"),
        (["--discoveries", "ion_cannon"], "'ion_cannon' is a starting part, not a discovery"),
        (["--discoveries", "nope"], "--discoveries: unknown part 'nope'"),
    ],
)  # fmt: skip
def test_blueprint_refuses_what_it_used_to_ignore(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "blueprint", "terran_directorate", "interceptor", *argv)
    assert status == 2 and out == "" and message in err


def test_blueprint_accepts_real_techs_and_discoveries(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "blueprint", "terran_directorate", "interceptor", "--parts",
        "ion_cannon,axion_computer,nuclear_drive,nuclear_source", "--techs", "plasma_cannon",
        "--discoveries", "axion_computer", "--json",
    )  # fmt: skip
    assert status == 0 and json.loads(out)["problems"] == []


def test_replay_refuses_devices_and_directories(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for path, message in (("/dev/zero", "not a regular file"), (str(tmp_path), "is a directory")):
        status, out, err = run(capsys, "replay", path)
        assert status == 2 and out == "" and message in err


def test_replay_refuses_a_record_version_that_only_equals_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for version in ("true", "1.0"):
        text = f'{{"format": "fleetlab-game-record", "version": {version}, "entries": []}}'
        status, _, err = run(capsys, "replay", str(write(tmp_path, text, "r.json")))
        assert status == 2 and "version: expected 1 (the version this Fleetlab reads), got " in err


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"deal_success": float("inf")}, "Infinity is not a number JSON allows"),
        ({"deal_success": 1e999}, "Infinity is not a number JSON allows"),
    ],
)
def test_cosmic_refuses_hostile_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    doc = {
        "format": "fleetlab-cosmic/1", "deck": "mayfair_1991", "you": "offense",
        "hand": ["attack:12"], "ships": {"offense": 4, "defense": 2},
        "allies": {"offense": 0, "defense": 3}, "opponent_hand_size": 7, **change,
    }  # fmt: skip
    status, out, err = run(capsys, "cosmic", str(write(tmp_path, doc, "c.json")))
    assert status == 2 and out == "" and message in err and len(err) < 1_000


def test_cosmic_refuses_deep_nesting_and_devices(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deep = write(tmp_path, "[" * DEEP + "]" * DEEP, "deep.json")
    # The Cosmic file has its own reader (cosmic.fileformat): /dev/zero is cut off after its
    # size limit.
    for path, message in ((str(deep), "nested deeper"), ("/dev/zero", "at most 1,000,000")):
        status, out, err = run(capsys, "cosmic", path)
        assert status == 2 and out == "" and message in err


def test_design_refuses_too_many_upgrades(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    doc = json.loads((REPO / "examples" / "design_red_vs_ancients.json").read_text("utf-8"))
    doc["design"]["upgrades"] = 10
    status, out, err = run(capsys, "design", str(write(tmp_path, doc, "design.json")))
    assert status == 2 and out == "" and "upgrades must be at most 4, got 10" in err


def test_import_reports_negative_storage(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    doc = json.loads(SMALL_SAVE.read_text(encoding="utf-8"))
    seat = next(iter(doc["players"]))
    doc["players"][seat]["materials"] = -5
    status, out, _ = run(capsys, "import", str(write(tmp_path, doc, "save.json")))
    assert status == 0
    assert f"players.{seat}.materials: -5 is below the least legal value 0; used 0" in out


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    # The reader is gone before the command writes: the write fails with EPIPE.
    proc = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "parts", "--json"],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=600) == 1
    assert "Traceback" not in err and "BrokenPipeError" not in err


MEMORY_CEILING = 1536 * 2**20
"""Address space the largest allowed inputs are run in (their resident peak is about 220 MB)."""

UNDER_CEILING = """
import json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
from ui.cli import main
from ui.share import MAX_JSON_BYTES, decode_battle
import base64, zlib
status = [main(["odds", sys.argv[1], "--method", "monte-carlo", "--samples", "2000", "--json"])]
status.append(main(["odds", sys.argv[1], "--method", "exact"]))
# the largest share link: MAX_JSON_BYTES of JSON, refused one byte later
doc = json.dumps([" " * (MAX_JSON_BYTES - 10)]).encode()
token = "1." + base64.urlsafe_b64encode(zlib.compress(doc)).decode().rstrip("=")
status.append(len(decode_battle(token)))
print(json.dumps({{"status": status,
                  "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}}))
"""


def test_the_largest_allowed_inputs_stay_under_the_memory_ceiling(tmp_path: Path) -> None:
    # Every limit at once: the miniature limits of both sides, hull 40, 32 cannon and 32 missile
    # dice per ship, Morph Shields, population 12. Monte Carlo samples in chunks; a forced
    # exact solve is refused before it allocates.
    stats = {
        "initiative": 3,
        "hull": 40,
        "computer": 3,
        "shield": 2,
        "morph": 2,
        "cannons": {"yellow": 8, "orange": 8, "blue": 8, "red": 8},
        "missiles": {"red": 32},
    }
    fleet = [
        {"class": c, "count": n, "stats": stats}
        for c, n in (("interceptor", 8), ("cruiser", 4), ("dreadnought", 2), ("starbase", 4))
    ]
    doc = battle({"name": "A", "ships": fleet}, {"name": "B", "ships": fleet, "population": 12})
    path = write(tmp_path, doc)
    done = subprocess.run(
        [sys.executable, "-c", UNDER_CEILING.format(limit=MEMORY_CEILING), str(path)],
        cwd=REPO, capture_output=True, text=True, timeout=1_200,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3_000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["status"] == [0, 2, 1]
    assert "exact requested, but" in done.stderr
    assert report["peak_kb"] * 1024 < MEMORY_CEILING
