"""Which sectors to attack, with which ships, and which to defend: by the odds of the sector.

An attack is judged on the galaxy as it would stand after the moves: the ships that can reach
the target in this Move action (one activation each, the strongest first) join the ships
already there, and ``OddsBook.sector`` gives the odds of the whole sector's combat (every side,
the NPCs, the controller's population and the reputation draws). Its value
(``engagement_value``) is the chance of holding the sector times what holding it is worth, plus
the reputation tiles expected, less the materials expected to be lost; an opponent's losses count
for something too (a rival weakened). The planner attacks only a sector it is likely to hold
(``MIN_HOLDS``).

Builds are judged the same way: ships built in a controlled sector next to a target, together
with the ships that can reach it, and the best attack they would make next turn. Threats are the
opponents' attacks on the seat's sectors: their ships that can reach a sector with one Move
action, against what defends it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from blueprints import DRACO, Blueprint, ShipClass, ship_class_info
from blueprints import species as find_species
from calc import ShipGroup, Side, SideResult
from engine.actions.build import place_ship, ships_on_board
from engine.actions.move import MoveShip, legal_move, remove_ship
from engine.actions.turn import activation_count
from engine.board import room_for_reputation
from engine.decisions import Activations
from engine.enums import ActionKind
from engine.galaxy import (
    connected_sectors,
    entering_creates_conflict,
    free_ships,
    has_wormhole_generator,
)
from engine.hexes import Hex
from engine.planner.economy import RESOURCE_VP
from engine.planner.odds import OddsBook, SectorOdds, best_tile_gain
from engine.planner.valuation import DISCOVERY_VP, claim_value, sector_value
from engine.players import strength
from engine.state import NPC, GameState, PlayerState, SectorState

MIN_HOLDS = 0.62
"""The planner attacks a sector only when it holds it afterwards at least this often."""
RIVAL_LOSS_WEIGHT = 0.35
"""How much an opponent's lost materials are worth to the planner, against its own."""
RIVAL_VP_WEIGHT = 0.4
"""How much a point an opponent does not score is worth to the planner, against its own (one
of several rivals)."""
WARSHIPS = (ShipClass.INTERCEPTOR, ShipClass.CRUISER, ShipClass.DREADNOUGHT)

Ship = tuple[Hex, ShipClass]
"""One ship: where it is and its class."""


@cache
def ship_power(bp: Blueprint) -> float:
    """Firepower x durability of one ship of a blueprint (``engine.players.strength``;
    remembered for every blueprint seen, a few hundred in a game)."""
    return strength(Side("one", (ShipGroup.of(bp, 1),)))


def relocate(state: GameState, seat: int, ships: Iterable[Ship], target: Hex) -> GameState:
    """The state with the player's ``ships`` moved to ``target`` (no rules checked: a
    what-if for the odds)."""
    for origin, cls in ships:
        source = state.sector(origin)
        assert source is not None
        state = state.with_sector(remove_ship(source, seat, cls))
        there = state.sector(target)
        assert there is not None
        state = state.with_sector(place_ship(there, seat, cls))
    return state


def add_ships(state: GameState, seat: int, where: Hex, classes: Iterable[ShipClass]) -> GameState:
    """The state with new ships of the player in ``where`` (a what-if for the odds)."""
    for cls in classes:
        sector = state.sector(where)
        assert sector is not None
        state = state.with_sector(place_ship(sector, seat, cls))
    return state


def reputation_gain(state: GameState, player: PlayerState, side: SideResult) -> float:
    """Expected points the reputation draws add to the player's track: the best tile drawn,
    or on a full track its gain over the lowest tile there."""
    if room_for_reputation(player):
        return best_tile_gain(state, side, None)
    return best_tile_gain(state, side, min(player.reputation) if player.reputation else 0)


def conquest_gain(state: GameState, seat: int, sector: SectorState) -> float:
    """What holding the sector after its combat is worth to the seat (a Nebula part: only its
    discovery tile, which goes to a ship left alone there; no disc is ever placed on it)."""
    if sector.hex.part:
        return DISCOVERY_VP if sector.discovery else 0.0
    owner = sector.owner
    if owner == seat:
        return sector_value(state, seat, sector.tile, sector.discovery)
    if owner is None:
        gain = max(0.5, claim_value(state, seat, sector.tile, sector.discovery))
        rivals = sum(1 for p in state.players if p.species == DRACO and p.seat != seat)
        if sector.ancients and rivals:
            # A rival Draco scores a point for every Ancient left on the board.
            gain += RIVAL_VP_WEIGHT * rivals * sector.ancients
        return gain
    # An opponent's sector: its cubes go, then its disc; the planner may influence it later.
    theirs = sector_value(state, owner, sector.tile, False)
    return 0.5 * theirs + 0.5 * max(0.0, claim_value(state, seat, sector.tile, False))


def engagement_value(
    state: GameState, seat: int, where: Hex, odds: SectorOdds
) -> tuple[float, float]:
    """``(P(the seat holds the sector), value in VP)`` of the sector's combat as it stands."""
    mine = odds.of(seat)
    sector = state.sector(where)
    if mine is None or sector is None:
        return 0.0, 0.0
    player = state.players[seat]
    holds = mine.holds_sector
    value = holds * conquest_gain(state, seat, sector)
    value += reputation_gain(state, player, mine)
    value -= mine.expected_material_lost * RESOURCE_VP
    for key, side in zip(odds.keys, odds.result.sides, strict=True):
        if key not in (seat, NPC):
            value += RIVAL_LOSS_WEIGHT * side.expected_material_lost * RESOURCE_VP
    return holds, value


@dataclass(frozen=True, slots=True)
class AttackPlan:
    """Ships to move into ``target`` (one Move activation each) and what it would bring."""

    target: Hex
    ships: tuple[Ship, ...]
    holds: float
    value: float

    def moves(self) -> tuple[MoveShip, ...]:
        """The moves, in order."""
        return tuple(MoveShip(cls, origin, self.target) for origin, cls in self.ships)


def _friends(state: GameState, seat: int) -> set[int]:
    """Seats the player has diplomatic relations with (attacking them makes it the traitor)."""
    player = state.players[seat]
    return {o for o in player.ambassadors if seat in state.players[o].ambassadors}


def _movers(state: GameState, seat: int, moves: Sequence[MoveShip]) -> dict[Hex, list[Ship]]:
    """For each target of ``moves``: the individual ships that can get there in one
    activation, strongest first (each origin's free ships at most; none from a sector where
    they already face a fight)."""
    player = state.players[seat]
    by_target: dict[Hex, list[Ship]] = {}
    for m in moves:
        by_target.setdefault(m.target, [])
    for target in by_target:
        ships: list[Ship] = []
        origins = sorted({m.origin for m in moves if m.target == target})
        for origin in origins:
            source = state.sector(origin)
            assert source is not None
            if entering_creates_conflict(state, seat, source):
                continue  # ships in a fight stay in it (they leave only by retreating)
            free = free_ships(state, source, seat)
            classes = sorted(
                {m.ship_class for m in moves if m.target == target and m.origin == origin},
                key=lambda c: -ship_power(player.blueprint(c)),
            )
            for cls in classes:
                take = min(free, source.ships_of(seat, cls))
                ships.extend([(origin, cls)] * take)
                free -= take
        ships.sort(key=lambda s: (-ship_power(player.blueprint(s[1])), s[0], s[1].value))
        by_target[target] = ships
    return by_target


def attack_plans(
    state: GameState,
    seat: int,
    book: OddsBook,
    moves: Sequence[MoveShip],
    activations: int,
) -> list[AttackPlan]:
    """Every attack the seat could make with ``activations`` of these moves, best first."""
    friends = _friends(state, seat)
    plans: list[AttackPlan] = []
    for target, ships in sorted(_movers(state, seat, moves).items()):
        sector = state.sector(target)
        assert sector is not None
        if not entering_creates_conflict(state, seat, sector) or not ships:
            continue
        if friends & ({s for s, _, _ in sector.ships} | {sector.owner}):
            continue
        plan = _best_subset(state, seat, book, target, ships[:activations])
        if plan is not None:
            plans.append(plan)
    plans.sort(key=lambda p: (-p.value, p.target))
    return plans


def _best_subset(
    state: GameState, seat: int, book: OddsBook, target: Hex, ships: Sequence[Ship]
) -> AttackPlan | None:
    """All of ``ships`` into the target, or one fewer when that does as well."""
    best: AttackPlan | None = None
    for count in (len(ships), len(ships) - 1):
        if count <= 0:
            break
        chosen = tuple(ships[:count])
        after = relocate(state, seat, chosen, target)
        odds = book.sector(after, target)
        if odds is None:
            return best
        holds, value = engagement_value(after, seat, target, odds)
        plan = AttackPlan(target, chosen, holds, value)
        if best is None or value > best.value + 0.05:
            best = plan
        if holds < 0.9:
            break  # fewer ships will not hold it as well
    return best


def sustained(state: GameState, seat: int, where: Hex, book: OddsBook) -> tuple[float, float]:
    """``engagement_value`` of the sector's combat as it stands now."""
    odds = book.sector(state, where)
    if odds is None:
        return 1.0, 0.0
    return engagement_value(state, seat, where, odds)


# ----- building for an attack ------------------------------------------------------------------

GOAL_HOLDS = 0.75
"""The fleet the planner builds towards holds its target at least this often."""
MAX_GOAL_BUILDS = 6
"""Most ships a fleet goal adds to the ships the planner already has."""


@dataclass(frozen=True, slots=True)
class FleetGoal:
    """The fleet that takes ``target``: the ships that can reach it next turn plus ``builds``
    built in ``site``; ``holds`` and ``value`` of its attack, ``cost`` the builds' materials."""

    target: Hex
    site: Hex
    builds: tuple[ShipClass, ...]
    holds: float
    value: float
    cost: int


def build_sites(state: GameState, seat: int, target: Hex) -> list[Hex]:
    """Controlled sectors connected to ``target`` (ships built there reach it in one move),
    those with the seat's ships first."""
    generator = has_wormhole_generator(state, seat)
    sites = {s.hex: s.ships_of(seat) for s in connected_sectors(state, target, generator)}
    mine = [h for h in sites if (x := state.sector(h)) is not None and x.owner == seat]
    return sorted(mine, key=lambda h: (-sites[h], h))


def build_order(state: GameState, seat: int) -> list[ShipClass]:
    """Warship classes the seat can build, the most power per material first."""
    player = state.players[seat]
    board = find_species(player.species)
    out = []
    for cls in WARSHIPS:
        if cls not in board.ship_classes:
            continue
        cost = board.build_cost(cls.value)
        out.append((ship_power(player.blueprint(cls)) / max(1, cost), cls))
    out.sort(key=lambda t: (-t[0], t[1].value))
    return [c for _, c in out]


def _goal_builds(state: GameState, seat: int, n: int) -> tuple[ShipClass, ...] | None:
    """``n`` ships by ``build_order`` within the miniature limits (``None``: too many)."""
    order = build_order(state, seat)
    room = {c: ship_class_info(c).limit - ships_on_board(state, seat, c) for c in order}
    out: list[ShipClass] = []
    for cls in order:
        take = min(room[cls], n - len(out))
        out.extend([cls] * max(0, take))
    return tuple(out) if len(out) == n else None


def fleet_goal(
    state: GameState, seat: int, book: OddsBook, target: Hex, reach: int
) -> FleetGoal | None:
    """The fewest new ships that, with the ships able to reach ``target`` next turn, hold it
    at least ``GOAL_HOLDS`` of the time (``None`` when ``MAX_GOAL_BUILDS`` are not enough or
    there is nowhere to build them). ``reach``: ships one attack can bring (move activations,
    twice: two Move actions)."""
    sector = state.sector(target)
    if sector is None or not entering_creates_conflict(state, seat, sector):
        return None
    if _friends(state, seat) & ({s for s, _, _ in sector.ships} | {sector.owner}):
        return None
    sites = build_sites(state, seat, target)
    if not sites:
        return None
    site = sites[0]
    board = find_species(state.players[seat].species)
    coming = _movers(state, seat, _next_turn_moves(state, seat)).get(target, [])
    most = 0  # the most ships the miniature limits let the goal build
    while most < MAX_GOAL_BUILDS and _goal_builds(state, seat, most + 1) is not None:
        most += 1
    tried: dict[int, FleetGoal | None] = {}

    def attack(n: int) -> FleetGoal | None:
        """The goal of ``n`` builds if its attack holds the target often enough."""
        if n not in tried:
            builds = _goal_builds(state, seat, n)
            assert builds is not None
            ships = ([(site, c) for c in builds] + coming)[: 2 * reach]
            goal = None
            if ships or sector.ships_of(seat):
                after = relocate(add_ships(state, seat, site, builds), seat, ships, target)
                odds = book.sector(after, target)
                if odds is not None:
                    holds, value = engagement_value(after, seat, target, odds)
                    if holds >= GOAL_HOLDS:
                        cost = sum(board.build_cost(c.value) for c in builds)
                        goal = FleetGoal(target, site, builds, holds, value, cost)
            tried[n] = goal
        return tried[n]

    # More ships hold a sector at least as often: the fewest that do is found by bisection
    # between no builds and the most, three or four battles instead of up to seven.
    if attack(0) is not None:
        return attack(0)
    if most == 0 or attack(most) is None:
        return None
    low, high = 0, most  # attack(low) fails, attack(high) holds
    while high - low > 1:
        mid = (low + high) // 2
        if attack(mid) is not None:
            high = mid
        else:
            low = mid
    return attack(high)


def _next_turn_moves(state: GameState, seat: int) -> list[MoveShip]:
    """The ship moves a Move action could make now (the engine's legal moves)."""
    found = legal_move(state, Activations(seat, ActionKind.MOVE, 1))
    return [a for a in found if isinstance(a, MoveShip)]


def hostile_targets(state: GameState, seat: int, radius: int = 1) -> list[Hex]:
    """Sectors next to the seat's sectors (connected) where entering means a fight."""
    generator = has_wormhole_generator(state, seat)
    found: set[Hex] = set()
    for s in state.sectors:
        if s.owner != seat and not s.ships_of(seat):
            continue
        for other in connected_sectors(state, s.hex, generator):
            if entering_creates_conflict(state, seat, other):
                found.add(other.hex)
    return sorted(found)


# ----- threats -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Threat:
    """An opponent's possible attack on one of the seat's sectors."""

    where: Hex
    enemy: int
    loses: float
    value: float


def threats(state: GameState, seat: int, book: OddsBook) -> list[Threat]:
    """Attacks the opponents could make on the seat's sectors with one Move action each, worst
    first (P(the seat loses the sector) x its value)."""
    mine = {s.hex for s in state.controlled(seat)}
    out: list[Threat] = []
    for enemy in state.active_seats():
        if enemy == seat or enemy in _friends(state, seat):
            continue
        moves = _next_turn_moves(state, enemy)
        n = activation_count(state, enemy, ActionKind.MOVE, False)
        for target, ships in sorted(_movers(state, enemy, moves).items()):
            if target not in mine:
                continue
            after = relocate(state, enemy, ships[:n], target)
            odds = book.sector(after, target)
            if odds is None:
                continue
            sector = state.sector(target)
            assert sector is not None
            loses = 1.0 - odds.holds(seat) if sector.ships_of(seat) else odds.holds(enemy)
            value = sector_value(state, seat, sector.tile, False)
            out.append(Threat(target, enemy, loses, loses * value))
    out.sort(key=lambda t: (-t.value, t.where))
    return out
