"""Upgrade through Blueprint.upgrade: placements, returns, techs, discovery parts, activations."""

from __future__ import annotations

from engine.decisions import Activations, PartInstall
from tests.engine.builders import answers, do, edit, started


def upgrader(**changes):  # type: ignore[no-untyped-def]
    s = started("terran_directorate", "planta")
    return edit(s, 0, **changes) if changes else s


def test_only_legal_blueprints_are_offered() -> None:
    s = edit(upgrader(), 0, techs=(("starbase", "plasma_cannon"), (), ()))
    s = do(s, "action upgrade")
    options = answers(s)
    # Interceptor: nuclear source, ion cannon, nuclear drive, empty. 3 energy produced.
    assert "place_part interceptor 1 plasma_cannon" in options  # replaces the ion cannon
    assert "place_part interceptor 3 plasma_cannon" not in options  # 4 energy > 3
    assert "place_part interceptor 3 electron_computer" in options
    assert "place_part interceptor 2 hull" not in options  # would lose its only drive
    assert not any(o.startswith("place_part starbase") and "drive" in o for o in options)
    assert "place_part interceptor 1 ion_cannon" not in options  # no change: not offered
    assert not any("antimatter_cannon" in o for o in options)  # no tech


def test_placing_uses_an_activation_and_changes_the_blueprint() -> None:
    s = do(upgrader(), "action upgrade", "place_part interceptor 3 electron_computer")
    assert str(s.players[0].blueprint("interceptor")).endswith(",electron_computer")
    assert isinstance(s.decision, Activations) and s.decision.left == 1
    # Return the placed computer, then put a hull there, in the second activation.
    s = do(s, "return_part interceptor 3")
    assert "return_part interceptor 3" not in answers(s)
    assert not any(o.startswith("return_part cruiser") for o in answers(s))
    s = do(s, "place_part interceptor 3 hull")
    assert str(s.players[0].blueprint("interceptor")).endswith(",hull")
    assert s.decision is not None and s.decision.left == 0  # type: ignore[attr-defined]


def test_ending_with_returned_parts_keeps_the_removal() -> None:
    s = do(upgrader(), "action upgrade", "place_part interceptor 3 electron_computer")
    s = do(s, "return_part interceptor 3", "end")
    assert str(s.players[0].blueprint("interceptor")).endswith(",-")


def test_discovery_parts_are_placed_from_the_hand_and_lost_when_returned() -> None:
    s = upgrader(parts_held=("axion_computer",))
    s = do(s, "action upgrade", "place_part cruiser 2 axion_computer")
    assert s.players[0].parts_held == ()
    assert "axion_computer" in s.players[0].discoveries_on_blueprints()
    before = s.discovery_out
    s = do(s, "return_part cruiser 2", "place_part cruiser 2 hull")
    assert s.discovery_out == before + 1
    assert "axion_computer" not in s.players[0].discoveries_on_blueprints()
    assert not any("axion_computer" in o for o in answers(s))


def test_new_discovery_part_may_be_installed_at_once() -> None:
    s = do(upgrader(), "action explore", "explore (0,-1)", "draw_sector 110", "place 110 0")
    s = do(s, "reveal ion_turret", "reward")
    assert isinstance(s.decision, PartInstall)
    assert "install interceptor 3" in answers(s) and "decline" in answers(s)
    installed = do(s, "install interceptor 3")
    assert installed.players[0].parts_held == ()
    kept = do(s, "decline")
    assert kept.players[0].parts_held == ("ion_turret",)


def test_activation_counts_with_bonus_techs_and_reactions() -> None:
    s = do(upgrader(techs=(("starbase",), (), ("pico_modulator",))), "action upgrade")
    assert s.decision == Activations(0, s.decision.kind, 4)  # type: ignore[union-attr]
    mech = started("mechanema", "planta")
    assert do(mech, "action upgrade").decision.left == 3  # type: ignore[union-attr]
    s = upgrader(techs=(("starbase",), (), ("pico_modulator",)))
    passed = do(s, "pass", "action research", "end")
    reaction = do(passed, "reaction upgrade")
    assert reaction.decision.left == 1 and reaction.decision.reaction  # type: ignore[union-attr]


def test_the_action_cannot_end_on_a_return_that_leaves_the_blueprint_illegal() -> None:
    """Parts returned without a placement must leave a legal blueprint: after returning the
    extra Nuclear Source that powers a Plasma Cannon and a Fusion Drive (4 energy used, 3
    produced without it), ending is not offered until a placement makes it legal."""
    techs = (("starbase", "plasma_cannon"), (), ("fusion_drive", "pico_modulator"))
    s = do(upgrader(techs=techs), "action upgrade", "place_part interceptor 3 nuclear_source")
    s = do(s, "place_part interceptor 1 plasma_cannon", "place_part interceptor 2 fusion_drive")
    assert "end" in answers(s)
    s = do(s, "return_part interceptor 3")
    assert "end" not in answers(s)
    s = do(s, "place_part interceptor 3 nuclear_source")
    assert "end" in answers(s)  # the source is back: the blueprint is legal again
