"""The NPC rule's destroy pass and its two readings of the leftover sentence (issue 15, items 4
and 10), against an enumeration of every assignment and on hand-worked battles."""

from __future__ import annotations

import itertools
import math
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from calc import (
    Battle,
    BattleError,
    NpcReading,
    Policy,
    result_to_dict,
    result_to_text,
    simulate_battle,
    solve_exact,
    solve_sector,
    with_npc_reading,
)
from calc.rules import SideSpec, rule_assignment, self_damage_result
from calc.rules.dice import RIFT_REACH
from calc.rules.targeting import UNREACHABLE
from tests.calc.helpers import battle, ship, side
from tests.calc.npc_rule_oracle import assign_by_enumeration
from tests.calc.test_conformance_corpus import BATTLES as CORPUS_BATTLES
from tests.calc.test_conformance_corpus import battle_of as corpus_battle

State = tuple[tuple[int, ...], ...]
Hits = tuple[tuple[int, int, int], ...]
CONCENTRATE, SPREAD = NpcReading.CONCENTRATE, NpcReading.SPREAD


def by_enumeration(
    state: State,
    hits: Hits,
    needs: tuple[int, ...],
    hulls: tuple[int, ...],
    ranks: tuple[float, ...],
    reading: NpcReading,
) -> tuple[State, int]:
    """The oracle's result as a side state, and how many ships it destroys."""
    ships = [
        (g, d) for g, counts in enumerate(state) for d, c in enumerate(counts) for _ in range(c)
    ]
    order = sorted(
        range(len(ships)), key=lambda i: (-ranks[ships[i][0]], -ships[i][1], ships[i][0])
    )
    hp = [hulls[g] - d + 1 for g, d in ships]
    flat = [
        (damage, reach, frozenset(i for i, (g, _) in enumerate(ships) if needs[g] <= reach))
        for damage, reach, count in hits
        for _ in range(count)
    ]
    done = assign_by_enumeration(hp, order, flat, reading is SPREAD)
    out = [[0] * len(c) for c in state]
    for (g, d), added in zip(ships, done.added, strict=True):
        if d + added <= hulls[g]:
            out[g][d + added] += 1
    return tuple(tuple(c) for c in out), len(done.destroyed)


@st.composite
def volleys(
    draw: st.DrawFn, max_ships: int = 4, max_hits: int = 5
) -> tuple[State, Hits, tuple[int, ...], tuple[int, ...], tuple[float, ...]]:
    """A side (up to ``max_ships`` living ships in up to three groups) and a volley."""
    n_groups = draw(st.integers(1, 3))
    hulls = tuple(draw(st.integers(0, 3)) for _ in range(n_groups))
    needs = tuple(draw(st.sampled_from([2, 4, 5, 6, 6, UNREACHABLE])) for _ in range(n_groups))
    ranks = tuple(draw(st.sampled_from([1.0, 2.0, 3.0])) for _ in range(n_groups))
    budget = max_ships
    state = []
    for hull in hulls:
        counts = [0] * (hull + 1)
        for _ in range(draw(st.integers(0 if budget < max_ships else 1, min(2, budget)))):
            counts[draw(st.integers(0, hull))] += 1
            budget -= 1
        state.append(tuple(counts))
    kinds = draw(
        st.lists(
            st.tuples(st.integers(1, 4), st.sampled_from([2, 4, 5, 6, RIFT_REACH])),
            min_size=1,
            max_size=3,
            unique=True,
        )
    )
    hits = []
    left = max_hits
    for damage, reach in kinds:
        if left == 0:
            break
        count = draw(st.integers(1, left))
        left -= count
        hits.append((damage, reach, count))
    return tuple(state), tuple(hits), needs, hulls, ranks


@given(volleys(), st.sampled_from([CONCENTRATE, SPREAD]))
def test_rule_matches_enumeration_of_every_assignment(
    volley: tuple[State, Hits, tuple[int, ...], tuple[int, ...], tuple[float, ...]],
    reading: NpcReading,
) -> None:
    # The kill set is the best in target order over every way of giving the hits out, the
    # kills follow the tie rules, and the rest follow the reading: exactly the oracle's state.
    state, hits, needs, hulls, ranks = volley
    expected, destroyed = by_enumeration(state, hits, needs, hulls, ranks, reading)
    got = rule_assignment(state, hits, needs, hulls, ranks, reading)
    assert got == expected
    # The leftover hits destroyed nothing: only the kill set is gone.
    living = sum(sum(c) for c in state)
    assert living - sum(sum(c) for c in got) == destroyed


@given(volleys(max_ships=3, max_hits=7), st.sampled_from([CONCENTRATE, SPREAD]))
def test_rule_matches_enumeration_with_many_hits(
    volley: tuple[State, Hits, tuple[int, ...], tuple[int, ...], tuple[float, ...]],
    reading: NpcReading,
) -> None:
    state, hits, needs, hulls, ranks = volley
    assert (
        rule_assignment(state, hits, needs, hulls, ranks, reading)
        == by_enumeration(state, hits, needs, hulls, ranks, reading)[0]
    )


# Small contested volleys, every one: two or three ships (each its own group, in target order)
# of 1 or 2 hit points needing a 5 or a 6, and every multiset of up to three hits of 1 or 2
# damage reaching 5 or 6. Mixed damage and reach is where a ship-by-ship pass spends a hit that
# a later kill needed (the rule before issue 15 got 45 of these 2,720 volleys wrong).
KINDS = ((1, 5), (1, 6), (2, 5), (2, 6))


@pytest.mark.parametrize("reading", [CONCENTRATE, SPREAD])
def test_rule_matches_enumeration_on_every_small_contested_volley(reading: NpcReading) -> None:
    checked = 0
    for n in (2, 3):
        for ships in itertools.product(KINDS, repeat=n):
            hulls = tuple(hp - 1 for hp, _ in ships)
            needs = tuple(need for _, need in ships)
            ranks = tuple(float(n - i) for i in range(n))
            state = tuple((1,) + (0,) * hull for hull in hulls)
            for size in range(1, 4):
                for combo in itertools.combinations_with_replacement(KINDS, size):
                    hits = tuple((d, r, combo.count((d, r))) for d, r in sorted(set(combo)))
                    expected, _ = by_enumeration(state, hits, needs, hulls, ranks, reading)
                    got = rule_assignment(state, hits, needs, hulls, ranks, reading)
                    assert got == expected, (state, hits, needs)
                    checked += 1
    assert checked == 2_720


# ----- item 4: the issue's volley ---------------------------------------------------------

# The target side of the issue: an unarmed cruiser (hull 1, group 0) and an unarmed interceptor
# with shield 2 (group 1). Against computer 1 the cruiser needs a 5, the interceptor a 6.
TARGETS: State = ((1, 0), (1,))
NEEDS = (5, 6)
HULLS = (1, 0)
SIZES = (3.0, 1.0)


def test_the_orange_six_goes_to_the_interceptor_when_the_yellows_can_take_the_cruiser() -> None:
    # Orange 6, yellow 5, yellow 5: spending the orange on the cruiser (the fewest hits) would
    # leave the interceptor, which only a 6 reaches; both can be destroyed, so both are.
    hits = ((2, 6, 1), (1, 5, 2))
    assert rule_assignment(TARGETS, hits, NEEDS, HULLS, SIZES) == ((0, 0), (0,))


def test_tie_rules_choose_among_kills_that_keep_the_set() -> None:
    # Orange 6, yellow 6, yellow 5: the orange kills the cruiser (one hit, no waste) and the
    # set survives it (the yellow 6 takes the interceptor); the yellow 5 is left with no ship.
    hits = ((2, 6, 1), (1, 6, 1), (1, 5, 1))
    assert rule_assignment(TARGETS, hits, NEEDS, HULLS, SIZES) == ((0, 0), (0,))


def test_largest_first_two_cruisers_before_a_cruiser_and_the_interceptor() -> None:
    # A second cruiser (hull 1): the two cruisers can both be destroyed (orange; yellow 6 +
    # yellow 5), and then no hit is left for the interceptor. Destroying a cruiser and the
    # interceptor is also possible, but the set with both cruisers comes first in target order.
    hits = ((2, 6, 1), (1, 6, 1), (1, 5, 1))
    assert rule_assignment(((2, 0), (1,)), hits, NEEDS, HULLS, SIZES) == ((0, 0), (1,))


def issue_battle(policy: Policy) -> Battle:
    """The issue's battle: a cruiser (computer 1) with 1 orange and 2 yellow missiles against
    an unarmed cruiser (hull 1) and an unarmed interceptor with shield 2."""
    return battle(
        side(
            "Red",
            (
                ship(
                    "cruiser",
                    init=2,
                    hull=1,
                    comp=1,
                    cannons={},
                    missiles={"orange": 1, "yellow": 2},
                ),
                1,
            ),
            policy=policy,
        ),
        side(
            "Blue",
            (ship("cruiser", init=1, hull=1, cannons={}), 1),
            (ship(init=1, shield=2, cannons={}), 1),
        ),
    )


def both_destroyed_by_hand() -> float:
    # Orange 6 (1/6): both die unless neither yellow is a 6 and not both are 5s or 6s:
    # P(some yellow 6) + P(both 5) = 11/36 + 1/36. Orange 5 (1/6): the orange takes the cruiser
    # and a yellow 6 the interceptor: 11/36. Orange misses: 2 yellows cannot do 3 damage.
    return (1 / 6) * (12 / 36) + (1 / 6) * (11 / 36)


def test_issue_battle_exact_is_23_over_216() -> None:
    assert both_destroyed_by_hand() == pytest.approx(23 / 216, abs=1e-15)
    result = solve_exact(issue_battle(Policy.NPC))
    # Both destroyed is the attacker's win (Blue has no ship left); else a stalemate.
    assert result.attacker_wins == pytest.approx(23 / 216, abs=1e-12)
    assert result.stalemate == pytest.approx(193 / 216, abs=1e-12)


def test_greedy_improves_the_same_way() -> None:
    # Greedy uses the same passes with its threat order (both targets unarmed: by size).
    result = solve_exact(issue_battle(Policy.GREEDY))
    assert result.attacker_wins == pytest.approx(23 / 216, abs=1e-12)


def test_optimal_play_reaches_the_same_value() -> None:
    result = solve_exact(issue_battle(Policy.OPTIMAL))
    assert result.attacker_wins == pytest.approx(23 / 216, abs=1e-12)


def test_issue_battle_monte_carlo_agrees() -> None:
    samples = 200_000
    result = simulate_battle(issue_battle(Policy.NPC), np.random.default_rng(15), samples)
    se = math.sqrt((23 / 216) * (193 / 216) / samples)
    # Within 4 standard errors of 23/216, and the old rule's 11/108 is 6.9 of them away.
    assert abs(result.attacker_wins - 23 / 216) <= 4 * se


# ----- item 10: the two readings ----------------------------------------------------------

DREADNOUGHT_AND_CRUISER: State = ((1, 0, 0), (1, 0, 0))  # hull 2 each: 3 hits to destroy


def test_readings_differ_when_nothing_can_be_destroyed() -> None:
    hulls, needs, sizes = (2, 2), (2, 2), (4.0, 3.0)
    two = ((1, 6, 2),)
    # Concentrate: both hits on the dreadnought. Spread: one each, largest first.
    assert rule_assignment(DREADNOUGHT_AND_CRUISER, two, needs, hulls, sizes) == (
        (0, 0, 1),
        (1, 0, 0),
    )
    assert rule_assignment(DREADNOUGHT_AND_CRUISER, two, needs, hulls, sizes, SPREAD) == (
        (0, 1, 0),
        (0, 1, 0),
    )
    # Spread, a third hit (hull 4: 5 hits to destroy): a ship takes a second only when every
    # ship has one more; the largest damage goes first (the 2 to the dreadnought, a 1 to the
    # cruiser, the other 1 back to the dreadnought).
    three = ((2, 6, 1), (1, 6, 2))
    fresh = ((1, 0, 0, 0, 0), (1, 0, 0, 0, 0))
    assert rule_assignment(fresh, three, needs, (4, 4), sizes, SPREAD) == (
        (0, 0, 0, 1, 0),
        (0, 1, 0, 0, 0),
    )


def test_spread_only_counts_ships_the_hit_reaches() -> None:
    # The dreadnought (hull 2) needs a 6, the cruiser (hull 3) a 2. The two hits of reach 5 can
    # only take the cruiser, so the cruiser takes both although the dreadnought has none yet;
    # the 6 then goes to the dreadnought, which has fewer.
    hulls, needs, sizes = (2, 3), (6, 2), (4.0, 3.0)
    hits = ((1, 6, 1), (1, 5, 2))
    state = ((1, 0, 0), (1, 0, 0, 0))
    assert rule_assignment(state, hits, needs, hulls, sizes, SPREAD) == ((0, 1, 0), (0, 0, 1, 0))


@pytest.mark.parametrize(
    ("reading", "expected"), [(CONCENTRATE, ((1, 0, 1),)), (SPREAD, ((0, 2, 0),))]
)
def test_rift_self_damage_follows_the_reading(reading: NpcReading, expected: State) -> None:
    # Two rift cruisers of hull 2 take two points: neither can be destroyed, so concentrate
    # puts both on one, spread one on each.
    rift_cruiser = ship("cruiser", init=2, hull=2, cannons={"pink": 1})
    own = SideSpec.of(replace(side("R", (rift_cruiser, 2)), npc_reading=reading))
    assert self_damage_result(((2, 0, 0),), 2, own) == expected


def missiles_then_missiles(reading: NpcReading) -> Battle:
    """Two NPC-rule missile volleys (2 dice, then 1, each hitting on a 2+) at two unarmed
    cruisers of hull 2; then nobody has cannons (stalemate)."""
    first = ship("interceptor", init=3, comp=4, cannons={}, missiles={"yellow": 2})
    second = ship("interceptor", init=2, comp=4, cannons={}, missiles={"yellow": 1})
    b = battle(
        side("Red", (first, 1), (second, 1), policy=Policy.NPC),
        side("Blue", (ship("cruiser", init=1, hull=2, cannons={}), 2)),
    )
    return with_npc_reading(b, reading)


def test_readings_differ_over_a_battle_hand_worked() -> None:
    # Concentrate: two hits pile onto one cruiser (25/36), the third destroys it (5/6).
    # Spread: the two hits go one per cruiser, the third cannot destroy either: never a loss.
    concentrate = solve_exact(missiles_then_missiles(CONCENTRATE))
    spread = solve_exact(missiles_then_missiles(SPREAD))
    blue_c = concentrate.side("Blue").groups[0].survivors
    blue_s = spread.side("Blue").groups[0].survivors
    assert blue_c[1] == pytest.approx(125 / 216, abs=1e-12)
    assert blue_c[2] == pytest.approx(91 / 216, abs=1e-12)
    assert blue_s[2] == pytest.approx(1.0, abs=1e-12)
    assert concentrate.npc_reading is CONCENTRATE and spread.npc_reading is SPREAD


@pytest.mark.parametrize("reading", [CONCENTRATE, SPREAD])
def test_monte_carlo_follows_the_reading(reading: NpcReading) -> None:
    samples = 100_000
    result = simulate_battle(missiles_then_missiles(reading), np.random.default_rng(10), samples)
    p = 125 / 216 if reading is CONCENTRATE else 0.0
    se = math.sqrt(p * (1 - p) / samples)
    assert abs(result.side("Blue").groups[0].survivors[1] - p) <= 4 * se + 1e-12
    assert result.npc_reading is reading


def rift_duel(reading: NpcReading) -> Battle:
    """Two rift cruisers (hull 2, one pink die each) against a cruiser with one yellow die:
    rift self-damage of up to 2 points per volley, which the readings place differently."""
    return with_npc_reading(
        battle(
            side("Red", (ship("cruiser", init=3, hull=2, cannons={"pink": 1}), 2)),
            side("Blue", (ship("cruiser", init=1, hull=2, comp=1), 1)),
        ),
        reading,
    )


def test_rift_self_damage_reading_exact_and_monte_carlo() -> None:
    exact = {r: solve_exact(rift_duel(r)) for r in (CONCENTRATE, SPREAD)}
    # The readings give different battles (else the agreement below would prove nothing).
    assert abs(exact[CONCENTRATE].attacker_wins - exact[SPREAD].attacker_wins) > 1e-3
    samples = 100_000
    for reading, result in exact.items():
        mc = simulate_battle(rift_duel(reading), np.random.default_rng(7), samples)
        p = result.attacker_wins
        assert abs(mc.attacker_wins - p) <= 4 * math.sqrt(p * (1 - p) / samples)


def test_sector_follows_the_reading() -> None:
    # A sector of two sides is the same battle: the chain carries the sides' reading.
    for reading in (CONCENTRATE, SPREAD):
        b = missiles_then_missiles(reading)
        sector = solve_sector(b)
        assert sector.npc_reading is reading
        assert sector.side("Blue").groups[0].survivors[1] == pytest.approx(
            solve_exact(b).side("Blue").groups[0].survivors[1], abs=1e-12
        )


def test_a_battle_has_one_reading() -> None:
    b = missiles_then_missiles(SPREAD)
    mixed = (b.sides[0], replace(b.sides[1], npc_reading=CONCENTRATE))
    with pytest.raises(BattleError, match="one reading"):
        Battle(mixed, 1)


def test_output_names_the_reading() -> None:
    spread = solve_exact(missiles_then_missiles(SPREAD))
    assert result_to_dict(spread)["npc_reading"] == "spread"
    assert "reading 'spread'" in result_to_text(spread)
    concentrate = solve_exact(missiles_then_missiles(CONCENTRATE))
    assert result_to_dict(concentrate)["npc_reading"] == "concentrate"
    assert "reading 'concentrate'" in result_to_text(concentrate)
    # No side follows the NPC rule and the reading is the default: the text does not mention it.
    players = solve_exact(with_npc_reading(issue_battle(Policy.OPTIMAL), CONCENTRATE))
    assert "NPC rule" not in result_to_text(players)


def test_the_independent_solver_reads_the_sentence_as_concentrate() -> None:
    # Corpus battle n3-0091 (a guardian and a GCDS against an interceptor of hull 2 and a
    # dreadnought): the GCDS's hits that destroy nothing land differently under the two
    # readings, and the independent solver's value is the concentrate one.
    entry = next(b for b in CORPUS_BATTLES if b["id"] == "n3-0091")
    b = corpus_battle(entry)
    expected = entry["expected"]["p_attacker_wins"]
    assert solve_exact(b).attacker_wins == pytest.approx(expected, abs=1e-5)
    assert abs(solve_exact(with_npc_reading(b, SPREAD)).attacker_wins - expected) > 0.05
