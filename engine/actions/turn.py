"""A player's turn: take an action (or, after passing, a reaction), pass, and end the action.

Taking an action moves the leftmost disc of the influence track to the action track; the action
gives the activations printed on the species board, plus tech bonuses (Nanorobots +1 build,
Improved Logistics +1 move, Pico Modulator +2 upgrade). Influence also flips up to two used colony
ships face up (always both when possible: it never hurts). A reaction after passing is one
upgrade, build or move activation with no tech bonus, and also costs a disc (dized reactions
page). The first player to pass gains 2 money and the start player tile for the next round.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from blueprints import species as find_species
from engine.actions.base import Action, register
from engine.decisions import Activations, TurnStart
from engine.enums import REACTIONS, ActionKind
from engine.hexes import Hex
from engine.state import GameState
from engine.tables import tables

BONUS_TECHS: dict[ActionKind, tuple[str, int]] = {
    ActionKind.BUILD: ("nanorobots", 1),
    ActionKind.MOVE: ("improved_logistics", 1),
    ActionKind.UPGRADE: ("pico_modulator", 2),
}


@register
@dataclass(frozen=True, slots=True)
class TakeAction(Action):
    """Take one of the six actions."""

    VERB = "action"
    kind: ActionKind


@register
@dataclass(frozen=True, slots=True)
class TakeReaction(Action):
    """After passing: one upgrade, build or move activation."""

    VERB = "reaction"
    kind: ActionKind


@register
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass (the first time), or take no reaction (after passing)."""

    VERB = "pass"


@register
@dataclass(frozen=True, slots=True)
class EndAction(Action):
    """Stop: leave the remaining activations of the action unused."""

    VERB = "end"


@register
@dataclass(frozen=True, slots=True)
class Claim(Action):
    """Place an influence disc from the track on a sector to take control of it."""

    VERB = "claim"
    where: Hex


@register
@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Decline the offer of the pending decision (a sector, a discovery part placement)."""

    VERB = "decline"


def activation_count(state: GameState, seat: int, kind: ActionKind, reaction: bool) -> int:
    """Activations of an action for this player (1 for a reaction)."""
    if reaction:
        return 1
    player = state.players[seat]
    count = int(getattr(find_species(player.species).activations, kind.value))
    bonus = BONUS_TECHS.get(kind)
    if bonus is not None and player.has_tech(bonus[0]):
        count += bonus[1]
    return count


def legal_turn(state: GameState, d: TurnStart) -> list[Action]:
    """Actions, reactions or pass for the player whose turn it is."""
    player = state.players[d.seat]
    out: list[Action] = []
    if player.discs_track > 0:
        if player.passed:
            out.extend(TakeReaction(k) for k in REACTIONS)
        else:
            out.extend(TakeAction(k) for k in ActionKind)
    out.append(Pass())
    return out


def apply_turn(state: GameState, d: TurnStart, action: Action) -> GameState:
    """Start the chosen action or reaction, or pass."""
    seat = d.seat
    player = state.players[seat]
    if isinstance(action, Pass):
        state = state.with_pending(pop=1)
        if player.passed:
            return state
        player = replace(player, passed=True)
        if state.next_start is None:
            player = replace(player, money=player.money + tables().first_pass_money)
            state = replace(state, next_start=seat)
        state = state.with_player(player)
        return replace(state, pass_order=(*state.pass_order, seat))
    assert isinstance(action, TakeAction | TakeReaction)
    reaction = isinstance(action, TakeReaction)
    player = replace(
        player, discs_track=player.discs_track - 1, discs_actions=player.discs_actions + 1
    )
    if action.kind is ActionKind.INFLUENCE:
        player = replace(player, colony_used=max(0, player.colony_used - 2))
    state = state.with_player(player)
    left = activation_count(state, seat, action.kind, reaction)
    return state.with_pending(Activations(seat, action.kind, left, reaction), pop=1)
