"""Pulsars (New Dangers text 001): one disc on an action space; once a round, one activation."""

from __future__ import annotations

from dataclasses import replace

from engine.decisions import Activations, ExploreControl, TurnStart
from engine.enums import ActionKind
from engine.hexes import Hex
from engine.modules import Module
from engine.state import GameState, SectorState
from tests.engine.builders import answers, do, edit, sector, started, to_combat, with_sector

PULSAR = Hex(0, -3)  # north of the Terran home at two players


def at(state: GameState, where: Hex) -> SectorState:
    found = state.sector(where)
    assert found is not None
    return found


def with_pulsar() -> GameState:
    s = started("terran_directorate", "planta", modules=(Module.PULSAR,))
    s = with_sector(s, sector(PULSAR, 393, rotation=0, owner=0))  # Geminga: edges 0, 1, 3
    return edit(s, 0, discs_track=s.players[0].discs_track - 1, materials=20)


def test_taking_control_puts_the_disc_on_the_move_space() -> None:
    s = started("terran_directorate", "planta", modules=(Module.PULSAR,))
    s = do(s, "action explore", "explore (0,-3)", "draw_sector 393", "place 393 0")
    assert isinstance(s.decision, ExploreControl)
    s = do(s, "claim (0,-3)")
    assert at(s, PULSAR).pulsar is ActionKind.MOVE
    released = s.with_sector(replace(at(s, PULSAR), owner=None))
    assert at(released, PULSAR).pulsar is None  # no controller, no disc on a space


def test_activate_moves_the_disc_and_gives_one_activation_without_a_disc() -> None:
    s = with_pulsar()
    offered = {a for a in answers(s) if a.startswith("pulsar")}
    assert offered == {"pulsar (0,-3) upgrade", "pulsar (0,-3) build"}  # not the Move space
    discs = s.players[0].discs_track
    s = do(s, "pulsar (0,-3) build")
    assert s.decision == Activations(0, ActionKind.BUILD, 1)  # one activation, no tech bonus
    assert s.players[0].discs_track == discs and s.players[0].discs_actions == 0
    assert at(s, PULSAR).pulsar is ActionKind.BUILD and at(s, PULSAR).pulsar_used
    s = do(s, "build interceptor (0,-2)")
    assert answers(s) >= {"end"} and not any(a.startswith("build") for a in answers(s))


def test_once_per_round_and_never_after_passing() -> None:
    s = do(with_pulsar(), "pulsar (0,-3) upgrade", "end", "pass")
    assert isinstance(s.decision, TurnStart) and s.decision.seat == 0
    assert not any(a.startswith("pulsar") for a in answers(s))  # used this round
    t = do(with_pulsar(), "pass", "action move", "end")
    assert isinstance(t.decision, TurnStart) and t.players[0].passed
    assert not any(a.startswith("pulsar") for a in answers(t))  # passed
    # The next round it may be activated again, to any space but the one it is on.
    u = do(with_pulsar(), "pulsar (0,-3) upgrade", "end", "pass", "pass")
    u = to_combat(u)
    while u.round == 1:
        u = do(u, next(iter(sorted(answers(u)))))
    assert not at(u, PULSAR).pulsar_used and at(u, PULSAR).pulsar is ActionKind.UPGRADE
