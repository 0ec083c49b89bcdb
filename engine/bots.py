"""The bots by name, for self-play and the league: ``planner``, ``search``, ``greedy`` and
``random``.

``seat_bots("planner", 4)`` gives every seat the same bot; ``seat_bots("planner,greedy,greedy,
greedy", 4)`` one bot per seat. ``make_player(name, rng)`` builds one; each seat gets its own
generator (``np.random.default_rng([seed, seat])`` in self-play and the league), so a game is
reproduced by its seed. ``think_ms`` is the search bot's thinking time per searched decision
(``engine.search.budget``: a work budget, so the game is the same on any machine); the other
bots do not think longer for it.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from engine.errors import EngineError
from engine.planner import PlannerPlayer
from engine.players import GreedyPlayer, Player, RandomPlayer
from engine.search import DEFAULT_THINK_MS, SearchPlayer

BOTS: dict[str, Callable[[np.random.Generator, int], Player]] = {
    "planner": lambda rng, think_ms: PlannerPlayer(rng),
    "search": lambda rng, think_ms: SearchPlayer(rng, think_ms),
    "greedy": lambda rng, think_ms: GreedyPlayer(rng),
    "random": lambda rng, think_ms: RandomPlayer(rng),
}
"""Every bot by name: a factory of ``(generator, think_ms)``."""


class BotError(EngineError):
    """An unknown bot name, or a seat list that does not fit the player count."""


def make_player(name: str, rng: np.random.Generator, think_ms: int = DEFAULT_THINK_MS) -> Player:
    """A new bot of that name with its own generator (and, for the search bot, its thinking
    time per searched decision)."""
    factory = BOTS.get(name)
    if factory is None:
        raise BotError(f"unknown bot {name[:40]!r}; bots are: {', '.join(BOTS)}")
    if isinstance(think_ms, bool) or not isinstance(think_ms, int) or think_ms < 0:
        raise BotError(f"think_ms must be a whole number of milliseconds >= 0, not {think_ms!r}")
    return factory(rng, think_ms)


def seat_bots(text: str, players: int) -> tuple[str, ...]:
    """The bot of every seat from ``"name"`` (every seat) or ``"a,b,c,d"`` (one per seat).

    >>> seat_bots("planner,greedy", 2)
    ('planner', 'greedy')
    >>> seat_bots("greedy", 3)
    ('greedy', 'greedy', 'greedy')
    """
    names = tuple(t.strip() for t in text.split(",") if t.strip())
    if not names:
        raise BotError(f"no bot named in {text[:60]!r}; bots are: {', '.join(BOTS)}")
    for name in names:
        if name not in BOTS:
            raise BotError(f"unknown bot {name[:40]!r}; bots are: {', '.join(BOTS)}")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise BotError(
            f"{len(names)} bots named ({text[:60]!r}) for {players} players; name one bot "
            "for every seat, or one for all of them"
        )
    return names
