"""The planner's economy: what upkeep will cost, what can still be afforded, what a resource is
worth.

Eclipse's economy is the influence track: every disc that leaves it (for an action this round,
or for a sector for the rest of the game) raises the upkeep paid at the end of the round, and the
money track's production must cover it. The planner values everything in victory points; a
resource is worth ``RESOURCE_VP`` of a point (about five resources buy a point in a typical game:
a monolith is 10 materials for 3 VP, a tech of 4 science moves a track towards its points).
"""

from __future__ import annotations

from engine.board import production, trade_rate
from engine.enums import RESOURCES, Resource
from engine.state import GameState, PlayerState
from engine.tables import tables

RESOURCE_VP = 0.2
"""Victory points one money, science or material is worth to the planner."""
PLANNED_ACTIONS = 5
"""Actions a round the planner expects to take when it judges a sector's upkeep."""


def rounds_left(state: GameState) -> int:
    """Rounds still to play after this one."""
    return max(0, tables().rounds - state.round)


def upkeep_after(player: PlayerState, discs: int) -> int:
    """This round's upkeep if ``discs`` more discs leave the influence track."""
    return tables().upkeep_for(max(0, player.discs_track - discs))


def disc_cost(player: PlayerState, discs: int = 1) -> int:
    """The money that ``discs`` more discs off the track add to this round's upkeep."""
    return upkeep_after(player, discs) - upkeep_after(player, 0)


def balance(player: PlayerState, discs: int = 0) -> int:
    """Money after this round's income and upkeep with ``discs`` more discs off the track,
    before any trade."""
    return player.money + production(player, Resource.MONEY) - upkeep_after(player, discs)


def tradeable(player: PlayerState, keep: Resource | None = None, kept: int | None = None) -> int:
    """Money the player could still get this round by trading away its science and materials
    (at its species' rate), but for ``kept`` of ``keep`` (what the action in view spends; all
    of it when ``kept`` is not given)."""
    rate = trade_rate(player)
    total = 0
    for r in (Resource.SCIENCE, Resource.MATERIALS):
        stock = player.resource(r)
        if r is keep:
            stock = 0 if kept is None else max(0, stock - kept)
        total += stock // rate
    return total


def affordable(
    player: PlayerState,
    discs: int = 1,
    reserve: int = 0,
    keep: Resource | None = None,
    kept: int | None = None,
) -> bool:
    """True when ``discs`` more discs off the track still leave this round's upkeep payable
    with ``reserve`` money to spare, trading science and materials if need be (all but the
    ``kept`` of ``keep`` that the action itself spends). Whether the trade is worth it is
    ``action_price``'s question."""
    return balance(player, discs) + tradeable(player, keep, kept) >= reserve


def money_price(player: PlayerState, discs: int = 1, left: int = 7) -> float:
    """What one money is worth now (VP), with ``discs`` more discs off the track and ``left``
    rounds to play after this one: the full ``RESOURCE_VP`` while this round's upkeep is tight,
    less when the money left after upkeep is plentiful, and less again near the end (money
    left over at the end of the game buys nothing)."""
    spare = balance(player, discs)
    scarcity = 1.0 if spare <= 4 else max(0.1, 4 / spare)
    return RESOURCE_VP * scarcity * lateness(left)


def action_price(player: PlayerState, discs: int = 1, left: int = 7) -> float:
    """What taking ``discs`` more discs off the track this round costs (VP): the upkeep they
    add, at ``money_price`` while this round's money covers it, and the part it does not
    cover at the price of the science or materials traded for it (``trade_rate`` of them for
    each money; resources, too, buy less near the end). The trade gives idle stock first
    (``idle_money``), which is worth only ``IDLE_SHARE`` of a resource."""
    need = disc_cost(player, discs)
    short = min(need, max(0, -balance(player, discs)))
    covered = need - short
    cheap = min(short, idle_money(player))
    unit = trade_rate(player) * RESOURCE_VP * lateness(left)
    bought = (cheap * IDLE_SHARE + (short - cheap)) * unit
    return covered * money_price(player, discs, left) + bought


IDLE_RESERVE = 8
"""Science or materials a seat keeps at full worth: about a tech's or a couple of ships' cost.
Stock beyond it piles up (planners ended their games holding 15 science and 17 materials on
average) and is what a trade for upkeep should give first."""
IDLE_SHARE = 0.35
"""What a unit of idle stock is worth, as a share of ``RESOURCE_VP``."""


def idle_money(player: PlayerState) -> int:
    """Money the seat's idle science and materials (beyond ``IDLE_RESERVE`` of each) trade
    for at its species' rate."""
    rate = trade_rate(player)
    return sum(
        max(0, player.resource(r) - IDLE_RESERVE) // rate
        for r in (Resource.SCIENCE, Resource.MATERIALS)
    )


def lateness(left: int) -> float:
    """How much a resource still buys with ``left`` rounds to play after this one: less each
    round, and little in the last one (what is not spent then buys nothing)."""
    return 0.1 if left <= 0 else 0.3 + 0.7 * min(7, left) / 7


def steady_upkeep_cost(player: PlayerState) -> int:
    """The upkeep one more disc off the track adds to a typical later round (the planner takes
    ``PLANNED_ACTIONS`` actions a round)."""
    track = _typical_track(player)
    return planned_upkeep(track - 1) - planned_upkeep(track)


def steady_upkeep_saved(player: PlayerState, discs: int) -> int:
    """The upkeep ``discs`` more discs on the track (a tech's) save in a typical later round."""
    track = _typical_track(player)
    return planned_upkeep(track) - planned_upkeep(track + discs)


def planned_upkeep(discs_on_track: int) -> int:
    """The upkeep of a round planned with ``discs_on_track`` discs left on the track, which may
    be fewer than none: a seat whose sectors leave fewer discs than its planned actions need
    takes those actions only by leaving sectors, so each disc short costs at least the track's
    dearest step (30 - 25 = 5 money). Without this a seat deep in the track saw every further
    sector as free of upkeep."""
    if discs_on_track >= 0:
        return tables().upkeep_for(discs_on_track)
    last = tables().upkeep_for(0) - tables().upkeep_for(1)
    return tables().upkeep_for(0) - discs_on_track * last


def _typical_track(player: PlayerState) -> int:
    return player.discs_track + player.discs_actions - PLANNED_ACTIONS


def production_gain(player: PlayerState, resource: Resource) -> int:
    """Extra production a round from one more cube off a population track."""
    track = player.tracks[resource.track]
    if track <= 0:
        return 0
    empty = tables().track_squares - track
    return tables().production_for(empty + 1) - tables().production_for(empty)


def neediest(player: PlayerState, options: tuple[Resource, ...] = RESOURCES) -> Resource:
    """The resource the player is shortest of, among ``options``: money when this round's
    upkeep is not covered, else the one with the least in storage plus production."""

    def key(r: Resource) -> tuple[int, int, int]:
        short = 1 if r is Resource.MONEY and balance(player) < 5 else 0
        stock = player.resource(r) + 2 * production(player, r)
        return (-short, stock, RESOURCES.index(r))

    return min(options, key=key)


def least_needed(player: PlayerState, options: tuple[Resource, ...] = RESOURCES) -> Resource:
    """The resource the player can best spare, among ``options`` (the reverse of ``neediest``)."""

    def key(r: Resource) -> tuple[int, int, int]:
        short = 1 if r is Resource.MONEY and balance(player) < 5 else 0
        stock = player.resource(r) + 2 * production(player, r)
        return (-short, stock, -RESOURCES.index(r))

    return max(options, key=key)
