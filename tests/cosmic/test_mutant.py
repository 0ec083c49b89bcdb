"""Your own Mutant draw: the class method against the draw-by-draw oracle, and on real decks."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cosmic import (
    BySide,
    Card,
    Challenge,
    CosmicError,
    Objective,
    Odds,
    OpponentModel,
    Power,
    PowerOptions,
    Side,
    VirusAllies,
    parse_cards,
    preset,
    solve,
)
from cosmic.decks import custom
from cosmic.hands import as_hand, compositions
from cosmic.mutant import (
    MUTANT_ORACLE_LIMIT,
    by_classes,
    by_enumeration,
    count_draws,
    draw_array,
    draw_size,
)
from cosmic.solver import Solver as _Solver
from tests.cosmic.support import PLAIN_MODELS, tiny
from tests.support import examples

F = Fraction

# Every opposing power but the Mutant (you are the Mutant) and the Chronos (the oracle's case).
OPPOSING = [None, *(p for p in Power if p not in (Power.MUTANT, Power.CHRONOS))]
KINDS = ["attack:0", "attack:1", "attack:3", "attack:4", "attack:6", "attack:9", "attack:14",
         "compromise", "morph", "edict", "artifact"]  # fmt: skip


def both_ways(c: Challenge) -> tuple[Odds | CosmicError, Odds | CosmicError]:
    """The Mutant plan's odds by the class method and by the oracle (or the error each raises)."""
    answers: list[Odds | CosmicError] = []
    for method in (by_classes, by_enumeration):
        s = _Solver(c)
        hand = as_hand(c.hand)
        unseen = c.unseen()
        m = c.opponent_random
        d = draw_size(hand, c.deck.hand_size, sum(unseen.values()), m)
        try:
            answers.append(s.odds(method(s, hand, unseen, as_hand(c.opponent_hand_known), m, d)))
        except CosmicError as e:
            answers.append(e)
    return answers[0], answers[1]


@st.composite
def challenges(draw: st.DrawFn) -> Challenge:
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=2, max_size=6, unique=True))
    counts = {Card.parse(k): draw(st.integers(1, 3)) for k in kinds}
    if not any(c.is_challenge for c in counts):
        counts[Card.parse("attack:5")] = 1
    hand_size = draw(st.integers(2, 5))
    deck = custom(counts.items(), hand_size, "tiny")
    pile = [c for c, n in sorted(counts.items()) for _ in range(n)]
    order = draw(st.permutations(pile))
    # At least 2 cards stay unseen: one for the opponent, one for you to draw.
    n_hand = draw(st.integers(0, min(hand_size - 1, len(order) - 2)))
    hand, rest = order[:n_hand], order[n_hand:]
    n_seen = draw(st.integers(0, min(2, len(rest) - 2)))
    seen, rest = rest[:n_seen], rest[n_seen:]
    n_known = draw(st.integers(0, min(1, len(rest) - 2)))
    known, rest = rest[:n_known], rest[n_known:]
    opponent_random = draw(st.integers(0 if n_known else 1, min(4, len(rest) - 1)))
    you = draw(st.sampled_from(list(Side)))
    their = draw(st.sampled_from(OPPOSING))
    powers = BySide(Power.MUTANT, their) if you is Side.OFFENSE else BySide(their, Power.MUTANT)
    offense_ships = 1 if powers.offense is Power.MACRON else draw(st.integers(1, 4))
    vulch: tuple[Card, ...] = ()
    if their is Power.VULCH:
        vulch = tuple(c for c in seen if not c.is_challenge)[:1]
    return Challenge(
        deck=deck,
        you=you,
        hand=tuple(hand),
        ships=BySide(offense_ships, draw(st.integers(0, 4))),
        allies=BySide(draw(st.integers(0, 2)), draw(st.integers(0, 2))),
        opponent_hand_size=n_known + opponent_random + len(vulch),
        seen=tuple(seen),
        opponent_known=tuple(known),
        powers=powers,
        opponent=draw(st.sampled_from(PLAIN_MODELS)),
        objective=draw(st.sampled_from(list(Objective))),
        deal_success=draw(st.sampled_from([F(1, 2), F(0), F(1), F(2, 3)])),
        second_challenge=draw(st.booleans()),
        options=PowerOptions(
            virus_allies=draw(st.sampled_from(list(VirusAllies))),
            amoeba_reserve=draw(st.sampled_from([None, 0, 2])),
            vulch_holds=vulch,
        ),
    )


@settings(max_examples=examples(400))
@given(challenges())
def test_class_method_equals_the_oracle(c: Challenge) -> None:
    fast, oracle = both_ways(c)
    if isinstance(oracle, CosmicError):
        assert isinstance(fast, CosmicError) and str(fast) == str(oracle)
    else:
        assert fast == oracle  # exact fractions, every field


@pytest.mark.parametrize("their", OPPOSING)
@pytest.mark.parametrize("model", PLAIN_MODELS)
@pytest.mark.parametrize("you", list(Side))
def test_every_power_model_and_side_on_one_deck(
    their: Power | None, model: OpponentModel, you: Side
) -> None:
    # Attacks on both sides of every threshold, a compromise, a morph and an edict (the
    # opponent's redraw); 3 of your 5 places to fill.
    powers = BySide(Power.MUTANT, their) if you is Side.OFFENSE else BySide(their, Power.MUTANT)
    seen = ["edict"] if their is Power.VULCH else []
    c = tiny(
        ["attack:6", "edict"],
        ["attack:1", "attack:4", "attack:4", "attack:8", "attack:12", "compromise",
         "compromise", "morph", "edict", "attack:6"],
        3 + len(seen), you=you, ships=(1 if their is Power.MACRON and you is Side.DEFENSE else 3, 2),
        allies=(1, 1), hand_size=5, opponent=model, powers=powers, seen=seen,
        options=PowerOptions(vulch_holds=parse_cards(*seen)),
    )  # fmt: skip
    fast, oracle = both_ways(c)
    assert isinstance(fast, Odds)
    assert fast == oracle


@pytest.mark.parametrize("model", PLAIN_MODELS)
@pytest.mark.parametrize("you", list(Side))
def test_a_real_deck_with_few_unseen_cards_against_the_oracle(
    model: OpponentModel, you: Side
) -> None:
    # Mayfair with most cards seen: 11 unseen cards of 8 kinds, so the oracle is quick; you hold
    # 4 cards and draw 3, the opponent holds 4.
    deck = preset("mayfair_1991")
    unseen = Counter(parse_cards("attack:4", "attack:8", "attack:8", "attack:10", "attack:15",
                           "attack:20", "compromise", "compromise", "attack:6", "attack:7",
                           "attack:12"))  # fmt: skip
    hand = parse_cards("attack:9", "compromise", "attack:5", "attack:13")
    pool = deck.counter()
    pool.subtract(Counter(hand))
    pool.subtract(unseen)
    powers = BySide(Power.MUTANT, None) if you is Side.OFFENSE else BySide(None, Power.MUTANT)
    c = Challenge(
        deck, you, hand, BySide(4, 2), BySide(0, 3), opponent_hand_size=4,
        seen=tuple((+pool).elements()), powers=powers, opponent=model,
    )  # fmt: skip
    fast, oracle = both_ways(c)
    assert isinstance(fast, Odds)
    assert fast == oracle


def test_mutant_draws_from_an_empty_hand() -> None:
    # Hand size 1 and no card: as the Mutant you draw one of {20, 3}, the opponent holds the
    # other. The 20 (22 against 5) wins, the 3 (5 against 22) loses: 1/2. Discarding the empty
    # hand and drawing a new one is the same draw here; taking the opponent's card (it then
    # draws the other) too.
    report = solve(tiny([], ["attack:20", "attack:3"], 1, hand_size=1,
                        powers=BySide(Power.MUTANT, None)))  # fmt: skip
    assert [p.name for p in report.plans] == ["redraw", "mutant", "mutant take"]
    for plan in report.plans:
        assert (plan.odds.win, plan.odds.lose, plan.odds.redraw) == (F(1, 2), F(1, 2), 0)


def test_draw_that_may_hold_no_challenge_card() -> None:
    # You hold an edict and draw 1 of {edict, 9, 2}; the opponent holds 1 of the other two.
    # Drawing the edict (1/3) leaves you no challenge card: redraw. Drawing the 9 (1/3): it holds
    # the 2, or the edict, which it replaces by the last card, the 2; 11 beats 4: you win.
    # Drawing the 2 (1/3): it plays the 9 either way; you lose.
    report = solve(tiny(["edict"], ["edict", "attack:9", "attack:2"], 1, hand_size=2,
                        powers=BySide(Power.MUTANT, None)))  # fmt: skip
    mutant = next(p for p in report.plans if p.name == "mutant").odds
    assert (mutant.redraw, mutant.win, mutant.lose) == (F(1, 3), F(1, 3), F(1, 3))


def test_opposing_laser_draws_your_card_among_the_new_hand() -> None:
    # You hold a 1 and draw one card of {30, 30, 2} (hand size 2); the opponent holds one of the
    # other two and plays it. The Laser draws your card at random from your 2 cards.
    # Draw a 30 (2/3): it holds {30 or 2} -> your 30 beats the 2 and loses to the 30 (tie goes to
    # the defense), your 1 loses to both. Draw the 2 (1/3): it holds a 30; you lose.
    # P(win) = 2/3 * (1/2 * [its card is the 2: 1/2]) = 1/6.
    c = tiny(["attack:1"], ["attack:30", "attack:30", "attack:2"], 1, hand_size=2,
             powers=BySide(Power.MUTANT, Power.LASER))  # fmt: skip
    mutant = next(p for p in solve(c).plans if p.name == "mutant").odds
    assert mutant.win == F(1, 6)


def test_issue_example_draws_from_the_full_mayfair_deck() -> None:
    # The issue's challenge (draw 4); before, the plan was left out with a note.
    for model in PLAIN_MODELS:
        c = Challenge(
            preset("mayfair_1991"), Side.OFFENSE, parse_cards("attack:12", "attack:6", "compromise"),
            BySide(4, 2), BySide(0, 3), opponent_hand_size=7, powers=BySide(Power.MUTANT, None),
            opponent=model,
        )  # fmt: skip
        report = solve(c)  # timed in benchmarks/cosmic_mutant.py, not here
        plan = next(p for p in report.plans if p.name == "mutant")
        assert plan.description.startswith("draw 4 card(s)")
        assert not any("Mutant" in n for n in report.notes)
        # Averaged over your draw, a card you already hold keeps its odds, and you choose the best
        # card of a larger hand: the draw wins at least as often as the best card, here more.
        assert plan.odds.win > max(r.odds.win for r in report.cards)
        total = plan.odds.win + plan.odds.lose + plan.odds.deal + plan.odds.redraw
        assert total == 1


def test_seven_cards_from_the_mayfair_deck() -> None:
    c = Challenge(
        preset("mayfair_1991"), Side.DEFENSE, (), BySide(3, 2), BySide(1, 2),
        opponent_hand_size=7, powers=BySide(None, Power.MUTANT),
        opponent=OpponentModel.BEST_RESPONSE,
    )  # fmt: skip
    report = solve(c)  # timed in benchmarks/cosmic_mutant.py, not here
    plan = next(p for p in report.plans if p.name == "mutant")
    assert plan.description.startswith("draw 7 card(s)")
    assert plan.odds.redraw == 0  # Mayfair holds only challenge cards
    assert plan.odds.win + plan.odds.lose + plan.odds.deal == 1
    assert F(1, 2) < plan.odds.win < 1


def test_opposing_chronos_uses_the_oracle_for_small_draws() -> None:
    # You hold a 10 and draw 1 of {20, 3, 1}; it holds 1 of the other two. When it loses, the
    # Chronos replays, you with your other card, it with the same card.
    # Draw the 20 (1/3): its 3 or 1 loses to both your cards: win.
    # Draw the 3 (1/3): its 20 (1/2) beats you; its 1 loses to your 10 then to your 3: win 1/2.
    # Draw the 1 (1/3): its 20 beats you; its 3 (5) beats your 1 (3) first or in the replay.
    # P(win) = 1/3 + 1/6 = 1/2.
    c = tiny(["attack:10"], ["attack:20", "attack:3", "attack:1"], 1, hand_size=2,
             powers=BySide(Power.MUTANT, Power.CHRONOS))  # fmt: skip
    report = solve(c)
    plan = next(p for p in report.plans if p.name == "mutant")
    assert plan.odds.win == F(1, 2)
    s = _Solver(c)
    unseen = c.unseen()
    expected = s.odds(by_enumeration(s, as_hand(c.hand), unseen, (), 1, 1))
    assert plan.odds == expected


def test_opposing_chronos_with_a_large_draw_is_left_out_with_a_note() -> None:
    c = Challenge(
        preset("mayfair_1991"), Side.OFFENSE, parse_cards("attack:12", "attack:6", "compromise"),
        BySide(4, 2), BySide(0, 3), opponent_hand_size=7,
        powers=BySide(Power.MUTANT, Power.CHRONOS),
    )  # fmt: skip
    report = solve(c)
    assert "mutant" not in [p.name for p in report.plans]
    assert any(f"above {MUTANT_ORACLE_LIMIT}" in n and "Chronos" in n for n in report.notes)


def test_draw_limited_to_the_cards_outside_the_opponents_hand() -> None:
    # 3 unseen cards, the opponent holds 2 of them: you can draw only 1 though 3 places are free.
    c = tiny(["attack:5"], ["attack:1", "attack:2", "attack:30"], 2, hand_size=4,
             powers=BySide(Power.MUTANT, None))  # fmt: skip
    report = solve(c)
    plan = next(p for p in report.plans if p.name == "mutant")
    assert plan.description.startswith("draw 1 card(s)")
    assert any("only 1 card(s)" in n for n in report.notes)
    # Drawing the 30 (1/3) wins; otherwise it holds the 30 and plays it.
    assert plan.odds.win == F(1, 3)


@settings(max_examples=examples(60))
@given(st.lists(st.integers(0, 4), max_size=6), st.integers(0, 8))
def test_draw_array_lists_every_composition_once(caps: list[int], d: int) -> None:
    draws, ways = draw_array(caps, d)
    got = sorted(zip(map(tuple, draws.tolist()), ways.tolist(), strict=True))
    assert got == sorted(compositions(caps, d))
    assert count_draws(caps, d) == len(got)
