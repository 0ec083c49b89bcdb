"""The planner plays the New Dangers modules: hand-built states for each, and whole games.

Each test fails if the planner ignores the module: a Pulsar activation that pays is taken
(before any action: it costs no disc), a ship due back from a Black Hole comes back before the
turn's action (else it is lost), a Black Hole still holding its tile is dived into when nothing
better is at hand, a Minor Species token is bought from money to spare and not from the money
of the upkeep, the fullest track is researched while a controlled Supernova may explode, ships
leave a Supernova at risk, and a Nebula part is worth its tile. The closed forms of the
Supernova's odds are counted by hand from the dice (faces 1 to 6 count 0, 2, 3, 4, 5, 0).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from blueprints import ShipClass, TechCategory
from engine.actions.base import Action
from engine.actions.colony import Colonize
from engine.actions.minor_species import AllyMinorSpecies
from engine.actions.move import MoveShip
from engine.actions.pulsar import ActivatePulsar
from engine.actions.trade import Trade
from engine.actions.turn import EndAction
from engine.decisions import TurnStart
from engine.enums import ActionKind
from engine.hexes import Hex
from engine.modules import MODULES, MinorSpecies, Module
from engine.planner import PlannerPlayer
from engine.planner.modules import dive_loss, supernova_survival, token_value
from engine.planner.valuation import DISCOVERY_VP, Plan, research_gain
from engine.planner.war import conquest_gain
from engine.players import Player
from engine.rules import legal_actions
from engine.state import GameState, SectorState
from tests.engine.builders import answers, do, edit, sector, started, with_sector
from tests.engine.harness import play_checked
from tests.support import FUZZ

HOME = Hex(0, -2)  # the Terran Directorate's home at two players: wormholes N, NE, S and SW
NORTH = Hex(0, -3)  # ring III, north of it
INNER = Hex(0, -1)  # ring I, south of it


def at(state: GameState, where: Hex) -> SectorState:
    found = state.sector(where)
    assert found is not None
    return found


def bot() -> PlannerPlayer:
    return PlannerPlayer(np.random.default_rng(0))


def turn_choice(player: PlannerPlayer, state: GameState) -> tuple[Action, GameState]:
    """The planner's choice for its turn after the free actions it makes first (trades, colony
    ships), and the state it chose in."""
    while True:
        choice = player.choose(state, legal_actions(state))
        if not isinstance(choice, Trade | Colonize):
            return choice, state
        state = do(state, str(choice))


# ----- Supernova ---------------------------------------------------------------------------


def with_supernova(round_number: int, military_techs: int) -> GameState:
    """Betelgeuse (397) north of the Terran home, controlled by seat 0 in ``round_number``,
    with ``military_techs`` techs on its military track (its fullest)."""
    s = started("terran_directorate", "planta", modules=(Module.SUPERNOVA,))
    s = with_sector(s, sector(NORTH, 397, rotation=0, owner=0))
    player = s.players[0]
    techs = ("neutron_bombs", "starbase", "plasma_cannon", "phase_shield")[:military_techs]
    s = edit(s, 0, techs=(techs, (), ()), discs_track=player.discs_track - 1)
    return replace(s, round=round_number)


def test_supernova_survival_by_hand() -> None:
    # Round 8, 3 techs: it holds when the dice show 5 or more. Pairs of faces (36): a 0 (two
    # faces) needs the 5 (2 pairs); a 2 needs 3, 4 or 5 (3); a 3 or a 4 needs 2 to 5 (4 each);
    # a 5 holds with anything (6): 19 of 36.
    assert supernova_survival(with_supernova(8, 3), 0, 397) == pytest.approx(19 / 36)
    # Round 7 with 3 techs: the dice need 4 or more in round 7 (a 0 with 4 or 5: 4 pairs; a 2
    # or a 3 with 2 to 5: 4 each; a 4 or a 5 with anything: 6 each; 24 of 36), then 19 of 36 in
    # round 8; the mean of the chances it is still there at each upkeep.
    seven = 24 / 36
    assert supernova_survival(with_supernova(7, 3), 0, 397) == pytest.approx(
        (seven + seven * 19 / 36) / 2
    )
    # Round 2 with no techs needs 2 or more: only two zeros fail (4 pairs of 36).
    assert supernova_survival(with_supernova(2, 0), 0, 397) < 1.0
    assert supernova_survival(with_supernova(8, 0), 0, 102) == 1.0  # not a Supernova


def test_the_planner_steadies_a_supernova_by_its_fullest_track() -> None:
    s = with_supernova(6, 2)  # the military track is the fullest
    fullest = research_gain(s, 0, "tachyon_source", TechCategory.MILITARY, Plan.ECONOMY)
    plain = research_gain(
        replace(s, sectors=tuple(x for x in s.sectors if x.hex != NORTH)),
        0,
        "tachyon_source",
        TechCategory.MILITARY,
        Plan.ECONOMY,
    )
    assert fullest > plain  # the tech also steadies the Supernova
    other = research_gain(s, 0, "nanorobots", TechCategory.NANO, Plan.ECONOMY)
    alone = research_gain(
        replace(s, sectors=tuple(x for x in s.sectors if x.hex != NORTH)),
        0,
        "nanorobots",
        TechCategory.NANO,
        Plan.ECONOMY,
    )
    assert other == pytest.approx(alone)  # another track does not


def test_the_planner_takes_its_ships_out_of_a_supernova_at_risk() -> None:
    s = with_supernova(6, 0)  # round 6, no techs: it explodes unless the dice show 6 or more
    s = with_sector(s, replace(at(s, NORTH), ships=((0, ShipClass.CRUISER, 2),)))
    home = at(s, HOME)
    s = with_sector(s, replace(home, ships=()))
    s = do(s, "action move")
    choice = bot().choose(s, legal_actions(s))
    while isinstance(choice, Colonize):  # its colony ships first (free)
        s = do(s, str(choice))
        choice = bot().choose(s, legal_actions(s))
    assert isinstance(choice, MoveShip) and choice.origin == NORTH


# ----- Pulsar ------------------------------------------------------------------------------


def test_the_planner_activates_a_pulsar_for_an_activation_that_pays() -> None:
    # Geminga north of the home, its disc on the Upgrade space: Move and Build are offered.
    # Four cruisers at home next to one Ancient: one Move activation is an attack worth making
    # only with them all, but the Build space buys a ship for it without a disc.
    s = started("terran_directorate", "planta", modules=(Module.PULSAR,))
    s = with_sector(s, sector(NORTH, 393, rotation=0, owner=0, pulsar=ActionKind.UPGRADE))
    s = edit(s, 0, discs_track=s.players[0].discs_track - 1)
    s = with_sector(s, sector(INNER, 101, rotation=1, ships=((0, ShipClass.CRUISER, 4),)))
    player = bot()
    offered = [a for a in legal_actions(s) if isinstance(a, ActivatePulsar)]
    assert {a.kind for a in offered} == {ActionKind.MOVE, ActionKind.BUILD}
    choice, s = turn_choice(player, s)
    assert isinstance(choice, ActivatePulsar), choice
    discs = s.players[0].discs_track
    s = do(s, str(choice))
    assert s.players[0].discs_track == discs  # no disc for a Pulsar activation
    follow = player.choose(s, legal_actions(s))
    assert not isinstance(follow, EndAction)  # it takes the activation it came for


# ----- Black Hole --------------------------------------------------------------------------


def with_hole(discovery: bool = True) -> GameState:
    """Cygnus X-1 north of the Terran home, turned to connect (as in test_black_hole)."""
    s = started("terran_directorate", "planta", modules=(Module.BLACK_HOLE,), black_hole=396)
    s = with_sector(s, sector(NORTH, 396, rotation=1, discovery=discovery))
    return with_sector(s, sector(INNER, 102, rotation=0))


def test_dive_loss_by_the_yellow_die() -> None:
    s = with_hole()
    dive = MoveShip(ShipClass.INTERCEPTOR, HOME, NORTH)
    # An interceptor without hull dies of the 1 damage of faces 1 and 6; faces 2 to 5 bring it
    # back a round or two later, in time while round 8 is still to come.
    assert dive_loss(s, 0, dive) == pytest.approx(2 / 6)
    assert dive_loss(replace(s, round=7), 0, dive) == pytest.approx(4 / 6)  # 4, 5: round 9
    assert dive_loss(replace(s, round=8), 0, dive) == pytest.approx(1.0)


def test_the_planner_dives_for_the_tile_of_a_black_hole() -> None:
    s = do(with_hole(), "action move")
    choice = bot().choose(s, legal_actions(s))
    assert isinstance(choice, MoveShip) and choice.target == NORTH
    assert choice.ship_class is ShipClass.INTERCEPTOR  # the cheapest ship goes
    empty = do(with_hole(discovery=False), "action move")  # no tile left: no trip
    again = bot().choose(empty, legal_actions(empty))
    assert not (isinstance(again, MoveShip) and again.target == NORTH)


def test_the_planner_brings_its_ship_back_before_acting() -> None:
    s = do(with_hole(discovery=False), "action move", "move interceptor (0,-2) (0,-3)")
    s = do(s, "roll yellow 2", "end")
    s = replace(s, round=2, pending=(TurnStart(0),), turn=0)
    assert "return_ship interceptor (0,-1)" in answers(s)
    choice = bot().choose(s, legal_actions(s))
    assert str(choice).startswith("return_ship interceptor")


# ----- Minor Species -----------------------------------------------------------------------


def with_minor(money: int, round_number: int = 5) -> GameState:
    s = started(
        "terran_directorate",
        "planta",
        modules=(Module.MINOR_SPECIES,),
        minor=("three_vp", "cruiser_discount", "research_discount", "reputation_vp"),
    )
    return replace(edit(s, 0, money=money), round=round_number)


def test_the_planner_buys_a_minor_species_token_with_money_to_spare() -> None:
    s = with_minor(30)
    choice, _ = turn_choice(bot(), s)
    assert isinstance(choice, AllyMinorSpecies), choice
    assert token_value(s, 0, choice.species) > 0


def test_the_planner_keeps_the_money_of_its_upkeep() -> None:
    s = with_minor(0)  # nothing to spare beyond the upkeep
    assert any(isinstance(a, AllyMinorSpecies) for a in legal_actions(edit(s, 0, money=9)))
    choice, _ = turn_choice(bot(), edit(s, 0, money=4))
    assert not isinstance(choice, AllyMinorSpecies)


def test_token_values() -> None:
    s = with_minor(30, round_number=8)
    assert token_value(s, 0, MinorSpecies.THREE_VP) == 3.0
    assert token_value(s, 0, MinorSpecies.REPUTATION_VP) == float(len(s.players[0].reputation) + 1)


# ----- Nebula ------------------------------------------------------------------------------


def test_a_nebula_part_is_worth_its_discovery_tile() -> None:
    s = started("terran_directorate", "planta", modules=(Module.NEBULA,))
    part = sector(Hex(0, -3, 1), 395, discovery=True)
    assert conquest_gain(s, 0, part) == DISCOVERY_VP
    assert conquest_gain(s, 0, replace(part, discovery=False)) == 0.0


# ----- whole games -------------------------------------------------------------------------


def planner(seat: int, rng: np.random.Generator) -> Player:
    return PlannerPlayer(rng)


# make test: one 3-player skirmish that meets Black Holes, Pulsars, Minor Species, a Supernova
# and rift dice (3.9 CPU s); make fuzz adds 4-player games, a peaceful one among them.
GAMES = ((3, 3),) if not FUZZ else ((3, 3), (4, 1), (4, 2), (5, 3), (6, 4))


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_planner_games_with_every_module_keep_every_invariant(players: int, seed: int) -> None:
    """The conformance harness with planner seats and every module (special sectors drawn
    often); an odd seed is a skirmish (battles from round 1, rift-armed cruisers)."""
    report = play_checked(
        players,
        9100 + seed,
        modules=MODULES,
        special_bias=0.6,
        skirmish=seed % 2 == 1,
        bot=planner,
    )
    assert report.final is not None and report.final.is_over
    assert sum(report.events.values()) > 0  # the planner met the modules
