"""The blueprint model: derived stats worked out by hand, every validation rule, upgrades."""

from __future__ import annotations

import pytest

from blueprints import OUTSIDE, Blueprint, ShipClass, all_species, default_blueprints, part
from blueprints.errors import (
    BlockedSlotError,
    DiscoveryRequiredError,
    DriveError,
    EnergyError,
    NoBlueprintError,
    SlotError,
    SpeciesPartError,
    TechRequiredError,
    UnknownIdError,
    UpgradeError,
)

# (initiative, hull, computer, shield, movement, energy produced, energy used, cannons, cost),
# worked out by hand from the printed parts in ../shared/reference/compiled_blueprints.json:
# e.g. the standard interceptor is Nuclear Source (+3 energy), Ion Cannon (1 yellow, -1),
# Nuclear Drive (move 1, initiative +1, -1) and an empty slot, with initiative 2 printed:
# initiative 3, energy 3 produced / 2 used.
STANDARD = {
    "interceptor": (3, 0, 0, 0, 1, 3, 2, {"yellow": 1}, 3),
    "cruiser": (2, 1, 1, 0, 1, 3, 2, {"yellow": 1}, 5),
    "dreadnought": (1, 2, 1, 0, 1, 3, 3, {"yellow": 2}, 8),
    "starbase": (4, 2, 1, 0, 0, 3, 1, {"yellow": 1}, 3),
}
EXPECTED: dict[str, dict[str, tuple[object, ...]]] = {
    **dict.fromkeys(
        (
            "terran_directorate",
            "terran_federation",
            "terran_union",
            "terran_republic",
            "terran_conglomerate",
            "terran_alliance",
            "hydran_progress",
            "descendants_of_draco",
            "wardens_of_magellan",
            "enlightened_of_lyra",
        ),
        STANDARD,
    ),
    # Eridani: +1 energy printed on the three ships.
    "eridani_empire": {
        "interceptor": (3, 0, 0, 0, 1, 4, 2, {"yellow": 1}, 3),
        "cruiser": (2, 1, 1, 0, 1, 4, 2, {"yellow": 1}, 5),
        "dreadnought": (1, 2, 1, 0, 1, 4, 3, {"yellow": 2}, 8),
        "starbase": (4, 2, 1, 0, 0, 3, 1, {"yellow": 1}, 3),
    },
    # Orion: Gauss Shield printed in the free slot, +1 initiative, energy +1/+2/+3.
    "orion_hegemony": {
        "interceptor": (4, 0, 0, 1, 1, 4, 2, {"yellow": 1}, 3),
        "cruiser": (3, 1, 1, 1, 1, 5, 2, {"yellow": 1}, 5),
        "dreadnought": (2, 2, 1, 1, 1, 6, 3, {"yellow": 2}, 8),
        "starbase": (5, 2, 1, 1, 0, 3, 1, {"yellow": 1}, 3),
    },
    # Planta: +1 computer and +2 energy printed, initiative 0 printed (2 on the starbase,
    # which keeps its Electron Computer and has +5 energy printed).
    "planta": {
        "interceptor": (1, 0, 1, 0, 1, 5, 2, {"yellow": 1}, 3),
        "cruiser": (1, 1, 1, 0, 1, 5, 2, {"yellow": 1}, 5),
        "dreadnought": (1, 2, 1, 0, 1, 5, 3, {"yellow": 2}, 8),
        "starbase": (2, 2, 2, 0, 0, 5, 1, {"yellow": 1}, 3),
    },
    # Mechanema: standard ships, cheaper.
    "mechanema": {
        c: (*STANDARD[c][:8], cost)
        for c, cost in (("interceptor", 2), ("cruiser", 4), ("dreadnought", 7), ("starbase", 2))
    },
    # Rho Indi: shield 1 printed, initiative 3 / 2 / 4 printed, no dreadnought.
    "rho_indi_syndicate": {
        "interceptor": (4, 0, 0, 1, 1, 3, 2, {"yellow": 1}, 4),
        "cruiser": (3, 1, 1, 1, 1, 3, 2, {"yellow": 1}, 6),
        "starbase": (4, 2, 1, 1, 0, 3, 1, {"yellow": 1}, 4),
    },
    # Exiles: Electron Computer in the free slot; an Orbital (hull 2 and energy 4 printed,
    # Hull + Ion Turret (2 yellow, -1) + Electron Computer) instead of a starbase.
    "exiles": {
        "interceptor": (3, 0, 1, 0, 1, 3, 2, {"yellow": 1}, 3),
        "cruiser": (2, 1, 2, 0, 1, 3, 2, {"yellow": 1}, 5),
        "dreadnought": (1, 2, 2, 0, 1, 3, 3, {"yellow": 2}, 8),
        "orbital": (0, 3, 1, 0, 0, 4, 1, {"yellow": 2}, 5),
    },
}


def test_the_table_covers_every_species() -> None:
    assert set(EXPECTED) == {s.id for s in all_species()}


@pytest.mark.parametrize("species_id", sorted(EXPECTED))
def test_default_blueprint_stats(species_id: str) -> None:
    got = {}
    for bp in default_blueprints(species_id):
        s = bp.stats
        got[bp.ship_class.value] = (
            s.initiative,
            s.hull,
            s.computer,
            s.shield,
            s.movement,
            s.energy_production,
            s.energy_use,
            s.cannons.to_dict(),
            s.cost,
        )
        assert bp.problems() == (), bp
    assert got == EXPECTED[species_id]


# ----- validation: every rule rejected with a clear message ---------------------------------


def test_energy_rule() -> None:
    bp = Blueprint.from_parts("terran_directorate", "interceptor", ["nus", "plc", "nud", "ioc"])
    (problem,) = bp.problems()
    assert isinstance(problem, EnergyError)
    assert "uses 4 energy but produces only 3" in str(problem)
    with pytest.raises(EnergyError):
        bp.validate()


def test_printed_energy_counts_toward_production() -> None:
    # The same parts are legal for Eridani, whose interceptor has +1 energy printed.
    bp = Blueprint.from_parts("eridani_empire", "interceptor", ["nus", "plc", "nud", "ioc"])
    assert bp.problems() == ()


def test_ships_keep_a_drive() -> None:
    bp = Blueprint.from_parts(
        "terran_directorate", "cruiser", ["elc", "ioc", "-", "nus", "hul", "-"]
    )
    (problem,) = bp.problems()
    assert isinstance(problem, DriveError)
    assert "must keep at least one drive" in str(problem)


@pytest.mark.parametrize(
    ("species_id", "ship_class", "slots"),
    [
        ("terran_directorate", "starbase", ["elc", "ioc", "hul", "hul", "nud"]),
        ("exiles", "orbital", ["hul", "xit", "nud"]),
    ],
)
def test_no_drive_on_starbase_or_orbital(
    species_id: str, ship_class: str, slots: list[str]
) -> None:
    problems = Blueprint.from_parts(species_id, ship_class, slots).problems()
    assert any(isinstance(p, DriveError) and "cannot carry drives" in str(p) for p in problems)


def test_tech_part_needs_its_tech() -> None:
    bp = Blueprint.from_parts(
        "terran_directorate", "cruiser", ["elc", "plc", "-", "nus", "hul", "nud"]
    )
    assert bp.problems() == ()  # techs unknown: not checked
    (problem,) = bp.problems(techs=["starbase"])
    assert isinstance(problem, TechRequiredError)
    assert "'plasma_cannon' needs the tech 'plasma_cannon'" in str(problem)
    assert bp.problems(techs=["plasma_cannon"]) == ()


def test_starting_parts_need_nothing() -> None:
    bp = Blueprint.from_parts("planta", "cruiser", ["nus", "ioc", "elc", "-", "hul", "nud"])
    assert bp.problems(techs=[], discoveries=[]) == ()


def test_discovery_part_needs_its_discovery() -> None:
    bp = Blueprint.from_parts(
        "terran_directorate", "cruiser", ["elc", "iot", "-", "nus", "hul", "nud"]
    )
    (problem,) = bp.problems(discoveries=[])
    assert isinstance(problem, DiscoveryRequiredError)
    assert "'ion_turret' needs its discovery tile" in str(problem)
    assert bp.problems(discoveries=["ion_turret"]) == ()


def test_one_tile_of_each_discovery_part() -> None:
    bp = Blueprint.from_parts(
        "terran_directorate", "dreadnought", ["elc", "iot", "iot", "-", "nus", "hul", "hul", "nud"]
    )
    (problem,) = bp.problems()
    assert isinstance(problem, DiscoveryRequiredError)
    assert "appears 2 times" in str(problem)


def test_slot_count_of_the_class() -> None:
    bp = Blueprint.from_parts("terran_directorate", "interceptor", ["nus", "ioc", "nud"])
    problems = bp.problems()
    assert isinstance(problems[0], SlotError)
    assert "3 slots given, the blueprint has 4" in str(problems[0])


def test_planta_blocked_slot_cannot_hold_a_part() -> None:
    bp = Blueprint.from_parts("planta", "interceptor", ["nus", "ioc", "elc", "nud"])
    (problem,) = bp.problems()
    assert isinstance(problem, BlockedSlotError)
    assert "slot 2 is blocked" in str(problem)
    with pytest.raises(BlockedSlotError):
        Blueprint.default("planta", "interceptor").upgrade(place=(2, "elc"))


def test_printed_values_outside_the_grid_cannot_be_replaced() -> None:
    with pytest.raises(BlockedSlotError, match="printed there cannot be replaced"):
        Blueprint.default("orion_hegemony", "interceptor").upgrade(place=(OUTSIDE, "gas"))


def test_muon_source_goes_outside_the_grid() -> None:
    bp = Blueprint.default("terran_directorate", "interceptor").upgrade(place=(OUTSIDE, "mus"))
    assert bp.outside == part("muon_source")
    assert bp.stats.initiative == 4
    assert bp.stats.energy_production == 5
    with pytest.raises(SlotError, match="outside the grid"):
        Blueprint.default("terran_directorate", "interceptor").upgrade(place=(3, "mus"))
    in_grid = Blueprint.from_parts(
        "terran_directorate", "interceptor", ["nus", "ioc", "nud", "mus"]
    )
    assert any(isinstance(p, SlotError) for p in in_grid.problems())


def test_species_without_a_class_has_no_blueprint() -> None:
    with pytest.raises(NoBlueprintError, match="'rho_indi_syndicate' has no 'dreadnought'"):
        Blueprint.default("rho_indi_syndicate", "dreadnought")
    with pytest.raises(NoBlueprintError, match="'exiles' has no 'starbase'"):
        Blueprint.default("exiles", ShipClass.STARBASE)
    with pytest.raises(NoBlueprintError, match="no 'orbital'"):
        Blueprint.default("terran_directorate", "orbital")


def test_unknown_species_and_npc_classes() -> None:
    with pytest.raises(UnknownIdError):
        Blueprint.default("klingon", "interceptor")
    with pytest.raises(NoBlueprintError, match="NPC tile"):
        Blueprint("terran_directorate", ShipClass.ANCIENT, ())


def test_exiles_turret_belongs_to_the_exiles() -> None:
    bp = Blueprint.from_parts(
        "terran_directorate", "cruiser", ["elc", "xit", "-", "nus", "hul", "nud"]
    )
    (problem,) = bp.problems()
    assert isinstance(problem, SpeciesPartError)
    assert Blueprint.from_parts("exiles", "orbital", ["hul", "xit", "xit"]).problems() == ()


def test_every_problem_is_reported_at_once() -> None:
    bp = Blueprint.from_parts("terran_directorate", "interceptor", ["plc", "plc", "-", "-"])
    kinds = {type(p) for p in bp.problems(techs=[])}
    assert kinds == {TechRequiredError, DriveError, EnergyError}


# ----- the Upgrade action -------------------------------------------------------------------


def test_upgrade_places_over_a_printed_part() -> None:
    bp = Blueprint.default("terran_directorate", "interceptor")
    up = bp.upgrade(place=(1, "plc"), techs=["plasma_cannon"])
    assert up.slots[1] == part("plasma_cannon")
    assert up.stats.cannons.to_dict() == {"orange": 1}


def test_returning_a_placed_part_shows_the_printed_one_again() -> None:
    bp = Blueprint.default("terran_directorate", "interceptor").upgrade(place=(1, "plc"))
    back = bp.upgrade(remove=[1])
    assert back == Blueprint.default("terran_directorate", "interceptor")


def test_printed_parts_cannot_be_returned() -> None:
    with pytest.raises(UpgradeError, match="printed 'ion_cannon', which cannot be returned"):
        Blueprint.default("terran_directorate", "interceptor").upgrade(remove=[1])
    with pytest.raises(UpgradeError, match="slot 3 is empty"):
        Blueprint.default("terran_directorate", "interceptor").upgrade(remove=[3])


def test_a_placed_tile_must_be_returned_before_covering() -> None:
    bp = Blueprint.default("terran_directorate", "interceptor").upgrade(place=(3, "elc"))
    with pytest.raises(UpgradeError, match=r"return it first \(remove=\[3\]\)"):
        bp.upgrade(place=(3, "gas"))
    assert bp.upgrade(remove=[3], place=(3, "gas")).stats.shield == 1


def test_upgrade_result_must_be_legal() -> None:
    bp = Blueprint.default("terran_directorate", "interceptor")
    with pytest.raises(EnergyError):
        bp.upgrade(place=(3, "plc"))
    with pytest.raises(DriveError):
        bp.upgrade(place=(2, "elc"))
    with pytest.raises(TechRequiredError):
        bp.upgrade(place=(3, "gas"), techs=[])
    with pytest.raises(SlotError, match=r"slots are 0\.\.3"):
        bp.upgrade(place=(4, "gas"))


def test_swapping_drive_and_source_in_one_activation() -> None:
    # Return parts first, then place one: a fusion drive over the printed nuclear drive.
    bp = Blueprint.default("terran_directorate", "cruiser")
    up = bp.upgrade(place=(5, "fud"), techs=["fusion_drive"])
    assert (up.stats.initiative, up.stats.movement, up.stats.energy_use) == (3, 2, 3)


def test_placeable_offers_only_parts_that_fit() -> None:
    bp = Blueprint.default("terran_directorate", "interceptor")
    offered = {
        None if p is None else p.id for p in bp.placeable(3, techs=["gauss_shield"], discoveries=[])
    }
    assert offered == {
        None,
        "gauss_shield",
        "electron_computer",
        "hull",
        "nuclear_source",
        "nuclear_drive",
        "ion_cannon",
    }
    # The blocked Planta slot offers only "empty".
    assert Blueprint.default("planta", "interceptor").placeable(2) == (None,)


def test_orion_gauss_shield_is_printed_and_replaceable() -> None:
    bp = Blueprint.default("orion_hegemony", "interceptor")
    assert bp.slots[3] == part("gauss_shield")
    up = bp.upgrade(place=(3, "elc"))
    assert (up.stats.shield, up.stats.computer) == (0, 1)
    with pytest.raises(UpgradeError):
        bp.upgrade(remove=[3])


def test_mechanema_and_rho_indi_costs() -> None:
    assert Blueprint.default("mechanema", "dreadnought").stats.cost == 7
    assert Blueprint.default("rho_indi_syndicate", "cruiser").stats.cost == 6


def test_morph_shields_are_counted() -> None:
    bp = Blueprint.default("terran_directorate", "cruiser").upgrade(place=(2, "mos"))
    assert (bp.stats.morph, bp.stats.shield, bp.stats.initiative) == (1, 1, 3)


def test_rift_conductor_is_a_cannon_with_hull() -> None:
    bp = Blueprint.default("terran_directorate", "cruiser").upgrade(place=(2, "rco"))
    assert bp.stats.rift_dice == 1
    assert bp.stats.hull == 2
    assert bp.stats.missiles.total == 0
