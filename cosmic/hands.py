"""Exact distributions of hidden hands: multivariate hypergeometric enumeration.

A hand drawn from unseen cards is enumerated by *composition*: how many cards of each type it
holds, with the number of card subsets giving that composition (a product of binomials). Types
that play the same part are first merged into classes (``lump``), which shortens the enumeration
without changing any probability: two attack numbers that win, lose and tie against exactly the
same cards are one class. Weights are integers and probabilities exact ``Fraction`` s.

A main player whose hand holds no challenge card discards it and draws a new hand; the new hand
is drawn from the unseen cards less the discarded ones, and may in turn hold no challenge card.
``hand_distribution`` follows that chain exactly.

>>> from cosmic.cards import Card
>>> list(compositions([2, 1], 2))
[((1, 1), 2), ((2, 0), 1)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from fractions import Fraction
from math import comb

from cosmic.budget import Budget
from cosmic.cards import Card, CardKind, strength
from cosmic.errors import CosmicError

Hand = tuple[tuple[Card, int], ...]
"""A hand as sorted ``(card, copies)`` pairs without zero counts (hashable)."""

NO_CHALLENGE_LEFT = (
    "no challenge card is left among the unseen cards, so a hand without one cannot be "
    "replaced (the discard pile would be reshuffled: list fewer seen cards)"
)
"""The error when a hand without a challenge card would have to be replaced from no such card."""


def compositions(counts: Sequence[int], m: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every way to draw ``m`` cards from classes of ``counts`` cards, with its number of subsets.

    Yields ``(draw, ways)`` where ``draw[i]`` cards come from class ``i`` and ``ways`` is the
    product of ``comb(counts[i], draw[i])``; no draw takes more cards than a class holds, and
    nothing is yielded when ``m`` exceeds the cards there are.
    """
    n = len(counts)
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = suffix[i + 1] + counts[i]
    draw = [0] * n

    def rec(i: int, left: int, ways: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if i == n:
            if left == 0:
                yield tuple(draw), ways
            return
        low = max(0, left - suffix[i + 1])
        for k in range(min(counts[i], left), low - 1, -1):
            draw[i] = k
            yield from rec(i + 1, left - k, ways * comb(counts[i], k))
        draw[i] = 0

    if m > suffix[0]:
        return
    # Reversed loop order gives the largest draw of the last classes first; sort for stable output.
    yield from sorted(rec(0, m, 1))


def as_hand(cards: Iterable[Card] | Counter[Card]) -> Hand:
    """A ``Hand`` from cards or a ``Counter``."""
    counter = cards if isinstance(cards, Counter) else Counter(cards)
    return tuple(sorted((c, n) for c, n in counter.items() if n > 0))


def plus(hand: Hand, cards: Iterable[tuple[Card, int]]) -> Hand:
    """``hand`` with ``(card, copies)`` added.

    >>> from cosmic.cards import attack
    >>> plus(as_hand([attack(4)]), [(attack(4), 1), (attack(9), 2)])
    ((Card('attack:4'), 2), (Card('attack:9'), 2))
    """
    counter = Counter(dict(hand))
    for c, n in cards:
        counter[c] += n
    return as_hand(counter)


def minus(hand: Hand, card: Card) -> Hand:
    """``hand`` with one copy of ``card`` taken out (none if it holds none)."""
    return tuple((c, n - (c == card)) for c, n in hand if n - (c == card) > 0)


def challenge_count(hand: Hand) -> int:
    """Number of challenge cards in a hand."""
    return sum(n for c, n in hand if c.is_challenge)


def lump(cards: Iterable[Card], signature: Callable[[Card], Hashable]) -> dict[Card, Card]:
    """Merge card types that play the same part into classes; returns each type's representative.

    Cards that are not challenge cards form one class. Attacks merge only in runs of consecutive
    numbers with equal ``signature``, so "the highest attack" is still well defined; a run is
    represented by its highest number. Other challenge cards keep their own class.

    >>> from cosmic.cards import attack
    >>> reps = lump([attack(4), attack(5), attack(9), Card(CardKind.EDICT)], lambda c: c.value > 6)
    >>> str(reps[attack(4)]), str(reps[attack(9)]), str(reps[Card(CardKind.EDICT)])
    ('attack:5', 'attack:9', 'edict')
    """
    types = sorted(set(cards), key=strength)
    reps: dict[Card, Card] = {}
    others = [c for c in types if not c.is_challenge]
    for c in others:
        reps[c] = others[0]
    attacks = [c for c in types if c.kind is CardKind.ATTACK]
    runs: list[list[Card]] = []
    run_sig: Hashable = None
    for c in attacks:
        sig = signature(c)
        if not runs or sig != run_sig:
            runs.append([])
        runs[-1].append(c)
        run_sig = sig
    for run in runs:
        for member in run:
            reps[member] = run[-1]
    for c in types:
        if c.is_challenge and c.kind is not CardKind.ATTACK:
            reps[c] = c
    return reps


def _merge(
    counter: Counter[Card] | Iterable[tuple[Card, int]], reps: dict[Card, Card]
) -> Counter[Card]:
    out: Counter[Card] = Counter()
    items = counter.items() if isinstance(counter, Counter) else counter
    for card, n in items:
        out[reps.get(card, card)] += n
    return out


class HandCounter:
    """Counts the compositions enumerated (the work an answer took) and keeps to a budget."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.compositions = 0
        self.budget = budget

    def tick(self, n: int = 1) -> None:
        """Count ``n`` compositions; every few hundred, check the time budget."""
        before = self.compositions
        self.compositions += n
        if self.budget is not None and (before >> 9) != (self.compositions >> 9):
            self.budget.check()

    def check(self) -> None:
        """Check the time budget now."""
        if self.budget is not None:
            self.budget.check()


def hand_distribution(
    known: Hand,
    m: int,
    unseen: Counter[Card],
    redraw_size: int,
    reps: dict[Card, Card],
    counter: HandCounter | None = None,
    refill: tuple[Hand, int] | None = None,
) -> list[tuple[Hand, Fraction]]:
    """The exact distribution of a hand: ``known`` cards plus ``m`` drawn from ``unseen``.

    Args:
        known: cards known to be in the hand.
        m: cards drawn at random from ``unseen``.
        unseen: the cards the draw comes from.
        redraw_size: size of a new hand drawn when the hand holds no challenge card.
        reps: class representatives from ``lump`` (identity for cards not in it).
        counter: counts the compositions enumerated.
        refill: cards added after the redraw check, for a Mutant that fills its hand: known
            cards it takes and a number of further draws. A new hand drawn is already full.

    Returns:
        ``(hand, probability)`` pairs (hands over class representatives), summing to 1.
    """
    out: dict[Hand, Fraction] = {}
    _draw(
        _merge(known, reps),
        m,
        _merge(unseen, reps),
        redraw_size,
        reps,
        Fraction(1),
        out,
        counter,
        refill,
        0,
    )
    return list(out.items())


def _draw(
    known: Counter[Card],
    m: int,
    unseen: Counter[Card],
    redraw_size: int,
    reps: dict[Card, Card],
    scale: Fraction,
    out: dict[Hand, Fraction],
    counter: HandCounter | None,
    refill: tuple[Hand, int] | None,
    depth: int,
) -> None:
    classes = sorted(unseen)
    counts = [unseen[c] for c in classes]
    total = sum(counts)
    m = min(m, total)
    denominator = comb(total, m)
    if not any(c.is_challenge for c in classes) and not any(c.is_challenge for c in known):
        raise CosmicError(NO_CHALLENGE_LEFT)
    for draw, ways in compositions(counts, m):
        if counter is not None:
            counter.tick()
        p = scale * Fraction(ways, denominator)
        hand = Counter(known)
        for c, k in zip(classes, draw, strict=True):
            if k:
                hand[c] += k
        if any(c.is_challenge and n for c, n in hand.items()):
            if refill is None:
                key = as_hand(hand)
                out[key] = out.get(key, Fraction(0)) + p
                continue
            rest = Counter(unseen)
            for c, k in zip(classes, draw, strict=True):
                rest[c] -= k
            taken, extra = refill
            _draw(
                hand + _merge(taken, reps),
                extra,
                +rest,
                redraw_size,
                reps,
                p,
                out,
                counter,
                None,
                depth,
            )
            continue
        # No challenge card: discard everything and draw a new, full hand.
        rest = Counter(unseen)
        for c, k in zip(classes, draw, strict=True):
            rest[c] -= k
        _draw(Counter(), redraw_size, +rest, redraw_size, reps, p, out, counter, None, depth + 1)
