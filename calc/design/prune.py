"""Which designs the fleet designer may skip without changing its answer, and why.

Two kinds of pruning, both *safe*: a skipped design can never rank above a design the search
does evaluate.

**Bound pruning** (any policy, any method). Every objective has an upper bound per design:
P(win) <= 1; P(win) per material <= 1 / max(1, cost); the exchange <= the opponents' fleet value
(the most material they can lose; own losses are >= 0). Designs are evaluated in waves; before
each wave, a design whose best possible ranking key (its bound with its own tie-breaks) is worse
than the ``top``-th key found so far is skipped. Keys compare values first, so a design that
cannot even reach the ``top``-th value at best cannot enter the top.

**Dominance pruning** (only where a proof covers it). Design A *dominates* design B when both
have the same ships (classes, counts, ships built, damage) and, class by class, A's blueprint is
at least as good as B's in the sense of one of two rules below, for every opponent. Then A's
value is at least B's for the objective, and B is skipped if A also wins the tie-breaks
(``tie_key``). Nothing else is assumed: in particular more of a stat is *not* better in general.
Against the NPC rule (and the greedy heuristic), a tougher cruiser can make the NPC kill the
interceptor that carried the guns instead, and fewer NPC hits can do the same; rift dice damage
their own side by a fixed rule. So the rules are:

1. *Optimal play on both sides* (``OPTIMAL_PLAY``): the designing side and the opponent both
   play ``optimal`` (minimax on P(attacker wins)), the opponent never retreats (retreat
   decisions are not in the proof), nobody has rift dice, and A's ships have at
   least B's hull, shields, computers and Morph Shields and dice that dominate B's (cannons and
   missiles: at least as many, the i-th strongest at least as strong), and B's activation order
   (missiles, then engagement) is A's with only designing-side slots left out. Proof sketch,
   by induction over battle states in the solver's order: relate a state of A's battle to one
   of B's when A's living ships can be matched one to one onto a superset of B's with at least
   their remaining hit points and stats, and the opponent's living ships in A's battle are
   matched onto a subset of theirs in B's with at most their remaining hit points. Couple every
   die roll. When the designing side fires, A's hits contain B's (more computers, more and
   stronger dice), so A can assign them as B does and more: the opponent ends weaker. When the
   opponent fires, it rolls no more dice in A's battle, each of its hits on A's ships also hits
   the matched (less shielded) ship of B's, so every assignment it can make against A has a
   counterpart against B that leaves B at least as badly off. The end values are monotone
   (without rift dice there are no draws, and a stalemate leaves the attacker unable to win in
   both), so by induction the minimax value of A's battle is at least B's. This covers P(win)
   (and per material, at equal cost), not the expected exchange, which optimal play does not
   optimise.
2. *One NPC ship* (``SINGLE_NPC``): the opponent is an NPC side with exactly one ship (it uses
   the NPC rule), the designing side has no rift dice, A's and B's ships have the same hull,
   shields and Morph Shields, and A has at least B's computers and initiative and dominating
   dice. Proof sketch, pathwise under coupled dice: every hit of the designing side goes to the
   one NPC ship, whatever its policy; the NPC rule assigns hits by the designing side's sizes,
   damage and shields only, which are the same, so the designing side's ships take exactly the
   same damage in both battles until the NPC ship dies in A's battle, which happens no later
   (in NPC volleys) than in B's. So A wins whenever B wins, loses no more material and destroys
   the NPC whenever B does: all three objectives.

**In the whole sector** (``DesignRequest.sector``: one battle of every side together, the value
being the designing side's result in the sector) both kinds are argued again:

- *Bound pruning* holds as it is: P(holds the sector) <= 1, and the other sides together can
  lose at most their fleets' value (``sector_bound``; own losses are >= 0).
- *Dominance* is kept only where the designing side fights **exactly one battle** of the chain:
  when it controls the sector (it defends, so it fights last) or when the sector has only two
  sides (then it is the two-sided battle above, with the same rules). Then the battles before
  its own do not involve its ships, so they reach it in the same distribution of arrival states
  (which side arrives, with which damage, or nobody) whichever design it has, and it holds the
  sector exactly when it wins (or stalemates) its one battle, a two-sided battle it defends from
  that arrival state. ``OPTIMAL_PLAY`` applies when every other side satisfies it (a player,
  playing ``optimal``, no rift dice) and moreover never retreats (the two-sided proof has no
  retreat decisions in it; a side retreating by its own rule is not playing the minimax game).
  The arriving side is a sub-fleet of one of those sides, with damage: the proof above relates
  states from any common start, and the activation order of a sub-fleet is the full order with
  the missing types' slots left out in both battles, so the embedding checked for each full
  side (``sector_pairs``) holds for every arrival. Summing the per-arrival inequality over the
  common arrival distribution gives P_A(hold) >= P_B(hold). ``SINGLE_NPC`` cannot apply with
  three sides or more (NPCs always defend, so the designing side would not), and the expected
  exchange has no rule there.
- When the designing side may fight more than one battle (it does not control a sector of
  three sides or more), its damaged survivors go on to the next battle, and each battle is
  solved for the pair's P(attacker wins), not for the rest of the chain: a stronger design may
  win its first battle more often but arrive at the next one weaker. This happens:
  entering last against two interceptors, then the defender's two shielded plasma
  interceptors, one more hull on the cruiser beside a two-cannon interceptor raises P(win)
  against the first alone from 0.67 to 0.84, leaves P(win) against the defender alone as it
  was, yet lowers P(hold the sector) from 0.286 to 0.276: the first opponent's best play then
  turns to the interceptor, the guns the designing side needs afterwards
  (``test_pair_dominance_fails_when_the_side_fights_twice``). No dominance is claimed:
  ``sector_rules`` returns nothing.

Dominance by ship *counts* is not used: where more ships provably do no worse (the first rule),
the larger fleet costs more, so it may tie at a higher cost (P(win) 1 for both, say) and rank
below, or win outright and rank above: neither design can be skipped safely.

Dominance needs exact values (a Monte Carlo estimate of A may fall below B's), so it applies
only when every battle of both designs is predicted to be solved exactly, and the designer
re-queues B if A's evaluation turns out not to be exact after all. Values that agree to 9
decimals count as ties (``VALUE_DIGITS``), so rounding noise cannot turn a tie against the
dominating design.

Tests: ``tests/calc/test_design_prune.py`` checks both rules against exhaustive evaluation on
random small cases (Hypothesis), in two-sided battles and in three-sided sectors, and shows by
example that naive stat dominance is wrong against the NPC rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from itertools import product

from blueprints import DieColour, ShipStats
from calc.battle.model import Battle, Policy, Side
from calc.design.space import Candidate
from calc.rules.battle_state import activation_order

VALUE_DIGITS = 9
"""Objective values are compared after rounding to this many decimals."""


class Objective(StrEnum):
    """What the designer maximises (aggregated over opponents, see ``calc.design.designer``).

    ``win``: P(the designing side wins). ``win_per_material``: P(win) / max(1, materials spent).
    ``exchange``: the opponents' expected material lost minus the designing side's.
    """

    WIN = "win"
    WIN_PER_MATERIAL = "win_per_material"
    EXCHANGE = "exchange"


class Rule(StrEnum):
    """The dominance rules (see module doc)."""

    OPTIMAL_PLAY = "optimal-play"
    SINGLE_NPC = "single-npc"


TieKey = tuple[int, int, int, str]


def rank_key(
    value: float, candidate: Candidate, tie: TieKey | None = None
) -> tuple[float, int, int, int, str]:
    """The ranking key (smaller ranks first): higher value, then lower cost, then the stronger
    design, then fewer upgrade activations, then the design's text. ``tie``: the candidate's
    ``tie_key`` when already computed (it is the costly part)."""
    return (-round(value, VALUE_DIGITS), *(tie_key(candidate) if tie is None else tie))


def tie_key(candidate: Candidate) -> TieKey:
    """The tie-breaks of ``rank_key``."""
    return (candidate.cost, -candidate.strength, candidate.activations, candidate.describe())


def upper_bound(objective: Objective, candidate: Candidate, opponent_value: float) -> float:
    """The highest value the objective can take for this design (see module doc);
    ``opponent_value`` is the aggregated material the opponents could lose at most."""
    if objective is Objective.WIN:
        return 1.0
    if objective is Objective.WIN_PER_MATERIAL:
        return 1.0 / max(1, candidate.cost)
    return opponent_value


@lru_cache(maxsize=65_536)
def _dice_damage(stats: ShipStats, missiles: bool) -> tuple[int, ...]:
    dice = stats.missiles if missiles else stats.cannons
    out = []
    for colour, n in dice.items():
        if colour is not DieColour.PINK:
            out.extend([colour.damage] * n)
    return tuple(sorted(out, reverse=True))


def dice_dominate(a: ShipStats, b: ShipStats) -> bool:
    """A's cannons and missiles each dominate B's: at least as many dice, the i-th strongest of
    A's at least as strong as the i-th of B's (rift dice are not compared: rules exclude them)."""
    for missiles in (False, True):
        da, db = _dice_damage(a, missiles), _dice_damage(b, missiles)
        if len(da) < len(db) or any(x < y for x, y in zip(da, db, strict=False)):
            return False
    return True


def has_rift(stats: ShipStats) -> bool:
    """True when the ship rolls rift dice."""
    return stats.rift_dice > 0


def side_has_rift(side: Side) -> bool:
    """True when a ship of the side rolls rift dice."""
    return any(has_rift(g.stats) for g in side.groups)


def opponent_rules(designer: Side, opponent: Side) -> tuple[Rule, ...]:
    """Which rules the opponent allows (see module doc)."""
    out = []
    if (
        designer.policy is Policy.OPTIMAL
        and opponent.policy is Policy.OPTIMAL
        and not opponent.npc
        and not side_has_rift(opponent)
        and not opponent.retreats
    ):
        # The proof has no retreat decisions: a side retreating by its own rule is not playing
        # the minimax game, so a stronger design is not proved better against it.
        out.append(Rule.OPTIMAL_PLAY)
    if opponent.npc and opponent.ship_count == 1:
        out.append(Rule.SINGLE_NPC)
    return tuple(out)


def rules_for_objective(objective: Objective) -> tuple[Rule, ...]:
    """Rules whose proof covers the objective."""
    if objective is Objective.EXCHANGE:
        return (Rule.SINGLE_NPC,)
    return (Rule.OPTIMAL_PLAY, Rule.SINGLE_NPC)


def fleet_value(side: Side) -> float:
    """The materials a side's ships are worth: the most it can lose in a battle."""
    return float(sum(g.count * g.stats.cost for g in side.groups))


def sector_bound(sector: Battle, designer: str) -> float:
    """The most material the other sides of a sector can lose together: the upper bound of the
    exchange in whole-sector mode."""
    return float(sum(fleet_value(s) for s in sector.sides if s.name != designer))


def sector_rules(
    designer: Side, sector: Battle, objective: Objective
) -> tuple[tuple[Rule, ...], ...]:
    """The dominance rules allowed in whole-sector mode, one entry per other side of the sector
    (in its order), or ``()`` when no dominance is safe (see module doc: the designing side must
    fight exactly one battle of the chain)."""
    names = [s.name for s in sector.sides]
    mine = names.index(designer.name)
    others = [s for i, s in enumerate(sector.sides) if i != mine]
    objective_rules = rules_for_objective(objective)
    if len(sector.sides) == 2:
        return (tuple(r for r in opponent_rules(designer, others[0]) if r in objective_rules),)
    if sector.defender != mine or Rule.OPTIMAL_PLAY not in objective_rules:
        return ()
    out = []
    for side in others:
        if side.retreats or Rule.OPTIMAL_PLAY not in opponent_rules(designer, side):
            return ()
        out.append((Rule.OPTIMAL_PLAY,))
    return tuple(out)


def sector_pairs(sector: Battle, designer: str) -> tuple[Battle, ...]:
    """The two-sided battles whose activation orders ``sector_rules`` relies on, one per other
    side: the sector itself when it has two sides, else each other side (whole, undamaged)
    attacking the designing side, the defender."""
    if len(sector.sides) == 2:
        return (sector,)
    me = next(s for s in sector.sides if s.name == designer)
    return tuple(Battle.two_sided(s, me) for s in sector.sides if s.name != designer)


Order = tuple[tuple[bool, str], ...]


def activation_labels(battle: Battle, designer: str) -> tuple[Order, Order]:
    """The missile and engagement activation orders of a battle as (designing side?, type)
    labels; the designing side's types are named by class, the opponent's by position."""
    attacker = battle.attacker_side.canonical()
    defender = battle.defender_side.canonical()
    sides = (attacker, defender)
    out = []
    for missiles in (True, False):
        labels = []
        for slot in activation_order(attacker, defender, missiles):
            side = sides[slot.side]
            mine = side.name == designer
            group = side.groups[slot.group]
            labels.append((mine, group.stats.ship_class.value if mine else str(slot.group)))
        out.append(tuple(labels))
    return out[0], out[1]


def embeds(longer: Order, shorter: Order) -> bool:
    """True when ``shorter`` is ``longer`` with only designing-side slots left out."""
    j = 0
    for label in longer:
        if j < len(shorter) and label == shorter[j]:
            j += 1
        elif not label[0]:
            return False
    return j == len(shorter)


def _same_ships(a: Candidate, b: Candidate) -> bool:
    return len(a.groups) == len(b.groups) and all(
        (x.ship_class, x.count, x.new, x.damage) == (y.ship_class, y.count, y.new, y.damage)
        for x, y in zip(a.groups, b.groups, strict=True)
    )


def blueprint_dominates(rule: Rule, a: ShipStats, b: ShipStats) -> bool:
    """Whether A's ship stats are at least B's in the sense of the rule (no rift dice)."""
    if has_rift(a) or has_rift(b) or not dice_dominate(a, b):
        return False
    if rule is Rule.OPTIMAL_PLAY:
        return (
            a.hull >= b.hull
            and a.shield >= b.shield
            and a.computer >= b.computer
            and a.morph >= b.morph
        )
    return (
        a.hull == b.hull
        and a.shield == b.shield
        and a.morph == b.morph
        and a.computer >= b.computer
        and a.initiative >= b.initiative
    )


@dataclass(frozen=True, slots=True)
class Profile:
    """What dominance needs to know of one design against every opponent: whether each battle
    is predicted exact, the activation orders (for ``OPTIMAL_PLAY``) and its tie-breaks."""

    candidate: Candidate
    exact: tuple[bool, ...]
    orders: tuple[tuple[Order, Order], ...]
    tie: TieKey = (0, 0, 0, "")

    @classmethod
    def of(
        cls,
        candidate: Candidate,
        exact: tuple[bool, ...],
        orders: tuple[tuple[Order, Order], ...],
    ) -> Profile:
        """A profile with its tie-breaks computed once."""
        return cls(candidate, exact, orders, tie_key(candidate))

    @property
    def ships(self) -> tuple[tuple[object, ...], ...]:
        """Classes, counts, ships built and damage: what two comparable designs share."""
        return tuple((g.ship_class, g.count, g.new, g.damage) for g in self.candidate.groups)


def dominates(
    a: Profile,
    b: Profile,
    allowed: Sequence[Sequence[Rule]],
) -> bool:
    """Whether design A dominates design B against every opponent (``allowed[i]`` lists the
    rules opponent ``i`` and the objective allow) and wins the tie-breaks."""
    groups = tuple(zip(a.candidate.groups, b.candidate.groups, strict=False))
    return _dominates(
        a,
        b,
        allowed,
        lambda rule: all(blueprint_dominates(rule, x.stats, y.stats) for x, y in groups),
    )


def _dominates(
    a: Profile,
    b: Profile,
    allowed: Sequence[Sequence[Rule]],
    stats_dominate: Callable[[Rule], bool],
) -> bool:
    """``dominates``, told by ``stats_dominate(rule)`` whether A's ship stats are at least B's,
    class by class, in the sense of the rule."""
    if not _same_ships(a.candidate, b.candidate) or a.tie >= b.tie:
        return False
    for i, rules in enumerate(allowed):
        if not (a.exact[i] and b.exact[i]):
            return False
        ok = False
        for rule in rules:
            if not stats_dominate(rule):
                continue
            if rule is Rule.OPTIMAL_PLAY and not (
                embeds(a.orders[i][0], b.orders[i][0]) and embeds(a.orders[i][1], b.orders[i][1])
            ):
                continue
            ok = True
            break
        if not ok:
            return False
    return True


def _related(
    relation: dict[Rule, set[tuple[int, int]]], pairs: tuple[tuple[int, int], ...]
) -> Callable[[Rule], bool]:
    """``stats_dominate`` for ``_dominates`` from numbered stats: every (A's, B's) pair is in
    the rule's relation."""
    return lambda rule: all(pair in relation[rule] for pair in pairs)


MAX_COMBINATIONS = 4_096
"""Dominating combinations tried per design before only single-class changes are tried."""


def dominated(profiles: Sequence[Profile], allowed: Sequence[Sequence[Rule]]) -> dict[int, int]:
    """For each design that some other design dominates: the index of one that does (the one
    with the best tie-breaks among those tried).

    Candidates for A are looked up, not scanned: per class, the ship stats that dominate B's
    under one of the rules, combined over the classes (all combinations up to
    ``MAX_COMBINATIONS``, else those changing one class), each checked as ``dominates`` does
    (with each pair of ship stats compared once per rule). Missing a dominating design only
    prunes less, so the cap is safe.
    """
    if not allowed or not all(allowed):
        return {}
    rules = tuple(r for r in Rule if any(r in rs for rs in allowed))
    # Ship stats are looked up and compared many times below: number them once (hashing a
    # ShipStats hashes every field) and compare each pair of one class once per rule.
    ids: dict[ShipStats, int] = {}
    stats: list[ShipStats] = []
    by_class: dict[object, list[int]] = {}
    keys: list[tuple[tuple[tuple[object, ...], ...], tuple[int, ...]]] = []
    for p in profiles:
        numbered = []
        for g in p.candidate.groups:
            s = ids.get(g.stats)
            if s is None:
                s = ids[g.stats] = len(stats)
                stats.append(g.stats)
                by_class.setdefault(g.ship_class, []).append(s)
            numbered.append(s)
        keys.append((p.ships, tuple(numbered)))
    index = {key: i for i, key in enumerate(keys)}
    relation: dict[Rule, set[tuple[int, int]]] = {r: set() for r in rules}
    better: list[tuple[int, ...]] = [()] * len(stats)
    for members in by_class.values():
        for s in members:
            found = []
            for t in members:
                held = [r for r in rules if blueprint_dominates(r, stats[t], stats[s])]
                for r in held:
                    relation[r].add((t, s))
                if held and t != s:
                    found.append(t)
            better[s] = tuple(sorted(found, key=lambda t: repr(stats[t])))
    out: dict[int, int] = {}
    for j, b in enumerate(profiles):
        ships, own = keys[j]
        choices = [(s, *better[s]) for s in own]
        total = 1
        for c in choices:
            total *= len(c)
        if total > MAX_COMBINATIONS:
            combos: list[tuple[int, ...]] = [
                (*own[:k], t, *own[k + 1 :]) for k, s in enumerate(own) for t in better[s]
            ]
        else:
            combos = list(product(*choices))
        winner: int | None = None
        for combo in combos:
            k = index.get((ships, combo))
            if k is None or k == j:
                continue
            if (winner is None or profiles[k].tie < profiles[winner].tie) and _dominates(
                profiles[k], b, allowed, _related(relation, tuple(zip(combo, own, strict=True)))
            ):
                winner = k
        if winner is not None:
            out[j] = winner
    return out
