"""The planner's choices inside a battle: where its hits go, whether to retreat, what to keep.

**Hits.** When a volley's hits can be assigned in several ways, each distinct result (the
engine's ``assignment_results``) is a position of the battle; the planner solves the rest of the
sector's combat from each and keeps the one it most likely wins (ties: calc's greedy result,
then the text). That is the optimal policy one volley at a time, and it is used only while the
battle is small: when the rest of the battle would need Monte Carlo (over the exact budget) or
there are more than ``MAX_RESULTS`` results, the hits go by calc's greedy rule
(``engine.battle.greedy_result``), the rule the solver approximates optimal play with.

**Retreat.** At an activation where the ships may retreat, the planner fights on while it is
likely to win (``KEEP_FIGHTING``); otherwise it asks the solver for the rest of the battle with
its side retreating by calc's optimal retreat policy (``RetreatPolicy.OPTIMAL``, objective
``value``: ships saved are worth their cost). When that policy retreats in most lines and is worth
more to the planner than fighting on (``war.engagement_value``: the ships saved against the
reputation tile a side that retreats with every ship gives up), they retreat now, to the safest
sector offered.

The rest of the battle is the sector's combat from the ships as they stand (their damage
counts); once the missile volleys are over, nobody fires missiles again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from blueprints import Dice
from calc import Battle, BattleError, Method, Retreat, RetreatObjective, RetreatPolicy
from engine.actions.base import Action
from engine.actions.combat import AssignDamage, Attack, RetreatTo
from engine.battle import assignment_results, greedy_result, set_side_state
from engine.battle_view import sector_battle, sector_sides
from engine.decisions import AssignHits, BattleActivation
from engine.hexes import Hex
from engine.planner.odds import OddsBook, SectorOdds
from engine.planner.war import engagement_value
from engine.state import GameState

MAX_RESULTS = 24
"""Hit assignments with more distinct results than this go by the greedy rule."""
KEEP_FIGHTING = 0.4
"""At or above this chance of holding the sector the planner never retreats."""
RETREAT_MARGIN = 0.3
"""Retreat only when it is worth this many VP more than fighting on."""


def _missiles_done(state: GameState) -> bool:
    combat = state.combat
    if combat is None or combat.current is None or combat.current.fight is None:
        return False
    fight = combat.current.fight
    return fight.in_round or fight.next_slot >= fight.first_round


def rest_of_battle(state: GameState, where: Hex) -> tuple[Battle, tuple[int, ...]] | None:
    """The sector's combat from the ships as they stand, and its sides' keys (seats or NPC);
    without missiles once the missile volleys have been fired. ``None`` when one side is left."""
    sector = state.sector(where)
    if sector is None:
        return None
    try:
        battle = sector_battle(state, where)
    except BattleError:
        return None
    keys, _ = sector_sides(state, sector)
    if _missiles_done(state):
        sides = tuple(
            replace(
                s,
                groups=tuple(replace(g, stats=replace(g.stats, missiles=Dice())) for g in s.groups),
            )
            for s in battle.sides
        )
        battle = Battle(sides, battle.defender)
    return battle, keys


def _holds(book: OddsBook, state: GameState, where: Hex, seat: int) -> tuple[float, Method]:
    found = rest_of_battle(state, where)
    if found is None:
        sector = state.sector(where)
        mine = sector is not None and sector.ships_of(seat) > 0
        return (1.0 if mine else 0.0), Method.EXACT
    battle, keys = found
    result = book.try_odds(battle)
    if result is None:
        return 0.0, Method.MONTE_CARLO  # not modelled: the rule decides
    i = keys.index(seat) if seat in keys else -1
    return (result.sides[i].holds_sector if i >= 0 else 0.0), result.method


def choose_hits(
    state: GameState, d: AssignHits, actions: Sequence[Action], book: OddsBook
) -> Action:
    """The assignment that leaves the seat most likely to hold the sector (see module doc)."""
    greedy = f"assign {greedy_result(state, d)}"
    options = [a for a in actions if isinstance(a, AssignDamage)]
    fallback = next((a for a in options if str(a) == greedy), options[0] if options else None)
    if fallback is None:
        return actions[0]
    if len(options) == 1 or len(options) > MAX_RESULTS:
        return fallback
    results = dict(assignment_results(state, d))
    scored: list[tuple[float, int, str, Action]] = []
    for a in options:
        assert isinstance(a, AssignDamage)
        after = set_side_state(
            state.with_pending(pop=1), d.where, d.target, d.classes, results[a.result], d.seat
        )
        holds, method = _holds(book, after, d.where, d.seat)
        if method is not Method.EXACT:
            return fallback  # too large for the exact solver's small budget: the rule
        scored.append((holds, int(a is fallback), str(a), a))
    scored.sort(key=lambda t: (-round(t[0], 9), -t[1], t[2]))
    return scored[0][3]


def choose_activation(
    state: GameState, d: BattleActivation, actions: Sequence[Action], book: OddsBook
) -> Action:
    """Attack, or retreat by the solver's optimal retreat (see module doc)."""
    attack = next(a for a in actions if isinstance(a, Attack))
    retreats = [a for a in actions if isinstance(a, RetreatTo)]
    combat = state.combat
    if not retreats or combat is None or combat.current is None:
        return attack
    where = combat.current.where
    found = rest_of_battle(state, where)
    if found is None:
        return attack
    battle, keys = found
    if d.seat not in keys:
        return attack
    i = keys.index(d.seat)
    fight = book.try_odds(battle)
    if fight is None or fight.sides[i].holds_sector >= KEEP_FIGHTING:
        return attack
    side = battle.sides[i]
    retreating = replace(
        side,
        can_retreat=True,
        retreat=Retreat(RetreatPolicy.OPTIMAL, objective=RetreatObjective.VALUE),
    )
    sides = tuple(retreating if j == i else s for j, s in enumerate(battle.sides))
    retreat = book.try_odds(Battle(sides, battle.defender))
    if retreat is None or retreat.sides[i].retreats < 0.5:
        return attack  # the optimal policy fights on in most lines
    # Retreating saves ships but gives up the tile for taking part: judge both by the
    # planner's own measure (the sector, the reputation tiles, the materials).
    _, stay = engagement_value(state, d.seat, where, SectorOdds(fight, keys))
    _, leave = engagement_value(state, d.seat, where, SectorOdds(retreat, keys))
    if leave < stay + RETREAT_MARGIN:
        return attack
    return min(retreats, key=lambda a: _safety(state, a, d.seat))


def _safety(state: GameState, action: RetreatTo, seat: int) -> tuple[int, Hex]:
    """Retreat to the sector with the most of the seat's ships already there (then by hex)."""
    sector = state.sector(action.where)
    ships = sector.ships_of(seat) if sector is not None else 0
    return (-ships, action.where)
