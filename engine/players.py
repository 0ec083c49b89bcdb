"""The bots: a random legal player and a simple greedy one. Both fight.

``RandomPlayer`` picks uniformly among the legal actions (moves into contested sectors, retreats,
hit assignments and reputation choices included), with one guard for its upkeep.
``GreedyPlayer`` follows a short list of rules: colonise whenever it can, explore and take
control while its economy allows, research the techs it can afford that are worth the most
(trading hoarded money and materials for science), build monoliths and orbitals, take rewards that
pay at once, and pass when another action would cost more upkeep than it earns. It fights when it
is stronger: it builds warships next to a sector it can attack (NPCs or another player), before
any structure, and moves in when its ships' firepower x durability there is at least
``GreedyPlayer.margin`` (1.5) times the defenders'. Firepower x durability grows with the square
of the ships (Lanchester's square law), so 1.5 is about 1.2 times the defenders' ships: two
default cruisers attack one Ancient (they win two battles in three).

Why it never fought before (seeds 1-5, four players): its margin was 3 on that square-law
measure, so one Ancient needed three default cruisers and two Ancients or a guardian more cruisers
than a player owns, and it never upgrades; while its materials went to orbitals and monoliths
first (its build action was taken for them, and they came first in it) and it built warships only
with 8 materials or more, about one warship per player per game. No sector ever reached the
margin (of 280 turns with a fight on offer, 18 reached a ratio of 2 and none 3).

In battle it assigns hits with calc's greedy policy (``calc.rules.targeting``, through
``calc.rules.assignment.rule_assignment``), never retreats, keeps the best reputation tile and
destroys cubes and fills graveyards in a fixed order.

It proposes diplomatic relations whenever it may, but not again in a round to a seat that
declined (proposing is free: asking again would never end).

With the New Dangers modules it plays them through ``engine.module_choices``: it brings ships
back from a Black Hole first thing, buys Minor Species it can afford, activates Pulsars instead of
the build, move or upgrade actions it would take (and before passing, for a useful build or
move), sends a spare ship into a Black Hole that still holds its discovery tile, researches on
its fullest track while a Supernova it controls may explode, builds warships next to a Nebula
part that still holds its discovery tile and attacks it at half its usual margin, fits a Rift
Cannon it has researched, and values special sectors when it places them.

``peaceful`` still tells a move that starts a battle or an attack on population.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

import numpy as np

from blueprints import ShipClass, ancients_fight
from blueprints import tech as find_tech
from calc import ShipGroup, Side
from calc.rules import threat
from engine.actions.base import Action
from engine.actions.build import Build
from engine.actions.colony import Colonize
from engine.actions.combat import AssignDamage, Attack, KeepReputation
from engine.actions.diplomacy import AcceptDiplomacy, ProposeDiplomacy
from engine.actions.discovery import ChooseResource, KeepAsVp, TakeReward
from engine.actions.explore import DiscardSector, ExploreZone, PlaceSector
from engine.actions.influence import InfluenceDisc, ReturnCube
from engine.actions.minor_species import AllyMinorSpecies
from engine.actions.move import MoveDamagedShip, MoveShip
from engine.actions.research import Research
from engine.actions.trade import Trade
from engine.actions.turn import Claim, Decline, EndAction, Pass, TakeAction, TakeReaction
from engine.battle import greedy_result
from engine.battle_view import side_of
from engine.board import production, trade_rate
from engine.decisions import (
    Activations,
    AssignHits,
    BattleActivation,
    BlackHoleReturn,
    Decision,
    DiscoveryChoice,
    ExploreControl,
    PartInstall,
    ReputationKeep,
    SectorClaims,
    TokenCube,
    TurnStart,
    Upkeep,
)
from engine.discoveries import DiscoveryKind, discovery_tile
from engine.enums import ActionKind, Resource
from engine.galaxy import entering_creates_conflict, fighting_npcs
from engine.hexes import Hex
from engine.module_choices import (
    attack_margin,
    black_hole_dive,
    minor_species_buy,
    nebula_staging,
    pulsar_extra,
    pulsar_instead,
    return_from_black_hole,
    rift_install,
    rift_placement,
    rift_tech_bonus,
    special_sector_value,
    stabilising_track,
    token_cube_track,
    wants_rift_upgrade,
)
from engine.modules import minor_token
from engine.sectors import sector_tile
from engine.state import NPC, GameState
from engine.tables import tables
from engine.upkeep import Abandon, PayUpkeep, balance

A = TypeVar("A", bound=Action)


class Player(Protocol):
    """Chooses one of the legal actions of the decision it has to answer."""

    def choose(self, state: GameState, actions: Sequence[Action]) -> Action:
        """The chosen action (one of ``actions``)."""
        ...  # pragma: no cover


def best_reputation_keep(actions: Sequence[Action]) -> Action:
    """The reputation tile worth keeping: the highest drawn tile (swapping out the lowest tile
    of a full track), or declining when it would not raise the track."""
    keeps = [a for a in actions if isinstance(a, KeepReputation)]
    if not keeps:
        return next(a for a in actions if isinstance(a, Decline))
    best = max(keeps, key=lambda a: (a.value - (a.swap or 0), -(a.swap or 0)))
    if best.swap is not None and best.swap >= best.value:
        return next(a for a in actions if isinstance(a, Decline))
    return best


def peaceful(state: GameState, action: Action) -> bool:
    """False for a move that would start a battle or an attack on population."""
    if isinstance(action, MoveShip | MoveDamagedShip):
        target = state.sector(action.target)
        seat = state.to_act
        assert target is not None and seat is not None
        return not entering_creates_conflict(state, seat, target)
    return True


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


def _token_ruins(state: GameState, seat: int, action: Action) -> bool:
    """True for a Minor Species token whose credits would leave the upkeep unpaid."""
    if not isinstance(action, AllyMinorSpecies):
        return False
    return margin(state, seat) - minor_token(action.species).credits < 0


class RandomPlayer:
    """Uniformly random among the legal actions, with its own generator.

    ``reckless`` is the chance of ignoring the one guard: the player does not spend an influence
    disc (on an action or a sector), nor money on a Minor Species token (New Dangers), that
    would leave it unable to pay this round's upkeep.
    Without the guard random players spend every disc in round 1 and are all eliminated by
    round 2; with it they play whole games (the conformance harness uses a little
    recklessness to reach eliminations too).

    ``aggression`` is the chance of choosing only among warlike actions when there are some:
    taking a build or move action, building a ship, and moving a ship (into a contested sector
    when it can). Uniformly random players seldom meet; the harness and the benchmark use some
    aggression so that their games have battles.
    """

    def __init__(
        self, rng: np.random.Generator, reckless: float = 0.0, aggression: float = 0.0
    ) -> None:
        self.rng = rng
        self.reckless = reckless
        self.aggression = aggression

    def choose(self, state: GameState, actions: Sequence[Action]) -> Action:
        """A uniformly random (and, unless reckless, affordable) action."""
        options = list(actions)
        seat = state.to_act
        assert seat is not None
        if self.rng.random() >= self.reckless:
            if margin(state, seat, 1) < 0:
                careful = [a for a in options if not _spends_disc(a)]
                options = careful or options
            if state.config.modules:
                options = [a for a in options if not _token_ruins(state, seat, a)] or options
        if self.aggression and self.rng.random() < self.aggression:
            bold = warlike(state, options)
            options = bold or options
        return options[int(self.rng.integers(len(options)))]


def warlike(state: GameState, actions: Sequence[Action]) -> list[Action]:
    """The warlike actions among ``actions``: moves into contested sectors (else any moves),
    building ships, taking a build or move action or reaction."""
    moves = [a for a in actions if isinstance(a, MoveShip | MoveDamagedShip)]
    fights = [a for a in moves if not peaceful(state, a)]
    if fights:
        return list(fights)
    out: list[Action] = list(moves)
    for a in actions:
        if (
            isinstance(a, TakeAction | TakeReaction)
            and a.kind
            in (
                ActionKind.MOVE,
                ActionKind.BUILD,
            )
        ) or (isinstance(a, Build) and a.item in _SHIP_ITEMS):
            out.append(a)
    return out


_SHIP_ITEMS = frozenset(
    c.value
    for c in (ShipClass.INTERCEPTOR, ShipClass.CRUISER, ShipClass.DREADNOUGHT, ShipClass.STARBASE)
)


def _sector_value(tile: int) -> int:
    printed = sector_tile(tile)
    return 2 * printed.vp + len(printed.squares) + printed.artifacts + special_sector_value(tile)


def _tech_value(tech_id: str) -> int:
    t = find_tech(tech_id)
    value = {"advanced_mining": 6, "advanced_economy": 6, "advanced_labs": 6}.get(tech_id, 0)
    if tech_id in ("orbital", "monolith", "quantum_grid", "advanced_robotics", "nanorobots"):
        value += 5
    return value + t.cost


class GreedyPlayer:
    """Explores, colonises and researches for points; fights when stronger; passes when it
    should. ``margin``: how many times the defenders' strength its ships need to attack."""

    def __init__(self, rng: np.random.Generator | None = None, margin: float = 1.5) -> None:
        self.rng = rng if rng is not None else np.random.default_rng(0)
        self.margin = margin
        # (round, other seat) of the proposals made: an answer declined is not asked again in
        # the same round (proposing is free, so asking again would never end).
        self._proposed: set[tuple[int, int]] = set()

    def _combat(self, state: GameState, d: Decision, actions: Sequence[Action]) -> Action | None:
        """Battle decisions: calc's greedy hits, no retreat, the best reputation tile."""
        if isinstance(d, AssignHits):
            wanted = greedy_result(state, d)
            for a in actions:
                if isinstance(a, AssignDamage) and a.result == wanted:
                    return a
            return actions[0]  # pragma: no cover - calc's greedy result is always legal
        if isinstance(d, BattleActivation):
            return Attack()
        if isinstance(d, ReputationKeep):
            return best_reputation_keep(actions)
        return None

    # ----- helpers ------------------------------------------------------------------------

    def _best(self, options: Sequence[A], key: Callable[[A], object]) -> A:
        """One of the options with the highest key; ties broken by the player's generator."""
        values = [key(o) for o in options]
        top = max(values)  # type: ignore[type-var]
        best = [o for o, v in zip(options, values, strict=True) if v == top]
        return best[int(self.rng.integers(len(best)))]

    # ----- decisions ------------------------------------------------------------------------

    def choose(self, state: GameState, actions: Sequence[Action]) -> Action:
        """The greedy choice for the pending decision."""
        d = state.decision
        seat = state.to_act
        assert d is not None and seat is not None
        fight = self._combat(state, d, actions)
        if fight is not None:
            return fight
        options = list(actions)
        if any(isinstance(a, MoveShip | MoveDamagedShip) for a in actions):
            targets = attack_targets(state, seat, self.margin)
            options = [
                a
                for a in actions
                if not isinstance(a, MoveShip | MoveDamagedShip)
                or peaceful(state, a)
                or a.target in targets
            ]
        if isinstance(d, BlackHoleReturn):
            back = return_from_black_hole(state, seat, options)
            assert back is not None
            return back
        if isinstance(d, TokenCube):
            cube = token_cube_track(state, seat, options)
            assert cube is not None
            return cube
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
            if claims and margin(state, seat, 1) >= 3:
                return claims[0]
            return next(a for a in options if isinstance(a, Decline))
        if isinstance(d, PartInstall):
            install = rift_install(state, seat, options) if d.part == "rift_conductor" else None
            if install is not None:
                return install
        if isinstance(d, DiscoveryChoice):
            kind = discovery_tile(d.tile).kind
            good = kind in (DiscoveryKind.RESOURCES, DiscoveryKind.TECH, DiscoveryKind.MONOLITH)
            good = good or discovery_tile(d.tile).part == "rift_conductor"
            wanted = TakeReward if good else KeepAsVp
            # The reward may have nowhere to go (e.g. Ancient Labs' monolith when the starting
            # sector has one): then 2 VP is the only answer offered.
            return next((a for a in options if isinstance(a, wanted)), options[0])
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
        back = return_from_black_hole(state, seat, options)
        if back is not None:
            return back  # a ship due back is lost unless it comes back before an action
        proposals = [
            a
            for a in options
            if isinstance(a, ProposeDiplomacy) and (state.round, a.other) not in self._proposed
        ]
        if proposals:
            self._proposed.add((state.round, proposals[0].other))
            return proposals[0]
        ally = minor_species_buy(state, seat, options, money_to_keep=_MONEY_TO_KEEP)
        if ally is not None:
            return ally
        chosen = self._turn_action(state, seat, options)
        if isinstance(chosen, TakeAction):
            return pulsar_instead(state, seat, chosen.kind, options) or chosen
        if isinstance(chosen, Pass) and not state.players[seat].passed:
            useful = []
            if _builds(state, seat) or _warships(state, seat):
                useful.append(ActionKind.BUILD)
            if _attack_moves(state, seat, self.margin) or _dive(state, seat):
                useful.append(ActionKind.MOVE)
            return pulsar_extra(state, seat, options, useful) or chosen
        return chosen

    def _turn_action(self, state: GameState, seat: int, options: list[Action]) -> Action:
        player = state.players[seat]
        if player.passed or margin(state, seat, 1) < 2:
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
        if ActionKind.MOVE in kinds and _attack_moves(state, seat, self.margin):
            return TakeAction(ActionKind.MOVE)
        if ActionKind.MOVE in kinds and _dive(state, seat) and state.round <= 6:
            return TakeAction(ActionKind.MOVE)
        explore_zones = _count(state, seat, ActionKind.EXPLORE)
        if ActionKind.EXPLORE in kinds and explore_zones and state.round <= 6:
            return TakeAction(ActionKind.EXPLORE)
        if ActionKind.BUILD in kinds and _nebula_builds(state, seat):
            return TakeAction(ActionKind.BUILD)  # ships to take a Nebula part's discovery tile
        if ActionKind.RESEARCH in kinds and _count(state, seat, ActionKind.RESEARCH):
            return TakeAction(ActionKind.RESEARCH)
        if ActionKind.UPGRADE in kinds and wants_rift_upgrade(state, seat):
            return TakeAction(ActionKind.UPGRADE)
        builds = _warships(state, seat) or _builds(state, seat)
        if ActionKind.BUILD in kinds and builds:
            return TakeAction(ActionKind.BUILD)
        influence = [
            a
            for a in _activation_options(state, seat, ActionKind.INFLUENCE)
            if isinstance(a, InfluenceDisc) and a.origin is None
        ]
        if ActionKind.INFLUENCE in kinds and influence and margin(state, seat, 2) >= 4:
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
            steady = stabilising_track(state, seat)
            return (
                self._best(
                    techs,
                    lambda a: (
                        a.track is steady,
                        _tech_value(a.tech) + rift_tech_bonus(state, a.tech),
                    ),
                )
                if techs
                else end
            )
        if d.kind is ActionKind.BUILD:
            ships = [a for a in _warships(state, seat) if a in options]
            if ships:
                return ships[0]
            builds = [a for a in options if isinstance(a, Build) and a.item in _WANTED_BUILDS]
            if builds:
                return max(builds, key=lambda a: _WANTED_BUILDS[a.item])
            return end
        if d.kind is ActionKind.UPGRADE:
            return rift_placement(state, seat, options) or end
        if d.kind is ActionKind.MOVE:
            moves = [a for a in _attack_moves(state, seat, self.margin) if a in options]
            if moves:
                return self._best(moves, lambda a: _ship_value(state, seat, a))
            return black_hole_dive(state, seat, options) or end
        discs = [a for a in options if isinstance(a, InfluenceDisc) and a.origin is None]
        if discs and margin(state, seat, 1) >= 3:
            return self._best(discs, lambda a: _value_at(state, a.target))
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
_MONEY_TO_KEEP = 6
"""Money a greedy player keeps when it buys a Minor Species token."""
WARSHIP_CAP = 6
"""Warships (interceptors, cruisers, dreadnoughts) a greedy player builds at most."""


def strength(side: Side) -> float:
    """Firepower x durability of a calc side: the sum of calc's threat (expected damage per
    engagement round against an unshielded ship) times the hits its ships can take."""
    fire = 0.0
    hp = 0
    for g in side.groups:
        stats = g.stats
        per_die = tuple(c.damage for c, n in stats.cannons.items() if c.damage for _ in range(n))
        fire += g.count * threat(per_die, stats.computer, stats.rift_dice)
        hp += sum(stats.hull + 1 - d for d in g.damage_per_ship)
    return fire * hp


def attack_targets(state: GameState, seat: int, margin: float) -> frozenset[Hex]:
    """Sectors the player's ships could enter with at least ``margin`` times the strength of
    what they would fight there (the defenders' ships or NPCs), counting its ships already there
    and those that can move there this activation."""
    return _targets(state, seat, margin, _moves(state, seat))


def _moves(state: GameState, seat: int) -> list[MoveShip]:
    """The ship moves of a move activation the player could start now."""
    return [a for a in _activation_options(state, seat, ActionKind.MOVE) if isinstance(a, MoveShip)]


def _targets(
    state: GameState, seat: int, margin: float, moves: Sequence[MoveShip]
) -> frozenset[Hex]:
    """``attack_targets`` among the targets of ``moves``."""
    moves = [a for a in moves if not peaceful(state, a)]
    if not moves:
        return frozenset()
    player = state.players[seat]
    out = set()
    for target in {a.target for a in moves}:
        sector = state.sector(target)
        assert sector is not None
        if (
            sector.owner is not None
            and sector.owner != seat
            and not sector.ships
            and not sector.npcs
        ):
            continue  # an undefended sector: only its cubes; the greedy player leaves them
        enemy = 0.0
        for s in {s for s, _, _ in sector.ships if s != seat}:
            enemy += strength(side_of(state, sector, s))
        if fighting_npcs(state, sector, seat):
            ancients = ancients_fight(player.species)
            enemy += strength(side_of(state, sector, NPC, ancients=ancients))
        groups = [ShipGroup.of(player.blueprint(c), n) for s, c, n in sector.ships if s == seat]
        for origin, cls in {(a.origin, a.ship_class) for a in moves if a.target == target}:
            source = state.sector(origin)
            assert source is not None
            groups.append(ShipGroup.of(player.blueprint(cls), source.ships_of(seat, cls)))
        mine = strength(Side("mine", tuple(groups)))
        if enemy > 0 and mine >= attack_margin(sector, margin) * enemy:
            out.add(target)
    return frozenset(out)


def _value_at(state: GameState, where: Hex | None) -> int:
    if where is None:
        return 0
    sector = state.sector(where)
    return 0 if sector is None else _sector_value(sector.tile)


def _activation_options(state: GameState, seat: int, kind: ActionKind) -> list[Action]:
    from engine.rules import activation_options

    return activation_options(state, seat, kind)


def _count(state: GameState, seat: int, kind: ActionKind) -> int:
    return len(_activation_options(state, seat, kind))


def _attack_moves(state: GameState, seat: int, margin: float) -> list[MoveShip]:
    moves = _moves(state, seat)
    targets = _targets(state, seat, margin, moves)
    return [a for a in moves if a.target in targets]


def _dive(state: GameState, seat: int) -> bool:
    """True when a move activation could send a ship into a Black Hole with its tile."""
    if not any(s.discovery and s.printed.special is not None for s in state.sectors):
        return False
    return (
        black_hole_dive(state, seat, _activation_options(state, seat, ActionKind.MOVE)) is not None
    )


def _ship_value(state: GameState, seat: int, move: MoveShip) -> float:
    bp = state.players[seat].blueprint(move.ship_class)
    return strength(Side("one", (ShipGroup.of(bp, 1),)))


def _warships(state: GameState, seat: int) -> list[Build]:
    """Warships to build next to sectors worth attacking, while under ``WARSHIP_CAP`` (from
    round 2, with the materials for a cruiser)."""
    if state.round < 2 or state.players[seat].materials < 5:
        return []
    ships = sum(
        s.ships_of(seat, c)
        for s in state.sectors
        for c in (ShipClass.INTERCEPTOR, ShipClass.CRUISER, ShipClass.DREADNOUGHT)
    )
    if ships >= WARSHIP_CAP:
        return []
    near: set[Hex] = set()
    for sector in state.sectors:
        if sector.npcs and sector.owner is None:
            near.update(h for _, h in sector.hex.neighbours())
    builds = [
        a
        for a in _activation_options(state, seat, ActionKind.BUILD)
        if isinstance(a, Build)
        and a.item in (ShipClass.CRUISER.value, ShipClass.INTERCEPTOR.value)
        and a.where in near
    ]
    builds.sort(key=lambda a: (a.item != ShipClass.CRUISER.value, a.where))
    return builds


def _nebula_builds(state: GameState, seat: int) -> list[Build]:
    """Warships to build next to a Nebula part that still holds its discovery tile."""
    staging = nebula_staging(state, seat)
    if not staging:
        return []
    return [a for a in _warships(state, seat) if a.where in staging]


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
    "attack_targets",
    "best_reputation_keep",
    "margin",
    "peaceful",
    "strength",
    "warlike",
]
