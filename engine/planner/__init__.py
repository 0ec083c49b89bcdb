"""The planner bot: plays Eclipse like a player, with Fleetlab's own odds.

``PlannerPlayer`` (``engine.planner.player``) answers every decision from the engine's legal
actions. Its parts, one job each: ``odds`` (calc's ladder on a small budget, cached),
``economy`` (upkeep, what can be afforded), ``valuation`` (sectors, squares and techs in victory
points; the research plan), ``war`` (attacks, builds for them, threats), ``fleet`` (the what-if
ranking of blueprint upgrades) and ``battle`` (hits, retreats).
"""

from engine.planner.odds import OddsBook, PlannerBudget
from engine.planner.player import PassReason, PlannerPlayer
from engine.planner.valuation import Plan

__all__ = ["OddsBook", "PassReason", "Plan", "PlannerBudget", "PlannerPlayer"]
