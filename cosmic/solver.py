"""The exact enumeration of one challenge: plays, the opponent's choices, tallies of outcomes.

``Solver`` holds one challenge and everything derived from it once: the table at the reveal,
both players' power rules, the effective opponent model, a cache of encounters. Its methods are
the building blocks of every answer: ``cosmic.odds`` (the report), ``cosmic.mutant`` (your own
Mutant's draw), ``cosmic.equilibrium`` (the zero-sum game), ``cosmic.simulate`` (the seeded
check) all use them, so each rule is applied in one place.

Vocabulary:

* A **play** (``cosmic.encounter.Play``) is a card and the ships its player has in the encounter.
  Your plays of a card are its committed ships, or every count an Amoeba may choose with it.
* A **world** is a pair of hands with its probability; the opponent's hands are enumerated
  exactly (``cosmic.hands``) after merging cards that play the same part (``lump``).
* A **tally** (``cosmic.outcomes.Tally``) maps final states to probabilities.

Two ways of enumerating the opponent's hands, with the same answers:

* *per card*: for committed play, the odds of one of your cards depend on the opponent's hand
  only through classes of opposing cards relative to that card alone (those it beats, those
  that beat it, ... and how the opponent model ranks them), so each card gets its own, short
  enumeration. This is what makes large hands and an Amoeba's many ship counts fast.
* *joint*: when one choice depends on several of your cards at once (your Mind looks, then
  chooses; your Oracle replies; a Chronos replays with another card; the equilibrium game), the
  classes are relative to all your cards together.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from cosmic.budget import Budget
from cosmic.cards import Card, CardKind, Edict, strength
from cosmic.challenge import Challenge, OpponentModel
from cosmic.encounter import Encounter, Play, Result, resolve
from cosmic.errors import NotModelledError
from cosmic.hands import (
    Hand,
    HandCounter,
    challenge_count,
    hand_distribution,
    lump,
    minus,
)
from cosmic.outcomes import REDRAW, AllyOdds, Final, Odds, Tally, add_scaled
from cosmic.powers import AmoebaTiming, Power, PowerRule
from cosmic.sides import Side
from cosmic.table import Table

__all__ = ["Setting", "Solver", "World", "model_ships", "options_of", "uniform_choice"]

World = tuple[Hand, Hand, Fraction]
"""Your hand, the opponent's hand and the probability."""

Utility = tuple[int, Fraction, tuple[int, int], int]


def options_of(hand: Hand) -> list[Card]:
    """The challenge cards of a hand, weakest first."""
    return sorted((c for c, _ in hand if c.is_challenge), key=strength)


def uniform_choice(hand: Hand) -> list[tuple[Card, Fraction]]:
    """Each challenge card of ``hand`` with its chance when one is drawn at random (by copies)."""
    total = challenge_count(hand)
    return [(c, Fraction(n, total)) for c, n in hand if c.is_challenge]


def keep_challenge_card(left: int, left_challenge: int, given: int) -> Fraction:
    """Chance that ``left_challenge`` challenge cards are not all among ``given`` random cards of
    the ``left`` cards of a hand."""
    given = min(given, left)
    if left_challenge == 0:
        return Fraction(0)
    if given < left_challenge:
        return Fraction(1)
    return 1 - Fraction(comb(left - left_challenge, given - left_challenge), comb(left, given))


def model_ships(table: Table, side: Side, model: OpponentModel, card: Card) -> int:
    """The ships a main player who chooses by ``model`` plays ``card`` with.

    Only an Amoeba under the text's timing chooses: under ``highest`` it plays an attack or a
    morph with every ship it can ooze in (its strongest play) and keeps a compromise's ships as
    committed; under ``random`` it keeps its committed ships. (Under ``best_response`` and
    ``equilibrium`` the count is part of its choice.)
    """
    choices = table.ship_choices(side)
    if model is OpponentModel.HIGHEST and card.kind in (CardKind.ATTACK, CardKind.MORPH):
        return choices.stop - 1
    return table.ships.of(side)


@dataclass(frozen=True, slots=True)
class Setting:
    """What you know before choosing: your hand, the opponent's known cards and how many of its
    cards are unseen, with the chance of this setting (an opposing Mutant's take makes several).
    """

    prob: Fraction
    yours: Hand
    known: Hand
    unseen: tuple[tuple[Card, int], ...]
    m: int

    def unseen_counter(self) -> Counter[Card]:
        """The unseen cards as a ``Counter``."""
        return Counter(dict(self.unseen))


class Solver:
    """The enumeration for one challenge; caches encounters, utilities and opponent hands."""

    def __init__(self, challenge: Challenge, budget: Budget | None = None) -> None:
        self.c = challenge
        self.table: Table = challenge.table
        self.you = challenge.you
        self.them = challenge.you.other
        self.me: PowerRule = self.table.rule(self.you)
        self.op: PowerRule = self.table.rule(self.them)
        self.counter = HandCounter(budget)
        self._enc: dict[tuple[Play, Play, str], Encounter] = {}
        self._odds_cache: dict[Final, Odds] = {}
        self._utility: dict[tuple[Play, Play], Utility] = {}
        self._worlds: dict[Hashable, list[tuple[Hand, Fraction]]] = {}
        self._reps: dict[Hashable, dict[Card, Card]] = {}
        p = challenge.deal_chance
        self.deal_p = p
        self.deal_loss_me = Fraction(0) if self.me.warp_proof else 3 * (1 - p)
        model = challenge.opponent
        if self.me.randomises_opponent:
            model = OpponentModel.RANDOM
        elif self.op.sees_card_first and model is not OpponentModel.EQUILIBRIUM:
            model = OpponentModel.BEST_RESPONSE
        self.model = model
        # An allied Mind shows you the opponent's hand: the same plan as your own Mind.
        self.sees_hand = self.me.sees_hand or challenge.allied_power(self.you, Power.MIND)
        self.chronos = self.me.time_travels or self.op.time_travels

    # ----- plays ------------------------------------------------------------------------------

    def your_plays(self, card: Card) -> list[Play]:
        """Your plays of ``card``: committed ships, or every count an Amoeba may choose."""
        return [Play(card, n) for n in self.table.ship_choices(self.you)]

    def their_model_ships(self, card: Card) -> int:
        """The opponent's ship count with ``card`` under the ``highest`` and ``random`` models
        (``model_ships``)."""
        return model_ships(self.table, self.them, self.model, card)

    def their_plays(self, card: Card) -> list[Play]:
        """Every play of ``card`` open to the opponent."""
        return [Play(card, n) for n in self.table.ship_choices(self.them)]

    def candidate_plays(self, card: Card) -> list[Play]:
        """The opponent's plays of ``card`` that its model may choose against some play of yours."""
        if self.model in (OpponentModel.HIGHEST, OpponentModel.RANDOM):
            return [Play(card, self.their_model_ships(card))]
        return self.their_plays(card)

    # ----- encounters -------------------------------------------------------------------------

    def alt_table(self, alt: str) -> Table:
        """The table when you play the edict ``alt`` at the reveal (``""``: none)."""
        if not alt:
            return self.table
        if alt == Edict.EMOTION_CONTROL.value:
            return self.table.with_edict(Edict.EMOTION_CONTROL)
        target = alt.removeprefix("zap:")
        if target == self.them.value:
            return self.table.without_power(self.them)
        index = int(target.rsplit("[", 1)[1].rstrip("]"))
        allies = list(self.table.allies.of(self.them))
        a = allies[index]
        allies[index] = type(a)(a.ships, None, a.name)
        t = self.table
        return Table(
            t.ships, t.allies.replace(self.them, tuple(allies)), t.powers, t.options, t.edicts
        )

    def reveal_alts(self, yours: Hand) -> list[str]:
        """The edicts you may play at the reveal with ``yours`` (``""`` first: none).

        Emotion Control acts at the reveal; a Cosmic Zap there cancels an opposing power that
        changes the resolution (Virus, Macron, Empath, Void, Zombie, an Amoeba that oozes after
        the reveal; an allied Macron or Zombie). Zapping a Chronos's time travel is not
        modelled. A held Ionic Gas would only keep cards from consolation and deny rewards,
        which the objective does not weigh, so it is not played.
        """
        held = {c.edict for c, _ in yours if c.edict is not Edict.NONE}
        alts = [""]
        if Edict.EMOTION_CONTROL in held:
            alts.append(Edict.EMOTION_CONTROL.value)
        if Edict.COSMIC_ZAP in held:
            op = self.op
            oozes_late = op.oozes and self.table.options.amoeba_timing is AmoebaTiming.AFTER_REVEAL
            if (op.acts_at_reveal and not op.time_travels and not op.keeps_card) or oozes_late:
                alts.append(f"zap:{self.them.value}")
            for i, ally in enumerate(self.table.allies.of(self.them)):
                if ally.power in (Power.MACRON, Power.ZOMBIE):
                    alts.append(f"zap:{self.them.value}.allies[{i}]")
        return alts

    def enc(self, mine: Play, theirs: Play, alt: str = "") -> Encounter:
        """The encounter when you play ``mine`` and the opponent ``theirs`` (and you ``alt``)."""
        key = (mine, theirs, alt)
        found = self._enc.get(key)
        if found is None:
            table = self.alt_table(alt)
            if self.you is Side.OFFENSE:
                found = resolve(table, mine, theirs)
            else:
                found = resolve(table, theirs, mine)
            self._enc[key] = found
        return found

    def you_lost(self, e: Encounter) -> bool:
        """True when you lose ``e`` (both losing included)."""
        return e.result.lost(self.you)

    def they_lost(self, e: Encounter) -> bool:
        """True when the opponent loses ``e`` (both losing included)."""
        return e.result.lost(self.them)

    def their_utility(self, mine: Play, theirs: Play) -> Utility:
        """How the opponent ranks playing ``theirs`` against ``mine`` (larger is better): it wins
        if it can, else makes a deal, else loses the fewest ships; then it keeps its stronger
        cards and, as an Amoeba, its ships at home."""
        found = self._utility.get((mine, theirs))
        if found is None:
            found = self._utility[(mine, theirs)] = self._rank(mine, theirs)
        return found

    def _rank(self, mine: Play, theirs: Play) -> Utility:
        e = self.enc(mine, theirs)
        weaker = (-strength(theirs.card)[0], -strength(theirs.card)[1])
        if e.result is Result.DEAL:
            loss = Fraction(0) if self.op.warp_proof else 3 * (1 - self.deal_p)
            return (1, -loss, weaker, -theirs.ships)
        rank = 2 if e.result.winner() is self.them else 0
        lost = Fraction(e.warp.of(self.them) + e.removed.of(self.them))
        return (rank, -lost, weaker, -theirs.ships)

    def signature(
        self, plays: Sequence[Play], yours: Hand, reverse: Sequence[Card] = ()
    ) -> Callable[[Card], Hashable]:
        """What makes two opposing cards interchangeable against your ``plays``.

        Two cards with equal signatures give the same outcome, for you and for every ally,
        against each of ``plays`` (after any edict you play at the reveal), and the opponent
        ranks them alike. ``reverse`` (your cards, when the hands are swapped by a Trader) adds
        the outcomes of playing the opposing card against them.
        """
        alts = self.reveal_alts(yours)
        reverse_theirs = [q for y in reverse for q in self.candidate_plays(y)]

        def summary(e: Encounter) -> Hashable:
            return (e.result, e.warp, e.removed, e.consolation, e.ally_warp, e.ally_removed)

        def sig(card: Card) -> Hashable:
            out: list[Hashable] = []
            for p in plays:
                for q in self.candidate_plays(card):
                    out.append(tuple(summary(self.enc(p, q, alt)) for alt in alts))
                    out.append(self.their_utility(p, q)[:2])
            for q in reverse_theirs:
                for p in self.your_plays(card):
                    out.append(tuple(summary(self.enc(p, q, alt)) for alt in alts))
            return tuple(out)

        return sig

    # ----- outcomes ---------------------------------------------------------------------------

    def reveal_choice(self, yours: Hand, mine: Play, theirs: Play) -> str:
        """The edict you play at the reveal when ``mine`` meets ``theirs`` (``""``: none helps).

        The choice compares the odds' keys, which do not depend on the rest of your hand.
        """
        alts = self.reveal_alts(yours)
        if len(alts) == 1:
            return ""
        best, best_key = "", self.final_odds((mine, theirs, 0, 0, "")).key(self.c.objective)
        for alt in alts[1:]:
            key = self.final_odds((mine, theirs, 0, 0, alt)).key(self.c.objective)
            if key > best_key:
                best, best_key = alt, key
        return best

    def end(self, yours: Hand, mine: Play, theirs: Play) -> Final:
        """The final state when ``mine`` meets ``theirs``, with the best edict you may play at
        the reveal (none when none helps; a played edict leaves your hand)."""
        left = minus(yours, mine.card)
        alt = self.reveal_choice(yours, mine, theirs)
        n_left = sum(n for _, n in left) - (1 if alt else 0)
        return (mine, theirs, n_left, challenge_count(left), alt)

    def final_odds(self, key: Final) -> Odds:
        """The odds of one final state (probability 1)."""
        cached = self._odds_cache.get(key)
        if cached is not None:
            return cached
        zero, one = Fraction(0), Fraction(1)
        offense = self.you is Side.OFFENSE
        can_again = offense and not self.c.second_challenge
        mine, theirs, left, left_ch, alt = key
        if mine is None or theirs is None:
            odds = Odds(zero, zero, zero, one, zero, zero, zero, zero if offense else None)
            self._odds_cache[key] = odds
            return odds
        kept = self.me.keeps_card and mine.card.is_challenge
        e = self.enc(mine, theirs, alt)
        p = self.deal_p
        again: Fraction | None = zero if offense else None
        if e.result is Result.DEAL:
            if can_again:
                again = p if (kept or left_ch > 0) else zero
            win, lose, deal, warp, removed, bases = zero, zero, one, self.deal_loss_me, zero, p
        elif e.result.winner() is self.you:
            if can_again:
                again = one if kept else keep_challenge_card(left, left_ch, e.consolation)
            win, lose, deal, warp, removed = one, zero, zero, zero, zero
            bases = one if offense else zero
        else:
            win, lose, deal = zero, one, zero
            warp, removed = Fraction(e.warp.of(self.you)), Fraction(e.removed.of(self.you))
            bases = zero if offense else -one
        odds = Odds(win, lose, deal, zero, warp, removed, bases, again, self._allies(e))
        self._odds_cache[key] = odds
        return odds

    def _allies(self, e: Encounter) -> tuple[AllyOdds, ...]:
        out: list[AllyOdds] = []
        winner = e.result.winner()
        for side in Side:
            for i, ally in enumerate(self.table.allies.of(side)):
                lost = e.ally_warp.of(side)[i] + e.ally_removed.of(side)[i]
                rewards = e.rewards[i] if side is Side.DEFENSE else 0
                bases = e.colonies[i] if side is Side.OFFENSE else 0
                out.append(
                    AllyOdds(
                        side,
                        ally.label(side, i),
                        Fraction(int(winner is side)),
                        Fraction(lost),
                        Fraction(rewards),
                        Fraction(bases),
                    )
                )
        return tuple(out)

    def odds(self, tally: Tally) -> Odds:
        """Expected odds of a tally (weights summing to its probability)."""
        fields = [Fraction(0)] * 7
        again = Fraction(0)
        allies = [[Fraction(0)] * 4 for _ in self._ally_slots()]
        for key, w in tally.items():
            o = self.final_odds(key)
            for i, v in enumerate((o.win, o.lose, o.deal, o.redraw, o.warp, o.removed, o.bases)):
                if v:
                    fields[i] += w * v
            if o.again:
                again += w * o.again
            for acc, a in zip(allies, o.allies, strict=False):
                acc[0] += w * a.win
                acc[1] += w * a.lost
                acc[2] += w * a.rewards
                acc[3] += w * a.bases
        win, lose, deal, redraw, warp, removed, bases = fields
        ally_odds = tuple(
            AllyOdds(side, name, *acc)
            for (side, name), acc in zip(self._ally_slots(), allies, strict=True)
        )
        return Odds(
            win,
            lose,
            deal,
            redraw,
            warp,
            removed,
            bases,
            again if self.you is Side.OFFENSE else None,
            ally_odds,
        )

    def _ally_slots(self) -> list[tuple[Side, str]]:
        return [
            (side, ally.label(side, i))
            for side in Side
            for i, ally in enumerate(self.table.allies.of(side))
        ]

    def better(self, a: Odds, b: Odds) -> bool:
        """True when ``a`` is strictly better than ``b`` for the objective."""
        return a.key(self.c.objective) > b.key(self.c.objective)

    # ----- choices ----------------------------------------------------------------------------

    def their_play(
        self, theirs: Hand, mine: Play | None, yours: Hand
    ) -> list[tuple[Play, Fraction]]:
        """The opponent's play and its chance; ``mine`` is your play if it knows it (``None``: it
        plays first, against your Oracle)."""
        options = options_of(theirs)
        if self.model is OpponentModel.EQUILIBRIUM:
            raise NotModelledError(
                "the equilibrium opponent has no single play: cosmic.equilibrium"
            )
        if self.model is OpponentModel.RANDOM:
            return [(Play(z, self.their_model_ships(z)), p) for z, p in uniform_choice(theirs)]
        if self.model is OpponentModel.HIGHEST:
            z = max(options, key=strength)
            return [(Play(z, self.their_model_ships(z)), Fraction(1))]
        plays = [q for z in options for q in self.their_plays(z)]
        if mine is not None:
            return [(max(plays, key=lambda q: self.their_utility(mine, q)), Fraction(1))]
        # Playing first against an Oracle: the play whose best reply is worst for you.
        replies = [p for y in options_of(yours) for p in self.your_plays(y)]

        def your_best(q: Play) -> tuple[Fraction, ...]:
            return max(
                self.final_odds(self.end(yours, p, q)).key(self.c.objective) for p in replies
            )

        worst = min(plays, key=lambda q: (your_best(q), strength(q.card), q.ships))
        return [(worst, Fraction(1))]

    def best_play(self, tallies: dict[Play, Tally]) -> tuple[Play, Tally]:
        """The best of several plays (the weakest card, then the fewest ships, on ties)."""
        best: tuple[Play, Tally] | None = None
        best_odds: Odds | None = None
        for play in sorted(tallies, key=lambda q: (strength(q.card), q.card, q.ships)):
            o = self.odds(tallies[play])
            if best_odds is None or self.better(o, best_odds):
                best, best_odds = (play, tallies[play]), o
        assert best is not None
        return best

    def choose(self, yours: Hand, tallies: dict[Card, Tally]) -> Tally:
        """Your choice among cards with known tallies (random when facing a Laser)."""
        out: Tally = {}
        if self.op.randomises_opponent:
            total = sum(n for c, n in yours if c in tallies)
            for c, n in yours:
                if c in tallies:
                    add_scaled(out, tallies[c], Fraction(n, total))
            return out
        return self.best_play({Play(c, 0): t for c, t in tallies.items()})[1]

    # ----- one challenge ----------------------------------------------------------------------

    def _second(self, yours: Hand, avail: Hand, theirs: Hand) -> dict[Play, Tally]:
        """Tallies of each play you may make in a replay, the opponent replying from ``theirs``."""
        out: dict[Play, Tally] = {}
        for y2 in options_of(avail):
            for p2 in self.your_plays(y2):
                t: Tally = {}
                for q2, s in self.their_play(theirs, p2, yours):
                    k = self.end(yours, p2, q2)
                    t[k] = t.get(k, Fraction(0)) + s
                out[p2] = t
        return out

    def pair(
        self,
        yours: Hand,
        theirs: Hand,
        mine: Play,
        their_play: Play,
        p: Fraction,
        know: bool,
        direct: Tally,
        buckets: dict[tuple[Play, Play], Tally],
    ) -> None:
        """Add the outcome of a revealed pair, with Chronos's replay, at probability ``p``."""
        replay: dict[Play, Tally] | None = None
        if self.chronos:
            e = self.enc(mine, their_play)
            if self.me.time_travels and self.you_lost(e):
                rest = minus(theirs, their_play.card) if challenge_count(theirs) > 1 else theirs
                replay = self._second(yours, yours, rest)
            elif self.op.time_travels and self.they_lost(e):
                avail = minus(yours, mine.card) if challenge_count(yours) > 1 else yours
                replay = self._second(yours, avail, theirs)
        if replay is None:
            k = self.end(yours, mine, their_play)
            direct[k] = direct.get(k, Fraction(0)) + p
        elif know or self.op.randomises_opponent:
            if self.op.randomises_opponent:
                by_card: dict[Card, Tally] = {}
                for play, t in replay.items():
                    by_card.setdefault(play.card, t)
                add_scaled(direct, self.choose(yours, by_card), p)
            else:
                add_scaled(direct, self.best_play(replay)[1], p)
        else:
            for y2, t in replay.items():
                bucket = buckets.setdefault((their_play, y2), {})
                add_scaled(bucket, t, p)

    def settle(self, direct: Tally, buckets: dict[tuple[Play, Play], Tally]) -> Tally:
        """Choose each replay play knowing only the play the opponent revealed first."""
        by_first: dict[Play, dict[Play, Tally]] = {}
        for (first, y2), t in buckets.items():
            by_first.setdefault(first, {})[y2] = t
        out = dict(direct)
        for options in by_first.values():
            add_scaled(out, self.best_play(options)[1], Fraction(1))
        return out

    def play(self, yours: Hand, theirs: Hand, mine: Play, know: bool) -> Tally:
        """The tally when you play ``mine`` (probability 1) in one world."""
        direct: Tally = {}
        buckets: dict[tuple[Play, Play], Tally] = {}
        for q, s in self.their_play(theirs, mine, yours):
            self.pair(yours, theirs, mine, q, s, know, direct, buckets)
        return self.settle(direct, buckets)

    # ----- hands ------------------------------------------------------------------------------

    def opponent_hands(
        self,
        yours: Hand,
        unseen: Counter[Card],
        known: Hand,
        m: int,
        plays: Sequence[Play] | None = None,
        reverse: bool = False,
    ) -> list[tuple[Hand, Fraction]]:
        """The opponent's hand distribution, lumped relative to your ``plays`` (all plays of
        your challenge cards by default), with an opposing Mutant's refill."""
        chosen = tuple(self.all_plays(yours) if plays is None else plays)
        key = (yours, tuple(sorted(unseen.items())), known, m, chosen, reverse)
        found = self._worlds.get(key)
        if found is not None:
            return found
        reps = self.lumping(yours, unseen, known, chosen, reverse)
        refill = None
        target = self.c.deck.hand_size
        size = sum(n for _, n in known) + m
        if self.op.refills and size < target:
            refill = ((), target - size)
        found = hand_distribution(known, m, unseen, target, reps, self.counter, refill)
        self._worlds[key] = found
        return found

    def all_plays(self, yours: Hand) -> list[Play]:
        """Every play of your challenge cards."""
        return [p for card in options_of(yours) for p in self.your_plays(card)]

    def lumping(
        self,
        yours: Hand,
        unseen: Counter[Card],
        known: Hand,
        plays: Sequence[Play] | None = None,
        reverse: bool = False,
    ) -> dict[Card, Card]:
        """Each opposing card type's class representative relative to your ``plays``."""
        chosen = tuple(self.all_plays(yours) if plays is None else plays)
        key = ("reps", yours, tuple(sorted(unseen.items())), known, chosen, reverse)
        found = self._reps.get(key)
        if found is None:
            sig = self.signature(chosen, yours, options_of(yours) if reverse else ())
            found = self._reps[key] = lump(list(unseen) + [c for c, _ in known], sig)
        return found

    def setting_worlds(
        self, s: Setting, plays: Sequence[Play] | None = None, reverse: bool = False
    ) -> list[tuple[Hand, Fraction]]:
        """The opponent's hands in one setting, lumped relative to ``plays`` (all yours)."""
        return self.opponent_hands(s.yours, s.unseen_counter(), s.known, s.m, plays, reverse)

    # ----- modes ------------------------------------------------------------------------------

    def card_rows(self, s: Setting) -> dict[Card, tuple[Play, Tally]]:
        """Committed play in one setting: each card of your hand, with its best ship count,
        against every opponent hand.

        Without a Chronos each play's hands are enumerated relative to that play alone; with
        one, the replay depends on your other cards, so the enumeration is joint.
        """
        out: dict[Card, tuple[Play, Tally]] = {}
        yours = s.yours
        joint = self.setting_worlds(s) if self.chronos else None
        for card in options_of(yours):
            per_play: dict[Play, Tally] = {}
            for mine in self.your_plays(card):
                worlds = joint if joint is not None else self.setting_worlds(s, (mine,))
                direct: Tally = {}
                buckets: dict[tuple[Play, Play], Tally] = {}
                for theirs, w in worlds:
                    for q, p in self.their_play(theirs, mine, yours):
                        self.pair(yours, theirs, mine, q, w * p, False, direct, buckets)
                per_play[mine] = self.settle(direct, buckets)
            out[card] = self.best_play(per_play)
        return out

    def group_rows(
        self, settings: Sequence[Setting], hand: Hand
    ) -> tuple[dict[Card, tuple[int, Tally]], Tally]:
        """Committed play over settings that differ in your hand (cards an opposing Mutant took):
        each card's ``(ships, tally)`` and the tally of your best choice.

        A card no longer in your hand counts as the best card you still hold.
        """
        committed = self.table.ships.of(self.you)
        rows: dict[Card, tuple[int, Tally]] = {c: (committed, {}) for c in options_of(hand)}
        best: Tally = {}
        for st in settings:
            group_rows = self.card_rows(st)
            tallies = {card: t for card, (_, t) in group_rows.items()}
            fallback = self.choose(st.yours, tallies) if tallies else {REDRAW: Fraction(1)}
            add_scaled(best, fallback, st.prob)
            for card, (_, acc) in rows.items():
                found = group_rows.get(card)
                add_scaled(acc, found[1] if found else fallback, st.prob)
                if found is not None:
                    rows[card] = (found[0].ships, acc)
        return rows, best

    def best_row(self, s: Setting) -> Tally:
        """The tally of the best committed card (or random under a Laser); redraw if none."""
        rows = self.card_rows(s)
        if not rows:
            return {REDRAW: Fraction(1)}
        return self.choose(s.yours, {card: t for card, (_, t) in rows.items()})

    def adaptive(self, worlds: Iterable[World]) -> Tally:
        """You see both hands (yours, and the opponent's) before choosing your play."""
        out: Tally = {}
        for yours, theirs, w in worlds:
            if challenge_count(yours) == 0:
                out[REDRAW] = out.get(REDRAW, Fraction(0)) + w
                continue
            per: dict[Card, Tally] = {}
            for card in options_of(yours):
                per[card] = self.best_play(
                    {mine: self.play(yours, theirs, mine, True) for mine in self.your_plays(card)}
                )[1]
            add_scaled(out, self.choose(yours, per), w)
        return out

    def oracle(self, worlds: Iterable[World]) -> Tally:
        """The opponent reveals its play first and you reply to it."""
        out: Tally = {}
        for yours, theirs, w in worlds:
            for q, s in self.their_play(theirs, None, yours):
                per: dict[Card, Tally] = {}
                for card in options_of(yours):
                    tallies: dict[Play, Tally] = {}
                    for mine in self.your_plays(card):
                        direct: Tally = {}
                        buckets: dict[tuple[Play, Play], Tally] = {}
                        self.pair(yours, theirs, mine, q, Fraction(1), True, direct, buckets)
                        tallies[mine] = self.settle(direct, buckets)
                    per[card] = self.best_play(tallies)[1]
                add_scaled(out, self.choose(yours, per), w * s)
        return out
