"""Upgrade through Blueprint.upgrade: placements, returns, techs, discovery parts, activations."""

from __future__ import annotations

from engine.decisions import Activations, ExploreControl, PartInstall, TurnStart
from engine.enums import ActionKind
from engine.hexes import Hex
from engine.state import GameState
from tests.engine.builders import answers, do, edit, started, with_blueprint


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
    # The next activation starts afresh: nothing returned, any blueprint may be upgraded.
    assert s.decision == Activations(0, ActionKind.UPGRADE, 1)
    assert "place_part cruiser 2 electron_computer" in answers(s)
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


FUSION_PLASMA = (
    "terran_directorate/interceptor:fusion_source,ion_cannon,nuclear_drive,plasma_cannon"
)
"""An interceptor upgraded with a Fusion Source over the printed Nuclear Source (6 energy) and a
Plasma Cannon in the empty slot: it uses 1 + 1 + 2 = 4 energy."""


def fusion_plasma() -> GameState:
    s = upgrader(techs=(("starbase", "plasma_cannon"), ("fusion_source",), ()))
    return with_blueprint(s, 0, FUSION_PLASMA)


def test_several_parts_of_one_blueprint_are_returned_in_one_activation() -> None:
    """Each activation may first return any number of parts: both placed parts go back, the
    printed Nuclear Source shows again, and ending the action keeps the removals and hands the
    turn to the next player."""
    s = do(fusion_plasma(), "action upgrade", "return_part interceptor 0")
    s = do(s, "return_part interceptor 3", "end")
    shown = "terran_directorate/interceptor:nuclear_source,ion_cannon,nuclear_drive,-"
    assert str(s.players[0].blueprint("interceptor")) == shown
    assert s.decision == TurnStart(1)


def test_a_removal_that_breaks_the_energy_rule_cannot_end_the_action() -> None:
    """Energy use may never exceed production: returning the Fusion Source leaves the printed
    Nuclear Source (3) for 4 energy used, so the action cannot end there; a part must be placed
    (or more returned) first."""
    s = do(fusion_plasma(), "action upgrade", "return_part interceptor 0")
    assert "end" not in answers(s)
    s = do(s, "return_part interceptor 3")
    assert "end" in answers(s)


def test_after_a_return_and_a_placement_ending_hands_the_turn_on() -> None:
    s = do(upgrader(), "action upgrade", "place_part interceptor 3 electron_computer")
    s = do(s, "return_part interceptor 3", "place_part interceptor 3 hull", "end")
    assert s.decision == TurnStart(1)


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
    assert str(installed.players[0].blueprint("interceptor")).endswith(",ion_turret")
    kept = do(s, "decline")
    assert kept.players[0].parts_held == ("ion_turret",)
    # Either way the explore activation goes on: the new sector may be claimed.
    assert installed.decision == kept.decision == ExploreControl(0, Hex(0, -1))


def test_a_new_part_is_offered_only_where_it_keeps_the_blueprint_legal() -> None:
    """The Ion Turret may not replace the interceptor's only drive (slot 2) or its only source
    (slot 0), even though the player's Fusion Drive and Fusion Source could go there."""
    s = upgrader(techs=(("starbase",), ("fusion_source", "fusion_drive"), ()))
    s = do(s, "action explore", "explore (0,-1)", "draw_sector 110", "place 110 0")
    s = do(s, "reveal ion_turret", "reward")
    interceptor = {a for a in answers(s) if a.startswith("install interceptor")}
    assert interceptor == {"install interceptor 1", "install interceptor 3"}


def test_activation_counts_with_bonus_techs_and_reactions() -> None:
    s = do(upgrader(techs=(("starbase",), (), ("pico_modulator",))), "action upgrade")
    assert s.decision == Activations(0, s.decision.kind, 4)  # type: ignore[union-attr]
    mech = started("mechanema", "planta")
    assert do(mech, "action upgrade").decision.left == 3  # type: ignore[union-attr]
    s = upgrader(techs=(("starbase",), (), ("pico_modulator",)))
    passed = do(s, "pass", "action research", "end")
    reaction = do(passed, "reaction upgrade")
    assert reaction.decision.left == 1 and reaction.decision.reaction  # type: ignore[union-attr]


def test_printed_parts_are_not_returned_only_placed_ones() -> None:
    """A printed part cannot be returned (it is covered instead): the default blueprints offer
    nothing to return, a placed part can be."""
    s = do(upgrader(), "action upgrade")
    assert not any(a.startswith("return_part") for a in answers(s))
    s = do(s, "place_part interceptor 3 electron_computer")
    assert {a for a in answers(s) if a.startswith("return_part")} == {"return_part interceptor 3"}


def test_no_placement_after_the_last_activation() -> None:
    s = do(upgrader(), "action upgrade", "place_part interceptor 3 electron_computer")
    s = do(s, "place_part cruiser 2 hull")
    assert not any(a.startswith(("place_part", "return_part")) for a in answers(s))


def test_an_upgrade_changes_only_its_own_blueprint() -> None:
    before = [str(b) for b in upgrader().players[0].blueprints]
    s = do(upgrader(), "action upgrade", "place_part interceptor 3 electron_computer")
    after = [str(b) for b in s.players[0].blueprints]
    assert after[0] != before[0] and after[1:] == before[1:]


def test_a_placed_discovery_part_stays_legal_and_is_lost_only_when_returned() -> None:
    """A discovery part on a blueprint does not stop further upgrades of that blueprint, and only
    returning it sends its tile out of the game; returning an ordinary part loses no tile."""
    s = upgrader(parts_held=("axion_computer",))
    s = do(s, "action upgrade", "place_part cruiser 2 axion_computer")
    before = s.discovery_out
    s = do(s, "place_part cruiser 0 hull")  # the axion computer stays on the cruiser
    assert str(s.players[0].blueprint("cruiser")).startswith("terran_directorate/cruiser:hull,")
    assert s.discovery_out == before
    s = do(s, "end", "pass", "action upgrade", "return_part cruiser 0")
    s = do(s, "place_part cruiser 0 electron_computer")
    assert s.discovery_out == before  # a returned hull is no discovery tile


def test_the_muon_source_goes_outside_the_grid_and_can_be_returned() -> None:
    """The Muon Source discovery part is placed outside the grid (slot -1); it can be returned
    like any placed part, and then its tile leaves the game."""
    s = upgrader(parts_held=("muon_source",))
    s = do(s, "action upgrade")
    assert "place_part interceptor -1 muon_source" in answers(s)
    s = do(s, "place_part interceptor -1 muon_source")
    bp = s.players[0].blueprint("interceptor")
    assert bp.outside is not None and bp.outside.id == "muon_source"
    assert "place_part interceptor 3 electron_computer" in answers(s)
    assert "return_part interceptor -1" in answers(s)
    before = s.discovery_out
    s = do(s, "return_part interceptor -1", "place_part interceptor 3 hull")
    assert s.players[0].blueprint("interceptor").outside is None
    assert s.discovery_out == before + 1


def test_the_activation_after_a_return_and_a_placement_starts_afresh() -> None:
    """The parts returned in one activation belong to it alone: the next activation has nothing
    returned and may upgrade another blueprint."""
    s = do(fusion_plasma(), "action upgrade", "return_part interceptor 3")
    s = do(s, "place_part interceptor 3 electron_computer")
    assert s.decision == Activations(0, ActionKind.UPGRADE, 1)
    assert "place_part cruiser 2 electron_computer" in answers(s)


def test_a_species_part_is_available_to_its_own_species_only() -> None:
    """The Exiles' Ion Turret is a species part: available to the Exiles, never to another
    species. (The engine seats base-game species only, so the player is edited by hand.)"""
    from engine.actions.upgrade import available_parts

    terrans = upgrader().players[0]
    assert "exiles_ion_turret" not in available_parts(terrans)
    exiles = edit(upgrader(), 0, species="exiles").players[0]
    assert "exiles_ion_turret" in available_parts(exiles)
    assert "ion_cannon" in available_parts(exiles)  # starting parts for every species


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
