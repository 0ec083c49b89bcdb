"""One battle of a sector, played step by step with calc's combat rules.

A battle is a ``Fight`` between two sides (a seat, or ``NPC``) kept in ``GameState.combat``; ships
and their damage are in the sector (``SectorState.ships`` / ``damage``). Everything that decides
the battle comes from ``calc``, so the engine and the solvers play by one set of rules:

* the activation order: ``calc.rules.battle_state.activation_order`` on the sides built by
  ``engine.battle_view.side_of`` (initiative, defender first on ties, the larger type first within
  a side; missiles once, then engagement rounds; on a side that may retreat every type activates);
* hits: ``calc.rules.dice.hit_threshold`` (a die *reaches* the living target types whose threshold
  is at most its face, as in ``calc.rules.dice``), ``calc.rules.dice.RIFT_FACES`` and
  ``RIFT_REACH`` for rift dice, the Antimatter Splitter as four 1-damage hits (cannons only);
* assignment: a player chooses among the distinct results of
  ``calc.rules.assignment.all_assignments`` (each hit to a living ship it can hit, a hit lost only
  when it can hit none); NPCs assign by ``calc.rules.assignment.rule_assignment`` with the NPC rule
  (rank = size); rift self-damage by ``calc.rules.assignment.self_damage_result``;
* the end of a battle and its accounting as ``calc.sector.chain`` / ``calc.rules.accounting``
  document it: the battle ends when a side has no ship left in the sector (retreating ships are
  still in it until they leave at their next activation); at the start of every engagement round a
  sector where no ship of either side has cannons is a stalemate (the defender holds; the
  attacker's ships retreat if they can, else they are destroyed, earning no reputation); Morph
  Shields repair at the end of every engagement round (``calc.rules.battle_state.morph_repair``);
  ships still retreating when the battle ends complete their retreat; every ship destroyed in a
  battle (by the enemy or by its own rift dice) earns the other side its reputation value.

Chance: dice are rolled one colour at a time, at most ``MAX_DICE_PER_ROLL`` dice per roll; an
outcome is the multiset of faces (``RollDice``), with its multinomial probability.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import factorial

from blueprints import Dice, DieColour, ShipClass, ShipStats, npc_tile
from calc import Retreat, RetreatPolicy, ShipGroup, Side, TooLargeError
from calc.rules import (
    Fate,
    Holder,
    SideSpec,
    SideState,
    Status,
    activation_order,
    all_assignments,
    ancients_fight,
    can_retreat,
    hit_threshold,
    hits_of_faces,
    holder_after,
    is_stalemate,
    morph_repair,
    round_damage_of,
    rule_assignment,
    self_damage_result,
    ship_fate,
    ship_reputation,
    toughness_of,
)
from engine.actions.base import Action
from engine.actions.build import place_ship
from engine.actions.combat import AssignDamage, Attack, RetreatTo, RollDice, format_result
from engine.battle_view import retreat_targets, side_of
from engine.combat_state import CombatState, Fight, Retreating, SectorCombat, Slot
from engine.decisions import (
    AssignHits,
    BattleActivation,
    Chunks,
    Faces,
    StalemateRetreat,
    VolleyRoll,
)
from engine.hexes import Hex
from engine.state import CHANCE, NPC, NPC_CLASSES, GameState, SectorState, add_ships, set_damage

MAX_DICE_PER_ROLL = 8
"""Dice of one colour rolled in one chance event (more are rolled in several): keeps a roll's
outcomes (sorted faces) at most 1,287."""

ANTIMATTER_SPLITTER = "antimatter_splitter"
WANTS_RETREAT = Retreat(RetreatPolicy.OPTIMAL)
"""The retreat rule given to a side that may retreat, so that calc's activation order gives its
unarmed ship types an activation too (the player decides; calc's policy is not used)."""


# ----- dice -----------------------------------------------------------------------------------


def chunks(dice: Dice) -> Chunks:
    """The rolls of a set of dice: one colour each, at most ``MAX_DICE_PER_ROLL`` dice."""
    out: list[tuple[DieColour, int]] = []
    for colour, n in dice.items():
        while n > 0:
            k = min(n, MAX_DICE_PER_ROLL)
            out.append((colour, k))
            n -= k
    return tuple(out)


@cache
def roll_outcomes(colour: DieColour, count: int) -> tuple[tuple[Action, float], ...]:
    """Every multiset of faces of ``count`` dice of one colour, with its probability.

    >>> [(str(a), round(p, 4)) for a, p in roll_outcomes(DieColour.YELLOW, 2)][:2]
    [('roll yellow 6,6', 0.0278), ('roll yellow 6,5', 0.0556)]
    """
    out: list[tuple[Action, float]] = []
    total = 6**count
    for faces in combinations_with_replacement(range(6, 0, -1), count):
        ways = factorial(count)
        for n in Counter(faces).values():
            ways //= factorial(n)
        text = ",".join(str(f) for f in faces)
        out.append((RollDice(colour, text), ways / total))
    return tuple(out)


# ----- the sides of a fight ---------------------------------------------------------------------


def class_stats(state: GameState, side: int, ship_class: ShipClass) -> ShipStats:
    """The stats of a side's ship type: the player's blueprint, or the game's NPC tile."""
    if side == NPC:
        config = state.config
        variant = {
            ShipClass.ANCIENT: config.ancient,
            ShipClass.GUARDIAN: config.guardian,
            ShipClass.GCDS: config.gcds,
        }[ship_class]
        return npc_tile(ship_class, variant).stats
    return state.players[side].blueprint(ship_class).stats


def fighting_classes(sector: SectorState, side: int, fight: Fight | None) -> list[ShipClass]:
    """The ship types a side has in the fight."""
    if side == NPC:
        sit_out = fight is not None and fight.ancients_sit_out
        return [
            c
            for c in NPC_CLASSES
            if sector.npc_count(c) and not (sit_out and c is ShipClass.ANCIENT)
        ]
    return [c for s, c, _ in sector.ships if s == side]


def side_spec(state: GameState, sector: SectorState, side: int, fight: Fight | None) -> SideSpec:
    """calc's facts of a fighting side's ship types as it stands (hulls, sizes, threats, rift
    types), the types in calc's canonical order (``calc.battle.model.Side.canonical``)."""
    classes = fighting_classes(sector, side, fight)
    return _spec(tuple(class_stats(state, side, c) for c in classes))


@lru_cache(maxsize=4096)
def _spec(stats: tuple[ShipStats, ...]) -> SideSpec:
    return SideSpec.of(Side("side", tuple(ShipGroup(s, 1) for s in stats)).canonical())


def classes_of(spec: SideSpec) -> tuple[ShipClass, ...]:
    """The ship types of a side's facts, in their order."""
    return tuple(s.ship_class for s in spec.stats)


def side_state(sector: SectorState, side: int, spec: SideSpec) -> SideState:
    """calc's state of a side: per ship type, how many ships have each damage 0..hull."""
    out = []
    for stats, hull in zip(spec.stats, spec.hulls, strict=True):
        counts = [0] * (hull + 1)
        for d in sector.damage_of(side, stats.ship_class):
            counts[d] += 1
        out.append(tuple(counts))
    return tuple(out)


def ships_in_fight(sector: SectorState, side: int, fight: Fight | None) -> int:
    """Ships of a side taking part in the fight (all its ships still in the sector)."""
    if side == NPC:
        ancients = 0 if fight is not None and fight.ancients_sit_out else sector.ancients
        return ancients + sector.guardian + sector.gcds
    return sector.ships_of(side)


def _fight(state: GameState) -> tuple[CombatState, SectorCombat, Fight]:
    combat = state.combat
    assert combat is not None and combat.current is not None and combat.current.fight is not None
    return combat, combat.current, combat.current.fight


def with_fight(state: GameState, fight: Fight | None) -> GameState:
    """A copy with the fight in progress replaced."""
    combat = state.combat
    assert combat is not None and combat.current is not None
    return replace(state, combat=replace(combat, current=replace(combat.current, fight=fight)))


def _sector(state: GameState, where: Hex) -> SectorState:
    sector = state.sector(where)
    assert sector is not None
    return sector


# ----- changing ships -----------------------------------------------------------------------


def credit(state: GameState, seat: int, tiles: int) -> GameState:
    """Add reputation tiles earned by a player to its tally in the sector being resolved."""
    if seat == NPC or not tiles:
        return state
    combat = state.combat
    assert combat is not None and combat.current is not None
    current = combat.current
    tallies = tuple(
        replace(t, earned=t.earned + tiles) if t.seat == seat else t for t in current.tallies
    )
    return replace(state, combat=replace(combat, current=replace(current, tallies=tallies)))


def set_side_state(
    state: GameState,
    where: Hex,
    side: int,
    classes: tuple[ShipClass, ...],
    result: SideState,
    earner: int | None,
) -> GameState:
    """Put a side's ships as calc's ``result`` says: damage per ship, destroyed ships removed.

    Each destroyed ship earns ``earner`` (the other side of the battle) its reputation value.
    """
    sector = _sector(state, where)
    earned = 0
    for cls, counts in zip(classes, result, strict=True):
        alive = sum(counts)
        destroyed = sector.count(side, cls) - alive
        damage = tuple(d for d, n in enumerate(counts) for _ in range(n))
        if destroyed:
            sector = remove_ships(sector, side, cls, destroyed)
            earned += destroyed * ship_reputation(cls)
        sector = replace(sector, damage=set_damage(sector.damage, side, cls, damage))
    state = state.with_sector(sector)
    if earner is not None:
        state = credit(state, earner, earned)
    return state


def remove_ships(sector: SectorState, side: int, ship_class: ShipClass, count: int) -> SectorState:
    """The sector with ``count`` ships of a side's class gone (damage records left to the caller;
    a player with no ship left leaves the order of entry)."""
    if side == NPC:
        if ship_class is ShipClass.ANCIENT:
            return replace(sector, ancients=sector.ancients - count)
        if ship_class is ShipClass.GUARDIAN:
            return replace(sector, guardian=sector.guardian - count)
        return replace(sector, gcds=sector.gcds - count)
    fleet = add_ships(sector.ships, side, ship_class, -count)
    arrivals = sector.arrivals
    if not any(s == side for s, _, _ in fleet):
        arrivals = tuple(a for a in arrivals if a != side)
    return replace(sector, ships=fleet, arrivals=arrivals)


def move_type(
    state: GameState, origin: Hex, seat: int, ship_class: ShipClass, to: Hex
) -> GameState:
    """Every ship of a player's class leaves ``origin`` for ``to``, with its damage."""
    sector = _sector(state, origin)
    count = sector.ships_of(seat, ship_class)
    if not count:
        return state
    damage = tuple(d for d in sector.damage_of(seat, ship_class) if d)
    sector = remove_ships(sector, seat, ship_class, count)
    sector = replace(sector, damage=set_damage(sector.damage, seat, ship_class, ()))
    state = state.with_sector(sector)
    target = _sector(state, to)
    moved = target.damage_of(seat, ship_class)
    for _ in range(count):
        target = place_ship(target, seat, ship_class)
    target = replace(target, damage=set_damage(target.damage, seat, ship_class, moved + damage))
    return state.with_sector(target)


# ----- starting a fight -------------------------------------------------------------------------


def start_fight(state: GameState, attacker: int, defender: int) -> GameState:
    """Begin the battle of ``attacker`` (the later entrant) against ``defender``."""
    combat = state.combat
    assert combat is not None and combat.current is not None
    sector = _sector(state, combat.current.where)
    sit_out = defender == NPC and not ancients_fight(state.players[attacker].species)
    sides = []
    for side in (attacker, defender):
        if side == NPC:
            built = side_of(state, sector, NPC, ancients=not sit_out)
        else:
            retreat = WANTS_RETREAT if retreat_targets(state, sector, side) else Retreat()
            built = side_of(state, sector, side, retreat=retreat)
        sides.append(built.canonical())
    att, dfn = sides
    keys = (attacker, defender)
    slots: list[Slot] = []
    for missiles in (True, False):
        for s in activation_order(att, dfn, missiles):
            group = sides[s.side].groups[s.group]
            slots.append(Slot(keys[s.side], group.stats.ship_class, missiles))
    first = sum(1 for s in slots if s.missiles)
    fight = Fight(attacker, defender, tuple(slots), first, ancients_sit_out=sit_out)
    return with_fight(state, fight)


# ----- playing it ---------------------------------------------------------------------------------


def stalemate(state: GameState, sector: SectorState, fight: Fight) -> bool:
    """The stalemate rule (``calc.rules.stalemate``) on the fight as it stands: each side's best
    round from its ship types still fighting against the other's toughness."""
    measures: list[tuple[int, int]] = []
    for side in (fight.attacker, fight.defender):
        fighting: list[tuple[Dice, int]] = []
        ships: list[tuple[int, int, int]] = []
        for cls in fighting_classes(sector, side, fight):
            stats = class_stats(state, side, cls)
            damage = sector.damage_of(side, cls)
            if fight.status(side, cls) is None:
                fighting.append((stats.cannons, len(damage)))
            ships.extend((stats.hull, stats.morph, d) for d in damage)
        measures.append((round_damage_of(fighting), toughness_of(ships)))
    (damage_a, tough_a), (damage_d, tough_d) = measures
    return bool(is_stalemate(damage_a, tough_a, damage_d, tough_d))


def fight_step(state: GameState) -> GameState:
    """Play the fight on until a decision is pending or it is over (then ``end_fight``)."""
    while True:
        _, current, fight = _fight(state)
        if fight.next_slot < 0:
            return finish_fight(state)
        sector = _sector(state, current.where)
        if not ships_in_fight(sector, fight.attacker, fight) or not ships_in_fight(
            sector, fight.defender, fight
        ):
            return end_fight(state, stalemate=False)
        j = fight.next_slot
        in_round = fight.in_round
        rounds = fight.rounds
        if j == len(fight.slots) or (j == fight.first_round and not in_round):
            if in_round:
                state = repair_round(state, sector.hex, fight)
                sector = _sector(state, current.where)
            j = fight.first_round
            in_round = True
            if j == len(fight.slots) or stalemate(state, sector, fight):
                state = with_fight(state, replace(fight, next_slot=j, in_round=True))
                return end_fight(state, stalemate=True)
            rounds += 1
        slot = fight.slots[j]
        fight = replace(fight, next_slot=j + 1, in_round=in_round, rounds=rounds)
        state = with_fight(state, fight)
        if sector.count(slot.side, slot.ship_class) == 0:
            continue
        leaving = fight.status(slot.side, slot.ship_class)
        if leaving is not None and not slot.missiles:
            # Retreating ships leave at their next activation.
            state = move_type(state, sector.hex, slot.side, slot.ship_class, leaving.to)
            rest = tuple(r for r in fight.retreating if r is not leaving)
            state = with_fight(state, replace(fight, retreating=rest))
            continue
        if (
            not slot.missiles
            and slot.side != NPC
            and can_retreat(class_stats(state, slot.side, slot.ship_class))
        ):
            options = retreat_targets(state, sector, slot.side)
            if options:
                return state.with_pending(BattleActivation(slot.side, slot.ship_class, options))
        started = start_volley(state, slot.side, slot.ship_class, slot.missiles)
        if started.pending:
            return started
        state = started


def repair_round(state: GameState, where: Hex, fight: Fight) -> GameState:
    """End of an engagement round: Morph Shields repair the ships of both sides in the sector."""
    sector = _sector(state, where)
    for side in (fight.attacker, fight.defender):
        for cls in fighting_classes(sector, side, fight):
            morph = class_stats(state, side, cls).morph
            if not morph:
                continue
            repaired = tuple(morph_repair(d, morph) for d in sector.damage_of(side, cls))
            sector = replace(sector, damage=set_damage(sector.damage, side, cls, repaired))
    return state.with_sector(sector)


def start_volley(state: GameState, side: int, ship_class: ShipClass, missiles: bool) -> GameState:
    """The ship type fires: its dice are rolled (a chance event), unless it has none."""
    _, current, _ = _fight(state)
    sector = _sector(state, current.where)
    stats = class_stats(state, side, ship_class)
    per_ship = stats.missiles if missiles else stats.cannons
    dice = per_ship * sector.count(side, ship_class)
    if not dice.total:
        return state
    return state.with_pending(VolleyRoll(CHANCE, side, ship_class, missiles, chunks(dice)))


def legal_activation(state: GameState, d: BattleActivation) -> list[Action]:
    """Attack, or retreat to one of the sectors offered."""
    return [Attack(), *(RetreatTo(h) for h in d.options)]


def apply_activation(state: GameState, d: BattleActivation, action: Action) -> GameState:
    """Fire, or declare the retreat (the ships leave at their next activation)."""
    state = state.with_pending(pop=1)
    if isinstance(action, Attack):
        return start_volley(state, d.seat, d.ship_class, missiles=False)
    assert isinstance(action, RetreatTo)
    _, _, fight = _fight(state)
    retreating = (*fight.retreating, Retreating(d.seat, d.ship_class, action.where))
    declared = fight.declared if d.seat in fight.declared else (*fight.declared, d.seat)
    return with_fight(state, replace(fight, retreating=retreating, declared=declared))


# ----- rolling and hitting ------------------------------------------------------------------------


def volley_outcomes(state: GameState, d: VolleyRoll) -> tuple[tuple[Action, float], ...]:
    """The faces the next roll can show."""
    colour, count = d.dice[0]
    return roll_outcomes(colour, count)


def apply_volley_roll(state: GameState, d: VolleyRoll, action: RollDice) -> GameState:
    """Note the faces; when every die is rolled, resolve the volley."""
    colour, _ = d.dice[0]
    faces: Faces = d.faces + tuple((colour, f) for f in action.values)
    if len(d.dice) > 1:
        return state.with_pending(replace(d, dice=d.dice[1:], faces=faces), pop=1)
    return resolve_volley(state.with_pending(pop=1), d.side, d.ship_class, d.missiles, faces)


def hits_of(
    faces: Faces, stats: ShipStats, targets: tuple[ShipStats, ...], splitter: bool
) -> tuple[tuple[tuple[int, int, int], ...], tuple[int, ...], int]:
    """The hits of rolled faces against living target types, as ``(damage, reach, count)`` in
    hit order (``calc.rules.hits_of_faces``, the code Monte Carlo runs), the targets' needs and
    the rift self-damage points."""
    needs = tuple(hit_threshold(stats.computer, t.shield) for t in targets)
    hits, self_points = hits_of_faces(faces, needs, splitter)
    return hits, needs, self_points


def resolve_volley(
    state: GameState, side: int, ship_class: ShipClass, missiles: bool, faces: Faces
) -> GameState:
    """Rift self-damage (by rule), then the hits: by the NPC rule for NPCs, else the firing
    player assigns them (a decision, unless only one result is possible)."""
    _, current, fight = _fight(state)
    where = current.where
    sector = _sector(state, where)
    enemy = fight.defender if side == fight.attacker else fight.attacker
    foe_spec = side_spec(state, sector, enemy, fight)
    stats = class_stats(state, side, ship_class)
    splitter = side != NPC and state.players[side].has_tech(ANTIMATTER_SPLITTER) and not missiles
    hits, needs, self_points = hits_of(faces, stats, foe_spec.stats, splitter)
    if self_points:
        own_spec = side_spec(state, sector, side, fight)
        after = self_damage_result(side_state(sector, side, own_spec), self_points, own_spec)
        state = set_side_state(state, where, side, classes_of(own_spec), after, enemy)
        sector = _sector(state, where)
    if not hits or not foe_spec.stats:
        return state
    before = side_state(sector, enemy, foe_spec)
    if side == NPC:
        result = rule_assignment(before, hits, needs, foe_spec.hulls, foe_spec.sizes)
        return set_side_state(state, where, enemy, classes_of(foe_spec), result, None)
    decision = AssignHits(side, where, enemy, hits, classes_of(foe_spec), needs)
    options = assignment_results(state, decision)
    if len(options) == 1:
        return set_side_state(state, where, enemy, decision.classes, options[0][1], side)
    return state.with_pending(decision)


def _target(state: GameState, d: AssignHits) -> tuple[SideSpec, SideState]:
    sector = _sector(state, d.where)
    fight = state.combat.current.fight if state.combat and state.combat.current else None
    spec = side_spec(state, sector, d.target, fight)
    return spec, side_state(sector, d.target, spec)


def assignment_results(state: GameState, d: AssignHits) -> list[tuple[str, SideState]]:
    """Every distinct result of the hits (text, calc side state), in text order.

    Each hit goes to a living ship it can hit (``calc.rules.assignment.all_assignments``). A volley
    with more distinct results than calc enumerates offers the greedy and NPC-rule results.
    """
    spec, before = _target(state, d)
    try:
        results = all_assignments(before, d.hits, d.needs, spec.hulls)
    except TooLargeError:
        results = tuple(
            sorted(
                {
                    rule_assignment(before, d.hits, d.needs, spec.hulls, spec.threats),
                    rule_assignment(before, d.hits, d.needs, spec.hulls, spec.sizes),
                }
            )
        )
    out = []
    for result in results:
        damage = tuple(
            tuple(dmg for dmg, n in enumerate(counts) for _ in range(n)) for counts in result
        )
        out.append((format_result(d.classes, damage), result))
    return sorted(out)


def greedy_result(state: GameState, d: AssignHits) -> str:
    """The text of the result calc's greedy policy gives (``calc.rules.targeting``, rank =
    threat)."""
    spec, before = _target(state, d)
    result = rule_assignment(before, d.hits, d.needs, spec.hulls, spec.threats)
    damage = tuple(tuple(dmg for dmg, n in enumerate(c) for _ in range(n)) for c in result)
    return format_result(d.classes, damage)


def legal_assignments(state: GameState, d: AssignHits) -> list[Action]:
    """One answer per distinct result."""
    return [AssignDamage(text) for text, _ in assignment_results(state, d)]


def apply_assignment(state: GameState, d: AssignHits, action: AssignDamage) -> GameState:
    """Damage and destroy the target's ships as chosen."""
    for text, result in assignment_results(state, d):
        if text == action.result:
            state = state.with_pending(pop=1)
            return set_side_state(state, d.where, d.target, d.classes, result, d.seat)
    raise AssertionError(f"{action.result!r} is not a result of {d}")  # pragma: no cover


# ----- the end of a fight ----------------------------------------------------------------------


def end_fight(state: GameState, stalemate: bool) -> GameState:
    """The end of the battle by ``calc.rules.ship_fate``: retreating ships complete their
    retreat; at a stalemate the attacker's ships that can move retreat (where to: a decision when
    there is a choice) and the rest are destroyed; then ``finish_fight``."""
    _, current, fight = _fight(state)
    where = current.where
    for r in fight.retreating:
        state = move_type(state, where, r.side, r.ship_class, r.to)
    fight = replace(fight, retreating=(), next_slot=-1)
    state = with_fight(state, fight)
    if not stalemate:
        return finish_fight(state)
    sector = _sector(state, where)
    att = fight.attacker
    if not sector.ships_of(att):
        return finish_fight(state)
    options = retreat_targets(state, sector, att)
    escaping = False
    for _, cls, n in [f for f in sector.ships if f[0] == att]:
        fate = ship_fate(
            Status.FIGHTING,
            stalemate=True,
            attacker=True,
            can_escape=bool(options) and can_retreat(class_stats(state, att, cls)),
        )
        if fate is Fate.DESTROYED:
            sector = remove_ships(sector, att, cls, n)
            sector = replace(sector, damage=set_damage(sector.damage, att, cls, ()))
        else:
            escaping = True
    state = state.with_sector(sector)
    if not escaping:
        return finish_fight(state)
    fight = replace(fight, all_retreat=tuple({*fight.all_retreat, att}))
    state = with_fight(state, fight)
    if len(options) == 1:
        return finish_fight(stalemate_retreat(state, att, options[0]))
    return state.with_pending(StalemateRetreat(att, options))


def stalemate_retreat(state: GameState, seat: int, to: Hex) -> GameState:
    """Every ship of the attacker leaves the sector for ``to``."""
    _, current, _ = _fight(state)
    sector = _sector(state, current.where)
    for s, cls, _ in sector.ships:
        if s == seat:
            state = move_type(state, current.where, seat, cls, to)
    return state


def legal_stalemate(state: GameState, d: StalemateRetreat) -> list[Action]:
    """The sectors the ships may retreat to."""
    return [RetreatTo(h) for h in d.options]


def apply_stalemate(state: GameState, d: StalemateRetreat, action: RetreatTo) -> GameState:
    """Move the ships; the fight is then over."""
    return stalemate_retreat(state.with_pending(pop=1), d.seat, action.where)


def finish_fight(state: GameState) -> GameState:
    """Record the fight in the tallies and say who holds the sector (``calc.sector.chain``
    rules)."""
    combat, current, fight = _fight(state)
    sector = _sector(state, current.where)
    att, dfn = fight.attacker, fight.defender
    # After a stalemate the attacker's ships have retreated or been destroyed: the defender holds.
    a_left = ships_in_fight(sector, att, fight) > 0
    d_left = ships_in_fight(sector, dfn, fight) > 0
    holder: int | None
    after = holder_after(a_left, d_left, stalemate=False)
    holder = {Holder.ATTACKER: att, Holder.DEFENDER: dfn, Holder.NOBODY: None}[after]
    # A side that declared a retreat and has no ship left fighting in the sector retreated with
    # all its remaining ships: it loses the participation tile (calc.rules.reputation).
    lost = set(fight.all_retreat)
    lost.update(s for s in fight.declared if ships_in_fight(sector, s, fight) == 0)
    tallies = tuple(
        replace(t, fought=True, all_retreat=t.all_retreat or t.seat in lost)
        if t.seat in (att, dfn)
        else t
        for t in current.tallies
    )
    current = replace(current, fight=None, holder=holder, tallies=tallies)
    return replace(state, combat=replace(combat, current=current))
