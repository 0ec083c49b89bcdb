"""A game's result in a few numbers: the JSON of ``fleetlab cosmic-play`` and ``cosmic-replay``.

>>> from cosmic.powers import Power
>>> from cosmic.game.setup import new_game
>>> s = summary(new_game(GameConfig((Power.VIRUS, Power.ZOMBIE, Power.LASER))))
>>> s["over"], s["powers"], s["bases"][0]
(False, ['virus', 'zombie', 'laser'], {'seat': 0, 'home': 5, 'foreign': 0})
"""

from __future__ import annotations

from typing import Any

from cosmic.game.state import GameConfig, GameState  # noqa: F401  (GameConfig: doctest)


def summary(state: GameState) -> dict[str, Any]:
    """``winners`` (seats), ``turns``, ``challenges``, ``powers`` (by seat), ``bases`` (home and
    foreign bases per player), whether the game is ``over`` and each player's ``warp``,
    ``removed`` and ``out``."""
    return {
        "over": state.is_over,
        "winners": list(state.winners),
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
