"""What must hold after every step of any game: the conformance harness checks it.

``problems(state)`` lists every broken invariant (empty: all hold):

* ships are conserved: each player's ships on planets, in the warp, in the cone and removed
  from the game are its 20 tokens, and no count is negative;
* cards are conserved: the draw pile, the discard pile, the hands, the cards on the table, an
  edict being played and a card waiting for the Vulch are exactly the deck;
* hands: a player out of play holds none; a main player asked for its card holds a challenge
  card, and so does an offense past the start of its challenge (a hand without one is replaced
  first); the seed sets no hand limit, but a Mutant may fill only a hand that is not full (the
  deck's hand size);
* bases are counted: no player in play has five foreign bases unless the game is over, and
  every winner has five (or is the last player in play);
* the cone: each ally sends 1 to 4 ships, allies are on one side each and are not main players;
* players out of play have no ship anywhere and no counter in the destiny pile;
* a game not over has a legal action, and a chance event's probabilities sum to 1.

>>> from cosmic.powers import Power
>>> from cosmic.game.setup import new_game
>>> problems(new_game(GameConfig((Power.VIRUS, Power.ZOMBIE, Power.LASER))))
[]
"""

from __future__ import annotations

from collections import Counter
from math import fsum

from cosmic.cards import Card, edict
from cosmic.decks import preset
from cosmic.game.actions import Mutate, PlayEdict, parse_action
from cosmic.game.rules import chance_outcomes, legal_actions, to_act
from cosmic.game.setup import game_deck
from cosmic.game.state import (
    BASES_TO_WIN,
    CHANCE,
    MAX_SHIPS_SENT,
    PLANETS,
    SHIPS_PER_PLANET,
    GameConfig,
    GameState,
    Step,
)

TOKENS = PLANETS * SHIPS_PER_PLANET
"""Each player's ships: 20."""


def cards_in_game(state: GameState) -> Counter[Card]:
    """Every card where it is: piles, hands, the table, a card set aside, an edict
    waiting for Card Zaps or for the Vulch."""
    found: Counter[Card] = Counter(dict(state.draw_pile))
    found.update(state.discard)
    for hand in state.hands:
        found.update(hand)
    c = state.cone
    found.update(card for card in c.cards if card is not None)
    for card in (c.aside[1], c.played_edict[1]):
        if card is not None:
            found[card] += 1
    if c.played is not None:  # an edict waiting for Card Zaps
        played = parse_action(c.played.action)
        assert isinstance(played, PlayEdict)
        found[edict(played.edict)] += 1
    return found


def hand_size(state: GameState) -> int:
    """The deck's full hand (7; FFG's 8)."""
    return preset(state.config.deck).hand_size


def problems(state: GameState) -> list[str]:
    """Every invariant that ``state`` breaks (see the module docstring)."""
    out: list[str] = []
    for seat in range(state.players):
        total = state.ships_in_play(seat) + state.removed[seat]
        if total != TOKENS:
            out.append(f"seat {seat}: {total} ships in all, not {TOKENS}")
        counts = [row[seat] for row in state.planets]
        if min(counts) < 0 or state.warp[seat] < 0 or state.removed[seat] < 0:
            out.append(f"seat {seat}: a negative count of ships")
        if state.out[seat]:
            if state.ships_in_play(seat) or state.hands[seat] or seat in state.destiny:
                out.append(f"seat {seat} is out of play but has ships, cards or a counter")
        elif state.foreign_bases(seat) >= BASES_TO_WIN and not state.is_over:
            out.append(f"seat {seat} has {state.foreign_bases(seat)} foreign bases; it has won")
    deck = Counter(dict(game_deck(state.config.deck)))
    found = cards_in_game(state)
    if found != deck:
        extra, missing = found - deck, deck - found
        out.append(f"cards not conserved: extra {dict(extra)}, missing {dict(missing)}")
    for w in state.winners:
        if state.foreign_bases(w) < BASES_TO_WIN and len(state.in_play()) > 1:
            out.append(f"winner {w} has {state.foreign_bases(w)} foreign bases")
    c = state.cone
    for seat, _side in c.allies:
        n = c.committed(seat)
        if seat in (state.offense, c.defense) or not 0 <= n <= MAX_SHIPS_SENT:
            out.append(f"ally {seat}: {n} ships in the cone")
    if any(x.ships <= 0 for x in c.commits):
        out.append("a commit of no ship in the cone")
    if not state.is_over and not state.queue:
        actor = to_act(state)
        asked = state.step is Step.CARDS and actor is not None and actor >= 0
        if asked and not any(card.is_challenge for card in state.hands[actor or 0]):
            out.append(f"seat {actor} is asked for its card without a challenge card")
        mutates = any(isinstance(a, Mutate) for a in legal_actions(state))
        if mutates and len(state.hands[actor or 0]) >= hand_size(state):
            out.append(f"seat {actor} may mutate with a full hand")
    if not state.is_over:
        actor = to_act(state)
        if actor == CHANCE:
            odds = fsum(p for _, p in chance_outcomes(state))
            if abs(odds - 1) > 1e-9:
                out.append(f"chance outcomes sum to {odds}")
        elif not legal_actions(state):
            out.append(f"seat {actor} has no legal action at step {state.step.value}")
    return out


__all__ = ["TOKENS", "GameConfig", "cards_in_game", "problems"]
