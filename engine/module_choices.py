"""Choices about the New Dangers modules that any bot can call (``engine.players`` uses them).

Each function takes the state, the seat and the legal actions the bot was offered, and returns
the module action worth taking (or ``None``), so a bot stays free to weigh it against the rest:

* ``pulsar_instead(state, seat, kind, actions)``: activate a Pulsar for the action the bot wants
  anyway (a Pulsar activation costs no influence disc, so it is never worse than the action);
* ``pulsar_extra(state, seat, actions, useful)``: a Pulsar activation worth taking instead of
  passing, for an action kind the bot finds useful now;
* ``black_hole_dive(state, seat, moves)``: send the cheapest ship that survives the hole's 1
  damage (else the cheapest) into a Black Hole whose discovery tile is still there (the first
  ship to enter takes it);
* ``return_from_black_hole(state, seat, actions)``: bring a ship back, to the best sector;
* ``supernova_risk(state, where, seat)``: the exact chance the Supernova explodes at the next
  upkeep if ``seat`` controls it; ``stabilising_track(state, seat)``: the track whose next tech
  would lower the risk of the player's Supernovae most;
* ``minor_species_buy(state, seat, actions, money_to_keep)``: the Minor Species token with the
  most points per credit the bot can afford while keeping ``money_to_keep``;
* ``token_cube_track(state, seat, actions)``: the track whose cube raises production most;
* ``special_sector_value(tile)``: how much a bot may value placing a special sector;
* ``attack_margin(sector, margin)``: the strength margin a bot needs to attack a sector, lower
  for a Nebula part still holding its discovery tile (one Ancient guards a prize), and
  ``nebula_staging(state, seat)``: the player's sectors next to such a part (where to build the
  ships that will take it);
* ``wants_rift_upgrade(state, seat)``, ``rift_placement(state, seat, actions)`` and
  ``rift_install(state, seat, actions)``: arm the player's most numerous ship class with a Rift
  Cannon (or a Rift Conductor found), and ``rift_tech_bonus(state, tech_id)`` for research.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import product

from blueprints import ShipClass, TechCategory
from engine.actions.base import Action
from engine.actions.black_hole import ReturnShip
from engine.actions.minor_species import AllyMinorSpecies, CubeToToken
from engine.actions.move import MoveDamagedShip, MoveShip
from engine.actions.pulsar import ActivatePulsar
from engine.actions.upgrade import InstallPart, PlacePart
from engine.board import production, take_cube
from engine.enums import ActionKind
from engine.galaxy import connected_sectors, entering_creates_conflict
from engine.hexes import Hex
from engine.modules import MinorSpecies, Module, SpecialSector, minor_token
from engine.sectors import sector_tile
from engine.specials import is_black_hole
from engine.state import TRACKS, GameState, SectorState
from engine.supernova import face_value, most_techs
from engine.tables import tables

SHIP_COST_ORDER = (
    ShipClass.INTERCEPTOR,
    ShipClass.CRUISER,
    ShipClass.DREADNOUGHT,
    ShipClass.STARBASE,
)
"""Ship classes from the cheapest to send on a trip."""


def pulsar_instead(
    state: GameState, seat: int, kind: ActionKind, actions: Sequence[Action]
) -> ActivatePulsar | None:
    """A Pulsar activation of ``kind`` among ``actions`` (the bot's turn), if there is one."""
    for a in actions:
        if isinstance(a, ActivatePulsar) and a.kind is kind:
            return a
    return None


def pulsar_extra(
    state: GameState, seat: int, actions: Sequence[Action], useful: Sequence[ActionKind]
) -> ActivatePulsar | None:
    """The first Pulsar activation among ``actions`` whose kind is in ``useful`` (in that
    order): one activation for free, to take before passing."""
    for kind in useful:
        found = pulsar_instead(state, seat, kind, actions)
        if found is not None:
            return found
    return None


def black_hole_dive(
    state: GameState, seat: int, moves: Sequence[Action]
) -> MoveShip | MoveDamagedShip | None:
    """A move into a Black Hole that still holds its discovery tile, with the cheapest ship
    offered that would survive coming back at once with 1 damage, else the cheapest (``None``
    if there is no such move)."""
    dives: list[MoveShip | MoveDamagedShip] = []
    for a in moves:
        if not isinstance(a, MoveShip | MoveDamagedShip):
            continue
        target = state.sector(a.target)
        if target is not None and is_black_hole(target) and target.discovery:
            dives.append(a)
    if not dives:
        return None
    player = state.players[seat]

    def key(a: MoveShip | MoveDamagedShip) -> tuple[bool, int, Hex, Hex]:
        damage = a.damage if isinstance(a, MoveDamagedShip) else 0
        survives = player.blueprint(a.ship_class).stats.hull > damage
        return not survives, SHIP_COST_ORDER.index(a.ship_class), a.origin, a.target

    return min(dives, key=key)


def _return_value(state: GameState, seat: int, where: Hex) -> tuple[int, int]:
    sector = state.sector(where)
    assert sector is not None
    safe = 0 if entering_creates_conflict(state, seat, sector) else 1
    mine = 1 if sector.owner == seat else 0
    return safe, mine


def return_from_black_hole(
    state: GameState, seat: int, actions: Sequence[Action]
) -> ReturnShip | None:
    """The ship return to take: a sector without a fight, the player's own first."""
    returns = [a for a in actions if isinstance(a, ReturnShip)]
    if not returns:
        return None
    return max(returns, key=lambda a: (*_return_value(state, seat, a.where), a.where))


@cache
def _sum_distribution() -> dict[int, float]:
    """The distribution of two yellow dice as a Supernova counts them."""
    out: dict[int, float] = {}
    for a, b in product(range(1, 7), repeat=2):
        total = face_value(a) + face_value(b)
        out[total] = out.get(total, 0.0) + 1 / 36
    return out


def explosion_chance(techs: int, round_number: int) -> float:
    """The exact chance a Supernova explodes: two dice (blank and explosion count 0) plus the
    controller's ``techs`` below ``round_number``.

    >>> explosion_chance(4, 6)  # the dice must show at least 2 between them
    0.1111111111111111
    """
    return sum(p for total, p in _sum_distribution().items() if total + techs < round_number)


def supernova_risk(state: GameState, where: Hex, seat: int | None) -> float:
    """The chance the Supernova at ``where`` explodes at the coming upkeep if ``seat``
    controls it (``None``: nobody); 0 for an exploded one."""
    sector = state.sector(where)
    if sector is None or sector.exploded or sector.printed.special is not SpecialSector.SUPERNOVA:
        return 0.0
    return explosion_chance(most_techs(state, seat), state.round)


def stabilising_track(state: GameState, seat: int) -> TechCategory | None:
    """The track whose next tech raises the player's largest track (and so steadies the
    Supernovae it controls): its fullest track, if it controls a Supernova at risk."""
    at_risk = any(supernova_risk(state, s.hex, seat) > 0 for s in state.controlled(seat))
    if not at_risk:
        return None
    techs = state.players[seat].techs
    best = max(range(len(TRACKS)), key=lambda i: (len(techs[i]), -i))
    return TRACKS[best]


def _token_points(state: GameState, seat: int, species: MinorSpecies) -> float:
    """A rough VP value of a token for the player (discounts valued as points they save)."""
    player = state.players[seat]
    if species is MinorSpecies.REPUTATION_VP:
        return len(player.reputation) + 1.0
    if species is MinorSpecies.AMBASSADOR_VP:
        return len(player.ambassadors) + len(player.minor_species) + 1.0
    token = minor_token(species)
    rounds_left = max(0, tables().rounds - state.round)
    return token.vp + 0.25 * token.discount * rounds_left


def minor_species_buy(
    state: GameState, seat: int, actions: Sequence[Action], money_to_keep: int
) -> AllyMinorSpecies | None:
    """The affordable token with the most points per credit, keeping ``money_to_keep``."""
    money = state.players[seat].money
    offers = [
        a
        for a in actions
        if isinstance(a, AllyMinorSpecies)
        and money - minor_token(a.species).credits >= money_to_keep
    ]
    if not offers:
        return None
    return max(
        offers,
        key=lambda a: (
            _token_points(state, seat, a.species) / minor_token(a.species).credits,
            a.species.value,
        ),
    )


def token_cube_track(state: GameState, seat: int, actions: Sequence[Action]) -> CubeToToken | None:
    """The cube for the Population Cube token: from the track whose production rises most."""
    player = state.players[seat]
    options = [a for a in actions if isinstance(a, CubeToToken)]
    if not options:
        return None

    def gain(a: CubeToToken) -> tuple[int, str]:
        after = take_cube(player, a.resource)
        return production(after, a.resource) - production(player, a.resource), a.resource.value

    return max(options, key=gain)


NEBULA_MARGIN_SHARE = 0.5
"""How much of its usual strength margin a bot asks for against a Nebula part's lone Ancient."""


def attack_margin(sector: SectorState, margin: float) -> float:
    """The strength margin needed to attack ``sector``: lower for a Nebula part with its tile."""
    if sector.hex.part and sector.discovery:
        return margin * NEBULA_MARGIN_SHARE
    return margin


def nebula_staging(state: GameState, seat: int) -> frozenset[Hex]:
    """The player's sectors connected to a Nebula part that still holds its discovery tile."""
    out: set[Hex] = set()
    generator = state.players[seat].has_tech("wormhole_generator")
    for sector in state.controlled(seat):
        for other in connected_sectors(state, sector.hex, generator, portals=False):
            if other.hex.part and other.discovery:
                out.add(sector.hex)
    return frozenset(out)


def special_sector_value(tile: int) -> int:
    """Extra value of placing a special sector, beyond its squares and VP: a Pulsar's free
    activation, a Nebula's three discovery tiles, a Black Hole's tile; a Supernova may explode
    (nothing extra)."""
    kind = sector_tile(tile).special
    return {
        SpecialSector.PULSAR: 3,
        SpecialSector.NEBULA: 3,
        SpecialSector.BLACK_HOLE: 1,
        SpecialSector.SUPERNOVA: 0,
        None: 0,
    }[kind]


RIFT_PARTS = ("rift_cannon", "rift_conductor")


def _has_rift(state: GameState, seat: int) -> bool:
    return any(p.id in RIFT_PARTS for bp in state.players[seat].blueprints for p in bp.parts())


def _fleet_size(state: GameState, seat: int, ship_class: ShipClass) -> int:
    return sum(s.ships_of(seat, ship_class) for s in state.sectors)


def wants_rift_upgrade(state: GameState, seat: int) -> bool:
    """True when the player could place a Rift Cannon but no blueprint carries a rift part."""
    player = state.players[seat]
    return player.has_tech("rift_cannon") and not _has_rift(state, seat)


def rift_placement(state: GameState, seat: int, actions: Sequence[Action]) -> PlacePart | None:
    """An upgrade placing a Rift Cannon on the class with the most ships on the board."""
    places = [a for a in actions if isinstance(a, PlacePart) and a.part in RIFT_PARTS]
    if not places or _has_rift(state, seat):
        return None
    return max(places, key=lambda a: (_fleet_size(state, seat, a.ship_class), -a.slot))


def rift_install(state: GameState, seat: int, actions: Sequence[Action]) -> InstallPart | None:
    """Install a newly found Rift Conductor at once, on the most numerous class."""
    installs = [a for a in actions if isinstance(a, InstallPart)]
    if not installs:
        return None
    return max(installs, key=lambda a: (_fleet_size(state, seat, a.ship_class), -a.slot))


def rift_tech_bonus(state: GameState, tech_id: str) -> int:
    """Extra research value of the Rift Cannon in a game with its module."""
    return 6 if tech_id == "rift_cannon" and state.config.has(Module.RIFT_CANNON) else 0
