"""The New Dangers modules at setup, in records and snapshots, and what a game counts."""

from __future__ import annotations

import numpy as np
import pytest

from engine.actions.base import parse_action
from engine.discoveries import discovery_index
from engine.errors import SetupError
from engine.events import EVENTS, EventCounter
from engine.hexes import Hex
from engine.modules import MODULES, Module, SpecialSector, parse_modules
from engine.play import play_game, random_config
from engine.players import GreedyPlayer
from engine.record import Recorder, record_from_json, record_json, replay
from engine.rules import apply
from engine.sectors import sector_tile, special_tiles, stack_tiles
from engine.setup import new_game
from engine.snapshot import read_snapshot, snapshot, state_hash
from engine.state import GameConfig
from engine.tech_supply import initial_bag, tech_index
from tests.engine.builders import edit, sector, started, with_sector

SPECIES = ("terran_directorate", "planta", "hydran_progress", "orion_hegemony")


def test_modules_are_kept_sorted_and_the_rift_cannon_flag_agrees() -> None:
    config = GameConfig(SPECIES, modules=("nebula", Module.PULSAR, "nebula"))  # type: ignore[arg-type]
    assert config.modules == (Module.PULSAR, Module.NEBULA) and not config.rift_cannon
    assert GameConfig(SPECIES, rift_cannon=True).modules == (Module.RIFT_CANNON,)
    assert GameConfig(SPECIES, modules=(Module.RIFT_CANNON,)).rift_cannon
    assert GameConfig(SPECIES, modules=(Module.RIFT_CANNON,)) == GameConfig(
        SPECIES, rift_cannon=True
    )
    assert parse_modules("all") == MODULES and parse_modules("") == ()
    assert parse_modules(" Nebula , pulsar") == (Module.PULSAR, Module.NEBULA)
    with pytest.raises(SetupError, match="unknown module 'comets'; modules are: pulsar"):
        parse_modules("pulsar,comets")


def test_special_sectors_are_shuffled_into_their_rings_before_the_stacks_are_formed() -> None:
    plain = new_game(GameConfig(SPECIES))
    full = new_game(GameConfig(SPECIES, modules=MODULES))
    inner, middle, outer = full.stacks
    assert inner == plain.stacks[0]
    assert middle.size == plain.stacks[1].size + 1 and 295 in middle.pool  # every II hex is used
    assert outer.size == plain.stacks[2].size == 14  # the number of ring III sectors is unchanged
    assert set(outer.pool) - set(plain.stacks[2].pool) == {393, 394, 395, 397, 398}
    assert not set(special_tiles(SpecialSector.BLACK_HOLE)) & set(outer.pool)  # drawn at setup
    assert set(stack_tiles(3, modules=MODULES)) >= set(outer.pool)
    one = new_game(GameConfig(SPECIES, modules=(Module.SUPERNOVA,)))
    assert set(one.stacks[2].pool) - set(plain.stacks[2].pool) == {397, 398}


def test_one_black_hole_per_game_drawn_at_setup() -> None:
    for hole in (396, 399):
        s = started("terran_directorate", "planta", modules=(Module.BLACK_HOLE,), black_hole=hole)
        holes = {t for t in s.stacks[2].pool if sector_tile(t).special is SpecialSector.BLACK_HOLE}
        assert holes == {hole}


def test_the_rift_cannon_module_adds_its_tech_and_discovery_tile() -> None:
    plain = new_game(GameConfig(SPECIES))
    rift = new_game(GameConfig(SPECIES, modules=(Module.RIFT_CANNON,)))
    assert (
        rift.tech_bag[tech_index("rift_cannon")]
        == 1
        == initial_bag(True)[tech_index("rift_cannon")]
    )
    assert plain.tech_bag[tech_index("rift_cannon")] == 0
    conductor = discovery_index("rift_conductor")
    assert rift.discovery_bag[conductor] == 1 and plain.discovery_bag[conductor] == 0
    assert sum(rift.discovery_bag) == sum(plain.discovery_bag) + 1


def test_base_game_positions_read_and_hash_as_before() -> None:
    """Module fields are written only when used: a base game's JSON has none of them."""
    s = started("terran_directorate", "planta")
    text = str(snapshot(s))
    for key in ("modules", "voyages", "minor_supply", "pulsar", "exploded", "minor_species"):
        assert f"'{key}'" not in text, key
    full = started("terran_directorate", "planta", modules=MODULES)
    data = snapshot(full)
    assert data["state"]["config"]["modules"] == [m.value for m in MODULES]
    assert read_snapshot(data) == full and state_hash(read_snapshot(data)) == state_hash(full)


def test_a_game_with_every_module_replays_from_its_record_with_every_hash() -> None:
    rng = np.random.default_rng(11)
    config = GameConfig(random_config(3, rng).species, modules=MODULES)
    recorder = Recorder(config, ("greedy",) * 3)
    counter = EventCounter()

    def on_step(before, action, after):  # type: ignore[no-untyped-def]
        recorder(before, action, after)
        counter(before, action, after)

    bots = [GreedyPlayer(np.random.default_rng([11, i])) for i in range(3)]
    final = play_game(config, bots, rng, on_step=on_step)
    record = record_from_json(record_json(recorder.record()))
    assert record.config.modules == MODULES
    result = replay(record)
    assert result.ok and result.state == final and result.checkpoints == 9
    assert sorted(counter.counts) == sorted(EVENTS)
    assert counter.counts["minor_species_relations"] > 0


def test_events_are_counted_from_the_steps() -> None:
    s = started(
        "terran_directorate",
        "planta",
        modules=MODULES,
        minor=["three_vp", "population_cube", "cruiser_discount", "orbital_discount"],
    )
    s = with_sector(s, sector(Hex(0, -3), 393, rotation=0, owner=0))  # a Pulsar, north
    s = with_sector(s, sector(Hex(1, -3), 396, rotation=0, discovery=False))  # a Black Hole
    s = edit(s, 0, money=20, discs_track=s.players[0].discs_track - 1)
    counter = EventCounter()
    for text in (
        "minor_species three_vp",
        "pulsar (0,-3) build",
        "end",
        "pass",  # Planta
        "action move",
        "move interceptor (0,-2) (1,-3)",  # into the Black Hole
        "roll yellow 4",
    ):
        action = parse_action(text)
        after = apply(s, action)
        counter(s, action, after)
        s = after
    counts = counter.counts
    assert counts["minor_species_relations"] == 1 and counts["pulsar_activations"] == 1
    assert counts["black_hole_trips"] == 1 and counts["black_hole_returns"] == 0
    assert sum(counts.values()) == 3
