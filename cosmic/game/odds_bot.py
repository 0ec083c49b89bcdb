"""A bot that plays its challenge card by the exact challenge odds.

At the choice of cards ``OddsBot`` builds the challenge its seat faces (``cosmic.game.view``)
and solves it with ``cosmic.odds.solve`` under the equilibrium opponent model (the card-choice
game solved as a zero-sum game, ``cosmic.equilibrium``): it plays the best card, or samples its
equilibrium strategy when that mixes cards. It leaves a Chronos's replay out of the challenge it
solves (the odds module has no equilibrium with a Chronos, and the replay makes the other
models take seconds: an approximation, said here). When an Amoeba is a main player (its ship
counts make the equilibrium game take seconds of CPU) it plays against the ``highest`` model,
and so it does when the solve fails or exceeds an optional ``budget`` (wall-clock seconds: a
budget makes the game depend on the machine's speed, so none is the default and a seed always
gives the same game). When its opponent's card is already public (its opponent had to show it
to an Oracle) it compares its cards against that card with ``cosmic.encounter.resolve``.

Its other choices are simple, stated rules, not a search: free a ship from the warp, aim at the
planet with the fewest defending ships, send 4 ships from its fullest bases, invite everyone,
join an offense (a base) rather than a defense (rewards) and send 2 ships, look with the Mind,
fill a hand with the Mutant, trade as the Trader when the opponent holds more cards, keep the
Clone's card, take edicts as the Vulch, travel in time when it loses, take ships back as rewards
while it has ships in the warp, propose a base for each side, accept deals, play Emotion Control
or a Cosmic Zap on the opponent's power when the encounter then turns in its favour, and
challenge again whenever it may.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from cosmic.cards import Card, CardKind, Edict, strength
from cosmic.challenge import OpponentModel
from cosmic.encounter import Play, Result, resolve
from cosmic.errors import CosmicError
from cosmic.game.actions import (
    Accept,
    Action,
    Again,
    Aim,
    FlipAgain,
    HandOver,
    Invite,
    Join,
    Keep,
    Launch,
    Launched,
    Look,
    Mutate,
    Pass,
    PlayCard,
    PlayEdict,
    Propose,
    Regroup,
    Reward,
    TimeTravel,
    Trade,
    VulchTake,
)
from cosmic.game.resolution import encounter_of, table_of
from cosmic.game.state import GameState, Step
from cosmic.game.view import challenge_of
from cosmic.odds import solve
from cosmic.powers import Power
from cosmic.sides import BySide, Side

ALLY_SHIPS = 2
"""Ships the odds bot sends as an ally."""


def _rank(result: Result, side: Side) -> int:
    """How good a result is for ``side``: a win, a deal, a loss."""
    if result.winner() is side:
        return 2
    return 1 if result is Result.DEAL else 0


class OddsBot:
    """Plays its card by the exact odds; other choices by the rules of the module docstring."""

    name = "odds"

    def __init__(
        self,
        rng: np.random.Generator,
        model: OpponentModel = OpponentModel.EQUILIBRIUM,
        budget: float | None = None,
    ) -> None:
        self.rng = rng
        self.model = model
        self.budget = budget

    def choose(self, state: GameState, seat: int, legal: Sequence[Action]) -> Action:
        """The action chosen (always one of ``legal``)."""
        chosen = self._choose(state, seat, legal)
        return chosen if chosen in legal else legal[-1] if Pass() not in legal else Pass()

    def _choose(self, state: GameState, seat: int, legal: Sequence[Action]) -> Action:
        step = state.step
        if step is Step.CARDS:
            return self.card(state, seat, legal)
        if step in (Step.LAUNCH, Step.ALLY_LAUNCH):
            limit = 4 if step is Step.LAUNCH else ALLY_SHIPS
            launches = [a for a in legal if isinstance(a, Launch)]
            if launches and state.cone.committed(seat) < limit:
                return max(launches, key=lambda a: state.ships_on(a.planet, seat))
            return Launched()
        if step is Step.AIM or step is Step.OWN_COLOUR:
            aims = [a for a in legal if isinstance(a, Aim)]
            if not aims:
                return FlipAgain()
            return min(aims, key=lambda a: state.ships_on(a.planet, a.defense))
        if step is Step.ALLY:
            for side in Side:
                if Join(side) in legal:
                    return Join(side)
            return Pass()
        if step is Step.INVITE:
            return max((a for a in legal if isinstance(a, Invite)), key=lambda a: len(a.seats))
        if step is Step.POWERS:
            return self._power(state, seat, legal)
        if step is Step.REVEAL:
            return self._reveal(state, seat, legal)
        if step is Step.PROPOSE:
            proposals = [a for a in legal if isinstance(a, Propose)]
            return max(
                proposals,
                key=lambda a: (a.offense_base >= 0, a.defense_base >= 0, -a.offense_gives),
                default=Pass(),
            )
        if step is Step.DEAL_CARDS:
            return min(
                (a for a in legal if isinstance(a, HandOver)), key=lambda a: strength(a.card)
            )
        if step is Step.REWARDS:
            return Reward("ship") if Reward("ship") in legal else legal[0]
        if step is Step.MOBIUS:
            return legal[0] if state.warp[seat] >= 3 else Pass()
        for wanted in (Regroup, Accept, Keep, VulchTake, TimeTravel, Again):
            for a in legal:
                if isinstance(a, wanted):
                    return a
        return Pass() if Pass() in legal else legal[0]

    def _power(self, state: GameState, seat: int, legal: Sequence[Action]) -> Action:
        for a in legal:
            if isinstance(a, Look | Mutate) and (not isinstance(a, Mutate) or a.how == "draw"):
                return a
        if Trade() in legal:
            other = state.cone.defense if seat == state.offense else state.offense
            return Trade() if len(state.hands[other]) > len(state.hands[seat]) else Pass()
        return Pass()

    def _reveal(self, state: GameState, seat: int, legal: Sequence[Action]) -> Action:
        side = state.side_of(seat)
        if side is None:
            return Pass()
        now = _rank(encounter_of(state).result, side)
        for a in legal:
            if not isinstance(a, PlayEdict):
                continue
            if a.target.isdigit() and int(a.target) == seat:
                continue
            trial = _with_edict(state, seat, a)
            try:
                better = trial is not None and _rank(encounter_of(trial).result, side) > now
            except CosmicError:  # e.g. a zapped Amoeba's ooze: not worth trying out
                better = False
            if better:
                return a
        return Pass()

    def card(self, state: GameState, seat: int, legal: Sequence[Action]) -> Action:
        """The challenge card (and an Amoeba's ships) chosen by the odds."""
        plays = [a for a in legal if isinstance(a, PlayCard)]
        side = state.side_of(seat)
        assert side is not None
        theirs = state.cone.card(side.other)
        if state.cone.shown_first and theirs is not None:
            return self._reply(state, side, theirs, plays)
        report = None
        # An Amoeba's ship counts make the equilibrium game take seconds of CPU: with an Amoeba
        # the card is chosen by the ``highest`` model.
        large = any(state.power(state.main(s)) is Power.AMOEBA for s in Side)
        models = (OpponentModel.HIGHEST,) if large else (self.model, OpponentModel.HIGHEST)
        for model in models:
            try:
                challenge = challenge_of(state, seat, model)
                if Power.CHRONOS in (challenge.powers.offense, challenge.powers.defense):
                    challenge = challenge.replace(powers=_without_chronos(challenge.powers))
                report = solve(challenge, budget=self.budget)
                break
            except CosmicError:
                continue
        strategy = (
            () if report is None or report.equilibrium is None else report.equilibrium.strategy
        )
        if report is not None and report.best is None and strategy:
            weights = np.array([float(p) for _, p in strategy])
            pick: Play = strategy[int(self.rng.choice(len(strategy), p=weights / weights.sum()))][0]
            return self._as_action(pick.card, pick.ships, plays)
        if report is not None and report.best is not None:
            row = report.card_row(report.best)
            return self._as_action(row.card, row.ships, plays)
        return max(plays, key=lambda a: strength(a.card))

    def _as_action(self, card: Card, ships: int, plays: list[PlayCard]) -> Action:
        for a in plays:
            if a.card == card and a.ships in (-1, ships):
                return a
        same = [a for a in plays if a.card == card]
        return same[0] if same else max(plays, key=lambda a: strength(a.card))

    def _reply(self, state: GameState, side: Side, theirs: Card, plays: list[PlayCard]) -> Action:
        """The best reply to a card already shown: by the encounter rules themselves."""
        table = table_of(state)
        other = state.cone.ships[1 if side is Side.OFFENSE else 0]

        def score(a: PlayCard) -> tuple[int, int, int]:
            ships = a.ships if a.ships >= 0 else table.ships.of(side)
            mine, them = Play(a.card, ships), Play(theirs, other)
            e = resolve(table, *((mine, them) if side is Side.OFFENSE else (them, mine)))
            lost = e.warp.of(side) + e.removed.of(side)
            keep = -strength(a.card)[1] if a.card.kind is CardKind.ATTACK else 0
            return (_rank(e.result, side), -lost, keep)

        return max(plays, key=score)


def _without_chronos(powers: BySide[Power | None]) -> BySide[Power | None]:
    """The powers with a Chronos left out: the bot does not count its replay (the odds module
    models no equilibrium with a Chronos, and its replay makes other models take seconds)."""
    return BySide(*(None if p is Power.CHRONOS else p for p in (powers.offense, powers.defense)))


def _with_edict(state: GameState, seat: int, action: PlayEdict) -> GameState | None:
    """The state as it would be at the reveal after ``action`` (for trying it out)."""
    c = state.cone
    if action.edict is Edict.COSMIC_ZAP:
        return state.with_cone(zapped=(*c.zapped, int(action.target)))
    if action.edict in (Edict.EMOTION_CONTROL, Edict.IONIC_GAS):
        return state.with_cone(edicts=(*c.edicts, action.edict))
    return None


__all__ = ["OddsBot"]
