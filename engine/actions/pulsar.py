"""Pulsars (New Dangers): a controlled Pulsar sector gives one extra activation each round.

The rules (text 001, "Pulsar"): a Pulsar sector has three action spaces (Move, Upgrade, Build)
instead of its influence space; the controller's disc (its only disc) goes on the Move space
when control is taken (``engine.state.SectorState``). Once per round, instead of taking a normal
action, the controller may activate it: move the disc to another, empty, space and perform one
activation of that action (``ActivatePulsar``, then an ``Activations`` decision with one
activation). Not after passing. Decisions (L): the activation costs no disc from the influence
track (the disc that moves is the Pulsar's own) and gets no tech bonus ("1 activation"); a
Pulsar that changes hands during a round stays used for that round (the text says "once per
round" of the sector).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.actions.base import Action, register
from engine.decisions import Activations, TurnStart
from engine.enums import ActionKind
from engine.hexes import Hex
from engine.modules import Module
from engine.specials import PULSAR_SPACES, is_pulsar
from engine.state import GameState


@register
@dataclass(frozen=True, slots=True)
class ActivatePulsar(Action):
    """Move the disc of the Pulsar at ``where`` to the ``kind`` space and take one activation."""

    VERB = "pulsar"
    where: Hex
    kind: ActionKind


def legal_pulsars(state: GameState, d: TurnStart) -> list[Action]:
    """The Pulsar activations open to the player at the start of its turn."""
    if not state.config.has(Module.PULSAR) or state.players[d.seat].passed:
        return []
    out: list[Action] = []
    for sector in state.controlled(d.seat):
        if not is_pulsar(sector) or sector.pulsar_used:
            continue
        out.extend(ActivatePulsar(sector.hex, k) for k in PULSAR_SPACES if k is not sector.pulsar)
    return out


def apply_pulsar(state: GameState, d: TurnStart, action: ActivatePulsar) -> GameState:
    """Move the disc and start the one activation (instead of a normal action)."""
    sector = state.sector(action.where)
    assert sector is not None
    state = state.with_sector(replace(sector, pulsar=action.kind, pulsar_used=True))
    return state.with_pending(Activations(d.seat, action.kind, 1), pop=1)


def reset_pulsars(state: GameState) -> GameState:
    """Cleanup: every Pulsar may be activated again next round."""
    for sector in state.sectors:
        if sector.pulsar_used:
            state = state.with_sector(replace(sector, pulsar_used=False))
    return state
