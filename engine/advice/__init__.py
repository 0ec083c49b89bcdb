"""Advice for a real position: the best next turns for a player, with their values and a reason
a player reads.

``read_position`` opens an AsyncEclipse save, a game record at a chosen action or a position
snapshot (``position``); ``choose_seat`` finds the player to advise; ``advise`` asks the search
(``engine.search.analyse``) for the best answers, makes whole turns of them (``turns``) and
says why each is good (``reasons``, with the odds of the fights it starts or changes:
``stakes``). ``fleetlab advise`` and the Game page both use these; docs/advice.md explains the
output.
"""

from engine.advice.advise import (
    DEFAULT_THINK_MS,
    MAX_ACTIONS,
    MAX_THINK_MS,
    Advice,
    AdvisedAction,
    advise,
    check_budget,
)
from engine.advice.position import Position, Seat, choose_seat, from_import, playable, read_position

__all__ = [
    "DEFAULT_THINK_MS",
    "MAX_ACTIONS",
    "MAX_THINK_MS",
    "Advice",
    "AdvisedAction",
    "Position",
    "Seat",
    "advise",
    "check_budget",
    "choose_seat",
    "from_import",
    "playable",
    "read_position",
]
