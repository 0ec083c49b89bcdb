"""``SearchPlayer``: the planner, with a search at every turn (``fleetlab --bots search``).

It plays every decision as its own ``PlannerPlayer`` would, but for the turn's real choice: when
the planner's answer to a turn is to take an action or reaction or to pass, and there is more
than one of these to choose from, it searches (``engine.search.analyse.search``, ``think_ms``
turned into a work budget) and plays the search's choice (the planner's answer unless another
is better on the same samples). Hit assignment, retreats, the zone explored, the tech
researched, the ships built and moved stay the planner's.

It never looks at what it could not see at the table: every decision, searched or not, is made
in a sampled world of its own (``engine.search.worlds``), with the tiles it cannot see dealt
again from its generator. Its generator also seeds each search, so a game replays from its
seed, and the same seed and budget give the same game on any machine.

``decisions``, ``searched`` and ``switched`` count the decisions it answered, searched, and
answered otherwise than the planner would have; ``work`` sums the searches' work units.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from engine.actions.base import Action
from engine.planner import PlannerPlayer
from engine.search.analyse import SearchError, search
from engine.search.budget import DEFAULT_THINK_MS, work_budget
from engine.search.candidates import TURN_CHOICES, searched_turn
from engine.search.worlds import sample_world
from engine.state import GameState

SEED_BOUND = 2**63
"""Search seeds are drawn below this from the player's generator."""


class SearchPlayer:
    """The search bot (module doc)."""

    def __init__(self, rng: np.random.Generator, think_ms: int = DEFAULT_THINK_MS) -> None:
        if isinstance(think_ms, bool) or not isinstance(think_ms, int) or think_ms < 0:
            raise SearchError(
                f"think_ms must be a whole number of milliseconds >= 0, not {think_ms!r}"
            )
        self.rng = rng
        self.think_ms = think_ms
        self.planner = PlannerPlayer(rng)
        self.decisions = 0
        self.searched = 0
        self.switched = 0
        self.work = 0.0

    def choose(self, state: GameState, actions: Sequence[Action]) -> Action:
        """The search bot's answer (one of ``actions``)."""
        seat = state.to_act
        assert seat is not None and actions
        self.decisions += 1
        view = sample_world(state, seat, self.rng)
        pick = self.planner.choose(view, actions)
        turn_choices = sum(1 for a in actions if isinstance(a, TURN_CHOICES))
        if not searched_turn(view, pick) or turn_choices < 2:
            return pick
        seed = int(self.rng.integers(SEED_BOUND))
        found = search(
            state,
            seat,
            work_budget(self.think_ms),
            seed=seed,
            planner=self.planner,
            world=view,
            pick=pick,
        )
        self.searched += 1
        self.work += found.work
        if found.choice != pick:
            self.switched += 1
            self.planner.overruled(view, found.choice)
        return found.choice
