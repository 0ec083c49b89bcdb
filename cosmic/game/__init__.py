"""The Cosmic Encounter forum variant as a whole game: state, rules, records, bots.

``cosmic.game.state`` holds the game as frozen data, ``cosmic.game.rules`` the interface
(``legal_actions``, ``apply``, ``chance_outcomes``, ``to_act``) with the rulings where the seed
is silent, ``cosmic.game.resolution`` the bridge to the challenge rules of ``cosmic.encounter``
(one rules core for the odds and the game), ``cosmic.game.actions`` every action's text form,
``cosmic.game.record`` the game record and its replay, ``cosmic.game.bots`` and
``cosmic.game.odds_bot`` the bots, ``cosmic.game.play`` the driver, ``cosmic.game.view`` what
a seat may see (``PlayerView``, all a bot is given) and its challenge as the odds module sees it,
``cosmic.game.edicts`` when each edict may be played and what it does, ``cosmic.game.deals``
deals and their negotiation, ``cosmic.game.invariants`` what holds after every step.
"""

from cosmic.game.actions import Action, parse_action
from cosmic.game.bots import Bot, RandomBot
from cosmic.game.errors import (
    EntryError,
    GameError,
    IllegalActionError,
    RecordError,
    TurnCapError,
)
from cosmic.game.odds_bot import OddsBot
from cosmic.game.play import play_from, play_game, random_config, sample_chance
from cosmic.game.record import (
    GameRecord,
    Recorder,
    Replay,
    load_record,
    loads_record,
    record_text,
    replay,
    replay_file,
    save_record,
    state_hash,
)
from cosmic.game.rules import apply, chance_outcomes, legal_actions, to_act
from cosmic.game.setup import new_game
from cosmic.game.state import GameConfig, GameState, Step
from cosmic.game.summary import summary
from cosmic.game.view import PlayerView, view_of

__all__ = [
    "Action",
    "Bot",
    "EntryError",
    "GameConfig",
    "GameError",
    "GameRecord",
    "GameState",
    "IllegalActionError",
    "OddsBot",
    "PlayerView",
    "RandomBot",
    "RecordError",
    "Recorder",
    "Replay",
    "Step",
    "TurnCapError",
    "apply",
    "chance_outcomes",
    "legal_actions",
    "load_record",
    "loads_record",
    "new_game",
    "parse_action",
    "play_from",
    "play_game",
    "random_config",
    "record_text",
    "replay",
    "replay_file",
    "sample_chance",
    "save_record",
    "state_hash",
    "summary",
    "to_act",
    "view_of",
]
