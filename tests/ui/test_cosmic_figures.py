"""The Cosmic game page's systems figure, tested as data."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from cosmic.game import GameConfig, new_game
from cosmic.game.state import Commit, GameState, Step
from cosmic.powers import Power
from cosmic.sides import Side
from ui.cosmic_figures import SEAT_COLOURS, WARP_X, offsets, systems_figure

POWERS = (Power.VIRUS, Power.ZOMBIE, Power.LASER, Power.MIND)


def traces(state: GameState) -> dict[str, Any]:
    return {t.name: t for t in systems_figure(state).data}


def board() -> GameState:
    """Seat 1 has a colony of 2 on planet 0.3; seat 2 has 3 ships in the warp; seat 0's cone
    (3 ships and an ally's 2) is aimed at planet 3.1; seat 2 allies the defense with 1."""
    s = new_game(GameConfig(POWERS))
    s = s.with_ships(5, 1, -2).with_ships(3, 1, 2)
    s = s.with_ships(10, 2, -3).with_warp(2, 3)
    commits = (
        Commit(0, Side.OFFENSE, 0, 3),
        Commit(1, Side.OFFENSE, 6, 2),
        Commit(2, Side.DEFENSE, 11, 1),
    )
    s = s.with_ships(0, 0, -3).with_ships(6, 1, -2).with_ships(11, 2, -1)
    return s.with_cone(
        defense=3, planet=16, commits=commits, allies=((1, Side.OFFENSE), (2, Side.DEFENSE))
    )


def test_every_planet_is_drawn_in_its_owner_row() -> None:
    t = traces(board())
    planets = t["planets"]
    assert len(planets.x) == 20
    assert list(planets.text[:6]) == ["0.0", "0.1", "0.2", "0.3", "0.4", "1.0"]
    assert list(planets.x[:6]) == [0, 1, 2, 3, 4, 0] and list(planets.y[:6]) == [0] * 5 + [-1]
    widths = list(planets.marker.line.width)
    assert widths[16] == 4 and widths.count(4) == 1  # the aimed planet 3.1 is outlined


def test_ships_are_discs_of_their_owners_colour_on_each_planet() -> None:
    t = traces(board())
    seat1 = t["seat 1 (zombie)"]
    # seat 1: its colony of 2 on 0.3 (beside seat 0's 4), then its own five planets.
    assert list(seat1.text) == ["2", "2", "2", "4", "4", "4"]
    assert list(seat1.y) == [-0.08, -1, -1, -1, -1, -1]
    assert seat1.marker.color == SEAT_COLOURS[1]
    seat0 = t["seat 0 (virus)"]
    assert list(seat0.text) == ["1", "4", "4", "4", "4"]  # 0.0 keeps 1: 3 are in the cone
    # Two discs stacked on 0.3: seat 0's above seat 1's, at the planet's x.
    assert seat0.x[3] == seat1.x[0] == 3
    assert seat0.y[3] == pytest.approx(0.08) and seat1.y[0] == pytest.approx(-0.08)


def test_the_warp_and_the_cone() -> None:
    t = traces(board())
    warp = t["warp"]
    assert list(warp.x) == [WARP_X] and list(warp.y) == [-2] and list(warp.text) == ["3"]
    assert list(warp.marker.color) == [SEAT_COLOURS[2]]
    cone = t["cone"]
    assert list(cone.x) == [1 - 0.5] and list(cone.y) == [-3]  # left of planet 3.1
    assert list(cone.text) == ["5 | 1"]  # offense 3 + ally 2; the defense's ally 1


def test_no_cone_before_it_is_aimed_and_the_height_grows_with_the_players() -> None:
    s = new_game(GameConfig(POWERS))
    assert "cone" not in traces(s)
    assert list(traces(s)["warp"].x) == []
    three = systems_figure(new_game(GameConfig(POWERS[:3]))).layout.height
    assert systems_figure(s).layout.height > three


def test_discs_on_one_planet_never_share_a_place() -> None:
    for count in range(1, 7):
        places = offsets(count)
        assert len(set(places)) == count
        assert all(abs(dy) <= 0.3 for _, dy in places)  # within the planet's row


def test_no_cone_once_the_game_is_over() -> None:
    over = replace(board(), step=Step.OVER)
    assert "cone" not in traces(over)
    assert 4 not in list(traces(over)["planets"].marker.line.width)  # no planet outlined
