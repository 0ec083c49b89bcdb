"""Galaxy rules on small hand-built boards: connections, portals, pinning, zones, movement."""

from __future__ import annotations

from dataclasses import replace

from blueprints import ShipClass
from engine.galaxy import (
    connected_sectors,
    edge_link,
    explorable_zones,
    free_ships,
    is_contested,
    move_targets,
    pins,
    zone_ring,
)
from engine.hexes import Hex
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
