"""The combat phase: battles, reputation, attacks on population, influence, discovery, repair.

The steps (RULINGS, Combat; the official "Combat Phase" pages):

1. **Determine battles**: every sector where two sides would fight (ships of two players, or a
   player's ships with NPCs that fight them; Ancients do not fight the Descendants of Draco).
2. **Resolve battles** in descending sector number. In a sector, sides fight two at a time in
   the order of ``calc.sector.chain.battle_order``: reverse order of entry, the side controlling the
   sector (then the NPCs) last; the survivors of one battle, with their damage, fight the next.
   Each battle is ``engine.battle``. After the sector's battles every player who took part draws
   reputation tiles, in order of entry: 1 for taking part (lost by trying to retreat with all
   remaining ships) plus the reputation value of the opponent ships destroyed in its battles, at
   most 5 (``calc.rules.accounting``). The tiles are chance events from the bag; the player then
   keeps at most one (returning a tile from a full track to make room) and the rest go back.
3. **Attack population**: in descending sector number, a player's ships in a sector where another
   player has cubes attack them: every ship rolls its cannons once against shield 0 (the
   ``calc.rules.dice`` hit rule; a rift die's damage to the target counts, its self-damage is
   ignored, as in ``calc.rules.population``), each point of damage destroying a cube of the
   attacker's choosing (ship types roll one after another; once every cube is hit the others need
   not roll). Neutron Bombs (unless the victim has the Neutron Absorber) and any opponent ship
   against Planta destroy every cube without a roll (decision: the "may" of Neutron Bombs is always
   taken). Destroyed cubes go to the victim's graveyard of the square's colour; from a grey square
   or an orbital the victim chooses the graveyard.
4. **Influence sectors**: a sector with another player's ships and none of the controller's
   cubes loses the controller's disc (back to its track). Then, the start player first, each
   player may take control of uncontrolled sectors where only it has ships and no NPC opposes it
   (a disc from the track).
5. **Discovery tiles**: ships alone on an undefended facedown discovery tile claim it (reveal,
   then reward or 2 VP).
6. **Repair**: all damage is cleared. A player left with neither ships nor sectors is eliminated.
"""

from __future__ import annotations

from dataclasses import replace

from blueprints import DieColour, ShipClass
from calc import Battle, Side, battle_order
from calc.rules import ancients_fight, cubes_from_face, destroys_every_cube, tiles_drawn
from engine.actions.base import Action
from engine.actions.combat import DestroyCube, KeepReputation, RollDice, ToGraveyard
from engine.actions.explore import claim_sector
from engine.actions.turn import Claim, Decline
from engine.battle import chunks, fight_step, roll_outcomes, start_fight
from engine.battle_view import fighting_players, npcs_fight, sector_sides
from engine.board import room_for_reputation, seats_after
from engine.chance import DrawReputation
from engine.combat_state import CombatState, CombatStep, SectorCombat, Tally
from engine.decisions import (
    BattleReputationDraw,
    CubeRemoval,
    Decision,
    DiscoveryReveal,
    GraveyardChoice,
    PopulationRoll,
    ReputationKeep,
    SectorClaims,
)
from engine.elimination import eliminate
from engine.enums import RESOURCES, Phase, Resource, SquareType
from engine.galaxy import opposed
from engine.hexes import Hex
from engine.specials import can_hold_disc
from engine.state import CHANCE, NPC, GameState, SectorState

ORBITAL_SQUARE = -1
NEUTRON_BOMBS = "neutron_bombs"
NEUTRON_ABSORBER = "neutron_absorber"


# ----- determining battles ----------------------------------------------------------------------


def has_battle(state: GameState, sector: SectorState) -> bool:
    """True when at least two sides will fight in the sector."""
    players = fighting_players(sector)
    return len(players) >= 2 or (len(players) == 1 and npcs_fight(state, sector))


def fight_order(state: GameState, sector: SectorState) -> tuple[int, ...]:
    """The sides of the sector's battles in the order they enter the chain
    (``calc.sector.chain.battle_order`` on ``engine.battle_view.sector_sides``): the last entrant
    first, the controller and the NPCs last. A controller without ships does not fight."""
    keys, defender = sector_sides(state, sector)
    battle = Battle(tuple(Side(f"side {k}", ()) for k in keys), defender)
    order = (keys[i] for i in battle_order(battle))
    return tuple(k for k in order if k == NPC or sector.ships_of(k))


def battle_sectors(state: GameState) -> tuple[Hex, ...]:
    """Sectors with a battle, in the order they are resolved (descending sector number)."""
    found = [s for s in state.sectors if has_battle(state, s)]
    return tuple(s.hex for s in sorted(found, key=lambda s: -s.tile))


def start_combat(state: GameState) -> GameState:
    """Enter the combat phase."""
    state = replace(state, phase=Phase.COMBAT)
    return replace(state, combat=CombatState(CombatStep.BATTLES, battle_sectors(state)))


def combat_step(state: GameState) -> GameState:
    """Move the combat phase on until a decision is pending or the phase is over."""
    combat = state.combat
    assert combat is not None
    if combat.step is CombatStep.BATTLES:
        current = combat.current
        if current is None:
            if not combat.queue:
                return begin_population(state)
            state = replace(state, combat=replace(combat, queue=combat.queue[1:]))
            return begin_sector(state, combat.queue[0])
        if current.fight is not None:
            return fight_step(state)
        if current.draws is None:
            if current.waiting:
                return next_pair(state)
            return begin_draws(state)
        if current.draws:
            return next_draw(state)
        return replace(state, combat=replace(combat, current=None))
    if combat.step is CombatStep.POPULATION:
        if not combat.attacks:
            return replace(state, combat=replace(combat, step=CombatStep.INFLUENCE))
        (where, seat), rest = combat.attacks[0], combat.attacks[1:]
        state = replace(state, combat=replace(combat, attacks=rest))
        return begin_attack(state, where, seat)
    if combat.step is CombatStep.INFLUENCE:
        return influence_step(state)
    return finish_combat(state)


# ----- the battles of a sector ----------------------------------------------------------------


def _current(state: GameState) -> tuple[CombatState, SectorCombat]:
    combat = state.combat
    assert combat is not None and combat.current is not None
    return combat, combat.current


def _with_current(state: GameState, current: SectorCombat | None) -> GameState:
    combat = state.combat
    assert combat is not None
    return replace(state, combat=replace(combat, current=current))


def begin_sector(state: GameState, where: Hex) -> GameState:
    """Line the sector's sides up for their battles."""
    sector = state.sector(where)
    assert sector is not None
    order = fight_order(state, sector)
    entry = tuple(fighting_players(sector))
    current = SectorCombat(
        where=where,
        entry=entry,
        holder=order[0],
        waiting=order[1:],
        tallies=tuple(Tally(seat) for seat in entry),
    )
    return _with_current(state, current)


def _side_ships(state: GameState, sector: SectorState, side: int, against: int | None) -> int:
    if side != NPC:
        return sector.ships_of(side)
    sit_out = (
        against is not None
        and against != NPC
        and not ancients_fight(state.players[against].species)
    )
    return sector.guardian + sector.gcds + (0 if sit_out else sector.ancients)


def next_pair(state: GameState) -> GameState:
    """The holder attacks the next side waiting; a side with no ship left is passed over."""
    _, current = _current(state)
    sector = state.sector(current.where)
    assert sector is not None
    opponent, rest = current.waiting[0], current.waiting[1:]
    holder = current.holder
    current = replace(current, waiting=rest)
    if holder is None or not _side_ships(state, sector, holder, None):
        return _with_current(state, replace(current, holder=opponent))
    if not _side_ships(state, sector, opponent, holder):
        return _with_current(state, current)
    return start_fight(_with_current(state, current), holder, opponent)


def reputation_tiles(tally: Tally) -> int:
    """Tiles a player draws after the sector's battles (``calc.rules.tiles_drawn``)."""
    return tiles_drawn(
        tally.earned, took_part=tally.fought, participation=not tally.all_retreat, npc=False
    )


def begin_draws(state: GameState) -> GameState:
    """The battles are over: list the reputation draws, in order of entry."""
    _, current = _current(state)
    draws = tuple((t.seat, n) for t in current.tallies if (n := reputation_tiles(t)))
    return _with_current(state, replace(current, draws=draws))


def next_draw(state: GameState) -> GameState:
    """The next player draws its tiles (chance events), if the bag has any."""
    _, current = _current(state)
    assert current.draws
    (seat, tiles), rest = current.draws[0], current.draws[1:]
    state = _with_current(state, replace(current, draws=rest))
    if not any(state.reputation_bag):
        return state
    return state.with_pending(BattleReputationDraw(CHANCE, seat, tiles))


def reputation_outcomes(state: GameState, d: BattleReputationDraw) -> list[tuple[Action, float]]:
    """Each tile value in the bag, weighted by its tiles."""
    total = sum(state.reputation_bag)
    return [(DrawReputation(v + 1), n / total) for v, n in enumerate(state.reputation_bag) if n]


def apply_reputation_draw(
    state: GameState, d: BattleReputationDraw, action: DrawReputation
) -> GameState:
    """The tile leaves the bag for the player's hand; after the last one the player chooses."""
    bag = list(state.reputation_bag)
    bag[action.value - 1] -= 1
    state = replace(state, reputation_bag=(bag[0], bag[1], bag[2], bag[3]))
    drawn = (*d.drawn, action.value)
    if d.left > 1 and any(state.reputation_bag):
        return state.with_pending(replace(d, left=d.left - 1, drawn=drawn), pop=1)
    return state.with_pending(ReputationKeep(d.holder, drawn), pop=1)


def legal_keep(state: GameState, d: ReputationKeep) -> list[Action]:
    """Keep one drawn tile (on a full track: in place of one of the track's tiles), or none."""
    player = state.players[d.seat]
    values = sorted(set(d.drawn), reverse=True)
    out: list[Action] = []
    if room_for_reputation(player):
        out.extend(KeepReputation(v, None) for v in values)
    else:
        on_track = sorted(set(player.reputation))
        out.extend(KeepReputation(v, w) for v in values for w in on_track)
    out.append(Decline())
    return out


def apply_keep(state: GameState, d: ReputationKeep, action: Action) -> GameState:
    """Place the kept tile; every other tile (and a swapped one) goes back to the bag."""
    state = state.with_pending(pop=1)
    back = list(d.drawn)
    player = state.players[d.seat]
    if isinstance(action, KeepReputation):
        back.remove(action.value)
        track = list(player.reputation)
        if action.swap is not None:
            track.remove(action.swap)
            back.append(action.swap)
        track.append(action.value)
        state = state.with_player(replace(player, reputation=tuple(sorted(track))))
    bag = list(state.reputation_bag)
    for v in back:
        bag[v - 1] += 1
    return replace(state, reputation_bag=(bag[0], bag[1], bag[2], bag[3]))


# ----- attacking population ---------------------------------------------------------------------


def begin_population(state: GameState) -> GameState:
    """After every battle: list the attacks on population (descending sector number)."""
    combat = state.combat
    assert combat is not None
    attacks: list[tuple[Hex, int]] = []
    for sector in sorted(state.sectors, key=lambda s: -s.tile):
        owner = sector.owner
        if owner is None or not sector.population():
            continue
        attacks.extend((sector.hex, s) for s in fighting_players(sector) if s != owner)
    step = CombatStep.POPULATION
    return replace(state, combat=replace(combat, step=step, attacks=tuple(attacks)))


def _cubes(sector: SectorState) -> list[int]:
    out = [i for i, cube in enumerate(sector.cubes) if cube]
    if sector.orbital_cube:
        out.append(ORBITAL_SQUARE)
    return out


def begin_attack(state: GameState, where: Hex, seat: int) -> GameState:
    """A player's ships attack the controller's cubes (or destroy them all, by rule)."""
    sector = state.sector(where)
    assert sector is not None
    owner = sector.owner
    if owner is None or owner == seat or not sector.population() or not sector.ships_of(seat):
        return state
    victim = state.players[owner]
    attacker = state.players[seat]
    if destroys_every_cube(
        victim_species=victim.species,
        neutron_bombs=attacker.has_tech(NEUTRON_BOMBS),
        neutron_absorber=victim.has_tech(NEUTRON_ABSORBER),
    ):
        for square in _cubes(sector):
            state = destroy_cube(state, where, square)
        return state
    classes = tuple(
        c for s, c, _ in sector.ships if s == seat and attacker.blueprint(c).stats.cannons.total
    )
    if not classes:
        return state
    roll = PopulationRoll(
        CHANCE, seat, where, classes, _population_dice(state, sector, seat, classes[0])
    )
    return state.with_pending(roll)


def _population_dice(
    state: GameState, sector: SectorState, seat: int, ship_class: ShipClass
) -> tuple[tuple[DieColour, int], ...]:
    stats = state.players[seat].blueprint(ship_class).stats
    return chunks(stats.cannons * sector.ships_of(seat, ship_class))


def population_outcomes(state: GameState, d: PopulationRoll) -> tuple[tuple[Action, float], ...]:
    """The faces the next roll can show."""
    colour, count = d.dice[0]
    return roll_outcomes(colour, count)


def cube_damage(
    state: GameState, d: PopulationRoll, faces: tuple[tuple[DieColour, int], ...]
) -> int:
    """Cubes destroyed by one ship type's dice against shield 0."""
    computer = state.players[d.attacker].blueprint(d.classes[0]).stats.computer
    return sum(cubes_from_face(colour, face, computer) for colour, face in faces)


def apply_population_roll(state: GameState, d: PopulationRoll, action: RollDice) -> GameState:
    """Count the hits; after the last ship type, the attacker chooses the cubes."""
    colour, _ = d.dice[0]
    faces = d.faces + tuple((colour, f) for f in action.values)
    if len(d.dice) > 1:
        return state.with_pending(replace(d, dice=d.dice[1:], faces=faces), pop=1)
    state = state.with_pending(pop=1)
    points = d.points + cube_damage(state, d, faces)
    sector = state.sector(d.where)
    assert sector is not None
    cubes = sector.population()
    rest = d.classes[1:]
    if rest and points < cubes:
        dice = _population_dice(state, sector, d.attacker, rest[0])
        return state.with_pending(replace(d, classes=rest, dice=dice, faces=(), points=points))
    return remove_cubes(state, d.attacker, d.where, min(points, cubes))


def remove_cubes(state: GameState, seat: int, where: Hex, points: int) -> GameState:
    """The attacker destroys ``points`` cubes: all of them at once when that is every cube,
    else one by one as it chooses."""
    sector = state.sector(where)
    assert sector is not None
    if points <= 0:
        return state
    if points >= sector.population():
        for square in _cubes(sector):
            state = destroy_cube(state, where, square)
        return state
    return state.with_pending(CubeRemoval(seat, where, points))


def legal_cube_removal(state: GameState, d: CubeRemoval) -> list[Action]:
    """Every square (or the orbital) holding a cube."""
    sector = state.sector(d.where)
    assert sector is not None
    return [DestroyCube(i) for i in _cubes(sector)]


def apply_cube_removal(state: GameState, d: CubeRemoval, action: DestroyCube) -> GameState:
    """Destroy the chosen cube; go on choosing while points are left."""
    state = state.with_pending(pop=1)
    if d.points > 1:
        state = state.with_pending(replace(d, points=d.points - 1))
    return destroy_cube(state, d.where, action.square)


def destroy_cube(state: GameState, where: Hex, square: int) -> GameState:
    """Take a cube off a square (or the orbital) into the controller's graveyard."""
    sector = state.sector(where)
    assert sector is not None and sector.owner is not None
    owner = sector.owner
    colour: SquareType | None
    if square == ORBITAL_SQUARE:
        sector = replace(sector, orbital_cube=False)
        colour = None
    else:
        cubes = list(sector.cubes)
        cubes[square] = False
        sector = replace(sector, cubes=tuple(cubes))
        colour = sector.printed.squares[square].type
    state = state.with_sector(sector)
    if colour is None or colour is SquareType.GREY:
        return state.with_pending(GraveyardChoice(owner, colour))
    resource = colour.resource
    assert resource is not None
    return to_graveyard(state, owner, resource)


def to_graveyard(state: GameState, seat: int, resource: Resource) -> GameState:
    """One more cube in a player's graveyard of a resource."""
    player = state.players[seat]
    graveyard = list(player.graveyard)
    graveyard[resource.track] += 1
    return state.with_player(replace(player, graveyard=(graveyard[0], graveyard[1], graveyard[2])))


def legal_graveyard(state: GameState, d: GraveyardChoice) -> list[Action]:
    """Any graveyard for a grey square's cube; money or science for an orbital's."""
    options = RESOURCES if d.square is SquareType.GREY else (Resource.MONEY, Resource.SCIENCE)
    return [ToGraveyard(r) for r in options]


def apply_graveyard(state: GameState, d: GraveyardChoice, action: ToGraveyard) -> GameState:
    """Put the cube there."""
    return to_graveyard(state.with_pending(pop=1), d.seat, action.resource)


# ----- influence, discovery tiles, repair --------------------------------------------------------


def _opponent_ships(sector: SectorState, seat: int) -> bool:
    return any(s != seat for s, _, _ in sector.ships)


def _claimable(state: GameState, seat: int) -> tuple[Hex, ...]:
    out: list[Hex] = []
    for s in state.sectors:
        if s.owner is not None or not s.ships_of(seat) or opposed(state, s, seat):
            continue
        if not can_hold_disc(s):
            continue  # a Nebula part or an exploded Supernova (New Dangers)
        out.append(s.hex)
    return tuple(sorted(out))


def influence_step(state: GameState) -> GameState:
    """Discs come off sectors that lost their cubes to opponent ships; then sectors are claimed
    and undefended discovery tiles revealed (decisions, the start player first)."""
    for sector in state.sectors:
        owner = sector.owner
        if owner is None or sector.population() or not _opponent_ships(sector, owner):
            continue
        state = state.with_sector(replace(sector, owner=None))
        player = state.players[owner]
        state = state.with_player(replace(player, discs_track=player.discs_track + 1))
    n = len(state.players)
    order = seats_after(state, (state.start_player - 1) % n)
    follow: list[Decision] = []
    for sector in state.sectors:
        owners = sector.owners()
        if sector.discovery and len(owners) == 1 and not sector.npcs:
            state = state.with_sector(replace(sector, discovery=False))
            follow.append(DiscoveryReveal(CHANCE, owners[0], sector.hex))
    for seat in reversed(order):
        options = _claimable(state, seat)
        if options and state.players[seat].discs_track > 0:
            follow.append(SectorClaims(seat, options))
    combat = state.combat
    assert combat is not None
    state = replace(state, combat=replace(combat, step=CombatStep.FINISH))
    return state.with_pending(*follow)


def legal_claims(state: GameState, d: SectorClaims) -> list[Claim | Decline]:
    """Sectors still open to a disc from the track, or stop."""
    out: list[Claim | Decline] = []
    if state.players[d.seat].discs_track > 0:
        for h in d.options:
            sector = state.sector(h)
            if sector is not None and sector.owner is None:
                out.append(Claim(h))
    out.append(Decline())
    return out


def apply_claims(state: GameState, d: SectorClaims, action: Claim | Decline) -> GameState:
    """Take one sector (and go on choosing) or stop."""
    if isinstance(action, Decline):
        return state.with_pending(pop=1)
    state = claim_sector(state, d.seat, action.where)
    rest = tuple(h for h in d.options if h != action.where)
    if rest and state.players[d.seat].discs_track > 0:
        return state.with_pending(replace(d, options=rest), pop=1)
    return state.with_pending(pop=1)


def finish_combat(state: GameState) -> GameState:
    """Repair every ship, end the phase and eliminate players left with nothing."""
    for sector in state.sectors:
        if sector.damage:
            state = state.with_sector(replace(sector, damage=()))
    return end_combat(replace(state, combat=None))


def end_combat(state: GameState) -> GameState:
    """Eliminate players left with neither ships nor sectors."""
    for p in state.players:
        if p.eliminated:
            continue
        if any(s.owner == p.seat or s.ships_of(p.seat) for s in state.sectors):
            continue
        state = eliminate(state, p.seat)
    return state
