"""The state of a whole Cosmic Encounter game as frozen data.

A game is ``GameState``: the configuration, each player's hand, the ships on every planet, in
the warp and removed from the game, the draw pile and the discard pile (as card counts: their
order is never known, a draw is a chance event), the destiny pile, whose turn it is, the
challenge in progress (``Cone``), the step the game waits at and the chance events queued before
it (``Task``). Nothing here changes: ``cosmic.game.rules.apply`` returns a new state.

Planets are numbered ``owner * 5 + index`` and written ``owner.index`` (``2.4`` is the fifth
planet of the third player's system). A player's *base* is a planet where it has at least one
ship; a *home base* one in its own system, a *foreign base* (the seed's "foreign colony") one in
another player's system.

>>> from cosmic.powers import Power
>>> from cosmic.game.setup import new_game
>>> s = new_game(GameConfig((Power.VIRUS, Power.ZOMBIE, Power.LASER)))
>>> planet_name(7), s.home_bases(1), s.foreign_bases(1), s.ships_in_play(1)
('1.2', 5, 0, 20)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from enum import StrEnum

from cosmic.cards import Card, Edict
from cosmic.decks import presets
from cosmic.errors import shown
from cosmic.game.errors import GameError
from cosmic.powers import Power, VirusAllies
from cosmic.sides import Side

PLANETS = 5
"""Planets in each player's system."""
SHIPS_PER_PLANET = 4
"""Ships on each home planet at the start."""
MAX_SHIPS_SENT = 4
"""Ships a main player or an ally sends (a Macron one, an Amoeba may ooze more in)."""
BASES_TO_WIN = 5
"""Foreign bases that win the game."""
POWER_LOST_AT = 2
"""A player with this many home bases or fewer has no power."""
OUT_OF_PLAY_AT = 4
"""A player with this many ships in play or fewer (after a Void) no longer plays."""
FAILED_DEAL_SHIPS = 3
"""Ships each main player loses to the warp when a deal fails."""
DESTINY_PER_COLOUR = 4
"""Counters of each colour in the destiny pile (U: the seed does not describe the pile; the
Mayfair edition's destiny deck has four cards of each colour besides its special ones)."""
CHANCE = -1
"""The seat that chooses chance events."""
MIN_PLAYERS, MAX_PLAYERS = 3, 6
RULES = 3
"""The edition of the rules new games are played by. Edition 1 (records of version 1) offered
the edicts only at fixed points (no Card Zap, no Plague, a Cosmic Zap only at the reveal) and
made a deal in one round (the offense proposes, the defense accepts or refuses); edition 2
offers every edict in each timing window where it may be played and negotiates a deal over
``DEAL_ROUNDS`` proposals; edition 3 lets an offense with no ship to spare launch the last ship
of a base (``rules._launch_sources``), and reaching ``max_turns`` is an error
(``TurnCapError``), not a finished game. A record replays by the edition it was played by."""
EDITIONS = (1, 2, 3)
"""Every edition a record may name."""
LEGACY_RULES = 1
"""The edition of version-1 records."""
DEAL_ROUNDS = 4
"""Proposals a negotiation may hold before it fails (edition 2): the offense's offer and up to
three counteroffers, alternately (U: the seed's 72 hours, which a bot game cannot measure)."""
MAX_DEAL_CARDS = 2
"""Cards each main player may promise the other in a deal of edition 2 (U: the seed sets no
number; edition 1 allowed one)."""


def legacy(value: object) -> dict[str, object]:
    """The field metadata of a field added after edition 1: the state's JSON (and so its hash)
    leaves the field out while it holds ``value``, so a version-1 record's states hash as they
    did when it was written."""
    return {"legacy": value}


def planet_name(pid: int) -> str:
    """The text form of a planet: ``owner.index``."""
    return f"{pid // PLANETS}.{pid % PLANETS}"


def parse_planet(text: str, players: int | None = None) -> int:
    """A planet from its text form (``2.4``); ``GameError`` names the bad text."""
    owner, dot, index = text.partition(".")
    if not (dot and owner.isdigit() and index.isdigit() and int(index) < PLANETS):
        raise GameError(f"{shown(text)} is not a planet (legal: owner.index, e.g. '2.4')")
    if players is not None and int(owner) >= players:
        raise GameError(f"planet {shown(text)}: there are only {players} players")
    return int(owner) * PLANETS + int(index)


class Step(StrEnum):
    """What the game waits for (the decision of ``GameState.to_act``, or chance first)."""

    START = "start"  # a challenge begins: hands without a challenge card are replaced
    MOBIUS = "mobius"  # the offense may play Mobius Tubes
    PLAGUE = "plague"  # holders of Plague may play it on a player (the regroup; edition 2)
    REGROUP = "regroup"  # the offense may free one ship from the warp
    DESTINY = "destiny"  # the destiny counter is flipped
    OWN_COLOUR = "own_colour"  # own colour: attack a colony on a home planet or flip again
    AIM = "aim"  # the offense aims the cone at a planet of the defense's system
    LAUNCH = "launch"  # the offense puts ships in the cone, one at a time
    INVITE = "invite"  # a main player invites allies (the offense, then the defense)
    ALLY = "ally"  # an invited player answers (join a side, or decline)
    ALLY_LAUNCH = "ally_launch"  # a joining ally sends its ships, one at a time
    FORCE_FIELD = "force_field"  # a holder of Force Field may cancel a side's alliances
    POWERS = "powers"  # powers used before cards (Mind, Trader, Philanthropist, Mutant)
    BEFORE_CARDS = "before_cards"  # a Cosmic Zap on a main Laser or Oracle (edition 2)
    CARDS = "cards"  # a main player plays its challenge card
    REVEAL = "reveal"  # edicts at the reveal (Cosmic Zap, Emotion Control, Ionic Gas)
    CHRONOS = "chronos"  # a Chronos main player may travel in time
    REWARDS = "rewards"  # a defensive ally takes its rewards, one at a time
    PROPOSE = "propose"  # the offense proposes a deal
    ANSWER = "answer"  # the defense accepts or refuses it
    QUASH = "quash"  # a holder of Quash may kill the deal made
    DEAL_CARDS = "deal_cards"  # a main player hands over the card the deal promised
    CLONE = "clone"  # a Clone main player keeps its card or discards it
    VULCH = "vulch"  # the Vulch may take an edict someone else played
    ZAP = "zap"  # a power is being used: holders of Cosmic Zap may cancel it (edition 2)
    CARD_ZAP = "card_zap"  # an edict is being played: holders of Card Zap may cancel it
    AGAIN = "again"  # a successful offense may challenge a second time
    OVER = "over"  # the game is over


class TaskKind(StrEnum):
    """Chance events."""

    FIRST = "first"  # the first player is chosen at random
    DRAW = "draw"  # ``seat`` draws ``count`` cards from the draw pile
    TAKE = "take"  # ``seat`` takes ``count`` random cards from ``source``'s hand
    DESTINY = "destiny"  # a counter is flipped from the destiny pile
    LASER = "laser"  # ``seat``'s challenge card is chosen at random (its opponent is the Laser)


@dataclass(frozen=True, slots=True)
class Task:
    """A chance event waiting to happen (see ``TaskKind``)."""

    kind: TaskKind
    seat: int = CHANCE
    count: int = 1
    source: int = CHANCE


@dataclass(frozen=True, slots=True)
class Commit:
    """Ships a player put in the cone, and the planet they came from (they return there)."""

    seat: int
    side: Side
    planet: int
    ships: int


@dataclass(frozen=True, slots=True)
class Terms:
    """A deal's terms: a base for each main player (a planet where the other has a base;
    ``-1``: none), cards each main player gives the other, and whether a Zombie frees its
    partner's ships from the warp."""

    offense_base: int = -1
    defense_base: int = -1
    offense_gives: int = 0
    defense_gives: int = 0
    zombie_frees: bool = False


@dataclass(frozen=True, slots=True)
class Pending:
    """Something being done that others may still cancel (edition 2): a power's use waiting for
    a Cosmic Zap (``Cone.use``) or an edict waiting for a Card Zap (``Cone.played``).

    Attributes:
        seat: who is doing it.
        action: the action's text (``trade``, ``edict emotion_control -``).
        resume: the step the game returns to once it is done or cancelled.
        ask: holders of the cancelling edict still to be asked, in order.
    """

    seat: int
    action: str
    resume: Step
    ask: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Cone:
    """The challenge in progress: who meets whom where, the ships and cards on the table.

    Attributes:
        defense: the defensive main player (``-1`` before the cone is aimed).
        planet: the planet attacked (``-1`` before).
        destiny: the colour flipped (``-1`` before).
        commits: ships in the cone, with the planets they came from.
        invited: players invited by the offense and by the defense.
        to_answer: invited players still to answer, in order.
        allies: players who joined, in the order they joined, with their side.
        to_ask: players still to be asked at the present step (powers, edicts).
        cards: each main player's challenge card once played (``None`` before).
        ships: each main player's ships at the reveal (an Amoeba's count chosen with its card).
        shown_first: the card the first player played is public (its opponent is the Oracle).
        looked: ``(viewer, seat)``: a Mind looked at that hand this challenge.
        edicts: edicts in force (Emotion Control, Ionic Gas).
        zapped: seats whose power a Cosmic Zap cancelled for this challenge.
        force_fields: sides whose alliances a Force Field cancelled.
        traveled: Chronos has travelled in time.
        aside: a card the Chronos's opponent set aside, with its owner (``-1``: none).
        rewards: defensive allies' rewards still to take, ``(seat, count)``.
        terms: the deal proposed (``None`` before or without one).
        deal_gives: ``(giver, cards still to give)`` of an accepted deal.
        succeeded: the offense won or made a deal.
        played_edict: the edict just played and its player, for the Vulch.
        resume: the step to return to once the Vulch has answered.
        use: a power's use waiting for Cosmic Zaps (edition 2).
        played: an edict waiting for Card Zaps (edition 2).
        proposer: who made the proposal on the table (edition 2; ``-1``: edition 1, where the
            offense always proposes).
        proposals: proposals made so far in this negotiation (edition 2).
    """

    defense: int = -1
    planet: int = -1
    destiny: int = -1
    commits: tuple[Commit, ...] = ()
    invited: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    to_answer: tuple[int, ...] = ()
    allies: tuple[tuple[int, Side], ...] = ()
    to_ask: tuple[int, ...] = ()
    cards: tuple[Card | None, Card | None] = (None, None)
    ships: tuple[int, int] = (0, 0)
    shown_first: bool = False
    looked: tuple[tuple[int, int], ...] = ()
    edicts: tuple[Edict, ...] = ()
    zapped: tuple[int, ...] = ()
    force_fields: tuple[Side, ...] = ()
    traveled: bool = False
    aside: tuple[int, Card | None] = (-1, None)
    rewards: tuple[tuple[int, int], ...] = ()
    terms: Terms | None = None
    deal_gives: tuple[tuple[int, int], ...] = ()
    succeeded: bool = False
    played_edict: tuple[int, Card | None] = (-1, None)
    resume: Step = Step.START
    use: Pending | None = field(default=None, metadata=legacy(None))
    played: Pending | None = field(default=None, metadata=legacy(None))
    proposer: int = field(default=-1, metadata=legacy(-1))
    proposals: int = field(default=0, metadata=legacy(0))

    def committed(self, seat: int) -> int:
        """Ships ``seat`` has in the cone."""
        return sum(c.ships for c in self.commits if c.seat == seat)

    def side_of(self, seat: int) -> Side | None:
        """The side an ally joined, ``None`` for a player who is not an ally."""
        for s, side in self.allies:
            if s == seat:
                return side
        return None

    def card(self, side: Side) -> Card | None:
        """The card a main player played."""
        return self.cards[0] if side is Side.OFFENSE else self.cards[1]


@dataclass(frozen=True, slots=True)
class GameConfig:
    """A game's setup.

    Attributes:
        powers: each seat's power, seat 0 first (3 to 6 players, each power at most once).
        deck: the deck preset (``cosmic.decks``): ``eon`` (its edicts are named: one of each),
            ``mayfair_1991`` or ``ffg_2008``.
        max_turns: a guard: a game still going after this many turns raises ``TurnCapError``
            (editions 1 and 2 ended there without a winner).
        virus_allies: how a Virus counts its allies (``cosmic.powers.VirusAllies``).
        rules: the edition of the rules (``RULES``; ``LEGACY_RULES`` for version-1 records).
    """

    powers: tuple[Power, ...]
    deck: str = "eon"
    max_turns: int = 400
    virus_allies: VirusAllies = VirusAllies.MULTIPLY
    rules: int = field(default=RULES, metadata=legacy(LEGACY_RULES))

    def __post_init__(self) -> None:
        object.__setattr__(self, "powers", tuple(self.powers))
        n = len(self.powers)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise GameError(f"{n} players; a game has {MIN_PLAYERS} to {MAX_PLAYERS}")
        for i, p in enumerate(self.powers):
            if not isinstance(p, Power):
                raise GameError(f"powers[{i}]: {shown(p)} is not a power")
            if self.powers.index(p) != i:
                first = self.powers.index(p)
                raise GameError(f"powers[{i}]: {p.value!r} is already seat {first}'s power")
        if self.deck not in presets():
            raise GameError(f"deck {shown(self.deck)} (legal: {', '.join(sorted(presets()))})")
        if self.max_turns < 1:
            raise GameError(f"max_turns {self.max_turns!r}: at least 1")
        if self.rules not in EDITIONS:
            raise GameError(
                f"rules edition {shown(self.rules)} (legal: {', '.join(map(str, EDITIONS))})"
            )

    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.powers)

    @property
    def legacy(self) -> bool:
        """True for the rules of edition 1 (version-1 records)."""
        return self.rules == LEGACY_RULES


@dataclass(frozen=True, slots=True)
class GameState:
    """A whole game at one moment (see the module docstring).

    Attributes:
        config: the setup.
        hands: each player's hand, sorted.
        planets: ``planets[pid][seat]``: ships of ``seat`` on planet ``pid``.
        warp: each player's ships in the warp.
        removed: each player's ships removed from the game (by a Void).
        out: players who no longer play (4 ships or fewer in play).
        draw_pile: the cards not yet drawn, as sorted ``(card, count)``.
        discard: the discard pile, sorted.
        destiny: the colours left in the destiny pile, sorted.
        turn: the turn number (1 for the first turn).
        offense: whose turn it is.
        challenge: 1 or 2, the challenge of this turn.
        challenges: challenges begun so far.
        step: what the game waits for.
        queue: chance events to happen before ``step``'s decision.
        cone: the challenge in progress.
        winners: the winners once the game is over (none when it ran out of turns).
    """

    config: GameConfig
    hands: tuple[tuple[Card, ...], ...]
    planets: tuple[tuple[int, ...], ...]
    warp: tuple[int, ...]
    removed: tuple[int, ...]
    out: tuple[bool, ...]
    draw_pile: tuple[tuple[Card, int], ...]
    discard: tuple[Card, ...]
    destiny: tuple[int, ...]
    turn: int = 1
    offense: int = 0
    challenge: int = 1
    challenges: int = 0
    step: Step = Step.START
    queue: tuple[Task, ...] = ()
    cone: Cone = field(default_factory=Cone)
    winners: tuple[int, ...] = ()

    # ----- reading the board -------------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of players."""
        return self.config.players

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.step is Step.OVER

    def ships_on(self, pid: int, seat: int) -> int:
        """Ships of ``seat`` on planet ``pid``."""
        return self.planets[pid][seat]

    def bases(self, seat: int) -> tuple[int, ...]:
        """Planets where ``seat`` has a base, home planets first."""
        home = [p for p in self.home_planets(seat) if self.planets[p][seat]]
        away = [
            p for p in range(len(self.planets)) if p // PLANETS != seat and self.planets[p][seat]
        ]
        return (*home, *away)

    def home_planets(self, seat: int) -> range:
        """The planets of ``seat``'s system."""
        return range(seat * PLANETS, (seat + 1) * PLANETS)

    def home_bases(self, seat: int) -> int:
        """Planets of its own system where ``seat`` has ships."""
        return sum(1 for p in self.home_planets(seat) if self.planets[p][seat])

    def foreign_bases(self, seat: int) -> int:
        """Planets of other systems where ``seat`` has ships (five win)."""
        return sum(
            1 for p in range(len(self.planets)) if p // PLANETS != seat and self.planets[p][seat]
        )

    def ships_in_play(self, seat: int) -> int:
        """Ships of ``seat`` on planets, in the warp and in the cone."""
        on_planets = sum(row[seat] for row in self.planets)
        return on_planets + self.warp[seat] + self.cone.committed(seat)

    def has_power(self, seat: int) -> bool:
        """True when ``seat``'s power is in force: it has 3 home bases or more and no Cosmic Zap
        cancelled it this challenge."""
        return self.home_bases(seat) > POWER_LOST_AT and seat not in self.cone.zapped

    def power(self, seat: int) -> Power | None:
        """``seat``'s power in force, ``None`` when it has lost it."""
        return self.config.powers[seat] if self.has_power(seat) else None

    def seat_with(self, power: Power) -> int | None:
        """The seat whose power in force is ``power``."""
        for seat, p in enumerate(self.config.powers):
            if p is power and not self.out[seat] and self.has_power(seat):
                return seat
        return None

    def main(self, side: Side) -> int:
        """The main player of ``side``."""
        return self.offense if side is Side.OFFENSE else self.cone.defense

    def side_of(self, seat: int) -> Side | None:
        """The side ``seat`` is on in the challenge: as a main player or as an ally."""
        if seat == self.offense:
            return Side.OFFENSE
        if seat == self.cone.defense:
            return Side.DEFENSE
        return self.cone.side_of(seat)

    def spare(self, seat: int, pid: int) -> int:
        """Ships ``seat`` may take from planet ``pid`` (it leaves one on each base)."""
        return max(0, self.planets[pid][seat] - 1)

    def draw_count(self) -> int:
        """Cards in the draw pile."""
        return sum(n for _, n in self.draw_pile)

    def in_play(self) -> tuple[int, ...]:
        """Seats still playing, in turn order from seat 0."""
        return tuple(s for s in range(self.players) if not self.out[s])

    def full_destiny(self) -> tuple[int, ...]:
        """The destiny pile made again: ``DESTINY_PER_COLOUR`` counters of each colour in play."""
        return tuple(s for s in self.in_play() for _ in range(DESTINY_PER_COLOUR))

    def left_of(self, seat: int) -> tuple[int, ...]:
        """The other players still playing, in turn order from ``seat``'s left."""
        n = self.players
        return tuple((seat + k) % n for k in range(1, n) if not self.out[(seat + k) % n])

    # ----- changing it (each returns a new state) -------------------------------------------

    def with_hand(self, seat: int, cards: tuple[Card, ...] | list[Card]) -> GameState:
        """This state with ``seat``'s hand replaced (kept sorted)."""
        hands = list(self.hands)
        hands[seat] = tuple(sorted(cards))
        return replace(self, hands=tuple(hands))

    def with_ships(self, pid: int, seat: int, delta: int) -> GameState:
        """This state with ``delta`` ships of ``seat`` added to planet ``pid``."""
        rows = list(self.planets)
        row = list(rows[pid])
        row[seat] += delta
        if row[seat] < 0:
            raise GameError(f"planet {planet_name(pid)}: seat {seat} has no ship to take")
        rows[pid] = tuple(row)
        return replace(self, planets=tuple(rows))

    def with_warp(self, seat: int, delta: int) -> GameState:
        """This state with ``delta`` ships of ``seat`` added to the warp."""
        warp = list(self.warp)
        warp[seat] += delta
        if warp[seat] < 0:
            raise GameError(f"seat {seat} has no ship in the warp")
        return replace(self, warp=tuple(warp))

    def with_removed(self, seat: int, ships: int) -> GameState:
        """This state with ``ships`` of ``seat`` removed from the game."""
        removed = list(self.removed)
        removed[seat] += ships
        return replace(self, removed=tuple(removed))

    def with_discards(self, cards: tuple[Card, ...] | list[Card]) -> GameState:
        """This state with ``cards`` added to the discard pile."""
        return replace(self, discard=tuple(sorted((*self.discard, *cards))))

    def with_cone(self, **changes: object) -> GameState:
        """This state with fields of the challenge in progress changed."""
        return replace(self, cone=replace(self.cone, **changes))  # type: ignore[arg-type]

    def without_drawn(self, card: Card) -> GameState:
        """This state with one ``card`` taken from the draw pile."""
        pile = Counter(dict(self.draw_pile))
        if pile[card] <= 0:
            raise GameError(f"{str(card)!r} is not in the draw pile")
        pile[card] -= 1
        return replace(self, draw_pile=tuple(sorted((c, n) for c, n in pile.items() if n)))


def remove_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` with one copy of ``card`` taken out; ``GameError`` when it holds none."""
    if card not in hand:
        cards = ", ".join(map(str, hand)) or "no card"
        raise GameError(f"{str(card)!r} is not in the hand ({cards})")
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]
