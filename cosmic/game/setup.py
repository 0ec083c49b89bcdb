"""A new game: five planets of four ships for each player, the deck, the destiny pile.

The hands of seven cards and the first player are chance events queued in the new state (so a
record holds every card dealt). The Eon deck preset counts 8 unnamed edicts; the game names
them, one of each of the 8 base-game edicts (the seed: "only one of each flare in a deck roughly
80 cards big"), so that they can be played (``cosmic.game.edicts``). The other presets' cards
that are not challenge cards (FFG's artifacts and reinforcements) stay unnamed: held, never
played.

>>> from cosmic.powers import Power
>>> s = new_game(GameConfig((Power.VIRUS, Power.ZOMBIE, Power.LASER)))
>>> s.draw_count(), len(s.queue), s.destiny
(80, 4, (0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2))
"""

from __future__ import annotations

from collections import Counter

from cosmic.cards import Card, CardKind, Edict, edict
from cosmic.decks import preset
from cosmic.game.state import (
    DESTINY_PER_COLOUR,
    PLANETS,
    SHIPS_PER_PLANET,
    GameConfig,
    GameState,
    Task,
    TaskKind,
)

NAMED_EDICTS: tuple[Edict, ...] = tuple(e for e in Edict if e is not Edict.NONE)


def game_deck(name: str) -> tuple[tuple[Card, int], ...]:
    """The cards of deck preset ``name`` as the game deals them (edicts named in order)."""
    cards = Counter(preset(name).counter())
    unnamed = cards.pop(Card(CardKind.EDICT), 0)
    for i in range(unnamed):
        named = edict(NAMED_EDICTS[i]) if i < len(NAMED_EDICTS) else Card(CardKind.EDICT)
        cards[named] += 1
    return tuple(sorted(cards.items()))


def new_game(config: GameConfig) -> GameState:
    """The state before the deal: every home planet holds 4 of its owner's ships."""
    n = config.players
    planets = tuple(
        tuple(SHIPS_PER_PLANET if seat == pid // PLANETS else 0 for seat in range(n))
        for pid in range(n * PLANETS)
    )
    hand_size = preset(config.deck).hand_size
    deal = tuple(Task(TaskKind.DRAW, seat, hand_size) for seat in range(n))
    return GameState(
        config=config,
        hands=((),) * n,
        planets=planets,
        warp=(0,) * n,
        removed=(0,) * n,
        out=(False,) * n,
        draw_pile=game_deck(config.deck),
        discard=(),
        destiny=tuple(s for s in range(n) for _ in range(DESTINY_PER_COLOUR)),
        queue=(*deal, Task(TaskKind.FIRST)),
    )
