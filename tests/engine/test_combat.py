"""The combat phase, rule by rule, on hand-built states with chosen dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from blueprints import Dice, DieColour, ShipClass
from calc.rules.battle_state import morph_repair
from engine.actions.combat import RollDice
from engine.battle import MAX_DICE_PER_ROLL, chunks, roll_outcomes
from engine.battle_view import retreat_targets, sector_battle, sector_odds
from engine.combat import fight_order
from engine.decisions import (
    AssignHits,
    BattleActivation,
    BattleReputationDraw,
    CubeRemoval,
    DiscoveryReveal,
    GraveyardChoice,
    PopulationRoll,
    ReputationKeep,
    SectorClaims,
    StalemateRetreat,
    Upkeep,
    VolleyRoll,
)
from engine.enums import Phase
from engine.errors import IllegalActionError
from engine.hexes import Hex, opposite, rotate_mask
from engine.rules import chance_outcomes
from engine.sectors import sector_tile
from engine.state import NPC, GameState, SectorState, add_ships, set_damage
from tests.engine.builders import (
    answers,
    do,
    edit,
    legal,
    sector,
    started,
    to_combat,
    with_blueprint,
    with_sector,
    with_techs,
)

FAR = Hex(3, -3)  # not next to anyone's sector: no retreat
FAR2 = Hex(-3, 3)
HOME0 = Hex(0, -2)  # the Terrans' home at two players


def two() -> GameState:
    return started("terran_directorate", "planta")


def at(state: GameState, where: Hex) -> SectorState:
    found = state.sector(where)
    assert found is not None
    return found


def connected_to(state: GameState, home: Hex, tile: int) -> tuple[Hex, int]:
    """A free hex next to ``home`` and a rotation of ``tile`` there that connects to it."""
    base = at(state, home)
    for direction, other in home.neighbours():
        if other in state.index or not (base.wormholes >> direction) & 1:
            continue
        for rotation in range(6):
            mask = rotate_mask(sector_tile(tile).wormhole_mask, rotation)
            if (mask >> opposite(direction)) & 1:
                return other, rotation
    raise AssertionError("no connecting hex")


# ----- determining and ordering battles ----------------------------------------------------------


def test_battles_are_resolved_in_descending_sector_number() -> None:
    s = two()
    s = with_sector(s, sector(FAR, 102, ships=[(1, "interceptor", 1), (0, "interceptor", 1)]))
    s = with_sector(s, sector(FAR2, 206, ships=[(1, "interceptor", 1), (0, "interceptor", 1)]))
    s = to_combat(s)
    assert s.combat is not None and s.combat.current is not None
    assert s.combat.current.where == FAR2 and s.combat.queue == (FAR,)  # 206 before 102


def test_several_players_fight_two_at_a_time_in_reverse_order_of_entry() -> None:
    s = started("terran_directorate", "planta", "orion_hegemony")
    ships = [(0, "interceptor", 1), (1, "interceptor", 1), (2, "interceptor", 1)]
    uncontrolled = sector(FAR, 102, ships=ships)  # entered: seat 0, then 1, then 2
    assert fight_order(s, uncontrolled) == (2, 1, 0)  # 2 attacks 1, the survivor attacks 0
    controlled = replace(uncontrolled, owner=0, arrivals=(1, 0, 2))
    assert fight_order(s, controlled) == (2, 1, 0)  # the controller always fights last
    controlled = replace(uncontrolled, owner=1)
    assert fight_order(s, controlled) == (2, 0, 1)
    with_npc = sector(FAR, 101, ships=ships)  # one ancient
    assert fight_order(s, with_npc) == (2, 1, 0, NPC)  # NPCs fight the last survivor


def test_the_later_entrant_attacks_and_the_defender_wins_initiative_ties() -> None:
    s = two()
    # Planta entered first and defends; both interceptors have initiative 3 vs Planta's 1.
    s = with_sector(s, sector(FAR, 102, ships=[(1, "interceptor", 1), (0, "interceptor", 1)]))
    s = to_combat(s)
    fight = s.combat.current.fight  # type: ignore[union-attr]
    assert fight is not None and (fight.attacker, fight.defender) == (0, 1)
    assert [(x.side, x.ship_class.value) for x in fight.slots] == [
        (0, "interceptor"),  # Terran initiative 3
        (1, "interceptor"),  # Planta initiative 1
    ]
    # Equal initiative: the defender first, then on one side the larger type first.
    s2 = with_sector(two(), sector(FAR, 102, ships=[(1, "cruiser", 1), (1, "interceptor", 1)]))
    s2 = with_sector(
        s2,
        replace(
            at(s2, FAR), ships=(*at(s2, FAR).ships, (0, ShipClass.DREADNOUGHT, 1)), arrivals=(1, 0)
        ),
    )
    s2 = to_combat(s2)
    slots = s2.combat.current.fight.slots  # type: ignore[union-attr]
    assert [(x.side, x.ship_class.value) for x in slots] == [
        (1, "cruiser"),
        (1, "interceptor"),
        (0, "dreadnought"),
    ]


def test_the_survivor_of_one_battle_fights_the_next_with_its_damage() -> None:
    s = started("terran_directorate", "planta", "orion_hegemony")
    ships = [(0, "interceptor", 1), (1, "cruiser", 1), (2, "cruiser", 1)]
    s = with_sector(s, sector(FAR, 102, ships=ships))
    s = to_combat(s)
    fight = s.combat.current.fight  # type: ignore[union-attr]
    assert fight is not None and (fight.attacker, fight.defender) == (2, 1)  # Orion vs Planta
    s = do(s, "roll yellow 5")  # Orion's cruiser (initiative 3): 1 damage to Planta's
    s = do(s, "roll yellow 6")  # Planta's cruiser: 1 damage to Orion's (shield 1)
    s = do(s, "roll yellow 6")  # Orion destroys Planta's cruiser
    here = at(s, FAR)
    assert here.ships_of(1) == 0 and here.damage_of(2, ShipClass.CRUISER) == (1,)
    fight = s.combat.current.fight  # type: ignore[union-attr]
    assert fight is not None and (fight.attacker, fight.defender) == (2, 0)  # ... then the Terran
    # Initiative 3 each: the Terran, who entered first, defends and fires first: a 6 hits
    # despite the shield, and the cruiser, damaged in the first battle, is destroyed.
    s = do(s, "roll yellow 6")
    assert at(s, FAR).ships_of(2) == 0 and at(s, FAR).ships_of(0) == 1
    # Reputation in order of entry: Terran (1 + 2 for a cruiser), Planta (1), Orion (1 + 2).
    draws = s.combat.current.draws  # type: ignore[union-attr]
    assert isinstance(s.decision, BattleReputationDraw) and s.decision.holder == 0
    assert s.decision.left == 3 and draws == ((1, 1), (2, 3))


# ----- dice and hits -----------------------------------------------------------------------------


def test_a_roll_is_a_chance_event_of_sorted_faces() -> None:
    outcomes = roll_outcomes(DieColour.YELLOW, 3)
    assert len(outcomes) == 56 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    assert str(outcomes[0][0]) == "roll yellow 6,6,6"
    assert {str(a): p for a, p in outcomes}["roll yellow 6,5,4"] == pytest.approx(6 / 216)
    assert len(roll_outcomes(DieColour.RED, MAX_DICE_PER_ROLL)) == 1287
    # More dice of a colour than one roll takes are rolled in several rolls.
    assert chunks(Dice(yellow=MAX_DICE_PER_ROLL + 2, orange=1)) == (
        (DieColour.YELLOW, 8),
        (DieColour.YELLOW, 2),
        (DieColour.ORANGE, 1),
    )
    assert str(RollDice(DieColour.YELLOW, "1,3,2")) == "roll yellow 3,2,1"


def test_a_six_always_hits_a_one_always_misses_otherwise_computers_and_shields() -> None:
    s = started("terran_directorate", "orion_hegemony")
    # Orion's cruiser (shield 1) entered first; the Terran cruiser (computer 1) attacks.
    s = with_sector(s, sector(FAR, 102, ships=[(1, "cruiser", 1), (0, "cruiser", 1)]))
    s = to_combat(s)
    # Orion's cruiser has initiative 3, the Terran cruiser 2: Orion fires first.
    assert isinstance(s.decision, VolleyRoll) and s.decision.side == 1
    s = do(s, "roll yellow 5")  # computer 1 vs shield 0: 5 + 1 >= 6 hits
    assert at(s, FAR).damage_of(0, ShipClass.CRUISER) == (1,)
    s = do(s, "roll yellow 5")  # the Terran: computer 1 vs shield 1 needs a 6
    assert at(s, FAR).damage_of(1, ShipClass.CRUISER) == (0,)
    s = do(s, "roll yellow 1")  # a 1 always misses
    s = do(s, "roll yellow 6")  # a 6 always hits
    assert at(s, FAR).damage_of(1, ShipClass.CRUISER) == (1,)


def test_a_player_chooses_among_the_distinct_results_of_its_hits() -> None:
    s = two()
    s = with_sector(s, sector(FAR, 102, ships=[(1, "cruiser", 1), (1, "interceptor", 1)]))
    ships = (*at(s, FAR).ships, (0, ShipClass.DREADNOUGHT, 1))
    s = with_sector(s, replace(at(s, FAR), ships=ships, arrivals=(1, 0)))
    s = to_combat(s)
    s = do(s, "roll yellow 1", "roll yellow 1")  # Planta's cruiser and interceptor miss
    s = do(s, "roll yellow 6,6")  # the dreadnought's two ion cannons
    assert isinstance(s.decision, AssignHits) and s.decision.seat == 0
    assert answers(s) == {"assign cruiser:-/interceptor:0", "assign cruiser:1/interceptor:-"}
    with pytest.raises(IllegalActionError):
        do(s, "assign cruiser:-/interceptor:-")  # two 1-damage hits cannot do that
    s = do(s, "assign cruiser:1/interceptor:-")
    assert at(s, FAR).ships_of(1, ShipClass.INTERCEPTOR) == 0
    assert at(s, FAR).damage_of(1, ShipClass.CRUISER) == (1,)


def test_a_hit_with_one_possible_result_is_assigned_at_once() -> None:
    s = two()
    s = with_sector(s, sector(FAR, 102, ships=[(1, "interceptor", 2), (0, "interceptor", 1)]))
    s = to_combat(s)
    s = do(s, "roll yellow 6")
    assert at(s, FAR).ships_of(1, ShipClass.INTERCEPTOR) == 1  # either interceptor: one result
    assert isinstance(s.decision, VolleyRoll) and s.decision.side == 1


def test_npcs_assign_hits_by_the_rulebook_rule() -> None:
    # RULINGS example: two hits; only the interceptor can be destroyed: one die destroys it,
    # the other goes to the largest ship, the dreadnought.
    s = two()
    s = with_sector(s, sector(FAR, 101, ships=[(0, "interceptor", 1), (0, "dreadnought", 1)]))
    s = to_combat(s)
    assert isinstance(s.decision, VolleyRoll) and s.decision.side == 0  # interceptor, init 3
    s = do(s, "roll yellow 1")
    assert isinstance(s.decision, VolleyRoll) and s.decision.side == NPC  # ancient, init 2
    s = do(s, "roll yellow 6,6")
    here = at(s, FAR)
    assert here.ships_of(0, ShipClass.INTERCEPTOR) == 0
    assert here.damage_of(0, ShipClass.DREADNOUGHT) == (1,)
    # The odds of the sector, from here, are one call and use the damage taken.
    battle = sector_battle(s, FAR)
    terran = next(x for x in battle.sides if not x.npc)
    assert [g.damage for g in terran.groups] == [(1,)]
    assert 0.0 < sector_odds(s, FAR).attacker_wins < 1.0


def test_missiles_fire_once_before_the_engagement_rounds() -> None:
    s = with_blueprint(
        two(),
        0,
        "terran_directorate/cruiser:electron_computer,ion_cannon,plasma_missile,nuclear_source,hull,nuclear_drive",
    )
    s = with_sector(s, sector(FAR, 102, ships=[(1, "cruiser", 1), (0, "cruiser", 1)]))
    s = to_combat(s)
    roll = s.decision
    assert isinstance(roll, VolleyRoll) and roll.missiles and roll.dice[0][1] == 2  # 2 orange
    s = do(s, "roll orange 2,2")  # both miss
    # Engagement round 1: Terran cruiser (initiative 2) then Planta's (1); missiles never again.
    s = do(s, "roll yellow 2", "roll yellow 2")
    s = do(s, "roll yellow 2")
    assert isinstance(s.decision, VolleyRoll) and not s.decision.missiles


def test_rift_dice_ignore_shields_and_damage_their_own_ships() -> None:
    s = with_blueprint(
        started("terran_directorate", "orion_hegemony"),
        0,
        "terran_directorate/cruiser:electron_computer,rift_cannon,-,nuclear_source,hull,nuclear_drive",
    )
    s = with_sector(s, sector(FAR, 102, ships=[(1, "interceptor", 1), (0, "cruiser", 1)]))
    s = to_combat(s)
    s = do(s, "roll yellow 1")  # Orion's interceptor (initiative 4) misses
    s = do(s, "roll pink 3")  # face 3: 3 damage to the target and 1 to a rift ship of ours
    here = at(s, FAR)
    assert here.ships_of(1) == 0
    assert here.damage_of(0, ShipClass.CRUISER) == (1,)


def test_the_antimatter_splitter_splits_red_hits() -> None:
    s = with_blueprint(
        two(),
        0,
        "terran_directorate/dreadnought:electron_computer,antimatter_cannon,-,-,fusion_source,hull,hull,nuclear_drive",
    )
    s = with_techs(s, 0, "antimatter_splitter")
    s = with_sector(s, sector(FAR, 102, ships=[(1, "interceptor", 4)]))
    ships = (*at(s, FAR).ships, (0, ShipClass.DREADNOUGHT, 1))
    s = with_sector(s, replace(at(s, FAR), ships=ships, arrivals=(1, 0)))
    s = to_combat(s)
    s = do(s, "roll yellow 1,1,1,1")  # the four interceptors (initiative 1, defender first)
    s = do(s, "roll red 6")  # one red hit: four 1-damage hits
    assert at(s, FAR).ships_of(1) == 0


def test_morph_shields_repair_at_the_end_of_every_engagement_round() -> None:
    s = with_blueprint(
        two(),
        0,
        "terran_directorate/cruiser:electron_computer,ion_cannon,morph_shield,nuclear_source,hull,nuclear_drive",
    )
    s = with_sector(s, sector(FAR, 102, ships=[(1, "cruiser", 1), (0, "cruiser", 1)]))
    s = to_combat(s)
    s = do(s, "roll yellow 1")  # the Terran cruiser (initiative 3 with the shield) misses
    s = do(s, "roll yellow 6")  # Planta hits: 1 damage (hull 1: it survives)
    assert at(s, FAR).damage_of(0, ShipClass.CRUISER) == (0,)  # repaired as the round ended
    assert morph_repair(1, 1) == 0


# ----- retreat and stalemate ---------------------------------------------------------------------


def test_retreating_ships_can_be_shot_and_leave_at_their_next_activation() -> None:
    s = two()
    where, rotation = connected_to(s, HOME0, 102)
    s = with_sector(
        s, sector(where, 102, rotation, ships=[(1, "cruiser", 2), (0, "interceptor", 2)])
    )
    s = to_combat(s)
    assert s.decision == BattleActivation(0, ShipClass.INTERCEPTOR, (HOME0,))
    s = do(s, "retreat (0,-2)")
    assert at(s, where).ships_of(0) == 2  # still in the sector ...
    assert s.decision is not None and s.decision.seat == -1
    s = do(s, "roll yellow 6,1")  # ... and shot: one interceptor destroyed
    # Round 2 begins with the interceptors' activation: the survivor leaves.
    assert at(s, where).ships_of(0) == 0 and at(s, HOME0).ships_of(0, ShipClass.INTERCEPTOR) == 2
    # Tried to retreat with everything: no tile for taking part; Planta destroyed one (+1).
    assert isinstance(s.decision, BattleReputationDraw) and s.decision.holder == 1
    assert s.decision.left == 2
    tally = s.combat.current.tally(0)  # type: ignore[union-attr]
    assert tally is not None and tally.all_retreat and tally.fought


def test_a_stalemate_destroys_the_attackers_ships_when_they_cannot_retreat() -> None:
    unarmed = "terran_directorate/interceptor:nuclear_source,plasma_missile,nuclear_drive,-"
    s = with_blueprint(two(), 0, unarmed)
    s = with_blueprint(s, 1, "planta/interceptor:nuclear_source,plasma_missile,x,nuclear_drive")
    s = with_sector(s, sector(FAR, 102, ships=[(1, "interceptor", 1), (0, "interceptor", 1)]))
    s = to_combat(s)
    s = do(s, "roll orange 1,1", "roll orange 1,1")  # missiles miss; nobody has cannons
    here = at(s, FAR)
    assert here.ships_of(0) == 0 and here.ships_of(1) == 1  # the defender holds
    # The destroyed attacker earns the defender nothing: one tile each for taking part.
    assert isinstance(s.decision, BattleReputationDraw) and s.decision.left == 1


def test_a_stalemate_sends_the_attackers_ships_home_when_they_can_retreat() -> None:
    s = two()
    where, rotation = connected_to(s, HOME0, 102)
    unarmed = "terran_directorate/interceptor:nuclear_source,plasma_missile,nuclear_drive,-"
    s = with_blueprint(s, 0, unarmed)
    s = with_blueprint(s, 1, "planta/interceptor:nuclear_source,plasma_missile,x,nuclear_drive")
    s = with_sector(
        s, sector(where, 102, rotation, ships=[(1, "interceptor", 1), (0, "interceptor", 1)])
    )
    s = to_combat(s)
    s = do(s, "roll orange 1,1", "roll orange 1,1")
    assert at(s, where).ships_of(0) == 0 and at(s, HOME0).ships_of(0, ShipClass.INTERCEPTOR) == 2
    tally = s.combat.current.tally(0)  # type: ignore[union-attr]
    assert tally is not None and tally.all_retreat  # a retreat with all remaining ships


def test_a_stalemate_retreat_with_a_choice_is_a_decision() -> None:
    s = with_blueprint(
        two(), 0, "terran_directorate/interceptor:nuclear_source,plasma_missile,nuclear_drive,-"
    )
    s = with_blueprint(s, 1, "planta/interceptor:nuclear_source,plasma_missile,x,nuclear_drive")
    where, rotation = connected_to(s, HOME0, 102)
    ships = [(1, "interceptor", 1), (0, "interceptor", 1)]
    s = with_sector(s, sector(where, 102, rotation, ships=ships))
    other, rotation2 = connected_to(s, where, 102)
    s = with_sector(s, sector(other, 102, rotation2, owner=0))
    s = to_combat(s)
    s = do(s, "roll orange 1,1", "roll orange 1,1")
    assert s.decision == StalemateRetreat(0, tuple(sorted((HOME0, other))))
    s = do(s, f"retreat {other}")
    assert at(s, where).ships_of(0) == 0 and at(s, other).ships_of(0) == 1


def test_a_battle_nobody_can_win_ends_at_once_as_a_stalemate() -> None:
    # Cruisers with 1 yellow cannon die, hull 1 and a Morph Shield on both sides: a round deals
    # at most 1, never past the hull, and the repair takes it back: no ship can ever be destroyed
    # (calc.rules.stalemate), so the first round never starts and the defender holds.
    s = with_blueprint(
        two(), 1, "planta/cruiser:nuclear_source,ion_cannon,morph_shield,x,hull,nuclear_drive"
    )
    s = with_blueprint(
        s,
        0,
        "terran_directorate/cruiser:electron_computer,ion_cannon,morph_shield,nuclear_source,"
        "hull,nuclear_drive",
    )
    s = with_sector(s, sector(FAR, 102, ships=[(1, "cruiser", 1), (0, "cruiser", 1)]))
    s = to_combat(s)
    here = at(s, FAR)
    assert here.ships_of(0) == 0 and here.ships_of(1) == 1  # attacker destroyed: no retreat
    assert isinstance(s.decision, BattleReputationDraw)


def test_starbases_are_never_offered_a_retreat() -> None:
    s = two()
    where, rotation = connected_to(s, HOME0, 102)
    s = with_sector(
        s, sector(where, 102, rotation, owner=0, ships=[(0, "starbase", 1), (1, "cruiser", 1)])
    )
    s = to_combat(s)
    # The starbase fires (initiative 4 against Planta's 1) with no retreat option at all.
    assert not isinstance(s.decision, BattleActivation)
    assert isinstance(s.decision, VolleyRoll) and s.decision.ship_class is ShipClass.STARBASE


def test_a_stalemate_destroys_an_attackers_starbase_even_when_its_ships_can_retreat() -> None:
    s = two()
    where, rotation = connected_to(s, HOME0, 102)
    unarmed = "terran_directorate/interceptor:nuclear_source,plasma_missile,nuclear_drive,-"
    s = with_blueprint(s, 0, unarmed)
    s = with_blueprint(s, 0, "terran_directorate/starbase:-,-,-,-,-")
    s = with_blueprint(s, 1, "planta/interceptor:nuclear_source,plasma_missile,x,nuclear_drive")
    ships = [(1, "interceptor", 1), (0, "interceptor", 1), (0, "starbase", 1)]
    s = with_sector(s, sector(where, 102, rotation, ships=ships))
    s = replace(s, sectors=tuple(
        replace(x, arrivals=(1, 0)) if x.hex == where else x for x in s.sectors
    ))  # fmt: skip
    s = to_combat(s)
    s = do(s, "roll orange 1,1", "roll orange 1,1")  # missiles miss; nobody has cannons
    here = at(s, where)
    assert here.ships_of(0) == 0  # the interceptor went home, the starbase was destroyed
    assert at(s, HOME0).ships_of(0, ShipClass.INTERCEPTOR) == 2
    assert at(s, HOME0).ships_of(0, ShipClass.STARBASE) == 0


def test_all_remaining_ships_retreating_loses_the_participation_tile() -> None:
    # The Terran cruiser declares its retreat; then its interceptor, which kept fighting, is shot
    # down. All its remaining ships retreated: no tile for taking part (calc.rules.reputation).
    s = two()
    where, rotation = connected_to(s, HOME0, 102)
    ships = [(1, "cruiser", 2), (0, "cruiser", 1), (0, "interceptor", 1)]
    s = with_sector(s, sector(where, 102, rotation, ships=ships))
    s = to_combat(s)
    seen = []
    while s.phase is Phase.COMBAT and not isinstance(s.decision, BattleReputationDraw):
        d = s.decision
        seen.append(type(d).__name__)
        if isinstance(d, BattleActivation):
            s = do(s, "retreat (0,-2)" if d.ship_class is ShipClass.CRUISER else "attack")
        elif isinstance(d, VolleyRoll):
            # The Terrans miss; Planta hits whatever it can.
            face = "1" if d.side == 0 else "6"
            colour, count = d.dice[0]
            s = do(s, f"roll {colour.value} " + ",".join([face] * count))
        elif isinstance(d, AssignHits):
            s = do(s, sorted(answers(s))[0])
        else:
            break
    tally = s.combat.current.tally(0)  # type: ignore[union-attr]
    assert tally is not None and tally.fought and tally.all_retreat, seen


# ----- reputation --------------------------------------------------------------------------------


def test_reputation_draws_in_order_of_entry_with_the_keep_decision() -> None:
    s = two()
    s = with_sector(s, sector(FAR, 102, ships=[(1, "cruiser", 1), (0, "dreadnought", 1)]))
    s = to_combat(s)
    s = do(s, "roll yellow 1")  # Planta's cruiser: initiative 1 like the dreadnought, defends
    s = do(s, "roll yellow 6,6")  # the Terran dreadnought destroys the cruiser (hull 1)
    bag = s.reputation_bag
    # Planta entered first: 1 tile for taking part.
    assert s.decision == BattleReputationDraw(-1, 1, 1)
    s = do(s, "draw_reputation 4")
    assert s.decision == ReputationKeep(1, (4,))
    assert answers(s) == {"keep_reputation 4 -", "decline"}
    s = do(s, "decline")  # back into the bag
    assert s.reputation_bag == bag
    # The Terrans: 1 for taking part + 2 for a cruiser.
    assert s.decision == BattleReputationDraw(-1, 0, 3)
    s = do(s, "draw_reputation 1", "draw_reputation 3", "draw_reputation 1")
    assert answers(s) == {"keep_reputation 3 -", "keep_reputation 1 -", "decline"}
    s = do(s, "keep_reputation 3 -")
    assert s.players[0].reputation == (3,)
    assert s.reputation_bag == (bag[0], bag[1], bag[2] - 1, bag[3])


def test_a_full_reputation_track_swaps_a_tile() -> None:
    s = edit(two(), 0, reputation=(1, 1, 2, 2))  # four mixed slots: full
    bag = list(s.reputation_bag)
    bag[0] -= 2
    bag[1] -= 2
    s = replace(s, reputation_bag=(bag[0], bag[1], bag[2], bag[3]))
    s = with_sector(s, sector(FAR, 102, ships=[(1, "interceptor", 1), (0, "interceptor", 1)]))
    s = to_combat(s)
    s = do(s, "roll yellow 6", "draw_reputation 1", "decline")
    s = do(s, "draw_reputation 4", "draw_reputation 1")
    assert "keep_reputation 4 -" not in answers(s)
    assert {"keep_reputation 4 1", "keep_reputation 4 2", "decline"} <= answers(s)
    s = do(s, "keep_reputation 4 1")
    assert s.players[0].reputation == (1, 2, 2, 4)


# ----- population, influence, discovery, repair ---------------------------------------------------


def test_ships_attack_population_and_the_attacker_chooses_the_cubes() -> None:
    s = started("terran_directorate", "orion_hegemony")
    s = with_sector(s, sector(FAR, 102, owner=1, cubes=[0, 1], ships=[(0, "interceptor", 1)]))
    s = to_combat(s)  # no battle: Orion has no ships there
    assert isinstance(s.decision, PopulationRoll) and s.decision.dice == ((DieColour.YELLOW, 1),)
    s = do(s, "roll yellow 5")  # computer 0 against shield 0: a miss
    assert at(s, FAR).population() == 2 and at(s, FAR).owner == 1
    assert isinstance(s.decision, Upkeep)  # Orion keeps the sector: nothing to claim
    s2 = with_sector(
        started("terran_directorate", "orion_hegemony"),
        sector(FAR, 102, owner=1, cubes=[0, 1], ships=[(0, "interceptor", 1)]),
    )
    s2 = do(to_combat(s2), "roll yellow 6")
    assert s2.decision == CubeRemoval(0, FAR, 1)
    assert answers(s2) == {"destroy_cube 0", "destroy_cube 1"}
    s2 = do(s2, "destroy_cube 1")
    assert at(s2, FAR).cubes == (True, False) and s2.players[1].graveyard == (0, 1, 0)
    assert at(s2, FAR).owner == 1  # a cube is left: Orion keeps the sector


def test_losing_every_cube_to_opponent_ships_loses_the_sector() -> None:
    s = started("terran_directorate", "orion_hegemony")
    discs = s.players[1].discs_track
    s = with_sector(s, sector(FAR, 102, owner=1, cubes=[0, 1], ships=[(0, "interceptor", 2)]))
    s = do(to_combat(s), "roll yellow 6,6")  # two hits: both cubes, no choice
    assert at(s, FAR).owner is None and s.players[1].discs_track == discs + 1
    assert s.players[1].graveyard == (0, 2, 0)
    assert isinstance(s.decision, SectorClaims) and FAR in s.decision.options
    s = do(s, "claim (3,-3)")
    assert at(s, FAR).owner == 0


def test_neutron_bombs_grey_squares_and_orbitals() -> None:
    s = with_techs(started("terran_directorate", "orion_hegemony"), 0, "neutron_bombs")
    grey = sector(FAR, 108, owner=1, cubes=[1, 2], ships=[(0, "interceptor", 1)], ancients=0)
    s = with_sector(s, replace(grey, orbital=True, orbital_cube=True))
    s = to_combat(s)  # Neutron Bombs: every cube, no roll; the owner picks two graveyards
    assert isinstance(s.decision, GraveyardChoice) and s.decision.seat == 1
    choices = [answers(s)]
    s = do(s, "graveyard money")
    choices.append(answers(s))
    s = do(s, "graveyard materials")
    assert sorted(map(len, choices)) == [2, 3]  # an orbital: money or science; grey: any
    assert at(s, FAR).population() == 0 and sum(s.players[1].graveyard) == 3
    # With the Neutron Absorber the cubes are attacked with dice instead.
    s2 = with_techs(
        with_techs(started("terran_directorate", "orion_hegemony"), 0, "neutron_bombs"),
        1,
        "neutron_absorber",
    )
    s2 = with_sector(s2, sector(FAR, 102, owner=1, cubes=[0, 1], ships=[(0, "interceptor", 1)]))
    s2 = to_combat(s2)
    assert isinstance(s2.decision, PopulationRoll)


def test_any_opponent_ship_destroys_planta_cubes() -> None:
    s = two()
    s = with_sector(s, sector(FAR, 102, owner=1, cubes=[0, 1], ships=[(0, "interceptor", 1)]))
    s = to_combat(s)
    assert at(s, FAR).owner is None and s.players[1].graveyard == (0, 2, 0)


def test_the_winner_claims_the_discovery_tile_and_damage_is_repaired() -> None:
    s = two()
    ships = [(0, "cruiser", 1), (0, "dreadnought", 1)]
    s = with_sector(s, sector(FAR, 101, ships=ships, discovery=True))
    assert at(s, FAR).ancients == 1
    s = to_combat(s)
    # The ancient (initiative 2, like the cruiser: the defender first) hits once: no ship can be
    # destroyed, so by the NPC rule the damage goes to the largest ship.
    s = do(s, "roll yellow 6,1")
    assert at(s, FAR).damage_of(0, ShipClass.DREADNOUGHT) == (1,)
    s = do(s, "roll yellow 6")  # the cruiser damages the ancient (hull 1)
    assert at(s, FAR).damage_of(NPC, ShipClass.ANCIENT) == (1,)
    s = do(s, "roll yellow 6,1")  # the dreadnought destroys it
    assert at(s, FAR).ancients == 0
    s = do(s, "draw_reputation 2", "draw_reputation 2", "keep_reputation 2 -")
    assert isinstance(s.decision, SectorClaims)
    s = do(s, "decline")
    assert s.decision == DiscoveryReveal(-1, 0, FAR)
    assert not at(s, FAR).discovery  # the tile has left the sector: it is revealed once
    assert at(s, FAR).damage  # damage stays until the end of the phase
    s = do(s, "reveal money_8", "keep_vp")
    assert s.phase is Phase.UPKEEP and isinstance(s.decision, Upkeep)
    assert all(x.damage == () for x in s.sectors) and s.combat is None


def test_ancients_do_not_fight_draco() -> None:
    s = started("terran_directorate", "descendants_of_draco")
    s = with_sector(s, sector(FAR, 101, ships=[(1, "interceptor", 1)]))
    s = to_combat(s)
    assert s.phase is not Phase.COMBAT or s.combat is None or s.combat.current is None
    # Draco and another player with Ancients: the two players fight; Draco's survivors stay
    # with the Ancients, another player's fight them.
    s = started("terran_directorate", "descendants_of_draco")
    s = with_sector(s, sector(FAR, 101, ships=[(0, "interceptor", 1), (1, "interceptor", 1)]))
    assert fight_order(s, at(s, FAR)) == (1, 0, NPC)
    s = to_combat(s)
    s = do(s, "roll yellow 1")  # the Terran defends against Draco: first on the tie, misses
    s = do(s, "roll yellow 6")  # Draco destroys it
    assert at(s, FAR).ships_of(0) == 0
    assert isinstance(s.decision, BattleReputationDraw)  # no battle with the Ancients
    assert at(s, FAR).ancients == 1 and at(s, FAR).ships_of(1) == 1


def test_a_player_left_with_nothing_is_eliminated_after_combat() -> None:
    s = two()
    home = next(x for x in s.sectors if x.owner == 0)
    s = with_sector(
        s, replace(home, owner=None, cubes=(False,) * len(home.cubes), ships=(), arrivals=())
    )
    s = edit(s, 0, discs_track=s.players[0].discs_track + 1, tracks=(11, 11, 11))
    s = with_sector(s, sector(FAR, 101, ships=[(0, "interceptor", 1)]))
    s = to_combat(s)
    s = do(s, "roll yellow 1", "roll yellow 6,6")  # the ancient destroys the last ship
    s = do(s, "draw_reputation 1", "keep_reputation 1 -")
    assert s.players[0].eliminated and s.players[0].final_score == 1


def test_missiles_do_not_attack_population() -> None:
    """Rulebook, Attacking population: population is attacked with the ships' cannons; missiles
    are fired only in the battle's first step. Ships armed with missiles alone roll nothing."""
    s = with_blueprint(
        started("terran_directorate", "orion_hegemony"),
        0,
        "terran_directorate/interceptor:plasma_missile,nuclear_source,nuclear_drive,-",
    )
    s = with_sector(s, sector(FAR, 102, owner=1, cubes=[0, 1], ships=[(0, "interceptor", 1)]))
    s = to_combat(s)
    assert not isinstance(s.decision, PopulationRoll)
    assert at(s, FAR).population() == 2 and at(s, FAR).owner == 1
    # The same sector with a cannon: the cubes are attacked.
    s2 = with_sector(
        started("terran_directorate", "orion_hegemony"),
        sector(FAR, 102, owner=1, cubes=[0, 1], ships=[(0, "interceptor", 1)]),
    )
    assert isinstance(to_combat(s2).decision, PopulationRoll)


def test_a_discovery_tile_stays_under_surviving_ancients() -> None:
    """Rulebook, Discovery tiles: the tile is taken once the sector's NPCs are gone. Draco's
    ships share a sector with the Ancients without a battle, and the Ancients keep the tile."""
    s = started("terran_directorate", "descendants_of_draco")
    s = with_sector(s, sector(FAR, 101, ships=[(1, "interceptor", 1)], discovery=True))
    s = to_combat(s)
    while s.phase is Phase.COMBAT:
        assert not isinstance(s.decision, DiscoveryReveal)
        s = do(s, sorted(answers(s))[0])
    assert at(s, FAR).discovery and at(s, FAR).ancients == 1


def test_ships_never_retreat_into_a_sector_with_opponent_ships_or_npcs() -> None:
    """Rulebook, Retreat: to an adjacent sector you control, connected by a wormhole, that holds
    no enemy ships (RULINGS: NPCs are enemy ships too)."""
    s = two()
    where, rotation = connected_to(s, HOME0, 102)
    s = with_sector(
        s, sector(where, 102, rotation, ships=[(1, "interceptor", 1), (0, "cruiser", 1)])
    )
    other, rotation2 = connected_to(s, where, 103)
    clear = sector(other, 103, rotation2, owner=0)
    s = with_sector(s, clear)
    assert retreat_targets(s, at(s, where), 0) == tuple(sorted((HOME0, other)))
    s_enemy = with_sector(s, replace(clear, ships=((1, ShipClass.INTERCEPTOR, 1),), arrivals=(1,)))
    assert retreat_targets(s_enemy, at(s_enemy, where), 0) == (HOME0,)
    s_npc = with_sector(s, replace(clear, ancients=1))
    assert retreat_targets(s_npc, at(s_npc, where), 0) == (HOME0,)
    s_foreign = with_sector(s, replace(clear, owner=1))
    assert retreat_targets(s_foreign, at(s_foreign, where), 0) == (HOME0,)


# ----- rules pinned by the mutation study (benchmarks/mutation_study.py) -------------------------


def test_a_stalemate_retreat_moves_the_attackers_ship_types_not_the_defenders() -> None:
    """Stalemate: every ship of the attacker leaves, whatever its type; the defender's ships stay
    (here the two sides have no ship type in common)."""
    s = with_blueprint(
        two(),
        0,
        "terran_directorate/cruiser:electron_computer,-,-,nuclear_source,hull,nuclear_drive",
    )
    s = with_blueprint(s, 1, "planta/interceptor:nuclear_source,plasma_missile,x,nuclear_drive")
    where, rotation = connected_to(s, HOME0, 102)
    s = with_sector(
        s, sector(where, 102, rotation, ships=[(1, "interceptor", 1), (0, "cruiser", 1)])
    )
    other, rotation2 = connected_to(s, where, 102)
    s = with_sector(s, sector(other, 102, rotation2, owner=0))
    s = to_combat(s)
    s = do(s, "roll orange 1,1")  # Planta's missiles miss; nobody has cannons: a stalemate
    assert s.decision == StalemateRetreat(0, tuple(sorted((HOME0, other))))
    s = do(s, f"retreat {other}")
    assert at(s, where).ships_of(0) == 0 and at(s, other).ships_of(0, ShipClass.CRUISER) == 1
    assert at(s, where).ships_of(1, ShipClass.INTERCEPTOR) == 1 and at(s, other).ships_of(1) == 0
    # The choice is made once: the battle is over and the reputation draws follow.
    assert isinstance(s.decision, BattleReputationDraw)
    # With one place to go there is no decision: the cruiser goes home.
    s1 = with_blueprint(
        two(),
        0,
        "terran_directorate/cruiser:electron_computer,-,-,nuclear_source,hull,nuclear_drive",
    )
    s1 = with_blueprint(s1, 1, "planta/interceptor:nuclear_source,plasma_missile,x,nuclear_drive")
    s1 = with_sector(
        s1, sector(where, 102, rotation, ships=[(1, "interceptor", 1), (0, "cruiser", 1)])
    )
    s1 = do(to_combat(s1), "roll orange 1,1")
    assert at(s1, where).ships_of(0) == 0 and at(s1, HOME0).ships_of(0, ShipClass.CRUISER) == 1


def test_population_is_attacked_with_every_roll_of_a_ship_type() -> None:
    """Nine interceptors roll their nine yellow dice in two chance events (at most
    MAX_DICE_PER_ROLL dice each); the hits of both count against the cubes."""
    s = started("terran_directorate", "orion_hegemony")
    s = with_sector(s, sector(FAR, 107, owner=1, cubes=[0, 1, 2], ships=[(0, "interceptor", 9)]))
    s = to_combat(s)
    assert isinstance(s.decision, PopulationRoll)
    assert s.decision.dice == ((DieColour.YELLOW, MAX_DICE_PER_ROLL), (DieColour.YELLOW, 1))
    s = do(s, "roll yellow 6,1,1,1,1,1,1,1")  # one hit, and one die still to roll
    assert isinstance(s.decision, PopulationRoll) and s.decision.dice == ((DieColour.YELLOW, 1),)
    s = do(s, "roll yellow 6")  # a second hit: two of the three cubes
    assert s.decision == CubeRemoval(0, FAR, 2)
    s = do(s, "destroy_cube 0", "destroy_cube 1")  # the attack is over: no roll is left
    assert at(s, FAR).population() == 1 and not isinstance(s.decision, PopulationRoll)


def test_the_attacker_chooses_as_many_cubes_as_it_has_hits() -> None:
    """Three hits against four cubes: three choices, one cube left (and the sector kept)."""
    s = started("terran_directorate", "orion_hegemony")
    four = sector(FAR, 104, owner=1, cubes=[0, 1, 2, 3], ships=[(0, "interceptor", 3)], ancients=0)
    s = with_sector(s, replace(four, discovery=False))
    s = do(to_combat(s), "roll yellow 6,6,6")
    assert s.decision == CubeRemoval(0, FAR, 3)
    s = do(s, "destroy_cube 0")
    assert s.decision == CubeRemoval(0, FAR, 2)
    s = do(s, "destroy_cube 1", "destroy_cube 2")
    assert at(s, FAR).cubes == (False, False, False, True) and at(s, FAR).owner == 1
    assert not isinstance(s.decision, CubeRemoval)  # three hits, three cubes: no more choices
    assert s.players[1].graveyard == (2, 1, 0)  # two money squares and one science square


def test_a_retreating_ship_type_takes_its_damage_and_nothing_else_with_it() -> None:
    """A retreat moves the ships of one type, with their damage (repaired only at the end of the
    combat phase), and leaves the side's other types and every other record where they were.
    Here a damaged Terran cruiser retreats home, where a cruiser back from a Black Hole already
    waits with damage of its own; the Terran interceptor stays and fights with its cannon."""
    s = two()
    where, rotation = connected_to(s, HOME0, 102)
    ships = [(1, "cruiser", 1), (0, "cruiser", 1), (0, "interceptor", 1)]
    hurt = set_damage((), 0, ShipClass.CRUISER, (1,))
    s = with_sector(s, sector(where, 102, rotation, ships=ships, damage=hurt))
    home = at(s, HOME0)
    home = replace(home, ships=add_ships(home.ships, 0, ShipClass.CRUISER, 1), damage=hurt)
    s = to_combat(with_sector(s, home))
    seen_attack = False
    while at(s, where).ships_of(0, ShipClass.CRUISER):
        d = s.decision
        if isinstance(d, BattleActivation) and d.ship_class is ShipClass.CRUISER:
            s = do(s, "retreat (0,-2)")
        elif isinstance(d, BattleActivation):
            s = do(s, "attack")
            # Attacking fires the type's cannons (not its missiles, which it has none of).
            assert s.decision == VolleyRoll(
                -1, 0, ShipClass.INTERCEPTOR, False, ((DieColour.YELLOW, 1),)
            )
            seen_attack = True
        else:
            assert isinstance(d, VolleyRoll)
            s = do(s, f"roll {d.dice[0][0].value} " + ",".join(["1"] * d.dice[0][1]))  # misses
    assert seen_attack
    here, there = at(s, where), at(s, HOME0)
    assert there.ships_of(0, ShipClass.CRUISER) == 2 and there.damage_of(0, ShipClass.CRUISER) == (
        1,
        1,
    )
    assert there.ships_of(0, ShipClass.INTERCEPTOR) == 1
    assert here.ships_of(0, ShipClass.INTERCEPTOR) == 1 and here.ships_of(1, ShipClass.CRUISER) == 1
    assert not any(seat == 0 and c is ShipClass.CRUISER for seat, c, _ in here.damage)


def test_ship_types_attack_population_one_after_another_until_every_cube_is_hit() -> None:
    """Rulebook, Attacking population: the attacker's ship types roll in turn, their hits add
    up; once every cube is hit the types still to roll need not."""
    ships = [(0, "interceptor", 1), (0, "cruiser", 1)]
    s = started("terran_directorate", "orion_hegemony")
    s = with_sector(s, sector(FAR, 107, owner=1, cubes=[0, 1, 2], ships=ships))
    s = to_combat(s)
    assert s.decision == PopulationRoll(
        -1, 0, FAR, (ShipClass.INTERCEPTOR, ShipClass.CRUISER), ((DieColour.YELLOW, 1),)
    )
    s = do(s, "roll yellow 6")  # the interceptor hits one cube; the cruiser rolls next
    assert s.decision == PopulationRoll(
        -1, 0, FAR, (ShipClass.CRUISER,), ((DieColour.YELLOW, 1),), faces=(), points=1
    )
    s = do(s, "roll yellow 6")
    assert s.decision == CubeRemoval(0, FAR, 2)
    # Two interceptors hitting both cubes of a sector: the cruiser does not roll.
    ships = [(0, "interceptor", 2), (0, "cruiser", 1)]
    s = started("terran_directorate", "orion_hegemony")
    s = with_sector(s, sector(FAR, 102, owner=1, cubes=[0, 1], ships=ships))
    s = do(to_combat(s), "roll yellow 6,6")
    assert at(s, FAR).population() == 0 and not isinstance(s.decision, PopulationRoll)


def test_a_player_may_take_control_of_every_sector_it_holds_alone_one_disc_each() -> None:
    """Combat phase, influence: each player, the start player first, may place discs from its
    track on uncontrolled sectors where only it has ships; it stops when it declines or has no
    disc or sector left, and the next player chooses."""
    third = Hex(3, 0)
    base = started("terran_directorate", "orion_hegemony")
    assert third not in base.index
    base = with_sector(base, sector(FAR, 102, ships=[(0, "interceptor", 1)]))
    base = with_sector(base, sector(FAR2, 102, ships=[(0, "interceptor", 1)]))
    base = with_sector(base, sector(third, 102, ships=[(1, "interceptor", 1)]))
    s = to_combat(base)
    assert s.decision == SectorClaims(0, tuple(sorted((FAR, FAR2))))
    discs = s.players[0].discs_track
    s = do(s, f"claim {FAR}")
    assert s.decision == SectorClaims(0, (FAR2,)) and s.players[0].discs_track == discs - 1
    s = do(s, f"claim {FAR2}")
    assert s.decision == SectorClaims(1, (third,))  # Terran is done; Orion chooses
    s = do(s, f"claim {third}")
    assert (at(s, FAR).owner, at(s, FAR2).owner, at(s, third).owner) == (0, 0, 1)
    assert not isinstance(s.decision, SectorClaims)
    # With a single disc on its track Terran claims one sector, then Orion chooses.
    s = to_combat(edit(base, 0, discs_track=1))
    assert answers(s) == {f"claim {FAR}", f"claim {FAR2}", "decline"}
    s = do(s, f"claim {FAR2}")
    assert s.decision == SectorClaims(1, (third,)) and s.players[0].discs_track == 0
    assert at(s, FAR).owner is None and at(s, FAR2).owner == 0


def test_a_volley_the_player_assigns_earns_it_the_reputation_of_the_ships_it_destroys() -> None:
    """Every ship destroyed in a battle earns the other side its reputation value, also when
    the firing player chose which ship the hit destroys."""
    s = started("terran_directorate", "orion_hegemony")
    ships = [(1, "interceptor", 1), (1, "cruiser", 1), (0, "interceptor", 1)]
    s = with_sector(s, sector(FAR, 102, ships=ships))
    s = to_combat(s)
    while not isinstance(s.decision, VolleyRoll) or s.decision.side != 0:
        assert isinstance(s.decision, VolleyRoll)
        s = do(s, f"roll {s.decision.dice[0][0].value} 1")  # Orion misses
    s = do(s, "roll yellow 6")  # one hit: damage the cruiser or destroy the interceptor
    assert isinstance(s.decision, AssignHits) and len(answers(s)) == 2
    s = do(s, "assign interceptor:-/cruiser:0")
    tally = s.combat.current.tally(0)  # type: ignore[union-attr]
    assert tally is not None and tally.earned == 1  # an interceptor's reputation value


def test_a_reputation_tile_is_drawn_with_the_bags_proportions() -> None:
    s = two()
    s = with_sector(s, sector(FAR, 102, ships=[(1, "interceptor", 1), (0, "interceptor", 1)]))
    s = do(to_combat(s), "roll yellow 6")  # the Terran interceptor destroys Planta's
    assert isinstance(s.decision, BattleReputationDraw)
    bag = s.reputation_bag
    expected = {f"draw_reputation {v + 1}": n / sum(bag) for v, n in enumerate(bag) if n}
    assert {str(a): p for a, p in chance_outcomes(s)} == pytest.approx(expected)


def test_population_is_attacked_in_descending_sector_number() -> None:
    s = started("terran_directorate", "orion_hegemony")
    s = with_sector(s, sector(FAR, 102, owner=1, cubes=[0], ships=[(0, "interceptor", 1)]))
    s = with_sector(s, sector(FAR2, 107, owner=1, cubes=[0], ships=[(0, "interceptor", 1)]))
    s = to_combat(s)
    assert isinstance(s.decision, PopulationRoll) and s.decision.where == FAR2
    s = do(s, "roll yellow 1")
    assert isinstance(s.decision, PopulationRoll) and s.decision.where == FAR


def test_morph_shields_repair_one_damage_a_round_on_every_type_that_has_them() -> None:
    """The Terran interceptor has no Morph Shield, its cruiser (two hulls) has one: at the end
    of the round the cruiser's two damage go down to one, the interceptor is not repaired."""
    s = with_blueprint(
        two(),
        0,
        "terran_directorate/cruiser:electron_computer,-,morph_shield,nuclear_source,hull,hull",
    )
    s = with_blueprint(s, 0, "terran_directorate/interceptor:nuclear_source,-,hull,-")
    ships = [(1, "dreadnought", 1), (0, "interceptor", 1), (0, "cruiser", 1)]
    hurt = set_damage(set_damage((), 0, ShipClass.CRUISER, (2,)), 0, ShipClass.INTERCEPTOR, (1,))
    s = with_sector(s, sector(FAR, 102, ships=ships, damage=hurt))
    s = to_combat(s)
    assert isinstance(s.decision, VolleyRoll) and s.decision.side == 1
    s = do(s, "roll yellow 1,1")  # Planta's dreadnought misses: the round ends
    here = at(s, FAR)
    assert here.damage_of(0, ShipClass.CRUISER) == (1,)
    assert here.damage_of(0, ShipClass.INTERCEPTOR) == (1,)


def test_influence_keeps_a_controllers_sector_and_needs_a_disc_to_claim() -> None:
    """A sector without cubes (tile 207 has no squares) stays controlled while only its
    controller's ships are there; a player with no disc left on its track claims nothing."""
    s = started("terran_directorate", "orion_hegemony")
    s = with_sector(s, sector(FAR, 207, owner=0, ships=[(0, "interceptor", 1)], discovery=False))
    s = with_sector(s, sector(FAR2, 102, ships=[(0, "interceptor", 1)]))
    s = to_combat(edit(s, 0, discs_track=0))
    assert at(s, FAR).owner == 0
    assert not isinstance(s.decision, SectorClaims) and at(s, FAR2).owner is None


def test_draco_may_take_control_of_a_sector_it_shares_with_the_ancients() -> None:
    s = started("terran_directorate", "descendants_of_draco")
    s = with_sector(s, sector(FAR, 101, ships=[(1, "interceptor", 1)], discovery=False))
    s = with_sector(s, sector(FAR2, 101, ships=[(0, "dreadnought", 1)], discovery=False))
    s = to_combat(s)
    while s.phase is Phase.COMBAT and not isinstance(s.decision, SectorClaims):
        d = s.decision
        if isinstance(d, VolleyRoll):  # the Terran dreadnought destroys the ancient
            count = d.dice[0][1]
            s = do(s, "roll yellow " + ",".join(["6" if d.side == 0 else "1"] * count))
        else:
            s = do(s, sorted(answers(s))[0])
    assert s.decision == SectorClaims(0, (FAR2,))  # the start player first
    s = do(s, "decline")
    assert s.decision == SectorClaims(1, (FAR,))


def test_after_combat_only_players_with_neither_ships_nor_sectors_are_eliminated() -> None:
    s = two()
    home1 = next(x for x in s.sectors if x.owner == 1)
    s = with_sector(s, replace(home1, ships=(), arrivals=()))  # Planta: a sector, no ship
    home0 = next(x for x in s.sectors if x.owner == 0)
    s = with_sector(s, replace(home0, owner=None, cubes=(False,) * len(home0.cubes)))
    s = edit(s, 0, discs_track=s.players[0].discs_track + 1)  # Terran: ships, no sector
    s = to_combat(s)
    while s.phase is Phase.COMBAT:
        s = do(s, "decline" if legal(s, "decline") else sorted(answers(s))[0])
    assert not s.players[0].eliminated and not s.players[1].eliminated
    # Planta with neither: eliminated, also when it is not the first seat.
    s = two()
    home1 = next(x for x in s.sectors if x.owner == 1)
    s = with_sector(
        s, replace(home1, owner=None, cubes=(False,) * len(home1.cubes), ships=(), arrivals=())
    )
    s = to_combat(edit(s, 1, discs_track=s.players[1].discs_track + 1))
    while s.phase is Phase.COMBAT:
        s = do(s, sorted(answers(s))[0])
    assert s.players[1].eliminated and not s.players[0].eliminated


def test_a_volley_of_more_dice_than_one_roll_counts_every_roll() -> None:
    """Nine interceptors fire nine yellow dice in two rolls; the hits of both are assigned."""
    s = two()
    s = with_sector(s, sector(FAR, 102, ships=[(1, "cruiser", 1), (0, "interceptor", 9)]))
    s = to_combat(s)
    assert s.decision == VolleyRoll(
        -1, 0, ShipClass.INTERCEPTOR, False, ((DieColour.YELLOW, 8), (DieColour.YELLOW, 1))
    )
    s = do(s, "roll yellow 6,1,1,1,1,1,1,1")  # one hit so far: the cruiser (hull 1) survives it
    first = tuple((DieColour.YELLOW, f) for f in (6, 1, 1, 1, 1, 1, 1, 1))
    assert s.decision == VolleyRoll(
        -1, 0, ShipClass.INTERCEPTOR, False, ((DieColour.YELLOW, 1),), first
    )
    assert at(s, FAR).ships_of(1) == 1
    s = do(s, "roll yellow 6")  # the second hit destroys it
    assert at(s, FAR).ships_of(1) == 0 and isinstance(s.decision, BattleReputationDraw)


def test_ships_still_retreating_when_the_battle_ends_complete_their_retreat() -> None:
    s = two()
    where, rotation = connected_to(s, HOME0, 102)
    ships = [(1, "interceptor", 1), (0, "cruiser", 1), (0, "interceptor", 1)]
    s = with_sector(s, sector(where, 102, rotation, ships=ships))
    s = to_combat(s)
    s = do(s, "attack", "roll yellow 1")  # the Terran interceptor misses
    s = do(s, "retreat (0,-2)")  # the cruiser declares its retreat
    s = do(s, "roll yellow 1")  # Planta misses; round 2
    s = do(s, "attack", "roll yellow 6")  # Planta's interceptor is destroyed: the battle ends
    here = at(s, where)
    assert here.ships_of(0, ShipClass.CRUISER) == 0 and here.ships_of(0, ShipClass.INTERCEPTOR) == 1
    assert at(s, HOME0).ships_of(0, ShipClass.CRUISER) == 1
    tally = s.combat.current.tally(0)  # type: ignore[union-attr]
    assert tally is not None and not tally.all_retreat  # the interceptor stayed to fight


def test_ships_destroyed_at_a_stalemate_leave_no_damage_record() -> None:
    unarmed = "terran_directorate/cruiser:electron_computer,-,-,nuclear_source,hull,nuclear_drive"
    s = with_blueprint(two(), 0, unarmed)
    s = with_blueprint(s, 1, "planta/interceptor:nuclear_source,plasma_missile,x,nuclear_drive")
    hurt = set_damage((), 0, ShipClass.CRUISER, (1,))
    s = with_sector(
        s, sector(FAR, 102, ships=[(1, "interceptor", 1), (0, "cruiser", 1)], damage=hurt)
    )
    s = do(to_combat(s), "roll orange 1,1")  # nobody has cannons: the cruiser cannot retreat
    here = at(s, FAR)
    assert here.ships_of(0) == 0 and here.damage == ()
