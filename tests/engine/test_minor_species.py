"""Minor Species (New Dangers text 001): tokens bought for credits, abilities, points."""

from __future__ import annotations

import pytest

from engine.actions.build import build_cost
from engine.actions.minor_species import research_discount, token_points
from engine.actions.research import research_cost
from engine.board import production, room_for_reputation
from engine.decisions import MinorSpeciesDraw, TokenCube, TurnStart
from engine.enums import Resource
from engine.modules import MINOR_SPECIES, MinorSpecies, Module, minor_token
from engine.rules import chance_outcomes
from engine.scoring import score
from engine.setup import new_game
from engine.state import GameConfig, GameState
from tests.engine.builders import answers, do, edit, started

ALL_NINE = [m.value for m in MINOR_SPECIES]


def two(*tokens: str) -> GameState:
    s = started(
        "terran_directorate", "planta", modules=(Module.MINOR_SPECIES,), minor=tokens or ALL_NINE
    )
    return edit(s, 0, money=30)


def test_four_random_tokens_go_into_the_supply_at_setup() -> None:
    s = new_game(GameConfig(("planta", "hydran_progress"), modules=(Module.MINOR_SPECIES,)))
    while not isinstance(s.decision, MinorSpeciesDraw):
        s = do(s, str(chance_outcomes(s)[0][0]))
    odds = chance_outcomes(s)
    assert len(odds) == 9 and all(p == pytest.approx(1 / 9) for _, p in odds)
    s = do(s, "draw_minor_species three_vp")
    assert len(chance_outcomes(s)) == 8  # drawn tokens do not come up again
    full = two()
    assert len(full.minor_supply) == 4 and len(set(full.minor_supply)) == 4
    assert not started("terran_directorate", "planta").minor_supply  # no module, no tokens


def test_relations_cost_the_credits_and_take_a_free_reputation_space() -> None:
    s = two("three_vp", "cruiser_discount", "reputation_vp", "ambassador_vp")
    assert "minor_species three_vp" in answers(s)  # at any moment of one's turn
    s = do(s, "minor_species three_vp")
    assert s.players[0].money == 30 - minor_token(MinorSpecies.THREE_VP).credits == 22
    assert s.players[0].minor_species == (MinorSpecies.THREE_VP,)
    assert MinorSpecies.THREE_VP not in s.minor_supply
    s = do(s, "action research")
    assert "minor_species cruiser_discount" in answers(s)  # also during an action
    poor = edit(two("three_vp"), 0, money=7)
    assert "minor_species three_vp" not in answers(poor)
    exact = edit(two("three_vp"), 0, money=8)
    assert "minor_species three_vp" in answers(exact)  # the exact credits are enough


def test_tokens_take_ambassador_spaces_and_need_an_empty_one() -> None:
    s = two("three_vp", "cruiser_discount", "orbital_discount", "ambassador_vp")
    # The Terran Directorate's track: one ambassador-only space and four mixed ones; three
    # reputation tiles leave two spaces a token can take.
    s = edit(s, 0, reputation=(1, 2, 3))
    s = do(s, "minor_species three_vp", "minor_species cruiser_discount")
    assert not any(a.startswith("minor_species") for a in answers(s))  # no empty space left
    assert not room_for_reputation(s.players[0])  # and none for another reputation tile


def test_build_and_research_discounts() -> None:
    s = two("cruiser_discount", "dreadnought_discount", "monolith_discount", "orbital_discount")
    base = {item: build_cost(s.players[0], item) for item in ("cruiser", "dreadnought")}
    for token in ("cruiser_discount", "dreadnought_discount", "monolith_discount"):
        s = do(s, f"minor_species {token}")
    p = s.players[0]
    assert build_cost(p, "cruiser") == base["cruiser"] - 1
    assert build_cost(p, "dreadnought") == base["dreadnought"] - 2
    assert build_cost(p, "monolith") == 10 - 2 and build_cost(p, "orbital") == 4
    r = do(two("research_discount"), "minor_species research_discount")
    # Plasma Cannon 6/4: one tech on the track (-1) and the token (-1); never below 4.
    assert research_cost("plasma_cannon", 1, 1) == 4 and research_cost("plasma_cannon", 2, 1) == 4
    r = edit(r, 0, science=4)
    r = do(r, "action research")
    # 6 - 1 (starbase) - 1 (token) = 4: affordable with 4 science only thanks to the token.
    assert "research plasma_cannon military" in answers(r)
    r = do(r, "research plasma_cannon military")
    assert r.players[0].science == 0  # and the discounted cost is what is paid
    # Above the minimum the whole discount counts: Gluon Computer 14/7 on an empty track.
    assert research_cost("gluon_computer", 0, 1) == 14 - 1


def test_the_population_cube_token_takes_a_cube_for_good() -> None:
    s = do(two("population_cube"), "minor_species population_cube")
    assert isinstance(s.decision, TokenCube)
    before = production(s.players[0], Resource.MONEY)
    s = do(s, "token_cube money")
    assert s.players[0].minor_cube and production(s.players[0], Resource.MONEY) > before


def test_points_at_the_end_of_the_game() -> None:
    s = two("reputation_vp", "ambassador_vp", "three_vp", "cruiser_discount")
    s = edit(s, 0, money=40, reputation=(4,))
    for token in ("reputation_vp", "ambassador_vp", "three_vp", "cruiser_discount"):
        s = do(s, f"minor_species {token}")
    points = score(s, 0)
    # 1 reputation tile; 4 ambassador tokens (this one included); 3; 1.
    assert points.minor_species == 1 + 4 + 3 + 1
    assert points.ambassadors == 0  # tokens are not the base game's ambassador tiles


def test_the_population_cube_comes_from_a_track_that_has_one() -> None:
    """The cube is taken from a track of the player's choice that still holds a cube (here the
    science track is empty, the materials track holds its last one); then the turn goes on."""
    s = edit(two("population_cube"), 0, tracks=(5, 0, 1))
    s = do(s, "minor_species population_cube")
    assert answers(s) == {"token_cube money", "token_cube materials"}
    s = do(s, "token_cube materials")
    assert s.players[0].tracks == (5, 0, 0) and s.decision == TurnStart(0)


def test_no_research_discount_without_the_token() -> None:
    s = edit(two("research_discount"), 0, science=4)
    assert research_discount(s.players[0]) == 0
    s = do(s, "action research")
    assert "research plasma_cannon military" not in answers(s)  # 6 - 1 = 5 > 4


def test_token_points_add_up_whatever_the_order_of_purchase() -> None:
    """Three VP (3) bought before Reputation VP (1 per reputation tile, 2 here): 5; Ambassador
    VP (1 per Ambassador token, itself included) with Three VP: 2 + 3."""
    s = edit(two("three_vp", "reputation_vp", "ambassador_vp", "cruiser_discount"), 0, money=40)
    s = edit(s, 0, reputation=(2, 3))
    rep = do(s, "minor_species three_vp", "minor_species reputation_vp")
    assert token_points(rep.players[0]) == 3 + 2
    amb = do(s, "minor_species ambassador_vp", "minor_species three_vp")
    assert token_points(amb.players[0]) == 2 + 3
