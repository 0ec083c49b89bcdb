"""What happens when the two challenge cards are revealed: the rules of the text, with powers.

``resolve(challenge, offense_card, defense_card)`` applies, in order: a morph becomes a copy of
the other card (two morphs: both sides lose, every ship to the warp); an Empath's compromise turns
the other card into a compromise; two compromises force a deal; an attack beats a compromise
(the compromiser's ships go to the warp and it takes consolation: one card from the attacker's
hand per ship destroyed); two attacks compare totals, card plus ships allies included, the
defense winning ties. An Amoeba oozes once the cards are known. Where the lost ships go depends on
Zombie and Void. A failed deal (both lose three ships) is a matter of chance and is counted by the
solver, not here.

>>> from cosmic.challenge import Challenge, Side, BySide
>>> from cosmic.decks import preset
>>> c = Challenge(preset("mayfair_1991"), Side.OFFENSE, hand=(), ships=BySide(4, 2),
...               allies=BySide(0, 3), opponent_hand_size=7)
>>> e = resolve(c, attack(12), attack(10))
>>> e.result.value, e.totals, e.warp.defense
('offense_wins', BySide(offense=16, defense=15), 2)
>>> resolve(c, attack(11), attack(10)).result   # 15 against 15: ties go to the defense
<Result.DEFENSE_WINS: 'defense_wins'>
>>> resolve(c, attack(1), COMPROMISE).consolation
2
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cosmic.cards import COMPROMISE, Card, CardKind, attack
from cosmic.challenge import BySide, Challenge, Side
from cosmic.powers import PowerRule, rule

__all__ = ["COMPROMISE", "Encounter", "Result", "attack", "resolve"]


class Result(StrEnum):
    """How an encounter ends."""

    OFFENSE_WINS = "offense_wins"
    DEFENSE_WINS = "defense_wins"
    DEAL = "deal"
    BOTH_LOSE = "both_lose"

    def winner(self) -> Side | None:
        """The winning side, ``None`` for a deal or when both lose."""
        if self is Result.OFFENSE_WINS:
            return Side.OFFENSE
        if self is Result.DEFENSE_WINS:
            return Side.DEFENSE
        return None


@dataclass(frozen=True, slots=True)
class Encounter:
    """The result of one pair of revealed cards.

    Attributes:
        result: who wins, or a deal, or both lose.
        cards: the cards as they count (after morph and Empath).
        ships: each main player's ships in the challenge after any ooze.
        totals: each side's total when two attacks met, else ``None``.
        warp: each main player's ships sent to the warp (a failed deal excluded).
        removed: each main player's ships removed from the game by a winning Void.
        consolation: cards the attacker gives the compromiser (ships destroyed), 0 otherwise.
    """

    result: Result
    cards: BySide[Card]
    ships: BySide[int]
    totals: BySide[int] | None
    warp: BySide[int]
    removed: BySide[int]
    consolation: int = 0


def _effective(off: Card, dfn: Card, rules: BySide[PowerRule]) -> tuple[Card, Card] | None:
    if off.kind is CardKind.MORPH and dfn.kind is CardKind.MORPH:
        return None
    if off.kind is CardKind.MORPH:
        off = dfn
    elif dfn.kind is CardKind.MORPH:
        dfn = off
    if rules.offense.empathic and off.kind is CardKind.COMPROMISE:
        dfn = COMPROMISE
    elif rules.defense.empathic and dfn.kind is CardKind.COMPROMISE:
        off = COMPROMISE
    return off, dfn


def _losses(
    rules: BySide[PowerRule], ships: BySide[int], losers: tuple[Side, ...]
) -> tuple[BySide[int], BySide[int]]:
    warp = {Side.OFFENSE: 0, Side.DEFENSE: 0}
    removed = {Side.OFFENSE: 0, Side.DEFENSE: 0}
    for side in losers:
        n = ships.of(side)
        winner_destroys = len(losers) == 1 and rules.of(side.other).destroys
        if winner_destroys:
            removed[side] = n
        elif not rules.of(side).warp_proof:
            warp[side] = n
    return (
        BySide(warp[Side.OFFENSE], warp[Side.DEFENSE]),
        BySide(removed[Side.OFFENSE], removed[Side.DEFENSE]),
    )


def _total(c: Challenge, rules: BySide[PowerRule], side: Side, card: Card, ships: int) -> int:
    return rules.of(side).total(card.value, ships, c.allies.of(side), c.options)


def _wins(side: Side, mine: int, theirs: int) -> bool:
    return mine > theirs if side is Side.OFFENSE else mine >= theirs


def _ooze(
    c: Challenge, rules: BySide[PowerRule], cards: BySide[Card], ships: BySide[int]
) -> BySide[int]:
    """Ships after an Amoeba acts, both cards being attacks."""
    for side in Side:
        if not rules.of(side).oozes:
            continue
        theirs = _total(c, rules, side.other, cards.of(side.other), ships.of(side.other))
        own = ships.of(side)
        if _wins(side, _total(c, rules, side, cards.of(side), own), theirs):
            return ships
        chosen = 0
        for more in range(own + 1, own + c.amoeba_reserve(side) + 1):
            if _wins(side, _total(c, rules, side, cards.of(side), more), theirs):
                chosen = more
                break
        return (
            BySide(chosen, ships.defense) if side is Side.OFFENSE else BySide(ships.offense, chosen)
        )
    return ships


def resolve(c: Challenge, offense_card: Card, defense_card: Card) -> Encounter:
    """The encounter when the offense reveals ``offense_card`` and the defense ``defense_card``."""
    rules = BySide(rule(c.powers.offense), rule(c.powers.defense))
    ships = c.ships
    played = BySide(offense_card, defense_card)
    eff = _effective(offense_card, defense_card, rules)
    if eff is None:
        ships = BySide(
            0 if rules.offense.oozes else ships.offense,
            0 if rules.defense.oozes else ships.defense,
        )
        warp, removed = _losses(rules, ships, (Side.OFFENSE, Side.DEFENSE))
        return Encounter(Result.BOTH_LOSE, played, ships, None, warp, removed)
    off, dfn = eff
    cards = BySide(off, dfn)
    none = BySide(0, 0)
    if off.kind is CardKind.COMPROMISE and dfn.kind is CardKind.COMPROMISE:
        return Encounter(Result.DEAL, cards, ships, None, none, none)
    if off.kind is CardKind.COMPROMISE or dfn.kind is CardKind.COMPROMISE:
        loser = Side.OFFENSE if off.kind is CardKind.COMPROMISE else Side.DEFENSE
        if rules.of(loser).oozes:
            ships = BySide(0, ships.defense) if loser is Side.OFFENSE else BySide(ships.offense, 0)
        warp, removed = _losses(rules, ships, (loser,))
        result = Result.DEFENSE_WINS if loser is Side.OFFENSE else Result.OFFENSE_WINS
        return Encounter(result, cards, ships, None, warp, removed, consolation=ships.of(loser))
    ships = _ooze(c, rules, cards, ships)
    totals = BySide(
        _total(c, rules, Side.OFFENSE, off, ships.offense),
        _total(c, rules, Side.DEFENSE, dfn, ships.defense),
    )
    loser = Side.DEFENSE if totals.offense > totals.defense else Side.OFFENSE
    warp, removed = _losses(rules, ships, (loser,))
    result = Result.DEFENSE_WINS if loser is Side.OFFENSE else Result.OFFENSE_WINS
    return Encounter(result, cards, ships, totals, warp, removed)
