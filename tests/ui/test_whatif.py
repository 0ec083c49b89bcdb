"""Blueprint what-if: every single legal upgrade, and their ranking by the gain in P(win)."""

from __future__ import annotations

import pytest

from blueprints import OUTSIDE, Blueprint, all_species, species
from calc.sector.ladder import odds
from ui.battle_editor import build, draft_from_file, example_battle, set_class_blueprint
from ui.whatif import method_text, rank, ranking_rows, side_wins, upgrades

TECHS = ["plasma_cannon", "gauss_shield", "fusion_source", "positron_computer", "improved_hull"]


@pytest.mark.parametrize("species_id", [s.id for s in all_species()][::3])
def test_upgrades_are_exactly_the_legal_single_slot_changes(species_id: str) -> None:
    for cls in species(species_id).ship_classes:
        bp = Blueprint.default(species_id, cls)
        found = upgrades(bp, TECHS, ())
        expected = set()
        for slot in [*range(len(bp.slots)), OUTSIDE]:
            if slot != OUTSIDE and bp.layout.blocked[slot]:
                continue
            current = bp.outside if slot == OUTSIDE else bp.slots[slot]
            for p in bp.placeable(slot, TECHS, []):
                if p is not None and p != current:
                    expected.add((slot, p.id))
        assert {(u.slot, u.placed.id) for u in found} == expected
        for u in found:
            assert not u.blueprint.problems(techs=TECHS, discoveries=[])
            changed = [
                i
                for i, (a, b) in enumerate(zip(bp.slots, u.blueprint.slots, strict=True))
                if a != b
            ]
            assert changed == ([] if u.slot == OUTSIDE else [u.slot])


def test_a_placed_tile_is_returned_and_the_printed_part_comes_back() -> None:
    bp = Blueprint.from_parts(
        "terran_directorate",
        "interceptor",
        ["nuclear_source", "plasma_cannon", "nuclear_drive", "electron_computer"],
    )
    found = {(u.slot, u.placed.id): u for u in upgrades(bp, ["plasma_cannon"], ())}
    back = found[(1, "ion_cannon")]
    assert back.returned is not None and back.returned.id == "plasma_cannon"
    assert back.blueprint.is_printed(1)
    assert (0, "hull") not in found  # no energy without the source
    assert found[(3, "hull")].returned is not None
    assert found[(3, "hull")].describe() == "right: Electron Computer → Hull"


def test_ranking_is_by_gain_and_matches_direct_solves() -> None:
    draft = draft_from_file(example_battle())
    built = build(draft)
    assert built.battle is not None
    base = odds(built.battle)
    bp = Blueprint.from_parts(
        "terran_directorate",
        "interceptor",
        ["nuclear_source", "plasma_cannon", "nuclear_drive", "electron_computer"],
    )
    evaluated = []
    for u in upgrades(bp, ["plasma_cannon"], ()):
        battle = build(set_class_blueprint(draft, 0, bp.ship_class, u.blueprint)).battle
        assert battle is not None
        evaluated.append((u, odds(battle)))
    ranked = rank("Red", base, evaluated)
    gains = [r.gain for r in ranked]
    assert gains == sorted(gains, reverse=True)
    for r in ranked:
        assert r.gain == pytest.approx(side_wins(r.result, "Red") - side_wins(base, "Red"))
    assert ranked[0].upgrade.describe() == "right: Electron Computer → Hull"
    rows = ranking_rows(ranked, ships=3)
    assert rows[0]["rank"] == 1 and rows[0]["ships affected"] == 3
    assert rows[0]["build cost each"] == 3
    assert rows[0]["gain (points)"] == round(100 * ranked[0].gain, 2)
    assert rows[0]["method"] == "exact" == method_text(base)
    mc = odds(built.battle, "monte-carlo", samples=2000, seed=1)
    assert method_text(mc).startswith("± ") and method_text(mc).endswith("%")


def test_a_tile_elsewhere_may_go_back_to_make_room_for_the_new_part() -> None:
    """One activation returns any number of tiles, then places one part (rules, Upgrade): a
    Positron Computer needs the energy that returning the Plasma Cannon frees."""
    bp = Blueprint.from_parts(
        "terran_directorate",
        "interceptor",
        ["nuclear_source", "plasma_cannon", "nuclear_drive", "electron_computer"],
    )
    techs = ["plasma_cannon", "positron_computer", "fusion_source"]
    found = upgrades(bp, techs, ())
    swaps = [u for u in found if u.also_returned is not None]
    names = [u.describe() for u in swaps]
    assert (
        "right: Electron Computer → Positron Computer, returning the Plasma Cannon (top)" in names
    )
    for u in found:
        assert not u.blueprint.problems(techs=techs, discoveries=[])
        changed = {
            i for i, (a, b) in enumerate(zip(bp.slots, u.blueprint.slots, strict=True)) if a != b
        }
        if u.also_returned is None:
            assert changed == ({u.slot} if u.slot != OUTSIDE else set())
            continue
        other, part = u.also_returned
        assert changed == {u.slot, other} and bp.slots[other] == part
        assert u.blueprint.is_printed(other)  # the returned tile shows the printed part again
        # Listed only where the placement needs the return.
        assert u.placed not in bp.placeable(u.slot, techs, [])
    assert len({u.blueprint for u in found}) == len(found)  # every blueprint once
    # Printed blueprints have no tile to return: nothing but single placements.
    assert all(
        u.also_returned is None
        for u in upgrades(Blueprint.default("terran_directorate", "cruiser"), techs, ())
    )
