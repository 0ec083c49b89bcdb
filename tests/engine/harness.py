"""The conformance harness: play random games and check the rules' invariants after every step.

``check_invariants(state)`` checks what must hold in every state (resources never negative;
discs, cubes, ships and tiles conserved, reputation tiles in the bag, on tracks or in a hand;
damage only during the combat phase, on ships that exist, never past their hull).
``check_step(before, action, after)`` checks what may change in one step: ships appear only by
building or a discovery cruiser, are destroyed only in a battle (or leave with an eliminated
player), change sector only by a move or a retreat from a battle; NPCs appear only on a newly
placed sector and are destroyed only in a battle; control changes only by exploring, influence,
a claim, abandoning at upkeep, elimination, or losing the last cube to opponent ships in the
combat phase; reputation tracks change only by the reputation draws, diplomacy or setup.
``probe(state, rng)`` applies a sample of the offered actions (each must apply) and of actions
not offered (each must be refused).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cache

import numpy as np

from blueprints import Blueprint, Origin, ShipClass, npc_tile, ship_class_info
from blueprints import species as find_species
from engine.actions.base import Action, parse_action
from engine.actions.build import Build, place_ship
from engine.actions.colony import Colonize
from engine.actions.combat import AssignDamage, DestroyCube, KeepReputation, RetreatTo, RollDice
from engine.actions.diplomacy import AcceptDiplomacy
from engine.actions.discovery import ChooseSector, RevealDiscovery, TakeReward
from engine.actions.explore import ExploreZone, PlaceSector
from engine.actions.influence import InfluenceDisc
from engine.actions.move import MoveShip
from engine.actions.research import Research
from engine.actions.trade import Trade
from engine.actions.turn import Claim
from engine.actions.upgrade import InstallPart, PlacePart
from engine.chance import DrawReputation
from engine.combat import battle_sectors
from engine.decisions import (
    BattleReputationDraw,
    CubeReturn,
    DiscoveryChoice,
    GraveyardChoice,
    ReputationKeep,
    SectorDraw,
    SectorPlacement,
)
from engine.discoveries import discovery_tiles
from engine.discoveries import initial_bag as initial_discovery_bag
from engine.enums import RESOURCES, Phase, Resource
from engine.errors import IllegalActionError
from engine.hexes import Hex
from engine.play import random_config, sample_chance
from engine.players import RandomPlayer
from engine.rules import apply, chance_outcomes, legal_actions
from engine.sectors import home_tile, sector_tile, stack_tiles
from engine.setup import new_game
from engine.state import CHANCE, NPC, NPC_CLASSES, SHIP_CLASSES, GameConfig, GameState
from engine.tables import tables
from engine.tech_supply import initial_bag, tech_order
from engine.upkeep import Abandon


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
        if isinstance(d, CubeReturn | GraveyardChoice):
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
    _check_damage(state)


def _check_damage(state: GameState) -> None:
    if state.combat is not None and state.phase is not Phase.COMBAT:
        _fail(state, "a combat in progress outside the combat phase")
    for s in state.sectors:
        if min(s.ancients, s.guardian, s.gcds) < 0:
            _fail(state, f"sector {s.hex} has a negative NPC count")
        if s.damage and state.combat is None:
            _fail(state, f"sector {s.hex} has damage {s.damage} outside the combat phase")
        for side, cls, damage in s.damage:
            count = s.count(side, cls)
            if not damage or len(damage) > count or min(damage) <= 0:
                _fail(state, f"sector {s.hex}: damage {damage} on {count} {cls.value}(s)")
            hull = _hull(state, side, cls)
            if max(damage) > hull:
                _fail(state, f"sector {s.hex}: a {cls.value} with {max(damage)} damage survives")


def _hull(state: GameState, side: int, cls: ShipClass) -> int:
    if side == NPC:
        variant = {
            ShipClass.ANCIENT: state.config.ancient,
            ShipClass.GUARDIAN: state.config.guardian,
            ShipClass.GCDS: state.config.gcds,
        }[cls]
        return npc_tile(cls, variant).stats.hull
    return state.players[side].blueprint(cls).stats.hull


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
    bag = initial_bag(config.rift_cannon, config.warp_portals)
    for i, tech_id in enumerate(tech_order()):
        got = state.tech_bag[i] + state.tech_tray[i] + researched[tech_id]
        if got != bag[i] or state.tech_bag[i] < 0 or state.tech_tray[i] < 0:
            _fail(state, f"tech {tech_id!r}: {got} tiles accounted for, not {bag[i]}")
    # Discovery tiles.
    total = sum(initial_discovery_bag(config.discovery_modules))
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
    # Reputation tiles: in the bag, on the tracks, or drawn and not yet kept or returned.
    rep = sum(state.reputation_bag) + sum(len(p.reputation) for p in state.players)
    for d in state.pending:
        if isinstance(d, BattleReputationDraw | ReputationKeep):
            rep += len(d.drawn)
    if rep != sum(config.reputation_tiles) or min(state.reputation_bag) < 0:
        _fail(state, f"{rep} reputation tiles accounted for")


def _battles(before: GameState, after: GameState) -> set[Hex]:
    """Sectors whose battles may be fought during one step: the sector being resolved and those
    queued, or every battle sector when the step starts the combat phase."""
    combat = before.combat
    out: set[Hex] = set()
    if combat is not None:
        if combat.current is not None:
            out.add(combat.current.where)
        out.update(combat.queue)
    elif before.phase is Phase.ACTION and after.phase is not Phase.ACTION:
        out.update(battle_sectors(before))
    return out


def _combat_step(before: GameState, after: GameState) -> bool:
    """True when the step plays (part of) the combat phase."""
    if before.phase is Phase.COMBAT:
        return True
    return before.phase is Phase.ACTION and after.phase is not Phase.ACTION


def _sector_ships(state: GameState) -> Counter[tuple[Hex, int, ShipClass]]:
    out: Counter[tuple[Hex, int, ShipClass]] = Counter()
    for s in state.sectors:
        for seat, cls, n in s.ships:
            out[(s.hex, seat, cls)] += n
        for cls in NPC_CLASSES:
            if s.npc_count(cls):
                out[(s.hex, NPC, cls)] += s.npc_count(cls)
    return out


def check_step(before: GameState, action: Action, after: GameState) -> None:
    """What one step may change (see the module doc)."""
    _check_ships(before, action, after)
    _check_control(before, action, after)
    _check_reputation(before, action, after)


def _check_ships(before: GameState, action: Action, after: GameState) -> None:
    was, now = _sector_ships(before), _sector_ships(after)
    if was == now:
        return
    seat = before.to_act
    battles = _battles(before, after)
    eliminated = {
        p.seat for p in after.players if p.eliminated and not before.players[p.seat].eliminated
    }
    placed = {s.hex for s in after.sectors} - {s.hex for s in before.sectors}
    diff = Counter(now)
    diff.subtract(was)
    gained: Counter[tuple[int, ShipClass]] = Counter()
    lost: Counter[tuple[int, ShipClass]] = Counter()
    for (where, side, cls), v in diff.items():
        if v > 0:
            if side == NPC and where not in placed:
                _fail(after, f"{action}: {v} NPC {cls.value}(s) appeared in {where}")
            if side != NPC:
                gained[(side, cls)] += v
        elif v < 0:
            if side == NPC and where not in battles:
                _fail(after, f"{action}: NPC {cls.value}(s) destroyed outside a battle")
            if side != NPC:
                lost[(side, cls)] -= v
                left = where not in battles and not isinstance(action, MoveShip)
                if left and side not in eliminated:
                    _fail(after, f"{action}: ships of seat {side} left {where}")
    net = Counter(gained)
    net.subtract(lost)
    built = {k: v for k, v in net.items() if v > 0}
    destroyed = {k: -v for k, v in net.items() if v < 0}
    moved = sum(min(gained[k], lost[k]) for k in gained)
    if built:
        ok = isinstance(action, Build) and built == {(seat, ShipClass(action.item)): 1}
        cruiser = {(seat, ShipClass.CRUISER): 1}
        ok = ok or (isinstance(action, TakeReward | ChooseSector) and built == cruiser)
        if not ok:
            _fail(after, f"{action} created ships {built}")
    for (side, cls), n in destroyed.items():
        if side in eliminated:
            continue
        if not battles:
            _fail(after, f"{action} destroyed {n} {cls.value}(s) of seat {side} outside a battle")
    if moved and not battles and not (isinstance(action, MoveShip) and moved == 1):
        _fail(after, f"{action} moved ships between sectors outside a move or a battle")


def _check_control(before: GameState, action: Action, after: GameState) -> None:
    seat = before.to_act
    for s in after.sectors:
        old = before.sector(s.hex)
        was = None if old is None else old.owner
        now = s.owner
        if now == was:
            continue
        if was is not None and after.players[was].eliminated:
            continue  # an eliminated player's discs leave the board
        if isinstance(action, InfluenceDisc) and seat in (was, now):
            continue
        if was is None and now == seat and isinstance(action, Claim):
            continue  # exploring, or a claim at the end of the combat phase
        if now is None and was == seat and isinstance(action, Abandon):
            continue
        lost = (
            now is None
            and was is not None
            and _combat_step(before, after)
            and s.population() == 0
            and any(o != was for o, _, _ in s.ships)
        )
        if lost:
            continue  # the controller lost its last cube to opponent ships
        _fail(after, f"{action}: control of {s.hex} went from {was} to {now}")


def _check_reputation(before: GameState, action: Action, after: GameState) -> None:
    for p, q in zip(before.players, after.players, strict=True):
        if p.reputation == q.reputation:
            continue
        if before.phase is Phase.SETUP and isinstance(action, DrawReputation):
            continue
        if isinstance(action, KeepReputation | AcceptDiplomacy):
            continue
        _fail(
            after, f"{action} changed seat {p.seat}'s reputation {p.reputation} -> {q.reputation}"
        )


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
    elif isinstance(action, RollDice):
        faces = list(action.values)
        out.append(RollDice(action.colour, ",".join(str(f) for f in [*faces, 6])))
        out.append(RollDice(action.colour, ",".join(["7", *map(str, faces[1:])])))
    elif isinstance(action, AssignDamage):
        out.append(AssignDamage(action.result + ",0"))
        out.append(AssignDamage(action.result.replace("-", "9")))
    elif isinstance(action, RetreatTo):
        out.append(RetreatTo(rng.choice(hexes)))
    elif isinstance(action, KeepReputation):
        out.append(replace(action, value=action.value % 4 + 1))
        out.append(replace(action, swap=5))
    elif isinstance(action, DestroyCube):
        out.append(DestroyCube(action.square + rng.randint(1, 4)))
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
    "attack",
    "roll yellow 6",
    "assign interceptor:-",
    "keep_reputation 4 -",
    "destroy_cube 0",
    "graveyard money",
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


def add_skirmish(state: GameState) -> GameState:
    """Extra fleets for battle-heavy games: each player gets 2 interceptors and a cruiser at home
    and sends 2 interceptors and a cruiser into the next player's home sector."""
    homes = {}
    for p in state.players:
        tile = home_tile(p.species).id
        homes[p.seat] = next(s.hex for s in state.sectors if s.tile == tile)
    n = len(state.players)
    for p in state.players:
        for where, cls, count in (
            (homes[p.seat], ShipClass.INTERCEPTOR, 2),
            (homes[p.seat], ShipClass.CRUISER, 1),
            (homes[(p.seat + 1) % n], ShipClass.INTERCEPTOR, 2),
            (homes[(p.seat + 1) % n], ShipClass.CRUISER, 1),
        ):
            sector = state.sector(where)
            assert sector is not None
            for _ in range(count):
                sector = place_ship(sector, p.seat, cls)
            state = state.with_sector(sector)
    return state


@dataclass
class GameReport:
    """What one harness game did."""

    config: GameConfig
    steps: int = 0
    probes: int = 0
    eliminated: int = 0
    battle_sectors: int = 0
    steps_in_game: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    decisions: Counter[str] = field(default_factory=Counter)
    final: GameState | None = None


def play_checked(
    players: int,
    seed: int,
    reckless: float = 0.0,
    probe_every: int = 7,
    aggression: float = 0.0,
    skirmish: bool = False,
) -> GameReport:
    """One random game with every invariant checked after every step.

    With ``skirmish`` every player gets extra warships when round 1 begins and sends some into
    the next player's home sector (``add_skirmish``), so the game starts with battles and attacks
    on population.
    """
    rng = np.random.default_rng(seed)
    prng = random.Random(seed)
    config = random_config(players, rng)
    bots = [
        RandomPlayer(np.random.default_rng(seed * 10 + i), reckless, aggression)
        for i in range(players)
    ]
    state = new_game(config)
    report = GameReport(config)
    check_invariants(state)
    while not state.is_over:
        if (
            skirmish
            and state.phase is Phase.ACTION
            and state.round == 1
            and not report.steps_in_game
        ):
            state = add_skirmish(state)
            check_invariants(state)
            report.steps_in_game = 1
        seat = state.to_act
        assert seat is not None
        report.decisions[type(state.decision).__name__] += 1
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
        was = state.combat.current if state.combat is not None else None
        now = after.combat.current if after.combat is not None else None
        if was is not None and (now is None or now.where != was.where):
            report.battle_sectors += 1
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
