"""The equilibrium model: hand-solved games, a brute force over mixed strategies, the bounds
between the best-responding and the random opponent, and the exact program against HiGHS."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cosmic import (
    BySide,
    Card,
    CosmicError,
    NotModelledError,
    Objective,
    OpponentModel,
    Play,
    Power,
    Side,
    parse_cards,
    preset,
    solve,
)
from cosmic.challenge import Challenge
from cosmic.decks import custom
from cosmic.errors import LinearProgramError
from cosmic.fileformat import report_to_dict
from cosmic.lp import maximize
from tests.cosmic.support import reveal, tiny
from tests.support import examples

F = Fraction
EQ = OpponentModel.EQUILIBRIUM


def test_matching_pennies_solved_by_hand() -> None:
    # You defend with 1 ship holding {attack:1, morph}; it holds {compromise, attack:10} (known).
    # Your 1 beats its compromise (an attack against a compromise) and loses to its 10 (2 < 11);
    # your morph copies its card: a deal against the compromise, 10 against 10 against its 10
    # (a tie: the defense wins). Matching pennies: each side mixes 1/2, the value is 1/2.
    c = tiny(["attack:1", "morph"], ["compromise", "attack:10"], 2, you=Side.DEFENSE,
             ships=(1, 1), opponent=EQ, opponent_known=parse_cards("compromise", "attack:10"))  # fmt: skip
    assert reveal(c, "compromise", "attack:1").result.winner() is Side.DEFENSE
    assert reveal(c, "attack:10", "morph").result.winner() is Side.DEFENSE
    report = solve(c)
    eq = report.equilibrium
    assert eq is not None and eq.exact
    assert eq.value == eq.guarantee == eq.best_reply == F(1, 2)
    assert eq.card_probabilities() == {
        Card.parse("attack:1"): F(1, 2),
        Card.parse("morph"): F(1, 2),
    }
    assert dict(eq.opponent) == {"compromise": F(1, 2), "attack:10": F(1, 2)}
    assert report.best is None  # a mix, not one card
    # Against its equilibrium mix every card of yours wins 1/2: you are indifferent.
    assert report.row("attack:1").win == report.row("morph").win == F(1, 2)
    out = report_to_dict(report)["equilibrium"]
    assert out["strategy"] == {"attack:1": 0.5, "morph": 0.5}  # type: ignore[index]
    assert out["value"] == 0.5 and out["exact"] == "1/2"  # type: ignore[index]
    assert out["opponent"]["plays"] == {"compromise": 0.5, "attack:10": 0.5}  # type: ignore[index]


def test_a_game_with_hidden_hands_solved_by_hand() -> None:
    # You defend with {attack:1, morph, attack:15}; it holds 2 of {compromise, 10, 20}: each
    # pair 1/3. Your payoffs against (C, 10, 20): the 1 (1, 0, 0), the morph (0, 1, 1), the 15
    # (1, 1, 0). The 15 is never worse than the 1. Its 20 is never worse for it than its 10.
    # With m the weight of the morph and 1 - m of the 15, its best reply in each hand:
    # {C, 10}: min(1 - m, 1) = 1 - m; {C, 20}: min(1 - m, m); {10, 20}: plays 20: m.
    # Value (1 + min(1 - m, m)) / 3, largest at m = 1/2: 1/2.
    c = tiny(["attack:1", "morph", "attack:15"], ["compromise", "attack:10", "attack:20"], 2,
             you=Side.DEFENSE, ships=(1, 1), opponent=EQ)  # fmt: skip
    eq = solve(c).equilibrium
    assert eq is not None and eq.exact
    assert eq.value == F(1, 2)
    probs = eq.card_probabilities()
    assert probs.get(Card.parse("attack:1"), 0) == 0
    assert probs[Card.parse("morph")] == probs[Card.parse("attack:15")] == F(1, 2)
    assert eq.hand_types == 3


def _values_by_grid(c: Challenge, steps: int) -> Fraction:
    """max over p of the guaranteed P(win) of playing card 1 with chance p, by a grid search
    over p and a direct enumeration of every opponent hand and its best reply."""
    yours = sorted(set(c.hand), key=str)
    pool = [card for card, n in sorted(c.unseen().items()) for _ in range(n)]
    hands = list(combinations(range(len(pool)), c.opponent_random))
    u: dict[tuple[Card, Card], int] = {}
    for y in yours:
        for z in set(pool):
            if z.is_challenge:
                off, dfn = (y, z) if c.you is Side.OFFENSE else (z, y)
                u[(y, z)] = int(reveal(c, off, dfn).result.winner() is c.you)
    best = Fraction(0)
    for k in range(steps + 1):
        p = Fraction(k, steps)
        total = Fraction(0)
        for idx in hands:
            options = {pool[i] for i in idx if pool[i].is_challenge}
            total += min(p * u[(yours[0], z)] + (1 - p) * u[(yours[1], z)] for z in options)
        best = max(best, total / len(hands))
    return best


def test_the_equilibrium_of_a_two_by_two_game_against_a_brute_force_over_mixed_strategies() -> None:
    # Two cards of yours, the opponent holding 2 of 5 cards (compromises, 10s, a 2): a grid of
    # 1/1000 steps over your mix, every hand's best reply enumerated directly. The guaranteed
    # value is piecewise linear with slopes at most 1 in p, so the grid's best is within 1/1000.
    c = tiny(["attack:1", "morph"], ["compromise", "attack:10", "attack:10", "compromise",
                                     "attack:2"], 2, you=Side.DEFENSE, ships=(1, 1), opponent=EQ)  # fmt: skip
    eq = solve(c).equilibrium
    assert eq is not None
    grid = _values_by_grid(c, 1000)
    assert grid <= eq.value <= grid + F(1, 1000)
    assert eq.guarantee == eq.value


MODEL_KINDS = ["attack:1", "attack:4", "attack:6", "attack:9", "attack:14", "compromise", "morph",
               "edict"]  # fmt: skip


@st.composite
def small_games(draw: st.DrawFn) -> Challenge:
    kinds = draw(st.lists(st.sampled_from(MODEL_KINDS), min_size=3, max_size=6, unique=True))
    if not any(Card.parse(k).is_challenge for k in kinds):
        kinds.append("attack:5")
    counts = {Card.parse(k): draw(st.integers(1, 2)) for k in kinds}
    deck = custom(counts.items(), 4, "tiny")
    pile = [c for c, n in sorted(counts.items()) for _ in range(n)]
    order = draw(st.permutations(pile))
    challenge_cards = [c for c in order if c.is_challenge]
    n_hand = draw(st.integers(1, min(3, len(challenge_cards))))
    hand = challenge_cards[:n_hand]
    rest = list(order)
    for card in hand:
        rest.remove(card)
    assume(rest)
    m = draw(st.integers(1, min(3, len(rest))))
    return Challenge(
        deck, draw(st.sampled_from(list(Side))), tuple(hand),
        BySide(draw(st.integers(1, 4)), draw(st.integers(0, 4))),
        BySide(draw(st.integers(0, 2)), draw(st.integers(0, 2))), m,
        opponent=EQ, objective=draw(st.sampled_from(list(Objective))),
    )  # fmt: skip


@settings(max_examples=examples(80), deadline=None)
@given(small_games())
def test_the_value_lies_between_the_best_response_and_the_random_opponent(c: Challenge) -> None:
    # Lower bound: your best single card against an opponent who sees it and plays, in each
    # hand, what is worst for you. It is the `best_response` model's answer whenever that
    # model's own preferences agree with hurting you: always, except when two morphs meet (both
    # lose: the model counts it as its own loss, a zero-sum opponent as your loss). Upper
    # bound: your best card against a random opponent, one strategy among those it may play.
    try:
        eq = solve(c).equilibrium
    except CosmicError:
        return  # no challenge card left for a redraw: refused alike by every model
    assert eq is not None
    best = []
    for model in (OpponentModel.BEST_RESPONSE, OpponentModel.RANDOM):
        report = solve(c.replace(opponent=model))
        best.append(max(r.odds.utility(c.objective) for r in report.cards))
    assert eq.single_card <= eq.value <= best[1]
    if Card.parse("morph") not in c.deck.counter():
        assert eq.single_card == best[0]
    assert eq.guarantee <= eq.value <= eq.best_reply
    if eq.exact:
        assert eq.guarantee == eq.value == eq.best_reply


def test_the_bounds_on_the_mayfair_deck() -> None:
    # attack:20 (with 4 ships against 2 and 3 defending allies) wins 64.5% against `highest`
    # and 94.2% against `random`; the equilibrium guarantees at least the best card against a
    # best-responding opponent and at most the best against a random one. Here the opponent
    # does best by playing its highest card: the value is the lower bound.
    hand = parse_cards("attack:20", "attack:8", "compromise")
    c = Challenge(preset("mayfair_1991"), Side.OFFENSE, hand, BySide(4, 2), BySide(0, 3), 7,
                  opponent=EQ)  # fmt: skip
    eq = solve(c).equilibrium
    assert eq is not None
    br = solve(c.replace(opponent=OpponentModel.BEST_RESPONSE)).row("attack:20").win
    rnd = solve(c.replace(opponent=OpponentModel.RANDOM)).row("attack:20").win
    assert round(float(br), 4) == 0.6453 and round(float(rnd), 4) == 0.942
    assert br == eq.single_card == eq.value < rnd
    assert eq.guarantee == eq.value == eq.best_reply


def test_powers_that_fix_who_knows_what() -> None:
    # Against an opposing Oracle the opponent sees your card: the equilibrium is your best card
    # against a best-responding opponent. With your own Laser its card is random.
    hand, unseen = ["attack:12", "compromise"], ["attack:20", "compromise", "attack:3"]
    oracle = solve(tiny(hand, unseen, 2, opponent=EQ, powers=BySide(None, Power.ORACLE)))
    br = solve(tiny(hand, unseen, 2, opponent=OpponentModel.BEST_RESPONSE))
    assert oracle.equilibrium is not None
    assert oracle.equilibrium.value == max(r.odds.win for r in br.cards)
    laser = solve(tiny(hand, unseen, 2, opponent=EQ, powers=BySide(Power.LASER, None)))
    rnd = solve(tiny(hand, unseen, 2, opponent=OpponentModel.RANDOM))
    assert laser.equilibrium is not None
    assert laser.equilibrium.value == max(r.odds.win for r in rnd.cards)


def test_the_mind_sees_the_type_of_hand() -> None:
    # Matching pennies above, with a Mind: it sees the hand {C, 10} but not the card the
    # opponent will pick from it, so the game is unchanged: 1/2. With one card in its hand the
    # Mind knows it and wins: the plan 'mind' gives 1.
    c = tiny(["attack:1", "morph"], ["compromise", "attack:10"], 1, you=Side.DEFENSE,
             ships=(1, 1), opponent=EQ, powers=BySide(None, Power.MIND))  # fmt: skip
    report = solve(c)
    assert report.equilibrium is not None and report.equilibrium.value == F(1, 2)
    assert report.plan("mind").odds.win == 1


def test_a_chronos_is_refused_under_the_equilibrium() -> None:
    c = tiny(["attack:1", "morph"], ["compromise", "attack:10"], 1, opponent=EQ,
             powers=BySide(Power.CHRONOS, None))  # fmt: skip
    with pytest.raises(NotModelledError, match="Chronos"):
        solve(c)


def test_an_amoeba_mixes_plays_with_ship_counts() -> None:
    # As the text's Amoeba your plays are (card, ships); the strategy names both.
    from cosmic import PowerOptions

    c = tiny(["attack:5", "compromise"], ["attack:9", "compromise"], 1, opponent=EQ,
             powers=BySide(Power.AMOEBA, None), options=PowerOptions(amoeba_reserve=8))  # fmt: skip
    eq = solve(c).equilibrium
    assert eq is not None and eq.chooses_ships
    assert all(isinstance(play, Play) for play, _ in eq.strategy)
    # 5 with 7 ships beats both its 9 (11) and its compromise: a sure win.
    assert eq.value == 1
    assert eq.strategy == ((Play(Card.parse("attack:5"), 7), F(1)),)


def test_a_program_the_solver_cannot_take_is_a_cosmic_error() -> None:
    # b < 0 (the origin infeasible) and an unbounded program: errors of the package, quoting
    # the input, never a bare ValueError or a wrong optimum.
    with pytest.raises(LinearProgramError, match=r"b >= 0.*'-1'"):
        maximize([F(1)], [[F(1)]], [F(-1)])
    with pytest.raises(LinearProgramError, match="unbounded"):
        maximize([F(1)], [[F(-1)]], [F(1)], exact=True)
    with pytest.raises(LinearProgramError, match="not solved"):
        maximize([F(1)], [[F(-1)]], [F(1)], exact=False)


@settings(max_examples=examples(80), deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(0, 5), min_size=n, max_size=n),
            st.lists(st.lists(st.integers(0, 5), min_size=n, max_size=n), min_size=1, max_size=5),
        )
    ),
    st.lists(st.integers(0, 9), min_size=5, max_size=5),
)
def test_exact_program_agrees_with_highs(
    problem: tuple[list[int], list[list[int]]], rhs: list[int]
) -> None:
    c_raw, a_raw = problem
    c = [F(v) for v in c_raw]
    a = [[F(v) for v in row] for row in a_raw]
    b = [F(v) for v in rhs[: len(a)]]
    # Bounded: add x_i <= 10 for each variable.
    for i in range(len(c)):
        a.append([F(int(i == j)) for j in range(len(c))])
        b.append(F(10))
    exact = maximize(c, a, b, exact=True)
    approx = maximize(c, a, b, exact=False)
    assert abs(float(exact.value) - float(approx.value)) < 1e-6
    # Strong duality holds exactly: b . y equals the optimum.
    assert sum(bi * yi for bi, yi in zip(b, exact.duals, strict=True)) == exact.value
    for row, bi in zip(a, b, strict=True):
        assert sum(r * x for r, x in zip(row, exact.x, strict=True)) <= bi
