"""Pending decisions: what the game waits for, and who answers it.

``GameState.pending`` is a stack of these; the last one is answered next by an action of its
``seat`` (``CHANCE`` for chance events such as a sector drawn or a discovery tile revealed).
A decision holds exactly the context its answers need, so ``engine.rules.legal_actions`` can
list the answers from the state alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from blueprints import DieColour, ShipClass
from engine.enums import ActionKind, Resource, SquareType
from engine.hexes import Hex


@dataclass(frozen=True, slots=True)
class Decision:
    """Base of every pending decision; ``seat`` answers it."""

    seat: int

    @property
    def label(self) -> str:
        """A short description for messages, e.g. ``'seat 2: pay upkeep'``."""
        return f"seat {self.seat}: {self.describe()}"

    def describe(self) -> str:
        """What is being decided, in words."""
        return type(self).__name__


# ----- the action phase ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TurnStart(Decision):
    """A player's turn: take an action (or a reaction after passing) or pass."""

    def describe(self) -> str:
        return "take an action, a reaction or pass"


@dataclass(frozen=True, slots=True)
class Activations(Decision):
    """The activations left of an action being taken.

    ``used`` are the sectors already used by this Influence action (one activation per sector).
    For Upgrade, ``ship_class`` and ``returned`` are the blueprint and the slots whose parts were
    returned so far in the current activation (the placement completes it).
    """

    kind: ActionKind
    left: int
    reaction: bool = False
    used: tuple[Hex, ...] = ()
    ship_class: ShipClass | None = None
    returned: tuple[int, ...] = ()

    def describe(self) -> str:
        what = "reaction" if self.reaction else "action"
        return f"{self.kind.value} {what}, {self.left} activation(s) left"


@dataclass(frozen=True, slots=True)
class SectorDraw(Decision):
    """Chance: the hex flipped from a ring's stack for an exploring player (``explorer``)."""

    explorer: int
    zone: Hex
    ring: int
    wanted: int
    drawn: tuple[int, ...] = ()

    def describe(self) -> str:
        return f"draw a ring {self.ring} sector for seat {self.explorer}"


@dataclass(frozen=True, slots=True)
class SectorPlacement(Decision):
    """Place one of the drawn hexes on the explored zone (turned to connect) or discard."""

    zone: Hex
    drawn: tuple[int, ...]

    def describe(self) -> str:
        return f"place {', '.join(map(str, self.drawn))} on {self.zone} or discard"


@dataclass(frozen=True, slots=True)
class ExploreControl(Decision):
    """After placing a hex: put an influence disc on it or not."""

    where: Hex

    def describe(self) -> str:
        return f"take control of {self.where} or decline"


@dataclass(frozen=True, slots=True)
class DiscoveryReveal(Decision):
    """Chance: the discovery tile revealed for ``finder`` (from ``where``, or Ancient Labs)."""

    finder: int
    where: Hex | None

    def describe(self) -> str:
        return f"reveal a discovery tile for seat {self.finder}"


@dataclass(frozen=True, slots=True)
class DiscoveryChoice(Decision):
    """Take the revealed tile's reward or keep it face down for 2 VP."""

    tile: str
    where: Hex | None

    def describe(self) -> str:
        return f"take the reward of {self.tile!r} or keep it for VP"


@dataclass(frozen=True, slots=True)
class ResourceChoice(Decision):
    """Choose one resource type to gain ``amount`` of."""

    amount: int

    def describe(self) -> str:
        return f"choose a resource to gain {self.amount} of"


@dataclass(frozen=True, slots=True)
class TechChoice(Decision):
    """Choose which of the tied cheapest techs an Ancient Technology tile gives."""

    options: tuple[str, ...]

    def describe(self) -> str:
        return f"choose a tech among {', '.join(self.options)}"


@dataclass(frozen=True, slots=True)
class SectorChoice(Decision):
    """Choose a controlled sector for a portal or a structure (``purpose`` names what)."""

    purpose: str
    options: tuple[Hex, ...]

    def describe(self) -> str:
        return f"choose a sector for {self.purpose}"


@dataclass(frozen=True, slots=True)
class PartInstall(Decision):
    """Place a newly found discovery part on a blueprint now, or keep it for an Upgrade."""

    part: str

    def describe(self) -> str:
        return f"install {self.part!r} on a blueprint or keep it"


@dataclass(frozen=True, slots=True)
class CubeReturn(Decision):
    """Choose the population track for a cube coming back from a square of this colour.

    ``square`` is the colour of the square the cube left (grey: any track; ``None``: an
    orbital, money or science). The legal tracks are worked out when the decision is answered.
    """

    square: SquareType | None

    def describe(self) -> str:
        where = "an orbital" if self.square is None else f"a {self.square.value} square"
        return f"choose the track for a cube from {where}"


@dataclass(frozen=True, slots=True)
class DiplomacyAnswer(Decision):
    """Accept or decline diplomatic relations proposed by ``proposer``."""

    proposer: int
    resource: Resource
    drop: int | None

    def describe(self) -> str:
        return f"accept or decline diplomatic relations with seat {self.proposer}"


# ----- combat ------------------------------------------------------------------------------------

Chunks = tuple[tuple[DieColour, int], ...]
"""Dice still to roll, as ``(colour, count)`` rolls (one colour each), the next first."""
Faces = tuple[tuple[DieColour, int], ...]
"""Dice rolled so far: ``(colour, face)``, face 1-6 (a rift die's faces in ``calc.rules.dice``
order)."""


@dataclass(frozen=True, slots=True)
class BattleActivation(Decision):
    """A ship type's activation in an engagement round: attack, or retreat to one of ``options``
    (controlled neighbouring sectors without opponent ships)."""

    ship_class: ShipClass
    options: tuple[Hex, ...]

    def describe(self) -> str:
        return f"attack with the {self.ship_class.value}s or retreat them"


@dataclass(frozen=True, slots=True)
class VolleyRoll(Decision):
    """Chance: the dice of one activation of ``side``'s ``ship_class`` ships, one colour at a
    time (``dice``: the rolls left, the next first; ``faces``: what was rolled so far)."""

    side: int
    ship_class: ShipClass
    missiles: bool
    dice: Chunks
    faces: Faces = ()

    def describe(self) -> str:
        colour, count = self.dice[0]
        weapon = "missiles" if self.missiles else "cannons"
        whose = "the NPCs'" if self.side < 0 else f"seat {self.side}'s"
        return f"roll {count} {colour.value} dice: {whose} {self.ship_class.value} {weapon}"


@dataclass(frozen=True, slots=True)
class AssignHits(Decision):
    """Assign a volley's hits to the ships of side ``target``.

    ``hits`` are ``(damage, reach, count)`` as in ``calc.rules.dice`` (a hit can go to a ship whose
    ``needs`` entry is at most its reach); ``classes`` are the target side's ship types in the
    order of ``needs``. Each answer is one possible result: the damage left on the target's ships.
    """

    where: Hex
    target: int
    hits: tuple[tuple[int, int, int], ...]
    classes: tuple[ShipClass, ...]
    needs: tuple[int, ...]

    def describe(self) -> str:
        count = sum(c for _, _, c in self.hits)
        whose = "the NPCs" if self.target < 0 else f"seat {self.target}"
        return f"assign {count} hit(s) to the ships of {whose}"


@dataclass(frozen=True, slots=True)
class StalemateRetreat(Decision):
    """Stalemate: the attacker's ships must retreat; choose where."""

    options: tuple[Hex, ...]

    def describe(self) -> str:
        return "stalemate: choose the sector your ships retreat to"


@dataclass(frozen=True, slots=True)
class BattleReputationDraw(Decision):
    """Chance: reputation tiles drawn for ``holder`` after the battles of a sector (``left`` still
    to draw, ``drawn`` so far: out of the bag, in the player's hand)."""

    holder: int
    left: int
    drawn: tuple[int, ...] = ()

    def describe(self) -> str:
        return f"draw a reputation tile for seat {self.holder} ({self.left} left)"


@dataclass(frozen=True, slots=True)
class ReputationKeep(Decision):
    """Keep at most one of the drawn tiles (returning one from a full track); the rest go back."""

    drawn: tuple[int, ...]

    def describe(self) -> str:
        return f"keep one of the reputation tiles {', '.join(map(str, self.drawn))} or none"


@dataclass(frozen=True, slots=True)
class PopulationRoll(Decision):
    """Chance: the dice of ``attacker``'s ships attacking the population at ``where``.

    ``classes`` are the attacking ship types still to roll (the first is rolling: ``dice`` are
    its rolls left, ``faces`` what it rolled so far); ``points`` the cubes already hit.
    """

    attacker: int
    where: Hex
    classes: tuple[ShipClass, ...]
    dice: Chunks
    faces: Faces = ()
    points: int = 0

    def describe(self) -> str:
        colour, count = self.dice[0]
        return f"roll {count} {colour.value} dice: seat {self.attacker} attacks population"


@dataclass(frozen=True, slots=True)
class CubeRemoval(Decision):
    """Choose which population cube at ``where`` is destroyed (``points`` still to destroy)."""

    where: Hex
    points: int

    def describe(self) -> str:
        return f"choose {self.points} population cube(s) to destroy"


@dataclass(frozen=True, slots=True)
class GraveyardChoice(Decision):
    """Choose the graveyard of a destroyed cube from a grey square (any) or an orbital
    (``square`` None: money or science)."""

    square: SquareType | None

    def describe(self) -> str:
        where = "an orbital" if self.square is None else f"a {self.square.value} square"
        return f"choose the graveyard for a destroyed cube from {where}"


# ----- after the battles, upkeep, cleanup and setup ----------------------------------------------


@dataclass(frozen=True, slots=True)
class SectorClaims(Decision):
    """End of the combat phase: take control of uncontrolled sectors where you have ships."""

    options: tuple[Hex, ...]

    def describe(self) -> str:
        return "take control of sectors where your ships are, or decline"


@dataclass(frozen=True, slots=True)
class Upkeep(Decision):
    """Pay upkeep (trading, colonising or abandoning sectors first if needed), then produce."""

    def describe(self) -> str:
        return "pay upkeep"


@dataclass(frozen=True, slots=True)
class TechDraw(Decision):
    """Chance: tech tiles drawn into the tray; ``left`` regular tiles still to draw."""

    left: int

    def describe(self) -> str:
        return f"draw tech tiles ({self.left} regular left)"


@dataclass(frozen=True, slots=True)
class GuardianDraw(Decision):
    """Chance: the guardian hex placed in each empty starting zone."""

    zones: tuple[Hex, ...]

    def describe(self) -> str:
        return f"draw guardian sectors for {len(self.zones)} zone(s)"


@dataclass(frozen=True, slots=True)
class ReputationDraw(Decision):
    """Chance: reputation tiles drawn for ``holder`` at setup (Eridani)."""

    holder: int
    left: int

    def describe(self) -> str:
        return f"draw reputation tiles for seat {self.holder}"
