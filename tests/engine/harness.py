"""The conformance harness: play random games and check the rules' invariants after every step.

``check_invariants(state)`` checks what must hold in every state (resources never negative;
discs, cubes, ships and tiles conserved). ``check_step(before, action, after)`` checks what may
change in one step (ships appear only by building or a discovery cruiser and vanish only with an
eliminated player; moves keep every class's count). ``probe(state, rng)`` applies a sample of
the offered actions (each must apply) and of actions not offered (each must be refused).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cache

import numpy as np

from blueprints import Blueprint, Origin, ShipClass, ship_class_info
from blueprints import species as find_species
from engine.actions.base import Action, parse_action
from engine.actions.build import Build
from engine.actions.colony import Colonize
from engine.actions.discovery import ChooseSector, RevealDiscovery, TakeReward
from engine.actions.explore import ExploreZone, PlaceSector
from engine.actions.influence import InfluenceDisc
from engine.actions.move import MoveShip
from engine.actions.research import Research
from engine.actions.trade import Trade
from engine.actions.upgrade import InstallPart, PlacePart
from engine.decisions import CubeReturn, DiscoveryChoice, SectorDraw, SectorPlacement
from engine.discoveries import discovery_tiles
from engine.enums import RESOURCES, Phase, Resource
from engine.errors import IllegalActionError
from engine.galaxy import is_contested
from engine.hexes import Hex
from engine.play import random_config, sample_chance
from engine.players import RandomPlayer
from engine.rules import apply, chance_outcomes, legal_actions
from engine.sectors import sector_tile, stack_tiles
from engine.setup import new_game
from engine.state import CHANCE, SHIP_CLASSES, GameConfig, GameState
from engine.tables import tables
from engine.tech_supply import initial_bag, tech_order


class InvariantError(AssertionError):
    """An invariant of the rules does not hold."""


def _fail(state: GameState, what: str) -> None:
    raise InvariantError(f"round {state.round} {state.phase.value}: {what}")


def cube_total() -> int:
    """Cubes a player owns: 11 on each of three tracks."""
    return 3 * tables().cubes_per_track


def disc_total(species_id: str) -> int:
    """Discs a player owns: the track, the home disc and the spare ones."""
    return find_species(species_id).influence_discs + 1 + tables().spare_discs


_validated: dict[int, tuple[Blueprint, tuple[str, ...]]] = {}


def _problems(bp: Blueprint, techs: tuple[str, ...]) -> tuple[str, ...]:
    # Blueprints are shared between states, so identity tells an unchanged one cheaply.
    seen = _validated.get(id(bp))
    if seen is not None and seen[0] is bp and seen[1] == techs:
        return ()
    found = tuple(str(p) for p in bp.problems(techs=techs))
    if not found:
        _validated[id(bp)] = (bp, techs)
    return found


@cache
def _squares(tile: int) -> int:
    return len(sector_tile(tile).squares)


@cache
def _limit(cls: ShipClass) -> int:
    return ship_class_info(cls).limit


def check_invariants(state: GameState) -> None:
    """Everything that holds in every state of a game."""
    n = len(state.players)
    controlled = [0] * n
    population = [0] * n
    ships: Counter[tuple[int, ShipClass]] = Counter()
    for s in state.sectors:
        if s.owner is not None:
            controlled[s.owner] += 1
            population[s.owner] += sum(s.cubes) + s.orbital_cube
        elif any(s.cubes) or s.orbital_cube:
            _fail(state, f"uncontrolled sector {s.hex} holds cubes")
        if len(s.cubes) != _squares(s.tile):
            _fail(state, f"sector {s.hex} has {len(s.cubes)} square flags")
        if s.orbital_cube and not s.orbital:
            _fail(state, f"sector {s.hex} has a cube on a missing orbital")
        present = []
        for seat, cls, count in s.ships:
            if count <= 0:
                _fail(state, f"sector {s.hex} has an empty ship entry")
            ships[(seat, cls)] += count
            if seat not in present:
                present.append(seat)
        if sorted(s.arrivals) != sorted(present) or len(set(s.arrivals)) != len(s.arrivals):
            _fail(state, f"sector {s.hex} arrivals {s.arrivals} but ships of {present}")
    cubes_away = [0] * n
    for d in state.pending:
        if isinstance(d, CubeReturn):
            cubes_away[d.seat] += 1
    given = [0] * n
    for p in state.players:
        for other in p.ambassadors:
            given[other] += 1
    for p in state.players:
        if min(p.money, p.science, p.materials) < 0:
            for r in RESOURCES:
                if p.resource(r) < 0:
                    _fail(state, f"seat {p.seat} has {p.resource(r)} {r.value}")
        if min(p.tracks) < 0 or max(p.tracks) > tables().track_squares:
            _fail(state, f"seat {p.seat} tracks {p.tracks}")
        if p.colony_used < 0 or p.colony_used > p.colony_ships:
            _fail(state, f"seat {p.seat} colony ships {p.colony_used}/{p.colony_ships}")
        if p.eliminated:
            if controlled[p.seat] or any(ships[(p.seat, c)] for c in SHIP_CLASSES):
                _fail(state, f"eliminated seat {p.seat} still has pieces on the board")
            continue
        discs = p.discs_track + p.discs_actions + p.discs_spare + controlled[p.seat]
        if min(p.discs_track, p.discs_actions, p.discs_spare) < 0:
            _fail(state, f"seat {p.seat} negative disc count")
        if discs != disc_total(p.species):
            _fail(state, f"seat {p.seat} has {discs} discs, not {disc_total(p.species)}")
        cubes = sum(p.tracks) + sum(p.graveyard) + population[p.seat]
        cubes += given[p.seat] + cubes_away[p.seat]
        if cubes != cube_total():
            _fail(state, f"seat {p.seat} has {cubes} cubes, not {cube_total()}")
        for other in p.ambassadors:
            if state.players[other].eliminated or p.seat not in state.players[other].ambassadors:
                _fail(state, f"ambassadors of seats {p.seat} and {other} do not match")
        if len(set(p.ambassadors)) != len(p.ambassadors):
            _fail(state, f"seat {p.seat} holds an ambassador twice")
        for cls in SHIP_CLASSES:
            count = ships[(p.seat, cls)]
            if count > _limit(cls):
                _fail(state, f"seat {p.seat} has {count} {cls.value}s on the board")
        if any(len(t) > 7 for t in p.techs):
            _fail(state, f"seat {p.seat} has a track with more than 7 techs")
        techs = tuple(sorted(p.all_techs()))
        for bp in p.blueprints:
            problems = _problems(bp, techs)
            if problems:
                _fail(state, f"seat {p.seat} illegal blueprint {bp}: {problems[0]}")
    _check_tiles(state)


def _in_hand(state: GameState) -> Counter[int]:
    hand: Counter[int] = Counter()
    for d in state.pending:
        if isinstance(d, SectorDraw | SectorPlacement):
            hand.update(d.drawn)
    return hand


@cache
def _rings(warp_portals: bool, players: int) -> tuple[tuple[frozenset[int], int], ...]:
    out = []
    for ring in (1, 2, 3):
        tiles = frozenset(stack_tiles(ring, warp_portals))
        out.append((tiles, len(tiles) if ring < 3 else tables().outer_stack[players]))
    return tuple(out)


@cache
def _starting_techs(species: tuple[str, ...]) -> Counter[str]:
    return Counter(t for s in species for t in find_species(s).starting_techs)


def _check_tiles(state: GameState) -> None:
    placed = [s.tile for s in state.sectors]
    placed_set = set(placed)
    if len(placed_set) != len(placed):
        _fail(state, "a sector hex is on the board twice")
    hand = _in_hand(state)
    config = state.config
    for ring, (ring_tiles, total) in enumerate(_rings(config.warp_portals, config.players), 1):
        stack = state.stacks[ring - 1]
        on_board = len(placed_set & ring_tiles)
        held = sum(n for t, n in hand.items() if t in ring_tiles)
        count = on_board + held + len(stack.discard) + stack.size
        if count != total:
            _fail(state, f"ring {ring}: {count} hexes accounted for, not {total}")
        if stack.size > len(stack.pool):
            _fail(state, f"ring {ring}: stack of {stack.size} from a pool of {len(stack.pool)}")
        if not (set(stack.pool) | set(stack.discard)) <= ring_tiles:
            _fail(state, f"ring {ring}: foreign hexes in the stack")
        if stack.size and set(stack.pool) & (placed_set | set(hand)):
            _fail(state, f"ring {ring}: a placed hex is still in the stack")
    guardians = sum(1 for t in placed if 271 <= t <= 274)  # the guardian hexes
    if guardians + len(state.guardian_pool) != 4:
        _fail(state, "guardian hexes not conserved")
    # Tech tiles: bag + tray + researched (starting techs are species components).
    researched = Counter(t for p in state.players for t in p.all_techs())
    researched.subtract(_starting_techs(config.species))
    bag = initial_bag(config.rift_cannon)
    for i, tech_id in enumerate(tech_order()):
        got = state.tech_bag[i] + state.tech_tray[i] + researched[tech_id]
        if got != bag[i] or state.tech_bag[i] < 0 or state.tech_tray[i] < 0:
            _fail(state, f"tech {tech_id!r}: {got} tiles accounted for, not {bag[i]}")
    # Discovery tiles.
    total = sum(t.count for t in discovery_tiles(config.rift_cannon))
    held = 0
    for p in state.players:
        held += len(p.discovery_vp) + len(p.parts_held) + len(p.end_tiles)
        for bp in p.blueprints:
            held += sum(1 for part in bp.parts() if part.origin is Origin.DISCOVERY)
    portals = sum(1 for s in state.sectors if s.portal is not None and s.portal != "tech")
    in_flight = sum(1 for d in state.pending if isinstance(d, DiscoveryChoice))
    facedown = sum(1 for s in state.sectors if s.discovery)
    got = sum(state.discovery_bag) + held + portals + state.discovery_out + in_flight
    if got != total:
        _fail(state, f"{got} discovery tiles accounted for, not {total}")
    if facedown > sum(state.discovery_bag):
        _fail(state, "more facedown discovery tiles than tiles in the bag")
    # Reputation tiles.
    rep = sum(state.reputation_bag) + sum(len(p.reputation) for p in state.players)
    if rep != sum(tables().reputation_tiles):
        _fail(state, f"{rep} reputation tiles accounted for")


def _ships(state: GameState) -> Counter[tuple[int, ShipClass]]:
    out: Counter[tuple[int, ShipClass]] = Counter()
    for s in state.sectors:
        for seat, cls, n in s.ships:
            out[(seat, cls)] += n
    return out


def check_step(before: GameState, action: Action, after: GameState) -> None:
    """What one step may change: ships only by building, a discovery cruiser or elimination."""
    was, now = _ships(before), _ships(after)
    if was == now:
        return
    diff = Counter(now)
    diff.subtract(was)
    changes = {k: v for k, v in diff.items() if v}
    seat = before.to_act
    if isinstance(action, Build) and changes == {(seat, ShipClass(action.item)): 1}:
        return
    cruiser = {(seat, ShipClass.CRUISER): 1}
    if isinstance(action, TakeReward | ChooseSector) and changes == cruiser:
        return
    eliminated = {
        p.seat for p in after.players if p.eliminated and not before.players[p.seat].eliminated
    }
    if all(k[0] in eliminated and v < 0 for k, v in changes.items()):
        return
    _fail(after, f"{action} changed the ships by {changes}")


# ----- probing offered and refused actions --------------------------------------------------------


def _mutations(state: GameState, action: Action, rng: random.Random) -> list[Action]:
    hexes = [s.hex for s in state.sectors] + [Hex(9, 9)]
    out: list[Action] = []
    if isinstance(action, MoveShip):
        out.append(replace(action, target=rng.choice(hexes)))
        out.append(replace(action, ship_class=ShipClass.STARBASE))
    elif isinstance(action, Build):
        out.append(replace(action, where=rng.choice(hexes)))
        out.append(replace(action, item=rng.choice(["dreadnought", "monolith", "orbital"])))
    elif isinstance(action, Colonize):
        out.append(replace(action, square=action.square + 1))
        out.append(replace(action, resource=rng.choice(list(Resource))))
    elif isinstance(action, Research):
        out.append(replace(action, tech=rng.choice(tech_order())))
    elif isinstance(action, PlaceSector):
        out.append(replace(action, rotation=(action.rotation + rng.randint(1, 5)) % 6))
    elif isinstance(action, ExploreZone):
        out.append(replace(action, where=rng.choice(hexes)))
    elif isinstance(action, InfluenceDisc):
        out.append(replace(action, target=rng.choice(hexes)))
    elif isinstance(action, PlacePart):
        out.append(replace(action, part=rng.choice(["plasma_cannon", "antimatter_cannon"])))
        out.append(replace(action, slot=action.slot + 1))
    elif isinstance(action, InstallPart):
        out.append(replace(action, slot=action.slot + 1))
    elif isinstance(action, Trade):
        out.append(replace(action, get=action.give))
    elif isinstance(action, RevealDiscovery):
        out.append(RevealDiscovery(rng.choice([t.id for t in discovery_tiles()])))
    return out


_GENERIC = [
    "pass",
    "end",
    "action explore",
    "reaction research",
    "claim (0,0)",
    "decline",
    "reward",
    "keep_vp",
    "pay_upkeep",
    "draw_tech starbase",
    "draw_sector 101",
    "draw_reputation 4",
    "trade money money",
]


def probe(state: GameState, rng: random.Random, offered: int = 3, refused: int = 4) -> int:
    """Apply a sample of offered actions (must work) and of others (must be refused).

    Returns the number of actions probed.
    """
    legal = legal_actions(state)
    legal_set = set(legal)
    probes = 0
    for action in rng.sample(list(legal), min(offered, len(legal))):
        apply(state, action)  # must not raise
        probes += 1
    candidates: list[Action] = []
    for action in rng.sample(list(legal), min(3, len(legal))):
        candidates.extend(_mutations(state, action, rng))
    candidates.extend(parse_action(t) for t in rng.sample(_GENERIC, 4))
    candidates = [c for c in candidates if c not in legal_set]
    for action in candidates[:refused]:
        try:
            apply(state, action)
        except IllegalActionError:
            probes += 1
            continue
        raise InvariantError(f"{action} was applied but is not among the legal actions")
    return probes


@dataclass
class GameReport:
    """What one harness game did."""

    config: GameConfig
    steps: int = 0
    probes: int = 0
    eliminated: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    final: GameState | None = None


def play_checked(
    players: int, seed: int, reckless: float = 0.0, probe_every: int = 7
) -> GameReport:
    """One random game with every invariant checked after every step."""
    rng = np.random.default_rng(seed)
    prng = random.Random(seed)
    config = random_config(players, rng)
    bots = [RandomPlayer(np.random.default_rng(seed * 10 + i), reckless) for i in range(players)]
    state = new_game(config)
    report = GameReport(config)
    check_invariants(state)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        if seat == CHANCE:
            outcomes = chance_outcomes(state)
            if abs(sum(p for _, p in outcomes) - 1.0) > 1e-9:
                _fail(state, "chance outcomes do not add up to 1")
            action = sample_chance(state, rng)
        else:
            actions = legal_actions(state)
            if not actions:
                _fail(state, f"no legal action for {state.decision}")
            action = bots[seat].choose(state, actions)
        if parse_action(str(action)) != action:
            _fail(state, f"{action!r} does not read back from its text {str(action)!r}")
        if report.steps % probe_every == 0:
            report.probes += probe(state, prng)
        after = apply(state, action)
        check_invariants(after)
        check_step(state, action, after)
        if after.phase is Phase.COMBAT and any(is_contested(after, s) for s in after.sectors):
            _fail(after, "a contested sector in part 1")
        report.kinds[action.VERB] += 1
        report.steps += 1
        state = after
    report.final = state
    report.eliminated = sum(p.eliminated for p in state.players)
    if state.scores is None or len(state.scores) != players:
        _fail(state, "no final scores")
    return report


__all__ = [
    "GameReport",
    "InvariantError",
    "check_invariants",
    "check_step",
    "play_checked",
    "probe",
]
