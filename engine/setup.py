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
"""

from __future__ import annotations

from blueprints import Blueprint, ShipClass, all_species
from blueprints import species as find_species
from blueprints import tech as find_tech
from blueprints.catalogue import tech_draws
from engine.decisions import Decision, GuardianDraw, ReputationDraw, TechDraw
from engine.discoveries import initial_bag as initial_discovery_bag
from engine.enums import Phase
from engine.errors import SetupError
from engine.hexes import CENTRE, DIRECTIONS, Hex
from engine.layouts import GalaxyLayout, layout
from engine.sectors import guardian_tiles, home_tile, sector_tile, stack_tiles
from engine.state import (
    CHANCE,
    SHIP_CLASSES,
    TRACKS,
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


def _player(seat: int, species_id: str) -> PlayerState:
    sp = find_species(species_id)
    home = home_tile(species_id)
    t = tables()
    tracks = [t.cubes_per_track] * 3
    for i in home.start_cubes:
        resource = home.squares[i].type.resource
        assert resource is not None
        tracks[resource.track] -= 1
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
        tracks=(tracks[0], tracks[1], tracks[2]),
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
    home = home_tile(species_id)
    cubes = tuple(i in home.start_cubes for i in range(len(home.squares)))
    fleet: tuple[tuple[int, ShipClass, int], ...] = ()
    for ship_class, count in find_species(species_id).starting_ships:
        fleet = add_ships(fleet, seat, ship_class, count)
    return SectorState(
        hex=where,
        tile=home.id,
        rotation=rotation,
        owner=seat,
        cubes=cubes,
        ships=fleet,
        arrivals=(seat,) if fleet else (),
    )


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
    stacks = (
        Stack(stack_tiles(1, config.warp_portals), len(stack_tiles(1, config.warp_portals))),
        Stack(stack_tiles(2, config.warp_portals), len(stack_tiles(2, config.warp_portals))),
        Stack(stack_tiles(3, config.warp_portals), tables().outer_stack[n]),
    )
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
