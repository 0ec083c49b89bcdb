"""Galaxy rules: wormhole connections, warp portals, pinning and the zones a player may explore.

The wormhole connection rule: two adjacent sectors are connected when both edges they share
show a wormhole half. A player with the Wormhole Generator may also explore, move and influence
across an edge with a half on one side only (never for diplomacy). Every sector with a warp
portal (printed on sectors 281, 381, 382, or placed by the Warp Portal tech or discovery tile)
is connected to every other one for moving and influencing (not for exploring).

Pinning (recalculated for every move activation): each opponent ship in a sector, NPCs
included, pins one of the player's ships there, of the player's choosing; the GCDS pins every
ship in its sector. With the Cloaking Device two opponent ships are needed per pinned ship (the
GCDS still pins everything). Decision: Ancients never pin the Descendants of Draco, who do not
fight them (species text: Draco may share sectors with Ancients).

Which hex lies across an edge is the galaxy's layout (``engine.layouts``): the plain grid, or a
galaxy with joined edges; ``board_edges`` gives them, and every rule here goes through it.

New Dangers: each part of a Nebula hex is a sector (text 001), so a location is a hex or a part
(``Hex(q, r, part)``). A part leads out across its own two outer edges (``outer_edges``) and is
joined by wormholes to the other two parts (``sibling_parts``); across an edge into a Nebula hex
lies the part that owns the edge (``board_edges`` and ``sector_across`` give that part). A ship
that enters a Black Hole stops there (and leaves the board, ``engine.actions.black_hole``). An
exploded Supernova has no wormholes (its mask is 0), so only the Wormhole Generator crosses into
it, across a neighbour's half.
"""

from __future__ import annotations

from collections.abc import Iterator

from blueprints import ancients_fight
from engine.hexes import Hex, opposite, rotate_mask
from engine.layouts import layout
from engine.modules import Module
from engine.sectors import part_edge_mask
from engine.specials import is_black_hole
from engine.state import GameState, SectorState

WORMHOLE_GENERATOR = "wormhole_generator"
CLOAKING_DEVICE = "cloaking_device"


def has_wormhole_generator(state: GameState, seat: int) -> bool:
    """True when the player has researched the Wormhole Generator."""
    return state.players[seat].has_tech(WORMHOLE_GENERATOR)


def board_edges(state: GameState, where: Hex) -> Iterator[tuple[int, Hex, int]]:
    """``(edge, location across it, its edge back)`` for each edge of the location ``where``
    that meets a hex of the galaxy (on the plain grid: the six neighbours and the opposite
    edges). A Nebula part meets others only across its two outer edges, and across an edge into
    a Nebula lies the part that owns the edge back."""
    edges = layout(state.config.galaxy).edges
    if Module.NEBULA not in state.config.modules:
        return edges(where)  # no Nebula can be on the board: the plain answer, fast
    return _nebula_edges(state, where)


def _nebula_edges(state: GameState, where: Hex) -> Iterator[tuple[int, Hex, int]]:
    allowed = _ALL if not where.part else _outer_mask(state.sector(where))
    for direction, other, back in layout(state.config.galaxy).edges(where.board):
        if allowed >> direction & 1:
            yield direction, _location(state, other, back), back


_ALL = 0b111111


def _outer_mask(sector: SectorState | None) -> int:
    if sector is None or not sector.hex.part:
        return _ALL
    return rotate_mask(part_edge_mask(sector.hex.part), sector.rotation)


def _location(state: GameState, where: Hex, edge: int) -> Hex:
    """The location of the board hex ``where`` seen across its ``edge``: the hex, or the part
    of the Nebula there that owns the edge."""
    if where in state.index:
        return where
    first = state.sector(Hex(where.q, where.r, 1))
    if first is None:
        return where  # an unexplored zone
    for part in (1, 2, 3):
        if rotate_mask(part_edge_mask(part), first.rotation) >> edge & 1:
            return Hex(where.q, where.r, part)
    return where  # pragma: no cover - the three parts own all six edges


def outer_edges(sector: SectorState) -> tuple[int, ...]:
    """The board edges through which a location leads to other hexes: all six of a hex, the two
    outer edges of a Nebula part."""
    mask = _outer_mask(sector)
    return tuple(e for e in range(6) if mask >> e & 1)


def sector_across(state: GameState, where: Hex, direction: int) -> SectorState | None:
    """The sector across edge ``direction`` of the board hex of ``where`` (a part of a Nebula
    there: the one that owns the edge); ``None`` if the edge meets an unexplored zone or
    nothing."""
    found = layout(state.config.galaxy).across(where.board, direction)
    if found is None:
        return None
    return state.sector(_location(state, found[0], found[1]))


def sibling_parts(state: GameState, where: Hex) -> Iterator[SectorState]:
    """The other parts of the Nebula a part belongs to (none for a hex)."""
    if not where.part:
        return
    for part in (1, 2, 3):
        if part != where.part:
            found = state.sector(Hex(where.q, where.r, part))
            if found is not None:
                yield found


def edge_link(a: SectorState, direction: int, b: SectorState, back: int | None = None) -> int:
    """Wormhole halves on the edge between ``a`` and ``b`` across ``direction`` of ``a``.

    ``back`` is the edge of ``b`` that meets it (default: the opposite edge, as on the plain
    grid; a joined edge gives its own, ``board_edges``). Returns 2 for a full wormhole
    connection, 1 for a half on one side only, 0 for none.
    """
    far = opposite(direction) if back is None else back
    return ((a.wormholes >> direction) & 1) + ((b.wormholes >> far) & 1)


def connected_sectors(
    state: GameState, where: Hex, generator: bool, portals: bool = True
) -> Iterator[SectorState]:
    """Sectors connected to the sector at ``where`` by wormhole (or warp portal), each once;
    a Nebula part's other parts are connected to it."""
    a = state.sector(where)
    if a is None:
        return
    seen: set[Hex] = set()
    for direction, other, back in board_edges(state, where):
        b = state.sector(other)
        if b is not None and edge_link(a, direction, b, back) >= (1 if generator else 2):
            seen.add(other)
            yield b
    for b in sibling_parts(state, where):
        seen.add(b.hex)
        yield b
    if portals and a.has_portal:
        for s in state.sectors:
            if s.hex != where and s.has_portal and s.hex not in seen:
                yield s


def fighting_npcs(state: GameState, sector: SectorState, seat: int) -> int:
    """The sector's NPC ships that oppose the player: the guardian and the GCDS always, the
    Ancients unless they ally with the player's species (``blueprints.ancients_fight``: the
    Descendants of Draco). The one test the engine's movement, influence, claims and bots use."""
    npcs = sector.guardian + sector.gcds
    if ancients_fight(state.players[seat].species):
        npcs += sector.ancients
    return npcs


def opponent_ships(state: GameState, sector: SectorState, seat: int) -> int:
    """Ships in the sector that pin the player's ships (other players' ships and NPCs)."""
    return sum(n for s, _, n in sector.ships if s != seat) + fighting_npcs(state, sector, seat)


def opposed(state: GameState, sector: SectorState, seat: int) -> bool:
    """Whether the player meets opponents in the sector: another player's ships, or NPCs that
    fight the player."""
    return opponent_ships(state, sector, seat) > 0


def pins(state: GameState, sector: SectorState, seat: int) -> int:
    """How many of the player's ships the sector's opponents can pin (a large number = all)."""
    if sector.gcds:
        return 1_000
    opponents = opponent_ships(state, sector, seat)
    if state.players[seat].has_tech(CLOAKING_DEVICE):
        return opponents // 2
    return opponents


def free_ships(state: GameState, sector: SectorState, seat: int, extra: int = 0) -> int:
    """Ships of the player that may leave the sector (``extra`` more of theirs are passing)."""
    own = sector.ships_of(seat) + extra
    return max(0, own - pins(state, sector, seat))


def can_explore_from(state: GameState, sector: SectorState, seat: int) -> bool:
    """True when the player controls the sector or has an unpinned ship there."""
    return sector.owner == seat or free_ships(state, sector, seat) > 0


def explorable_zones(state: GameState, seat: int) -> tuple[Hex, ...]:
    """Unexplored zones the player may explore, sorted.

    The zone must be next to a sector the player can explore from whose edge towards the zone
    shows a wormhole half; with the Wormhole Generator any edge will do, because the new hex may
    bring the half itself. Ring I and II zones are those at distance 1 and 2; every zone further
    out is an Outer (III) zone (decision: the outer ring is not bounded, as the stack size
    limits it).
    """
    generator = has_wormhole_generator(state, seat)
    zones: set[Hex] = set()
    for sector in state.sectors:
        if not can_explore_from(state, sector, seat):
            continue
        for direction, other, _ in board_edges(state, sector.hex):
            if other in state.index:
                continue
            if generator or (sector.wormholes >> direction) & 1:
                zones.add(other)
    return tuple(sorted(zones))


def zone_ring(zone: Hex) -> int:
    """The stack a zone draws from: 1, 2, or 3 for everything further out."""
    return min(zone.ring, 3)


def move_targets(
    state: GameState,
    seat: int,
    origin: Hex,
    movement: int,
    jump: bool,
) -> tuple[Hex, ...]:
    """Sectors a ship of the player at ``origin`` can reach in one move activation, sorted.

    The ship moves up to ``movement`` steps along connections and, with a Jump Drive, may once
    step to any adjacent placed sector regardless of wormholes (decision: the jump is an extra
    step that uses no movement; part data M). It can leave a sector only while it is not pinned
    there: the moving ship counts among the player's ships in every sector it passes. A ship
    that reaches a Black Hole goes no further (it ends its activation there, text 001).
    """
    start = state.sector(origin)
    if start is None or free_ships(state, start, seat) == 0:
        return ()
    generator = has_wormhole_generator(state, seat)
    best: dict[tuple[Hex, bool], int] = {(origin, False): 0}
    frontier: list[tuple[Hex, int, bool]] = [(origin, 0, False)]
    reached: set[Hex] = set()
    while frontier:
        where, used, jumped = frontier.pop()
        sector = state.sector(where)
        assert sector is not None
        if where != origin and free_ships(state, sector, seat, extra=1) == 0:
            continue  # pinned on arrival: the ship stops here
        if where != origin and is_black_hole(sector):
            continue  # the ship leaves the board here
        steps: list[tuple[Hex, int, bool]] = []
        if used < movement:
            for nxt in connected_sectors(state, where, generator):
                steps.append((nxt.hex, used + 1, jumped))
        if jump and not jumped:
            for _, other, _ in board_edges(state, where):
                if other in state.index:
                    steps.append((other, used, True))
            for part in sibling_parts(state, where):
                steps.append((part.hex, used, True))
        for nxt_hex, nxt_used, nxt_jumped in steps:
            key = (nxt_hex, nxt_jumped)
            if best.get(key, 1_000) <= nxt_used:
                continue
            best[key] = nxt_used
            if nxt_hex != origin:
                reached.add(nxt_hex)
            frontier.append((nxt_hex, nxt_used, nxt_jumped))
    return tuple(sorted(reached))


def is_contested(state: GameState, sector: SectorState) -> bool:
    """True when the sector holds a battle or an attack on population (engine part 2).

    That is: ships of two players; a player's ships with NPCs that fight them (Ancients do not
    fight the Descendants of Draco); or a player's ships in a sector controlled by another player.
    """
    owners = sector.owners()
    if not owners:
        return False
    seat = owners[0]  # a second owner's ships oppose the first: ``opposed`` counts them
    return opposed(state, sector, seat) or _held_by_another(sector, seat)


def _held_by_another(sector: SectorState, seat: int) -> bool:
    return sector.owner is not None and sector.owner != seat


def entering_creates_conflict(state: GameState, seat: int, target: SectorState) -> bool:
    """True when the player's ship arriving in ``target`` would make it contested (never a
    Black Hole: the ship does not stay)."""
    if is_black_hole(target):
        return False
    return opposed(state, target, seat) or _held_by_another(target, seat)
