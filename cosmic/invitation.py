"""Should I accept this invitation? The odds of each choice of an invited ally.

You are neither main player: you have been invited to ally with the offense, the defense or
both. You see your own hand, not theirs; both main players' hands are hidden from you, drawn
from the cards you have not seen. ``advise_invitation`` gives, for declining and for joining
each inviting side with 1 to 4 ships (a Macron 1), the exact chance that your side wins, your
expected ships lost, rewards (a defensive ally takes one per ship when the defense wins) and
bases (an offensive ally lands on the planet when the offense wins).

Both main players choose their cards by one model, ``highest`` or ``random``, and the exact joint
law of the two cards played has a closed form for each (``played_pairs``):

* ``highest`` plays the strongest challenge card of a hand, so the pair played is the pair of
  hand maxima. With ``S_a`` the unseen cards of rank at most ``a`` (non-challenge cards lowest),
  two disjoint hands of sizes ``h`` and ``k`` lie in nested sets ``P`` and ``Q`` in
  ``C(|P|, h) C(|Q| - h, k)`` ways (``P`` the smaller); inclusion and exclusion of the hands
  without a challenge card gives the chance that both hold a challenge card with maxima at most
  ``a`` and ``b``, and differencing in ``a`` and ``b`` the chance of each pair.
* ``random`` plays a uniformly random challenge card of each hand. Any relabelling of the unseen
  challenge cards maps deals to equally likely deals, so the ordered pair of cards played is
  uniform over ordered pairs of distinct challenge cards.

A main player whose hand holds no challenge card discards it and draws a new hand (the deck's
hand size); the hands drawn, discarded ones included, are disjoint uniform subsets whatever the
order of drawing, so each count of discarded hands is one more product of binomials.

Main players' powers that act at the reveal (Virus, Macron, Empath, Void, Zombie, Clone, an
Amoeba) are resolved by the same rules as every challenge (``cosmic.encounter``); a Laser makes
its opponent's card random, which the ``random`` model already is. Powers that change how a main
player chooses or what it holds (Chronos, Oracle, Mutant, Trader, Philanthropist, Vulch, a Laser
under ``highest``) are not modelled here: ``Invitation`` refuses them with ``NotModelledError``.

>>> from cosmic.decks import custom
>>> from cosmic.cards import parse_cards
>>> deck = custom([(Card.parse("attack:4"), 2), (Card.parse("attack:9"), 1)], hand_size=1)
>>> pairs = played_pairs(deck.counter(), BySide(1, 1), 1, OpponentModel.RANDOM)
>>> pairs[(Card.parse("attack:9"), Card.parse("attack:4"))]
Fraction(1, 3)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb

from cosmic.cards import Card, strength
from cosmic.challenge import Challenge, OpponentModel, check_out_of_deck
from cosmic.decks import Deck
from cosmic.edicts import PlayedEdict
from cosmic.encounter import Play, Result, resolve
from cosmic.errors import ChallengeError, CosmicError, NotModelledError, shown
from cosmic.hands import NO_CHALLENGE_LEFT
from cosmic.powers import Power, PowerOptions, rule
from cosmic.sides import BySide, Side
from cosmic.solver import model_ships
from cosmic.table import NO_ALLIES, NO_POWERS, Ally, Table

__all__ = ["Invitation", "InvitationReport", "InvitationRow", "advise_invitation", "played_pairs"]

MODELS = (OpponentModel.HIGHEST, OpponentModel.RANDOM)
UNMODELLED = {
    Power.CHRONOS: "replays the challenge with a new card",
    Power.ORACLE: "sees its opponent's card before choosing",
    Power.MUTANT: "fills its hand before choosing",
    Power.TRADER: "may swap hands",
    Power.PHILANTHROPIST: "may give a card before cards are chosen",
    Power.VULCH: "holds edicts taken from the discard pile",
}


@dataclass(frozen=True, slots=True)
class Invitation:
    """An invitation as the invited player sees it.

    Attributes:
        deck: the challenge deck.
        hand: your hand (cards out of the main players' hands).
        ships: each main player's committed ships (the defense's: those on the planet).
        allies: the allies already committed on each side (you excluded).
        hand_sizes: cards in each main player's hand.
        invited_by: the sides that invited you.
        seen: cards known to be out of the main players' hands besides yours.
        powers: each main player's power.
        your_power: your power (as an ally: a Macron sends one ship worth 4, a Zombie's ships
            never reach the warp).
        model: how both main players choose their cards (``highest`` or ``random``).
        options: power options.
        edicts: edicts already played on this challenge.
        name: how the report names you.
    """

    deck: Deck
    hand: tuple[Card, ...]
    ships: BySide[int]
    hand_sizes: BySide[int]
    invited_by: frozenset[Side]
    allies: BySide[tuple[Ally, ...]] = field(default=NO_ALLIES)
    seen: tuple[Card, ...] = ()
    powers: BySide[Power | None] = field(default=NO_POWERS)
    your_power: Power | None = None
    model: OpponentModel = OpponentModel.HIGHEST
    options: PowerOptions = field(default_factory=PowerOptions)
    edicts: tuple[PlayedEdict, ...] = ()
    name: str = "you"

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(self.hand))
        object.__setattr__(self, "seen", tuple(self.seen))
        object.__setattr__(self, "invited_by", frozenset(self.invited_by))
        object.__setattr__(self, "edicts", tuple(self.edicts))
        self._check()

    def unseen(self) -> Counter[Card]:
        """The cards the main players' hands are drawn from."""
        pool = self.deck.counter()
        pool.subtract(c.deck_card for c in self.hand)
        pool.subtract(self.seen)
        return +pool

    def table(self, joined: Side | None, ships: int) -> Table:
        """The table with you joined to ``joined`` with ``ships`` (``None``: you decline)."""
        allies = self.allies
        if joined is not None:
            mine = (*allies.of(joined), Ally(ships, self.your_power, self.name))
            allies = allies.replace(joined, mine)
        # The challenge's own rules for played edicts (zaps, force fields, edicts in force).
        probe = Challenge(
            self.deck,
            Side.OFFENSE,
            (),
            self.ships,
            allies,
            0,
            powers=self.powers,
            options=self.options,
            edicts=self.edicts,
        )
        return probe.table

    def _check(self) -> None:
        if self.model not in MODELS:
            raise ChallengeError(
                "opponent",
                f"{self.model.value!r}: an ally's advice models main players who play "
                "'highest' or 'random'",
            )
        if not self.invited_by:
            raise ChallengeError("invited_by", "no side invited you (legal: offense, defense)")
        if self.your_power is not None and self.your_power in (
            self.powers.offense,
            self.powers.defense,
        ):
            raise ChallengeError("your_power", f"{self.your_power.value!r} is a main player's")
        for side in Side:
            power = self.powers.of(side)
            if power in UNMODELLED:
                raise NotModelledError(
                    f"powers.{side.value}: the {power.value} {UNMODELLED[power]}; an ally's "
                    "advice does not model it"
                )
            if power is Power.LASER and self.model is not OpponentModel.RANDOM:
                raise NotModelledError(
                    f"powers.{side.value}: a Laser makes its opponent's card random while the "
                    "other plays 'highest'; an ally's advice models one rule for both (use "
                    "'random')"
                )
        for side in Side:
            size = self.hand_sizes.of(side)
            if isinstance(size, bool) or not isinstance(size, int) or not 0 <= size <= 50:
                raise ChallengeError(f"hand_sizes.{side.value}", f"{shown(size)}: 0 to 50 cards")
        check_out_of_deck(self.deck, (("hand", self.hand), ("seen", self.seen)))
        total = sum(self.unseen().values())
        if sum((self.hand_sizes.offense, self.hand_sizes.defense)) > total:
            raise ChallengeError(
                "hand_sizes", f"the main players hold more cards than the {total} unseen"
            )
        self.table(None, 0)  # the ships, allies and edicts are checked as for any challenge


@dataclass(frozen=True, slots=True)
class InvitationRow:
    """The odds of one choice: decline (``side`` ``None``) or join ``side`` with ``ships``."""

    choice: str
    side: Side | None
    ships: int
    win: Fraction
    lose: Fraction
    deal: Fraction
    lost: Fraction
    rewards: Fraction
    bases: Fraction
    offense_wins: Fraction

    def key(self) -> tuple[Fraction, Fraction]:
        """Bases first (they win the game), then rewards less ships lost."""
        return (self.bases, self.rewards - self.lost)


@dataclass(frozen=True, slots=True)
class InvitationReport:
    """Every choice's odds and the best one (``InvitationRow.key``)."""

    invitation: Invitation
    rows: tuple[InvitationRow, ...]
    best: InvitationRow
    notes: tuple[str, ...]


def _nested_ways(p: int, q: int, h: int, k: int) -> int:
    """Disjoint hands of sizes ``h`` (inside a set of ``p`` cards) and ``k`` (inside ``q``),
    the two sets nested."""
    if p <= q:
        return comb(p, h) * comb(q - h, k) if q >= h else 0
    return comb(q, k) * comb(p - k, h) if p >= k else 0


def _discards(k: int, first: int, size: int) -> list[tuple[int, int, Fraction]]:
    """Ways to draw ``i`` hands without a challenge card (the first of ``first`` cards, the next
    of ``size``) from ``k`` such cards: ``(i, cards used, ordered ways)``."""
    out = [(0, 0, Fraction(1))]
    used, ways, i = 0, Fraction(1), 0
    while True:
        s = first if i == 0 else size
        if used + s > k or (s == 0 and i > 0):
            break
        ways *= comb(k - used, s)
        used += s
        i += 1
        out.append((i, used, ways))
    return out


def played_pairs(
    pool: Counter[Card], sizes: BySide[int], redraw: int, model: OpponentModel
) -> dict[tuple[Card, Card], Fraction]:
    """The exact chance of each (offense card, defense card) played by two hidden hands.

    Args:
        pool: the cards both hands are drawn from (disjointly).
        sizes: each hand's size.
        redraw: the size of a new hand drawn for a hand without a challenge card.
        model: ``highest`` or ``random`` (see the module docstring).
    """
    types = sorted((c for c in pool if c.is_challenge), key=strength)
    counts = [pool[t] for t in types]
    n_total = sum(pool.values())
    k = n_total - sum(counts)
    below = [k]
    for n in counts:
        below.append(below[-1] + n)
    # below[a + 1]: cards of rank at most types[a]; below[0]: the non-challenge cards.
    h_o, h_d = sizes.offense, sizes.defense
    cdf: dict[tuple[int, int], Fraction] = {}
    for i, used_o, ways_o in _discards(k, h_o, redraw):
        for j, used_d, ways_d in _discards(k - used_o, h_d, redraw):
            removed = used_o + used_d
            n = n_total - removed
            so = h_o if i == 0 else redraw
            sd = h_d if j == 0 else redraw
            # Chance of these discarded hands, then the two final hands.
            sizes_seq = ([h_o] + [redraw] * (i - 1) if i else []) + (
                [h_d] + [redraw] * (j - 1) if j else []
            )
            denom, left = 1, n_total
            for s_ in sizes_seq:
                denom *= comb(left, s_)
                left -= s_
            if n < so + sd:
                if ways_o * ways_d:
                    raise NotModelledError(
                        "a main player would draw a new hand from fewer cards than a hand: "
                        "the deck is nearly out (list fewer seen cards)"
                    )
                continue
            final = comb(n, so) * comb(n - so, sd)
            if final == 0:
                continue
            weight = ways_o * ways_d / (denom * final)
            nc = k - removed
            for a in range(len(types) + 1):
                x = below[a] - removed
                for b in range(len(types) + 1):
                    y = below[b] - removed
                    t = (
                        _nested_ways(x, y, so, sd)
                        - _nested_ways(nc, y, so, sd)
                        - _nested_ways(x, nc, so, sd)
                        + _nested_ways(nc, nc, so, sd)
                    )
                    if t:
                        cdf[(a, b)] = cdf.get((a, b), Fraction(0)) + weight * t
    top = len(types)
    mass = cdf.get((top, top), Fraction(0))
    if mass != 1:
        raise CosmicError(NO_CHALLENGE_LEFT)
    out: dict[tuple[Card, Card], Fraction] = {}
    if model is OpponentModel.RANDOM:
        u = sum(counts)
        for a, ta in enumerate(types):
            for b, tb in enumerate(types):
                ways = counts[a] * (counts[b] - (a == b))
                if ways:
                    out[(ta, tb)] = Fraction(ways, u * (u - 1))
        return out

    def f(a: int, b: int) -> Fraction:
        return cdf.get((a, b), Fraction(0))

    for a, ta in enumerate(types, start=1):
        for b, tb in enumerate(types, start=1):
            p = f(a, b) - f(a - 1, b) - f(a, b - 1) + f(a - 1, b - 1)
            if p:
                out[(ta, tb)] = p
    return out


def advise_invitation(inv: Invitation) -> InvitationReport:
    """The odds of declining and of each way to join (see the module docstring)."""
    pairs = played_pairs(inv.unseen(), inv.hand_sizes, inv.deck.hand_size, inv.model)
    choices: list[tuple[str, Side | None, int]] = [("decline", None, 0)]
    limit = rule(inv.your_power).max_ships_sent
    for invited in Side:
        if invited in inv.invited_by:
            choices.extend(
                (f"join the {invited.value} with {n}", invited, n) for n in range(1, limit + 1)
            )
    rows: list[InvitationRow] = []
    for label, side, ships in choices:
        table = inv.table(side, ships)
        index = len(table.allies.of(side)) - 1 if side is not None else -1
        zero = Fraction(0)
        win = lose = deal = lost = rewards = bases = offense_wins = zero
        for (off_card, def_card), p in pairs.items():
            off = Play(off_card, model_ships(table, Side.OFFENSE, inv.model, off_card))
            dfn = Play(def_card, model_ships(table, Side.DEFENSE, inv.model, def_card))
            e = resolve(table, off, dfn)
            offense_wins += p * (e.result is Result.OFFENSE_WINS)
            deal += p * (e.result is Result.DEAL)
            if side is None:
                continue
            if e.result.winner() is side:
                win += p
            elif e.result is not Result.DEAL:
                lose += p
            lost += p * (e.ally_warp.of(side)[index] + e.ally_removed.of(side)[index])
            if side is Side.DEFENSE:
                rewards += p * e.rewards[index]
            else:
                bases += p * e.colonies[index]
        rows.append(
            InvitationRow(label, side, ships, win, lose, deal, lost, rewards, bases, offense_wins)
        )
    best = max(rows, key=lambda r: (r.key(), r.side is None, -r.ships))
    notes = [
        f"Both main players play by the {inv.model.value!r} model; the best choice ranks "
        "expected bases first, then rewards less ships lost."
    ]
    if not inv.deck.exact:
        notes.append(f"Deck {inv.deck.name!r} is an estimate: {inv.deck.note}")
    if inv.your_power is Power.MIND:
        notes.append(
            "As the Mind you may look at a main player's hand before you answer; enter what you "
            "see as seen cards only when it is out of both hands (a look is not modelled)."
        )
    return InvitationReport(inv, tuple(rows), best, tuple(notes))
