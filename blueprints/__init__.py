"""Rules data and the ship model: parts, species, NPC tiles, techs and blueprints.

The data lives in ``blueprints/data/*.toml`` and is loaded once (``blueprints.catalogue``).
``Blueprint`` is a species' ship design with derived ``ShipStats``, rule validation and the
Upgrade action; ``ShipStats`` is what the battle solvers read.
"""

from blueprints.blueprint import OUTSIDE, Blueprint, default_blueprints
from blueprints.catalogue import (
    all_species,
    npc_tile,
    npc_tiles,
    part,
    parts,
    reputation_tiles,
    ship_class_info,
    species,
    tech,
    techs,
)
from blueprints.dice import Dice
from blueprints.enums import (
    Confidence,
    DieColour,
    NpcVariant,
    Origin,
    PartKind,
    ShipClass,
    TechCategory,
)
from blueprints.errors import BlueprintError
from blueprints.npc import NpcTile
from blueprints.reputation import ReputationTiles
from blueprints.ship_part import Part
from blueprints.species_board import DRACO, PLANTA, Species, ancients_fight
from blueprints.stats import ShipStats
from blueprints.tech_tile import Tech

__all__ = [
    "DRACO",
    "OUTSIDE",
    "PLANTA",
    "Blueprint",
    "BlueprintError",
    "Confidence",
    "Dice",
    "DieColour",
    "NpcTile",
    "NpcVariant",
    "Origin",
    "Part",
    "PartKind",
    "ReputationTiles",
    "ShipClass",
    "ShipStats",
    "Species",
    "Tech",
    "TechCategory",
    "all_species",
    "ancients_fight",
    "default_blueprints",
    "npc_tile",
    "npc_tiles",
    "part",
    "parts",
    "reputation_tiles",
    "ship_class_info",
    "species",
    "tech",
    "techs",
]
