"""Final scoring from a worked example, species bonuses and the tie-break."""

from __future__ import annotations

from dataclasses import replace

from engine.hexes import Hex
from engine.scoring import Score, final_scores, score, winners
from tests.engine.builders import edit, sector, started, with_sector


def test_worked_example() -> None:
    # Planta (seat 0) at the end of a game:
    #   reputation tiles 3 and 2 ......................................... 5
    #   one ambassador (from seat 1) ...................................... 1
    #   sectors: home 61 Cygni (3 VP), Pollux 102 (2 VP), Mu Herculis 205 (1 VP) 6
    #   a monolith on Pollux ............................................. 3
    #   one discovery tile kept VP side up ............................... 2
    #   the traitor tile ................................................ -2
    #   techs: 5 military (2), 4 grid (1), 7 nano (5) .................... 8
    #   Planta: +1 per controlled sector (3) ............................. 3
    #   a tech warp portal on Mu Herculis ................................ 1
    #                                                              total 27
    s = started("planta", "terran_directorate", "hydran_progress", "mechanema")
    s = with_sector(s, sector(Hex(1, 1), 102, owner=0, monolith=True))
    s = with_sector(s, sector(Hex(-1, 2), 205, owner=0, portal="tech"))
    s = with_sector(s, sector(Hex(1, -1), 101, owner=1))  # someone else's: not counted
    s = edit(
        s,
        0,
        reputation=(2, 3),
        ambassadors=(1,),
        discovery_vp=("money_8",),
        techs=(("m",) * 5, ("g",) * 4, ("n",) * 7),
    )
    s = edit(s, 1, ambassadors=(0,))
    s = replace(s, traitor=0)
    expected = Score(
        reputation=5,
        ambassadors=1,
        sectors=6,
        monoliths=3,
        discoveries=2,
        traitor=-2,
        techs=8,
        species=3,
        portals=1,
    )
    assert score(s, 0) == expected and expected.total == 27


def test_draco_score_the_ancients_left_on_the_board() -> None:
    s = started("descendants_of_draco", "planta")
    s = with_sector(s, sector(Hex(0, -1), 104))  # two ancients
    s = with_sector(s, sector(Hex(1, -1), 101))  # one ancient
    assert score(s, 0).species == 3
    assert score(s, 1).species == 1  # Planta: its home


def test_discovery_tiles_scored_at_the_end() -> None:
    s = started("terran_directorate", "planta")
    s = with_sector(s, sector(Hex(0, -1), 107, owner=0))  # one artifact (+1 at home)
    s = edit(s, 0, end_tiles=("artifact_codex", "ancient_might"), reputation=(4, 3))
    assert score(s, 0).discovery_bonus == 2 + 7 // 3


def test_tie_break_on_storage_then_shared() -> None:
    s = started("terran_directorate", "planta")
    s = edit(s, 0, reputation=(), money=5, science=0, materials=0)
    s = edit(s, 1, money=0, science=2, materials=2)  # Planta home 3 + 1 bonus = 4 VP
    s = edit(s, 0, reputation=(1,))  # Terran home 3 + 1 = 4 VP
    assert final_scores(s) == (4, 4)
    assert winners(s) == (0,)
    s = edit(s, 1, science=3)
    assert winners(s) == (0, 1)


def test_eliminated_players_keep_their_score_at_elimination() -> None:
    s = started("terran_directorate", "planta")
    s = edit(s, 0, eliminated=True, final_score=7)
    assert final_scores(s)[0] == 7


def test_each_tech_track_scores_by_how_many_techs_it_holds() -> None:
    """Rulebook scoring: a track of 4 / 5 / 6 / 7 techs scores 1 / 2 / 3 / 5 VP, fewer nothing;
    each of the three tracks counts on its own."""
    s = started("planta", "terran_directorate")
    expected = {0: 0, 1: 0, 2: 0, 3: 0, 4: 1, 5: 2, 6: 3, 7: 5}
    for count, points in expected.items():
        for track in range(3):
            techs: list[tuple[str, ...]] = [(), (), ()]
            techs[track] = ("t",) * count
            assert score(edit(s, 0, techs=tuple(techs)), 0).techs == points, (count, track)
    assert score(edit(s, 0, techs=(("t",) * 6, ("t",) * 6, ("t",) * 4)), 0).techs == 7
