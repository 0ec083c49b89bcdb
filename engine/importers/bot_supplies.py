"""The supplies of an AsyncEclipse save: sector stacks, the tech bag and tray, the discovery and
reputation bags.

Every era is read. The sector stacks are ``tile_deck_100/200/300`` (with ``tile_discard`` and
``tile_discard_deck_300``), or in the earliest saves one ``tile_deck`` whose ring markers
(``"100"``...) stand for nothing. The tech tray ``available_techs`` is a list of codes, a list of
objects with the tech's ``name`` (and its cost, track, ...), or an object keyed by code.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.discoveries import discovery_tiles
from engine.discoveries import initial_bag as initial_discovery_bag
from engine.importers.bot_tables import tech_by_name
from engine.importers.problems import ROOT, Severity
from engine.importers.reading import Reader, as_number, kind, quote
from engine.sectors import SectorKind, sector_tile, sector_tiles
from engine.state import GameConfig, SectorState, Stack
from engine.tables import tables
from engine.tech_supply import tech_index, tech_order

RING_DECKS = ("tile_deck_100", "tile_deck_200", "tile_deck_300")


def read_stacks(
    r: Reader, data: Mapping[str, Any], placed: set[int], setup_done: bool
) -> tuple[Stack, Stack, Stack]:
    """The three sector stacks: the listed hexes are the pool, the discards apart."""
    pools: list[list[int]] = [[], [], []]
    discards: list[list[int]] = [[], [], []]
    if "tile_deck" in data and not any(k in data for k in RING_DECKS):
        # The earliest saves keep one deck for every ring.
        items = r.listing(data, "tile_deck", ROOT, required=True)
        for i, tile in stack_tiles(r, items, "tile_deck", None, placed):
            pool = pools[sector_tile(tile).ring - 1]
            _add_once(r, pool, tile, "tile_deck", i)
    else:
        for ring, key in enumerate(RING_DECKS, start=1):
            if key not in data:
                r.problem(
                    key,
                    "missing",
                    "read as empty",
                    Severity.LOSS if setup_done else Severity.NOTE,
                    group=(ROOT, "sector stacks missing"),
                    item=key,
                )
                continue
            items = r.listing(data, key, ROOT, required=True)
            for i, tile in stack_tiles(r, items, key, ring, placed):
                _add_once(r, pools[ring - 1], tile, key, i)
    for key in ("tile_discard", "tile_discard_deck_300"):
        items = r.listing(data, key, ROOT, required=False)
        for i, tile in stack_tiles(r, items, key, None, placed):
            ring = sector_tile(tile).ring
            if tile in pools[ring - 1] or tile in discards[ring - 1]:
                _twice(r, key, tile, i)
            else:
                discards[ring - 1].append(tile)
    stacks = [
        Stack(tuple(sorted(p)), len(p), tuple(sorted(d)))
        for p, d in zip(pools, discards, strict=True)
    ]
    return (stacks[0], stacks[1], stacks[2])


def _add_once(r: Reader, pool: list[int], tile: int, key: str, i: int) -> None:
    if tile in pool:
        _twice(r, key, tile, i)
    else:
        pool.append(tile)


def _twice(r: Reader, key: str, tile: int, i: int) -> None:
    r.problem(
        f"{key}[{i}]",
        f"sector {tile} is listed twice",
        "kept once",
        Severity.NOTE,
        group=(key, "sectors listed twice"),
        item=f"[{i}] {tile}",
    )


def stack_tiles(
    r: Reader, items: Sequence[Any], key: str, ring: int | None, placed: set[int]
) -> Iterator[tuple[int, int]]:
    """``(index, sector)`` for each sector of a stack list that may be there."""
    known = {t.id: t for t in sector_tiles()}
    for i, value in enumerate(items):
        where = f"{key}[{i}]"
        if isinstance(value, str) and value in r.t.placeholder_tiles:
            r.problem(
                where,
                f"placeholder {value!r} (a ring marker of the bot's earliest deck)",
                "left out",
                Severity.NOTE,
                group=(key, "placeholder codes (ring markers of the bot's earliest deck)"),
                item=f"[{i}] {value!r}",
            )
            continue
        tile_id = as_number(value) if isinstance(value, str | int) else None
        if tile_id is not None and tile_id in r.t.special_sectors:
            r.problem(
                where,
                f"sector {tile_id} is {r.t.special_sectors[tile_id]}, not modelled yet",
                "left out of the stack",
                group=(key, "New Dangers sectors, not modelled yet"),
                item=f"[{i}] {tile_id}",
            )
            continue
        if tile_id is None or tile_id not in known:
            r.problem(
                where,
                f"unknown sector {quote(value)}",
                "left out",
                group=(key, "unknown sectors"),
                item=f"[{i}] {quote(value)}",
            )
            continue
        tile = known[tile_id]
        if tile.kind is not SectorKind.STANDARD or (ring is not None and tile.ring != ring):
            r.problem(where, f"sector {tile_id} does not belong in this stack", "left out")
            continue
        if tile_id in placed:
            r.problem(
                where,
                f"sector {tile_id} is also on the board",
                "left out",
                Severity.NOTE,
                group=(key, "sectors also on the board"),
                item=f"[{i}] {tile_id}",
            )
            continue
        yield i, tile_id


def tech_bag(r: Reader, data: Mapping[str, Any], default: tuple[int, ...]) -> tuple[int, ...]:
    """Tiles per tech (``tech_order``) in ``tech_deck``; the full bag when it is missing."""
    if "tech_deck" not in data:
        r.problem("tech_deck", "missing", "used the full bag")
        return default
    counts = [0] * len(tech_order())
    items = r.listing(data, "tech_deck", ROOT, required=True)
    for _, tech_id in r.codes_in(items, "tech_deck", r.t.techs, "tech"):
        counts[tech_index(tech_id)] += 1
    return tuple(counts)


def tech_tray(r: Reader, data: Mapping[str, Any], setup_done: bool) -> tuple[int, ...]:
    """Tiles per tech (``tech_order``) in the tray, from any of the bot's forms."""
    counts = [0] * len(tech_order())
    key = "available_techs"
    if key not in data:
        r.problem(
            key, "missing", "the tray is empty", Severity.LOSS if setup_done else Severity.NOTE
        )
        return tuple(counts)
    value = data[key]
    if isinstance(value, dict):
        entries: list[tuple[str, object, object]] = [(f"{key}.{k}", k, v) for k, v in value.items()]
    elif isinstance(value, list):
        entries = [(f"{key}[{i}]", None, v) for i, v in enumerate(value)]
    else:
        r.problem(key, f"expected a list or an object, got {kind(value)}", "the tray is empty")
        return tuple(counts)
    for where, code, item in entries:
        found = _tray_tech(r, code, item)
        if found is None:
            shown = quote(code if code is not None else item)
            r.problem(
                where,
                f"no tech in {shown}",
                "left out of the tray",
                group=(key, "tray entries that name no tech"),
                item=f"{where.removeprefix(key)} {shown}",
            )
            continue
        counts[tech_index(found)] += 1
    return tuple(counts)


def _tray_tech(r: Reader, code: object, item: object) -> str | None:
    """The tech of a tray entry: a code (the key or the item itself), else the item's name."""
    for candidate in (code, item):
        if isinstance(candidate, str) and candidate in r.t.techs:
            return r.t.techs[candidate]
    if isinstance(item, dict):
        name = item.get("name")
        if isinstance(name, str):
            return tech_by_name(name)
    return None


def discovery_bag(
    r: Reader, data: Mapping[str, Any], config: GameConfig, sectors: Sequence[SectorState]
) -> tuple[tuple[int, ...], int]:
    """Tiles per discovery type left in the bag (the game's modules), and the number used up."""
    tiles = discovery_tiles()
    full = initial_discovery_bag(config.discovery_modules)
    facedown = sum(1 for s in sectors if s.discovery)
    if "discTiles" not in data:
        r.problem(
            "discTiles",
            "missing (saves before the bot kept its discovery bag)",
            "used the full bag",
            Severity.NOTE,
        )
        return full, 0
    counts = [0] * len(tiles)
    ids = [t.id for t in tiles]
    items = r.listing(data, "discTiles", ROOT, required=True)
    for i, tile_id in r.codes_in(items, "discTiles", r.t.discoveries, "discovery tile"):
        if tile_id not in ids or not full[ids.index(tile_id)]:
            r.problem(f"discTiles[{i}]", f"{tile_id!r} is not in this game's bag", "left out")
            continue
        counts[ids.index(tile_id)] += 1
    out = max(0, sum(full) - sum(counts) - facedown)
    return tuple(counts), out


def reputation_bag(r: Reader, data: Mapping[str, Any]) -> tuple[int, int, int, int]:
    """Tiles of value 1-4 in the reputation bag; the full bag when it is missing."""
    if "reputation_tiles" not in data:
        r.problem("reputation_tiles", "missing", "used the full bag", Severity.NOTE)
        return tables().reputation_tiles
    counts = [0, 0, 0, 0]
    for i, value in enumerate(r.listing(data, "reputation_tiles", ROOT, required=True)):
        if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 4:
            counts[value - 1] += 1
        else:
            r.problem(
                f"reputation_tiles[{i}]",
                f"expected a value 1-4, got {quote(value)}",
                "left out",
                group=("reputation_tiles", "values that are not 1-4"),
                item=f"[{i}] {quote(value)}",
            )
    return (counts[0], counts[1], counts[2], counts[3])
