"""Sampled worlds: the game as one seat may believe it is, drawn from what that seat cannot see.

Fleetlab keeps every facedown stack as an unordered multiset (``engine.state``): the next sector,
tech, guardian or discovery tile drawn is a chance event over what is left, so nothing about the
order of a stack is hidden. What a seat cannot see at the table is what other players hold face
down:

* the values of their **reputation tiles** (and of tiles an opponent has drawn and not yet
  placed or returned: a ``BattleReputationDraw`` or ``ReputationKeep`` of theirs still
  pending). The seat knows how many each holds, and that together with the bag they are the
  box's tiles less its own;
* which **discovery tiles** they keep face down for 2 VP (``PlayerState.discovery_vp``): the seat
  knows how many, and that they and the bag are the game's tiles less those used face up.

``sample_world`` deals those unseen tiles again at random, the same number to every holder and
the rest to the bag. It reads the hidden part of ``state`` only as one pooled multiset per kind,
sorted, so two states that differ only in how the unseen tiles lie give the very same worlds for
the same generator: a search on sampled worlds cannot peek.

>>> from engine.setup import new_game
>>> from engine.state import GameConfig
>>> s = new_game(GameConfig(("terran_directorate", "planta")))
>>> s.reputation_bag, unseen_reputation(s, 0).count(4)
((12, 10, 7, 4), 4)
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from engine.decisions import BattleReputationDraw, Decision, ReputationKeep
from engine.discoveries import discovery_by_index, discovery_index
from engine.state import GameState


def _held_draws(state: GameState, seat: int) -> list[tuple[int, tuple[int, ...]]]:
    """Pending decisions (by their place in ``state.pending``) holding reputation tiles an
    opponent of ``seat`` has drawn, with those tiles."""
    out = []
    for i, d in enumerate(state.pending):
        theirs = (isinstance(d, BattleReputationDraw) and d.holder != seat) or (
            isinstance(d, ReputationKeep) and d.seat != seat
        )
        if theirs and isinstance(d, BattleReputationDraw | ReputationKeep) and d.drawn:
            out.append((i, d.drawn))
    return out


def unseen_reputation(state: GameState, seat: int) -> tuple[int, ...]:
    """The reputation tile values ``seat`` cannot see, sorted: the bag's, its opponents' and
    those its opponents hold drawn."""
    pool = [v + 1 for v, n in enumerate(state.reputation_bag) for _ in range(n)]
    for p in state.players:
        if p.seat != seat:
            pool.extend(p.reputation)
    for _, drawn in _held_draws(state, seat):
        pool.extend(drawn)
    return tuple(sorted(pool))


def unseen_discoveries(state: GameState, seat: int) -> tuple[str, ...]:
    """The discovery tiles ``seat`` cannot see, in bag order: the bag's and those its
    opponents keep face down."""
    pool = [discovery_by_index(i).id for i, n in enumerate(state.discovery_bag) for _ in range(n)]
    for p in state.players:
        if p.seat != seat:
            pool.extend(p.discovery_vp)
    return tuple(sorted(pool, key=discovery_index))


def sample_world(state: GameState, seat: int, rng: np.random.Generator) -> GameState:
    """``state`` with every tile ``seat`` cannot see dealt again at random (see the module doc):
    each opponent keeps as many reputation and facedown discovery tiles as it holds, the bag
    the rest. ``seat``'s own tiles, and everything face up, stay as they are."""
    reputation = list(unseen_reputation(state, seat))
    order = rng.permutation(len(reputation))
    dealt = [reputation[i] for i in order]
    players = list(state.players)
    for p in state.players:
        if p.seat != seat and p.reputation:
            n = len(p.reputation)
            players[p.seat] = replace(players[p.seat], reputation=tuple(sorted(dealt[:n])))
            dealt = dealt[n:]
    pending = list(state.pending)
    for i, drawn in _held_draws(state, seat):
        n = len(drawn)
        pending[i] = _with_drawn(pending[i], tuple(dealt[:n]))
        dealt = dealt[n:]
    bag = [0, 0, 0, 0]
    for v in dealt:
        bag[v - 1] += 1
    discoveries = list(unseen_discoveries(state, seat))
    order = rng.permutation(len(discoveries))
    tiles = [discoveries[i] for i in order]
    for p in state.players:
        if p.seat != seat and p.discovery_vp:
            n = len(p.discovery_vp)
            players[p.seat] = replace(players[p.seat], discovery_vp=tuple(tiles[:n]))
            tiles = tiles[n:]
    counts = [0] * len(state.discovery_bag)
    for t in tiles:
        counts[discovery_index(t)] += 1
    return replace(
        state,
        players=tuple(players),
        pending=tuple(pending),
        reputation_bag=(bag[0], bag[1], bag[2], bag[3]),
        discovery_bag=tuple(counts),
    )


def _with_drawn(d: Decision, drawn: tuple[int, ...]) -> Decision:
    assert isinstance(d, BattleReputationDraw | ReputationKeep)
    return replace(d, drawn=drawn)
