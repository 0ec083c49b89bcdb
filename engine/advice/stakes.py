"""The battles a turn changes, and by how much: the seat's chances before and after it.

A research, an upgrade or a build is worth what it does to a fight. The fights a seat has at
stake (``stakes``) are, in the position before the turn:

* **battle**: a sector where a battle is due with the seat in it (its ships, or its population
  under attack): fought in the coming combat phase;
* **attack**: the best attack the seat could make with one Move action on a sector where no
  battle of its is due yet (``engine.planner.war``: the ships that reach the sector, strongest
  first, against everything there);
* **defence**: each opponent's attack on one of the seat's sectors with one Move action.

``chance(state, seat, stake)`` is the seat's chance of holding the sector at the end of that
fight in ``state``, by Fleetlab's own solver (``OddsBook``: exact within its budget, Monte Carlo
seeded by the battle otherwise, so the same battle always gets the same number). ``biggest_change``
compares each stake before and after the turn and keeps the one that moves most.

A research that unlocks a ship part changes no fight by itself: ``with_part`` puts the part where
it helps the stake most (one Upgrade activation: an empty slot, a printed part replaced, or a
placed tile returned and replaced), so the reason can say what the tech makes possible.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from blueprints import ShipClass
from engine.actions.move import MoveShip, legal_move
from engine.actions.turn import activation_count
from engine.actions.upgrade import commit, placements
from engine.decisions import Activations
from engine.enums import ActionKind
from engine.galaxy import is_contested
from engine.hexes import Hex
from engine.planner import OddsBook, PlannerBudget
from engine.planner.fleet import proxy
from engine.planner.war import AttackPlan, attack_plans, threats
from engine.state import NPC, SHIP_CLASSES, GameState

ADVICE_BUDGET = PlannerBudget(max_states=20_000, max_seconds=0.5, mc_samples=4_000)
"""The solver's budget for the odds a reason quotes: larger than the planner's (a player reads
these numbers), small enough for the dozens of battles one piece of advice weighs."""
MIN_CHANGE = 0.01
"""A change of the odds smaller than this is no change worth a reason."""
PLACEMENTS = 4
"""Placements of a newly researched part solved per ship class: the most promising by the
planner's measure of a blueprint (``fleet.proxy``: firepower x durability)."""


@dataclass(frozen=True, slots=True)
class Stake:
    """A fight of the seat's (see the module doc): ``kind`` is ``battle``, ``attack`` or
    ``defence``; ``where`` the sector; ``enemy`` the attacking seat of a defence."""

    kind: str
    where: Hex
    enemy: int | None = None


@dataclass(frozen=True, slots=True)
class Odds:
    """The seat's chance in a stake, and who is in that fight: the other sides (seats, or
    ``NPC``) and the seat's ship classes."""

    holds: float
    others: tuple[int, ...]
    classes: tuple[ShipClass, ...]


@dataclass(frozen=True, slots=True)
class Change:
    """A stake's odds before and after a turn (``part`` and ``ship_class``: the part a research
    unlocks, placed on that class, when the odds after count it)."""

    stake: Stake
    before: Odds
    after: Odds
    part: str | None = None
    ship_class: ShipClass | None = None


def book() -> OddsBook:
    """An odds book on the advice's budget (its answers are shared by the whole process)."""
    return OddsBook(ADVICE_BUDGET)


def _classes(state: GameState, seat: int, where: Hex) -> tuple[ShipClass, ...]:
    sector = state.sector(where)
    if sector is None:
        return ()
    return tuple(c for c in SHIP_CLASSES if sector.ships_of(seat, c))


def _move_plans(state: GameState, seat: int, odds: OddsBook) -> list[AttackPlan]:
    """The seat's attacks with one Move action, best first (``war.attack_plans``)."""
    moves = legal_move(state, Activations(seat, ActionKind.MOVE, 1))
    ships = [a for a in moves if isinstance(a, MoveShip)]
    n = activation_count(state, seat, ActionKind.MOVE, False)
    return attack_plans(state, seat, odds, ships, n)


def stakes(state: GameState, seat: int, odds: OddsBook) -> list[Stake]:
    """The seat's fights in ``state`` (see the module doc): battles due, its best attack, and
    the opponents' attacks on its sectors."""
    found: list[Stake] = []
    for sector in state.sectors:
        involved = sector.ships_of(seat) or sector.owner == seat
        if involved and is_contested(state, sector):
            found.append(Stake("battle", sector.hex))
    due = {s.where for s in found}
    plans = [p for p in _move_plans(state, seat, odds) if p.target not in due]
    if plans:
        found.append(Stake("attack", plans[0].target))
    for threat in threats(state, seat, odds):
        found.append(Stake("defence", threat.where, threat.enemy))
    return found


def _others(state: GameState, seat: int, where: Hex) -> tuple[int, ...]:
    sector = state.sector(where)
    if sector is None:
        return ()
    keys = [s for s in sector.owners() if s != seat]
    if sector.owner is not None and sector.owner != seat and sector.owner not in keys:
        keys.append(sector.owner)
    if sector.npcs:
        keys.append(NPC)
    return tuple(keys)


def chance(state: GameState, seat: int, stake: Stake, odds: OddsBook) -> Odds | None:
    """The seat's chance in the stake in ``state`` (``None`` when the fight cannot be
    modelled, or no longer exists: a battle that is not due)."""
    where = stake.where
    if stake.kind == "battle":
        found = odds.sector(state, where)
        if found is None or found.of(seat) is None:
            return None
        return Odds(found.holds(seat), _others(state, seat, where), _classes(state, seat, where))
    if stake.kind == "attack":
        for plan in _move_plans(state, seat, odds):
            if plan.target == where:
                classes = tuple(c for c in SHIP_CLASSES if any(k is c for _, k in plan.ships))
                return Odds(plan.holds, _others(state, seat, where), classes)
        return Odds(0.0, _others(state, seat, where), ())
    for threat in threats(state, seat, odds):
        if threat.where == where and threat.enemy == stake.enemy:
            return Odds(1.0 - threat.loses, (threat.enemy,), _classes(state, seat, where))
    assert stake.enemy is not None
    return Odds(1.0, (stake.enemy,), _classes(state, seat, where))


def with_part(
    state: GameState, seat: int, part: str, stake: Stake, odds: OddsBook
) -> tuple[GameState, ShipClass, Odds] | None:
    """The state with ``part`` placed where it raises the seat's chance in the stake most (one
    placement on a class of the seat's in that fight), the class and the chance; ``None`` when
    no such placement is legal."""
    base = chance(state, seat, stake, odds)
    if base is None:
        return None
    classes = base.classes or _fleet_classes(state, seat)
    player = state.players[seat]
    best: tuple[float, str, GameState, ShipClass, Odds] | None = None
    for cls in classes:
        bp = player.blueprint(cls)
        # An empty slot or a printed part takes the new part at once; a placed tile goes back
        # first (the same activation).
        tries: list[tuple[tuple[int, ...], int]] = [
            ((), slot) for slot, placed in placements(player, cls, ()) if placed == part
        ]
        for slot, current in enumerate(bp.slots):
            if current is not None and current != bp.layout.printed[slot]:
                tries.extend(
                    ((slot,), where)
                    for where, placed in placements(player, cls, (slot,))
                    if placed == part and where == slot
                )
        options: list[tuple[float, int, GameState]] = []
        for returned, slot in tries:
            after = commit(state, seat, cls, returned, (slot, part))
            options.append((proxy(after.players[seat].blueprint(cls)), slot, after))
        options.sort(key=lambda o: (-o[0], o[1]))
        for _, slot, after in options[:PLACEMENTS]:
            found = chance(after, seat, stake, odds)
            if found is None:
                continue
            key = (found.holds, f"{cls.value}{slot:02d}")
            if best is None or key > best[:2]:
                best = (found.holds, key[1], after, cls, found)
    if best is None:
        return None
    return best[2], best[3], best[4]


def _fleet_classes(state: GameState, seat: int) -> tuple[ShipClass, ...]:
    """The seat's warship classes on the board."""
    return tuple(c for c in SHIP_CLASSES if any(s.ships_of(seat, c) for s in state.sectors))


def biggest_change(
    before: GameState,
    after: GameState,
    seat: int,
    odds: OddsBook,
    parts: Iterable[str] = (),
) -> Change | None:
    """The stake whose odds the turn from ``before`` to ``after`` moves most (at least
    ``MIN_CHANGE``; a stake it improves before one it worsens), counting each of ``parts``
    (unlocked by the turn's research) placed where it helps that stake most; ``None`` when no
    fight changes."""
    best: tuple[tuple[bool, float], Change] | None = None
    unlocked = tuple(parts)
    for stake in stakes(before, seat, odds):
        was = chance(before, seat, stake, odds)
        if was is None:
            continue
        options: list[Change] = []
        now = chance(after, seat, stake, odds)
        if now is not None:
            options.append(Change(stake, was, now))
        for part in unlocked:
            placed = with_part(after, seat, part, stake, odds)
            if placed is not None:
                options.append(Change(stake, was, placed[2], part, placed[1]))
        for change in options:
            gain = change.after.holds - change.before.holds
            # A fight the turn improves comes before one it worsens, then the larger change.
            rank = (gain > 0, abs(gain))
            if abs(gain) >= MIN_CHANGE and (best is None or rank > best[0]):
                best = (rank, change)
    return None if best is None else best[1]
