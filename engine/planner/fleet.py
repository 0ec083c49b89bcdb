"""Which parts go on the planner's blueprints: the what-if ranking by Fleetlab's odds.

Every Upgrade activation the engine offers (``PlacePart``, and ``ReturnPart`` followed by a
placement in the freed slot) gives a new blueprint; the planner puts the fleet it has (or, for a
class it has no ships of yet, the two it would build) against a reference opponent, solves that
battle with ``OddsBook`` for each blueprint, and ranks the upgrades by the gain in its score:
P(win) less a little for the materials it expects to lose (so that upgrades keep counting once
the battle is won anyway), then the ships' firepower x durability. The reference opponent is the
strongest defender of the sector it means to attack next, or two Ancients when it has no target.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from blueprints import Blueprint, ShipClass
from blueprints import species as find_species
from calc import Battle, Policy, ShipGroup, Side
from engine.actions.base import Action
from engine.actions.upgrade import PlacePart, ReturnPart, commit, placements
from engine.battle_view import COMBAT_TECHS, side_of
from engine.hexes import Hex
from engine.planner.odds import OddsBook
from engine.planner.war import WARSHIPS, build_order, ship_power
from engine.players import strength
from engine.state import NPC, GameState, PlayerState

PLANNED_FLEET = 2
"""Ships of a class the planner would build, for ranking its blueprint before it has any."""
LOSS_WEIGHT = 0.015
"""Score lost per material the fleet expects to lose in the reference battle."""
POWER_WEIGHT = 0.002
"""Score per unit of firepower x durability (a tie-break)."""
CANDIDATES = 5
"""Upgrades of one activation solved against the reference (the best by ``proxy``)."""


def fleet_counts(
    state: GameState, seat: int, planned: Iterable[ShipClass] = ()
) -> dict[ShipClass, int]:
    """Warships of each class the seat has, plus those it plans to build (``PLANNED_FLEET``
    of its best class when it has and plans none)."""
    counts = {c: sum(s.ships_of(seat, c) for s in state.sectors) for c in WARSHIPS}
    for c in planned:
        counts[c] = counts.get(c, 0) + 1
    board = find_species(state.players[seat].species)
    counts = {c: n for c, n in counts.items() if n and c in board.ship_classes}
    if not counts:
        order = build_order(state, seat)
        counts = {order[0] if order else ShipClass.CRUISER: PLANNED_FLEET}
    return counts


def fleet_side(player: PlayerState, counts: dict[ShipClass, int], name: str = "fleet") -> Side:
    """The seat's fleet as one calc side, with its combat techs."""
    groups = tuple(ShipGroup.of(player.blueprint(c), n) for c, n in sorted(counts.items()) if n)
    return Side(
        name,
        groups,
        policy=Policy.OPTIMAL,
        species=player.species,
        techs=tuple(t for t in player.all_techs() if t in COMBAT_TECHS),
    )


def opponent_side(state: GameState, seat: int, target: Hex | None) -> Side:
    """The strongest defender of ``target`` (NPCs or a player), or two Ancients."""
    sector = None if target is None else state.sector(target)
    options: list[Side] = []
    if sector is not None:
        keys = {s for s, _, _ in sector.ships if s != seat}
        for k in sorted(keys):
            options.append(side_of(state, sector, k, Policy.OPTIMAL))
        if sector.npcs:
            npc = side_of(state, sector, NPC)
            if npc.groups:
                options.append(npc)
    options = [s for s in options if s.groups]
    if not options:
        return Side("Ancients", (ShipGroup.npc("ancient", count=2),), npc=True)
    return max(options, key=strength)


@dataclass(frozen=True, slots=True)
class RankedUpgrade:
    """An upgrade activation (its first action) and the score of the fleet after it."""

    action: Action
    score: float


RANKING_CACHE = 5_000
_ranked: OrderedDict[tuple[object, ...], tuple[float, tuple[RankedUpgrade, ...]]] = OrderedDict()
"""Rankings already made: they depend only on the upgrades offered, the player's blueprints,
techs and parts, the fleet and the reference opponent (so the same in every process)."""


def fleet_score(
    book: OddsBook, state: GameState, player: PlayerState, counts: dict[ShipClass, int], foe: Side
) -> float:
    """P(the fleet beats ``foe``) less its expected losses, plus its power (see module doc)."""
    me = fleet_side(player, counts)
    result = book.odds(Battle.two_sided(me, foe))
    mine = result.sides[0]
    power = strength(me)
    return mine.wins - LOSS_WEIGHT * mine.expected_material_lost + POWER_WEIGHT * power


def proxy(bp: Blueprint) -> float:
    """A cheap measure of a blueprint for choosing which upgrades to solve: firepower x
    durability, more with shields, a little for initiative."""
    stats = bp.stats
    return ship_power(bp) * (1.0 + 0.25 * stats.shield) + 0.05 * stats.initiative


def rank_upgrades(
    state: GameState,
    seat: int,
    actions: Sequence[Action],
    book: OddsBook,
    target: Hex | None,
    returned: tuple[int, ...] = (),
    returning: ShipClass | None = None,
    planned: Iterable[ShipClass] = (),
) -> tuple[float, list[RankedUpgrade]]:
    """The current fleet score and the most promising upgrades among ``actions`` ranked by
    their score (the ``CANDIDATES`` best by ``proxy`` are solved; upgrades that leave the
    ship's stats as they are, or as another upgrade leaves them, are solved once).

    ``returned``/``returning``: parts of that class already returned in this activation;
    ``planned``: ships the seat means to build (they count in the reference fleet).
    """
    player = state.players[seat]
    counts = fleet_counts(state, seat, planned)
    foe = opponent_side(state, seat, target)
    key = (
        tuple(actions),
        player.species,
        player.blueprints,
        player.techs,
        player.parts_held,
        tuple(sorted(counts.items())),
        foe,
        returned,
        returning,
        book.budget,
    )
    found = _ranked.get(key)
    if found is not None:
        _ranked.move_to_end(key)
        return found[0], list(found[1])
    base = fleet_score(book, state, player, counts, foe)
    seen: dict[tuple[ShipClass, object], tuple[float, Action, GameState]] = {}
    for a in actions:
        if isinstance(a, PlacePart) and a.ship_class in counts:
            done = returned if a.ship_class is returning else ()
            after = commit(state, seat, a.ship_class, done, (a.slot, a.part))
        elif isinstance(a, ReturnPart) and a.ship_class in counts:
            freed = _best_after_return(state, seat, a, returned)
            if freed is None:
                continue
            after = freed
        else:
            continue
        bp = after.players[seat].blueprint(a.ship_class)
        stats = (a.ship_class, bp.stats)
        if bp.stats == player.blueprint(a.ship_class).stats:
            continue
        value = proxy(bp)
        if stats not in seen or str(a) < str(seen[stats][1]):
            seen[stats] = (value, a, after)
    promising = sorted(seen.values(), key=lambda t: (-t[0], str(t[1])))[:CANDIDATES]
    ranked = [
        RankedUpgrade(a, fleet_score(book, after, after.players[seat], counts, foe))
        for _, a, after in promising
    ]
    ranked.sort(key=lambda r: (-round(r.score, 9), str(r.action)))
    _ranked[key] = (base, tuple(ranked))
    if len(_ranked) > RANKING_CACHE:
        _ranked.popitem(last=False)
    return base, ranked


def _best_after_return(
    state: GameState, seat: int, action: ReturnPart, returned: tuple[int, ...]
) -> GameState | None:
    """The state after the best placement (by ``proxy``) in the slot a returned part frees."""
    player = state.players[seat]
    done = (*returned, action.slot)
    best: tuple[float, GameState] | None = None
    for slot, part in placements(player, action.ship_class, done):
        if slot != action.slot:
            continue
        after = commit(state, seat, action.ship_class, done, (slot, part))
        value = proxy(after.players[seat].blueprint(action.ship_class))
        if best is None or value > best[0]:
            best = (value, after)
    return None if best is None else best[1]
