"""Galaxy rules on small hand-built boards: connections, portals, pinning, zones, movement."""

from __future__ import annotations

from dataclasses import replace

from blueprints import ShipClass
from engine.galaxy import (
    connected_sectors,
    edge_link,
    entering_creates_conflict,
    explorable_zones,
    free_ships,
    is_contested,
    move_targets,
    pins,
    zone_ring,
)
from engine.hexes import Hex
from engine.modules import Module
from tests.engine.builders import edit, sector, started, with_sector

HOME = Hex(0, -2)  # terran_directorate, home 221 turned 3: wormholes S, SW, N, NE


def two_player():  # type: ignore[no-untyped-def]
    return started("terran_directorate", "planta")


def test_home_faces_the_centre_with_its_printed_wormholes() -> None:
    s = two_player()
    home = s.sector(HOME)
    assert home is not None and home.tile == 221 and home.rotation == 3
    assert [d for d in range(6) if home.wormholes >> d & 1] == [0, 1, 3, 4]


def test_full_half_and_no_wormhole_connection() -> None:
    s = two_player()
    # Pollux (102) prints wormholes 0, 2, 3, 5. At (0,-1) its edge 0 faces the home's S edge.
    full = with_sector(s, sector(Hex(0, -1), 102, rotation=0))
    half = with_sector(s, sector(Hex(0, -1), 102, rotation=2))
    home_full, home_half = full.sector(HOME), half.sector(HOME)
    assert home_full is not None and home_half is not None
    assert edge_link(home_full, 3, full.sector(Hex(0, -1))) == 2  # type: ignore[arg-type]
    assert edge_link(home_half, 3, half.sector(Hex(0, -1))) == 1  # type: ignore[arg-type]
    assert [x.hex for x in connected_sectors(full, HOME, generator=False)] == [Hex(0, -1)]
    assert list(connected_sectors(half, HOME, generator=False)) == []
    # The Wormhole Generator crosses the half connection, in both directions.
    assert [x.hex for x in connected_sectors(half, HOME, generator=True)] == [Hex(0, -1)]
    assert HOME in [x.hex for x in connected_sectors(half, Hex(0, -1), generator=True)]


def test_warp_portals_connect_all_portal_sectors() -> None:
    s = two_player()
    s = with_sector(s, sector(Hex(3, -3), 381))  # printed portal, far from the home
    s = with_sector(s, sector(Hex(0, -1), 102, rotation=0))
    assert Hex(3, -3) not in [x.hex for x in connected_sectors(s, Hex(0, -1), False)]
    home = s.sector(HOME)
    assert home is not None
    s = s.with_sector(replace(home, portal="tech"))
    linked = [x.hex for x in connected_sectors(s, HOME, False)]
    assert Hex(3, -3) in linked and Hex(0, -1) in linked
    assert HOME in [x.hex for x in connected_sectors(s, Hex(3, -3), False)]
    # ... but not for exploring: only wormhole edges open zones.
    assert Hex(3, -4) not in explorable_zones(s, 0)


def test_explorable_zones_need_a_wormhole_unless_generator() -> None:
    s = two_player()
    assert explorable_zones(s, 0) == (Hex(-1, -1), Hex(0, -3), Hex(0, -1), Hex(1, -3))
    assert [zone_ring(z) for z in explorable_zones(s, 0)] == [2, 3, 1, 3]
    generator = edit(s, 0, techs=((), (), ("wormhole_generator",)))
    assert len(explorable_zones(generator, 0)) == 6
    # A sector with only a pinned ship does not count; an unpinned one does.
    s2 = with_sector(s, sector(Hex(0, -1), 102, ships=[(0, "interceptor", 1)], ancients=1))
    assert Hex(1, -1) not in explorable_zones(s2, 0)
    s3 = with_sector(s, sector(Hex(0, -1), 102, ships=[(0, "interceptor", 2)], ancients=1))
    assert Hex(1, -1) in explorable_zones(s3, 0)


def test_pinning_counts_opponents_npcs_gcds_and_cloaking() -> None:
    s = started("terran_directorate", "planta", "hydran_progress", "descendants_of_draco")
    busy = sector(
        Hex(0, -1),
        102,
        ships=[(0, "interceptor", 3), (1, "cruiser", 1)],
        ancients=1,
    )
    s = with_sector(s, busy)
    here = s.sector(Hex(0, -1))
    assert here is not None
    assert pins(s, here, 0) == 2 and free_ships(s, here, 0) == 1
    assert pins(s, here, 1) == 4 and free_ships(s, here, 1) == 0
    cloaked = edit(s, 0, techs=((), (), ("cloaking_device",)))
    assert pins(cloaked, here, 0) == 1
    # Ancients never pin the Descendants of Draco.
    draco = replace(here, ships=((3, ShipClass.INTERCEPTOR, 1),), ancients=2, arrivals=(3,))
    assert pins(s, draco, 3) == 0 and not is_contested(s, draco)
    centre = s.sector(Hex(0, 0))
    assert centre is not None
    crowded = replace(centre, ships=((0, ShipClass.INTERCEPTOR, 8),), arrivals=(0,))
    assert free_ships(cloaked, crowded, 0) == 0  # the GCDS pins everything


def test_move_targets_follow_connections_and_stop_when_pinned() -> None:
    s = two_player()
    s = with_sector(s, sector(Hex(0, -1), 102, rotation=0))  # connects to home and centre
    assert move_targets(s, 0, HOME, movement=1, jump=False) == (Hex(0, -1),)
    assert move_targets(s, 0, HOME, movement=2, jump=False) == (Hex(0, -1), Hex(0, 0))
    # A ship entering a sector whose opponents pin it stops there.
    blocked = with_sector(s, sector(Hex(0, -1), 102, ships=[(1, "interceptor", 1)]))
    assert move_targets(blocked, 0, HOME, movement=3, jump=False) == (Hex(0, -1),)
    # A jump drive crosses any edge to an explored neighbour once per activation.
    walled = with_sector(s, sector(Hex(0, -1), 102, rotation=2))  # only a half connection
    assert move_targets(walled, 0, HOME, movement=1, jump=False) == ()
    assert move_targets(walled, 0, HOME, movement=0, jump=True) == (Hex(0, -1),)
    # Never into an unexplored zone, never from a sector where the ship is pinned.
    assert all(t in s.index for t in move_targets(s, 0, HOME, 5, True))


def test_contested_sectors() -> None:
    s = two_player()
    assert not any(is_contested(s, x) for x in s.sectors)
    intruder = with_sector(s, sector(Hex(0, -1), 102, owner=1, ships=[(0, "interceptor", 1)]))
    here = intruder.sector(Hex(0, -1))
    assert here is not None and is_contested(intruder, here)


def test_a_portal_connects_only_to_other_portal_sectors_and_each_sector_comes_once() -> None:
    s = two_player()
    s = with_sector(s, sector(Hex(0, -1), 102, rotation=0))  # wormholes to the home and centre
    home = s.sector(HOME)
    assert home is not None
    s = s.with_sector(replace(home, portal="tech"))
    # (0,-1) is joined by wormhole only; the printed portal at (3,-3) only by the portal; the
    # Planta home, the centre and every other sector without a portal are not connected.
    s = with_sector(s, sector(Hex(3, -3), 381))
    found = [x.hex for x in connected_sectors(s, HOME, False)]
    assert sorted(found) == [Hex(0, -1), Hex(3, -3)]
    # A portal sector that is also joined by wormhole is listed once.
    inner = s.sector(Hex(0, -1))
    assert inner is not None
    s = s.with_sector(replace(inner, portal="tech"))
    found = [x.hex for x in connected_sectors(s, HOME, False)]
    assert sorted(found) == [Hex(0, -1), Hex(3, -3)]
    # Without portals (retreats): the wormhole neighbour only.
    assert [x.hex for x in connected_sectors(s, HOME, False, portals=False)] == [Hex(0, -1)]


def test_a_guardian_pins_one_ship_and_cloaking_halves_rounding_down() -> None:
    s = two_player()
    guarded = sector(Hex(0, -1), 271, ships=[(0, "interceptor", 2)])
    s = with_sector(s, guarded)
    here = s.sector(Hex(0, -1))
    assert here is not None and here.guardian == 1
    assert pins(s, here, 0) == 1 and free_ships(s, here, 0) == 1
    # Cloaking Device: two opponents per pinned ship, so three opponents pin one ship.
    crowd = replace(
        here,
        guardian=0,
        ships=((0, ShipClass.INTERCEPTOR, 2), (1, ShipClass.INTERCEPTOR, 3)),
        arrivals=(0, 1),
    )
    cloaked = edit(s, 0, techs=((), (), ("cloaking_device",)))
    assert pins(cloaked, crowd, 0) == 1 and free_ships(cloaked, crowd, 0) == 1
    assert pins(s, crowd, 0) == 3 and free_ships(s, crowd, 0) == 0


def test_a_ship_pinned_where_it_starts_has_no_move() -> None:
    s = two_player()
    s = with_sector(
        s,
        sector(Hex(0, -1), 102, rotation=0, ships=[(0, "interceptor", 1), (1, "interceptor", 1)]),
    )
    assert move_targets(s, 0, Hex(0, -1), movement=2, jump=True) == ()


def test_a_ship_stopped_in_one_sector_does_not_stop_the_search_along_another_path() -> None:
    """Pinned on arrival south of the home, the ship still goes two steps north."""
    s = two_player()
    s = with_sector(s, sector(Hex(0, -1), 102, rotation=0, ships=[(1, "interceptor", 1)]))
    s = with_sector(s, sector(Hex(0, -3), 102, rotation=0))  # its S wormhole faces the home
    s = with_sector(s, sector(Hex(0, -4), 102, rotation=0))
    targets = move_targets(s, 0, HOME, movement=2, jump=False)
    assert targets == (Hex(0, -4), Hex(0, -3), Hex(0, -1))
    # The same with a Black Hole south of the home: the ship goes no further there only.
    hole = started("terran_directorate", "planta", modules=(Module.BLACK_HOLE,))
    hole = with_sector(hole, sector(Hex(0, -1), 396, rotation=1))  # its N edge faces the home
    hole = with_sector(hole, sector(Hex(0, -3), 102, rotation=0))
    hole = with_sector(hole, sector(Hex(0, -4), 102, rotation=0))
    targets = move_targets(hole, 0, HOME, movement=2, jump=False)
    assert targets == (Hex(0, -4), Hex(0, -3), Hex(0, -1))


def test_every_zone_beyond_ring_ii_draws_from_the_outer_stack() -> None:
    assert [zone_ring(Hex(0, -d)) for d in (1, 2, 3, 4, 5)] == [1, 2, 3, 3, 3]


def test_contested_by_two_players_npcs_or_another_players_control() -> None:
    s = started("terran_directorate", "planta", "hydran_progress", "descendants_of_draco")
    where = Hex(0, -1)

    def contested(**changes) -> bool:  # type: ignore[no-untyped-def]
        return is_contested(s, sector(where, 102, **changes))

    assert contested(ships=[(0, "interceptor", 1), (1, "interceptor", 1)])
    assert not contested(ships=[(0, "interceptor", 1), (0, "cruiser", 1)])
    assert contested(ships=[(0, "interceptor", 1)], guardian=1)
    assert contested(ships=[(0, "interceptor", 1)], gcds=1)
    assert contested(ships=[(0, "interceptor", 1)], ancients=1)
    assert not contested(ships=[(3, "interceptor", 1)], ancients=1)  # Draco and Ancients
    assert contested(ships=[(3, "interceptor", 1)], guardian=1)  # but not guardians
    assert contested(ships=[(0, "interceptor", 1)], owner=1)
    assert not contested(ships=[(0, "interceptor", 1)], owner=0)
    assert not contested(guardian=1, owner=None)  # no player's ships: no battle


def test_entering_creates_a_conflict_where_the_ship_would_be_contested() -> None:
    s = started("terran_directorate", "planta", "hydran_progress", "descendants_of_draco")
    where = Hex(0, -1)

    def conflict(seat: int, **changes) -> bool:  # type: ignore[no-untyped-def]
        return entering_creates_conflict(s, seat, sector(where, 102, **changes))

    assert not conflict(0)
    assert not conflict(0, ships=[(0, "cruiser", 1)], owner=0)
    assert conflict(0, ships=[(1, "interceptor", 1)])
    assert conflict(0, guardian=1)
    assert conflict(0, gcds=1)
    assert conflict(0, ancients=1)
    assert not conflict(3, ancients=1)  # Draco may share sectors with Ancients
    assert conflict(3, guardian=1)
    assert conflict(0, owner=1)
    hole = started("terran_directorate", "planta", modules=(Module.BLACK_HOLE,))
    assert not entering_creates_conflict(
        hole, 0, sector(where, 396, owner=1, ships=[(1, "interceptor", 1)])
    )  # the ship does not stay in a Black Hole
