"""The engine's rules vocabulary: resources, phases, actions and square types.

Every enum is a ``StrEnum`` whose values are the snake_case words used in action text and files.
"""

from __future__ import annotations

from enum import StrEnum


class Resource(StrEnum):
    """The three resources; their order is the order of the population tracks."""

    MONEY = "money"
    SCIENCE = "science"
    MATERIALS = "materials"

    @property
    def track(self) -> int:
        """Position of the resource's population track (money 0, science 1, materials 2)."""
        return _RESOURCE_INDEX[self]


RESOURCES: tuple[Resource, ...] = (Resource.MONEY, Resource.SCIENCE, Resource.MATERIALS)
_RESOURCE_INDEX = {r: i for i, r in enumerate(RESOURCES)}


class SquareType(StrEnum):
    """The colour of a population square: a resource, or grey (any cube)."""

    MONEY = "money"
    SCIENCE = "science"
    MATERIALS = "materials"
    GREY = "grey"

    @property
    def resource(self) -> Resource | None:
        """The resource of a coloured square; ``None`` for grey."""
        return None if self is SquareType.GREY else Resource(self.value)


class Phase(StrEnum):
    """The phases of a round, plus setup before round 1 and the end of the game."""

    SETUP = "setup"
    ACTION = "action"
    COMBAT = "combat"
    UPKEEP = "upkeep"
    CLEANUP = "cleanup"
    GAME_OVER = "game_over"


class ActionKind(StrEnum):
    """The six actions of the action track."""

    EXPLORE = "explore"
    RESEARCH = "research"
    UPGRADE = "upgrade"
    BUILD = "build"
    MOVE = "move"
    INFLUENCE = "influence"

    @property
    def is_reaction(self) -> bool:
        """True for the three actions that may be taken as a reaction after passing."""
        return self in REACTIONS


REACTIONS: tuple[ActionKind, ...] = (ActionKind.UPGRADE, ActionKind.BUILD, ActionKind.MOVE)


class Structure(StrEnum):
    """What the Build action can place besides ships."""

    ORBITAL = "orbital"
    MONOLITH = "monolith"


class RewardPlacement(StrEnum):
    """Where a discovery reward that puts something on the board goes (``GameConfig``).

    The rewards are the Ancient Cruiser, Orbital, Monolith and Warp Portal tiles.
    """

    RULEBOOK = "rulebook"
    """The rulebook: in the sector where the tile was found (p. 9); a tile drawn with the
    Ancient Labs tech puts it in your starting sector, and if you do not control it you must
    keep the tile for 2 VP (the rulebook's FAQ). Fleetlab extends the FAQ's ruling: a reward that
    cannot be placed (no unbuilt cruiser left, the sector already has that structure or a
    portal) is not offered either, so the tile is kept for 2 VP."""
    ANY_CONTROLLED = "any_controlled"
    """Fleetlab's reading before the FAQ was found, kept so that older records replay: an
    Ancient Labs reward goes on any sector the player controls (their choice), and a reward
    that cannot be placed may still be taken (it gives nothing)."""
