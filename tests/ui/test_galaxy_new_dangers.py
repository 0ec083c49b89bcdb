"""The galaxy figure and the player boards draw the New Dangers special sectors (as data)."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest

from blueprints import ShipClass
from engine.actions.explore import place_nebula
from engine.enums import ActionKind
from engine.hexes import Hex
from engine.modules import MODULES, MinorSpecies
from engine.state import GameState, Voyage
from tests.engine.builders import sector, started, with_sector
from tests.engine.test_import_new_dangers import new_dangers_save
from ui.figures import galaxy_figure
from ui.galaxy import (
    BLACK_HOLE_FILL,
    default_styles,
    hex_centre,
    sector_centre,
    sector_hover,
    sector_outline,
)
from ui.galaxy import chosen_hex as picked
from ui.game_loader import open_game
from ui.player_boards import overview_rows

NEBULA = Hex(0, -3)
PULSAR = Hex(1, -3)
HOLE = Hex(-1, -2)
NOVA = Hex(2, -3)


@pytest.fixture(scope="module")
def position() -> GameState:
    s = started("terran_directorate", "planta", "hydran_progress", modules=MODULES)
    s = place_nebula(s, NEBULA, 395, 0)
    a = s.sector(Hex(0, -3, 1))
    assert a is not None
    s = s.with_sector(replace(a, ships=((0, ShipClass.CRUISER, 1),), arrivals=(0,)))
    s = with_sector(s, sector(PULSAR, 393, rotation=0, owner=0, pulsar=ActionKind.BUILD))
    s = with_sector(s, sector(HOLE, 396, rotation=1))
    s = with_sector(s, sector(NOVA, 397, rotation=0, exploded=True))
    voyages = (Voyage(0, ShipClass.INTERCEPTOR, 3, HOLE), Voyage(1, ShipClass.CRUISER, 2, HOLE))
    s = replace(s, voyages=voyages)
    player = s.players[1]
    return s.with_player(replace(player, minor_species=(MinorSpecies.THREE_VP,)))


def test_a_nebula_is_drawn_as_three_wedges_that_fill_its_hex(position: GameState) -> None:
    parts = [position.sector(Hex(0, -3, p)) for p in (1, 2, 3)]
    centre = hex_centre(NEBULA)
    for part in parts:
        assert part is not None
        outline = sector_outline(part)
        assert len(outline) == 5 and outline[0] == outline[-1] == centre
        assert all(math.dist(p, centre) == pytest.approx(1.0) for p in outline[1:4])
        inside = sector_centre(part)
        assert math.dist(inside, centre) == pytest.approx(0.5)
    corners = {tuple(round(v, 6) for v in p) for part in parts for p in sector_outline(part)[1:4]}  # type: ignore[arg-type]
    assert len(corners) == 6  # together the three wedges use the hex's six corners
    fig = galaxy_figure(position)
    labels = next(t for t in fig.data if t.name == "sectors")
    assert [0, -3, 1] in [list(c) for c in labels.customdata]
    assert "<b>395b</b>" in labels.text
    assert picked({"selection": {"points": [{"customdata": [0, -3, 2]}]}}) == Hex(0, -3, 2)
    assert picked({"selection": {"points": [{"customdata": [0, -3]}]}}) == NEBULA


def test_a_pulsar_shows_its_three_spaces_and_the_disc(position: GameState) -> None:
    fig = galaxy_figure(position, default_styles(position))
    spaces = next(t for t in fig.data if t.name == "pulsar action spaces")
    assert list(spaces.text) == ["M", "U", "B"]
    colours = list(spaces.marker.color)
    assert colours[2] == default_styles(position)[0].colour and colours[:2] == ["#ffffff"] * 2
    pulsar = position.sector(PULSAR)
    assert pulsar is not None
    assert "the disc is on the build space" in sector_hover(position, pulsar, {})


def test_ships_in_a_black_hole_are_drawn_with_their_return_round(position: GameState) -> None:
    fig = galaxy_figure(position)
    away = next(t for t in fig.data if t.name == "ships in a black hole")
    assert sorted(away.text) == ["C→r2", "I→r3"]
    hole_outline = next(t for t in fig.data if t.name == "sector 396")
    assert hole_outline.fillcolor == BLACK_HOLE_FILL
    hole = position.sector(HOLE)
    assert hole is not None
    hover = sector_hover(position, hole, default_styles(position))
    assert "any ring I sector" in hover and "back in round 3" in hover


def test_an_exploded_supernova_is_marked(position: GameState) -> None:
    fig = galaxy_figure(position)
    marks = next(t for t in fig.data if t.name == "exploded supernovae")
    assert list(marks.text) == ["exploded"]
    nova = position.sector(NOVA)
    assert nova is not None and "exploded" in sector_hover(position, nova, {})


def test_the_player_boards_show_minor_species_and_ships_away(position: GameState) -> None:
    rows = overview_rows(position, default_styles(position))
    assert rows[1]["minor species"] == "3 VP" and rows[0]["minor species"] == "-"
    assert rows[0]["in a black hole"] == "interceptor (back in round 3)"
    plain = overview_rows(started("terran_directorate", "planta"), {})
    assert "minor species" not in plain[0] and "in a black hole" not in plain[0]


def test_an_imported_new_dangers_save_opens_and_draws() -> None:
    game = open_game(json.dumps(new_dangers_save()).encode(), "nd.json")
    state = game.states[0]
    assert game.problems == ()
    assert [s.hex.part for s in state.sectors if s.tile == 295] == [1, 2, 3]
    fig = galaxy_figure(state, game.styles, unexplored=game.unexplored)
    labels = next(t for t in fig.data if t.name == "sectors")
    assert [1, -2, 2] in [list(c) for c in labels.customdata]  # the bot's 202B, a wedge
    assert "<b>295b</b>" in labels.text
    spaces = next(t for t in fig.data if t.name == "pulsar action spaces")
    assert list(spaces.marker.color)[2] == game.styles[0].colour  # the disc on Build
    assert list(next(t for t in fig.data if t.name == "ships in a black hole").text) == ["I→r3"]
    assert list(next(t for t in fig.data if t.name == "exploded supernovae").text) == ["exploded"]
    assert game.positions[Hex(1, -2, 2)] == "202B"
