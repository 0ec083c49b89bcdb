"""Drawing cards before you choose, exactly: your own Mutant's draw, its take, a new hand.

Three plans draw cards you see before choosing your card: your Mutant filling its hand
(``mutant_plan``), your Mutant taking one card from the opponent and drawing the rest
(``take_plan``), and a hand without a challenge card discarded for a new one (``redraw_plan``).
Each is a draw of ``d`` unseen cards (``draw_tally``), computed as below.

The plan averages over the compositions ``D`` of the cards you draw (a multivariate
hypergeometric draw from the unseen cards). For each ``D`` you hold ``Y`` = your hand plus ``D``
and play the card of ``Y`` with the best odds against the opponent's hand, which is drawn from
what is left. ``by_enumeration`` does just that: a full solve for every ``D``. It is the oracle
the tests compare with, and it takes about 40 seconds for one card from the Mayfair deck (21
compositions) and weeks for seven (458,413).

``by_classes`` gives the same numbers without multiplying a solve by every draw. It rests on
three facts.

1. *Classes of one card.* Playing a card ``y``, what happens depends on the opponent's hand only
   through how many of its cards fall in each class that ``lump`` forms relative to ``y`` alone
   (cards that lose to ``y``, beat it, tie it, compromise ... and rank alike for the opponent
   model; 3 to 6 classes on real decks), and on your hand only through its number of challenge
   cards (which sets ``again``). The opponent's cards come from the unseen cards less ``D``, so
   ``y``'s odds depend on ``D`` only through ``c``: how many drawn cards fall in each class.
2. *Weights from counts.* Given ``c`` the pool holds ``U_j - c_j`` cards of class ``j`` (``U``:
   the unseen cards by class) and an opponent composition ``T`` of ``h`` cards has probability
   ``prod_j C(U_j - c_j, T_j) / C(N - d, h)``. The reply to ``y`` and its share for each ``T``
   come once from the solver's own ``their_play``; the reply distribution for every ``c`` at once
   is an integer matrix product ``B @ G`` (``B[c, T]`` the binomial products, ``G[T, z]`` the
   reply weights scaled to integers). A hand without a challenge card is replaced level by level
   as in ``cosmic.hands``: each level is one more such product, reached with probability
   ``C(U_nc - c_nc - removed, h) / C(pool, h)``.
3. *The choice, exactly and vectorised.* Every ``(y, c)`` that occurs gets its exact odds, and
   their keys (fractions) are ranked once. Your draws are enumerated as a NumPy array, one row per
   composition with its integer number of subsets (the cards that are not challenge cards form
   one column: they are never played and fall in one class for every card). In each row the
   chosen card is the present card of highest rank, the weakest on ties, as ``Solver.choose``
   picks (an Amoeba's ship counts are plays of their card, ranked alike); rows are grouped by
   (card, ``c``, challenge cards held) and their weights summed as
   integers. Facing a Laser your card is drawn at random instead, so each present card counts
   with its copies.

Every sum is of integers (int64 where the bound is checked first, Python integers otherwise) and
every ratio a ``Fraction``: the plan equals the oracle's exactly, which the tests check with
Hypothesis on small decks, for the opponent models, both sides and the opposing powers.

Limits. An opposing Chronos replays a challenge it lost, and you replay with another card of your
hand: the odds of ``y`` then depend on the rest of ``Y``, fact 1 fails, and the plan uses the
oracle, only up to ``MUTANT_ORACLE_LIMIT`` draw compositions (otherwise a note says it is left
out). ``MUTANT_DRAW_CAP`` bounds the rows of the array (memory); the presets need at most 894,167
(FFG, drawing 8 of 8), far below it.

>>> from cosmic.challenge import BySide, Challenge, Side
>>> from cosmic.cards import parse_cards
>>> from cosmic.decks import preset
>>> from cosmic.powers import Power
>>> from cosmic.odds import solve
>>> c = Challenge(preset("mayfair_1991"), Side.OFFENSE, parse_cards("attack:12", "attack:6"),
...               BySide(4, 2), BySide(0, 3), opponent_hand_size=7,
...               powers=BySide(Power.MUTANT, None))
>>> plan = next(p for p in solve(c).plans if p.name == "mutant")
>>> plan.description, round(float(plan.odds.win), 4)
('draw 5 card(s) to a full hand, then play the best', 0.3621)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm
from typing import Any

import numpy as np
import numpy.typing as npt

from cosmic.cards import Card, strength
from cosmic.challenge import OpponentModel
from cosmic.encounter import Play
from cosmic.errors import BudgetExceededError, CosmicError
from cosmic.hands import (
    NO_CHALLENGE_LEFT,
    Hand,
    as_hand,
    challenge_count,
    compositions,
    lump,
    minus,
    plus,
)
from cosmic.outcomes import REDRAW, Odds, Plan, Tally, add_scaled
from cosmic.powers import MutantRule
from cosmic.solver import Setting, Solver

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

MUTANT_DRAW_CAP = 5_000_000
"""Most compositions of your draw that ``by_classes`` holds in its array (a memory bound)."""

MUTANT_ORACLE_LIMIT = 12
"""Most compositions of your draw that ``by_enumeration`` solves one by one (opposing Chronos)."""

_INT64_SAFE = 2**62


def draw_size(hand: Hand, hand_size: int, unseen_total: int, opponent_random: int) -> int:
    """Cards you draw: up to a full hand, from the unseen cards less the opponent's unknown ones."""
    held = sum(n for _, n in hand)
    return max(0, min(hand_size - held, unseen_total - opponent_random))


def count_draws(caps: Sequence[int], d: int) -> int:
    """Number of compositions of ``d`` cards from classes of ``caps`` cards (without listing them).

    >>> count_draws([2, 1], 2), len(list(compositions([2, 1], 2)))
    (2, 2)
    """
    ways = [1] + [0] * d
    for cap in caps:
        ways = [sum(ways[s - k] for k in range(min(cap, s) + 1)) for s in range(d + 1)]
    return ways[d]


def draw_array(caps: Sequence[int], d: int) -> tuple[Ints, Ints]:
    """Every composition of ``d`` cards from classes of ``caps`` cards, as arrays.

    Returns ``(draws, ways)``: ``draws[i, t]`` cards of class ``t`` in composition ``i`` and
    ``ways[i]`` its number of subsets (the product of ``C(caps[t], draws[i, t])``). The order of
    the rows is unspecified.

    >>> draws, ways = draw_array([2, 1], 2)
    >>> sorted(zip(map(tuple, draws.tolist()), ways.tolist()))
    [((1, 1), 2), ((2, 0), 1)]
    """
    suffix = [0] * (len(caps) + 1)
    for i in range(len(caps) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + caps[i]
    if d > suffix[0]:
        return np.zeros((0, len(caps)), dtype=np.int64), np.zeros(0, dtype=np.int64)
    # Class by class, each partial draw points to the one it extends (no copying of rows).
    left: Ints = np.full(1, d, dtype=np.int64)
    ways: Ints = np.ones(1, dtype=np.int64)
    steps: list[tuple[Ints, Ints]] = []
    for i, cap in enumerate(caps):
        takes = range(min(cap, d) + 1)
        # For each number k taken from this class, the partial draws that can take it and still
        # be completed by the classes after it.
        parents = [np.flatnonzero((left >= k) & (left - k <= suffix[i + 1])) for k in takes]
        parent = np.concatenate(parents)
        count = np.repeat(np.asarray(takes, dtype=np.int64), [len(p) for p in parents])
        left = left[parent] - count
        ways = ways[parent] * np.asarray([comb(cap, k) for k in takes], dtype=np.int64)[count]
        steps.append((parent, count))
    draws: Ints = np.zeros((left.shape[0], len(caps)), dtype=np.int64, order="F")
    index: Ints = np.arange(left.shape[0], dtype=np.int64)
    for i in range(len(caps) - 1, -1, -1):
        parent, count = steps[i]
        draws[:, i] = count[index]
        index = parent[index]
    return draws, ways


def by_enumeration(
    s: Solver, hand: Hand, unseen: Counter[Card], known: Hand, m: int, d: int
) -> Tally:
    """The oracle: a full solve of the challenge for every composition of your draw."""
    types = sorted(unseen)
    counts = [unseen[t] for t in types]
    total = comb(sum(counts), d)
    out: Tally = {}
    for draw, ways in compositions(counts, d):
        drawn = tuple((t, k) for t, k in zip(types, draw, strict=True) if k)
        yours = plus(hand, drawn)
        rest = Counter(unseen)
        rest.subtract(dict(drawn))
        setting = Setting(Fraction(1), yours, known, tuple(sorted((+rest).items())), m)
        add_scaled(out, s.best_row(setting), Fraction(ways, total))
    return out


@dataclass(slots=True)
class _Option:
    """One play you may end up making, with the opponent's card classes relative to its card."""

    play: Play
    held: int
    column: int | None
    reps: list[Card]
    pool: list[int]
    member: list[int]
    nc: int | None
    known: Counter[Card]
    cs: Ints
    where: Ints
    replies: list[Play]
    numerators: list[list[int]]
    denominator: int
    ranks: Ints

    def present(self, draws: Ints) -> Bools:
        """Rows of ``draws`` after which you hold this card."""
        if self.held or self.column is None:
            return np.full(draws.shape[0], self.held > 0)
        out: Bools = draws[:, self.column] > 0
        return out

    def locate(self, draws: Ints, real: npt.NDArray[np.float64], d: int) -> None:
        """Set ``cs`` (the distinct class counts ``c`` of the draws after which you hold the card)
        and ``where`` (each row's position in ``cs``, -1 where you do not hold it).

        ``real`` is ``draws`` as floats: a matrix product on them is exact for these small counts
        and runs on BLAS.
        """
        present = np.flatnonzero(self.present(draws))
        onehot = np.zeros((draws.shape[1], len(self.reps)))
        onehot[np.arange(draws.shape[1]), self.member] = 1.0
        radix = np.asarray([min(n, d) + 1 for n in self.pool], dtype=np.float64)
        if float(np.prod(radix)) < 2.0**52:
            # Mixed-radix code of the class counts: one matrix-vector product for every row.
            stride = np.cumprod(np.concatenate([[1.0], radix[:-1]]))
            codes = (real @ (onehot @ stride))[present].astype(np.int64)
            first, inverse = _distinct(codes)
        else:
            rows = (real[present] @ onehot).astype(np.int64)
            _, first, inverse = np.unique(rows, axis=0, return_index=True, return_inverse=True)
        sub = real[present[first]]
        self.cs = np.rint(sub @ onehot).astype(np.int64).reshape(-1, len(self.reps))
        self.where = np.full(draws.shape[0], -1, dtype=np.int64)
        self.where[present] = inverse.reshape(-1)


def _classes(
    s: Solver,
    play: Play,
    held: int,
    unseen: Counter[Card],
    known: Hand,
    dtypes: list[Card | None],
    hand: Hand,
) -> _Option:
    """``play`` as an option: the classes of opposing cards relative to its card alone
    (``lump``), their unseen counts, the class of each column of the draw array and the
    opponent's known cards."""
    card = play.card
    reps_of = lump(list(unseen) + [c for c, _ in known], s.signature([play], hand))
    reps = sorted(set(reps_of.values()), key=lambda c: (strength(c), c))
    index = {r: j for j, r in enumerate(reps)}
    pool = [0] * len(reps)
    for t, n in unseen.items():
        pool[index[reps_of[t]]] += n
    nc = next((j for j, r in enumerate(reps) if not r.is_challenge), None)
    member: list[int] = []
    for kind in dtypes:
        if kind is None:
            assert nc is not None
            member.append(nc)
        else:
            member.append(index[reps_of[kind]])
    theirs: Counter[Card] = Counter()
    for c, n in known:
        theirs[reps_of[c]] += n
    column = dtypes.index(card) if card in dtypes else None
    empty: Ints = np.zeros(0, dtype=np.int64)
    cs: Ints = np.zeros((0, len(reps)), dtype=np.int64)
    return _Option(play, held, column, reps, pool, member, nc, theirs, cs, empty, [], [], 1, empty)


def _comb_table(n: int, k: int) -> npt.NDArray[Any]:
    """``C(i, j)`` for ``i <= n``, ``j <= k``: int64 when every entry fits, else Python integers."""
    rows = [[comb(i, j) for j in range(k + 1)] for i in range(n + 1)]
    fits = comb(n, min(k, n // 2)) < _INT64_SAFE
    return np.array(rows, dtype=np.int64 if fits else object)


def _shares(
    s: Solver, opt: _Option, known: Counter[Card], h: int, replies: dict[Play, int]
) -> tuple[Ints, list[list[tuple[int, Fraction]]]]:
    """Every composition ``T`` of ``h`` random cards over ``opt``'s classes, and for each the
    opponent's replies to ``opt.play`` (reply index, chance) when ``known + T`` holds a
    challenge card (none otherwise: that hand is replaced)."""
    draws = list(compositions(opt.pool, h))
    shares: list[list[tuple[int, Fraction]]] = []
    for draw, _ in draws:
        hand = Counter(known)
        for r, k in zip(opt.reps, draw, strict=True):
            if k:
                hand[r] += k
        theirs = as_hand(hand)
        row: list[tuple[int, Fraction]] = []
        if challenge_count(theirs):
            for z, p in s.their_play(theirs, opt.play, ()):
                row.append((replies.setdefault(z, len(replies)), p))
        shares.append(row)
    t: Ints = np.asarray([draw for draw, _ in draws], dtype=np.int64).reshape(len(draws), -1)
    return t, shares


def _replies(s: Solver, opt: _Option, m: int, pool_size: int, hand_size: int) -> int:
    """The exact distribution of the opponent's reply to ``opt.play`` for each row of ``opt.cs``.

    Fills ``opt.replies`` (reply classes), ``opt.numerators`` (per row, per reply) and
    ``opt.denominator``; returns the number of opponent compositions enumerated.
    """
    cs = opt.cs
    n_c = cs.shape[0]
    pool: Ints = np.asarray(opt.pool, dtype=np.int64)
    replies: dict[Play, int] = {}
    reach: list[int] = [1] * n_c
    reach_den = 1
    removed = 0
    size, h = pool_size, min(m, pool_size)
    known = opt.known
    known_has = any(c.is_challenge for c in known)
    # Per level: chance of reaching it (numerators per row, denominator), reply numerators per
    # row and reply, their denominator.
    terms: list[tuple[list[int], int, npt.NDArray[Any], int]] = []
    enumerated = 0
    table = _comb_table(int(pool.max(initial=0)), max(m, hand_size))
    cache: dict[tuple[int, Hand], tuple[Ints, list[list[tuple[int, Fraction]]]]] = {}
    while True:
        key = (h, as_hand(known))
        if key not in cache:
            cache[key] = _shares(s, opt, known, h, replies)
        t, shares = cache[key]
        enumerated += len(shares)
        scale = lcm(1, *(p.denominator for row in shares for _, p in row))
        per_level = comb(size, h)
        # Partial products of binomials stay below C(size, k) for some k <= h.
        big = table.dtype == object or scale * comb(size, min(h, size // 2)) >= _INT64_SAFE
        dtype: type = object if big else np.int64
        g: npt.NDArray[Any] = np.zeros((t.shape[0], len(replies)), dtype=dtype)
        for i, row in enumerate(shares):
            for j, p in row:
                g[i, j] += int(p * scale)
        left = pool[None, :] - cs
        if opt.nc is not None:
            left[:, opt.nc] -= removed
        left = np.maximum(left, 0)
        b: npt.NDArray[Any] = np.ones((n_c, t.shape[0]), dtype=dtype)
        for j in range(len(opt.reps)):
            b = b * table[left[:, j][:, None], t[None, :, j]]
        terms.append((list(reach), reach_den, b @ g, scale * per_level))
        if known_has:
            break
        # The hand held no challenge card: it is discarded and a full hand drawn from the rest.
        spare = left[:, opt.nc].tolist() if opt.nc is not None else [0] * n_c
        none = [comb(int(x), h) for x in spare]
        if not any(a * b for a, b in zip(none, reach, strict=True)):
            break
        reach = [a * b for a, b in zip(reach, none, strict=True)]
        reach_den *= per_level
        removed += h
        size -= h
        h = min(hand_size, size)
        if h == 0:
            raise CosmicError(NO_CHALLENGE_LEFT)
        known = Counter()
        known_has = False
    denominator = 1
    for _, _, _, den in terms:
        denominator *= den
    if len(terms) == 1:
        numerators: list[list[int]] = terms[0][2].tolist()
    else:
        total: npt.NDArray[Any] = np.zeros((n_c, len(replies)), dtype=object)
        for reach_l, reach_den_l, numer, den in terms:
            mult = denominator // (reach_den_l * den)
            factor = np.asarray(reach_l, dtype=object)[:, None] * mult
            total[:, : numer.shape[1]] += factor * numer.astype(object)
        numerators = total.tolist()
    opt.replies = sorted(replies, key=lambda z: replies[z])
    s.counter.check()
    opt.numerators = [[int(v) for v in row] for row in numerators]
    opt.denominator = denominator
    return enumerated


_FIELDS = ("win", "lose", "deal", "redraw", "warp", "removed", "bases")


def _keys(s: Solver, opt: _Option, alts: list[str]) -> list[tuple[Fraction, ...]]:
    """The sort key of the odds of making ``opt.play`` for each row of ``opt.cs`` (``alts``: the
    edict played at the reveal against each reply)."""
    finals = [s.final_odds((opt.play, z, 0, 0, a)) for z, a in zip(opt.replies, alts, strict=True)]
    columns: list[tuple[list[int], int]] = []
    for name in _FIELDS:
        values: list[Fraction] = [getattr(o, name) for o in finals]
        den = lcm(1, *(v.denominator for v in values))
        columns.append(([int(v * den) for v in values], den * opt.denominator))
    keys: list[tuple[Fraction, ...]] = []
    for row in opt.numerators:
        win, lose, deal, redraw, warp, removed, bases = (
            Fraction(sum(a * b for a, b in zip(row, ints, strict=True)), den)
            for ints, den in columns
        )
        odds = Odds(win, lose, deal, redraw, warp, removed, bases, None)
        keys.append(odds.key(s.c.objective))
    return keys


def _distinct(codes: Ints) -> tuple[Ints, Ints]:
    """One position of each distinct code and each code's rank among them (``np.unique``'s
    ``return_index`` and ``return_inverse``, by counting when the codes are small)."""
    top = int(codes.max(initial=0))
    if top > 4 * codes.shape[0] + 1_000_000:
        _, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
        return first.astype(np.int64), inverse.reshape(-1).astype(np.int64)
    seen = np.zeros(top + 1, dtype=np.bool_)
    seen[codes] = True
    rank = np.cumsum(seen, dtype=np.int64) - 1
    at = np.zeros(top + 1, dtype=np.int64)
    at[codes] = np.arange(codes.shape[0], dtype=np.int64)
    return at[seen], rank[codes]


def _group_sums(keys: Ints, weights: Ints, bound: int) -> tuple[Ints, Ints]:
    """Distinct ``keys`` (small non-negative integers) and the sum of ``weights`` over each.

    ``bound`` is at least the sum of all ``weights``: below 2**52 the sums are done in floats,
    which is exact there; otherwise in int64.
    """
    if bound < 2**52:
        sums = np.bincount(keys, weights=weights.astype(np.float64))
        distinct = np.flatnonzero(sums)
        return distinct, np.rint(sums[distinct]).astype(np.int64)
    distinct, inverse = np.unique(keys, return_inverse=True)
    out: Ints = np.zeros(distinct.shape[0], dtype=np.int64)
    np.add.at(out, inverse.reshape(-1), weights)
    return distinct, out


def by_classes(s: Solver, hand: Hand, unseen: Counter[Card], known: Hand, m: int, d: int) -> Tally:
    """The same tally as ``by_enumeration``, by the method of the module docstring.

    Not for an opposing Chronos (see the module docstring); ``d`` at most the unseen cards less
    the opponent's random ones.
    """
    assert not s.op.time_travels, "an opposing Chronos needs by_enumeration"
    total_unseen = sum(unseen.values())
    ch_types = sorted((t for t in unseen if t.is_challenge), key=strength)
    nc_count = sum(n for t, n in unseen.items() if not t.is_challenge)
    dtypes: list[Card | None] = [*ch_types, *([None] if nc_count else [])]
    caps = [unseen[t] for t in ch_types] + ([nc_count] if nc_count else [])
    draws, ways = draw_array(caps, d)
    total = comb(total_unseen, d)
    drawn_ch: Ints = draws[:, : len(ch_types)].sum(axis=1)
    held_ch = challenge_count(hand)
    ch_held: Ints = held_ch + drawn_ch
    if not any(c.is_challenge for c, _ in known) and bool(
        (drawn_ch == sum(caps[: len(ch_types)])).any()
    ):
        raise CosmicError(NO_CHALLENGE_LEFT)
    left = sum(n for _, n in hand) + d - 1
    held = dict(hand)
    option_cards = sorted({c for c, _ in hand if c.is_challenge} | set(ch_types), key=strength)

    real = draws.astype(np.float64)
    options: list[_Option] = []
    all_keys: set[tuple[Fraction, ...]] = set()
    key_lists: list[list[tuple[Fraction, ...]]] = []
    alt_lists: list[list[str]] = []
    for card in option_cards:
        for play in s.your_plays(card):
            opt = _classes(s, play, held.get(card, 0), unseen, known, dtypes, hand)
            opt.locate(draws, real, d)
            s.counter.tick(_replies(s, opt, m, total_unseen - d, s.c.deck.hand_size))
            alts = [s.reveal_choice(hand, play, z) for z in opt.replies]
            keys = _keys(s, opt, alts)
            all_keys.update(keys)
            key_lists.append(keys)
            alt_lists.append(alts)
            options.append(opt)
    del real
    rank_of = {k: i for i, k in enumerate(sorted(all_keys))}
    for opt, keys in zip(options, key_lists, strict=True):
        opt.ranks = np.asarray([rank_of[k] for k in keys], dtype=np.int64)

    out: Tally = {}
    none_held = ch_held == 0
    if none_held.any():
        out[REDRAW] = Fraction(int(ways[none_held].sum()), total)
    # For each card: the rows where it is played and their weights.
    chosen: list[tuple[_Option, Ints, Ints]] = []
    if s.op.randomises_opponent:
        # Facing a Laser: each card you hold is played with chance copies / challenge cards,
        # with the best ship count for it (an Amoeba's plays of one card are present together).
        by_card: dict[Card, list[int]] = {}
        for i, opt in enumerate(options):
            by_card.setdefault(opt.play.card, []).append(i)
        for members in by_card.values():
            present = options[members[0]].where >= 0
            top_rank: Ints = np.full(draws.shape[0], -1, dtype=np.int64)
            top: Ints = np.full(draws.shape[0], -1, dtype=np.int64)
            for i in members:
                opt = options[i]
                rank = np.where(present, opt.ranks[np.maximum(opt.where, 0)], -1)
                better = rank > top_rank
                top_rank[better] = rank[better]
                top[better] = i
            for i in members:
                opt = options[i]
                rows = np.flatnonzero(top == i)
                copies = opt.held + (draws[rows, opt.column] if opt.column is not None else 0)
                chosen.append((opt, rows, ways[rows] * copies))
    else:
        # The card of highest rank; on equal ranks the first, that is the weakest (as ``choose``).
        best_rank: Ints = np.full(draws.shape[0], -1, dtype=np.int64)
        best: Ints = np.full(draws.shape[0], -1, dtype=np.int64)
        for i, opt in enumerate(options):
            rank = np.where(opt.where >= 0, opt.ranks[np.maximum(opt.where, 0)], -1)
            better = rank > best_rank
            best_rank[better] = rank[better]
            best[better] = i
        for i, opt in enumerate(options):
            rows = np.flatnonzero(best == i)
            chosen.append((opt, rows, ways[rows]))
    radix_ch = int(ch_held.max(initial=0)) + 1
    for opt, rows, weight in chosen:
        if not rows.shape[0]:
            continue
        bound = total * (s.c.deck.hand_size if s.op.randomises_opponent else 1)
        groups, sums = _group_sums(opt.where[rows] * radix_ch + ch_held[rows], weight, bound)
        per_held: dict[int, list[int]] = {}
        for g, w in zip(groups.tolist(), sums.tolist(), strict=True):
            row_index, n_ch = divmod(g, radix_ch)
            acc = per_held.setdefault(n_ch, [0] * len(opt.replies))
            for j, v in enumerate(opt.numerators[row_index]):
                acc[j] += w * v
        alts = alt_lists[options.index(opt)]
        for n_ch, acc in per_held.items():
            divisor = total * opt.denominator * (n_ch if s.op.randomises_opponent else 1)
            for z, alt, v in zip(opt.replies, alts, acc, strict=True):
                if v:
                    key = (opt.play, z, left - (1 if alt else 0), n_ch - 1, alt)
                    out[key] = out.get(key, Fraction(0)) + Fraction(v, divisor)
    return out


def draw_tally(
    s: Solver, hand: Hand, unseen: Counter[Card], known: Hand, m: int, d: int, who: str
) -> tuple[Tally | None, list[str]]:
    """The tally of "draw ``d`` cards to ``hand``, see them, play the best", or notes saying why
    it is left out (``who`` names the plan in the notes)."""
    try:
        return _draw_tally(s, hand, unseen, known, m, d, who)
    except CosmicError as exc:
        if isinstance(exc, BudgetExceededError):
            raise
        return None, [f"{who}: left out: {exc}."]


def _draw_tally(
    s: Solver, hand: Hand, unseen: Counter[Card], known: Hand, m: int, d: int, who: str
) -> tuple[Tally | None, list[str]]:
    if s.c.opponent is OpponentModel.EQUILIBRIUM:
        return None, [
            f"{who}: under the equilibrium model each draw is its own game; the draw is not "
            "modelled. Draw, then enter the new hand."
        ]
    total_unseen = sum(unseen.values())
    if s.op.time_travels:
        draws = count_draws([unseen[t] for t in sorted(unseen)], d)
        if draws > MUTANT_ORACLE_LIMIT:
            return None, [
                f"{who} against a Chronos: its replay makes each card's odds depend on the rest "
                f"of your hand, so each draw needs its own solve; drawing {d} card(s) has {draws} "
                f"compositions, above {MUTANT_ORACLE_LIMIT}, so Fleetlab leaves the draw out "
                "rather than approximate it. Draw, then enter the new hand."
            ]
        return by_enumeration(s, hand, unseen, known, m, d), []
    ch = [n for t, n in unseen.items() if t.is_challenge]
    nc = total_unseen - sum(ch)
    draws = count_draws([*ch, *([nc] if nc else [])], d)
    if draws > MUTANT_DRAW_CAP or comb(total_unseen, d) >= _INT64_SAFE:
        return None, [
            f"{who}: drawing {d} card(s) has {draws} compositions, above the "
            f"{MUTANT_DRAW_CAP} Fleetlab holds in memory; the draw is left out rather than "
            "approximated. Draw, then enter the new hand."
        ]
    return by_classes(s, hand, unseen, known, m, d), []


def _context(s: Solver) -> tuple[Counter[Card], Hand, int]:
    c = s.c
    return c.unseen(), as_hand(c.opponent_hand_known), c.opponent_random


def mutant_plan(s: Solver, hand: Hand) -> tuple[Plan | None, list[str]]:
    """The plan "draw to a full hand, then play the best card", or notes saying why it is out."""
    unseen, known, m = _context(s)
    d = draw_size(hand, s.c.deck.hand_size, sum(unseen.values()), m)
    if d == 0:
        return None, ["Mutant: no card is left to draw besides the opponent's hand."]
    notes: list[str] = []
    if d < s.c.deck.hand_size - sum(n for _, n in hand):
        notes.append(f"Mutant: only {d} card(s) are left to draw besides the opponent's hand.")
    tally, said = draw_tally(s, hand, unseen, known, m, d, "Mutant")
    notes.extend(said)
    if tally is None:
        return None, notes
    return Plan(
        "mutant", f"draw {d} card(s) to a full hand, then play the best", s.odds(tally)
    ), notes


def take_plan(s: Solver, hand: Hand) -> tuple[Plan | None, list[str]]:
    """The plan "take one card from the opponent's hand, draw the rest, play the best".

    The text lets a Mutant fill its hand "either by drawing from the deck or taking one from a
    hapless player". Taking from the opponent, you take one of its cards at random and see it;
    it plays what is left (and draws a new hand if nothing left is a challenge card: Fleetlab
    checks for a challenge card when the opponent must play). A card it is known to hold is taken
    with the same chance as each unknown one. Taking an unknown card is, by symmetry, drawing one
    more unseen card while the opponent holds one unknown card fewer, so the plan is a mixture of
    exact draws (``draw_tally``).
    """
    c = s.c
    if c.options.mutant_rule is MutantRule.DECK:
        return None, []
    unseen, known, m = _context(s)
    k = sum(n for _, n in known)
    room = c.deck.hand_size - sum(n for _, n in hand)
    if k + m == 0 or room <= 0:
        return None, []
    notes: list[str] = []
    out: Tally = {}
    total = k + m
    parts: list[tuple[Fraction, Hand, Hand, int, int]] = []
    # A known card taken: it joins your hand; you draw the rest from the deck.
    for card, n in known:
        left_hand = plus(hand, ((card, 1),))
        d = draw_size(left_hand, c.deck.hand_size, sum(unseen.values()), m)
        parts.append((Fraction(n, total), left_hand, minus(known, card), m, d))
    if m:
        # An unknown card taken: one more unseen card for you, one fewer for the opponent.
        d = draw_size(hand, c.deck.hand_size, sum(unseen.values()), m - 1)
        parts.append((Fraction(m, total), hand, known, m - 1, d))
    for prob, yours, theirs_known, opp_m, d in parts:
        if d == 0:
            worlds_setting = Setting(
                Fraction(1), yours, theirs_known, tuple(sorted(unseen.items())), opp_m
            )
            tally: Tally | None = s.best_row(worlds_setting)
            said: list[str] = []
        else:
            tally, said = draw_tally(s, yours, unseen, theirs_known, opp_m, d, "Mutant's take")
        if tally is None:
            return None, said
        notes.extend(n for n in said if n not in notes)
        add_scaled(out, tally, prob)
    description = "take a card from the opponent's hand, draw the rest, then play the best"
    return Plan("mutant take", description, s.odds(out)), notes


def redraw_plan(s: Solver) -> tuple[Plan, list[str]]:
    """The plan of a hand without a challenge card: discard it, draw a new hand, play its best.

    The new hand comes from the unseen cards less the opponent's unknown ones, as your Mutant's
    draw does (``draw_tally`` with an empty hand); a new hand that again holds no challenge card
    is counted in ``redraw``. When the draw cannot be computed the plan is ``redraw`` = 1.
    """
    unseen, known, m = _context(s)
    d = draw_size((), s.c.deck.hand_size, sum(unseen.values()), m)
    description = "discard your hand, draw a new one, then play its best card"
    tally, notes = (
        (None, ["Redraw: no card is left to draw."])
        if d == 0
        else draw_tally(s, (), unseen, known, m, d, "Redraw")
    )
    if tally is None:
        return Plan(
            "redraw", "discard your hand and draw a new one", s.odds({REDRAW: Fraction(1)})
        ), notes
    return Plan("redraw", description, s.odds(tally)), notes
