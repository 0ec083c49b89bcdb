"""Known values from an independent exact solver: 180 battles (tests/calc/known_values).

The file's ``about`` names the source: the public C++ exact solver
EsauRoiDesBarbus/EclipseCPPBackEnd at commit d08dba2. Like a chess engine's perft file, each
entry is a position with the number it must produce: P(attacker wins) under optimal play for
player sides and the NPC rule for NPC sides. Player battles agree to 1e-7 (double precision),
NPC battles to 1e-5 (that solver's float32 build).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from blueprints import Dice, NpcVariant, ShipClass, ShipStats, npc_tiles
from calc import Battle, ShipGroup, Side, solve_exact
from tests.support import REPO

CORPUS = REPO / "tests" / "calc" / "known_values" / "conformance.json"
BATTLES: list[dict[str, Any]] = json.loads(CORPUS.read_text())["battles"]
PLAYER_TOLERANCE = 1e-7
NPC_TOLERANCE = 1e-5


def _stats(ship: dict[str, Any]) -> ShipStats:
    return ShipStats(
        ShipClass(ship["class"]),
        initiative=ship["initiative"],
        hull=ship["hull"],
        computer=ship["computers"],
        shield=ship["shields"],
        cannons=Dice(**ship["cannons"]),
        missiles=Dice(**ship["missiles"]),
    )


def _npc_group(ship: dict[str, Any]) -> ShipGroup:
    """The official tile with exactly these stats (the corpus gives NPC tiles' numbers)."""
    stats = _stats(ship)
    for tile in npc_tiles():
        t = tile.stats
        if (t.ship_class, t.initiative, t.hull, t.computer, t.shield, t.cannons, t.missiles) == (
            stats.ship_class, stats.initiative, stats.hull, stats.computer, stats.shield,
            stats.cannons, stats.missiles,
        ):  # fmt: skip
            return ShipGroup.npc(tile.kind, NpcVariant(tile.variant), ship["count"])
    raise AssertionError(f"no official NPC tile has the stats {ship!r}")


def _side(name: str, doc: dict[str, Any]) -> Side:
    npc = doc["flags"]["npc"]
    groups = tuple(_npc_group(s) if npc else ShipGroup(_stats(s), s["count"]) for s in doc["ships"])
    return Side(name, groups, npc=npc, antimatter_splitter=doc["flags"]["antimatter_splitter"])


def battle_of(entry: dict[str, Any]) -> Battle:
    """The Fleetlab battle of one corpus entry."""
    return Battle.two_sided(
        _side("attacker", entry["attacker"]), _side("defender", entry["defender"])
    )


def _is_npc(entry: dict[str, Any]) -> bool:
    return bool(entry["attacker"]["flags"]["npc"] or entry["defender"]["flags"]["npc"])


def test_the_corpus_is_whole() -> None:
    assert len(BATTLES) == 180
    assert sum(_is_npc(b) for b in BATTLES) == 68


@pytest.mark.parametrize("entry", BATTLES, ids=[b["id"] for b in BATTLES])
def test_known_value(entry: dict[str, Any]) -> None:
    result = solve_exact(battle_of(entry))
    tolerance = NPC_TOLERANCE if _is_npc(entry) else PLAYER_TOLERANCE
    assert result.attacker_wins == pytest.approx(
        entry["expected"]["p_attacker_wins"], abs=tolerance
    ), entry["id"]
