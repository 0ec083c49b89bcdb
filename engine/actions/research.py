"""Research: buy a tech from the tray, place it on a track, and the techs' immediate effects.

The cost is the printed cost reduced by the discount of the track it goes on, never below the
printed minimum. Reading of the discount (decision, M): the discount is the value printed on the
first empty space of the track, i.e. ``catalogue.track_rules().discounts[techs on the track]``
= 0, -1, -2, -3, -4, -6, -8 for 0..6 techs. The dized research page backs it: the discount is
"the lowest discount value visible in that category". A full track (7 techs) takes no more
techs. Rare techs (one copy each) may go on any track. A player may not research a tech they
already have.

Immediate effects: Advanced Robotics and Quantum Grid move 1 and 2 discs from the tray to the
influence track; Artifact Key gives 5 resources of one chosen type per artifact in controlled
sectors; Ancient Labs draws and resolves a discovery tile; the Warp Portal tech places the
portal on a controlled sector of the player's choice.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from blueprints import TechCategory
from blueprints import tech as find_tech
from blueprints.catalogue import track_rules
from engine.actions.base import Action, register
from engine.actions.minor_species import research_discount
from engine.decisions import Activations, Decision, DiscoveryReveal, ResourceChoice, SectorChoice
from engine.state import TRACKS, GameState
from engine.tech_supply import tech_index, tech_order

TRACK_SLOTS = 7


@register
@dataclass(frozen=True, slots=True)
class Research(Action):
    """Buy ``tech`` from the tray and place it on ``track``."""

    VERB = "research"
    tech: str
    track: TechCategory


@cache
def _discounts() -> tuple[int, ...]:
    return track_rules().discounts


def research_cost(tech_id: str, techs_on_track: int, discount: int = 0) -> int:
    """Science to pay for a tech placed on a track that already holds ``techs_on_track``
    (``discount``: more science off, e.g. the Research Discount Minor Species token; the
    printed minimum still holds).

    >>> research_cost("plasma_cannon", 0), research_cost("plasma_cannon", 2)
    (6, 4)
    >>> research_cost("gluon_computer", 6), research_cost("plasma_cannon", 2, discount=1)
    (7, 4)
    """
    t = find_tech(tech_id)
    return max(t.min_cost, t.cost + _discounts()[techs_on_track] - discount)


def track_of(category: TechCategory) -> int:
    """Index of a track in ``PlayerState.techs``."""
    return TRACKS.index(category)


def placements(state: GameState, seat: int, tech_id: str) -> list[TechCategory]:
    """Tracks a tech could go on for this player (ignoring cost)."""
    t = find_tech(tech_id)
    player = state.players[seat]
    options = TRACKS if t.is_rare else (t.category,)
    return [c for c in options if len(player.techs[track_of(c)]) < TRACK_SLOTS]


def legal_research(state: GameState, d: Activations) -> list[Action]:
    """Every tech in the tray the player can afford and place."""
    if d.left <= 0:
        return []
    player = state.players[d.seat]
    off = research_discount(player)
    out: list[Action] = []
    order = tech_order()
    for i, count in enumerate(state.tech_tray):
        if not count:
            continue
        tech_id = order[i]
        if player.has_tech(tech_id):
            continue
        for category in placements(state, d.seat, tech_id):
            held = len(player.techs[track_of(category)])
            if research_cost(tech_id, held, off) <= player.science:
                out.append(Research(tech_id, category))
    return out


def apply_research(state: GameState, d: Activations, action: Research) -> GameState:
    """Pay, take the tile from the tray and place it (with its immediate effect)."""
    player = state.players[d.seat]
    held = len(player.techs[track_of(action.track)])
    cost = research_cost(action.tech, held, research_discount(player))
    state = state.with_player(replace(player, science=player.science - cost))
    state = take_from_tray(state, action.tech)
    state = state.with_pending(replace(d, left=d.left - 1), pop=1)
    return place_tech(state, d.seat, action.tech, action.track)


def take_from_tray(state: GameState, tech_id: str) -> GameState:
    """A copy with one tile of the tech taken out of the tray."""
    tray = list(state.tech_tray)
    i = tech_index(tech_id)
    if tray[i] <= 0:
        raise ValueError(f"no {tech_id!r} tile in the tray")
    tray[i] -= 1
    return replace(state, tech_tray=tuple(tray))


def place_tech(state: GameState, seat: int, tech_id: str, category: TechCategory) -> GameState:
    """Put a tech on a player's track and resolve its immediate effect."""
    player = state.players[seat]
    techs = list(player.techs)
    k = track_of(category)
    techs[k] = (*techs[k], tech_id)
    player = replace(player, techs=(techs[0], techs[1], techs[2]))
    follow: list[Decision] = []
    discs = {"advanced_robotics": 1, "quantum_grid": 2}.get(tech_id, 0)
    if discs:
        moved = min(discs, player.discs_spare)
        player = replace(
            player, discs_spare=player.discs_spare - moved, discs_track=player.discs_track + moved
        )
    state = state.with_player(player)
    if tech_id == "artifact_key":
        artifacts = sum(s.printed.artifacts for s in state.controlled(seat))
        if artifacts:
            follow.append(ResourceChoice(seat, 5 * artifacts))
    elif tech_id == "ancient_labs":
        from engine.actions.explore import unclaimed_discoveries

        if unclaimed_discoveries(state) > 0:
            follow.append(DiscoveryReveal(-1, seat, None))
    elif tech_id == "warp_portal":
        options = tuple(s.hex for s in state.controlled(seat) if not s.has_portal)
        if options:
            follow.append(SectorChoice(seat, "warp_portal", options))
    return state.with_pending(*follow)
