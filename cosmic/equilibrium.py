"""Equilibrium play: the card-choice game solved as a zero-sum game under your objective.

The opponent model you guess decides most of the answer (a card that wins 74% against
``highest`` may win 96% against ``random``). ``opponent: "equilibrium"`` guesses nothing: it
solves the game in which you choose a mixed strategy over your plays and the opponent, knowing
its own hand, chooses a strategy that may depend on that hand, each side's payoff being your
objective (P(win), or P(not losing)) with the sign changed for the opponent. The value is what
your equilibrium strategy guarantees against every opponent strategy; no strategy of yours
guarantees more.

As a linear program, with ``t`` the types of opponent hand and ``P_t`` their chances::

    maximise  sum_t P_t v_t
    subject to  v_t <= sum_o x_o U(o, z)   for every type t and play z open to it
                sum_o x_o <= 1,   x >= 0

where ``U(o, z)`` is your payoff when you play ``o`` and it plays ``z`` (after any edict you play
at the reveal). The dual prices of the first constraints, divided by ``P_t``, are the opponent's
equilibrium strategy for type ``t``. Two reductions keep the program small without changing its
value: the opponent's hands are enumerated over classes of cards that play the same part
(``cosmic.hands.lump``), and a hand's type is the set of its plays that no other play of the same
hand dominates (an opponent never needs a play that does at least as badly for it against every
play of yours); your own dominated plays are left out the same way (an Amoeba's counts beyond
the one that wins everything it can). Small programs are solved exactly in fractions
(``cosmic.lp``), larger ones with HiGHS; either way ``guarantee`` is the exact worst case of the
strategy reported and ``best_reply`` the exact value of your best reply to the opponent's, so
``guarantee <= value <= best_reply`` (equal when exact).

Powers that change who knows what: against an opposing Oracle the opponent sees your card, so
the game is your best pure card against a best-responding opponent; with your own Laser the
opponent's card is random, so it is your best card against ``random``; against an opposing Laser
your card is random and the opponent best-responds to that mix. Your Mind (or an allied Mind)
sees its hand: plan ``mind`` solves the game for each hand type. Your Oracle sees its card first:
plan ``oracle``. A Chronos's replay makes the game sequential, and so does a Trader's swap:
neither is modelled under this model.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from cosmic.cards import Card, CardKind, strength
from cosmic.challenge import OpponentModel
from cosmic.encounter import Play
from cosmic.errors import NotModelledError
from cosmic.hands import Hand, challenge_count, minus, plus
from cosmic.lp import maximize
from cosmic.outcomes import REDRAW, Odds, Plan, Tally, add_scaled
from cosmic.solver import Setting, Solver, options_of

__all__ = ["Equilibrium", "GameSolution", "equilibrium_report", "solve_game"]


@dataclass(frozen=True, slots=True)
class Equilibrium:
    """Your equilibrium strategy, the value it guarantees and the opponent's equilibrium play.

    Attributes:
        strategy: each play of yours with its probability (an Amoeba's plays carry their ship
            count; with several settings, the chance you end up making each play).
        value: P(win) (or P(not losing)) that the strategy guarantees.
        exact: whether the program was solved in exact fractions.
        guarantee: the exact worst case of ``strategy`` over opponent strategies.
        best_reply: the exact value of your best reply to the opponent's strategy.
        single_card: what the best single play guarantees (the opponent seeing it and playing
            the worst for you in every hand): mixing guarantees ``value`` at least this.
        opponent: each opposing play (its card class, with its ships when it chooses them) with
            the chance that it makes it, over its hands.
        hand_types: kinds of opponent hand in the game (after the reductions).
        mixed_types: kinds of hand with which the opponent mixes several plays.
        odds: the odds when both sides play these strategies.
        pure: the card, when your strategy plays one card only.
        chooses_ships: whether your plays carry a ship count (an Amoeba's).
        how: how the opponent's play was found (the game, or a power that fixes it).
    """

    strategy: tuple[tuple[Play, Fraction], ...]
    value: Fraction
    exact: bool
    guarantee: Fraction
    best_reply: Fraction
    single_card: Fraction
    opponent: tuple[tuple[str, Fraction], ...]
    hand_types: int
    mixed_types: int
    odds: Odds
    pure: Card | None
    chooses_ships: bool
    how: str

    def card_probabilities(self) -> dict[Card, Fraction]:
        """Each card's probability, over its ship counts."""
        out: dict[Card, Fraction] = {}
        for play, p in self.strategy:
            out[play.card] = out.get(play.card, Fraction(0)) + p
        return out


@dataclass(frozen=True, slots=True)
class GameSolution:
    """The game of one setting: your strategy, the opponent's per hand type, and the checks."""

    x: dict[Play, Fraction]
    types: list[tuple[Fraction, tuple[Play, ...], dict[Play, Fraction]]]
    value: Fraction
    exact: bool
    guarantee: Fraction
    best_reply: Fraction
    single_card: Fraction
    labels: dict[Play, str]


def _label(play: Play, members: dict[Card, list[Card]], ships: bool) -> str:
    group = sorted(members.get(play.card, [play.card]), key=strength)
    card = play.card
    if card.kind is CardKind.ATTACK and len(group) > 1:
        text = f"attack:{group[0].value}-{group[-1].value}"
    else:
        text = str(card)
    return f"{text} with {play.ships} ship(s)" if ships else text


def _dominates(col_a: list[Fraction], col_b: list[Fraction], order_a: int, order_b: int) -> bool:
    """True when the opponent prefers play a to play b (your payoffs no higher anywhere; ties
    broken by order)."""
    if any(x > y for x, y in zip(col_a, col_b, strict=True)):
        return False
    return col_a != col_b or order_a < order_b


def _prune_rows(options: list[Play], u: dict[Play, list[Fraction]]) -> list[Play]:
    """Your plays that no other play weakly dominates (the earlier kept among equal rows)."""
    kept: list[Play] = []
    for i, o in enumerate(options):
        row = u[o]
        dominated = False
        for j, other in enumerate(options):
            if j == i:
                continue
            r2 = u[other]
            if all(a >= b for a, b in zip(r2, row, strict=True)) and (r2 != row or j < i):
                dominated = True
                break
        if not dominated:
            kept.append(o)
    return kept


def solve_game(s: Solver, st: Setting, fixed: dict[Play, Fraction] | None = None) -> GameSolution:
    """The zero-sum game of one setting (see the module docstring).

    ``fixed`` is your strategy when it is not yours to choose (an opposing Laser draws your
    card): the opponent then best-responds to it for each type of hand.
    """
    yours = st.yours
    objective = s.c.objective
    plays = [p for card in options_of(yours) for p in s.your_plays(card)]

    def by_rank(q: Play) -> tuple[object, ...]:
        return (strength(q.card), q.card, q.ships)

    def payoff(o: Play, q: Play) -> Fraction:
        return s.final_odds(s.end(yours, o, q)).utility(objective)

    # Your dominated plays go first, against every play the opponent could make with any card
    # it may hold, so that its hands are enumerated relative to the plays that remain.
    possible = {c for c, _ in st.unseen} | {c for c, _ in st.known}
    every = sorted({q for z in possible if z.is_challenge for q in s.their_plays(z)}, key=by_rank)
    u_all = {o: {q: payoff(o, q) for q in every} for o in plays}
    options = (
        list(fixed)
        if fixed is not None
        else _prune_rows(plays, {o: [u_all[o][q] for q in every] for o in plays})
    )
    worlds = s.setting_worlds(st, tuple(options))
    held_cards = {z for theirs, _ in worlds for z, _ in theirs if z.is_challenge}
    plays_of = {z: s.their_plays(z) for z in held_cards}
    columns = sorted({q for group in plays_of.values() for q in group}, key=by_rank)
    order = {q: i for i, q in enumerate(columns)}
    u = {o: [u_all[o][q] for q in columns] for o in plays}
    col = {q: [u[o][order[q]] for o in options] for q in columns}
    # Which plays dominate which, once for all hands, as bit masks over the columns; a hand's
    # type is its plays that no other play of the hand dominates.
    dominated_by = {
        q: sum(
            1 << order[r]
            for r in columns
            if r != q and _dominates(col[r], col[q], order[r], order[q])
        )
        for q in columns
    }
    mask_of = {z: sum(1 << order[q] for q in group) for z, group in plays_of.items()}
    # A hand's type depends only on which classes it holds: one weight per set held, summed
    # over the (many more) hands, then one type per set.
    by_held: dict[tuple[Card, ...], Fraction] = {}
    for theirs, w in worlds:
        cards = tuple(z for z, _ in theirs if z.is_challenge)
        by_held[cards] = by_held.get(cards, Fraction(0)) + w
    # Plays by column index (hashing a Play is slow, and there are many sets).
    indexed = {z: [(order[q], dominated_by[q]) for q in group] for z, group in plays_of.items()}
    by_index: dict[tuple[int, ...], Fraction] = {}
    for cards, w in by_held.items():
        held = 0
        for z in cards:
            held |= mask_of[z]
        eff_index = tuple(i for z in cards for i, beaten in indexed[z] if not beaten & held)
        by_index[eff_index] = by_index.get(eff_index, Fraction(0)) + w
    types = {tuple(columns[i] for i in eff): w for eff, w in by_index.items()}
    type_list = sorted(types.items(), key=lambda kv: [order[q] for q in kv[0]])
    if fixed is not None:
        x = dict(fixed)
        exact = True
        value_lp = None
    else:
        k, n_types = len(options), len(type_list)
        c = [Fraction(0)] * k + [p for _, p in type_list]
        a: list[list[Fraction]] = []
        b: list[Fraction] = []
        for t, (eff, _) in enumerate(type_list):
            for q in eff:
                row = [-v for v in col[q]] + [Fraction(0)] * n_types
                row[k + t] = Fraction(1)
                a.append(row)
                b.append(Fraction(0))
        a.append([Fraction(1)] * k + [Fraction(0)] * n_types)
        b.append(Fraction(1))
        sol = maximize(c, a, b)
        exact = sol.exact
        total = sum(sol.x[:k]) or Fraction(1)
        x = {o: v / total for o, v in zip(options, sol.x[:k], strict=True) if v}
        value_lp = sol.value
        duals = iter(sol.duals)
    strategies: list[tuple[Fraction, tuple[Play, ...], dict[Play, Fraction]]] = []
    for eff, p in type_list:
        if fixed is not None or not exact:
            # The opponent's best reply to x (pure, its weakest best play), or the dual read.
            scores = {
                q: sum(x.get(o, Fraction(0)) * col[q][i] for i, o in enumerate(options))
                for q in eff
            }
            if fixed is not None:
                worst = min(eff, key=lambda q: (scores[q], order[q]))
                strategies.append((p, eff, {worst: Fraction(1)}))
                continue
            ys = [next(duals) for _ in eff]
        else:
            ys = [next(duals) for _ in eff]
        total_y = sum(ys)
        if total_y == 0:
            scores = {
                q: sum(x.get(o, Fraction(0)) * col[q][i] for i, o in enumerate(options))
                for q in eff
            }
            strategies.append(
                (p, eff, {min(eff, key=lambda q: (scores[q], order[q])): Fraction(1)})
            )
        else:
            strategies.append((p, eff, {q: y / total_y for q, y in zip(eff, ys, strict=True) if y}))
    guarantee = sum(
        (
            p * min(sum(x.get(o, Fraction(0)) * u[o][order[q]] for o in x) for q in eff)
            for p, eff, _ in strategies
        ),
        Fraction(0),
    )
    best_reply = max(
        sum(
            (p * sum(sg * u[o][order[q]] for q, sg in sigma.items()) for p, _, sigma in strategies),
            Fraction(0),
        )
        for o in plays
    )
    if fixed is not None:
        best_reply = guarantee
    value = guarantee if value_lp is None or exact else value_lp
    reps = s.lumping(yours, st.unseen_counter(), st.known, tuple(options))
    members: dict[Card, list[Card]] = {}
    for card, rep in reps.items():
        members.setdefault(rep, []).append(card)
    ships = s.table.chooses_ships(s.them)
    labels = {q: _label(q, members, ships) for q in columns}
    single = max(
        sum((p * min(u[o][order[q]] for q in eff) for eff, p in type_list), Fraction(0))
        for o in (options if fixed is not None else plays)
    )
    if fixed is not None:
        single = guarantee
    return GameSolution(x, strategies, value, exact, guarantee, best_reply, single, labels)


def _tally_against(s: Solver, yours: Hand, game: GameSolution, mine: Play) -> Tally:
    out: Tally = {}
    for p, _, sigma in game.types:
        for q, sg in sigma.items():
            k = s.end(yours, mine, q)
            out[k] = out.get(k, Fraction(0)) + p * sg
    return out


def _rows_against(s: Solver, yours: Hand, game: GameSolution) -> dict[Card, tuple[int, Tally]]:
    """Each card's odds (with its best ship count) against the opponent's strategy."""
    rows: dict[Card, tuple[int, Tally]] = {}
    for card in options_of(yours):
        per = {mine: _tally_against(s, yours, game, mine) for mine in s.your_plays(card)}
        play, tally = s.best_play(per)
        rows[card] = (play.ships, tally)
    return rows


def _mix_tally(s: Solver, yours: Hand, game: GameSolution) -> Tally:
    out: Tally = {}
    for mine, px in game.x.items():
        add_scaled(out, _tally_against(s, yours, game, mine), px)
    return out


def _type_value(s: Solver, yours: Hand, eff: tuple[Play, ...]) -> tuple[Fraction, Tally]:
    """The matrix game against one known type of hand (your Mind sees it): value and tally."""
    objective = s.c.objective
    plays = [p for card in options_of(yours) for p in s.your_plays(card)]
    finals = {(o, q): s.end(yours, o, q) for o in plays for q in eff}
    u = {(o, q): s.final_odds(f).utility(objective) for (o, q), f in finals.items()}
    k = len(plays)
    c = [Fraction(0)] * k + [Fraction(1)]
    a = [[-u[(o, q)] for o in plays] + [Fraction(1)] for q in eff]
    a.append([Fraction(1)] * k + [Fraction(0)])
    b = [Fraction(0)] * len(eff) + [Fraction(1)]
    sol = maximize(c, a, b)
    total = sum(sol.x[:k]) or Fraction(1)
    x = {o: v / total for o, v in zip(plays, sol.x[:k], strict=True) if v}
    ys = list(sol.duals[: len(eff)])
    total_y = sum(ys) or Fraction(1)
    sigma = {q: y / total_y for q, y in zip(eff, ys, strict=True) if y}
    if not sigma:
        sigma = {eff[0]: Fraction(1)}
    tally: Tally = {}
    for o, px in x.items():
        for q, sg in sigma.items():
            key = finals[(o, q)]
            tally[key] = tally.get(key, Fraction(0)) + px * sg
    value = min(sum((x.get(o, Fraction(0)) * u[(o, q)] for o in plays), Fraction(0)) for q in eff)
    return value, tally


def _forced_model(
    s: Solver, settings: list[Setting], hand: Hand, model: OpponentModel, how: str
) -> tuple[Equilibrium, dict[Card, tuple[int, Tally]], Tally]:
    """When a power fixes how the opponent plays (your Laser, its Oracle): the best card
    against that model is the equilibrium."""
    sub = Solver(s.c.replace(opponent=model), s.counter.budget)
    sub.counter = s.counter
    rows, best_tally = sub.group_rows(settings, hand)
    odds = sub.odds(best_tally)
    value = odds.utility(s.c.objective)
    best_card = max(
        rows, key=lambda card: (sub.odds(rows[card][1]).key(s.c.objective), -strength(card)[0])
    )
    play = Play(best_card, rows[best_card][0])
    eq = Equilibrium(
        strategy=((play, Fraction(1)),),
        value=value,
        exact=True,
        guarantee=value,
        best_reply=value,
        single_card=value,
        opponent=(),
        hand_types=0,
        mixed_types=0,
        odds=odds,
        pure=best_card,
        chooses_ships=s.table.chooses_ships(s.you),
        how=how,
    )
    return eq, rows, best_tally


def equilibrium_report(
    s: Solver, settings: list[Setting], hand: Hand
) -> tuple[Equilibrium, dict[Card, tuple[int, Tally]], list[Plan], list[str]]:
    """The equilibrium of the challenge, each card's odds against the opponent's equilibrium
    strategy, the plans open under this model and notes."""
    notes: list[str] = []
    if s.chronos:
        raise NotModelledError(
            "opponent 'equilibrium' with a Chronos is not modelled: its replay makes the card "
            "game sequential; choose another opponent model"
        )
    if s.me.randomises_opponent:
        eq, forced, _ = _forced_model(
            s, settings, hand, OpponentModel.RANDOM, "your Laser makes its card random"
        )
        return (
            eq,
            forced,
            [Plan("equilibrium", "play your best card (its card is random)", eq.odds)],
            notes,
        )
    if s.op.sees_card_first:
        eq, forced, _ = _forced_model(
            s,
            settings,
            hand,
            OpponentModel.BEST_RESPONSE,
            "the opposing Oracle sees your card and best-responds",
        )
        return (
            eq,
            forced,
            [Plan("equilibrium", "play your best card (the Oracle answers it)", eq.odds)],
            notes,
        )
    if s.op.randomises_opponent and s.table.chooses_ships(s.you):
        raise NotModelledError(
            "opponent 'equilibrium' against a Laser while you choose an Amoeba's ships is not "
            "modelled; choose another opponent model"
        )
    if s.me.trades:
        notes.append("Under the equilibrium model the Trader's swap is not modelled.")
    if s.me.refills:
        notes.append("Under the equilibrium model the Mutant's draw is not modelled.")
    rows: dict[Card, tuple[int, Tally]] = {
        c: (s.table.ships.of(s.you), {}) for c in options_of(hand)
    }
    mix: Tally = {}
    strategy: dict[Play, Fraction] = {}
    opponent: dict[str, Fraction] = {}
    value = guarantee = best_reply = single = Fraction(0)
    exact = True
    n_types = mixed = 0
    mind: Tally = {}
    mind_value = Fraction(0)
    oracle: Tally = {}
    for st in settings:
        yours = st.yours
        if not challenge_count(yours):
            add_scaled(mix, {REDRAW: Fraction(1)}, st.prob)
            for _, acc in rows.values():
                add_scaled(acc, {REDRAW: Fraction(1)}, st.prob)
            continue
        fixed = None
        if s.op.randomises_opponent:
            total = challenge_count(yours)
            fixed = {
                Play(c, s.table.ships.of(s.you)): Fraction(n, total)
                for c, n in yours
                if c.is_challenge
            }
        game = solve_game(s, st, fixed)
        exact = exact and game.exact
        value += st.prob * game.value
        guarantee += st.prob * game.guarantee
        best_reply += st.prob * game.best_reply
        single += st.prob * game.single_card
        n_types += len(game.types)
        mixed += sum(1 for _, _, sigma in game.types if len(sigma) > 1)
        for o, px in game.x.items():
            strategy[o] = strategy.get(o, Fraction(0)) + st.prob * px
        for p, _, sigma in game.types:
            for q, sg in sigma.items():
                label = game.labels[q]
                opponent[label] = opponent.get(label, Fraction(0)) + st.prob * p * sg
        setting_mix = _mix_tally(s, yours, game)
        add_scaled(mix, setting_mix, st.prob)
        found = _rows_against(s, yours, game)
        for card, (_, acc) in list(rows.items()):
            if card in found:
                rows[card] = (found[card][0], acc)
                add_scaled(acc, found[card][1], st.prob)
            else:
                add_scaled(acc, setting_mix, st.prob)
        if s.sees_hand:
            for p, eff, _ in game.types:
                v, t = _type_value(s, yours, eff)
                mind_value += st.prob * p * v
                add_scaled(mind, t, st.prob * p)
        if s.me.sees_card_first:
            for p, eff, _ in game.types:
                add_scaled(oracle, _oracle_reply(s, yours, eff), st.prob * p)
    odds = s.odds(mix)
    cards = {o.card for o in strategy}
    pure = next(iter(cards)) if len(cards) == 1 else None
    how = (
        "the opposing Laser draws your card; it best-responds to that"
        if s.op.randomises_opponent
        else "the zero-sum game solved as a linear program"
    )
    eq = Equilibrium(
        strategy=tuple(
            sorted(strategy.items(), key=lambda kv: (strength(kv[0].card), kv[0].ships))
        ),
        value=value,
        exact=exact,
        guarantee=guarantee,
        best_reply=best_reply,
        single_card=single,
        opponent=tuple(sorted(opponent.items(), key=lambda kv: -kv[1])),
        hand_types=n_types,
        mixed_types=mixed,
        odds=odds,
        pure=pure,
        chooses_ships=s.table.chooses_ships(s.you),
        how=how,
    )
    plans = [Plan("equilibrium", "play your equilibrium strategy", odds)]
    if s.sees_hand:
        plans.append(
            Plan("mind", "look at the opponent's hand, then play the game it leaves", s.odds(mind))
        )
    if s.me.sees_card_first:
        plans.append(Plan("oracle", "see the opponent's card first, then reply", s.odds(oracle)))
    if s.me.gives:
        for gift, _ in hand:
            left = minus(hand, gift)
            st0 = settings[0]
            given = Setting(st0.prob, left, plus(st0.known, ((gift, 1),)), st0.unseen, st0.m)
            if challenge_count(left):
                game = solve_game(s, given)
                tally = _mix_tally(s, left, game)
            else:
                tally = {REDRAW: Fraction(1)}
            plans.append(
                Plan(f"give {gift}", f"give {gift}, then play the equilibrium", s.odds(tally))
            )
    return eq, rows, plans, notes


def _oracle_reply(s: Solver, yours: Hand, eff: tuple[Play, ...]) -> Tally:
    """Your Oracle sees its play first: it plays the one whose best reply is worst for you."""
    objective = s.c.objective
    plays = [p for card in options_of(yours) for p in s.your_plays(card)]

    def best(q: Play) -> tuple[Fraction, Play]:
        o = max(plays, key=lambda o: s.final_odds(s.end(yours, o, q)).key(objective))
        return s.final_odds(s.end(yours, o, q)).utility(objective), o

    q = min(eff, key=lambda q: (best(q)[0], strength(q.card), q.ships))
    return {s.end(yours, best(q)[1], q): Fraction(1)}
