"""Players of engine part 1: a random legal player and a simple greedy one.

Both are peaceful: part 1 has no combat, so they never move a ship into a sector with opponent
ships, NPCs that would fight them or another player's control (``peaceful``). Everything else
they may do is any legal action.

``RandomPlayer`` picks uniformly among the peaceful legal actions. ``GreedyPlayer`` follows a
short list of rules: colonise whenever it can, explore and take control while its economy allows,
research the techs it can afford that are worth the most (trading hoarded money and materials
for science), build monoliths and orbitals, take rewards that pay at once, and pass when another
action would cost more upkeep than it earns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

import numpy as np

from blueprints import tech as find_tech
from engine.actions.base import Action
from engine.actions.build import Build
from engine.actions.colony import Colonize
from engine.actions.diplomacy import AcceptDiplomacy, ProposeDiplomacy
from engine.actions.discovery import ChooseResource, KeepAsVp, TakeReward
from engine.actions.explore import DiscardSector, ExploreZone, PlaceSector
from engine.actions.influence import InfluenceDisc, ReturnCube
from engine.actions.move import MoveShip
from engine.actions.research import Research
from engine.actions.trade import Trade
from engine.actions.turn import Claim, Decline, EndAction, Pass, TakeAction, TakeReaction
from engine.board import production, trade_rate
from engine.decisions import (
    Activations,
    DiscoveryChoice,
    ExploreControl,
    SectorClaims,
    TurnStart,
    Upkeep,
)
from engine.discoveries import DiscoveryKind, discovery_tile
from engine.enums import ActionKind, Resource
from engine.galaxy import entering_creates_conflict
from engine.hexes import Hex
from engine.sectors import sector_tile
from engine.state import GameState
from engine.tables import tables
from engine.upkeep import Abandon, PayUpkeep, balance

A = TypeVar("A", bound=Action)


class Player(Protocol):
    """Chooses one of the legal actions of the decision it has to answer."""

    def choose(self, state: GameState, actions: Sequence[Action]) -> Action:
        """The chosen action (one of ``actions``)."""
        ...  # pragma: no cover


def peaceful(state: GameState, action: Action) -> bool:
    """False for a move that would start a battle or an attack on population (part 2)."""
    if isinstance(action, MoveShip):
        target = state.sector(action.target)
        seat = state.to_act
        assert target is not None and seat is not None
        return not entering_creates_conflict(state, seat, target)
    return True


def peaceful_actions(state: GameState, actions: Sequence[Action]) -> list[Action]:
    """The actions of ``actions`` that keep every sector uncontested."""
    return [a for a in actions if peaceful(state, a)]


def margin(state: GameState, seat: int, extra_discs: int = 0) -> int:
    """Money left after this round's upkeep if ``extra_discs`` more discs leave the track.

    Counts the money income and what trading all science and materials would bring.
    """
    p = state.players[seat]
    rate = trade_rate(p)
    cost = tables().upkeep_for(max(0, p.discs_track - extra_discs))
    spare = (p.science // rate) + (p.materials // rate)
    return p.money + production(p, Resource.MONEY) - cost + spare


def _spends_disc(action: Action) -> bool:
    if isinstance(action, TakeAction | TakeReaction | Claim):
        return True
    return isinstance(action, InfluenceDisc) and action.origin is None and action.target is not None


class RandomPlayer:
    """Uniformly random among the peaceful legal actions, with its own generator.

    ``reckless`` is the chance of ignoring the one guard: the player does not spend an influence
    disc (on an action or a sector) that would leave it unable to pay this round's upkeep.
    Without the guard random players spend every disc in round 1 and are all eliminated by
    round 2; with it they play whole games (the conformance harness uses a little
    recklessness to reach eliminations too).
    """

    def __init__(self, rng: np.random.Generator, reckless: float = 0.0) -> None:
        self.rng = rng
        self.reckless = reckless

    def choose(self, state: GameState, actions: Sequence[Action]) -> Action:
        """A uniformly random peaceful (and, unless reckless, affordable) action."""
        options = peaceful_actions(state, actions)
        seat = state.to_act
        assert seat is not None
        if self.rng.random() >= self.reckless and margin(state, seat, 1) < 0:
            careful = [a for a in options if not _spends_disc(a)]
            options = careful or options
        return options[int(self.rng.integers(len(options)))]


def _sector_value(tile: int) -> int:
    printed = sector_tile(tile)
    return 2 * printed.vp + len(printed.squares) + printed.artifacts


def _tech_value(tech_id: str) -> int:
    t = find_tech(tech_id)
    value = {"advanced_mining": 6, "advanced_economy": 6, "advanced_labs": 6}.get(tech_id, 0)
    if tech_id in ("orbital", "monolith", "quantum_grid", "advanced_robotics", "nanorobots"):
        value += 5
    return value + t.cost


class GreedyPlayer:
    """Explores, colonises and researches for points; never fights; passes when it should."""

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng if rng is not None else np.random.default_rng(0)

    # ----- helpers ------------------------------------------------------------------------

    def _margin(self, state: GameState, seat: int, extra_discs: int = 0) -> int:
        return margin(state, seat, extra_discs)

    def _best(self, options: Sequence[A], key: Callable[[A], object]) -> A:
        """One of the options with the highest key; ties broken by the player's generator."""
        values = [key(o) for o in options]
        top = max(values)  # type: ignore[type-var]
        best = [o for o, v in zip(options, values, strict=True) if v == top]
        return best[int(self.rng.integers(len(best)))]

    # ----- decisions ------------------------------------------------------------------------

    def choose(self, state: GameState, actions: Sequence[Action]) -> Action:
        """The greedy choice for the pending decision."""
        options = peaceful_actions(state, actions)
        d = state.decision
        seat = state.to_act
        assert d is not None and seat is not None
        colonize = [a for a in options if isinstance(a, Colonize)]
        if colonize and isinstance(d, TurnStart | Activations | Upkeep):
            return self._best(colonize, lambda a: (a.square >= 0, a.resource is Resource.MONEY))
        if isinstance(d, TurnStart):
            return self._turn(state, seat, options)
        if isinstance(d, Activations):
            return self._activation(state, seat, d, options)
        if isinstance(d, Upkeep):
            return self._upkeep(state, seat, options)
        if isinstance(d, ExploreControl | SectorClaims):
            claims = [a for a in options if isinstance(a, Claim)]
            if claims and self._margin(state, seat, 1) >= 3:
                return claims[0]
            return next(a for a in options if isinstance(a, Decline))
        if isinstance(d, DiscoveryChoice):
            kind = discovery_tile(d.tile).kind
            good = kind in (DiscoveryKind.RESOURCES, DiscoveryKind.TECH, DiscoveryKind.MONOLITH)
            wanted = TakeReward if good else KeepAsVp
            return next(a for a in options if isinstance(a, wanted))
        place = [a for a in options if isinstance(a, PlaceSector)]
        if place:
            return self._best(place, lambda a: _sector_value(a.tile))
        for preferred in (ChooseResource, AcceptDiplomacy, ReturnCube):
            found = [a for a in options if isinstance(a, preferred)]
            if found:
                return found[0]
        declines = [a for a in options if isinstance(a, Decline | DiscardSector)]
        if declines:
            return declines[0]
        return options[0]

    def _turn(self, state: GameState, seat: int, options: list[Action]) -> Action:
        proposals = [a for a in options if isinstance(a, ProposeDiplomacy)]
        if proposals:
            return proposals[0]
        player = state.players[seat]
        if player.passed or self._margin(state, seat, 1) < 2:
            return Pass()
        # Turn hoarded money and materials into science for more techs (points on the tracks).
        spare = {Resource.MONEY: player.money - 12, Resource.MATERIALS: player.materials - 12}
        surplus = [
            a
            for a in options
            if isinstance(a, Trade) and a.get is Resource.SCIENCE and spare.get(a.give, 0) > 0
        ]
        if surplus and player.science < 30:
            return self._best(surplus, lambda a: spare[a.give])
        kinds = {a.kind for a in options if isinstance(a, TakeAction)}
        explore_zones = _count(state, seat, ActionKind.EXPLORE)
        if ActionKind.EXPLORE in kinds and explore_zones and state.round <= 6:
            return TakeAction(ActionKind.EXPLORE)
        if ActionKind.RESEARCH in kinds and _count(state, seat, ActionKind.RESEARCH):
            return TakeAction(ActionKind.RESEARCH)
        builds = _builds(state, seat)
        if ActionKind.BUILD in kinds and builds:
            return TakeAction(ActionKind.BUILD)
        influence = [
            a
            for a in _activation_options(state, seat, ActionKind.INFLUENCE)
            if isinstance(a, InfluenceDisc) and a.origin is None
        ]
        if ActionKind.INFLUENCE in kinds and influence and self._margin(state, seat, 2) >= 4:
            return TakeAction(ActionKind.INFLUENCE)
        return Pass()

    def _activation(
        self, state: GameState, seat: int, d: Activations, options: list[Action]
    ) -> Action:
        end = next(a for a in options if isinstance(a, EndAction))
        if d.kind is ActionKind.EXPLORE:
            zones = [a for a in options if isinstance(a, ExploreZone)]
            return self._best(zones, lambda a: -a.where.ring) if zones else end
        if d.kind is ActionKind.RESEARCH:
            techs = [a for a in options if isinstance(a, Research)]
            return self._best(techs, lambda a: _tech_value(a.tech)) if techs else end
        if d.kind is ActionKind.BUILD:
            builds = [a for a in options if isinstance(a, Build) and a.item in _WANTED_BUILDS]
            return max(builds, key=lambda a: _WANTED_BUILDS[a.item]) if builds else end
        if d.kind is ActionKind.INFLUENCE:
            discs = [a for a in options if isinstance(a, InfluenceDisc) and a.origin is None]
            if discs and self._margin(state, seat, 1) >= 3:
                return self._best(discs, lambda a: _value_at(state, a.target))
            return end
        return end

    def _upkeep(self, state: GameState, seat: int, options: list[Action]) -> Action:
        if balance(state, seat) >= 0:
            return PayUpkeep()
        trades = [a for a in options if isinstance(a, Trade) and a.get is Resource.MONEY]
        if trades:
            return max(trades, key=lambda a: state.players[seat].resource(a.give))
        abandon = [a for a in options if isinstance(a, Abandon)]
        if abandon:
            return min(abandon, key=lambda a: _value_at(state, a.where))
        return PayUpkeep()


_WANTED_BUILDS = {"monolith": 3, "orbital": 2}


def _value_at(state: GameState, where: Hex | None) -> int:
    if where is None:
        return 0
    sector = state.sector(where)
    return 0 if sector is None else _sector_value(sector.tile)


def _activation_options(state: GameState, seat: int, kind: ActionKind) -> list[Action]:
    from engine.rules import _KIND_LEGAL

    return _KIND_LEGAL[kind](state, Activations(seat, kind, 1))


def _count(state: GameState, seat: int, kind: ActionKind) -> int:
    return len(_activation_options(state, seat, kind))


def _builds(state: GameState, seat: int) -> list[Action]:
    return [
        a
        for a in _activation_options(state, seat, ActionKind.BUILD)
        if isinstance(a, Build) and a.item in _WANTED_BUILDS
    ]


__all__ = [
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "margin",
    "peaceful",
    "peaceful_actions",
]
