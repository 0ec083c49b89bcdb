"""Rules of one battle (``engine.battle``) that the mutation study found unguarded.

Each test states one rule of a battle on a hand-built state with chosen dice: who holds the
sector after a battle of a chain, what NPC ships and their reputation do, the Antimatter
Splitter's condition, the retreat and stalemate bookkeeping, and how a player's hits are offered
when there are too many results to list (``benchmarks/mutation_study.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

import calc.rules.assignment as assignment
from blueprints import DieColour, NpcVariant, ShipClass
from engine.battle import assignment_results, greedy_result, side_spec
from engine.combat_state import Fight, SectorCombat
from engine.decisions import AssignHits, BattleActivation, BattleReputationDraw, VolleyRoll
from engine.state import NPC, GameState, set_damage
from tests.engine.builders import (
    answers,
    do,
    sector,
    started,
    to_combat,
    with_blueprint,
    with_sector,
    with_techs,
)
from tests.engine.test_combat import FAR, HOME0, at, connected_to, two

RIFT_INTERCEPTOR = "orion_hegemony/interceptor:rift_cannon,nuclear_source,nuclear_drive,-"
"""Hull 0, one rift die: a face 3 destroys its target and, by its self-damage, itself."""


def current(state: GameState) -> SectorCombat:
    """The sector whose battles are being resolved."""
    assert state.combat is not None and state.combat.current is not None
    return state.combat.current


def fight(state: GameState) -> Fight:
    """The battle in progress."""
    found = current(state).fight
    assert found is not None
    return found


def roll(state: GameState, side: int, ship_class: ShipClass, faces: str) -> GameState:
    """Check that the next chance event is this ship type's volley, then roll ``faces``."""
    d = state.decision
    assert isinstance(d, VolleyRoll), d
    assert (d.side, d.ship_class) == (side, ship_class), d
    return do(state, f"roll {d.dice[0][0].value} {faces}")


# ----- a chain of battles: who holds the sector ----------------------------------------------------


def answer_fight(
    state: GameState,
    answer: str,
    steps: int,
    until: Callable[[GameState], bool] | None = None,
) -> tuple[GameState, list[BattleActivation | VolleyRoll]]:
    """Play up to ``steps`` decisions of a fight: every activation answered with ``answer``,
    every volley rolled as misses (all 1s); stop early at another decision or once ``until``
    holds. Returns the state and the activations and volleys met, in order."""
    met: list[BattleActivation | VolleyRoll] = []
    for _ in range(steps):
        d = state.decision
        if isinstance(d, BattleActivation):
            met.append(d)
            state = do(state, answer)
        elif isinstance(d, VolleyRoll):
            met.append(d)
            state = do(state, f"roll {d.dice[0][0].value} " + ",".join(["1"] * d.dice[0][1]))
        else:
            break
        if until is not None and until(state):
            break
    return state, met


def test_a_defender_who_wins_holds_the_sector_and_fights_the_next_side() -> None:
    """Several players: the survivor of a battle, attacker or defender, fights the next one.
    Here Planta defends against Orion with a single cruiser, wins, and then attacks the
    Terran, who entered first."""
    s = started("terran_directorate", "planta", "orion_hegemony")
    ships = [(0, "interceptor", 1), (1, "cruiser", 1), (2, "cruiser", 1)]
    s = to_combat(with_sector(s, sector(FAR, 102, ships=ships)))
    assert (fight(s).attacker, fight(s).defender) == (2, 1)
    s = roll(s, 2, ShipClass.CRUISER, "1")  # Orion misses
    s = roll(s, 1, ShipClass.CRUISER, "6")  # Planta: 1 damage (Orion's cruiser has hull 1)
    s = roll(s, 2, ShipClass.CRUISER, "1")
    s = roll(s, 1, ShipClass.CRUISER, "6")  # Orion's cruiser is destroyed
    assert at(s, FAR).ships_of(2) == 0 and at(s, FAR).ships_of(1, ShipClass.CRUISER) == 1
    assert (fight(s).attacker, fight(s).defender) == (1, 0)


def test_when_both_sides_of_a_battle_are_destroyed_nobody_holds_and_the_next_side_takes_over() -> (
    None
):
    """Orion's rift interceptor destroys Planta's interceptor and, by its own die, itself: nobody
    holds the sector, so the Terran, waiting last with no one left to fight, never fights and
    draws no tile for taking part. Each destroyed ship earns the other side its reputation, also
    the one destroyed by its own rift die; a player with no ship left in the sector leaves its
    order of entry."""
    s = with_blueprint(
        started("terran_directorate", "planta", "orion_hegemony"), 2, RIFT_INTERCEPTOR
    )
    ships = [(0, "interceptor", 1), (1, "interceptor", 1), (2, "interceptor", 1)]
    s = to_combat(with_sector(s, sector(FAR, 102, ships=ships)))
    assert (fight(s).attacker, fight(s).defender) == (2, 1)
    s = roll(s, 2, ShipClass.INTERCEPTOR, "3")  # 3 damage to the target, 1 to itself
    here = at(s, FAR)
    assert here.ships_of(1) == 0 and here.ships_of(2) == 0 and here.ships_of(0) == 1
    assert here.arrivals == (0,)
    tallies = {t.seat: (t.fought, t.earned) for t in current(s).tallies}
    assert tallies == {0: (False, 0), 1: (True, 1), 2: (True, 1)}
    assert current(s).fight is None and current(s).holder == 0
    # Draws in order of entry: Planta and Orion 1 + 1 each; the Terran draws nothing.
    assert s.decision == BattleReputationDraw(-1, 1, 2)
    assert current(s).draws == ((2, 2),)


@pytest.mark.parametrize("tile", [271, 1])
def test_npcs_that_destroy_the_attacker_hold_the_sector(tile: int) -> None:
    """A guardian (tile 271) or the GCDS (tile 1, the galactic centre) that destroys the
    player's ships is left holding the sector."""
    s = to_combat(with_sector(two(), sector(FAR, tile, ships=[(0, "interceptor", 1)])))
    while at(s, FAR).ships_of(0):
        d = s.decision
        assert isinstance(d, VolleyRoll)
        face = "6" if d.side == NPC else "1"
        s = do(s, f"roll {d.dice[0][0].value} " + ",".join([face] * d.dice[0][1]))
    assert current(s).fight is None and current(s).holder == NPC
    assert isinstance(s.decision, BattleReputationDraw) and s.decision.left == 1


# ----- NPC ships ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tile", "npc", "reputation"), [(271, ShipClass.GUARDIAN, 2), (1, ShipClass.GCDS, 3)]
)
def test_a_destroyed_guardian_or_gcds_leaves_the_sector_and_earns_its_reputation(
    tile: int, npc: ShipClass, reputation: int
) -> None:
    """Reputation: +2 for a guardian, +3 for the GCDS. The NPC's damage brings it to one hit
    from destruction; the Terran dreadnought's hit destroys it and the battle is won."""
    hull = 2 if npc is ShipClass.GUARDIAN else 7
    hurt = set_damage((), NPC, npc, (hull,))
    s = to_combat(with_sector(two(), sector(FAR, tile, ships=[(0, "dreadnought", 1)], damage=hurt)))
    while at(s, FAR).npc_count(npc):
        d = s.decision
        assert isinstance(d, VolleyRoll)
        face = "6" if d.side == 0 else "1"
        s = do(s, f"roll {d.dice[0][0].value} " + ",".join([face] * d.dice[0][1]))
    here = at(s, FAR)
    assert (here.ancients, here.guardian, here.gcds) == (0, 0, 0)
    assert here.ships_of(0, ShipClass.DREADNOUGHT) == 1
    tally = current(s).tally(0)
    assert tally is not None and tally.earned == reputation
    assert current(s).holder == 0


def test_the_games_npc_tile_is_the_one_that_fights() -> None:
    """Setup picks one Ancient tile for the game: with the advanced one the Ancient fires one
    orange die at initiative 1 (the normal one: two yellow dice at initiative 2)."""
    s = two()
    s = replace(s, config=replace(s.config, ancient=NpcVariant.ADVANCED))
    s = to_combat(with_sector(s, sector(FAR, 101, ships=[(0, "dreadnought", 1)])))
    d = s.decision  # initiative 1 each: the NPC defends and fires first
    assert isinstance(d, VolleyRoll) and (d.side, d.ship_class) == (NPC, ShipClass.ANCIENT)
    assert d.dice == ((DieColour.ORANGE, 1),)


def test_a_player_assigning_hits_against_ancients_sees_only_the_npc_types_present() -> None:
    """A hit against two Ancients, one damaged: destroy the damaged one or damage the other. The
    results name the Ancients only (no guardian or GCDS is in the sector)."""
    hurt = set_damage((), NPC, ShipClass.ANCIENT, (1,))
    s = to_combat(
        with_sector(two(), sector(FAR, 101, ships=[(0, "interceptor", 1)], ancients=2, damage=hurt))
    )
    s = roll(s, 0, ShipClass.INTERCEPTOR, "6")  # the interceptor (initiative 3) fires first
    assert isinstance(s.decision, AssignHits)
    assert answers(s) == {"assign ancient:0", "assign ancient:1,1"}
    s = do(s, "assign ancient:0")
    assert at(s, FAR).ancients == 1


def test_draco_fights_a_guardian_while_the_ancients_beside_it_sit_out() -> None:
    """Ancients never fight the Descendants of Draco, even in a sector where another NPC does
    (no printed sector holds both; the engine's rule does not depend on it): the guardian fights
    alone, the Ancient neither fires nor can be hit, and the battle is won when the guardian is
    destroyed."""
    s = started("terran_directorate", "descendants_of_draco")
    hurt = set_damage((), NPC, ShipClass.GUARDIAN, (2,))
    mixed = sector(FAR, 271, ships=[(1, "dreadnought", 1)], ancients=1, damage=hurt)
    s = to_combat(with_sector(s, mixed))
    assert fight(s).ancients_sit_out
    assert [(x.side, x.ship_class) for x in fight(s).slots] == [
        (NPC, ShipClass.GUARDIAN),
        (1, ShipClass.DREADNOUGHT),
    ]
    s = roll(s, NPC, ShipClass.GUARDIAN, "1,1,1")
    s = roll(s, 1, ShipClass.DREADNOUGHT, "6,6")  # one hit destroys the guardian, one is lost
    here = at(s, FAR)
    assert here.guardian == 0 and here.ancients == 1 and here.ships_of(1) == 1
    assert not any(seat == NPC and c is ShipClass.ANCIENT for seat, c, _ in here.damage)
    assert current(s).fight is None and current(s).holder == 1
    tally = current(s).tally(1)
    assert tally is not None and tally.earned == 2


# ----- hits and reputation --------------------------------------------------------------------------


def test_without_the_antimatter_splitter_a_red_hit_damages_one_ship() -> None:
    """Only the Antimatter Splitter lets a red hit's 4 damage be split: without it one of four
    interceptors is destroyed (compare ``test_the_antimatter_splitter_splits_red_hits``)."""
    s = with_blueprint(
        two(),
        0,
        "terran_directorate/dreadnought:electron_computer,antimatter_cannon,-,-,fusion_source,hull,hull,nuclear_drive",
    )
    s = with_sector(s, sector(FAR, 102, ships=[(1, "interceptor", 4)]))
    ships = (*at(s, FAR).ships, (0, ShipClass.DREADNOUGHT, 1))
    s = to_combat(with_sector(s, replace(at(s, FAR), ships=ships, arrivals=(1, 0))))
    s = roll(s, 1, ShipClass.INTERCEPTOR, "1,1,1,1")
    s = roll(s, 0, ShipClass.DREADNOUGHT, "6")
    assert at(s, FAR).ships_of(1, ShipClass.INTERCEPTOR) == 3


def test_the_advanced_guardians_red_hit_is_never_split() -> None:
    """NPCs have no Antimatter Splitter: the advanced guardian's red hit (4 damage) destroys one
    of two interceptors."""
    s = two()
    s = replace(s, config=replace(s.config, guardian=NpcVariant.ADVANCED))
    s = to_combat(with_sector(s, sector(FAR, 271, ships=[(0, "interceptor", 2)])))
    s = roll(s, NPC, ShipClass.GUARDIAN, "1,1")  # the guardian's two orange missiles miss
    s = roll(s, 0, ShipClass.INTERCEPTOR, "1,1")  # engagement round 1: the interceptors miss
    s = roll(s, NPC, ShipClass.GUARDIAN, "6")
    assert at(s, FAR).ships_of(0, ShipClass.INTERCEPTOR) == 1


def test_one_volley_that_destroys_ships_of_two_types_earns_both_values() -> None:
    """The Terran dreadnought's two hits destroy Planta's interceptor (+1) and its damaged
    cruiser (+2) in one volley: the Terran earns 3."""
    hurt = set_damage((), 1, ShipClass.CRUISER, (1,))
    s = with_sector(two(), sector(FAR, 102, ships=[(1, "cruiser", 1), (1, "interceptor", 1)]))
    ships = (*at(s, FAR).ships, (0, ShipClass.DREADNOUGHT, 1))
    s = with_sector(s, replace(at(s, FAR), ships=ships, arrivals=(1, 0), damage=hurt))
    s = to_combat(s)
    s = roll(s, 1, ShipClass.CRUISER, "1")
    s = roll(s, 1, ShipClass.INTERCEPTOR, "1")
    s = roll(s, 0, ShipClass.DREADNOUGHT, "6,6")
    assert at(s, FAR).ships_of(1) == 0
    tally = current(s).tally(0)
    assert tally is not None and tally.earned == 3


# ----- how a player's hits are offered --------------------------------------------------------------


def dreadnought_hits_three_types() -> tuple[GameState, AssignHits]:
    """The Terran dreadnought's two 1-damage hits against Planta's dreadnought (hull 2), cruiser
    (hull 1) and an interceptor with two cannons (hull 0, the most dangerous per hull)."""
    s = with_blueprint(two(), 1, "planta/interceptor:nuclear_source,ion_cannon,x,ion_cannon")
    planta = [(1, "cruiser", 1), (1, "interceptor", 1), (1, "dreadnought", 1)]
    s = with_sector(s, sector(FAR, 102, ships=planta))
    ships = (*at(s, FAR).ships, (0, ShipClass.DREADNOUGHT, 1))
    s = to_combat(with_sector(s, replace(at(s, FAR), ships=ships, arrivals=(1, 0))))
    s = roll(s, 1, ShipClass.DREADNOUGHT, "1,1")
    s = roll(s, 1, ShipClass.CRUISER, "1")
    s = roll(s, 0, ShipClass.DREADNOUGHT, "6,6")
    d = s.decision
    assert isinstance(d, AssignHits)
    return s, d


def test_the_greedy_result_kills_the_most_dangerous_ship_it_can() -> None:
    """Greedy (``calc.rules.targeting``, a bot's rule): destroy the most threatening ship the
    hits can destroy (the two-cannon interceptor), then pile the rest on the most threatening
    ship (the dreadnought). It is one of the results the player may choose."""
    s, d = dreadnought_hits_three_types()
    spec = side_spec(s, at(s, FAR), d.target, fight(s))
    assert spec.threats[2] > spec.threats[1]  # the interceptor threatens more than the cruiser
    assert greedy_result(s, d) == "dreadnought:1/cruiser:0/interceptor:-"
    assert f"assign {greedy_result(s, d)}" in answers(s)


@pytest.fixture
def tiny_frontier(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """calc enumerates at most one result per hit (its results are memoised: cleared around)."""
    assignment.all_assignments.cache_clear()
    monkeypatch.setattr(assignment, "MAX_FRONTIER", 1)
    yield
    assignment.all_assignments.cache_clear()


def test_hits_with_too_many_results_offer_the_greedy_and_the_npc_rule_results(
    tiny_frontier: None,
) -> None:
    """When calc cannot enumerate every result of a volley (``TooLargeError``), the player
    chooses between the greedy result and the NPC rule's (destroy the largest ship it can: the
    cruiser), in text order, and the choice is applied."""
    s, d = dreadnought_hits_three_types()
    texts = [text for text, _ in assignment_results(s, d)]
    assert texts == [
        "dreadnought:0/cruiser:-/interceptor:0",
        "dreadnought:1/cruiser:0/interceptor:-",
    ]
    assert answers(s) == {f"assign {t}" for t in texts}
    s = do(s, "assign dreadnought:0/cruiser:-/interceptor:0")
    here = at(s, FAR)
    assert here.ships_of(1, ShipClass.CRUISER) == 0
    assert (
        here.ships_of(1, ShipClass.INTERCEPTOR) == 1
        and here.ships_of(1, ShipClass.DREADNOUGHT) == 1
    )


# ----- rounds, retreats and stalemates --------------------------------------------------------------


def test_engagement_rounds_are_counted_from_the_first_after_the_missiles() -> None:
    """``Fight.rounds`` counts the engagement rounds begun (the dashboard shows it); the missile
    volleys come before the first."""
    s = with_blueprint(
        two(),
        0,
        "terran_directorate/cruiser:electron_computer,ion_cannon,plasma_missile,nuclear_source,hull,nuclear_drive",
    )
    s = to_combat(with_sector(s, sector(FAR, 102, ships=[(1, "cruiser", 1), (0, "cruiser", 1)])))
    assert (fight(s).in_round, fight(s).rounds) == (False, 0)
    s = roll(s, 0, ShipClass.CRUISER, "1,1")  # the missiles miss
    assert (fight(s).in_round, fight(s).rounds) == (True, 1)
    s = roll(s, 0, ShipClass.CRUISER, "1")
    s = roll(s, 1, ShipClass.CRUISER, "1")
    assert (fight(s).in_round, fight(s).rounds) == (True, 2)
    s = roll(s, 0, ShipClass.CRUISER, "1")
    s = roll(s, 1, ShipClass.CRUISER, "1")
    assert fight(s).rounds == 3


def test_a_stalemate_is_found_as_an_engagement_round_begins() -> None:
    """Missiles fired and nobody has cannons: at the start of the first engagement round the
    battle is a stalemate; while the attacker chooses where to retreat the missiles are over."""
    s = with_blueprint(
        two(), 0, "terran_directorate/interceptor:nuclear_source,plasma_missile,nuclear_drive,-"
    )
    s = with_blueprint(s, 1, "planta/interceptor:nuclear_source,plasma_missile,x,nuclear_drive")
    where, rotation = connected_to(s, HOME0, 102)
    s = with_sector(
        s, sector(where, 102, rotation, ships=[(1, "interceptor", 1), (0, "interceptor", 1)])
    )
    other, rotation2 = connected_to(s, where, 102)
    s = with_sector(s, sector(other, 102, rotation2, owner=0))
    s = do(to_combat(s), "roll orange 1,1", "roll orange 1,1")
    assert s.decision is not None and type(s.decision).__name__ == "StalemateRetreat"
    assert fight(s).in_round and fight(s).next_slot == -1


def test_a_side_that_may_retreat_activates_its_unarmed_types_too() -> None:
    """Each ship type activates to attack or retreat: a Terran cruiser without cannons, next to
    the Terran home, is offered its activation (and may retreat) like the armed interceptor."""
    s = with_blueprint(
        two(),
        0,
        "terran_directorate/cruiser:electron_computer,-,-,nuclear_source,hull,nuclear_drive",
    )
    where, rotation = connected_to(s, HOME0, 102)
    ships = [(1, "interceptor", 1), (0, "cruiser", 1), (0, "interceptor", 1)]
    s = to_combat(with_sector(s, sector(where, 102, rotation, ships=ships)))
    s, met = answer_fight(s, "attack", 6)
    offered = [d.ship_class for d in met if isinstance(d, BattleActivation)]
    assert ShipClass.CRUISER in offered and ShipClass.INTERCEPTOR in offered
    # Without a sector to retreat to, the unarmed cruiser has nothing to do: no activation.
    s2 = with_blueprint(
        two(),
        0,
        "terran_directorate/cruiser:electron_computer,-,-,nuclear_source,hull,nuclear_drive",
    )
    s2 = to_combat(with_sector(s2, sector(FAR, 102, ships=ships)))
    assert ShipClass.CRUISER not in {x.ship_class for x in fight(s2).slots if x.side == 0}


def test_an_unarmed_starbase_on_a_side_that_may_retreat_lets_the_battle_go_on() -> None:
    """Starbases never retreat; one without cannons has nothing to do at its activation, and the
    battle goes on with the next ship type."""
    s = with_blueprint(two(), 0, "terran_directorate/starbase:-,-,-,-,-")
    where, rotation = connected_to(s, HOME0, 102)
    ships = [(1, "interceptor", 1), (0, "starbase", 1), (0, "interceptor", 1)]
    s = to_combat(with_sector(s, sector(where, 102, rotation, ships=ships)))
    s, met = answer_fight(s, "attack", 6)
    assert all(
        d.ship_class is not ShipClass.STARBASE for d in met if isinstance(d, BattleActivation)
    )
    seen = [d.ship_class for d in met]
    assert seen.count(ShipClass.INTERCEPTOR) >= 4 and at(s, where).ships_of(0) == 2


def test_two_ship_types_that_declared_a_retreat_each_leave_at_their_next_activation() -> None:
    s = two()
    where, rotation = connected_to(s, HOME0, 102)
    ships = [(1, "cruiser", 1), (0, "cruiser", 1), (0, "interceptor", 1)]
    s = to_combat(with_sector(s, sector(where, 102, rotation, ships=ships)))
    s, met = answer_fight(s, "retreat (0,-2)", 8, until=lambda t: not at(t, where).ships_of(0))
    declared = [d.ship_class for d in met if isinstance(d, BattleActivation)]
    home = at(s, HOME0)
    assert sorted(declared) == sorted([ShipClass.CRUISER, ShipClass.INTERCEPTOR])  # once each
    assert at(s, where).ships_of(0) == 0
    assert home.ships_of(0, ShipClass.CRUISER) == 1 and home.ships_of(0, ShipClass.INTERCEPTOR) == 2


def test_a_defender_whose_armed_ships_are_retreating_leaves_a_stalemate() -> None:
    """Retreating ships cannot attack: when the defender's only armed type has declared its
    retreat and the attacker is unarmed, neither side can destroy the other as the next round
    begins. It is a stalemate: the retreating ships complete their retreat and the attacker,
    with nowhere to go, is destroyed."""
    s = two()
    planta_home = next(x.hex for x in s.sectors if x.owner == 1)
    where, rotation = connected_to(s, planta_home, 102)
    s = with_blueprint(s, 0, "terran_directorate/interceptor:nuclear_source,-,nuclear_drive,-")
    s = with_sector(
        s, sector(where, 102, rotation, owner=1, ships=[(1, "cruiser", 1), (0, "interceptor", 1)])
    )
    s = to_combat(s)
    assert s.decision == BattleActivation(1, ShipClass.CRUISER, (planta_home,))
    s = do(s, f"retreat {planta_home}")
    here = at(s, where)
    assert here.ships_of(0) == 0 and here.ships_of(1) == 0
    assert at(s, planta_home).ships_of(1, ShipClass.CRUISER) == 1
    assert current(s).fight is None and current(s).holder is None


def test_an_attacker_whose_only_ships_were_retreating_at_a_stalemate_leaves() -> None:
    """The Terran interceptor declares its retreat; Planta's interceptor has missiles only. As
    the next round begins nobody can destroy anything: the interceptor completes its retreat, the
    defender holds, and the Terran loses its participation tile."""
    s = with_blueprint(two(), 1, "planta/interceptor:nuclear_source,plasma_missile,x,nuclear_drive")
    where, rotation = connected_to(s, HOME0, 102)
    s = with_sector(
        s, sector(where, 102, rotation, ships=[(1, "interceptor", 1), (0, "interceptor", 1)])
    )
    s = to_combat(s)
    s = roll(s, 1, ShipClass.INTERCEPTOR, "1,1")  # the missiles miss
    assert s.decision == BattleActivation(0, ShipClass.INTERCEPTOR, (HOME0,))
    s = do(s, "retreat (0,-2)")
    assert at(s, where).ships_of(0) == 0 and at(s, HOME0).ships_of(0, ShipClass.INTERCEPTOR) == 2
    assert current(s).fight is None and current(s).holder == 1
    tally = current(s).tally(0)
    assert tally is not None and tally.fought and tally.all_retreat


def test_the_antimatter_splitter_does_not_split_an_antimatter_missile() -> None:
    """The Splitter splits the damage of antimatter *cannons*: a player who has it still puts an
    Antimatter Missile's red hit (4 damage) on one ship."""
    s = with_blueprint(
        two(), 0, "terran_directorate/interceptor:nuclear_source,antimatter_missile,nuclear_drive,-"
    )
    s = with_techs(s, 0, "antimatter_splitter")
    s = with_sector(s, sector(FAR, 102, ships=[(1, "interceptor", 4)]))
    ships = (*at(s, FAR).ships, (0, ShipClass.INTERCEPTOR, 1))
    s = to_combat(with_sector(s, replace(at(s, FAR), ships=ships, arrivals=(1, 0))))
    d = s.decision
    assert isinstance(d, VolleyRoll) and d.missiles and d.side == 0
    s = do(s, "roll red 6")
    assert at(s, FAR).ships_of(1, ShipClass.INTERCEPTOR) == 3
