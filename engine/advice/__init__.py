"""Advice for a real position: the best next turns for a player, with their values and a reason
a player reads.

``read_position`` opens an AsyncEclipse save, a game record at a chosen action or a position
snapshot (``engine.advice.position``); ``choose_seat`` finds the player to advise;
``engine.advice.advise.advise`` asks the search (``engine.search.analyse``) for the best
answers, makes whole turns of them (``turns``) and says why each is good (``reasons``, with the
odds of the fights it starts or changes: ``stakes``). ``fleetlab advise`` and the Game page both
use these; docs/advice.md explains the output.

This face holds the positions and the budget, what opening a game needs (the Game page);
``engine.advice.advise`` is imported where advice is given.
"""

from engine.advice.budget import DEFAULT_THINK_MS, MAX_THINK_MS, check_budget
from engine.advice.position import (
    Position,
    Seat,
    choose_seat,
    from_import,
    plain_seats,
    playable,
    position_from_json,
    position_json,
    read_position,
)

__all__ = [
    "DEFAULT_THINK_MS",
    "MAX_THINK_MS",
    "Position",
    "Seat",
    "check_budget",
    "choose_seat",
    "from_import",
    "plain_seats",
    "playable",
    "position_from_json",
    "position_json",
    "read_position",
]
