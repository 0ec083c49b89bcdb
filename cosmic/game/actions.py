"""Actions of the Cosmic Encounter game: every choice a player makes and every chance outcome.

Each action is a frozen dataclass with a text form, ``VERB`` followed by its arguments, which is
what a game record stores (``cosmic.game.record``) and what ``parse_action`` reads back:

* chance: ``first 1`` (who goes first), ``destiny 2`` (the colour flipped), ``draw attack:12``
  (a card drawn), ``take compromise`` (a card taken at random from a hand), ``laser attack:8``
  (a card chosen at random for a Laser's opponent);
* players: ``pass``, ``regroup 0.3``, ``aim 2.4 2`` (planet and defense), ``flip`` (own colour:
  flip again), ``launch 0.1``, ``launched``, ``invite 1,3`` or ``invite -``, ``join offense``,
  ``look 2``, ``trade``, ``give attack:8 2``, ``mutate draw``, ``mutate take 2``, ``play
  attack:12`` (an Amoeba: ``play attack:12 6``), ``edict cosmic_zap 1`` (target: a seat, a side
  or ``-``), ``time_travel``, ``reward ship`` / ``reward card``, ``propose 2.3 - 1 0 no`` (the
  ``Terms``), ``accept``, ``refuse``, ``hand attack:8``, ``keep``, ``vulch``, ``again``.

>>> a = parse_action("aim 2.4 2")
>>> a, str(a)
(Aim(planet=14, defense=2), 'aim 2.4 2')
>>> str(parse_action("propose 2.3 - 1 0 no"))
'propose 2.3 - 1 0 no'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from cosmic.cards import Card, Edict
from cosmic.errors import CosmicError, shown
from cosmic.game.errors import GameError
from cosmic.game.state import Terms, parse_planet, planet_name
from cosmic.sides import Side


class Action:
    """Base of every action; ``ARGS`` says how each field is written (see ``_FORMS``)."""

    VERB: ClassVar[str] = ""
    ARGS: ClassVar[tuple[str, ...]] = ()
    CHANCE: ClassVar[bool] = False

    def __str__(self) -> str:
        values = [getattr(self, f.name) for f in fields(self)]  # type: ignore[arg-type]
        words = [_FORMS[form][0](v) for form, v in zip(self.ARGS, values, strict=True)]
        return " ".join((self.VERB, *words))


def _seats_text(seats: tuple[int, ...]) -> str:
    return ",".join(map(str, seats)) or "-"


def _seats(text: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    parts = text.split(",")
    if not all(p.isdigit() for p in parts):
        raise GameError(f"{shown(text)} is not a list of seats (e.g. '1,3' or '-')")
    return tuple(int(p) for p in parts)


def _seat(text: str) -> int:
    if not text.isdigit():
        raise GameError(f"{shown(text)} is not a seat number")
    return int(text)


def _opt_planet(text: str) -> int:
    return -1 if text == "-" else parse_planet(text)


def _opt_planet_text(pid: int) -> str:
    return "-" if pid < 0 else planet_name(pid)


def _card(text: str) -> Card:
    try:
        return Card.parse(text)
    except CosmicError as exc:
        raise GameError(str(exc)) from None


def _flag(text: str) -> bool:
    if text not in ("yes", "no"):
        raise GameError(f"{shown(text)}: expected 'yes' or 'no'")
    return text == "yes"


def _count(text: str) -> int:
    if not text.isdigit() or len(text) > 3:
        raise GameError(f"{shown(text)} is not a count")
    return int(text)


def _side(text: str) -> Side:
    try:
        return Side(text)
    except ValueError:
        raise GameError(f"{shown(text)} is not a side (offense or defense)") from None


def _target(text: str) -> str:
    if text != "-" and text not in ("offense", "defense") and not text.isdigit():
        raise GameError(f"{shown(text)} is not a target (a seat, offense, defense or '-')")
    return text


def _edict(text: str) -> Edict:
    try:
        edict = Edict(text)
    except ValueError:
        edict = Edict.NONE
    if edict is Edict.NONE:
        raise GameError(f"{shown(text)} is not an edict's name")
    return edict


_FORMS: dict[str, tuple[Callable[[Any], str], Callable[[str], Any]]] = {
    "seat": (str, _seat),
    "seats": (_seats_text, _seats),
    "planet": (planet_name, parse_planet),
    "opt_planet": (_opt_planet_text, _opt_planet),
    "card": (str, _card),
    "count": (str, _count),
    "flag": (lambda b: "yes" if b else "no", _flag),
    "side": (lambda s: s.value, _side),
    "target": (str, _target),
    "edict": (lambda e: e.value, _edict),
    "word": (str, str),
}

_REGISTRY: dict[str, type[Action]] = {}


def register(cls: type[Action]) -> type[Action]:
    """Add an action class to the parser's registry (by its verb and first word)."""
    _REGISTRY[cls.VERB] = cls
    return cls


# ----- chance ------------------------------------------------------------------------------------


@register
@dataclass(frozen=True, slots=True)
class FlipDestiny(Action):
    """Chance: the colour of the destiny counter flipped."""

    VERB = "destiny"
    ARGS = ("seat",)
    CHANCE = True
    seat: int


@register
@dataclass(frozen=True, slots=True)
class FirstPlayer(Action):
    """Chance: the player chosen at random to go first."""

    VERB = "first"
    ARGS = ("seat",)
    CHANCE = True
    seat: int


@register
@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """Chance: the card drawn from the draw pile."""

    VERB = "draw"
    ARGS = ("card",)
    CHANCE = True
    card: Card


@register
@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """Chance: the card taken at random from a hand (consolation, a Mutant's take)."""

    VERB = "take"
    ARGS = ("card",)
    CHANCE = True
    card: Card


@register
@dataclass(frozen=True, slots=True)
class LaserCard(Action):
    """Chance: the challenge card chosen at random for the Laser's opponent."""

    VERB = "laser"
    ARGS = ("card",)
    CHANCE = True
    card: Card


# ----- players -----------------------------------------------------------------------------------


@register
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline an optional choice (no regroup, no power, no edict, no ally, end the turn...)."""

    VERB = "pass"


@register
@dataclass(frozen=True, slots=True)
class Regroup(Action):
    """Free one ship from the warp onto a base (or a home planet when there is none)."""

    VERB = "regroup"
    ARGS = ("planet",)
    planet: int


@register
@dataclass(frozen=True, slots=True)
class Aim(Action):
    """Aim the cone at a planet; ``defense`` is the player whose ships defend it."""

    VERB = "aim"
    ARGS = ("planet", "seat")
    planet: int
    defense: int


@register
@dataclass(frozen=True, slots=True)
class FlipAgain(Action):
    """Own colour flipped: draw a new counter instead of attacking a colony at home."""

    VERB = "flip"


@register
@dataclass(frozen=True, slots=True)
class Launch(Action):
    """Put one more ship from ``planet`` in the cone (the offense, or an ally who joined)."""

    VERB = "launch"
    ARGS = ("planet",)
    planet: int


@register
@dataclass(frozen=True, slots=True)
class Launched(Action):
    """Stop putting ships in the cone."""

    VERB = "launched"


@register
@dataclass(frozen=True, slots=True)
class Invite(Action):
    """A main player's invitations (``-``: none)."""

    VERB = "invite"
    ARGS = ("seats",)
    seats: tuple[int, ...]


@register
@dataclass(frozen=True, slots=True)
class Join(Action):
    """An invited player joins a side (``pass`` declines)."""

    VERB = "join"
    ARGS = ("side",)
    side: Side


@register
@dataclass(frozen=True, slots=True)
class Look(Action):
    """The Mind looks at a main player's hand."""

    VERB = "look"
    ARGS = ("seat",)
    seat: int


@register
@dataclass(frozen=True, slots=True)
class Trade(Action):
    """The Trader swaps hands with its opponent."""

    VERB = "trade"


@register
@dataclass(frozen=True, slots=True)
class Give(Action):
    """The Philanthropist gives one card to a main player other than itself."""

    VERB = "give"
    ARGS = ("card", "seat")
    card: Card
    seat: int


@register
@dataclass(frozen=True, slots=True)
class Mutate(Action):
    """The Mutant gains a card: ``draw`` from the deck or ``take`` one from a player's hand
    (``seat``; -1 for a draw)."""

    VERB = "mutate"
    ARGS = ("word", "seat")
    how: str
    seat: int = -1

    def __str__(self) -> str:
        return "mutate draw" if self.how == "draw" else f"mutate take {self.seat}"


@register
@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """A main player's challenge card; ``ships`` is an Amoeba's count chosen with it (``-1``: its
    ships as they are)."""

    VERB = "play"
    ARGS = ("card",)
    card: Card
    ships: int = -1

    def __str__(self) -> str:
        return f"play {self.card}" if self.ships < 0 else f"play {self.card} {self.ships}"


@register
@dataclass(frozen=True, slots=True)
class PlayEdict(Action):
    """Play an edict; ``target`` is a seat, a side or ``-`` (see ``cosmic.game.edicts``)."""

    VERB = "edict"
    ARGS = ("edict", "target")
    edict: Edict
    target: str = "-"


@register
@dataclass(frozen=True, slots=True)
class TimeTravel(Action):
    """Chronos travels in time: the cards are chosen again."""

    VERB = "time_travel"


@register
@dataclass(frozen=True, slots=True)
class Reward(Action):
    """A defensive ally's reward: ``ship`` (one ship back from the warp) or ``card`` (a draw)."""

    VERB = "reward"
    ARGS = ("word",)
    kind: str


@register
@dataclass(frozen=True, slots=True)
class Propose(Action):
    """The offense proposes a deal (``pass``: it proposes none, so the deal fails)."""

    VERB = "propose"
    ARGS = ("opt_planet", "opt_planet", "count", "count", "flag")
    offense_base: int
    defense_base: int
    offense_gives: int
    defense_gives: int
    zombie_frees: bool

    @property
    def terms(self) -> Terms:
        """The terms proposed."""
        return Terms(
            self.offense_base,
            self.defense_base,
            self.offense_gives,
            self.defense_gives,
            self.zombie_frees,
        )

    @classmethod
    def of(cls, terms: Terms) -> Propose:
        """The proposal of ``terms``."""
        return cls(
            terms.offense_base,
            terms.defense_base,
            terms.offense_gives,
            terms.defense_gives,
            terms.zombie_frees,
        )


@register
@dataclass(frozen=True, slots=True)
class Accept(Action):
    """The defense accepts the deal proposed."""

    VERB = "accept"


@register
@dataclass(frozen=True, slots=True)
class Refuse(Action):
    """The defense refuses the deal proposed: it fails."""

    VERB = "refuse"


@register
@dataclass(frozen=True, slots=True)
class HandOver(Action):
    """A card a deal promised, handed to the other main player."""

    VERB = "hand"
    ARGS = ("card",)
    card: Card


@register
@dataclass(frozen=True, slots=True)
class Keep(Action):
    """The Clone keeps its challenge card."""

    VERB = "keep"


@register
@dataclass(frozen=True, slots=True)
class VulchTake(Action):
    """The Vulch takes the edict just played instead of letting it be discarded."""

    VERB = "vulch"


@register
@dataclass(frozen=True, slots=True)
class Again(Action):
    """A successful offense challenges a second time (``pass`` ends the turn)."""

    VERB = "again"


def parse_action(text: object) -> Action:
    """An action from its text form; ``GameError`` names the bad text and the verbs.

    >>> parse_action("play attack:12 6")
    PlayCard(card=Card('attack:12'), ships=6)
    """
    if not isinstance(text, str) or len(text) > 200:
        raise GameError(f"{shown(text)} is not an action's text")
    words = text.split()
    if not words or words[0] not in _REGISTRY:
        raise GameError(f"{shown(text)}: unknown action (verbs: {', '.join(sorted(_REGISTRY))})")
    cls = _REGISTRY[words[0]]
    args = words[1:]
    if cls is PlayCard:
        if len(args) not in (1, 2):
            raise GameError(f"{shown(text)}: 'play' takes a card and, for an Amoeba, its ships")
        return PlayCard(_card(args[0]), _count(args[1]) if len(args) == 2 else -1)
    optional = 1 if cls in (Mutate, PlayEdict) else 0
    if not len(cls.ARGS) - optional <= len(args) <= len(cls.ARGS):
        raise GameError(f"{shown(text)}: {cls.VERB!r} takes {len(cls.ARGS)} argument(s)")
    values = [_FORMS[form][1](word) for form, word in zip(cls.ARGS, args, strict=False)]
    action = cls(*values)
    if isinstance(action, Mutate) and (action.how, action.seat < 0) not in (
        ("draw", True),
        ("take", False),
    ):
        raise GameError(f"{shown(text)}: a Mutant's 'draw' or 'take SEAT'")
    if isinstance(action, Reward) and action.kind not in ("ship", "card"):
        raise GameError(f"{shown(text)}: a reward is 'ship' or 'card'")
    return action
