"""The AsyncEclipse bot's codes and what they are in Fleetlab (``engine/data/asynceclipse.toml``).

``codes()`` loads the tables once and checks every id against the catalogues: part, tech and
discovery codes; species names (with the bot's own spellings); ship codes of players and NPCs;
the blueprint slot orders; population flags per square type; New Dangers sectors; spellings of
sector names; placeholder codes of the earliest saves. ``tech_by_name`` finds a tech from the
name the bot writes in its tray objects (``"Nano Robots"``, ``"Star Base"``).

>>> codes().species["Terran Directorarte"], tech_by_name("Star Base"), tech_by_name("nope")
('terran_directorate', 'starbase', None)
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from blueprints import NpcVariant, ShipClass, techs
from blueprints import part as find_part
from blueprints import species as find_species
from blueprints import tech as find_tech
from engine.discoveries import discovery_index
from engine.errors import DataError
from engine.sectors import sector_tile, sector_tiles


@dataclass(frozen=True, slots=True)
class BotTables:
    """The code tables (see the module docstring and the TOML file's comments)."""

    parts: Mapping[str, str]
    techs: Mapping[str, str]
    discoveries: Mapping[str, str]
    species: Mapping[str, str]
    player_ships: Mapping[str, str]
    npc_ships: Mapping[str, tuple[ShipClass, NpcVariant]]
    blueprints: Mapping[ShipClass, tuple[str, tuple[int, ...]]]
    population: Mapping[str, str]
    special_sectors: Mapping[int, str]
    sector_spellings: Mapping[str, int]
    placeholder_tiles: frozenset[str]


def _data() -> dict[str, Any]:
    text = resources.files("engine").joinpath("data", "asynceclipse.toml").read_text("utf-8")
    return tomllib.loads(text)


@cache
def codes() -> BotTables:
    """The code tables of ``engine/data/asynceclipse.toml``, checked against the catalogues."""
    raw = _data()
    for pid in raw["parts"].values():
        find_part(pid)
    for tid in raw["techs"].values():
        find_tech(tid)
    for did in raw["discoveries"].values():
        discovery_index(did)
    species = {**raw["species"], **raw["spellings"]["species"]}
    for sid in species.values():
        find_species(sid)
    known = {t.id for t in sector_tiles()}
    special = {int(k): str(v) for k, v in raw["special_sectors"].items()}
    # Once the sector catalogue has a special sector, it is read like any other.
    special = {k: v for k, v in special.items() if k not in known}
    spellings = {k: int(v) for k, v in raw["spellings"]["sectors"].items()}
    for name, tile in spellings.items():
        if name == sector_tile(tile).name:
            raise DataError(f"asynceclipse.toml: {name!r} is sector {tile}'s printed name")
    return BotTables(
        parts=dict(raw["parts"]),
        techs=dict(raw["techs"]),
        discoveries=dict(raw["discoveries"]),
        species=species,
        player_ships=dict(raw["player_ships"]),
        npc_ships={k: (ShipClass(v[0]), NpcVariant(v[1])) for k, v in raw["npc_ships"].items()},
        blueprints={
            ShipClass(k): (v["key"], tuple(v["order"])) for k, v in raw["blueprints"].items()
        },
        population=dict(raw["population"]),
        special_sectors=special,
        sector_spellings=spellings,
        placeholder_tiles=frozenset(raw["placeholders"]["tiles"]),
    )


def _folded(name: str) -> str:
    return re.sub(r"[^0-9a-z]", "", name.casefold())


@cache
def _tech_names() -> dict[str, str]:
    return {_folded(t.name): t.id for t in techs()}


def tech_by_name(name: str) -> str | None:
    """The tech id of a name as the bot writes it (case, spaces and hyphens aside), or ``None``."""
    return _tech_names().get(_folded(name))
