"""What one seat knows of a challenge in progress, as the odds module's ``Challenge``.

``challenge_of(state, seat)`` is the challenge the main player ``seat`` faces once its cards are
to be chosen: its hand, the ships and allies in the cone, the powers in force, the discard pile
as seen cards, the opponent's hand as known cards when a Mind looked at it, the edicts in force.
It is what the odds bot solves (``cosmic.game.odds_bot``) and what the dashboard sends to the
Cosmic odds page from a step of a record.

Powers that have done their work before cards (Mind, Trader, Philanthropist, Mutant) and the
Vulch are left out of the challenge: at this point they change nothing the odds count, and the
odds module would otherwise count their choices again.

>>> from cosmic.powers import Power
>>> from cosmic.game.setup import new_game
>>> from cosmic.game.rules import apply, legal_actions
>>> s = new_game(GameConfig((Power.VIRUS, Power.ZOMBIE, Power.LASER)))
>>> while s.step is not Step.CARDS:
...     s = apply(s, legal_actions(s)[0])
>>> c = challenge_of(s, s.offense)
>>> c.you.value, c.ships, len(c.hand)
('offense', BySide(offense=4, defense=4), 7)
"""

from __future__ import annotations

from cosmic.cards import Card, Edict
from cosmic.challenge import Challenge, Objective, OpponentModel
from cosmic.decks import preset
from cosmic.edicts import PlayedEdict
from cosmic.game.errors import GameError
from cosmic.game.resolution import allies_of, amoeba_reserve, committed_ships
from cosmic.game.state import GameConfig, GameState, Step  # noqa: F401  (doctest)
from cosmic.powers import AmoebaTiming, Power, PowerOptions, rule
from cosmic.sides import BySide, Side
from cosmic.table import Ally

BEFORE_CARDS = frozenset({Power.MIND, Power.TRADER, Power.PHILANTHROPIST, Power.MUTANT})
LEFT_OUT = BEFORE_CARDS | {Power.VULCH}
"""Powers left out of the challenge at the choice of cards (see the module docstring)."""


def _power(state: GameState, seat: int) -> Power | None:
    p = state.power(seat)
    return None if p in LEFT_OUT else p


def challenge_of(
    state: GameState,
    seat: int,
    opponent: OpponentModel = OpponentModel.EQUILIBRIUM,
    objective: Objective = Objective.WIN,
) -> Challenge:
    """The challenge ``seat`` (a main player) faces at the choice of cards (module docstring)."""
    side = state.side_of(seat)
    if state.cone.planet < 0 or seat not in (state.offense, state.cone.defense) or side is None:
        raise GameError(f"seat {seat} is not a main player of a challenge aimed at a planet")
    other = state.main(side.other)
    allies = BySide(
        tuple(
            Ally(state.cone.committed(s), _power(state, s), f"seat {s}")
            for s in allies_of(state, Side.OFFENSE)
        ),
        tuple(
            Ally(state.cone.committed(s), _power(state, s), f"seat {s}")
            for s in allies_of(state, Side.DEFENSE)
        ),
    )
    powers = BySide(_power(state, state.offense), _power(state, state.cone.defense))
    reserve = None
    for s in Side:
        if rule(powers.of(s)).oozes:
            reserve = amoeba_reserve(state, s)
    known: tuple[Card, ...] = ()
    if (seat, other) in state.cone.looked:
        known = state.hands[other]
    in_force = tuple(
        PlayedEdict(e) for e in state.cone.edicts if e in (Edict.EMOTION_CONTROL, Edict.IONIC_GAS)
    )
    return Challenge(
        deck=preset(state.config.deck),
        you=side,
        hand=state.hands[seat],
        ships=BySide(committed_ships(state, Side.OFFENSE), committed_ships(state, Side.DEFENSE)),
        allies=allies,
        opponent_hand_size=len(state.hands[other]),
        seen=tuple(c.deck_card for c in state.discard),
        opponent_known=tuple(c.deck_card for c in known),
        powers=powers,
        opponent=opponent,
        objective=objective,
        second_challenge=state.challenge == 2,
        options=PowerOptions(
            virus_allies=state.config.virus_allies,
            amoeba_reserve=reserve,
            amoeba_timing=AmoebaTiming.TEXT,
            trader_swaps=False,
        ),
        edicts=in_force,
    )
