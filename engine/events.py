"""Counting what the New Dangers modules did in a game, one step at a time.

``EventCounter`` is an ``on_step(before, action, after)`` callback for ``engine.play`` (like
``engine.record.Recorder``); ``counts`` are, over the game:

* ``pulsar_activations``: Pulsars activated (``pulsar`` actions);
* ``black_hole_trips``: ships that entered a Black Hole (its die rolled);
* ``black_hole_returns``: ships put back on the board from a Black Hole;
* ``supernova_rolls`` and ``supernova_explosions``: Supernova rolls at upkeep, and explosions;
* ``nebula_discoveries``: discovery tiles taken in Nebula parts (a discarded Orbital or Monolith
  tile does not count; the tile drawn in its place does);
* ``minor_species_relations``: relations established with Minor Species;
* ``rift_dice_rolled``: Rift Cannon dice rolled (in battles and at population).

>>> import numpy as np
>>> from engine.play import play_game, random_config
>>> from engine.players import RandomPlayer
>>> counter = EventCounter()
>>> rng = np.random.default_rng(1)
>>> _ = play_game(random_config(2, rng), [RandomPlayer(rng), RandomPlayer(rng)], rng, counter)
>>> sorted(counter.counts) == sorted(EVENTS), counter.counts["pulsar_activations"]
(True, 0)
"""

from __future__ import annotations

from blueprints import DieColour
from engine.actions.base import Action
from engine.actions.black_hole import ReturnShip
from engine.actions.combat import RollDice
from engine.actions.minor_species import AllyMinorSpecies
from engine.actions.pulsar import ActivatePulsar
from engine.decisions import BlackHoleRoll, DiscoveryChoice, DiscoveryReveal, SupernovaRoll
from engine.state import GameState

EVENTS: tuple[str, ...] = (
    "pulsar_activations",
    "black_hole_trips",
    "black_hole_returns",
    "supernova_rolls",
    "supernova_explosions",
    "nebula_discoveries",
    "minor_species_relations",
    "rift_dice_rolled",
)
"""The names of the counts, in the order reports list them."""


def step_events(before: GameState, action: Action, after: GameState) -> dict[str, int]:
    """The events of one step (only those that happened)."""
    out: dict[str, int] = {}
    d = before.decision
    if isinstance(action, ActivatePulsar):
        out["pulsar_activations"] = 1
    elif isinstance(action, AllyMinorSpecies):
        out["minor_species_relations"] = 1
    elif isinstance(action, ReturnShip):
        out["black_hole_returns"] = 1
    elif isinstance(action, RollDice):
        if isinstance(d, BlackHoleRoll):
            out["black_hole_trips"] = 1
        elif isinstance(d, SupernovaRoll):
            out["supernova_rolls"] = 1
            sector = after.sector(d.where)
            if sector is not None and sector.exploded:
                out["supernova_explosions"] = 1
        elif action.colour is DieColour.PINK:
            out["rift_dice_rolled"] = len(action.values)
    elif (
        isinstance(d, DiscoveryReveal)
        and d.where is not None
        and d.where.part
        and isinstance(after.decision, DiscoveryChoice)
    ):
        out["nebula_discoveries"] = 1
    return out


class EventCounter:
    """An ``on_step`` callback that adds up ``step_events`` over a game."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = dict.fromkeys(EVENTS, 0)

    def __call__(self, before: GameState, action: Action, after: GameState) -> None:
        for name, n in step_events(before, action, after).items():
            self.counts[name] += n
