"""The conformance harness: random games, every invariant checked at every step.

``make test`` plays 120 games: 50 plain ones (10 for each player count from 2 to 6), 50
skirmishes (10 per count) and 20 New Dangers games (4 per count); ``make fuzz`` plays the whole
sweep of 350 described below (``tests.support.sized``).

The sweep: 200 plain games, 40 for each player count from 2 to 6, different seeds and species; a
tenth of the random players' disc-spending decisions ignore the upkeep guard, so games also reach
trading, abandoning and elimination, and a tenth of their choices are warlike (builds and moves,
into contested sectors when they can), so they meet and fight. 100 skirmishes: 20 per player
count, where every player starts round 1 with extra warships at home and in the next player's
home sector, so every game is full of battles, retreats, reputation draws and attacks on
population. Larger runs: ``python benchmarks/engine_games.py --check``.

New Dangers: 50 more games with every module on (10 per player count, half of them skirmishes
with a rift-armed cruiser), where a share of sector draws comes up special and the random players
are drawn to Black Holes and Nebulae, so that every module acts; the harness checks its
invariants too (one disc per Pulsar on one space, no ship on a Black Hole sector, an exploded
Supernova without wormholes, Nebula parts in threes without discs, ships in a hole conserved).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from blueprints import ShipClass
from engine.actions.turn import Pass
from engine.enums import ActionKind, Resource
from engine.events import EVENTS
from engine.hexes import Hex
from engine.modules import MODULES
from engine.rules import legal_actions
from engine.state import GameState, SectorState, Voyage
from tests.engine.builders import sector, started, with_sector
from tests.engine.harness import (
    GameReport,
    InvariantError,
    check_invariants,
    check_step,
    play_checked,
)
from tests.support import FUZZ, sized

GAMES_PER_COUNT = sized(10, 40)
SKIRMISHES_PER_COUNT = sized(10, 20)
BATCH = 10


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("batch", range(GAMES_PER_COUNT // BATCH))
def test_random_games_keep_every_invariant(players: int, batch: int) -> None:
    verbs: Counter[str] = Counter()
    for seed in range(batch * BATCH, (batch + 1) * BATCH):
        report = play_checked(players, 1000 * players + seed, reckless=0.1, aggression=0.1)
        final = report.final
        assert final is not None and final.is_over
        # The game runs to round 8 unless every player was eliminated before.
        assert final.round == 8 or all(p.eliminated for p in final.players)
        assert report.probes > 0
        verbs.update(report.kinds)
    # The games really play the game: every kind of action shows up.
    for verb in ("explore", "place", "research", "place_part", "build", "move", "influence"):
        assert verbs[verb] > 0, verb
    assert verbs["pay_upkeep"] > 0 and verbs["colonize"] > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("batch", range(SKIRMISHES_PER_COUNT // BATCH))
def test_skirmishes_keep_every_invariant(players: int, batch: int) -> None:
    decisions: Counter[str] = Counter()
    battles = 0
    for seed in range(batch * BATCH, (batch + 1) * BATCH):
        report = play_checked(
            players, 5000 * players + seed, reckless=0.1, aggression=0.2, skirmish=True
        )
        assert report.final is not None and report.final.is_over
        decisions.update(report.decisions)
        battles += report.battle_sectors
    assert battles >= BATCH  # every game starts with battles
    for kind in ("VolleyRoll", "AssignHits", "BattleReputationDraw", "ReputationKeep"):
        assert decisions[kind] > 0, kind
    assert decisions["PopulationRoll"] + decisions["GraveyardChoice"] > 0


def test_the_harness_catches_broken_states() -> None:
    s = started("terran_directorate", "planta")
    check_invariants(s)
    lost_cube = s.with_player(replace(s.players[0], tracks=(9, 10, 10)))
    with pytest.raises(InvariantError, match="32 cubes"):
        check_invariants(lost_cube)
    broke = s.with_player(s.players[0].with_resource(Resource.MONEY, 0))
    broke = s.with_player(replace(broke.players[0], money=-1))
    with pytest.raises(InvariantError, match="-1 money"):
        check_invariants(broke)
    extra_disc = s.with_player(replace(s.players[1], discs_spare=4))
    with pytest.raises(InvariantError, match="17 discs"):
        check_invariants(extra_disc)
    stolen_tile = replace(s, tech_tray=(s.tech_tray[0] + 1, *s.tech_tray[1:]))
    with pytest.raises(InvariantError, match="tech 'neutron_bombs'"):
        check_invariants(stolen_tile)
    lost_tile = replace(s, reputation_bag=(11, 10, 7, 3))
    with pytest.raises(InvariantError, match="31 reputation tiles"):
        check_invariants(lost_tile)
    home = next(x for x in s.sectors if x.owner == 0)
    damaged = s.with_sector(replace(home, damage=((0, ShipClass.INTERCEPTOR, (1,)),)))
    with pytest.raises(InvariantError, match="outside the combat phase"):
        check_invariants(damaged)
    assert legal_actions(s)


def test_the_harness_catches_broken_steps() -> None:
    s = started("terran_directorate", "planta")
    home = next(x for x in s.sectors if x.owner == 0)
    gone = s.with_sector(replace(home, ships=(), arrivals=()))
    with pytest.raises(InvariantError, match="ships of seat 0 left"):
        check_step(s, Pass(), gone)
    taken = s.with_sector(replace(home, owner=1))
    with pytest.raises(InvariantError, match="control of"):
        check_step(s, Pass(), taken)
    richer = s.with_player(replace(s.players[0], reputation=(4,)))
    with pytest.raises(InvariantError, match="reputation"):
        check_step(s, Pass(), richer)
    check_step(s, Pass(), s)


def test_every_player_count_sees_diplomacy_and_eliminations() -> None:
    seen: Counter[str] = Counter()
    eliminated = 0
    # Seeds 89-100: twelve games over 4-6 players, among which diplomacy and eliminations occur
    # (diplomacy is rare among random players: it needs a wormhole between two players' sectors).
    for seed in range(12, 24):
        report = play_checked(4 + seed % 3, 77 + seed, reckless=0.3)
        seen.update(report.kinds)
        eliminated += report.eliminated
    assert seen["propose"] > 0 and seen["accept"] > 0
    assert eliminated > 0


MODULE_GAMES_PER_COUNT = sized(4, 10)


def module_game(players: int, seed: int) -> GameReport:
    """A harness game with every New Dangers module; odd seeds are skirmishes."""
    return play_checked(
        players,
        7000 * players + seed,
        reckless=0.1,
        aggression=0.2,
        skirmish=seed % 2 == 1,
        modules=MODULES,
        special_bias=0.6,
        curiosity=0.4,
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_new_dangers_games_keep_every_invariant(players: int) -> None:
    events: Counter[str] = Counter()
    for seed in range(MODULE_GAMES_PER_COUNT):
        report = module_game(players, seed)
        final = report.final
        assert final is not None and final.is_over
        assert final.round == 8 or all(p.eliminated for p in final.players)
        events.update(report.events)
    # The modules act at every count; that each of them acts is the next test's check.
    assert events["rift_dice_rolled"] > 0  # the skirmishes' rift-armed cruisers
    assert sum(events[e] for e in EVENTS if e != "rift_dice_rolled") > 0
    if FUZZ:  # frequent enough in ten games per count to hold at every count
        assert events["minor_species_relations"] > 0 and events["supernova_rolls"] > 0


def test_new_dangers_games_show_every_event() -> None:
    """Across player counts the module games meet every module (seeds fixed, so this is a
    check that nothing is out of reach, not a claim about frequencies)."""
    events: Counter[str] = Counter()
    for players in (3, 4, 5):
        for seed in range(4):
            events.update(module_game(players, seed).events)
    missing = [e for e in EVENTS if not events[e]]
    assert not missing, missing


def _put(state: GameState, new: SectorState) -> GameState:
    """Place a ring III hex by hand, taking it out of the stack as exploring would."""
    outer = state.stacks[2]
    if new.tile in outer.pool:
        pool = tuple(t for t in outer.pool if t != new.tile)
        state = replace(
            state, stacks=(*state.stacks[:2], replace(outer, pool=pool, size=outer.size - 1))
        )
    return with_sector(state, new)


def test_the_harness_catches_broken_new_dangers_states() -> None:
    s = started("terran_directorate", "planta", modules=MODULES, black_hole=396)
    check_invariants(s)
    pulsar = _put(s, sector(Hex(0, -3), 393, rotation=0))
    check_invariants(pulsar)
    lonely = pulsar.with_sector(replace(pulsar.sector(Hex(0, -3)), pulsar_used=True))  # type: ignore[arg-type]
    check_invariants(lonely)  # used and uncontrolled is fine
    bad = replace(pulsar.sectors[-1], owner=0)
    bad = replace(bad, pulsar=ActionKind.EXPLORE)
    with pytest.raises(InvariantError, match="disc on the explore space"):
        check_invariants(pulsar.with_sector(bad))
    holed = _put(s, sector(Hex(0, -3), 396, ships=[(0, "interceptor", 1)]))
    with pytest.raises(InvariantError, match=r"black hole \(0,-3\) holds ships"):
        check_invariants(holed)
    blown = _put(s, sector(Hex(0, -3), 397, rotation=0, exploded=True, owner=0))
    with pytest.raises(InvariantError, match="exploded supernova"):
        check_invariants(blown)
    half = _put(s, sector(Hex(0, -3, 1), 395, ancients=1))
    with pytest.raises(InvariantError, match="has no part 2"):
        check_invariants(half)
    away = replace(s, voyages=(Voyage(0, ShipClass.INTERCEPTOR, 1, Hex(0, 0)),))
    with pytest.raises(InvariantError, match="no black hole"):
        check_invariants(away)
    late = _put(s, sector(Hex(0, -3), 396))
    late = replace(late, voyages=(Voyage(0, ShipClass.INTERCEPTOR, 1, Hex(0, -3)),), round=2)
    with pytest.raises(InvariantError, match="still away"):
        check_invariants(late)
    cube = s.with_player(replace(s.players[0], minor_cube=True))
    with pytest.raises(InvariantError, match="token cube"):
        check_invariants(cube)
    # A ship that vanishes into a hole without a move is caught by the step check.
    gone = replace(_put(s, sector(Hex(0, -3), 396)), voyages=away.voyages)
    home = next(x for x in gone.sectors if x.owner == 0)
    gone = gone.with_sector(replace(home, ships=(), arrivals=()))
    with pytest.raises(InvariantError, match="left"):
        check_step(s, Pass(), gone)
