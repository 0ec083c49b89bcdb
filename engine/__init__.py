"""The whole-game rules engine of Eclipse: Second Dawn.

State is data (``GameState``); ``legal_actions(state)`` lists every legal answer to the pending
decision and ``apply(state, action)`` plays one. Chance events (hexes drawn, discovery tiles
revealed, tech and reputation tiles drawn, dice rolled) are decisions of ``CHANCE`` whose
outcomes and odds ``chance_outcomes`` gives. The combat phase (``engine.combat``) fights battles
with calc's dice, hit and targeting rules; ``engine.battle_view.sector_odds`` gives the odds of a
sector's combat from any state.

A game is its ``GameConfig`` plus the text of every action in order, chance outcomes included
(``str(action)`` / ``parse_action``); replaying them from ``new_game(config)`` gives the same
states, with no seed. ``engine.record`` keeps them in a versioned JSON game record with state
hashes at round boundaries; ``engine.snapshot`` writes and reads one position. Hexes are axial
``(q, r)`` with edges 0-5 clockwise from north and tile rotations clockwise (``engine.hexes``
gives the mapping from AsyncEclipse positions and orientations). States compare and hash by value.

>>> import numpy as np
>>> rng = np.random.default_rng(7)
>>> final = play_game(random_config(3, rng), [GreedyPlayer(rng) for _ in range(3)], rng)
>>> final.is_over, final.round
(True, 8)
"""

from engine.actions.base import Action, parse_action
from engine.discoveries import DiscoveryModule
from engine.enums import RewardPlacement
from engine.errors import (
    ActionParseError,
    EngineError,
    IllegalActionError,
    RecordError,
    SetupError,
)
from engine.hexes import Hex
from engine.play import play_from, play_game, random_config, sample_chance
from engine.players import GreedyPlayer, RandomPlayer
from engine.rules import apply, chance_outcomes, legal_actions
from engine.scoring import final_scores, score, winners
from engine.setup import new_game
from engine.state import CHANCE, GameConfig, GameState

__all__ = [
    "CHANCE",
    "Action",
    "ActionParseError",
    "DiscoveryModule",
    "EngineError",
    "GameConfig",
    "GameState",
    "GreedyPlayer",
    "Hex",
    "IllegalActionError",
    "RandomPlayer",
    "RecordError",
    "RewardPlacement",
    "SetupError",
    "apply",
    "chance_outcomes",
    "final_scores",
    "legal_actions",
    "new_game",
    "parse_action",
    "play_from",
    "play_game",
    "random_config",
    "sample_chance",
    "score",
    "winners",
]
