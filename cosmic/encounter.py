"""What happens when the two challenge cards are revealed: the rules of the text, with powers.

``resolve(table, offense, defense)`` takes what is on the table (``cosmic.table.Table``) and each
main player's ``Play`` (its card and the ships it has in the encounter at the reveal) and
applies, in order: a morph becomes a copy of the other card (two morphs: both sides lose, every
ship to the warp); an Empath's compromise turns the other card into a compromise; an Emotion
Control in force turns every attack into a compromise; two compromises force a deal; an attack
beats a compromise (the compromising side's ships, allies included, go to the warp and its main
player takes consolation: one card from the attacker's hand per main player's ship destroyed);
two attacks compare totals, card plus ships allies included, the defense winning ties. An
Amoeba that oozes after the reveal (``AmoebaTiming.AFTER_REVEAL``) acts once the cards are
known. Where lost ships go depends on Zombie and Void. A winning offense's allies each gain a
base on the planet; a winning defense's allies each take one reward per ship they sent. An
Ionic Gas in force cancels consolation and rewards. A failed deal (both main players lose three
ships) is a matter of chance and is counted by the solver, not here.

The function is pure: the same table and plays give the same ``Encounter``, whoever asks (the
odds solver, the ally advisor, a game engine).

>>> from cosmic.cards import attack, COMPROMISE
>>> t = Table(BySide(4, 2), allies=BySide((), (Ally(3),)))
>>> e = resolve(t, Play(attack(12), 4), Play(attack(10), 2))
>>> e.result.value, e.totals, e.warp.defense, e.ally_warp.defense
('offense_wins', BySide(offense=16, defense=15), 2, (3,))
>>> resolve(t, Play(attack(11), 4), Play(attack(10), 2)).rewards  # 15 against 15: defense
(3,)
>>> resolve(t, Play(attack(1), 4), Play(COMPROMISE, 2)).consolation
2
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cosmic.cards import COMPROMISE, Card, CardKind, Edict
from cosmic.errors import ChallengeError
from cosmic.powers import AmoebaTiming, PowerRule
from cosmic.sides import BySide, Side
from cosmic.table import Ally, Table

__all__ = ["Encounter", "Play", "Result", "resolve"]


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

    def lost(self, side: Side) -> bool:
        """True when ``side`` loses (both lose counts for each)."""
        return self is Result.BOTH_LOSE or self.winner() is side.other


@dataclass(frozen=True, slots=True, order=True)
class Play:
    """What a main player puts in at the reveal: its challenge card and its ships in the
    encounter (the committed ships, or an Amoeba's count chosen with its card)."""

    card: Card
    ships: int

    def __str__(self) -> str:
        return f"{self.card} with {self.ships} ship(s)"


NO_ALLY_LOSSES: BySide[tuple[int, ...]] = BySide((), ())


@dataclass(frozen=True, slots=True)
class Encounter:
    """The result of one pair of revealed cards.

    Attributes:
        result: who wins, or a deal, or both lose.
        cards: the cards as they count (after morph, Empath and Emotion Control).
        ships: each main player's ships in the encounter at its end (after any ooze).
        totals: each side's total when two attacks met, else ``None``.
        warp: each main player's ships sent to the warp (a failed deal excluded).
        removed: each main player's ships removed from the game by a winning Void.
        consolation: cards the attacker gives the compromiser (ships destroyed), 0 otherwise.
        ally_warp: each ally's ships sent to the warp, per side in the table's order.
        ally_removed: each ally's ships removed from the game by a winning Void.
        rewards: each defensive ally's rewards (one per ship sent, when the defense wins).
        colonies: each offensive ally's new bases (one, when the offense wins).
    """

    result: Result
    cards: BySide[Card]
    ships: BySide[int]
    totals: BySide[int] | None
    warp: BySide[int]
    removed: BySide[int]
    consolation: int = 0
    ally_warp: BySide[tuple[int, ...]] = NO_ALLY_LOSSES
    ally_removed: BySide[tuple[int, ...]] = NO_ALLY_LOSSES
    rewards: tuple[int, ...] = ()
    colonies: tuple[int, ...] = ()


def _effective(table: Table, off: Card, dfn: Card) -> tuple[Card, Card] | None:
    """The cards as they count, or ``None`` when two morphs meet (both lose)."""
    if off.kind is CardKind.MORPH and dfn.kind is CardKind.MORPH:
        return None
    if off.kind is CardKind.MORPH:
        off = dfn
    elif dfn.kind is CardKind.MORPH:
        dfn = off
    if table.rule(Side.OFFENSE).empathic and off.kind is CardKind.COMPROMISE:
        dfn = COMPROMISE
    elif table.rule(Side.DEFENSE).empathic and dfn.kind is CardKind.COMPROMISE:
        off = COMPROMISE
    if Edict.EMOTION_CONTROL in table.edicts:
        off = COMPROMISE if off.kind is CardKind.ATTACK else off
        dfn = COMPROMISE if dfn.kind is CardKind.ATTACK else dfn
    return off, dfn


def _lost_to(winner: PowerRule | None, loser: PowerRule, ships: int) -> tuple[int, int]:
    """``(to the warp, removed)`` for ``ships`` lost by a player of rule ``loser``."""
    if winner is not None and winner.destroys:
        return 0, ships
    return (0 if loser.warp_proof else ships), 0


def _total(table: Table, side: Side, card: Card, ships: int) -> int:
    own = table.rule(side).worth(ships)
    return table.rule(side).total(card.value, own, table.allies_worth(side), table.options)


def _wins(side: Side, mine: int, theirs: int) -> bool:
    return mine > theirs if side is Side.OFFENSE else mine >= theirs


def _oozes_after_reveal(table: Table, side: Side) -> bool:
    return table.rule(side).oozes and table.options.amoeba_timing is AmoebaTiming.AFTER_REVEAL


def _ooze(table: Table, cards: BySide[Card], ships: BySide[int]) -> BySide[int]:
    """Ships after an Amoeba that oozes after the reveal acts, both cards being attacks."""
    for side in Side:
        if not _oozes_after_reveal(table, side):
            continue
        theirs = _total(table, side.other, cards.of(side.other), ships.of(side.other))
        own = ships.of(side)
        if _wins(side, _total(table, side, cards.of(side), own), theirs):
            return ships
        chosen = 0
        for more in range(own + 1, own + table.amoeba_reserve(side) + 1):
            if _wins(side, _total(table, side, cards.of(side), more), theirs):
                chosen = more
                break
        return ships.replace(side, chosen)
    return ships


def _check(table: Table, side: Side, play: Play) -> None:
    choices = table.ship_choices(side)
    if play.ships not in choices:
        raise ChallengeError(
            f"ships.{side.value}",
            f"{play.ships!r} ships at the reveal; this player has {choices.start} to "
            f"{choices.stop - 1} (committed {table.ships.of(side)})",
        )


def _end(
    table: Table,
    result: Result,
    cards: BySide[Card],
    ships: BySide[int],
    totals: BySide[int] | None = None,
    consolation: int = 0,
) -> Encounter:
    """The encounter with everyone's losses, rewards and new bases for ``result``."""
    winner = result.winner()
    win_rule = None if winner is None else table.rule(winner)
    warp = {Side.OFFENSE: 0, Side.DEFENSE: 0}
    removed = {Side.OFFENSE: 0, Side.DEFENSE: 0}
    ally_warp: dict[Side, tuple[int, ...]] = {}
    ally_removed: dict[Side, tuple[int, ...]] = {}
    for side in Side:
        allies: tuple[Ally, ...] = table.allies.of(side)
        if result is Result.DEAL or not result.lost(side):
            ally_warp[side] = ally_removed[side] = tuple(0 for _ in allies)
            continue
        warp[side], removed[side] = _lost_to(win_rule, table.rule(side), ships.of(side))
        lost = [_lost_to(win_rule, a.rule, a.ships) for a in allies]
        ally_warp[side] = tuple(w for w, _ in lost)
        ally_removed[side] = tuple(r for _, r in lost)
    gas = Edict.IONIC_GAS in table.edicts
    defense_won = result is Result.DEFENSE_WINS and not gas
    return Encounter(
        result=result,
        cards=cards,
        ships=ships,
        totals=totals,
        warp=BySide(warp[Side.OFFENSE], warp[Side.DEFENSE]),
        removed=BySide(removed[Side.OFFENSE], removed[Side.DEFENSE]),
        consolation=0 if gas else consolation,
        ally_warp=BySide(ally_warp[Side.OFFENSE], ally_warp[Side.DEFENSE]),
        ally_removed=BySide(ally_removed[Side.OFFENSE], ally_removed[Side.DEFENSE]),
        rewards=tuple(a.ships if defense_won else 0 for a in table.allies.defense),
        colonies=tuple(
            int(result is Result.OFFENSE_WINS and a.ships > 0) for a in table.allies.offense
        ),
    )


def resolve(table: Table, offense: Play, defense: Play) -> Encounter:
    """The encounter when the offense reveals ``offense`` and the defense ``defense``.

    Raises ``ChallengeError`` when a play's ships are not the player's to play (only an Amoeba
    under the text's timing chooses a count other than its committed ships).
    """
    _check(table, Side.OFFENSE, offense)
    _check(table, Side.DEFENSE, defense)
    ships = BySide(offense.ships, defense.ships)
    played = BySide(offense.card, defense.card)
    eff = _effective(table, offense.card, defense.card)
    if eff is None:
        ships = BySide(
            0 if _oozes_after_reveal(table, Side.OFFENSE) else ships.offense,
            0 if _oozes_after_reveal(table, Side.DEFENSE) else ships.defense,
        )
        return _end(table, Result.BOTH_LOSE, played, ships)
    cards = BySide(*eff)
    off, dfn = eff
    if off.kind is CardKind.COMPROMISE and dfn.kind is CardKind.COMPROMISE:
        return _end(table, Result.DEAL, cards, ships)
    if off.kind is CardKind.COMPROMISE or dfn.kind is CardKind.COMPROMISE:
        loser = Side.OFFENSE if off.kind is CardKind.COMPROMISE else Side.DEFENSE
        if _oozes_after_reveal(table, loser):
            ships = ships.replace(loser, 0)
        result = Result.DEFENSE_WINS if loser is Side.OFFENSE else Result.OFFENSE_WINS
        return _end(table, result, cards, ships, consolation=ships.of(loser))
    ships = _ooze(table, cards, ships)
    totals = BySide(
        _total(table, Side.OFFENSE, off, ships.offense),
        _total(table, Side.DEFENSE, dfn, ships.defense),
    )
    result = Result.OFFENSE_WINS if totals.offense > totals.defense else Result.DEFENSE_WINS
    return _end(table, result, cards, ships, totals)
