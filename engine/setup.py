"""Setup for 2 to 6 players, as the rules text says.

The galactic centre goes in the middle with a facedown discovery tile and the GCDS; each
player's home hex goes in their starting zone (``engine/data/rules.toml``) with its arrow
(printed edge 0) towards the centre, one influence disc, the starting ships (an interceptor;
Orion a cruiser) and a cube on every square without a star (Hydran also its advanced science
square). Empty starting zones get random guardian hexes with a facedown discovery tile and a
guardian, except at six players. Stacks: every inner and middle hex; the outer stack holds 5, 8,
14, 16 or 18 hexes for 2-6 players (drawn as the game goes: see ``engine.state.Stack``).
Each player: influence discs on the track (13 with the home disc; Eridani 11), three spare discs
in the tray, 11 cubes on each population track, the species' storage, colony ships, starting
techs and printed blueprints.

The bags: tech tiles (114 of 39 techs, rulebook p. 3; the Warp Portal tech only with the Warp
Portals module, the Rift Cannon only with its module), the discovery tiles of the configured
modules (the base box's 36 with the Warp Portals module; ``GameConfig.discovery_modules``) and
the reputation tiles ``GameConfig.reputation_tiles`` (the base box's 33 by default).

Setup's chance events are pending decisions of ``CHANCE`` like every other: the tech tiles drawn
into the tray (12-20 regular tiles, rare techs apart), the guardian hex of each empty zone and
the Eridani's two reputation tiles. ``new_game`` returns the state before them.

New Dangers modules (``GameConfig.modules``, ``engine.modules``): the special sectors of each
chosen type are shuffled into the stacks of their rings before the stacks are formed, so the
ring II stack grows by the Nebula 295 and the ring III stack keeps its size (its pool grows);
one Black Hole is drawn for the game (a chance event) and joins ring III; the Minor Species put
4 random tokens in the supply (chance events).
"""

from __future__ import annotations

from blueprints import Blueprint, all_species
from blueprints import species as find_species
from blueprints import tech as find_tech
from blueprints.catalogue import tech_draws
from engine.decisions import (
    BlackHoleDraw,
    Decision,
    GuardianDraw,
    MinorSpeciesDraw,
    ReputationDraw,
    TechDraw,
)
from engine.discoveries import initial_bag as initial_discovery_bag
from engine.enums import Phase
from engine.errors import SetupError
from engine.hexes import CENTRE, DIRECTIONS, Hex
from engine.layouts import GalaxyLayout, layout
from engine.modules import SUPPLY_SIZE, Module, SpecialSector
from engine.sectors import guardian_tiles, home_tile, sector_tile, special_tiles, stack_tiles
from engine.state import (
    CHANCE,
    SHIP_CLASSES,
    TRACKS,
    Fleet,
    GameConfig,
    GameState,
    PlayerState,
    SectorState,
    Stack,
    add_ships,
)
from engine.tables import tables
from engine.tech_supply import initial_bag

ERIDANI = "eridani_empire"


def base_species() -> tuple[str, ...]:
    """Ids of the species of the base game (the ones the engine plays)."""
    return tuple(s.id for s in all_species() if s.expansion == "base")


def _board(species_id: str) -> int:
    """Which double-sided species board a species is printed on (its home hex pair)."""
    return (find_species(species_id).home_sector - 221) // 2


def check_config(config: GameConfig) -> None:
    """Raise ``SetupError`` for a configuration the rules do not allow."""
    n = config.players
    if not 2 <= n <= 6:
        raise SetupError(f"Eclipse is played by 2 to 6 players, not {n!r}")
    legal = base_species()
    for s in config.species:
        if s not in legal:
            raise SetupError(
                f"species {s!r} is not a base-game species the engine plays; legal: {legal}"
            )
    if len(set(config.species)) != n:
        raise SetupError(f"each player needs a different species, got {config.species!r}")
    boards: dict[int, str] = {}
    for s in config.species:
        b = _board(s)
        if b in boards:
            raise SetupError(
                f"{boards[b]!r} and {s!r} are the two sides of one species board; "
                "only one of them can be played"
            )
        boards[b] = s
    if not 0 <= config.start_player < n:
        raise SetupError(f"start player must be a seat 0..{n - 1}, not {config.start_player!r}")
    tiles = config.reputation_tiles
    if len(tiles) != 4 or any(not isinstance(k, int) or k < 0 for k in tiles) or sum(tiles) < 1:
        raise SetupError(
            f"reputation tiles are counts of the values 1 to 4, each 0 or more and at least one "
            f"tile in all, not {tiles!r}"
        )
    wanted = layout(config.galaxy).players
    if wanted is not None and wanted != n:
        raise SetupError(
            f"the {config.galaxy.value!r} galaxy is made for {wanted} players, not {n}; "
            "the 'standard' galaxy takes any number"
        )


def start_zone(players: int, seat: int) -> tuple[Hex, int]:
    """The starting zone of a seat and the rotation that turns a home's arrow to the centre."""
    direction = tables().start_zones[players][seat]
    dq, dr = DIRECTIONS[direction]
    return Hex(2 * dq, 2 * dr), (direction + 3) % 6


def start_tracks(species_id: str) -> tuple[int, int, int]:
    """The cubes left on the money, science and materials tracks once the home sector's
    starting cubes are placed (``home_pieces``)."""
    home = home_tile(species_id)
    tracks = [tables().cubes_per_track] * 3
    for i in home.start_cubes:
        resource = home.squares[i].type.resource
        assert resource is not None
        tracks[resource.track] -= 1
    return tracks[0], tracks[1], tracks[2]


def home_pieces(seat: int, species_id: str) -> tuple[tuple[bool, ...], Fleet]:
    """What setup puts on a species' home sector besides its influence disc: a cube on each
    of the home tile's starting squares (which squares, per square of the tile) and the
    species' starting ships (as ``SectorState.ships``)."""
    home = home_tile(species_id)
    cubes = tuple(i in home.start_cubes for i in range(len(home.squares)))
    fleet: Fleet = ()
    for ship_class, count in find_species(species_id).starting_ships:
        fleet = add_ships(fleet, seat, ship_class, count)
    return cubes, fleet


def _player(seat: int, species_id: str) -> PlayerState:
    sp = find_species(species_id)
    t = tables()
    tracks = start_tracks(species_id)
    techs: list[tuple[str, ...]] = [(), (), ()]
    for tech_id in sp.starting_techs:
        k = TRACKS.index(find_tech(tech_id).category)
        techs[k] = (*techs[k], tech_id)
    blueprints = tuple(
        Blueprint.default(species_id, c) for c in SHIP_CLASSES if c in sp.ship_classes
    )
    return PlayerState(
        seat=seat,
        species=species_id,
        money=sp.storage.money,
        science=sp.storage.science,
        materials=sp.storage.materials,
        tracks=tracks,
        graveyard=(0, 0, 0),
        discs_track=sp.influence_discs,
        discs_actions=0,
        discs_spare=t.spare_discs,
        colony_ships=sp.colony_ships,
        colony_used=0,
        techs=(techs[0], techs[1], techs[2]),
        blueprints=blueprints,
    )


def _home(seat: int, species_id: str, players: int) -> SectorState:
    where, rotation = start_zone(players, seat)
    cubes, fleet = home_pieces(seat, species_id)
    return SectorState(
        hex=where,
        tile=home_tile(species_id).id,
        rotation=rotation,
        owner=seat,
        cubes=cubes,
        ships=fleet,
        arrivals=(seat,) if fleet else (),
    )


def initial_stacks(config: GameConfig) -> tuple[Stack, Stack, Stack]:
    """The ring I, II and III stacks of a game before the Black Hole is drawn: every inner and
    middle hex and an outer stack of 5-18 hexes, with the chosen modules' special sectors
    shuffled into their rings (the ring III count unchanged)."""
    holes = special_tiles(SpecialSector.BLACK_HOLE)
    pools = [
        tuple(t for t in stack_tiles(ring, config.warp_portals, config.modules) if t not in holes)
        for ring in (1, 2, 3)
    ]
    outer = tables().outer_stack[config.players]
    return (Stack(pools[0], len(pools[0])), Stack(pools[1], len(pools[1])), Stack(pools[2], outer))


def new_game(config: GameConfig) -> GameState:
    """The state after setup's fixed steps, with its chance events pending.

    >>> from engine.rules import legal_actions
    >>> s = new_game(GameConfig(("terran_directorate", "planta")))
    >>> s.phase.value, s.to_act, len(s.sectors)
    ('setup', -1, 3)
    >>> str(legal_actions(s)[0])
    'draw_tech neutron_bombs'
    """
    check_config(config)
    if config.galaxy is not GalaxyLayout.STANDARD:
        # The starting zones of the joined galaxies are the bot's, not the rulebook's.
        raise SetupError(
            f"Fleetlab sets up the 'standard' galaxy only, not {config.galaxy.value!r}; "
            "the joined galaxies come with positions imported from the AsyncEclipse bot"
        )
    n = config.players
    centre_tile = sector_tile(1)
    centre = SectorState(
        hex=CENTRE,
        tile=1,
        rotation=0,
        cubes=(False,) * len(centre_tile.squares),
        discovery=True,
        gcds=1,
    )
    sectors = [centre] + [_home(i, s, n) for i, s in enumerate(config.species)]
    players = tuple(_player(i, s) for i, s in enumerate(config.species))
    stacks = initial_stacks(config)
    used = {start_zone(n, i)[0] for i in range(n)}
    zones = (Hex(2 * dq, 2 * dr) for dq, dr in DIRECTIONS)
    empty = tuple(h for h in zones if h not in used)
    pending: list[Decision] = []
    for seat, species_id in reversed(list(enumerate(config.species))):
        if species_id == ERIDANI:
            pending.append(ReputationDraw(CHANCE, seat, tables().eridani_setup_draws))
    if empty and (n < 6 or tables().guardians_at_six):
        pending.append(GuardianDraw(CHANCE, empty))
    pending.append(TechDraw(CHANCE, tech_draws().at_setup(n)))
    if config.has(Module.MINOR_SPECIES):
        pending.append(MinorSpeciesDraw(CHANCE, SUPPLY_SIZE))
    if config.has(Module.BLACK_HOLE):
        pending.append(BlackHoleDraw(CHANCE))
    state = GameState(
        config=config,
        round=1,
        phase=Phase.SETUP,
        start_player=config.start_player,
        turn=config.start_player,
        players=players,
        sectors=tuple(sectors),
        stacks=stacks,
        guardian_pool=guardian_tiles(),
        tech_bag=initial_bag(config.rift_cannon, config.warp_portals),
        tech_tray=(0,) * len(initial_bag(config.rift_cannon, config.warp_portals)),
        discovery_bag=initial_discovery_bag(config.discovery_modules),
        discovery_out=0,
        reputation_bag=config.reputation_tiles,
        pending=tuple(pending),
        index={s.hex: i for i, s in enumerate(sectors)},
    )
    return state
