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

It sees what its seat may see (``cosmic.game.view.PlayerView``), never another hand.

Its other choices are simple, stated rules, not a search: free a ship from the warp, aim at the
planet with the fewest defending ships, send 4 ships from its fullest bases, invite everyone,
join an offense (a base) rather than a defense (rewards) and send 2 ships, look with the Mind,
fill a hand with the Mutant, trade as the Trader when the opponent holds more cards, keep the
Clone's card, take edicts as the Vulch, travel in time when it loses, take ships back as rewards
while it has ships in the warp, and challenge again whenever it may.

Edicts: at the reveal (the cards face up, so the outcome is known) it plays Emotion Control,
Ionic Gas or a Cosmic Zap when the encounter's result then turns in its favour, and a Card Zap
on an edict that would turn it against it (by ``cosmic.encounter.resolve`` on the cards
revealed); elsewhere it Card Zaps an edict aimed at itself (a Plague on it, a Cosmic Zap on its
power, a Force Field on its side, a Quash of its deal). It zaps a power used against it: a
Trade with it, a Mind's look at its hand, a Mutant's take from it, its opponent's time travel
or a Philanthropist's gift to its opponent; just before cards, an opposing Laser or Oracle. It
plays Plague on the leader (the other player with the most foreign bases) once the leader has
three, and Mobius Tubes when it has three ships in the warp.

Deals: an offer is worth, to a main player, the bases it gains less those it grants plus a
quarter per card it gains net; a base that would give the other player its fifth foreign base
is never granted. It offers (and counters with) the offer best for itself among those worth at
least nothing to the other player, accepts an offer worth at least nothing to it, and, with no
counteroffer left, accepts one worth at least -1 (a failed deal costs each main player three
ships).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
    Give,
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
    Refuse,
    Regroup,
    Reward,
    TimeTravel,
    Trade,
    VulchTake,
    parse_action,
)
from cosmic.game.deals import gains
from cosmic.game.edicts import effect
from cosmic.game.resolution import encounter_of, table_of
from cosmic.game.state import BASES_TO_WIN, PLANETS, GameState, Step, Terms
from cosmic.game.view import PlayerView, challenge_of
from cosmic.odds import solve
from cosmic.powers import Power
from cosmic.sides import BySide, Side

ALLY_SHIPS = 2
"""Ships the odds bot sends as an ally."""
PLAGUE_AT = 3
"""Foreign bases from which the odds bot plagues the leader."""
CARD_VALUE = 0.25
"""What a card is worth in a deal, in bases."""


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

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The action chosen (always one of ``legal``)."""
        chosen = self._choose(view, legal)
        return chosen if chosen in legal else legal[-1] if Pass() not in legal else Pass()

    def _choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        state, seat = view.board, view.seat
        step = state.step
        if step is Step.CARDS:
            return self.card(view, legal)
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
            return min(aims, key=lambda a: _aim_cost(state, seat, a))
        if step is Step.ALLY:
            for side in Side:
                if Join(side) in legal:
                    return Join(side)
            return Pass()
        if step is Step.INVITE:
            return max((a for a in legal if isinstance(a, Invite)), key=lambda a: len(a.seats))
        if step is Step.POWERS:
            return self._power(view, legal)
        if step is Step.REVEAL:
            return self._reveal(state, seat, legal)
        if step is Step.CARD_ZAP:
            return self._card_zap(state, seat, legal)
        if step is Step.ZAP:
            return self._zap_use(state, seat, legal)
        if step is Step.BEFORE_CARDS:
            return _first_edict(legal, lambda a: _opposed(state, seat, int(a.target)))
        if step is Step.PLAGUE:
            return self._plague(state, seat, legal)
        if step in (Step.PROPOSE, Step.ANSWER):
            return self._deal(state, seat, legal)
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

    def _power(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        state, seat = view.board, view.seat
        for a in legal:
            if isinstance(a, Look | Mutate) and (not isinstance(a, Mutate) or a.how == "draw"):
                return a
        if Trade() in legal:
            other = state.cone.defense if seat == state.offense else state.offense
            return Trade() if view.hand_sizes[other] > view.hand_sizes[seat] else Pass()
        return Pass()

    def _card_zap(self, state: GameState, seat: int, legal: Sequence[Action]) -> Action:
        """Cancel an edict that turns the encounter against it, or that is aimed at it."""
        played = state.cone.played
        assert played is not None
        pending = parse_action(played.action)
        assert isinstance(pending, PlayEdict)
        side = state.side_of(seat)
        e = pending.edict
        hurts = (
            (e in (Edict.PLAGUE, Edict.COSMIC_ZAP) and pending.target == str(seat))
            or (e is Edict.FORCE_FIELD and side is not None and pending.target == side.value)
            or (e is Edict.QUASH and seat in (state.offense, state.cone.defense))
        )
        if played.resume is Step.REVEAL and side is not None:
            now = _rank(encounter_of(state).result, side)
            try:
                after = _rank(encounter_of(effect(state, pending)).result, side)
            except CosmicError:
                after = now
            hurts = after < now
        return _first_edict(legal, lambda a: hurts)

    def _zap_use(self, state: GameState, seat: int, legal: Sequence[Action]) -> Action:
        """Zap a power used against it (module docstring)."""
        use = state.cone.use
        assert use is not None
        action = parse_action(use.action)
        against = _opposed(state, seat, use.seat) and (
            isinstance(action, Trade | TimeTravel)
            or (isinstance(action, Look | Mutate) and action.seat == seat)
            or (isinstance(action, Give) and _opposed(state, seat, action.seat))
        )
        return _first_edict(legal, lambda a: against)

    def _plague(self, state: GameState, seat: int, legal: Sequence[Action]) -> Action:
        """Plague the leader once it has ``PLAGUE_AT`` foreign bases."""
        plays = [a for a in legal if isinstance(a, PlayEdict)]
        best = max(plays, key=lambda a: state.foreign_bases(int(a.target)), default=None)
        if best is not None and state.foreign_bases(int(best.target)) >= PLAGUE_AT:
            return best
        return Pass()

    def _deal(self, state: GameState, seat: int, legal: Sequence[Action]) -> Action:
        """Offer, counter, accept or refuse by the worth of the terms (module docstring)."""
        side = state.side_of(seat)
        assert side is not None
        offers = [a for a in legal if isinstance(a, Propose)]
        fair = [a for a in offers if _worth(state, a.terms, side.other) >= 0]
        on_table = state.cone.terms
        if state.step is Step.ANSWER and on_table is not None:
            mine = _worth(state, on_table, side)
            best = max((_worth(state, a.terms, side) for a in fair), default=mine)
            if mine >= 0 and mine >= best:
                return Accept()
            if fair and best > mine:
                return max(fair, key=lambda a: _worth(state, a.terms, side))
            return Accept() if mine >= -1 or Refuse() not in legal else Refuse()
        if fair:
            return max(fair, key=lambda a: _worth(state, a.terms, side))
        return Pass() if Pass() in legal else legal[0]

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

    def card(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The challenge card (and an Amoeba's ships) chosen by the odds."""
        state, seat = view.board, view.seat
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
                challenge = challenge_of(view, model)
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


def _first_edict(legal: Sequence[Action], wanted: Callable[[PlayEdict], bool]) -> Action:
    """The first edict of ``legal`` that is ``wanted``, else pass."""
    for a in legal:
        if isinstance(a, PlayEdict) and wanted(a):
            return a
    return Pass()


def _opposed(state: GameState, seat: int, other: int) -> bool:
    """True when ``seat`` and ``other`` are on opposite sides of the challenge."""
    mine, theirs = state.side_of(seat), state.side_of(other)
    return mine is not None and theirs is not None and mine is not theirs


def _worth(state: GameState, terms: Terms, side: Side) -> float:
    """What ``terms`` are worth to ``side``'s main player (the module docstring's measure)."""
    gain, grant, cards = gains(terms, side)
    granted = terms.defense_base if side is Side.OFFENSE else terms.offense_base
    other = state.main(side.other)
    if grant and granted // PLANETS != other and state.foreign_bases(other) + 1 >= BASES_TO_WIN:
        return float("-inf")
    return gain - grant + CARD_VALUE * cards


def _with_edict(state: GameState, seat: int, action: PlayEdict) -> GameState | None:
    """The state as it would be at the reveal after ``action`` (for trying it out)."""
    c = state.cone
    if action.edict is Edict.COSMIC_ZAP:
        return state.with_cone(zapped=(*c.zapped, int(action.target)))
    if action.edict in (Edict.EMOTION_CONTROL, Edict.IONIC_GAS):
        return state.with_cone(edicts=(*c.edicts, action.edict))
    return None


__all__ = ["OddsBot"]


def _aim_cost(state: GameState, seat: int, aim: Aim) -> tuple[bool, int]:
    """How little ``aim`` promises, lowest first: a planet of another system where the offense
    already has a base comes last (winning there adds ships, not a base: a bot that aimed at
    such planets because they held the fewest defending ships made no progress for hundreds of
    turns, seed 81 of three players), then the fewest ships of the defense. At home (own
    colour) every planet is the offense's own, so only the defense's ships count."""
    gains_nothing = aim.planet // PLANETS != seat and state.ships_on(aim.planet, seat) > 0
    return (gains_nothing, state.ships_on(aim.planet, aim.defense))
