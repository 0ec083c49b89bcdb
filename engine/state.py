"""The game state: plain frozen data, changed only by ``engine.rules.apply``.

A ``GameState`` holds the galaxy (placed ``SectorState``s), the players (``PlayerState``), the
hidden supplies as multisets (sector stacks per ring, tech bag and tray, discovery and reputation
bags), the round, phase, start player and pass order, and ``pending``: the stack of decisions that
must be answered before the game goes on (the last one is answered next).

Nothing hidden is ordered: a stack is the set of hexes that may still come up, so drawing one is
a chance event with equal odds for each (``engine.rules.chance_outcomes``). A record of the
chance outcomes therefore replays a game without any random seed.

Population cubes on a sector are one flag per printed square (only the controller has cubes
there). Ships on a sector are ``(seat, class, count)`` triples; ships of one class and owner are
interchangeable outside battle. ``arrivals`` keeps the order in which players' ships entered the
sector, which battles need. ``damage`` lists the damage ships have taken during the combat phase
(``(seat, class, damage of each damaged ship)``, ``NPC`` as the seat of Ancients, guardians and
the GCDS); it is cleared when the combat phase ends. ``GameState.combat`` is where the combat
phase stands (``engine.combat``) while it runs.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from blueprints import Blueprint, NpcVariant, ShipClass, TechCategory, reputation_tiles
from engine.discoveries import DiscoveryModule
from engine.enums import Phase, Resource, RewardPlacement
from engine.hexes import Hex, rotate_mask
from engine.layouts import GalaxyLayout
from engine.sectors import SectorTile, sector_tile

if TYPE_CHECKING:
    from engine.combat_state import CombatState
    from engine.decisions import Decision

CHANCE = -1
"""The seat number of chance: pending decisions with this seat are chance events."""

NPC = -2
"""The side number of a sector's NPCs (Ancients, guardian, GCDS) in battles and damage records."""

NPC_CLASSES: tuple[ShipClass, ...] = (ShipClass.ANCIENT, ShipClass.GUARDIAN, ShipClass.GCDS)
"""The NPC ship classes, in the order ``SectorState`` counts them."""

TRACKS: tuple[TechCategory, ...] = (TechCategory.MILITARY, TechCategory.GRID, TechCategory.NANO)
"""The three tech tracks of a species board, in board order."""

SHIP_CLASSES: tuple[ShipClass, ...] = (
    ShipClass.INTERCEPTOR,
    ShipClass.CRUISER,
    ShipClass.DREADNOUGHT,
    ShipClass.STARBASE,
)
"""The ship classes the base-game species build."""

Fleet = tuple[tuple[int, ShipClass, int], ...]
"""Ships in a sector: ``(seat, class, count)``, sorted by seat then class order."""

Damage = tuple[tuple[int, ShipClass, tuple[int, ...]], ...]
"""Damage on ships in a sector: ``(seat or NPC, class, damage per damaged ship)``; each damage list
is sorted, largest first, and holds no zeros; entries are sorted by seat then class order."""


def _base_box_reputation() -> tuple[int, int, int, int]:
    return reputation_tiles().counts


@dataclass(frozen=True, slots=True)
class GameConfig:
    """What the players chose before setup.

    ``species`` gives each seat's species in clockwise seat order. One NPC tile of each type is
    used per game (``ancient``, ``guardian``, ``gcds`` printings). Modules of the bags:
    ``warp_portals`` keeps the base box's optional Warp Portals module (sectors 281, 381, 382, the
    Warp Portal rare tech and the Ancient Warp Portal discovery tile; rulebook p. 7);
    ``worlds_afar`` adds the discovery tiles of the Remnants of Worlds Afar expansion (Jump
    Drive, Morph Shield, Artifact Codex, Ancient Might, +3 Money and 3 of one resource);
    ``rift_cannon`` adds New Dangers' Rift Cannon tech and Rift Conductor discovery tile.
    ``reputation_tiles`` is the reputation bag at setup, tiles of value 1 to 4 (default: the base
    box's, ``blueprints/data/reputation.toml``). ``reward_placement`` says where discovery
    rewards that place something go (``RewardPlacement``). ``galaxy`` is the shape of the galaxy
    (``engine.layouts``): the plain grid, or for imported positions the AsyncEclipse bot's 4- and
    5-player galaxies with joined edges (left out of files when it is the plain grid).

    ``LEGACY`` gives the value a field had before it existed: a game record or snapshot without
    the field means that value (``engine.snapshot`` leaves a field out when it holds its legacy
    value, so older records keep their state hashes). The defaults are the base box and the
    rulebook; the legacy values are what Fleetlab used before the data was settled.

    >>> c = GameConfig(("terran_directorate", "planta"))
    >>> c.reputation_tiles, c.worlds_afar, c.reward_placement.value
    ((12, 10, 7, 4), False, 'rulebook')
    >>> sorted(m.value for m in c.discovery_modules)
    ['base', 'warp_portals']
    """

    LEGACY: ClassVar[Mapping[str, object]] = {
        "worlds_afar": True,
        "reputation_tiles": (12, 10, 7, 3),
        "reward_placement": RewardPlacement.ANY_CONTROLLED,
        "galaxy": GalaxyLayout.STANDARD,
    }

    species: tuple[str, ...]
    start_player: int = 0
    ancient: NpcVariant = NpcVariant.NORMAL
    guardian: NpcVariant = NpcVariant.NORMAL
    gcds: NpcVariant = NpcVariant.NORMAL
    warp_portals: bool = True
    rift_cannon: bool = False
    worlds_afar: bool = False
    reputation_tiles: tuple[int, int, int, int] = field(default_factory=_base_box_reputation)
    reward_placement: RewardPlacement = RewardPlacement.RULEBOOK
    galaxy: GalaxyLayout = GalaxyLayout.STANDARD

    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.species)

    @property
    def discovery_modules(self) -> frozenset[DiscoveryModule]:
        """The discovery-tile modules in this game's bag."""
        used = {DiscoveryModule.BASE}
        if self.warp_portals:
            used.add(DiscoveryModule.WARP_PORTALS)
        if self.worlds_afar:
            used.add(DiscoveryModule.WORLDS_AFAR)
        if self.rift_cannon:
            used.add(DiscoveryModule.RIFT_CANNON)
        return frozenset(used)


@dataclass(frozen=True, slots=True)
class SectorState:
    """A placed sector and everything on it.

    ``cubes[i]`` is True when printed square ``i`` holds a cube of the controller. ``orbital`` and
    ``monolith`` are structures (they belong to whoever controls the sector); ``orbital_cube`` is
    the cube on the orbital. ``portal`` names a warp portal placed on the sector (``"tech"`` or a
    discovery tile id), besides a printed one. ``discovery`` is a facedown discovery tile.
    """

    hex: Hex
    tile: int
    rotation: int
    owner: int | None = None
    cubes: tuple[bool, ...] = ()
    orbital: bool = False
    orbital_cube: bool = False
    monolith: bool = False
    portal: str | None = None
    discovery: bool = False
    ancients: int = 0
    guardian: int = 0
    gcds: int = 0
    ships: Fleet = ()
    arrivals: tuple[int, ...] = ()
    damage: Damage = ()

    @property
    def printed(self) -> SectorTile:
        """The printed hex."""
        return sector_tile(self.tile)

    @property
    def wormholes(self) -> int:
        """Board edges with a wormhole half, as a 6-bit mask."""
        return _board_mask(self.tile, self.rotation)

    @property
    def has_portal(self) -> bool:
        """True when a printed or placed warp portal is on the sector."""
        return self.portal is not None or sector_tile(self.tile).warp_portal

    @property
    def npcs(self) -> int:
        """Number of NPC ships (ancients, guardian, GCDS)."""
        return self.ancients + self.guardian + self.gcds

    def ships_of(self, seat: int, ship_class: ShipClass | None = None) -> int:
        """Ships of a player here, of one class or all."""
        return sum(
            n for s, c, n in self.ships if s == seat and (ship_class is None or c is ship_class)
        )

    def owners(self) -> tuple[int, ...]:
        """Seats with at least one ship here, in seat order."""
        return tuple(sorted({s for s, _, _ in self.ships}))

    def population(self) -> int:
        """Number of population cubes here (squares and orbital)."""
        return sum(self.cubes) + int(self.orbital_cube)

    def npc_count(self, ship_class: ShipClass) -> int:
        """NPC ships of one class here (ancient, guardian or GCDS)."""
        if ship_class is ShipClass.ANCIENT:
            return self.ancients
        if ship_class is ShipClass.GUARDIAN:
            return self.guardian
        if ship_class is ShipClass.GCDS:
            return self.gcds
        return 0

    def count(self, side: int, ship_class: ShipClass) -> int:
        """Ships of a class on a side (a seat, or ``NPC``)."""
        return self.npc_count(ship_class) if side == NPC else self.ships_of(side, ship_class)

    def damage_of(self, side: int, ship_class: ShipClass) -> tuple[int, ...]:
        """Damage of every ship of a class on a side, largest first (undamaged ships as 0)."""
        count = self.count(side, ship_class)
        for s, c, d in self.damage:
            if s == side and c is ship_class:
                return d + (0,) * (count - len(d))
        return (0,) * count


@cache
def _board_mask(tile: int, rotation: int) -> int:
    return rotate_mask(sector_tile(tile).wormhole_mask, rotation)


_CLASS_ORDER = {c: i for i, c in enumerate(ShipClass)}


def set_damage(damage: Damage, side: int, ship_class: ShipClass, ships: tuple[int, ...]) -> Damage:
    """The damage records with those of one class on one side replaced (``ships``: every
    ship's damage, in any order; zeros are dropped).

    >>> set_damage((), 0, ShipClass.CRUISER, (0, 2, 1))
    ((0, <ShipClass.CRUISER: 'cruiser'>, (2, 1)),)
    """
    kept = tuple(sorted((d for d in ships if d), reverse=True))
    out = {(s, c): d for s, c, d in damage if not (s == side and c is ship_class)}
    if kept:
        out[(side, ship_class)] = kept
    return tuple(
        (s, c, d)
        for (s, c), d in sorted(out.items(), key=lambda kv: (kv[0][0], _CLASS_ORDER[kv[0][1]]))
    )


def add_ships(fleet: Fleet, seat: int, ship_class: ShipClass, count: int) -> Fleet:
    """The fleet with ``count`` ships added (a negative count removes them).

    >>> add_ships(((0, ShipClass.INTERCEPTOR, 1),), 0, ShipClass.INTERCEPTOR, -1)
    ()
    """
    out: dict[tuple[int, ShipClass], int] = {(s, c): n for s, c, n in fleet}
    total = out.get((seat, ship_class), 0) + count
    if total < 0:
        raise ValueError(f"seat {seat} has no {ship_class.value} to remove")
    if total:
        out[(seat, ship_class)] = total
    else:
        out.pop((seat, ship_class), None)
    order = {c: i for i, c in enumerate(ShipClass)}
    return tuple(
        (s, c, n) for (s, c), n in sorted(out.items(), key=lambda kv: (kv[0][0], order[kv[0][1]]))
    )


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One player's species board, control board and supply.

    ``tracks`` are the cubes on the money, science and materials population tracks; production
    is read from the empty squares. ``discs_track`` are the discs on the influence track,
    ``discs_actions`` the discs on the action and reaction spaces this round and ``discs_spare``
    the discs still in the tray. ``techs`` lists the tech ids on each track (military, grid,
    nano) in the order placed. ``parts_held`` are discovery parts not on a blueprint,
    ``discovery_vp`` the discovery tiles kept VP side up, ``end_tiles`` discovery tiles whose
    reward is counted at game end. ``reputation`` are reputation tile values, ``ambassadors``
    the seats whose ambassador tile this player holds. ``final_score`` is set when the player
    is eliminated (their score counts as it stood then).
    """

    seat: int
    species: str
    money: int
    science: int
    materials: int
    tracks: tuple[int, int, int]
    graveyard: tuple[int, int, int]
    discs_track: int
    discs_actions: int
    discs_spare: int
    colony_ships: int
    colony_used: int
    techs: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    blueprints: tuple[Blueprint, ...]
    parts_held: tuple[str, ...] = ()
    discovery_vp: tuple[str, ...] = ()
    end_tiles: tuple[str, ...] = ()
    reputation: tuple[int, ...] = ()
    ambassadors: tuple[int, ...] = ()
    passed: bool = False
    eliminated: bool = False
    final_score: int | None = None

    def resource(self, kind: Resource) -> int:
        """Money, science or materials in storage."""
        if kind is Resource.MONEY:
            return self.money
        if kind is Resource.SCIENCE:
            return self.science
        return self.materials

    def with_resource(self, kind: Resource, delta: int) -> PlayerState:
        """A copy with ``delta`` added to one resource (never below zero)."""
        value = self.resource(kind) + delta
        if value < 0:
            raise ValueError(f"{kind.value} would go below zero ({value})")
        if kind is Resource.MONEY:
            return replace(self, money=value)
        if kind is Resource.SCIENCE:
            return replace(self, science=value)
        return replace(self, materials=value)

    def all_techs(self) -> tuple[str, ...]:
        """Every tech on the board, in track order."""
        return self.techs[0] + self.techs[1] + self.techs[2]

    def has_tech(self, tech_id: str) -> bool:
        """True when the tech is on one of the player's tracks."""
        return tech_id in self.techs[0] or tech_id in self.techs[1] or tech_id in self.techs[2]

    def blueprint(self, ship_class: ShipClass | str) -> Blueprint:
        """The player's current blueprint of a class."""
        wanted = ShipClass(ship_class)
        for bp in self.blueprints:
            if bp.ship_class is wanted:
                return bp
        raise KeyError(wanted)

    def discoveries_on_blueprints(self) -> tuple[str, ...]:
        """Discovery part ids placed on the player's blueprints."""
        return tuple(p.id for bp in self.blueprints for p in bp.parts() if p.is_discovery)

    @property
    def colony_ready(self) -> int:
        """Colony ships still face up."""
        return self.colony_ships - self.colony_used


@dataclass(frozen=True, slots=True)
class Stack:
    """One ring's facedown sector stack and its faceup discard pile.

    ``pool`` are the hexes that may be in the stack (at setup the outer pool holds every outer
    hex, of which only ``size`` form the stack: the rest are never seen). ``size`` is the number
    of hexes left in the stack. When it runs out the discard pile becomes the new stack.
    """

    pool: tuple[int, ...]
    size: int
    discard: tuple[int, ...] = ()

    @property
    def empty(self) -> bool:
        """True when neither the stack nor the discard pile has a hex left."""
        return self.size == 0 and not self.discard


@dataclass(frozen=True, slots=True)
class GameState:
    """The whole game. Build it with ``engine.setup.new_game``; change it with ``apply``.

    ``turn`` is the seat whose turn it is in the action phase. ``stacks`` are the ring I, II and
    III stacks. ``tech_bag`` and ``tech_tray`` count tiles per tech in ``tech_order()``;
    ``discovery_bag`` counts tiles per type in ``engine.discoveries`` order and
    ``discovery_out`` the tiles used up; ``reputation_bag`` counts tiles of value 1 to 4.
    ``scores`` is set when the game is over.
    """

    config: GameConfig
    round: int
    phase: Phase
    start_player: int
    turn: int
    players: tuple[PlayerState, ...]
    sectors: tuple[SectorState, ...]
    stacks: tuple[Stack, Stack, Stack]
    guardian_pool: tuple[int, ...]
    tech_bag: tuple[int, ...]
    tech_tray: tuple[int, ...]
    discovery_bag: tuple[int, ...]
    discovery_out: int
    reputation_bag: tuple[int, int, int, int]
    pending: tuple[Decision, ...]
    pass_order: tuple[int, ...] = ()
    next_start: int | None = None
    traitor: int | None = None
    scores: tuple[int, ...] | None = None
    combat: CombatState | None = None
    index: Mapping[Hex, int] = field(default_factory=dict, compare=False, repr=False)

    # ----- lookups -------------------------------------------------------------------------

    def sector(self, where: Hex) -> SectorState | None:
        """The sector at a hex, or ``None`` for an unexplored zone."""
        i = self.index.get(where)
        return None if i is None else self.sectors[i]

    def player(self, seat: int) -> PlayerState:
        """The player in a seat."""
        return self.players[seat]

    @property
    def decision(self) -> Decision | None:
        """The decision to answer next, or ``None`` when the game is over."""
        return self.pending[-1] if self.pending else None

    @property
    def to_act(self) -> int | None:
        """The seat that answers the next decision (``CHANCE`` for chance events)."""
        d = self.decision
        return None if d is None else d.seat

    @property
    def is_over(self) -> bool:
        """True after the final scoring."""
        return self.phase is Phase.GAME_OVER

    def controlled(self, seat: int) -> Iterator[SectorState]:
        """Sectors the player controls."""
        return (s for s in self.sectors if s.owner == seat)

    def active_seats(self) -> tuple[int, ...]:
        """Seats not eliminated, in seat order."""
        return tuple(p.seat for p in self.players if not p.eliminated)

    # ----- copies -------------------------------------------------------------------------

    def with_player(self, player: PlayerState) -> GameState:
        """A copy with one player replaced."""
        players = list(self.players)
        players[player.seat] = player
        return replace(self, players=tuple(players))

    def with_sector(self, sector: SectorState) -> GameState:
        """A copy with the sector at ``sector.hex`` replaced, or added if the zone was empty."""
        i = self.index.get(sector.hex)
        if i is None:
            index = dict(self.index)
            index[sector.hex] = len(self.sectors)
            return replace(self, sectors=(*self.sectors, sector), index=index)
        sectors = list(self.sectors)
        sectors[i] = sector
        return replace(self, sectors=tuple(sectors))

    def with_pending(self, *decisions: Decision, pop: int = 0) -> GameState:
        """A copy with ``pop`` decisions removed from the top, then ``decisions`` pushed."""
        base = self.pending[: len(self.pending) - pop] if pop else self.pending
        return replace(self, pending=(*base, *decisions))
