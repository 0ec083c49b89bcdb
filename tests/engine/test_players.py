"""The bots: legal, they fight, and the greedy one plays better than the random one."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from blueprints import ShipClass
from calc.rules.assignment import rule_assignment
from engine.actions.move import MoveShip
from engine.battle import greedy_result, side_spec, side_state
from engine.decisions import AssignHits
from engine.hexes import Hex
from engine.play import play_game, random_config
from engine.players import (
    GreedyPlayer,
    RandomPlayer,
    attack_targets,
    margin,
    peaceful,
    warlike,
)
from engine.rules import legal_actions
from tests.engine.builders import do, edit, sector, started, to_combat, with_sector


def test_moves_into_contested_sectors_are_not_peaceful() -> None:
    s = started("terran_directorate", "planta")
    s = with_sector(s, sector(Hex(0, -1), 102, rotation=0, ships=[(1, "interceptor", 1)]))
    s = do(s, "action move")
    moves = [a for a in legal_actions(s) if isinstance(a, MoveShip)]
    assert moves  # legal by the rules, and offered to the bots: they fight now
    assert not any(peaceful(s, a) for a in moves if a.target == Hex(0, -1))
    centre = MoveShip(moves[0].ship_class, Hex(0, -2), Hex(0, 0))
    assert not peaceful(s, centre)


def test_random_player_guards_its_upkeep() -> None:
    s = started("terran_directorate", "planta")
    broke = edit(s, 0, money=0, science=0, materials=0, discs_track=2)
    assert margin(broke, 0, 1) < 0
    bot = RandomPlayer(np.random.default_rng(1))
    for _ in range(20):
        choice = str(bot.choose(broke, legal_actions(broke)))
        assert not choice.startswith("action")


def test_greedy_players_score_more_than_random_ones() -> None:
    greedy_total = random_total = 0
    for seed in range(4):
        rng = np.random.default_rng(seed)
        config = random_config(4, rng)
        greedy = play_game(config, [GreedyPlayer(np.random.default_rng(i)) for i in range(4)], rng)
        rng = np.random.default_rng(seed)
        config = random_config(4, rng)
        rand = play_game(config, [RandomPlayer(np.random.default_rng(i)) for i in range(4)], rng)
        assert greedy.scores is not None and rand.scores is not None
        greedy_total += sum(greedy.scores)
        random_total += sum(rand.scores)
        assert not any(p.eliminated for p in greedy.players)
    assert greedy_total > 2 * random_total


def test_games_reproduce_from_the_seed() -> None:
    def run() -> tuple[int, ...]:
        rng = np.random.default_rng(42)
        config = random_config(3, rng)
        bots = [GreedyPlayer(np.random.default_rng(i)) for i in range(3)]
        final = play_game(config, bots, rng)
        assert final.scores is not None
        return final.scores

    assert run() == run()


def test_greedy_players_attack_when_much_stronger() -> None:
    s = started("terran_directorate", "planta")
    home = Hex(0, -2)
    base = s.sector(home)
    assert base is not None
    target = Hex(0, -1)  # south of the Terran home: 101 turned to connect, one ancient
    s = with_sector(s, sector(target, 101, rotation=1, discovery=True))
    bot = GreedyPlayer(np.random.default_rng(0))
    assert str(bot.choose(s, legal_actions(s))) != "action move"  # one interceptor: too weak
    strong = with_sector(s, replace(base, ships=((0, ShipClass.CRUISER, 4),)))
    assert attack_targets(strong, 0, bot.margin) == {target}
    assert str(bot.choose(strong, legal_actions(strong))) == "action move"
    moving = do(strong, "action move")
    assert str(bot.choose(moving, legal_actions(moving))) == "move cruiser (0,-2) (0,-1)"


def test_greedy_hits_are_calcs_greedy_policy() -> None:
    s = started("terran_directorate", "planta")
    where = Hex(3, -3)
    s = with_sector(s, sector(where, 102, ships=[(1, "cruiser", 1), (1, "interceptor", 1)]))
    here = s.sector(where)
    assert here is not None
    fleet = (*here.ships, (0, ShipClass.DREADNOUGHT, 1))
    s = with_sector(s, replace(here, ships=fleet, arrivals=(1, 0)))
    s = do(to_combat(s), "roll yellow 1", "roll yellow 1", "roll yellow 6,6")
    d = s.decision
    assert isinstance(d, AssignHits)
    # calc's greedy rank is the threat: the cruiser (computer 1) threatens more than the
    # interceptor (computer 1, but the same dice): both can be destroyed; the greedy policy
    # destroys the most threatening ship it can with the least waste.
    spec = side_spec(s, s.sector(where), 1, None)  # type: ignore[arg-type]
    before = side_state(s.sector(where), 1, spec)  # type: ignore[arg-type]
    wanted = rule_assignment(before, d.hits, d.needs, spec.hulls, spec.threats)
    choice = GreedyPlayer(np.random.default_rng(0)).choose(s, legal_actions(s))
    assert str(choice) == f"assign {greedy_result(s, d)}"
    after = do(s, str(choice))
    assert side_state(after.sector(where), 1, spec) == wanted  # type: ignore[arg-type]


def test_random_players_can_be_warlike() -> None:
    s = started("terran_directorate", "planta")
    s = with_sector(s, sector(Hex(0, -1), 102, rotation=0, ships=[(1, "interceptor", 1)]))
    s = do(s, "action move")
    options = legal_actions(s)
    fights = warlike(s, options)
    assert fights and all(isinstance(a, MoveShip) and not peaceful(s, a) for a in fights)
    bot = RandomPlayer(np.random.default_rng(4), aggression=1.0)
    assert all(bot.choose(s, options) in fights for _ in range(10))
