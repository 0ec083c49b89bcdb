"""What the New Dangers special sectors are, for the rules that treat them differently.

Small predicates every path calls (exploring, moving, influence, combat, upkeep, drawing), so a
rule about a special sector lives in one place:

* a **Nebula** is three sectors, its parts (``Hex(q, r, part)``); they take no influence disc;
* a **Black Hole** keeps no ship (one that enters leaves the board, ``engine.actions.black_hole``);
* an **exploded Supernova** (its tile flipped) has no squares and no wormholes and takes no disc;
* a **Pulsar**'s disc stands on one of its action spaces (``SectorState.pulsar``).

Decisions (the text is silent): a Black Hole may be controlled like any sector without squares
(nothing in the text forbids the disc); an exploded Supernova may not (the back of a hex has no
influence space, decision L).
"""

from __future__ import annotations

from engine.enums import ActionKind
from engine.modules import SpecialSector
from engine.state import SectorState

PULSAR_SPACES: tuple[ActionKind, ...] = (ActionKind.MOVE, ActionKind.UPGRADE, ActionKind.BUILD)
"""The three action spaces of a Pulsar sector (the text's example names Move, Upgrade, Build)."""


def special(sector: SectorState) -> SpecialSector | None:
    """The special type of a placed sector, or ``None``."""
    return sector.printed.special


def is_black_hole(sector: SectorState) -> bool:
    """True for a Black Hole sector."""
    return sector.printed.special is SpecialSector.BLACK_HOLE


def is_nebula(sector: SectorState) -> bool:
    """True for a part of a Nebula sector."""
    return sector.hex.part != 0


def is_pulsar(sector: SectorState) -> bool:
    """True for a Pulsar sector."""
    return sector.printed.special is SpecialSector.PULSAR


def is_supernova(sector: SectorState) -> bool:
    """True for a Supernova sector, exploded or not."""
    return sector.printed.special is SpecialSector.SUPERNOVA


def can_hold_disc(sector: SectorState) -> bool:
    """True when an influence disc may be placed on the sector (not a Nebula part, not an
    exploded Supernova)."""
    return not sector.hex.part and not sector.exploded
