"""An invited ally's choice: the closed forms of the two hidden hands against a brute force over
every deal (redraws included), and the odds of each answer on a tiny deck."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cosmic import (
    Ally,
    BySide,
    Card,
    ChallengeError,
    CosmicError,
    NotModelledError,
    OpponentModel,
    Power,
    Side,
    parse_cards,
)
from cosmic.cards import strength
from cosmic.decks import custom
from cosmic.invitation import Invitation, advise_invitation, played_pairs
from tests.support import examples

F = Fraction
MODELS = [OpponentModel.HIGHEST, OpponentModel.RANDOM]


def brute_force_pairs(
    pool: list[Card], sizes: tuple[int, int], redraw: int, model: OpponentModel
) -> dict[tuple[Card, Card], Fraction]:
    """Every deal, step by step: the offense's hand, the defense's, then each hand without a
    challenge card discarded and a new one drawn from what is left (offense first), until both
    hold one; each card played by the model's definition."""
    out: dict[tuple[Card, Card], Fraction] = {}

    def play(hand: list[Card]) -> list[tuple[Card, Fraction]]:
        options = [c for c in hand if c.is_challenge]
        if model is OpponentModel.HIGHEST:
            return [(max(options, key=strength), F(1))]
        return [(c, F(1, len(options))) for c in options]

    def draw(left: list[int], size: int) -> list[tuple[list[int], list[int], Fraction]]:
        if size > len(left):
            raise CosmicError("a hand drawn short")
        subsets = list(combinations(range(len(left)), size))
        return [
            ([left[i] for i in idx], [left[i] for i in range(len(left)) if i not in idx],
             F(1, len(subsets)))
            for idx in subsets
        ]  # fmt: skip

    def settle(off: list[int], dfn: list[int], left: list[int], p: Fraction) -> None:
        has = [any(pool[i].is_challenge for i in h) for h in (off, dfn)]
        if not has[0]:
            if not left:
                raise CosmicError("no challenge card left")
            for new, rest, q in draw(left, redraw):
                settle(new, dfn, rest, p * q)
            return
        if not has[1]:
            if not left:
                raise CosmicError("no challenge card left")
            for new, rest, q in draw(left, redraw):
                settle(off, new, rest, p * q)
            return
        for a, pa in play([pool[i] for i in off]):
            for b, pb in play([pool[i] for i in dfn]):
                out[(a, b)] = out.get((a, b), F(0)) + p * pa * pb

    everything = list(range(len(pool)))
    for off, rest, p in draw(everything, sizes[0]):
        for dfn, rest2, q in draw(rest, sizes[1]):
            settle(off, dfn, rest2, p * q)
    return out


@pytest.mark.parametrize("model", MODELS)
def test_the_pairs_of_cards_played_by_hand(model: OpponentModel) -> None:
    # Pool {4, 4, 9}, one card each: the pairs (4, 4) 1/3, (4, 9) 1/3, (9, 4) 1/3.
    pool = Counter(parse_cards("attack:4", "attack:4", "attack:9"))
    pairs = played_pairs(pool, BySide(1, 1), 1, model)
    a4, a9 = parse_cards("attack:4", "attack:9")
    assert pairs == {(a4, a4): F(1, 3), (a4, a9): F(1, 3), (a9, a4): F(1, 3)}


KINDS = ["attack:1", "attack:4", "attack:9", "compromise", "morph", "edict", "artifact"]


@settings(max_examples=examples(100), deadline=None)
@given(
    st.dictionaries(st.sampled_from(KINDS), st.integers(1, 2), min_size=2, max_size=5),
    st.integers(0, 3), st.integers(0, 3), st.integers(1, 3), st.sampled_from(MODELS),
)  # fmt: skip
def test_the_closed_forms_equal_every_deal(
    counts: dict[str, int], h_o: int, h_d: int, redraw: int, model: OpponentModel
) -> None:
    pool_counter = Counter({Card.parse(k): n for k, n in counts.items()})
    pool = sorted(pool_counter.elements())
    if h_o + h_d > len(pool) or not any(c.is_challenge for c in pool):
        return
    try:
        expected = brute_force_pairs(pool, (h_o, h_d), redraw, model)
    except CosmicError:
        with pytest.raises(CosmicError):
            played_pairs(pool_counter, BySide(h_o, h_d), redraw, model)
        return
    if sum(expected.values()) != 1:  # some deal ran out of cards: refused
        with pytest.raises(CosmicError):
            played_pairs(pool_counter, BySide(h_o, h_d), redraw, model)
        return
    assert played_pairs(pool_counter, BySide(h_o, h_d), redraw, model) == expected


def test_the_answers_of_an_invited_ally() -> None:
    # Two cards unseen, {4, 9}: the offense holds one, the defense the other, 2 ships each.
    # With the 9 the offense wins (11 + you > 6), with the 4 it loses whatever you send
    # (6 + n <= 10 < 11). Joining the offense with n: win 1/2, a base 1/2, n/2 ships lost;
    # best: join with 1 (a base for the fewest ships). Joining the defense with n: it wins 1/2,
    # rewards n/2, ships lost n/2.
    deck = custom([(Card.parse("attack:4"), 1), (Card.parse("attack:9"), 1)], hand_size=1)
    inv = Invitation(deck, (), BySide(2, 2), BySide(1, 1), frozenset(Side))
    report = advise_invitation(inv)
    rows = {r.choice: r for r in report.rows}
    assert rows["decline"].offense_wins == F(1, 2)
    for n in range(1, 5):
        off = rows[f"join the offense with {n}"]
        assert (off.win, off.bases, off.lost, off.rewards) == (F(1, 2), F(1, 2), F(n, 2), 0)
        dfn = rows[f"join the defense with {n}"]
        assert (dfn.win, dfn.rewards, dfn.lost, dfn.bases) == (F(1, 2), F(n, 2), F(n, 2), 0)
    assert report.best.choice == "join the offense with 1"
    # An allied Macron sends one ship worth four: 6 + 4 = 10 still loses to 11.
    offense_only = frozenset({Side.OFFENSE})
    invitation = Invitation(
        deck, (), BySide(2, 2), BySide(1, 1), offense_only, your_power=Power.MACRON
    )
    macron = advise_invitation(invitation)
    assert [r.choice for r in macron.rows] == ["decline", "join the offense with 1"]


def test_the_other_allies_count() -> None:
    # With a defensive ally of 4 already in, the offense's 9 + 2 + you must beat 4 + 2 + 4.
    deck = custom([(Card.parse("attack:4"), 1), (Card.parse("attack:9"), 1)], hand_size=1)
    inv = Invitation(deck, (), BySide(2, 2), BySide(1, 1), frozenset({Side.OFFENSE}),
                     allies=BySide((), (Ally(4),)))  # fmt: skip
    rows = {r.choice: r for r in advise_invitation(inv).rows}
    assert rows["decline"].offense_wins == F(1, 2)  # 11 > 10
    assert rows["join the offense with 1"].win == F(1, 2)


def test_what_the_ally_advice_refuses() -> None:
    deck = custom([(Card.parse("attack:4"), 2), (Card.parse("attack:9"), 1)], hand_size=1)
    with pytest.raises(NotModelledError, match="chronos"):
        Invitation(deck, (), BySide(2, 2), BySide(1, 1), frozenset({Side.OFFENSE}),
                   powers=BySide(Power.CHRONOS, None))  # fmt: skip
    with pytest.raises(ChallengeError, match="'highest' or 'random'"):
        Invitation(deck, (), BySide(2, 2), BySide(1, 1), frozenset({Side.OFFENSE}),
                   model=OpponentModel.EQUILIBRIUM)  # fmt: skip
    # A Laser makes its opponent's card random: fine when both play at random.
    laser = Invitation(deck, (), BySide(2, 2), BySide(1, 1), frozenset({Side.OFFENSE}),
                       powers=BySide(Power.LASER, None), model=OpponentModel.RANDOM)  # fmt: skip
    assert advise_invitation(laser).rows
