"""Passing and reactions, entering the combat phase, upkeep, elimination and cleanup."""

from __future__ import annotations

from dataclasses import replace

from blueprints import ShipClass
from engine.cleanup import finish_cleanup, start_cleanup
from engine.decisions import (
    BattleActivation,
    SectorClaims,
    TechDraw,
    TurnStart,
    Upkeep,
    VolleyRoll,
)
from engine.enums import Phase
from engine.hexes import Hex
from engine.state import NPC
from tests.engine.builders import answers, do, edit, sector, started, with_sector

HOME = Hex(0, -2)


def game():  # type: ignore[no-untyped-def]
    return started("terran_directorate", "planta", tray=["nanorobots"])


def test_first_to_pass_gains_two_money_and_starts_next_round() -> None:
    s = do(game(), "action research", "end")  # seat 0
    s = do(s, "pass")  # seat 1 passes first
    assert s.players[1].money == 2 + 2 and s.pass_order == (1,)
    assert s.decision == TurnStart(0)
    s = do(s, "pass")  # everyone has passed: combat, then upkeep
    assert s.phase is Phase.UPKEEP and isinstance(s.decision, Upkeep)
    s = do(s, "pay_upkeep", "pay_upkeep")
    s = do(s, *["draw_tech fusion_drive"] * 5)  # cleanup draws 5 tiles at 2 players
    assert s.round == 2 and s.phase is Phase.ACTION
    assert s.start_player == 1 and s.decision == TurnStart(1)


def test_after_passing_only_reactions_and_they_cost_a_disc() -> None:
    s = do(game(), "pass", "action research", "end")
    assert answers(s) >= {"reaction upgrade", "reaction build", "reaction move", "pass"}
    assert not any(o.startswith("action") for o in answers(s))
    s = do(s, "reaction move")
    assert s.players[0].discs_actions == 1 and s.decision.left == 1  # type: ignore[union-attr]


def test_no_discs_no_action() -> None:
    s = edit(game(), 0, discs_track=0)
    assert {o for o in answers(s) if o.startswith(("action", "reaction"))} == set()
    last = edit(game(), 0, discs_track=1)
    assert "action explore" in answers(last)  # the last disc still takes an action


def test_a_contested_sector_starts_a_battle() -> None:
    s = game()
    s = with_sector(s, sector(Hex(0, -1), 102, ships=[(0, "interceptor", 1), (1, "cruiser", 1)]))
    s = do(s, "pass", "pass")
    assert s.phase is Phase.COMBAT and s.combat is not None and s.combat.current is not None
    assert s.combat.current.where == Hex(0, -1)
    # Seat 0 entered last and attacks; its interceptor may attack or retreat home.
    assert s.decision == BattleActivation(0, ShipClass.INTERCEPTOR, (HOME,))
    s = do(s, "attack")
    assert isinstance(s.decision, VolleyRoll) and s.decision.side == 0


def test_ships_in_a_sector_with_ancients_mean_a_battle() -> None:
    s = with_sector(game(), sector(Hex(0, -1), 101, ships=[(0, "interceptor", 1)]))
    s = do(s, "pass", "pass")
    assert s.phase is Phase.COMBAT and isinstance(s.decision, VolleyRoll)
    fight = s.combat.current.fight  # type: ignore[union-attr]
    assert fight is not None and (fight.attacker, fight.defender) == (0, NPC)


def test_after_combat_ships_may_claim_uncontrolled_sectors() -> None:
    s = with_sector(game(), sector(Hex(0, -1), 102, ships=[(0, "interceptor", 1)]))
    s = do(s, "pass", "pass")
    assert s.decision == SectorClaims(0, (Hex(0, -1),))
    s = do(s, "claim (0,-1)")
    assert s.sector(Hex(0, -1)).owner == 0 and s.phase is Phase.UPKEEP  # type: ignore[union-attr]


def test_undefended_discovery_tiles_are_claimed_by_ships() -> None:
    s = with_sector(
        game(),
        sector(Hex(0, -1), 110, owner=0, ships=[(0, "interceptor", 1)], discovery=True),
    )
    s = do(s, "pass", "pass")
    assert s.to_act == -1
    s = do(s, "reveal materials_6", "reward")
    assert s.players[0].materials == 4 + 6


def test_upkeep_income_upkeep_and_production() -> None:
    s = do(game(), "action research", "end", "pass")
    s = do(s, "pass")
    p = s.players[0]
    # Money income 3 (10 cubes left on the money track); 11 discs on the track cost nothing.
    assert (p.money, p.science, p.materials) == (3, 3, 4)
    s = do(s, "pay_upkeep")
    p = s.players[0]
    assert (p.money, p.science, p.materials) == (3 + 3, 3 + 3, 4 + 3)


def test_a_player_short_of_money_trades_or_abandons_before_paying() -> None:
    s = with_sector(game(), sector(Hex(0, -1), 102, owner=0))
    s = edit(s, 0, money=0, science=0, materials=2, discs_track=3, discs_actions=8)
    s = do(s, "pass", "pass")
    # Upkeep 17 vs income 3: abandoning sectors and trading are offered, not paying.
    options = answers(s)
    assert "pay_upkeep" not in options
    assert {"abandon (0,-2)", "abandon (0,-1)", "trade materials money"} <= options
    traded = do(s, "trade materials money")  # Terrans: 2 materials for 1 money, in upkeep too
    assert (traded.players[0].materials, traded.players[0].money) == (0, s.players[0].money + 1)
    assert isinstance(traded.decision, Upkeep) and traded.decision.seat == 0
    s = do(s, "abandon (0,-1)")
    assert s.players[0].discs_track == 4 and s.sector(Hex(0, -1)).owner is None  # type: ignore[union-attr]


def test_a_player_who_cannot_pay_is_eliminated() -> None:
    s = edit(game(), 0, money=0, science=0, materials=0, discs_track=0, discs_actions=11)
    s = do(s, "pass", "pass")
    assert answers(s) >= {"abandon (0,-2)"}
    s = do(s, "abandon (0,-2)")
    # 1 disc on the track: upkeep 25 against income 3 with nothing to trade: eliminated.
    s = do(s, "pay_upkeep")
    assert s.players[0].eliminated and s.players[0].final_score == 0
    assert not any(x.ships_of(0) for x in s.sectors)


def test_a_player_with_neither_ships_nor_sectors_is_eliminated_after_combat() -> None:
    s = game()
    home = s.sector(HOME)
    assert home is not None
    s = with_sector(s, sector(HOME, 221, 3))
    s = edit(s, 0, discs_track=13)
    s = do(s, "pass", "pass")
    assert s.players[0].eliminated and s.phase is Phase.UPKEEP


def test_cleanup_returns_discs_and_flips_colony_ships() -> None:
    s = do(game(), "action research", "end", "action research", "end")
    s = edit(s, 0, colony_used=2)
    s = do(s, "pass", "pass", "pay_upkeep", "pay_upkeep")
    assert s.phase is Phase.CLEANUP
    s = do(s, *["draw_tech gauss_shield"] * 5)
    assert s.players[0].discs_track == 12 and s.players[0].discs_actions == 0
    assert s.players[0].colony_used == 0 and not s.players[0].passed


def test_cleanup_draws_the_rulebooks_tech_count_for_each_player_count() -> None:
    """Rulebook, Cleanup: 5 / 6 / 7 / 8 / 9 regular tech tiles are drawn for 2 / 3 / 4 / 5 / 6
    players (read from the tech data the setup reads too)."""
    species = (
        "terran_directorate",
        "planta",
        "orion_hegemony",
        "mechanema",
        "hydran_progress",
        "descendants_of_draco",
    )
    for players, tiles in zip(range(2, 7), (5, 6, 7, 8, 9), strict=True):
        s = start_cleanup(started(*species[:players]))
        assert s.decision == TechDraw(-1, tiles), players


def test_cleanup_resets_every_active_players_board_and_returns_the_graveyard() -> None:
    """Rulebook, Cleanup: discs on the action track go back, colony ships turn face up, the
    graveyard's cubes return to their tracks; an eliminated player is skipped (the players after
    it are still reset); the start player stays when nobody passed first."""
    s = started("terran_directorate", "planta", "orion_hegemony")
    s = replace(s, next_start=None, start_player=0)
    s = edit(s, 0, eliminated=True, discs_actions=1)
    before = s.players[1]
    s = edit(s, 1, discs_actions=3, colony_used=2, passed=True, graveyard=(1, 0, 2))
    s = edit(s, 2, discs_actions=1, passed=True)
    after = finish_cleanup(s)
    p1, p2 = after.players[1], after.players[2]
    assert p1.discs_actions == 0 and p1.discs_track == before.discs_track + 3
    assert p1.colony_used == 0 and p1.passed is False and p1.graveyard == (0, 0, 0)
    assert p1.tracks == (before.tracks[0] + 1, before.tracks[1], before.tracks[2] + 2)
    assert p2.discs_actions == 0 and p2.passed is False
    assert after.players[0].discs_actions == 1  # eliminated: left as it was
    assert after.round == s.round + 1
    # Seat 0 was the start player but is out: the next active seat in order starts.
    assert after.start_player == 1 and after.turn == 1 and after.decision == TurnStart(1)


def test_the_first_to_pass_starts_the_next_round_unless_eliminated() -> None:
    s = started("terran_directorate", "planta", "orion_hegemony")
    assert finish_cleanup(replace(s, next_start=2)).start_player == 2
    out = edit(replace(s, next_start=1), 1, eliminated=True)
    assert finish_cleanup(out).start_player == 2  # seat 1 is out: seat 2 follows it


def test_the_second_player_to_pass_gains_nothing_and_passing_again_changes_nothing() -> None:
    """Only the first player to pass takes the 2 money and the start player tile; after passing,
    "pass" only declines a reaction: no money, no second place in the pass order."""
    money = [p.money for p in game().players]
    s = do(game(), "pass")  # seat 0 passes first
    assert s.players[0].money == money[0] + 2 and s.next_start == 0
    s = do(s, "pass")  # seat 1 passes second: the round's action phase ends
    assert s.players[1].money == money[1] and s.next_start == 0 and s.pass_order == (0, 1)
    s = do(game(), "pass", "action research", "end", "pass")  # seat 0 declines a reaction
    assert s.players[0].money == money[0] + 2 and s.pass_order == (0,) and s.players[0].passed
    assert s.decision == TurnStart(1)


def test_an_action_moves_the_leftmost_disc_to_the_action_track() -> None:
    before = game().players[0]
    s = do(game(), "action explore")
    after = s.players[0]
    assert after.discs_track == before.discs_track - 1
    assert after.discs_actions == before.discs_actions + 1


def test_species_board_activations_and_the_move_and_build_bonus_techs() -> None:
    """The Terran Directorate's board: explore 1, research 1, upgrade 2, build 2, move 3,
    influence 2. Improved Logistics adds 1 move activation and Nanorobots 1 build activation to
    actions, never to reactions (always 1)."""
    printed = {"explore": 1, "research": 1, "upgrade": 2, "build": 2, "move": 3, "influence": 2}
    for kind, count in printed.items():
        assert do(game(), f"action {kind}").decision.left == count  # type: ignore[union-attr]
    techs = (("starbase",), ("improved_logistics",), ("nanorobots",))
    s = edit(game(), 0, techs=techs)
    assert do(s, "action move").decision.left == 3 + 1  # type: ignore[union-attr]
    assert do(s, "action build").decision.left == 2 + 1  # type: ignore[union-attr]
    assert do(s, "action explore").decision.left == 1  # type: ignore[union-attr]
    passed = do(s, "pass", "action research", "end")
    for kind in ("move", "build", "upgrade"):
        reaction = do(passed, f"reaction {kind}").decision
        assert reaction.left == 1 and reaction.reaction  # type: ignore[union-attr]


def test_influence_flips_at_most_two_colony_ships_and_never_below_none() -> None:
    s = do(edit(game(), 0, colony_used=1), "action influence")
    assert s.players[0].colony_used == 0
    s = do(edit(game(), 0, colony_used=3), "action research")
    assert s.players[0].colony_used == 3  # other actions flip none
