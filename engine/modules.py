"""The New Dangers expansion's vocabulary: modules, special sectors and Minor Species tokens.

The expansion text (``001_...``, "Galactic Events" and the sections after it) adds six parts a
game may be set up with, each a ``Module`` chosen in ``GameConfig.modules``:

* four special sector types, two hexes each, shuffled into the ring stacks before the stacks are
  formed (``SpecialSector``; the hexes are in ``engine/data/sectors.toml``): Pulsar (393, 394),
  Black Hole (396 Cygnus X-1, 399 V616 Mon; only one per game), Supernova (397, 398) and
  Nebula (295 in ring II, 395 in ring III);
* the Minor Species: nine Ambassador tokens (``MinorSpecies``), four of them in the supply;
* the Rift Cannon (a rare tech) and the Rift Conductor (a discovery tile).

``MinorToken`` holds a token's credits, victory points and discount (``minor_token``; data in
``engine/data/minor_species.toml`` with its sources and confidence). Importers map a saved
game's names to these enums (their values are the snake_case words used in files).

>>> parse_modules("pulsar, nebula")
(<Module.PULSAR: 'pulsar'>, <Module.NEBULA: 'nebula'>)
>>> len(parse_modules("all")), minor_token(MinorSpecies.POPULATION_CUBE).credits
(6, 9)
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources

from blueprints import Confidence
from engine.errors import DataError, SetupError


class Module(StrEnum):
    """An optional part of the New Dangers expansion, chosen at setup."""

    PULSAR = "pulsar"
    BLACK_HOLE = "black_hole"
    SUPERNOVA = "supernova"
    NEBULA = "nebula"
    MINOR_SPECIES = "minor_species"
    RIFT_CANNON = "rift_cannon"


MODULES: tuple[Module, ...] = tuple(Module)
"""Every module, in the canonical order ``GameConfig.modules`` keeps."""


def canonical_modules(modules: Iterable[Module | str]) -> tuple[Module, ...]:
    """The modules as a sorted tuple without repeats (``ValueError`` for an unknown name)."""
    chosen = {Module(m) for m in modules}
    return tuple(m for m in MODULES if m in chosen)


def parse_modules(text: str) -> tuple[Module, ...]:
    """Modules from text: ``"all"``, ``"none"`` or names separated by commas.

    ``SetupError`` names an unknown module and lists the legal ones.
    """
    words = [w.strip().lower() for w in text.split(",") if w.strip()]
    if words == ["all"]:
        return MODULES
    if words in ([], ["none"]):
        return ()
    legal = ", ".join(m.value for m in MODULES)
    for w in words:
        if w not in {m.value for m in MODULES}:
            raise SetupError(f"unknown module {w[:40]!r}; modules are: {legal} (or all)")
    return canonical_modules(words)


class SpecialSector(StrEnum):
    """The four special sector types of the New Dangers text."""

    PULSAR = "pulsar"
    BLACK_HOLE = "black_hole"
    SUPERNOVA = "supernova"
    NEBULA = "nebula"

    @property
    def module(self) -> Module:
        """The module that adds these sectors to a game."""
        return Module(self.value)


class BlackHoleExit(StrEnum):
    """Where ships come back from a Black Hole: any ring I sector (Cygnus X-1, 396), or any
    sector with a wormhole facing an unexplored zone (V616 Mon, 399)."""

    INNER = "inner"
    FRONTIER = "frontier"


class MinorSpecies(StrEnum):
    """The nine Minor Species Ambassador tokens (their abilities, as the text lists them)."""

    REPUTATION_VP = "reputation_vp"
    AMBASSADOR_VP = "ambassador_vp"
    THREE_VP = "three_vp"
    POPULATION_CUBE = "population_cube"
    CRUISER_DISCOUNT = "cruiser_discount"
    MONOLITH_DISCOUNT = "monolith_discount"
    ORBITAL_DISCOUNT = "orbital_discount"
    DREADNOUGHT_DISCOUNT = "dreadnought_discount"
    RESEARCH_DISCOUNT = "research_discount"


MINOR_SPECIES: tuple[MinorSpecies, ...] = tuple(MinorSpecies)
"""Every token, in the order the supply counts them."""

BUILD_DISCOUNTS: dict[MinorSpecies, str] = {
    MinorSpecies.CRUISER_DISCOUNT: "cruiser",
    MinorSpecies.MONOLITH_DISCOUNT: "monolith",
    MinorSpecies.ORBITAL_DISCOUNT: "orbital",
    MinorSpecies.DREADNOUGHT_DISCOUNT: "dreadnought",
}
"""The tokens that lower a build cost, and the item (``engine.actions.build.ITEMS``) they do."""

SUPPLY_SIZE = 4
"""Minor Species tokens drawn into the supply at setup (text: "take 4 random tokens")."""


@dataclass(frozen=True, slots=True)
class MinorToken:
    """One Minor Species token: credits to pay, fixed end-game VP, discount, confidence."""

    species: MinorSpecies
    credits: int
    vp: int
    discount: int
    credits_confidence: Confidence


@cache
def _tokens() -> dict[MinorSpecies, MinorToken]:
    text = (
        resources.files("engine").joinpath("data", "minor_species.toml").read_text(encoding="utf-8")
    )
    out: dict[MinorSpecies, MinorToken] = {}
    for entry in tomllib.loads(text)["token"]:
        try:
            species = MinorSpecies(entry["id"])
        except ValueError:
            raise DataError(f"unknown minor species {entry['id']!r}") from None
        out[species] = MinorToken(
            species,
            credits=entry["credits"],
            vp=entry["vp"],
            discount=entry.get("discount", 0),
            credits_confidence=Confidence(entry["credits_confidence"]),
        )
    if set(out) != set(MINOR_SPECIES):
        raise DataError(f"minor_species.toml lists {sorted(out)}, not the nine tokens")
    return out


def minor_token(species: MinorSpecies) -> MinorToken:
    """The printed facts of a Minor Species token."""
    return _tokens()[species]
