"""Influence (placement conditions, one activation per sector, cubes back) and colony ships."""

from __future__ import annotations

from dataclasses import replace

from blueprints import ShipClass
from engine.actions.colony import ORBITAL_SQUARE, Colonize, legal_colonize, square_options
from engine.decisions import Activations, CubeReturn
from engine.enums import ActionKind, Resource, SquareType
from engine.hexes import Hex
from tests.engine.builders import answers, do, edit, sector, started, with_sector

HOME = Hex(0, -2)


def board():  # type: ignore[no-untyped-def]
    s = started("terran_directorate", "planta", "hydran_progress", "mechanema")
    s = with_sector(s, sector(Hex(0, -1), 102, rotation=0))  # connected to the home
    s = with_sector(s, sector(Hex(-1, -1), 201, rotation=1))  # no wormhole facing the home
    s = with_sector(s, sector(Hex(1, -3), 107, rotation=0, ships=[(0, "interceptor", 1)]))
    return with_sector(s, sector(Hex(0, -3), 105, rotation=0, ships=[(2, "interceptor", 1)]))


def test_influence_targets() -> None:
    s = do(board(), "action influence")
    options = answers(s)
    assert "influence - (0,-1)" in options  # connected to a controlled sector
    assert "influence - (-1,-1)" not in options  # no wormhole connection
    assert "influence - (1,-3)" in options  # only this player has a ship there
    assert "influence - (0,-3)" not in options  # an opponent ship is there
    assert "influence - (0,0)" not in options  # the GCDS
    assert "influence (0,-2) -" in options  # a disc back to the track


def test_one_activation_per_sector_and_the_disc_count() -> None:
    s = do(board(), "action influence", "influence - (0,-1)")
    assert s.sector(Hex(0, -1)).owner == 0  # type: ignore[union-attr]
    assert s.players[0].discs_track == 12 - 2
    assert not any("(0,-1)" in o for o in answers(s) if o.startswith("influence"))


def test_influence_flips_two_colony_ships_back() -> None:
    s = edit(board(), 0, colony_used=3)
    s = do(s, "action influence")
    assert s.players[0].colony_used == 1


def test_a_disc_leaving_a_sector_takes_the_cubes_home() -> None:
    s = board()
    # Mu Cassiopeiae (108): M*, S, N. Control it with cubes on S and the grey square.
    s = with_sector(s, sector(Hex(1, -1), 108, rotation=0, owner=0, cubes=[1, 2]))
    s = edit(s, 0, discs_track=11, tracks=(10, 9, 9))
    s = do(s, "action influence", "influence (1,-1) -")
    assert s.sector(Hex(1, -1)).owner is None  # type: ignore[union-attr]
    # The science cube went straight back; the grey square's cube waits for a choice.
    assert s.decision == CubeReturn(0, SquareType.GREY)
    assert answers(s) == {"return_cube money", "return_cube science", "return_cube materials"}
    s = do(s, "return_cube materials")
    assert s.players[0].tracks == (10, 10, 10)


def test_colony_ships_only_during_an_action_or_reaction() -> None:
    # The rules text: colony ships "at any time during your action or reaction". Not at the
    # start of a turn, before an action is chosen; a passed player only inside a reaction.
    s = with_sector(board(), sector(Hex(1, -1), 108, rotation=0, owner=0))
    assert not any(o.startswith("colonize") for o in answers(s))
    assert any(o.startswith("colonize") for o in answers(do(s, "action research")))
    passed = edit(s, 0, passed=True)
    assert not any(o.startswith("colonize") for o in answers(passed))
    assert any(o.startswith("colonize") for o in answers(do(passed, "reaction build")))


def test_colony_ships_fill_squares_by_colour_and_tech() -> None:
    s = board()
    s = with_sector(s, sector(Hex(1, -1), 108, rotation=0, owner=0))  # M*, S, N
    s = do(s, "action research")
    options = {o for o in answers(s) if o.startswith("colonize (1,-1)")}
    assert options == {
        "colonize (1,-1) 1 science",
        "colonize (1,-1) 2 money",
        "colonize (1,-1) 2 science",
        "colonize (1,-1) 2 materials",
    }
    s2 = edit(s, 0, techs=(("starbase",), ("advanced_economy",), ()))
    assert "colonize (1,-1) 0 money" in answers(s2)
    s3 = do(s2, "colonize (1,-1) 0 money")
    assert s3.players[0].tracks[0] == 9 and s3.players[0].colony_used == 1
    assert s3.sector(Hex(1, -1)).cubes == (True, False, False)  # type: ignore[union-attr]
    none_left = edit(s, 0, colony_used=3)
    assert not any(o.startswith("colonize") for o in answers(none_left))


def test_orbitals_take_money_or_science() -> None:
    s = board()
    s = with_sector(s, sector(Hex(1, -1), 102, rotation=0, owner=0, orbital=True, cubes=[0, 1]))
    s = do(s, "action research")
    options = {o for o in answers(s) if o.startswith("colonize (1,-1)")}
    assert options == {"colonize (1,-1) -1 money", "colonize (1,-1) -1 science"}


def test_colony_ships_in_upkeep_skip_sectors_with_opponent_ships() -> None:
    """Colony ships during upkeep (after combat): not into a sector where an opponent's ships
    are (they would have attacked its population), as the module doc decides; the player's own
    ships there do not matter."""
    s = board()
    s = with_sector(s, sector(Hex(1, -1), 108, rotation=0, owner=0, ships=[(0, "cruiser", 1)]))
    assert any(
        isinstance(a, Colonize) and a.where == Hex(1, -1) for a in legal_colonize(s, 0, upkeep=True)
    )
    s = with_sector(
        s,
        sector(
            Hex(1, -1), 108, rotation=0, owner=0, ships=[(0, "cruiser", 1), (1, "interceptor", 1)]
        ),
    )
    assert not any(
        isinstance(a, Colonize) and a.where == Hex(1, -1) for a in legal_colonize(s, 0, upkeep=True)
    )


def test_colony_ship_squares_tracks_and_metasynthesis() -> None:
    """A filled square is passed over (the next one is still offered); a track with one cube
    left can still send it, an empty track cannot; Metasynthesis opens every advanced square;
    a cube on an orbital marks the orbital's square filled."""
    s = board()
    s = with_sector(s, sector(Hex(1, -1), 108, rotation=0, owner=0, cubes=[1]))  # M*, S, N
    player = s.players[0]
    here = s.sector(Hex(1, -1))
    assert here is not None
    options = square_options(player, here)
    assert (2, Resource.MONEY) in options and (1, Resource.SCIENCE) not in options
    assert (0, Resource.MONEY) not in options  # advanced: needs Advanced Economy
    meta = replace(player, techs=(("metasynthesis",), (), ()))
    assert (0, Resource.MONEY) in square_options(meta, here)
    one_left = replace(player, tracks=(1, 0, player.tracks[2]))
    got = square_options(one_left, here)
    assert (2, Resource.MONEY) in got and (2, Resource.SCIENCE) not in got
    orbital = replace(here, orbital=True)
    assert (ORBITAL_SQUARE, Resource.SCIENCE) in square_options(player, orbital)


def test_the_last_colony_ship_and_a_cube_on_an_orbital() -> None:
    """One face-up colony ship is enough; a cube sent to an orbital fills the orbital's square
    and leaves its track."""
    s = with_sector(board(), sector(Hex(1, -1), 108, rotation=0, owner=0, orbital=True))
    s = edit(s, 0, colony_used=s.players[0].colony_ships - 1)
    s = do(s, "action research")
    assert f"colonize (1,-1) {ORBITAL_SQUARE} money" in answers(s)
    money = s.players[0].tracks[0]
    s = do(s, f"colonize (1,-1) {ORBITAL_SQUARE} money")
    here = s.sector(Hex(1, -1))
    assert here is not None and here.orbital_cube and here.population() == 1
    assert s.players[0].tracks[0] == money - 1 and s.players[0].colony_ready == 0
    assert not any(o.startswith("colonize") for o in answers(s))


def influence_options(state) -> set[str]:  # type: ignore[no-untyped-def]
    return {a for a in answers(state) if a.startswith("influence")}


def test_each_influence_activation_is_one_disc_and_the_track_gets_its_discs_back() -> None:
    s = with_sector(board(), sector(Hex(0, -1), 102, rotation=0, owner=0))  # no cubes on it
    s = do(s, "action influence")  # Terrans: 2 activations, one disc to the action space
    assert s.players[0].discs_track == 11
    options = influence_options(s)
    assert "influence - (0,-2)" not in options  # never a sector already held
    assert "influence (0,-2) (0,-2)" not in options  # nor back onto its own source
    assert "influence (0,-2) (1,-3)" in options  # a disc moved between sectors
    s = do(s, "influence (0,-1) -")
    here = s.sector(Hex(0, -1))
    assert here is not None and here.owner is None and s.players[0].discs_track == 12
    assert s.pending == (Activations(0, ActionKind.INFLUENCE, 1, used=(Hex(0, -1),)),)
    options = influence_options(s)
    assert "influence - (1,-3)" in options  # the second activation
    assert "influence - (0,-1)" not in options  # connected to the home, but used by this action
    s = do(s, "influence - (1,-3)")
    assert s.players[0].discs_track == 11
    assert isinstance(s.decision, Activations) and s.decision.left == 0
    assert not influence_options(s)


def test_no_disc_from_an_empty_track_but_one_may_still_move_between_sectors() -> None:
    one = do(edit(board(), 0, discs_track=2), "action influence")
    assert one.players[0].discs_track == 1 and "influence - (0,-1)" in influence_options(one)
    none = do(edit(board(), 0, discs_track=1), "action influence")
    options = influence_options(none)
    assert none.players[0].discs_track == 0 and not any(
        o.startswith("influence - ") for o in options
    )
    assert "influence (0,-2) (0,-1)" in options


def test_a_controlled_sector_reaches_its_neighbours_but_not_for_its_own_disc() -> None:
    """A sector the player controls (no ships there) lets a disc reach a sector connected to
    it; the connection is judged after the disc has left its source (decision), so the disc on
    that sector cannot move on to the neighbour only it reaches."""
    s = with_sector(board(), sector(Hex(0, -1), 102, rotation=0, owner=0))
    options = influence_options(do(s, "action influence"))
    assert "influence - (-1,-1)" in options  # (0,-1)'s north-west wormhole meets (-1,-1)
    assert "influence (0,-2) (-1,-1)" in options  # the home's disc: (0,-1) still counts
    assert "influence (0,-1) (-1,-1)" not in options
    # A sector another player controls is never a target, connected or not.
    taken = with_sector(board(), sector(Hex(0, -1), 102, rotation=0, owner=1))
    assert "influence - (0,-1)" not in influence_options(do(taken, "action influence"))


def test_the_wormhole_generator_influences_across_a_half_wormhole() -> None:
    s = with_sector(board(), sector(Hex(0, -1), 102, rotation=2))  # the half is on its side
    assert "influence - (0,-1)" not in influence_options(do(s, "action influence"))
    s = edit(s, 0, techs=((), (), ("wormhole_generator",)))
    assert "influence - (0,-1)" in influence_options(do(s, "action influence"))


def test_guardians_and_the_gcds_keep_discs_out_even_with_the_players_ships_there() -> None:
    s = started("terran_directorate", "planta", "hydran_progress", "mechanema")
    s = with_sector(s, sector(Hex(0, -1), 271, rotation=0, ships=[(0, "interceptor", 1)]))
    s = with_sector(s, sector(Hex(0, -3), 102, rotation=0))  # north of the home, connected
    centre = s.sector(Hex(0, 0))
    assert centre is not None
    s = with_sector(s, replace(centre, ships=((0, ShipClass.INTERCEPTOR, 1),), arrivals=(0,)))
    options = influence_options(do(s, "action influence"))
    assert "influence - (0,-1)" not in options  # the guardian
    assert "influence - (0,0)" not in options  # the GCDS
    assert "influence - (0,-3)" in options


def test_the_cube_on_an_orbital_goes_back_with_the_disc() -> None:
    s = with_sector(board(), sector(Hex(1, -1), 108, rotation=0, owner=0, orbital=True))
    here = s.sector(Hex(1, -1))
    assert here is not None
    s = with_sector(s, replace(here, orbital_cube=True))
    s = edit(s, 0, tracks=(9, 10, 10))
    s = do(s, "action influence", "influence (1,-1) -")
    here = s.sector(Hex(1, -1))
    assert here is not None and here.orbital and not here.orbital_cube
    assert here.population() == 0
    # An orbital's cube goes to the money or science track, of the player's choice.
    assert s.decision == CubeReturn(0, None)
    assert answers(s) == {"return_cube money", "return_cube science"}
    s = do(s, "return_cube money")
    assert s.players[0].tracks == (10, 10, 10)
