"""The rules data loads, is consistent, and matches ../shared/reference where it is present."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from blueprints import (
    NpcVariant,
    Origin,
    ShipClass,
    all_species,
    npc_tile,
    npc_tiles,
    part,
    parts,
    ship_class_info,
    species,
    tech,
    techs,
)
from blueprints.catalogue import catalogue
from blueprints.enums import Confidence, TechCategory
from blueprints.errors import UnknownIdError


def test_every_record_loads_and_ids_are_unique() -> None:
    cat = catalogue()
    assert len(cat.parts) == 44
    assert len({p.id for p in cat.parts}) == len(cat.parts)
    assert len({p.code for p in cat.parts}) == len(cat.parts)
    assert len(cat.techs) == 40  # 24 regular + 15 rare + the optional Rift Cannon
    assert len(cat.species) == 16
    assert len(cat.npc_tiles) == 9


def test_cross_references_resolve() -> None:
    for p in parts():
        if p.needs_tech:
            assert p.tech is not None
            assert tech(p.tech).unlocks_part == p.id
    for t in techs():
        if t.unlocks_part:
            assert part(t.unlocks_part).tech == t.id
    for sp in all_species():
        for tid in sp.starting_techs:
            tech(tid)
        for layout in sp.layouts:
            assert layout.slot_count == ship_class_info(layout.ship_class).slots


def test_there_are_18_discovery_parts_and_muon_sits_outside_the_grid() -> None:
    discovery = [p for p in parts() if p.origin is Origin.DISCOVERY]
    assert len(discovery) == 18
    assert [p.id for p in parts() if p.outside_grid] == ["muon_source"]


def test_tech_bag_has_114_base_tiles() -> None:
    base = [t for t in techs() if not t.optional]
    assert sum(t.copies for t in base) == 114
    assert sum(1 for t in base if t.category is TechCategory.RARE) == 15


def test_miniature_limits_and_reputation_values() -> None:
    limits = {c: ship_class_info(c).limit for c in ("interceptor", "cruiser", "dreadnought")}
    assert limits == {"interceptor": 8, "cruiser": 4, "dreadnought": 2}
    assert ship_class_info("starbase").limit == 4
    reputation = {c.value: ship_class_info(c).reputation for c in ShipClass}
    assert reputation["interceptor"] == reputation["starbase"] == reputation["ancient"] == 1
    assert reputation["cruiser"] == reputation["guardian"] == 2
    assert reputation["dreadnought"] == reputation["gcds"] == 3


def test_confidence_marks_are_visible_in_the_data() -> None:
    assert part("morph_shield").confidence is Confidence.MEDIUM
    assert "initiative" in part("morph_shield").note
    assert species("wardens_of_magellan").confidence is Confidence.LOW
    assert tech("rift_cannon").optional
    assert ship_class_info("orbital").confidence is Confidence.LOW


def test_unknown_ids_get_a_clear_error() -> None:
    with pytest.raises(
        UnknownIdError, match=r"unknown part 'ion_canon'.*did you mean 'ion_cannon'"
    ):
        part("ion_canon")
    with pytest.raises(UnknownIdError, match="unknown species 'terran'"):
        species("terran")
    with pytest.raises(UnknownIdError, match="unknown NPC variant 'hard'"):
        npc_tile("ancient", "hard")
    with pytest.raises(UnknownIdError, match="unknown NPC type 'cruiser'"):
        npc_tile("cruiser")


# ----- spot checks against ../shared/reference ------------------------------------------------

REFERENCE_PART_IDS = {
    "ioc": "ion_cannon", "elc": "electron_computer", "nud": "nuclear_drive",
    "nus": "nuclear_source", "hul": "hull", "plc": "plasma_cannon", "socan": "soliton_cannon",
    "anc": "antimatter_cannon", "rican": "rift_cannon", "flm": "flux_missile",
    "plm": "plasma_missile", "poc": "positron_computer", "glc": "gluon_computer",
    "gas": "gauss_shield", "phs": "phase_shield", "abs": "absorption_shield",
    "imh": "improved_hull", "cof": "conifold_field", "seh": "sentient_hull",
    "fud": "fusion_drive", "tad": "tachyon_drive", "trd": "transition_drive",
    "fus": "fusion_source", "tas": "tachyon_source", "zes": "zero_point_source",
    "axc": "axion_computer", "iod": "ion_disruptor", "iot": "ion_turret",
    "plt": "plasma_turret", "socha": "soliton_charger", "ricon": "rift_conductor",
    "iom": "ion_missile", "som": "soliton_missile", "anm": "antimatter_missile",
    "fls": "flux_shield", "ins": "inversion_shield", "mos": "morph_shield",
    "shh": "shard_hull", "cod": "conformal_drive", "nod": "nonlinear_drive",
    "jud": "jump_drive", "hyg": "hypergrid_source", "mus": "muon_source",
    "iot_exile": "exiles_ion_turret",
}  # fmt: skip


def _dice_list(d: dict[str, int]) -> list[str]:
    return sorted(c for c, n in d.items() for _ in range(n))


def test_every_part_matches_the_reference(shared_reference: Path) -> None:
    ref = json.loads((shared_reference / "compiled_ship_parts.json").read_text())["parts"]
    assert len(ref) == len(parts())
    for r in ref:
        p = part(REFERENCE_PART_IDS[r["id"]])
        for field in ("computer", "shield", "hull", "movement", "initiative"):
            assert getattr(p, field) == r[field], (p.id, field)
        assert p.energy_use == r["energy_use"], p.id
        assert p.energy_production == r["energy_production"], p.id
        ref_cannons = sorted("pink" if c == "pink_rift" else c for c in r["cannons"])
        assert _dice_list(p.cannons.to_dict()) == ref_cannons, p.id
        assert _dice_list(p.missiles.to_dict()) == sorted(r["missiles"]), p.id


def test_techs_match_the_reference(shared_reference: Path) -> None:
    ref = json.loads((shared_reference / "compiled_techs.json").read_text())["techs"]
    by_name = {t.name: t for t in techs()}
    for r in ref:
        t = by_name[r["name"]]
        assert (t.cost, t.min_cost, t.copies) == (r["cost"], r["min_cost"], r["copies"]), t.id


def test_npc_tiles_match_the_reference(shared_reference: Path) -> None:
    ref = json.loads((shared_reference / "compiled_npc_blueprints.json").read_text())
    for tile in npc_tiles():
        r = ref[tile.kind.value][tile.variant.value]
        s = tile.stats
        assert (s.computer, s.shield, s.hull, s.initiative) == (
            r["computer"],
            r["shield"],
            r["hull"],
            r["initiative"],
        )
        assert _dice_list(s.cannons.to_dict()) == sorted(r["cannons"])
        assert _dice_list(s.missiles.to_dict()) == sorted(r["missiles"])
    assert npc_tile("gcds", NpcVariant.NORMAL).stats.hull == 7


def test_species_boards_match_the_reference(shared_reference: Path) -> None:
    ref = json.loads((shared_reference / "compiled_species.json").read_text())["species"]
    by_home = {sp.home_sector: sp for sp in all_species()}
    for r in ref:
        sp = by_home[int(r["home_sector"])]
        storage = r["start_storage"]
        assert (sp.storage.money, sp.storage.science, sp.storage.materials) == (
            storage["money"],
            storage["science"],
            storage["materials"],
        ), sp.id
        assert sp.trade_rate == r["trade_rate"], sp.id
        assert sp.colony_ships == r["colony_ships"], sp.id
        assert sp.influence_discs == r["influence_discs_on_track_at_start"], sp.id
        a = sp.activations
        assert r["activations"] == {
            "explore": a.explore,
            "research": a.research,
            "upgrade": a.upgrade,
            "build": a.build,
            "move": a.move,
            "influence": a.influence,
        }, sp.id
        for item, cost in r["build_costs"].items():
            if cost is None:
                assert item not in dict(sp.build_costs), sp.id
            else:
                assert sp.build_cost(item) == cost, (sp.id, item)


def test_printed_blueprints_match_the_reference(shared_reference: Path) -> None:
    ref = json.loads((shared_reference / "compiled_blueprints.json").read_text())["species"]
    sets = {
        "Terran (all six Terran factions)": "terran_directorate",
        "Eridani Empire": "eridani_empire",
        "Orion Hegemony": "orion_hegemony",
        "Planta": "planta",
        "Rho Indi Syndicate": "rho_indi_syndicate",
        "The Exiles": "exiles",
        "Hydran Progress": "hydran_progress",
    }
    for name, sid in sets.items():
        sp = species(sid)
        for cls_name, entry in ref[name].items():
            if cls_name.startswith("_"):
                continue
            layout = sp.layout(cls_name)
            printed = [
                None if p is None else p.id
                for p, blocked in zip(layout.printed, layout.blocked, strict=True)
                if not blocked
            ]
            expected = [None if t is None else REFERENCE_PART_IDS[t] for t in entry["slots"]]
            # The reference lists Planta's usable slots in board order; compare as multisets.
            assert sorted(map(str, printed)) == sorted(map(str, expected)), (sid, cls_name)
            b = entry["base"]
            bonus = layout.bonus
            assert (bonus.initiative, bonus.energy, bonus.computer, bonus.shield, bonus.hull) == (
                b["initiative"],
                b["energy"],
                b["computer"],
                b["shield"],
                b["hull"],
            ), (sid, cls_name)
        assert len(sp.layouts) == len([k for k in ref[name] if not k.startswith("_")])
