"""Axial hexes: directions, rings, the AsyncEclipse position codes and tile rotation."""

from __future__ import annotations

import pytest

from engine.hexes import (
    CENTRE,
    Hex,
    direction_between,
    distance,
    edge_mask,
    opposite,
    parse_hex,
    ring_hex,
    ring_hexes,
    rotate_edges,
    rotate_mask,
)


def test_directions_are_clockwise_from_north() -> None:
    names = [CENTRE.neighbour(d) for d in range(6)]
    assert names == [Hex(0, -1), Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0)]
    for d in range(6):
        back = direction_between(CENTRE.neighbour(d), CENTRE)
        assert back == opposite(d)


@pytest.mark.parametrize("ring", [1, 2, 3, 4])
def test_rings_have_six_n_distinct_hexes_at_distance_n(ring: int) -> None:
    hexes = ring_hexes(ring)
    assert len(hexes) == len(set(hexes)) == 6 * ring
    assert all(distance(h, CENTRE) == ring for h in hexes)
    # consecutive positions are neighbours: the ring is walked without jumps
    for a, b in zip(hexes, hexes[1:] + hexes[:1], strict=True):
        assert distance(a, b) == 1


def test_asynceclipse_positions_and_orientations() -> None:
    # AsyncEclipse's 6-player save aeb41 has the six homes at positions 201, 203, ..., 211 with
    # orientations 180, 120, 60, 0, 300, 240 degrees. Its position RNN is ring_hex(R, NN - 1)
    # and orientation d is rotation (6 - d // 60) % 6: every home's arrow (edge 0) then faces
    # the centre, as the setup rule says.
    saved = {201: 180, 203: 120, 205: 60, 207: 0, 209: 300, 211: 240}
    for position, degrees in saved.items():
        where = ring_hex(2, position % 100 - 1)
        rotation = (6 - degrees // 60) % 6
        arrow = rotate_edges((0,), rotation)[0]
        towards = where.neighbour(arrow)
        assert distance(towards, CENTRE) == 1, position
        assert direction_between(where, CENTRE) is None  # two steps out, not adjacent
    # Its 4-player file lists for position 102 the positions across edges 0..4 as
    # 202, 203, 204, 103, 000 (edge 5 differs: that layout leaves out position 101).
    p102 = ring_hex(1, 1)
    expected = [ring_hex(2, 1), ring_hex(2, 2), ring_hex(2, 3), ring_hex(1, 2), CENTRE]
    assert [p102.neighbour(d) for d in range(5)] == expected


def test_rotation_turns_printed_edges_clockwise() -> None:
    assert rotate_edges((0, 1, 3, 4), 1) == (1, 2, 4, 5)
    assert rotate_edges((0,), 5) == (5,)
    assert rotate_mask(edge_mask((0, 1, 3, 4)), 2) == edge_mask((2, 3, 5, 0))
    for k in range(6):
        assert rotate_mask(rotate_mask(0b101101, k), 6 - k) == 0b101101


def test_parse_hex_and_errors() -> None:
    assert parse_hex(str(Hex(-3, 2))) == Hex(-3, 2)
    with pytest.raises(ValueError, match=r"not a hex '\(1;2\)'"):
        parse_hex("(1;2)")
    with pytest.raises(ValueError, match="whole numbers"):
        parse_hex("(a,2)")
    with pytest.raises(ValueError, match=r"positions 0\.\.11"):
        ring_hex(2, 12)
