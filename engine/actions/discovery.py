"""Discovery tiles: revealing one (a chance event), then its reward or 2 VP.

Rewards (``engine/data/discovery_tiles.toml``, rulebook p. 9): resources (``any`` = that many of
one chosen type); an Ancient Cruiser from the player's supply; an orbital (and 2 materials),
monolith or warp portal; the lowest-cost regular tech in the tray the player lacks, placed free
(a choice among ties); Artifact Codex and Ancient Might, counted at game end; an ancient ship
part, placed at once or kept for an Upgrade. Used tiles leave the game.

Where a reward that places something goes is ``GameConfig.reward_placement``. The rulebook
(``RewardPlacement.RULEBOOK``, the default): in the sector where the tile was found; a tile
drawn with the Ancient Labs tech (found in no sector) puts it in the player's starting sector,
and a player who does not control their starting sector must keep the tile for 2 VP (the
rulebook's FAQ). A reward that cannot be placed (no unbuilt cruiser, the sector already has that
structure or a portal) is not offered either (Fleetlab's extension of that ruling). The legacy
reading (``ANY_CONTROLLED``) lets an Ancient Labs reward go on any controlled sector the player
chooses and loses a reward that cannot be given.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from blueprints import ShipClass, ship_class_info
from blueprints import tech as find_tech
from engine.actions.base import Action, register
from engine.actions.build import place_ship, ships_on_board
from engine.actions.research import place_tech, take_from_tray
from engine.actions.research import placements as tech_placements
from engine.decisions import (
    Decision,
    DiscoveryChoice,
    DiscoveryReveal,
    PartInstall,
    ResourceChoice,
    SectorChoice,
    TechChoice,
)
from engine.discoveries import (
    DiscoveryKind,
    DiscoveryTile,
    discovery_by_index,
    discovery_index,
    discovery_tile,
)
from engine.enums import RESOURCES, Resource, RewardPlacement
from engine.hexes import Hex
from engine.sectors import home_tile
from engine.state import GameState, SectorState
from engine.tech_supply import tech_order


@register
@dataclass(frozen=True, slots=True)
class RevealDiscovery(Action):
    """Chance: the discovery tile that is revealed."""

    VERB = "reveal"
    tile: str


@register
@dataclass(frozen=True, slots=True)
class TakeReward(Action):
    """Take the revealed tile's reward."""

    VERB = "reward"


@register
@dataclass(frozen=True, slots=True)
class KeepAsVp(Action):
    """Keep the revealed tile face down for 2 VP."""

    VERB = "keep_vp"


@register
@dataclass(frozen=True, slots=True)
class ChooseResource(Action):
    """Choose the resource type of a reward."""

    VERB = "choose_resource"
    resource: Resource


@register
@dataclass(frozen=True, slots=True)
class ChooseTech(Action):
    """Choose the tech an Ancient Technology tile gives."""

    VERB = "choose_tech"
    tech: str


@register
@dataclass(frozen=True, slots=True)
class ChooseSector(Action):
    """Choose the sector for a portal, structure or cruiser."""

    VERB = "choose_sector"
    where: Hex


# ----- reveal ---------------------------------------------------------------------------------


def reveal_outcomes(state: GameState, d: DiscoveryReveal) -> list[tuple[Action, float]]:
    """Each tile type in the bag, weighted by its count."""
    total = sum(state.discovery_bag)
    return [
        (RevealDiscovery(discovery_by_index(i).id), n / total)
        for i, n in enumerate(state.discovery_bag)
        if n
    ]


def apply_reveal(state: GameState, d: DiscoveryReveal, action: RevealDiscovery) -> GameState:
    """Take the tile out of the bag; the finder chooses reward or VP."""
    bag = list(state.discovery_bag)
    bag[discovery_index(action.tile)] -= 1
    state = replace(state, discovery_bag=tuple(bag))
    return state.with_pending(DiscoveryChoice(d.finder, action.tile, d.where), pop=1)


# ----- reward or VP -------------------------------------------------------------------------


def legal_choice(state: GameState, d: DiscoveryChoice) -> list[Action]:
    """Reward or 2 VP; only 2 VP when the rulebook's placement leaves the reward nowhere to go."""
    tile = discovery_tile(d.tile)
    rulebook = state.config.reward_placement is RewardPlacement.RULEBOOK
    if (
        rulebook
        and tile.kind.places_in_sector
        and reward_sector(state, d.seat, tile, d.where) is None
    ):
        return [KeepAsVp()]
    return [TakeReward(), KeepAsVp()]


def starting_sector(state: GameState, seat: int) -> SectorState | None:
    """The player's starting sector (their species' home hex), wherever it is on the board."""
    home = home_tile(state.players[seat].species).id
    return next((s for s in state.sectors if s.tile == home), None)


def reward_sector(
    state: GameState, seat: int, tile: DiscoveryTile, where: Hex | None
) -> Hex | None:
    """Where the rulebook puts a placed reward, or ``None`` if it cannot be given.

    ``where`` is the sector the tile was found in; ``None`` for a tile drawn with Ancient Labs,
    whose reward goes to the starting sector if the player controls it (the rulebook's FAQ).
    """
    if where is None:
        sector = starting_sector(state, seat)
        if sector is None or sector.owner != seat:
            return None
    else:
        sector = state.sector(where)
        if sector is None:
            return None
    kind = tile.kind
    if kind is DiscoveryKind.ANCIENT_CRUISER:
        limit = ship_class_info(ShipClass.CRUISER).limit
        fits = ships_on_board(state, seat, ShipClass.CRUISER) < limit
    elif kind is DiscoveryKind.ORBITAL:
        fits = not sector.orbital
    elif kind is DiscoveryKind.MONOLITH:
        fits = not sector.monolith
    elif kind is DiscoveryKind.WARP_PORTAL:
        fits = sector.portal is None  # placed where found (p. 9); a printed portal leaves room
    else:
        fits = False
    return sector.hex if fits else None


def apply_choice(state: GameState, d: DiscoveryChoice, action: Action) -> GameState:
    """Keep the tile for VP, or resolve its reward."""
    state = state.with_pending(pop=1)
    seat = d.seat
    player = state.players[seat]
    if isinstance(action, KeepAsVp):
        return state.with_player(replace(player, discovery_vp=(*player.discovery_vp, d.tile)))
    tile = discovery_tile(d.tile)
    kind = tile.kind
    if kind is DiscoveryKind.PART:
        assert tile.part is not None
        player = replace(player, parts_held=(*player.parts_held, tile.part))
        return state.with_player(player).with_pending(PartInstall(seat, tile.part))
    if kind in (DiscoveryKind.ARTIFACT_CODEX, DiscoveryKind.ANCIENT_MIGHT):
        return state.with_player(replace(player, end_tiles=(*player.end_tiles, tile.id)))
    if kind is DiscoveryKind.WARP_PORTAL:
        # The tile itself becomes the portal on the board.
        return _place(state, seat, tile.id, d.where, used_up=False)
    state = replace(state, discovery_out=state.discovery_out + 1)
    for r in RESOURCES:
        gain = getattr(tile, r.value)
        if gain:
            player = player.with_resource(r, gain)
    state = state.with_player(player)
    follow: list[Decision] = []
    if tile.any:
        follow.append(ResourceChoice(seat, tile.any))
    state = state.with_pending(*follow)
    if kind is DiscoveryKind.TECH:
        return _ancient_tech(state, seat)
    if kind.places_in_sector:
        return _place(state, seat, tile.id, d.where, used_up=True)
    return state


def _ancient_tech(state: GameState, seat: int) -> GameState:
    options = cheapest_regular_techs(state, seat)
    if len(options) == 1:
        return _give_tech(state, seat, options[0])
    if options:
        return state.with_pending(TechChoice(seat, options))
    return state


def cheapest_regular_techs(state: GameState, seat: int) -> tuple[str, ...]:
    """Regular techs in the tray the player lacks (and can place) with the lowest printed cost."""
    player = state.players[seat]
    candidates = []
    for i, n in enumerate(state.tech_tray):
        tech_id = tech_order()[i]
        t = find_tech(tech_id)
        placeable = n and not t.is_rare and not player.has_tech(tech_id)
        if placeable and tech_placements(state, seat, tech_id):
            candidates.append((t.cost, tech_id))
    if not candidates:
        return ()
    low = min(c for c, _ in candidates)
    return tuple(sorted(t for c, t in candidates if c == low))


def _give_tech(state: GameState, seat: int, tech_id: str) -> GameState:
    state = take_from_tray(state, tech_id)
    return place_tech(state, seat, tech_id, find_tech(tech_id).category)


def _fits(state: GameState, seat: int, purpose: str, sector: SectorState) -> bool:
    if purpose == "warp_portal" or discovery_tile(purpose).kind is DiscoveryKind.WARP_PORTAL:
        return not sector.has_portal
    kind = discovery_tile(purpose).kind
    if kind is DiscoveryKind.ORBITAL:
        return not sector.orbital
    if kind is DiscoveryKind.MONOLITH:
        return not sector.monolith
    return True


def _place(
    state: GameState, seat: int, purpose: str, where: Hex | None, used_up: bool
) -> GameState:
    """Place the tile's structure, portal or cruiser (``GameConfig.reward_placement``)."""
    if state.config.reward_placement is RewardPlacement.RULEBOOK:
        target = reward_sector(state, seat, discovery_tile(purpose), where)
        if target is None:  # pragma: no cover - legal_choice offers the reward only if placeable
            return state
        return place_reward(state, seat, purpose, target)
    if discovery_tile(purpose).kind is DiscoveryKind.ANCIENT_CRUISER:
        limit = ship_class_info(ShipClass.CRUISER).limit
        if ships_on_board(state, seat, ShipClass.CRUISER) >= limit:
            return state
    if where is None:
        options = tuple(s.hex for s in state.controlled(seat) if _fits(state, seat, purpose, s))
        if not options:
            if not used_up:  # a portal with nowhere to go leaves the game
                state = replace(state, discovery_out=state.discovery_out + 1)
            return state
        return state.with_pending(SectorChoice(seat, purpose, options))
    return place_reward(state, seat, purpose, where)


def place_reward(state: GameState, seat: int, purpose: str, where: Hex) -> GameState:
    """Put a discovery tile's structure, portal or cruiser (or the Warp Portal tech's portal)."""
    sector = state.sector(where)
    assert sector is not None
    if purpose == "warp_portal":
        return state.with_sector(replace(sector, portal="tech"))
    kind = discovery_tile(purpose).kind
    if kind is DiscoveryKind.ANCIENT_CRUISER:
        return state.with_sector(place_ship(sector, seat, ShipClass.CRUISER))
    if kind is DiscoveryKind.ORBITAL and not sector.orbital:
        return state.with_sector(replace(sector, orbital=True))
    if kind is DiscoveryKind.MONOLITH and not sector.monolith:
        return state.with_sector(replace(sector, monolith=True))
    if kind is DiscoveryKind.WARP_PORTAL:
        rulebook = state.config.reward_placement is RewardPlacement.RULEBOOK
        if sector.portal is not None or (sector.has_portal and not rulebook):
            return replace(state, discovery_out=state.discovery_out + 1)
        return state.with_sector(replace(sector, portal=purpose))
    return state


# ----- follow-up choices -------------------------------------------------------------------


def legal_resource(state: GameState, d: ResourceChoice) -> list[Action]:
    """The three resource types."""
    return [ChooseResource(r) for r in RESOURCES]


def apply_resource(state: GameState, d: ResourceChoice, action: ChooseResource) -> GameState:
    """Gain the amount of the chosen type."""
    player = state.players[d.seat].with_resource(action.resource, d.amount)
    return state.with_player(player).with_pending(pop=1)


def legal_tech_choice(state: GameState, d: TechChoice) -> list[Action]:
    """The tied cheapest techs (worked out when the tile was revealed)."""
    return [ChooseTech(t) for t in d.options]


def apply_tech_choice(state: GameState, d: TechChoice, action: ChooseTech) -> GameState:
    """Take the chosen tech free."""
    return _give_tech(state.with_pending(pop=1), d.seat, action.tech)


def legal_sector_choice(state: GameState, d: SectorChoice) -> list[Action]:
    """The offered sectors the player still controls (declining only if none is left)."""
    from engine.actions.turn import Decline

    out: list[Action] = [
        ChooseSector(h)
        for h in d.options
        if (s := state.sector(h)) is not None and s.owner == d.seat
    ]
    return out or [Decline()]


def apply_sector_choice(state: GameState, d: SectorChoice, action: Action) -> GameState:
    """Place it there (a portal tile with no place left leaves the game)."""
    state = state.with_pending(pop=1)
    if isinstance(action, ChooseSector):
        return place_reward(state, d.seat, d.purpose, action.where)
    if d.purpose != "warp_portal" and discovery_tile(d.purpose).kind is DiscoveryKind.WARP_PORTAL:
        state = replace(state, discovery_out=state.discovery_out + 1)
    return state
