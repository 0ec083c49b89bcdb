"""`fleetlab selfplay`: a whole game, the final scores, JSON and clear errors."""

from __future__ import annotations

import json

import pytest

from ui.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_selfplay_prints_the_final_scores(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "selfplay", "--players", "4", "--seed", "7", "--bots", "greedy")
    assert status == 0 and err == ""
    assert "Final scores after round 8 (seed 7, greedy bots)" in out
    assert "actions per player and round." in out
    lines = [line for line in out.splitlines() if line[:1].isdigit() and "battle" not in line]
    assert len(lines) == 4 and sum("winner" in line for line in lines) >= 1
    status, again, _ = run(capsys, "selfplay", "--players", "4", "--seed", "7", "--bots", "greedy")
    assert again == out  # the seed reproduces the game


def test_selfplay_seats_the_planner_and_counts_battles_and_actions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "selfplay", "--players", "2", "--seed", "1", "--json")
    data = json.loads(out)
    assert status == 0 and data["bots"] == "planner"
    assert isinstance(data["battles"], int) and data["battles"] >= 0
    # Every player takes at least one action (or passes) each round: 8 rounds, 2 players.
    assert 1.0 <= data["actions_per_player_round"] <= 10.0


def test_greedy_fights_in_seed_5() -> None:
    """Issue 35 said the greedy bots' 4-player game of seed 5 had no battle: it has four, one
    against the NPCs of round 2 and three between Terran Directorate and Terran Alliance (rounds
    3, 5 and 8); the command did not report battles at all."""
    import numpy as np

    from engine import play_game, random_config
    from engine.bots import make_player
    from engine.league import GameWatch

    rng = np.random.default_rng(5)
    config = random_config(4, rng)
    bots = [make_player("greedy", np.random.default_rng([5, s])) for s in range(4)]
    watch = GameWatch(4)
    play_game(config, bots, rng, on_step=watch)
    assert watch.battles == 4


def test_selfplay_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "selfplay",
        "--players",
        "2",
        "--seed",
        "3",
        "--bots",
        "random",
        "--species",
        "planta,mechanema",
        "--json",
    )
    data = json.loads(out)
    assert status == 0 and data["bots"] == "random"
    assert [p["species"] for p in data["players"]] == ["planta", "mechanema"]
    for p in data["players"]:
        assert p["score"] == sum(p["breakdown"].values()) or p["eliminated"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "2", "--species", "planta"], "names 1 species for 2 players"),
        (["--players", "2", "--species", "planta,terran_union"], "two sides of one"),
    ],
)
def test_selfplay_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, out, err = run(capsys, "selfplay", *argv)
    assert status == 2 and out == "" and message in err


def test_selfplay_with_the_new_dangers_modules(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys,
        "selfplay",
        *("--players", "4", "--seed", "5", "--modules", "all", "--bots", "greedy", "--json"),
    )
    data = json.loads(out)
    assert status == 0 and err == ""
    assert data["modules"] == [
        "pulsar",
        "black_hole",
        "supernova",
        "nebula",
        "minor_species",
        "rift_cannon",
    ]
    events = data["events"]
    for name in (
        "pulsar_activations",
        "black_hole_trips",
        "supernova_explosions",
        "nebula_discoveries",
        "minor_species_relations",
        "rift_dice_rolled",
    ):
        assert name in events and events[name] >= 0
    # Seed 5: the bots buy Minor Species, activate Pulsars, blow up a Supernova, fire rifts.
    assert events["minor_species_relations"] > 0 and events["rift_dice_rolled"] > 0
    assert events["pulsar_activations"] > 0 and events["supernova_explosions"] > 0
    for p in data["players"]:
        assert p["score"] == sum(p["breakdown"].values()) or p["eliminated"]
    status, text, _ = run(
        capsys, "selfplay", "--players", "2", "--modules", "pulsar,nebula", "--bots", "greedy"
    )
    assert status == 0 and "Modules: pulsar, nebula." in text and "pulsar activations" in text
    status, plain, _ = run(capsys, "selfplay", "--players", "2", "--seed", "3", "--json")
    assert json.loads(plain)["modules"] == [] and "Modules" not in run(capsys, "selfplay")[1]


def test_selfplay_refuses_an_unknown_module(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "selfplay", "--modules", "pulsar,wormholes")
    assert status == 2 and out == ""
    assert "unknown module 'wormholes'" in err and "rift_cannon" in err
