"""The bots: legal, they fight, and the greedy one plays better than the random one."""

from __future__ import annotations

import numpy as np

from engine.actions.move import MoveShip
from engine.hexes import Hex
from engine.play import play_game, random_config
from engine.players import GreedyPlayer, RandomPlayer, margin, peaceful
from engine.rules import legal_actions
from tests.engine.builders import do, edit, sector, started, with_sector


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
