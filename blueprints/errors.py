"""Errors of the blueprints package: one hierarchy rooted in ``ValueError``.

Messages quote the offending input with ``!r`` and say what would be legal. Validation collects
instances of these classes without raising them (``Blueprint.problems``), so a user sees every
problem at once; ``Blueprint.validate`` raises the first.
"""

from __future__ import annotations


class BlueprintError(ValueError):
    """Base of every error about parts, species, blueprints and rules data."""


class UnknownIdError(BlueprintError):
    """An identifier (part, species, tech, class, NPC tile) that the rules data does not know."""


class NoBlueprintError(BlueprintError):
    """The species has no blueprint for that class (Rho Indi dreadnought, Exiles starbase)."""


class SlotError(BlueprintError):
    """Wrong number of slots, a slot index out of range, or a part in a position it cannot go."""


class BlockedSlotError(SlotError):
    """A part in, or an upgrade of, a blocked slot (Planta) or the printed area outside the grid."""


class EnergyError(BlueprintError):
    """The blueprint uses more energy than it produces."""


class DriveError(BlueprintError):
    """A ship without a drive, or a drive on a starbase or orbital."""


class TechRequiredError(BlueprintError):
    """A tech part placed without its tech."""


class DiscoveryRequiredError(BlueprintError):
    """A discovery part placed without the discovery tile (or more copies than the tiles held)."""


class SpeciesPartError(BlueprintError):
    """A species part on another species' blueprint."""


class UpgradeError(BlueprintError):
    """An upgrade the rules do not allow (returning a printed part, covering a placed tile)."""


class NotationError(BlueprintError):
    """Text that is not valid blueprint notation; the message names the bad token."""


class DataError(BlueprintError):
    """The packaged rules data is inconsistent (a broken cross-reference): a bug, not user input."""
