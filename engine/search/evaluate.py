"""What a position is worth to each seat, in victory points: the score now and an estimate of
what the seat's economy, fleet and techs will still bring.

A search that stops its rollouts before the game ends (``engine.search.rollout``) scores the
position it stops in with ``position_value``, on the planner's scale (``engine.planner``): a
resource is worth ``RESOURCE_VP`` of a point, less as the game runs out (``lateness``), and the
production of every round to come counts as the planner counts a sector's squares. Per seat:

* the **points** it has now (``engine.scoring.score``: sectors, reputation, discoveries, tech
  tracks, monoliths and the rest), or its final score once the game is over or it is out;
* its **income**: each round still to be produced, what its population tracks produce
  (weighted as the planner weighs squares, ``PRODUCTION_WEIGHT``) less the upkeep it will pay
  with the discs its sectors hold (``planned_upkeep`` of a round of ``PLANNED_ACTIONS``
  actions);
* its **storage**, money and materials at ``RESOURCE_VP``, science at ``SCIENCE_VP``, both
  times ``lateness``;
* its **ships** at ``SHIP_SHARE`` of the materials they cost, scaled by the square root of how
  much stronger their blueprint is than the printed one (an upgrade is worth something before
  the battle it is for);
* its **techs**: what each does for the seat's plan over the share of the game left
  (``plan_weight``, as ``tech_value`` counts a tech when it is researched), the track points
  being in the score already;
* the facedown **discovery tiles** on sectors it controls (``DISCOVERY_VP``), found at the next
  combat phase.

``margins`` gives each seat's value less the best other seat's: what the search maximises.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import sqrt

from blueprints import Blueprint, ShipClass, default_blueprints
from blueprints import species as find_species
from engine.board import production
from engine.enums import RESOURCES, Resource
from engine.planner import Plan
from engine.planner.economy import (
    PLANNED_ACTIONS,
    RESOURCE_VP,
    lateness,
    planned_upkeep,
    rounds_left,
)
from engine.planner.valuation import DISCOVERY_VP, PRODUCTION_WEIGHT, SCIENCE_VP, plan_weight
from engine.planner.war import ship_power
from engine.scoring import score
from engine.state import GameState
from engine.tables import tables

SHIP_SHARE = 0.5
"""A ship's worth as a share of the materials it cost (the planner's ``MATERIAL_PRICE``: a ship
is not used up by winning, but it buys nothing else)."""


def position_value(state: GameState, seat: int, plan: Plan) -> float:
    """The seat's points now plus what its position is still worth (module doc), in VP."""
    player = state.players[seat]
    if state.is_over and state.scores is not None:
        return float(state.scores[seat])
    if player.final_score is not None:
        return float(player.final_score)
    value = float(score(state, seat).total)
    left = rounds_left(state)
    to_produce = left + 1  # this round's upkeep is still to come
    share = to_produce / tables().rounds
    late = lateness(left)
    made = sum(PRODUCTION_WEIGHT[r] * production(player, r) for r in RESOURCES)
    discs = player.discs_track + player.discs_actions - PLANNED_ACTIONS
    value += RESOURCE_VP * to_produce * (made - planned_upkeep(discs))
    stock = player.money + player.materials
    value += late * (RESOURCE_VP * stock + SCIENCE_VP * player.resource(Resource.SCIENCE))
    for sector in state.sectors:
        for s, cls, n in sector.ships:
            if s == seat:
                value += n * ship_worth(player.species, player.blueprint(cls))
        if sector.owner == seat and sector.discovery:
            value += DISCOVERY_VP
    value += share * sum(plan_weight(plan, t) for t in player.all_techs())
    return value


def ship_worth(species: str, blueprint: Blueprint) -> float:
    """One ship's worth (module doc): ``SHIP_SHARE`` of its cost, times the square root of its
    blueprint's strength over the printed one's."""
    cls = blueprint.ship_class
    try:
        cost = find_species(species).build_cost(cls.value)
    except ValueError:
        cost = 0
    base = _printed_power(species, cls)
    power = ship_power(blueprint)
    ratio = sqrt(power / base) if base > 0 and power > 0 else 1.0
    return SHIP_SHARE * RESOURCE_VP * cost * ratio


@cache
def _printed_power(species: str, cls: ShipClass) -> float:
    for bp in default_blueprints(species):
        if bp.ship_class is cls:
            return ship_power(bp)
    return 0.0


def margins(state: GameState, plans: Sequence[Plan]) -> tuple[float, ...]:
    """Every seat's ``position_value`` less the best other seat's."""
    values = [position_value(state, s, plans[s]) for s in range(len(state.players))]
    out = []
    for s, v in enumerate(values):
        others = [w for t, w in enumerate(values) if t != s]
        out.append(v - max(others) if others else v)
    return tuple(out)
