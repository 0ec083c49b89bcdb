"""A game's result in a few numbers: the JSON of ``fleetlab cosmic-play`` and ``cosmic-replay``.

>>> from cosmic.powers import Power
>>> from cosmic.game.setup import new_game
>>> s = summary(new_game(GameConfig((Power.VIRUS, Power.ZOMBIE, Power.LASER))))
>>> s["over"], s["powers"], s["bases"][0]
(False, ['virus', 'zombie', 'laser'], {'seat': 0, 'home': 5, 'foreign': 0})
"""

from __future__ import annotations

from typing import Any

from cosmic.game.state import BASES_TO_WIN, GameConfig, GameState  # noqa: F401  (GameConfig: doctest)


def summary(state: GameState) -> dict[str, Any]:
    """``winners`` (seats), ``ended_by`` (the rule that ended the game, see ``ended_by``),
    ``turns``, ``challenges``, ``powers`` (by seat), ``bases`` (home and foreign bases per
    player), whether the game is ``over`` and each player's ``warp``, ``removed`` and ``out``."""
    return {
        "over": state.is_over,
        "winners": list(state.winners),
        "ended_by": ended_by(state),
        "turns": state.turn,
        "challenges": state.challenges,
        "powers": [p.value for p in state.config.powers],
        "bases": [
            {"seat": s, "home": state.home_bases(s), "foreign": state.foreign_bases(s)}
            for s in range(state.players)
        ],
        "warp": list(state.warp),
        "removed": list(state.removed),
        "out": [s for s in range(state.players) if state.out[s]],
    }


def ended_by(state: GameState) -> str | None:
    """The rule that ended the game: ``five_foreign_bases`` (every winner has five foreign
    bases: the seed's "a player has managed to gain 5 foreign colonies"; several may win at
    once), ``last_in_play`` (the others no longer play, after a Void), ``turn_cap`` (a record of
    editions 1 and 2 that stopped at its ``max_turns``); None while the game goes on."""
    if not state.is_over:
        return None
    if state.winners and all(state.foreign_bases(s) >= BASES_TO_WIN for s in state.winners):
        return "five_foreign_bases"
    if state.winners:
        return "last_in_play"
    return "turn_cap"
