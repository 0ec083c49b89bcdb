"""Exact challenge odds: every card you could play, the best card and the plans powers offer.

``solve(challenge)`` enumerates the compositions of the opponent's hand (``cosmic.hands``), lets
the opponent choose its card by the chosen model, resolves each pair of cards
(``cosmic.resolve``) and sums exact probabilities. Nothing is sampled.

The answer (``Report``) has:

* ``cards``: for each challenge card in your hand, the odds if you play it (``Odds``).
* ``best``: the card with the best odds for the objective (``None`` when a Laser chooses it).
* ``plans``: what you can do before cards are chosen, when a power offers a choice (look at the
  hand as the Mind, trade as the Trader, give a card as the Philanthropist, draw as the Mutant,
  reply to the revealed card as the Oracle) and the best plan. The Mutant's draw has its own
  exact method, in ``cosmic.mutant``.

Your hand holding no challenge card is not a question of which card to play: you discard it and
draw a new hand before cards are chosen. Fleetlab does not guess that unseen hand: the report has
no card rows and its plan has ``redraw`` = 1 (as the Mutant you may instead draw to a full hand:
that plan is computed). Where a power leaves you without a challenge card
(an opposing Mutant takes it, you give it away) those worlds count in ``redraw`` too, so that
``win + lose + deal + redraw = 1``. The opponent's redraw is modelled exactly.

>>> from cosmic.challenge import Challenge, Side, BySide, cards
>>> from cosmic.decks import preset
>>> c = Challenge(preset("mayfair_1991"), Side.OFFENSE, cards("attack:12", "attack:6",
...               "compromise"), BySide(4, 2), BySide(0, 3), opponent_hand_size=7)
>>> report = solve(c)
>>> str(report.best), round(float(report.row("attack:12").win), 4)
('attack:12', 0.0682)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from cosmic.cards import Card, strength
from cosmic.challenge import Challenge, Objective, OpponentModel, Side
from cosmic.hands import (
    Hand,
    HandCounter,
    as_hand,
    challenge_count,
    compositions,
    hand_distribution,
    lump,
)
from cosmic.powers import PowerRule, rule
from cosmic.resolve import Encounter, Result, resolve

Final = tuple[Card | None, Card | None, int, int]
"""Your card, its card, cards left in your hand, challenge cards among them (``None``: redraw)."""
Tally = dict[Final, Fraction]
World = tuple[Hand, Hand, Fraction]
"""Your hand, the opponent's hand and the probability."""

REDRAW: Final = (None, None, 0, 0)


@dataclass(frozen=True, slots=True)
class Odds:
    """Exact outcome of a way to play, from your side.

    Attributes:
        win, lose, deal: probabilities that you win, lose (or both lose), or a deal is forced.
        redraw: probability that you must discard and draw a new hand (no challenge card left).
        warp: expected ships you lose to the warp (a failed deal counts three).
        removed: expected ships of yours removed from the game by a winning Void.
        bases: expected bases gained: +1 when the offense wins, -1 when the defense loses, +1 for
            each main player when a deal is made.
        again: for the offense on its first challenge, the chance it may challenge again (it
            succeeded and still holds a challenge card after consolation); ``None`` otherwise.
    """

    win: Fraction
    lose: Fraction
    deal: Fraction
    redraw: Fraction
    warp: Fraction
    removed: Fraction
    bases: Fraction
    again: Fraction | None

    def key(self, objective: Objective) -> tuple[Fraction, ...]:
        """Sort key: larger is better for ``objective``."""
        lost = -(self.warp + self.removed)
        if objective is Objective.AVOID_LOSS:
            return (-self.lose, self.win, lost, self.bases)
        return (self.win, -self.lose, lost, self.bases)


@dataclass(frozen=True, slots=True)
class CardOdds:
    """The odds of playing one card."""

    card: Card
    odds: Odds


@dataclass(frozen=True, slots=True)
class Plan:
    """A way to play the challenge from the start, with its odds."""

    name: str
    description: str
    odds: Odds


@dataclass(frozen=True, slots=True)
class Report:
    """The answer for a challenge (see the module docstring)."""

    challenge: Challenge
    cards: tuple[CardOdds, ...]
    best: Card | None
    plans: tuple[Plan, ...]
    best_plan: Plan
    notes: tuple[str, ...]
    compositions: int

    def row(self, card: Card | str) -> Odds:
        """The odds of one card of your hand."""
        wanted = Card.parse(card) if isinstance(card, str) else card
        for row in self.cards:
            if row.card == wanted:
                return row.odds
        raise KeyError(str(wanted))


def _minus(hand: Hand, card: Card) -> Hand:
    return tuple((c, n - (c == card)) for c, n in hand if n - (c == card) > 0)


def _plus(hand: Hand, cards: Iterable[tuple[Card, int]]) -> Hand:
    counter = Counter(dict(hand))
    for c, n in cards:
        counter[c] += n
    return as_hand(counter)


def _options(hand: Hand) -> list[Card]:
    return [c for c, _ in hand if c.is_challenge]


def _uniform(hand: Hand) -> list[tuple[Card, Fraction]]:
    total = challenge_count(hand)
    return [(c, Fraction(n, total)) for c, n in hand if c.is_challenge]


def _add(into: Tally, tally: Tally, scale: Fraction) -> None:
    for k, v in tally.items():
        into[k] = into.get(k, Fraction(0)) + v * scale


def _keep_challenge_card(left: int, left_challenge: int, given: int) -> Fraction:
    """Chance that ``left_challenge`` challenge cards are not all among ``given`` random cards."""
    given = min(given, left)
    if left_challenge == 0:
        return Fraction(0)
    if given < left_challenge:
        return Fraction(1)
    return 1 - Fraction(comb(left - left_challenge, given - left_challenge), comb(left, given))


class _Solver:
    """The enumeration for one challenge; caches encounters and utilities."""

    def __init__(self, challenge: Challenge) -> None:
        self.c = challenge
        self.you = challenge.you
        self.me: PowerRule = rule(challenge.your_power)
        self.op: PowerRule = rule(challenge.their_power)
        self.counter = HandCounter()
        self._enc: dict[tuple[Card, Card], Encounter] = {}
        self._odds_cache: dict[Final, Odds] = {}
        self._utility: dict[tuple[Card, Card], tuple[int, Fraction, tuple[int, int]]] = {}
        p = challenge.deal_success
        self.deal_loss_me = Fraction(0) if self.me.warp_proof else 3 * (1 - p)
        self.deal_loss_op = Fraction(0) if self.op.warp_proof else 3 * (1 - p)
        model = challenge.opponent
        if self.me.randomises_opponent:
            model = OpponentModel.RANDOM
        elif self.op.sees_card_first:
            model = OpponentModel.BEST_RESPONSE
        self.model = model

    # ----- encounters -------------------------------------------------------------------------

    def enc(self, mine: Card, theirs: Card) -> Encounter:
        """The encounter when you play ``mine`` and the opponent ``theirs``."""
        key = (mine, theirs)
        found = self._enc.get(key)
        if found is None:
            if self.you is Side.OFFENSE:
                found = resolve(self.c, mine, theirs)
            else:
                found = resolve(self.c, theirs, mine)
            self._enc[key] = found
        return found

    def _you_lost(self, e: Encounter) -> bool:
        return e.result is Result.BOTH_LOSE or e.result.winner() is self.you.other

    def _they_lost(self, e: Encounter) -> bool:
        return e.result is Result.BOTH_LOSE or e.result.winner() is self.you

    def their_utility(self, mine: Card, theirs: Card) -> tuple[int, Fraction, tuple[int, int]]:
        """How the opponent ranks playing ``theirs`` against ``mine`` (larger is better)."""
        found = self._utility.get((mine, theirs))
        if found is None:
            found = self._utility[(mine, theirs)] = self._rank(mine, theirs)
        return found

    def _rank(self, mine: Card, theirs: Card) -> tuple[int, Fraction, tuple[int, int]]:
        e = self.enc(mine, theirs)
        them = self.you.other
        if e.result is Result.DEAL:
            return (1, -self.deal_loss_op, (-strength(theirs)[0], -strength(theirs)[1]))
        rank = 2 if e.result.winner() is them else 0
        lost = Fraction(e.warp.of(them) + e.removed.of(them))
        return (rank, -lost, (-strength(theirs)[0], -strength(theirs)[1]))

    def signature(self, your_types: list[Card]) -> Callable[[Card], Hashable]:
        """What makes two opposing cards interchangeable against the cards in ``your_types``."""

        def summary(e: Encounter) -> Hashable:
            return (e.result, e.ships, e.warp, e.removed, e.consolation)

        def sig(card: Card) -> Hashable:
            return tuple(
                (
                    summary(self.enc(y, card)),
                    summary(self.enc(card, y)),
                    self.their_utility(y, card)[:2],
                )
                for y in your_types
            )

        return sig

    # ----- outcomes ---------------------------------------------------------------------------

    def final_odds(self, key: Final) -> Odds:
        """The odds of one final state (probability 1)."""
        cached = self._odds_cache.get(key)
        if cached is not None:
            return cached
        zero = Fraction(0)
        offense = self.you is Side.OFFENSE
        can_again = offense and not self.c.second_challenge
        mine, theirs, left, left_ch = key
        if mine is None or theirs is None:
            odds = Odds(zero, zero, zero, Fraction(1), zero, zero, zero, zero if offense else None)
            self._odds_cache[key] = odds
            return odds
        kept = self.me.keeps_card and mine.is_challenge
        e = self.enc(mine, theirs)
        p = self.c.deal_success
        again: Fraction | None = zero if offense else None
        if e.result is Result.DEAL:
            if can_again:
                again = p if (kept or left_ch > 0) else zero
            odds = Odds(zero, zero, Fraction(1), zero, self.deal_loss_me, zero, p, again)
        elif e.result.winner() is self.you:
            if can_again:
                again = Fraction(1) if kept else _keep_challenge_card(left, left_ch, e.consolation)
            bases = Fraction(1) if offense else zero
            odds = Odds(Fraction(1), zero, zero, zero, zero, zero, bases, again)
        else:
            bases = zero if offense else Fraction(-1)
            odds = Odds(
                zero,
                Fraction(1),
                zero,
                zero,
                Fraction(e.warp.of(self.you)),
                Fraction(e.removed.of(self.you)),
                bases,
                again,
            )
        self._odds_cache[key] = odds
        return odds

    def odds(self, tally: Tally) -> Odds:
        """Expected odds of a tally (weights summing to its probability)."""
        fields = [Fraction(0)] * 7
        again = Fraction(0)
        for key, w in tally.items():
            o = self.final_odds(key)
            for i, v in enumerate((o.win, o.lose, o.deal, o.redraw, o.warp, o.removed, o.bases)):
                fields[i] += w * v
            if o.again is not None:
                again += w * o.again
        win, lose, deal, redraw, warp, removed, bases = fields
        return Odds(
            win, lose, deal, redraw, warp, removed, bases,
            again if self.you is Side.OFFENSE else None,
        )  # fmt: skip

    def better(self, a: Odds, b: Odds) -> bool:
        """True when ``a`` is strictly better than ``b`` for the objective."""
        return a.key(self.c.objective) > b.key(self.c.objective)

    # ----- choices ----------------------------------------------------------------------------

    def their_play(
        self, theirs: Hand, mine: Card | None, yours: Hand
    ) -> list[tuple[Card, Fraction]]:
        """The opponent's card; ``mine`` is your card if it knows it, ``None`` if it plays first."""
        options = _options(theirs)
        if self.model is OpponentModel.RANDOM:
            return _uniform(theirs)
        if self.model is OpponentModel.HIGHEST:
            return [(max(options, key=strength), Fraction(1))]
        if mine is not None:
            return [(max(options, key=lambda z: self.their_utility(mine, z)), Fraction(1))]
        # Playing first against an Oracle: the card whose best reply is worst for you.
        replies = _options(yours)

        def your_best(z: Card) -> tuple[Fraction, ...]:
            return max(self.final_odds((y, z, 0, 0)).key(self.c.objective) for y in replies)

        worst = min(options, key=lambda z: (your_best(z), strength(z)))
        return [(worst, Fraction(1))]

    def choose(self, yours: Hand, tallies: dict[Card, Tally]) -> Tally:
        """Your choice among options with known tallies (random when facing a Laser)."""
        out: Tally = {}
        if self.op.randomises_opponent:
            total = sum(n for c, n in yours if c in tallies)
            for c, n in yours:
                if c in tallies:
                    _add(out, tallies[c], Fraction(n, total))
            return out
        best: Card | None = None
        best_odds: Odds | None = None
        for card in sorted(tallies, key=strength):
            o = self.odds(tallies[card])
            if best_odds is None or self.better(o, best_odds):
                best, best_odds = card, o
        assert best is not None
        return tallies[best]

    # ----- one challenge ----------------------------------------------------------------------

    def _end(self, yours: Hand, mine: Card, theirs: Card) -> Final:
        left = _minus(yours, mine)
        return (mine, theirs, sum(n for _, n in left), challenge_count(left))

    def _second(self, yours: Hand, avail: Hand, theirs: Hand, know: bool) -> dict[Card, Tally]:
        """Tallies of each card you may play in a replay, the opponent replying from ``theirs``."""
        out: dict[Card, Tally] = {}
        for y2 in _options(avail):
            t: Tally = {}
            for z2, s in self.their_play(theirs, y2, yours):
                k = self._end(yours, y2, z2)
                t[k] = t.get(k, Fraction(0)) + s
            out[y2] = t
        return out

    def pair(
        self,
        yours: Hand,
        theirs: Hand,
        mine: Card,
        their_card: Card,
        p: Fraction,
        know: bool,
        direct: Tally,
        buckets: dict[tuple[Card, Card], Tally],
    ) -> None:
        """Add the outcome of a revealed pair, with Chronos's replay, at probability ``p``."""
        e = self.enc(mine, their_card)
        replay: dict[Card, Tally] | None = None
        if self.me.time_travels and self._you_lost(e):
            rest = _minus(theirs, their_card) if challenge_count(theirs) > 1 else theirs
            replay = self._second(yours, yours, rest, know)
        elif self.op.time_travels and self._they_lost(e):
            avail = _minus(yours, mine) if challenge_count(yours) > 1 else yours
            replay = self._second(yours, avail, theirs, know)
        if replay is None:
            k = self._end(yours, mine, their_card)
            direct[k] = direct.get(k, Fraction(0)) + p
        elif know or self.op.randomises_opponent:
            _add(direct, self.choose(yours, replay), p)
        else:
            for y2, t in replay.items():
                bucket = buckets.setdefault((their_card, y2), {})
                _add(bucket, t, p)

    def settle(self, direct: Tally, buckets: dict[tuple[Card, Card], Tally]) -> Tally:
        """Choose each replay card knowing only the card the opponent revealed first."""
        by_first: dict[Card, dict[Card, Tally]] = {}
        for (first, y2), t in buckets.items():
            by_first.setdefault(first, {})[y2] = t
        out = dict(direct)
        for options in by_first.values():
            best: Tally | None = None
            best_odds: Odds | None = None
            for y2 in sorted(options, key=strength):
                o = self.odds(options[y2])
                if best_odds is None or self.better(o, best_odds):
                    best, best_odds = options[y2], o
            assert best is not None
            _add(out, best, Fraction(1))
        return out

    def play(
        self, yours: Hand, theirs: Hand, mine: Card, know: bool
    ) -> tuple[Tally, dict[tuple[Card, Card], Tally]]:
        """Tallies when you play ``mine`` (probability 1) in one world."""
        direct: Tally = {}
        buckets: dict[tuple[Card, Card], Tally] = {}
        for z, s in self.their_play(theirs, mine, yours):
            self.pair(yours, theirs, mine, z, s, know, direct, buckets)
        return direct, buckets

    # ----- modes ------------------------------------------------------------------------------

    def rows(self, yours: Hand, worlds: list[tuple[Hand, Fraction]]) -> dict[Card, Tally]:
        """Committed play: each card of ``yours`` against every opponent hand."""
        out: dict[Card, Tally] = {}
        if challenge_count(yours) == 0:
            return out
        for mine in _options(yours):
            direct: Tally = {}
            buckets: dict[tuple[Card, Card], Tally] = {}
            for theirs, w in worlds:
                for z, s in self.their_play(theirs, mine, yours):
                    self.pair(yours, theirs, mine, z, w * s, False, direct, buckets)
            out[mine] = self.settle(direct, buckets)
        return out

    def best_row(self, yours: Hand, worlds: list[tuple[Hand, Fraction]]) -> Tally:
        """The tally of the best committed card (or random under a Laser); redraw if none."""
        rows = self.rows(yours, worlds)
        if not rows:
            return {REDRAW: Fraction(1)}
        return self.choose(yours, rows)

    def adaptive(self, worlds: Iterable[World]) -> Tally:
        """You see both hands' worth of information you have (your hand, and its hand) first."""
        out: Tally = {}
        for yours, theirs, w in worlds:
            if challenge_count(yours) == 0:
                out[REDRAW] = out.get(REDRAW, Fraction(0)) + w
                continue
            per: dict[Card, Tally] = {}
            for mine in _options(yours):
                direct, buckets = self.play(yours, theirs, mine, True)
                per[mine] = self.settle(direct, buckets)
            _add(out, self.choose(yours, per), w)
        return out

    def oracle(self, worlds: Iterable[World]) -> Tally:
        """The opponent reveals first and you reply to its card."""
        out: Tally = {}
        for yours, theirs, w in worlds:
            for z, s in self.their_play(theirs, None, yours):
                per: dict[Card, Tally] = {}
                for mine in _options(yours):
                    direct: Tally = {}
                    buckets: dict[tuple[Card, Card], Tally] = {}
                    self.pair(yours, theirs, mine, z, Fraction(1), True, direct, buckets)
                    per[mine] = self.settle(direct, buckets)
                _add(out, self.choose(yours, per), w * s)
        return out

    # ----- hands ------------------------------------------------------------------------------

    def opponent_hands(
        self,
        yours: Hand,
        unseen: Counter[Card],
        known: Hand,
        m: int,
        extra_types: Iterable[Card] = (),
    ) -> list[tuple[Hand, Fraction]]:
        """The opponent's hand distribution, with an opposing Mutant's refill."""
        types = sorted({c for c, _ in yours if c.is_challenge} | set(extra_types), key=strength)
        reps = lump(list(unseen) + [c for c, _ in known], self.signature(types))
        refill = None
        target = self.c.deck.hand_size
        size = sum(n for _, n in known) + m
        if self.op.refills and size < target:
            refill = ((), target - size)
        return hand_distribution(known, m, unseen, target, reps, self.counter, refill)


def _group_rows(
    solver: _Solver, groups: list[tuple[Fraction, Hand, list[tuple[Hand, Fraction]]]], hand: Hand
) -> tuple[dict[Card, Tally], Tally]:
    """Rows over groups of worlds that differ in your hand (cards an opposing Mutant took).

    A card no longer in your hand counts as the best card you still hold.
    """
    rows: dict[Card, Tally] = {c: {} for c in _options(hand)}
    best: Tally = {}
    for prob, yours, worlds in groups:
        group_rows = solver.rows(yours, worlds)
        fallback = solver.choose(yours, group_rows) if group_rows else {REDRAW: Fraction(1)}
        _add(best, fallback, prob)
        for card in rows:
            _add(rows[card], group_rows.get(card, fallback), prob)
    return rows, best


def solve(challenge: Challenge) -> Report:
    """The exact odds of every card and plan for ``challenge`` (see the module docstring)."""
    s = _Solver(challenge)
    c = challenge
    hand = as_hand(c.hand)
    unseen = c.unseen()
    known = as_hand(c.opponent_hand_known)
    m = c.opponent_random
    notes: list[str] = []
    if not c.deck.exact:
        notes.append(f"Deck {c.deck.name!r} is an estimate: {c.deck.note}")
    plans: list[Plan] = []
    rows: dict[Card, Tally] = {}

    mutant = s.me.refills and len(c.hand) < c.deck.hand_size
    if challenge_count(hand) == 0:
        notes.append(
            "Your hand holds no challenge card: you discard it and draw a new hand before cards "
            "are chosen. Enter the new hand to get its odds."
        )
        plans.append(
            Plan("redraw", "discard your hand and draw a new one", s.odds({REDRAW: Fraction(1)}))
        )
        if mutant:
            notes.append("As the Mutant you may instead draw to a full hand: see plan 'mutant'.")
            _add_mutant_plan(s, hand, unseen, known, m, plans, notes)
        return Report(c, (), None, tuple(plans), _best_plan(s, plans), tuple(notes),
                      s.counter.compositions)  # fmt: skip

    # Groups of worlds: (probability, your hand, opponent hands) before your own choices.
    groups: list[tuple[Fraction, Hand, list[tuple[Hand, Fraction]]]] = []
    takes = c.options.takes_from_hands if s.op.refills else 0
    size = c.opponent_hand_size
    if takes and size < c.deck.hand_size:
        takes = min(takes, c.deck.hand_size - size, sum(n for _, n in hand))
        types = [card for card, _ in hand]
        counts = [n for _, n in hand]
        total = comb(sum(counts), takes)
        for draw, ways in compositions(counts, takes):
            taken = tuple((card, k) for card, k in zip(types, draw, strict=True) if k)
            left = as_hand(Counter(dict(hand)) - Counter(dict(taken)))
            worlds = s.opponent_hands(left, unseen, _plus(known, taken), m)
            # The Mutant's own refill: ``opponent_hands`` fills the rest from the deck.
            groups.append((Fraction(ways, total), left, worlds))
        notes.append(
            f"The opposing Mutant takes {takes} card(s) at random from your hand before you "
            "choose (text rule); a card it took is replaced by your best remaining card."
        )
    else:
        groups.append((Fraction(1), hand, s.opponent_hands(hand, unseen, known, m)))

    def worlds_of(swap: bool) -> list[World]:
        out: list[World] = []
        for prob, yours, worlds in groups:
            for theirs, w in worlds:
                out.append((theirs, yours, prob * w) if swap else (yours, theirs, prob * w))
        return out

    they_trade = s.op.trades and c.options.trader_swaps
    if they_trade:
        notes.append(
            "The opposing Trader swaps hands before cards are chosen: you play its hand, "
            "seen once you hold it, and it plays yours."
        )
        tally = s.adaptive(worlds_of(swap=True))
        plans.append(
            Plan("traded", "the Trader swaps hands; play the best card you receive", s.odds(tally))
        )
    else:
        rows, best_tally = _group_rows(s, groups, hand)
        if s.op.randomises_opponent:
            plans.append(
                Plan("laser", "the opposing Laser draws your card at random", s.odds(best_tally))
            )
        else:
            plans.append(Plan("play", "play the best card in the table", s.odds(best_tally)))

    if s.me.sees_hand:
        tally = s.adaptive(worlds_of(swap=False))
        plans.append(Plan("mind", "look at the opponent's hand, then choose", s.odds(tally)))
    if s.me.sees_card_first:
        tally = s.oracle(worlds_of(swap=False))
        plans.append(Plan("oracle", "see the opponent's card first, then reply", s.odds(tally)))
    if s.me.trades:
        tally = s.adaptive(worlds_of(swap=True))
        plans.append(
            Plan("trade", "trade hands, then play the best card you receive", s.odds(tally))
        )
    if s.me.gives:
        for gift, _ in hand:
            left = _minus(hand, gift)
            worlds = s.opponent_hands(left, unseen, _plus(known, ((gift, 1),)), m, [gift])
            tally = s.best_row(left, worlds)
            plans.append(
                Plan(f"give {gift}", f"give {gift} to the opponent, then play", s.odds(tally))
            )
    if mutant:
        _add_mutant_plan(s, hand, unseen, known, m, plans, notes)

    best: Card | None = None
    if rows and not s.op.randomises_opponent:
        best = _best_card(s, rows)
    card_rows = tuple(
        CardOdds(card, s.odds(t)) for card, t in sorted(rows.items(), key=lambda r: strength(r[0]))
    )
    return Report(
        c, card_rows, best, tuple(plans), _best_plan(s, plans), tuple(notes),
        s.counter.compositions,
    )  # fmt: skip


def _best_plan(s: _Solver, plans: list[Plan]) -> Plan:
    best_plan = plans[0]
    for plan in plans[1:]:
        if s.better(plan.odds, best_plan.odds):
            best_plan = plan
    return best_plan


def _add_mutant_plan(
    s: _Solver,
    hand: Hand,
    unseen: Counter[Card],
    known: Hand,
    m: int,
    plans: list[Plan],
    notes: list[str],
) -> None:
    """Your own Mutant's draw (``cosmic.mutant``, which builds on this module: imported here)."""
    from cosmic.mutant import mutant_plan

    plan, said = mutant_plan(s, hand, unseen, known, m)
    notes.extend(said)
    if plan is not None:
        plans.append(plan)


def _best_card(s: _Solver, rows: dict[Card, Tally]) -> Card:
    best: Card | None = None
    best_odds: Odds | None = None
    for card in sorted(rows, key=strength):
        o = s.odds(rows[card])
        if best_odds is None or s.better(o, best_odds):
            best, best_odds = card, o
    assert best is not None
    return best
