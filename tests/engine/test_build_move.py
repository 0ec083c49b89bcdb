"""Build (costs, techs, one orbital and monolith per sector, miniature limits) and Move."""

from __future__ import annotations

from dataclasses import replace

from blueprints import ShipClass
from engine.actions.build import can_build_ship, ships_on_board
from engine.actions.move import remove_ship
from engine.decisions import Activations
from engine.hexes import Hex
from engine.state import set_damage
from tests.engine.builders import answers, do, edit, sector, started, with_sector

HOME = Hex(0, -2)


def builder(species: str = "terran_directorate", **changes):  # type: ignore[no-untyped-def]
    s = started(species, "planta")
    return edit(s, 0, **changes) if changes else s


def test_build_costs_materials_and_needs_techs() -> None:
    s = do(builder(materials=20), "action build")
    options = answers(s)
    assert {"build interceptor (0,-2)", "build cruiser (0,-2)", "build starbase (0,-2)"} <= options
    assert "build orbital (0,-2)" not in options and "build monolith (0,-2)" not in options
    s = do(s, "build dreadnought (0,-2)")
    assert s.players[0].materials == 12
    assert s.sector(HOME).ships_of(0) == 2  # type: ignore[union-attr]


def test_mechanema_build_cheaper_and_three_times() -> None:
    s = do(builder("mechanema", materials=10), "action build")
    assert isinstance(s.decision, Activations) and s.decision.left == 3
    s = do(s, "build cruiser (0,-2)")
    assert s.players[0].materials == 6


def test_one_orbital_and_one_monolith_per_sector() -> None:
    techs = (("starbase",), (), ("orbital", "monolith"))
    s = do(builder(materials=40, techs=techs), "action build")
    assert {"build orbital (0,-2)", "build monolith (0,-2)"} <= answers(s)
    s = do(s, "build orbital (0,-2)", "build monolith (0,-2)")
    assert s.players[0].materials == 40 - 4 - 10
    s = do(s, "end", "pass", "pass")  # into upkeep of round 1
    assert s.sector(HOME).orbital and s.sector(HOME).monolith  # type: ignore[union-attr]


def test_miniature_limits() -> None:
    s = builder(materials=40)
    home = s.sector(HOME)
    assert home is not None
    s = with_sector(s, sector(HOME, 221, 3, owner=0, ships=[(0, "dreadnought", 2)]))
    s = do(s, "action build")
    assert "build dreadnought (0,-2)" not in answers(s)
    assert "build cruiser (0,-2)" in answers(s)


def test_nanorobots_add_a_build_activation_but_not_to_reactions() -> None:
    s = do(builder(techs=(("starbase",), (), ("nanorobots",))), "action build")
    assert s.decision.left == 3  # type: ignore[union-attr]


def test_move_along_wormholes_with_pinning_recalculated() -> None:
    # The refresher's example: a cruiser and an interceptor share a sector with one red
    # interceptor. The red ship pins one of them: the cruiser leaves, then the interceptor is
    # pinned and cannot.
    s = builder()
    s = with_sector(s, sector(Hex(0, -1), 102, rotation=0))
    s = with_sector(
        s,
        sector(
            Hex(0, -1),
            102,
            rotation=0,
            ships=[(0, "cruiser", 1), (0, "interceptor", 1), (1, "interceptor", 1)],
        ),
    )
    s = do(s, "action move")
    options = answers(s)
    assert "move cruiser (0,-1) (0,-2)" in options
    assert "move interceptor (0,-1) (0,-2)" in options
    assert "move interceptor (0,-2) (0,-1)" in options  # the home interceptor may go in
    s = do(s, "move cruiser (0,-1) (0,-2)")
    assert not any(o.startswith("move interceptor (0,-1)") for o in answers(s))
    s = do(s, "move interceptor (0,-2) (0,-1)")
    assert "move interceptor (0,-1) (0,-2)" in answers(s)  # one of two is free again


def test_move_range_is_the_blueprint_movement() -> None:
    s = with_sector(builder(), sector(Hex(0, -1), 102, rotation=0))
    s = do(s, "action move")
    assert "move interceptor (0,-2) (0,-1)" in answers(s)
    assert "move interceptor (0,-2) (0,0)" not in answers(s)  # two steps, movement 1
    fast = with_sector(builder(), sector(Hex(0, -1), 102, rotation=0))
    fast = edit(
        fast,
        0,
        blueprints=tuple(
            bp.upgrade(remove=(), place=(2, "fusion_drive"), techs=["fusion_drive"])
            if bp.ship_class.value == "interceptor"
            else bp
            for bp in fast.players[0].blueprints
        ),
        techs=(("starbase",), (), ("fusion_drive",)),
    )
    fast = do(fast, "action move")
    assert "move interceptor (0,-2) (0,0)" in answers(fast)


def test_a_sector_with_an_orbital_or_monolith_is_not_offered_a_second() -> None:
    """Rulebook: each sector may hold one orbital and one monolith."""
    techs = (("starbase",), (), ("orbital", "monolith"))
    s = builder(materials=40, techs=techs)
    home = s.sector(HOME)
    assert home is not None
    s = with_sector(s, replace(home, orbital=True))
    s = do(s, "action build")
    assert "build orbital (0,-2)" not in answers(s)
    assert "build monolith (0,-2)" in answers(s)
    s = do(s, "build monolith (0,-2)")
    assert "build monolith (0,-2)" not in answers(s)
    assert "build orbital (0,-2)" not in answers(s)


def test_builds_only_in_sectors_the_player_controls() -> None:
    """Rulebook Build: ships and structures go on sectors you control (an influence disc); ships
    of yours in a sector without your disc do not let you build there."""
    techs = (("starbase",), (), ("orbital", "monolith"))
    s = builder(materials=40, techs=techs)
    s = with_sector(s, sector(Hex(0, -1), 102, ships=[(0, "interceptor", 1)]))
    s = with_sector(s, sector(Hex(1, -2), 103, owner=1))
    s = do(s, "action build")
    built_at = {a.rsplit(" ", 1)[1] for a in answers(s) if a.startswith("build ")}
    assert built_at == {"(0,-2)"}


def test_each_class_has_its_own_miniature_limit_blueprint_and_tech() -> None:
    """Rulebook: 8 interceptors, 4 cruisers, 2 dreadnoughts, 4 starbases a player, each class
    counted on its own; the starbase needs its tech."""
    s = builder(materials=40)
    s = with_sector(s, sector(Hex(0, -1), 102, owner=0, ships=[(0, "interceptor", 7)]))  # + home
    assert ships_on_board(s, 0, ShipClass.INTERCEPTOR) == 8
    assert ships_on_board(s, 0, ShipClass.DREADNOUGHT) == 0
    assert not can_build_ship(s, 0, ShipClass.INTERCEPTOR)
    assert can_build_ship(s, 0, ShipClass.DREADNOUGHT)  # other classes are not limited by them
    assert can_build_ship(s, 0, ShipClass.STARBASE)
    no_starbase = edit(s, 0, techs=((), (), ()))
    assert not can_build_ship(no_starbase, 0, ShipClass.STARBASE)


def test_a_build_may_spend_every_material_and_takes_one_activation() -> None:
    """A ship costing exactly the materials left can be built; each build uses one of the
    action's activations; a ship built where the player had none records its arrival (the order
    of entry decides who defends)."""
    s = with_sector(builder(materials=3), sector(Hex(0, -1), 102, owner=0))
    s = do(s, "action build")
    assert isinstance(s.decision, Activations)
    left = s.decision.left
    assert "build interceptor (0,-1)" in answers(s)  # 3 of 3 materials
    assert not any(a.startswith("build cruiser") for a in answers(s))  # 5 > 3
    s = do(s, "build interceptor (0,-1)")
    assert s.players[0].materials == 0
    assert isinstance(s.decision, Activations) and s.decision.left == left - 1
    new = s.sector(Hex(0, -1))
    assert new is not None and new.arrivals == (0,) and new.ships_of(0) == 1
    home = s.sector(HOME)
    assert home is not None and home.arrivals.count(0) <= 1


def refit(state, cls: ShipClass, drive: str):  # type: ignore[no-untyped-def]
    """The player's blueprint of ``cls`` with its drive slot holding ``drive``."""
    return edit(
        state,
        0,
        blueprints=tuple(
            bp.upgrade(remove=(), place=(2, drive), techs=[drive]) if bp.ship_class is cls else bp
            for bp in state.players[0].blueprints
        ),
    )


def test_each_move_uses_one_activation_and_none_are_offered_when_all_are_used() -> None:
    s = with_sector(builder(), sector(Hex(0, -1), 102, rotation=0))
    s = do(s, "action move")
    assert isinstance(s.decision, Activations) and s.decision.left == 3
    s = do(s, "move interceptor (0,-2) (0,-1)")
    assert isinstance(s.decision, Activations) and s.decision.left == 2
    s = do(s, "move interceptor (0,-1) (0,-2)", "move interceptor (0,-2) (0,-1)")
    assert isinstance(s.decision, Activations) and s.decision.left == 0
    assert not any(a.startswith("move") for a in answers(s))
    # Ending after the moves leads to the same next decision as ending at once.
    quiet = do(with_sector(builder(), sector(Hex(0, -1), 102, rotation=0)), "action move", "end")
    assert do(s, "end").pending == quiet.pending


def test_each_class_moves_by_its_own_blueprint_and_a_jump_drive_alone_moves() -> None:
    """A Jump Drive ship without drives still jumps to an adjacent sector across a half
    wormhole; a starbase (no drive) does not move but does not stop the others; a cruiser does
    not share the longer range of a Fusion Drive interceptor in the same sector."""
    s = with_sector(builder(), sector(Hex(0, -1), 102, rotation=2))  # a half connection only
    jumper = refit(s, ShipClass.INTERCEPTOR, "jump_drive")
    assert jumper.players[0].blueprint(ShipClass.INTERCEPTOR).stats.movement == 0
    options = answers(do(jumper, "action move"))
    assert "move interceptor (0,-2) (0,-1)" in options
    assert "move cruiser (0,-2) (0,-1)" not in options
    fast = refit(
        with_sector(builder(), sector(Hex(0, -1), 102)), ShipClass.INTERCEPTOR, "fusion_drive"
    )
    home = fast.sector(HOME)
    assert home is not None
    fleet = ((0, ShipClass.INTERCEPTOR, 1), (0, ShipClass.STARBASE, 1), (0, ShipClass.CRUISER, 1))
    fast = with_sector(fast, replace(home, ships=fleet))
    options = answers(do(fast, "action move"))
    assert {"move interceptor (0,-2) (0,0)", "move cruiser (0,-2) (0,-1)"} <= options
    assert "move cruiser (0,-2) (0,0)" not in options
    assert not any(a.startswith("move starbase") for a in options)


def test_a_damaged_ship_takes_its_damage_along_and_the_others_keep_theirs() -> None:
    """Ships carry damage outside combat only after a Black Hole; each moves with its own."""
    s = with_sector(builder(), sector(Hex(0, -1), 102))
    home = s.sector(HOME)
    assert home is not None
    hurt = set_damage((), 0, ShipClass.CRUISER, (2, 1, 0))
    s = with_sector(s, replace(home, ships=((0, ShipClass.CRUISER, 3),), damage=hurt))
    s = do(s, "action move")
    assert {
        "move cruiser (0,-2) (0,-1)",
        "move_damaged cruiser (0,-2) (0,-1) 1",
        "move_damaged cruiser (0,-2) (0,-1) 2",
    } <= answers(s)
    s = do(s, "move_damaged cruiser (0,-2) (0,-1) 2")
    home, inner = s.sector(HOME), s.sector(Hex(0, -1))
    assert home is not None and inner is not None
    assert home.damage_of(0, ShipClass.CRUISER) == (1, 0)
    assert inner.damage_of(0, ShipClass.CRUISER) == (2,)
    s = do(s, "move cruiser (0,-2) (0,-1)")  # the undamaged one
    home, inner = s.sector(HOME), s.sector(Hex(0, -1))
    assert home is not None and inner is not None
    assert home.damage_of(0, ShipClass.CRUISER) == (1,)
    assert inner.damage_of(0, ShipClass.CRUISER) == (2, 0)
    # An undamaged ship among ships of one damage only is still offered.
    two = with_sector(builder(), sector(Hex(0, -1), 102))
    fleet = ((0, ShipClass.CRUISER, 2),)
    two = with_sector(
        two,
        replace(
            two.sector(HOME),  # type: ignore[arg-type]
            ships=fleet,
            damage=set_damage((), 0, ShipClass.CRUISER, (2, 0)),
        ),
    )
    options = answers(do(two, "action move"))
    assert {"move cruiser (0,-2) (0,-1)", "move_damaged cruiser (0,-2) (0,-1) 2"} <= options


def test_a_player_leaves_the_entry_order_with_their_last_ship_only() -> None:
    """The order of entry decides who defends: a player whose ships all left is out of it."""
    where = sector(
        Hex(0, -1),
        102,
        ships=[(1, "interceptor", 1), (0, "interceptor", 1), (0, "cruiser", 1)],
    )
    assert where.arrivals == (1, 0)
    one_left = remove_ship(where, 0, ShipClass.INTERCEPTOR)
    assert one_left.arrivals == (1, 0) and one_left.ships_of(0) == 1
    gone = remove_ship(one_left, 0, ShipClass.CRUISER)
    assert gone.arrivals == (1,) and gone.ships_of(0) == 0 and gone.ships_of(1) == 1
