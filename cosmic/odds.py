"""Exact challenge odds: every card you could play, the best card and the plans powers offer.

``solve(challenge)`` enumerates the compositions of the opponent's hand (``cosmic.hands``), lets
the opponent choose its card by the chosen model, resolves each pair of plays
(``cosmic.encounter``) and sums exact probabilities (``cosmic.solver``). Nothing is sampled.

The answer (``Report``) has:

* ``cards``: for each challenge card in your hand, the odds if you play it (``CardOdds``; an
  Amoeba's row has the ship count it plays the card with).
* ``best``: the card with the best odds for the objective (``None`` when a Laser chooses it, or
  when the equilibrium strategy mixes several cards).
* ``plans``: what you can do before cards are chosen, when a power or an edict offers a choice
  (look at the hand as the Mind, trade as the Trader, give a card as the Philanthropist, draw or
  take as the Mutant, reply to the revealed card as the Oracle, zap a power, raise a Force
  Field) and the best plan.
* ``equilibrium``: under ``opponent: "equilibrium"``, your equilibrium strategy, the value it
  guarantees and the opponent's equilibrium play (``cosmic.equilibrium``).

Your hand holding no challenge card is not a question of which card to play: you discard it and
draw a new hand before cards are chosen. The report has no card rows; the plan ``redraw`` gives
the exact odds of drawing the new hand and playing its best card (``cosmic.mutant``), with any
second redraw counted in ``redraw``. Where a power leaves you without a challenge card (an
opposing Mutant takes it, you give it away) those worlds count in ``redraw`` too, so that
``win + lose + deal + redraw = 1``. The opponent's redraw is modelled exactly.

>>> from cosmic.challenge import Challenge, Side, BySide
>>> from cosmic.cards import parse_cards
>>> from cosmic.decks import preset
>>> c = Challenge(preset("mayfair_1991"), Side.OFFENSE, parse_cards("attack:12", "attack:6",
...               "compromise"), BySide(4, 2), BySide(0, 3), opponent_hand_size=7)
>>> report = solve(c)
>>> str(report.best), round(float(report.row("attack:12").win), 4)
('attack:12', 0.0682)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from cosmic.budget import Budget, Progress, no_progress
from cosmic.cards import Card, Edict, strength
from cosmic.challenge import Challenge, OpponentModel
from cosmic.edicts import EDICTS, PlayedEdict
from cosmic.encounter import Play
from cosmic.equilibrium import Equilibrium, equilibrium_report
from cosmic.errors import NotModelledError
from cosmic.hands import Hand, as_hand, challenge_count, compositions, minus, plus
from cosmic.mutant import mutant_plan, redraw_plan, take_plan
from cosmic.outcomes import REDRAW, CardOdds, Odds, Plan, Tally
from cosmic.powers import AmoebaTiming, Power
from cosmic.solver import Setting, Solver, World

__all__ = ["CardOdds", "Odds", "Plan", "Report", "solve"]


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
    equilibrium: Equilibrium | None = None

    def row(self, card: Card | str) -> Odds:
        """The odds of one card of your hand."""
        wanted = Card.parse(card) if isinstance(card, str) else card
        for row in self.cards:
            if row.card == wanted:
                return row.odds
        raise KeyError(str(wanted))

    def card_row(self, card: Card | str) -> CardOdds:
        """The row of one card of your hand (with its ship count)."""
        wanted = Card.parse(card) if isinstance(card, str) else card
        for row in self.cards:
            if row.card == wanted:
                return row
        raise KeyError(str(wanted))

    def plan(self, name: str) -> Plan:
        """One plan by name."""
        for p in self.plans:
            if p.name == name:
                return p
        raise KeyError(name)


def _settings(s: Solver, hand: Hand, notes: list[str]) -> list[Setting]:
    """What you may know before choosing: one setting, or one per set of cards an opposing
    Mutant takes from your hand (text rule)."""
    c = s.c
    unseen = tuple(sorted(c.unseen().items()))
    known = as_hand(c.opponent_hand_known)
    m = c.opponent_random
    takes = c.options.takes_from_hands if s.op.refills else 0
    size = c.opponent_hand_size
    if not (takes and size < c.deck.hand_size and hand):
        return [Setting(Fraction(1), hand, known, unseen, m)]
    takes = min(takes, c.deck.hand_size - size, sum(n for _, n in hand))
    types = [card for card, _ in hand]
    counts = [n for _, n in hand]
    total = comb(sum(counts), takes)
    out: list[Setting] = []
    for draw, ways in compositions(counts, takes):
        taken = tuple((card, k) for card, k in zip(types, draw, strict=True) if k)
        left = as_hand(Counter(dict(hand)) - Counter(dict(taken)))
        # The Mutant's own refill: ``opponent_hands`` fills the rest from the deck.
        out.append(Setting(Fraction(ways, total), left, plus(known, taken), unseen, m))
    notes.append(
        f"The opposing Mutant takes {takes} card(s) at random from your hand before you "
        "choose (text rule); a card it took is replaced by your best remaining card."
    )
    return out


def _worlds(s: Solver, settings: list[Setting], swap: bool) -> list[World]:
    out: list[World] = []
    for st in settings:
        for theirs, w in s.setting_worlds(st, reverse=swap):
            p = st.prob * w
            out.append((theirs, st.yours, p) if swap else (st.yours, theirs, p))
    return out


def _held_notes(c: Challenge) -> list[str]:
    notes: list[str] = []
    for card in sorted(set(c.hand)):
        if card.edict is not Edict.NONE and not EDICTS[card.edict].changes_challenge:
            notes.append(
                f"{card} in your hand does not change a challenge "
                f"({EDICTS[card.edict].summary}): it is a hand place."
            )
    if any(k.kind.value == "edict" for k in c.unseen()):
        notes.append(
            "Edicts the opponent may hold are unknown cards: the opponent models do not play them."
        )
    return notes


def solve(
    challenge: Challenge,
    *,
    budget: Budget | float | None = None,
    progress: Progress | None = None,
) -> Report:
    """The exact odds of every card and plan for ``challenge`` (see the module docstring).

    Args:
        challenge: the challenge.
        budget: seconds (or a ``Budget``) the solve may take; past it, ``BudgetExceededError``.
        progress: called with the fraction done and the stage being computed.
    """
    clock = budget if isinstance(budget, Budget) else Budget(budget)
    report = progress or no_progress
    s = Solver(challenge, clock)
    c = challenge
    hand = as_hand(c.hand)
    notes: list[str] = []
    if not c.deck.exact:
        notes.append(f"Deck {c.deck.name!r} is an estimate: {c.deck.note}")
    notes.extend(_held_notes(c))
    if s.op.oozes and c.options.amoeba_timing is AmoebaTiming.TEXT:
        notes.append(
            "The opposing Amoeba chooses its ships with its card: "
            + {
                OpponentModel.HIGHEST: "its strongest play, every ship it can ooze in with an "
                "attack or a morph, its committed ships with a compromise.",
                OpponentModel.RANDOM: "it keeps its committed ships.",
                OpponentModel.BEST_RESPONSE: "the count that does best against your play.",
                OpponentModel.EQUILIBRIUM: "part of its equilibrium strategy.",
            }[s.model]
        )
    plans: list[Plan] = []
    rows: dict[Card, tuple[int, Tally]] = {}
    equilibrium = None
    stages = _stages(s, hand)
    done = 0

    def step(label: str) -> None:
        nonlocal done
        report(done / stages, label)
        done += 1

    mutant = s.me.refills and len(c.hand) < c.deck.hand_size
    if challenge_count(hand) == 0:
        notes.append(
            "Your hand holds no challenge card: you discard it and draw a new hand before cards "
            "are chosen (plan 'redraw')."
        )
        step("the redraw")
        plan, said = redraw_plan(s)
        notes.extend(said)
        plans.append(plan)
        if mutant:
            notes.append("As the Mutant you may instead draw to a full hand: see plan 'mutant'.")
            step("the Mutant's draw")
            _add_mutant_plans(s, hand, plans, notes)
        report(1.0, "done")
        return Report(
            c, (), None, tuple(plans), _best_plan(s, plans), tuple(notes), s.counter.compositions
        )

    settings = _settings(s, hand, notes)
    they_trade = s.op.trades and c.options.trader_swaps
    if c.opponent is OpponentModel.EQUILIBRIUM and not they_trade:
        step("the equilibrium")
        eq, eq_rows, eq_plans, eq_notes = equilibrium_report(s, settings, hand)
        equilibrium = eq
        rows = eq_rows
        plans.extend(eq_plans)
        notes.extend(eq_notes)
    elif they_trade:
        notes.append(
            "The opposing Trader swaps hands before cards are chosen: you play its hand, "
            "seen once you hold it, and it plays yours."
        )
        step("the swapped hands")
        if c.opponent is OpponentModel.EQUILIBRIUM:
            raise NotModelledError(
                "opponent 'equilibrium' against a Trader that swaps hands is not modelled "
                "(both hands are then known to both players); choose another opponent model"
            )
        tally = s.adaptive(_worlds(s, settings, swap=True))
        plans.append(
            Plan("traded", "the Trader swaps hands; play the best card you receive", s.odds(tally))
        )
    else:
        step("each card")
        rows, best_tally = s.group_rows(settings, hand)
        if s.op.randomises_opponent:
            plans.append(
                Plan("laser", "the opposing Laser draws your card at random", s.odds(best_tally))
            )
        else:
            plans.append(Plan("play", "play the best card in the table", s.odds(best_tally)))

    if c.opponent is not OpponentModel.EQUILIBRIUM:
        if s.sees_hand:
            step("the Mind's look")
            tally = s.adaptive(_worlds(s, settings, swap=False))
            who = "look at" if s.me.sees_hand else "your allied Mind shows you"
            plans.append(Plan("mind", f"{who} the opponent's hand, then choose", s.odds(tally)))
        if s.me.sees_card_first:
            step("the Oracle's reply")
            tally = s.oracle(_worlds(s, settings, swap=False))
            plans.append(Plan("oracle", "see the opponent's card first, then reply", s.odds(tally)))
        if s.me.trades:
            step("the trade")
            tally = s.adaptive(_worlds(s, settings, swap=True))
            plans.append(
                Plan("trade", "trade hands, then play the best card you receive", s.odds(tally))
            )
        if s.me.gives:
            step("the gifts")
            _add_gift_plans(s, settings[0], hand, plans)
        if mutant:
            step("the Mutant's draw")
            _add_mutant_plans(s, hand, plans, notes)
    step("the edicts you hold")
    _add_edict_plans(s, hand, plans, notes, clock)

    best: Card | None = None
    if rows and not s.op.randomises_opponent:
        best = _best_card(s, rows) if equilibrium is None else equilibrium.pure
    card_rows = tuple(
        CardOdds(card, s.odds(t), ships)
        for card, (ships, t) in sorted(rows.items(), key=lambda r: strength(r[0]))
    )
    report(1.0, "done")
    return Report(
        c,
        card_rows,
        best,
        tuple(plans),
        _best_plan(s, plans),
        tuple(notes),
        s.counter.compositions,
        equilibrium,
    )


def _stages(s: Solver, hand: Hand) -> int:
    """How many steps ``solve`` reports (for the progress fraction)."""
    n = 2
    if challenge_count(hand) == 0:
        return n + 1
    n += sum((s.sees_hand, s.me.sees_card_first, s.me.trades, s.me.gives, s.me.refills))
    return n


def _best_plan(s: Solver, plans: list[Plan]) -> Plan:
    best_plan = plans[0]
    for plan in plans[1:]:
        if s.better(plan.odds, best_plan.odds):
            best_plan = plan
    return best_plan


def _add_gift_plans(s: Solver, st: Setting, hand: Hand, plans: list[Plan]) -> None:
    """As the Philanthropist: give each card in turn, then play the best card left."""
    for gift, _ in hand:
        left = minus(hand, gift)
        given = Setting(st.prob, left, plus(st.known, ((gift, 1),)), st.unseen, st.m)
        tally = s.best_row(given) if challenge_count(left) else {REDRAW: Fraction(1)}
        plans.append(Plan(f"give {gift}", f"give {gift} to the opponent, then play", s.odds(tally)))


def _add_mutant_plans(s: Solver, hand: Hand, plans: list[Plan], notes: list[str]) -> None:
    """Your own Mutant's draw (``cosmic.mutant``), and its take from the opponent's hand."""
    plan, said = mutant_plan(s, hand)
    notes.extend(said)
    if plan is not None:
        plans.append(plan)
    plan, said = take_plan(s, hand)
    notes.extend(said)
    if plan is not None:
        plans.append(plan)


def _add_edict_plans(
    s: Solver, hand: Hand, plans: list[Plan], notes: list[str], clock: Budget
) -> None:
    """Plans the edicts you hold open before cards are chosen.

    A Cosmic Zap on an opposing power that acts before cards (a Laser, an Oracle, a Trader, a
    Mutant, a Philanthropist, an Amoeba oozing with its card), and a Force Field that cancels the
    opponent's alliances: each is the challenge solved with the edict played and the card gone
    from your hand. (A zap on a power that acts at the reveal is played at the reveal, when it
    helps: that is in every row already.)
    """
    c = s.c
    held: dict[Edict, Card] = {card.edict: card for card in c.hand if card.edict is not Edict.NONE}
    them = s.them.value
    candidates: list[tuple[str, str, PlayedEdict]] = []
    if Edict.COSMIC_ZAP in held and c.their_power is not None:
        op = s.op
        before = op.randomises_opponent or op.sees_card_first or op.trades or op.refills
        before = before or op.gives or (op.oozes and c.options.amoeba_timing is AmoebaTiming.TEXT)
        if before:
            candidates.append(
                (
                    "zap",
                    f"zap the opponent's {c.their_power.value} before cards are chosen",
                    PlayedEdict(Edict.COSMIC_ZAP, them),
                )
            )
    if Edict.FORCE_FIELD in held and c.active_allies.of(s.them):
        candidates.append(
            (
                "force field",
                "cancel the opponent's alliances with a Force Field",
                PlayedEdict(Edict.FORCE_FIELD, them),
            )
        )
    for name, description, played in candidates:
        card = held[played.edict]
        rest = list(c.hand)
        rest.remove(card)
        sub = c.replace(hand=tuple(rest), edicts=(*c.edicts, played))
        sub_report = solve(sub, budget=clock)
        best = sub_report.best_plan
        plans.append(Plan(name, f"{description}, then {best.description}", best.odds))
        s.counter.compositions += sub_report.compositions
    if Power.CHRONOS is c.their_power and Edict.COSMIC_ZAP in held:
        notes.append("A Cosmic Zap on the Chronos's time travel is not modelled.")


def _best_card(s: Solver, rows: dict[Card, tuple[int, Tally]]) -> Card:
    best = s.best_play({Play(card, 0): t for card, (_, t) in rows.items()})[0]
    return best.card
