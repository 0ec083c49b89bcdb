"""Search: play that looks ahead, by rollouts in sampled worlds with the planner as policy.

``analyse(state, seat)`` weighs the candidate actions of the seat to act and returns an
``ActionEstimate`` for each, best first; ``SearchPlayer`` is the bot that plays by it
(``--bots search``, ``--think-ms``). One job per module:

* ``worlds``: the hidden tiles of other players dealt again, so a search never peeks;
* ``candidates``: the planner's move prior (which actions to search);
* ``rollout``: a world played on by planners to the horizon (the end of the round);
* ``evaluate``: what a position is worth to each seat, in VP;
* ``budget``: thinking time as counted work, never the clock;
* ``analyse``: the search itself; ``player``: the bot.
"""

from engine.search.analyse import ActionEstimate, SearchError, SearchResult, analyse, search
from engine.search.budget import DEFAULT_THINK_MS, MAX_THINK_MS
from engine.search.player import SearchPlayer

__all__ = [
    "DEFAULT_THINK_MS",
    "MAX_THINK_MS",
    "ActionEstimate",
    "SearchError",
    "SearchPlayer",
    "SearchResult",
    "analyse",
    "search",
]
