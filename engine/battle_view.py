"""The calc battle of a sector in a game: the one bridge from engine state to the solvers.

``sector_battle(state, hex)`` builds the ``calc.battle.model.Battle`` of everything that will fight
in a sector: each player's ships with their current blueprints and the damage they have taken so far
in the combat phase, their combat techs, whether they can retreat (they control a neighbouring
sector, connected by wormhole, with no opponent ships) and the controller's population; the NPCs
as one side using the game's NPC tiles (with their damage). Sides are in order of entry
(``SectorState.arrivals``); the controller and the NPCs defend. ``sector_odds`` is then one call
to ``calc.sector.ladder``: from any state, before or during the combat phase. In the middle of a
battle it gives the odds of the sector's combat begun afresh from the ships as they stand: their
damage counts, but missiles already fired are fired again, and retreats already declared and the
place in the current engagement round are not known to it.

The engine's combat phase (``engine.combat``) builds its sides here too (``side_of``,
``sector_sides``), so the ships, blueprints and techs it fights with are the ones the odds are
computed for; ``engine.combat.battle_sectors(state)`` lists the sectors with a battle due.

Ancients do not fight the Descendants of Draco (``calc.rules.ancients_fight``): in a sector where
Draco meets Ancients and no other player there is no battle with them; with other players too,
each battle against the NPCs leaves the Ancients out when Draco is the one fighting them.
"""

from __future__ import annotations

from collections.abc import Callable

from blueprints import NpcVariant, ShipClass
from calc import (
    NO_RETREAT,
    Battle,
    BattleError,
    BattleResult,
    Budget,
    Policy,
    Retreat,
    ShipGroup,
    Side,
    odds,
)
from calc.rules import ancients_fight
from engine.galaxy import connected_sectors, has_wormhole_generator
from engine.hexes import Hex
from engine.state import NPC, GameState, SectorState

COMBAT_TECHS = ("antimatter_splitter", "neutron_bombs", "neutron_absorber")
"""Techs that change a battle or an attack on population."""
DEFAULT_BUDGET = Budget()


def retreat_targets(state: GameState, sector: SectorState, seat: int) -> tuple[Hex, ...]:
    """Where the player's ships may retreat: neighbouring sectors it controls, connected to this
    one by wormhole (not by warp portal), with no opponent ships (RULINGS), sorted."""
    generator = has_wormhole_generator(state, seat)
    out = []
    for other in connected_sectors(state, sector.hex, generator, portals=False):
        if other.owner != seat:
            continue
        if any(s != seat for s, _, _ in other.ships) or other.npcs:
            continue
        out.append(other.hex)
    return tuple(sorted(out))


def can_retreat(state: GameState, sector: SectorState, seat: int) -> bool:
    """The player has somewhere to retreat to from the sector (``retreat_targets``)."""
    return bool(retreat_targets(state, sector, seat))


def _damaged(sector: SectorState, side: int, ship_class: ShipClass) -> tuple[int, ...]:
    return tuple(d for d in sector.damage_of(side, ship_class) if d)


def player_side(
    state: GameState,
    sector: SectorState,
    seat: int,
    policy: Policy = Policy.OPTIMAL,
    retreat: Retreat = NO_RETREAT,
) -> Side:
    """A player's ships in the sector, with their damage, as a calc side (named by seat and
    species)."""
    player = state.players[seat]
    groups = []
    for s, ship_class, count in sector.ships:
        if s != seat:
            continue
        damage = _damaged(sector, seat, ship_class)
        groups.append(ShipGroup.of(player.blueprint(ship_class), count, damage))
    population = sector.population() if sector.owner == seat else 0
    return Side(
        name=f"seat {seat} ({player.species})",
        groups=tuple(groups),
        policy=policy,
        species=player.species,
        techs=tuple(t for t in player.all_techs() if t in COMBAT_TECHS),
        can_retreat=can_retreat(state, sector, seat),
        retreat=retreat,
        population=population,
    )


def npc_side(state: GameState, sector: SectorState, ancients: bool = True) -> Side | None:
    """The sector's NPCs (the game's chosen tiles) with their damage as one side, or ``None``.
    Without ``ancients`` the Ancients are left out (they do not fight Draco)."""
    config = state.config
    groups = []
    for kind, count, variant in (
        (ShipClass.ANCIENT, sector.ancients if ancients else 0, config.ancient),
        (ShipClass.GUARDIAN, sector.guardian, config.guardian),
        (ShipClass.GCDS, sector.gcds, config.gcds),
    ):
        if count:
            damage = _damaged(sector, NPC, kind)
            groups.append(ShipGroup.npc(kind, NpcVariant(variant), count, damage))
    if not groups:
        return None
    return Side("NPCs", tuple(groups), npc=True)


def side_of(
    state: GameState,
    sector: SectorState,
    side: int,
    policy: Policy = Policy.GREEDY,
    *,
    ancients: bool = True,
    retreat: Retreat = NO_RETREAT,
) -> Side:
    """One side of a sector (a seat, or ``NPC``) as a calc side; an empty side has no groups."""
    if side == NPC:
        found = npc_side(state, sector, ancients)
        return found if found is not None else Side("NPCs", (), npc=True)
    return player_side(state, sector, side, policy, retreat)


def fighting_players(sector: SectorState) -> list[int]:
    """Players with ships in the sector, in order of entry."""
    return [s for s in sector.arrivals if sector.ships_of(s)]


def npcs_fight(state: GameState, sector: SectorState) -> bool:
    """True when the sector's NPCs fight someone there (Ancients do not fight Draco)."""
    players = fighting_players(sector)
    if not players:
        return False
    if sector.guardian or sector.gcds:
        return True
    return bool(sector.ancients) and any(ancients_fight(state.players[s].species) for s in players)


def sector_sides(state: GameState, sector: SectorState) -> tuple[tuple[int, ...], int]:
    """The sides of a sector's combat and the index of the defender.

    Sides are the players with ships in order of entry, then a controller with population but
    no ships (it is attacked, it does not fight), then ``NPC`` when the NPCs fight someone. The
    defender is the NPCs, else the controller, else the first player to enter (RULINGS: in each
    battle the earlier entrant defends). With NPCs and a controller with ships, the controller is
    put first so that ``calc.sector.chain.battle_order`` still has it fight last of the players.
    """
    seats = fighting_players(sector)
    owner = sector.owner
    npc = npcs_fight(state, sector)
    if npc and owner in seats:
        seats.remove(owner)
        seats.insert(0, owner)
    if owner is not None and owner not in seats:
        seats.append(owner)
    keys = (*seats, NPC) if npc else tuple(seats)
    if npc:
        defender = len(keys) - 1
    elif owner is not None:
        defender = keys.index(owner)
    else:
        defender = 0
    return keys, defender


def sector_battle(
    state: GameState, where: Hex, policies: dict[int, Policy] | None = None
) -> Battle:
    """The battle (or sector of several battles) due in the sector at ``where``."""
    sector = state.sector(where)
    if sector is None:
        raise BattleError(f"no sector has been placed at {where}")
    policies = policies or {}
    keys, defender = sector_sides(state, sector)
    seats = [k for k in keys if k != NPC]
    sides = [player_side(state, sector, s, policies.get(s, Policy.OPTIMAL)) for s in seats]
    if NPC in keys:
        # The NPC side keeps its Ancients; calc leaves them out of a battle against Draco
        # (calc.rules.ancients_fight), as the engine's fights do.
        npcs = npc_side(state, sector)
        assert npcs is not None
        sides.append(npcs)
    if len(sides) < 2:
        raise BattleError(f"no battle in sector {sector.tile}: only one side is there")
    return Battle(tuple(sides), defender)


def sector_odds(
    state: GameState,
    where: Hex,
    *,
    policies: dict[int, Policy] | None = None,
    budget: Budget = DEFAULT_BUDGET,
    seed: int | None = 0,
    method: str = "auto",
    progress: Callable[[float], None] | None = None,
) -> BattleResult:
    """The odds of the sector's combat: one call (``calc.sector.ladder`` on ``sector_battle``), by
    the ladder or a forced ``method``; ``progress`` is called as the solve goes on."""
    bag = tuple((v + 1, n) for v, n in enumerate(state.reputation_bag))
    battle = sector_battle(state, where, policies)
    return odds(battle, method, budget=budget, seed=seed, bag=bag, progress=progress)
