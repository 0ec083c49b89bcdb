"""Trading at the species' rate, and the base species' abilities not covered elsewhere."""

from __future__ import annotations

from dataclasses import replace

from engine.decisions import Activations
from engine.hexes import Hex
from tests.engine.builders import answers, do, sector, started, with_sector


def test_trade_at_the_species_rate() -> None:
    s = started("terran_directorate", "orion_hegemony")
    s = do(s, "trade materials money")  # Terrans: 2 for 1
    assert (s.players[0].materials, s.players[0].money) == (2, 4)
    assert "trade money money" not in answers(s)
    orion = do(s, "action research", "end")  # now Orion's turn: 4 for 1
    orion = do(orion, "trade materials science")
    assert (orion.players[1].materials, orion.players[1].science) == (0, 4)
    assert not any(o.startswith("trade materials") for o in answers(orion))


def test_activations_printed_on_the_boards() -> None:
    terran = do(started("terran_directorate", "planta"), "action move")
    assert isinstance(terran.decision, Activations) and terran.decision.left == 3
    planta = do(started("planta", "mechanema"), "action explore")
    assert planta.decision.left == 2  # type: ignore[union-attr]
    orion = do(started("orion_hegemony", "planta"), "action move")
    assert orion.decision.left == 2  # type: ignore[union-attr]


def test_draco_influence_sectors_with_ancients_others_cannot() -> None:
    def with_ancients(species: str):  # type: ignore[no-untyped-def]
        s = started(species, "planta")
        return with_sector(s, sector(Hex(0, -1), 101, rotation=1))  # Castor, one ancient

    draco = do(with_ancients("descendants_of_draco"), "action influence")
    terran = do(with_ancients("terran_directorate"), "action influence")
    assert "influence - (0,-1)" in answers(draco)
    assert "influence - (0,-1)" not in answers(terran)


def test_draco_ships_share_sectors_with_ancients_without_a_battle() -> None:
    s = started("descendants_of_draco", "planta")
    s = with_sector(s, sector(Hex(0, -1), 101, rotation=0, ships=[(0, "interceptor", 1)]))
    s = do(s, "pass", "pass")  # no battle: the combat phase goes on to claims
    assert s.decision is not None and s.decision.describe().startswith("take control")
    s = do(s, "claim (0,-1)")
    castor = s.sector(Hex(0, -1))
    assert castor is not None and castor.owner == 0 and castor.ancients == 1


def test_eridani_and_hydran_start_as_printed() -> None:
    s = started("eridani_empire", "hydran_progress", reputation=[4, 2])
    eridani, hydran = s.players
    assert eridani.reputation == (2, 4) and eridani.money == 26
    assert eridani.discs_track == 10
    hydran_home = next(x for x in s.sectors if x.owner == 1)
    assert hydran_home.cubes == (True, True, False)  # M, S*, Mt*: the advanced S too
    assert hydran.tracks == (10, 10, 11) and hydran.science == 6


def test_each_resource_pays_for_itself() -> None:
    """Only the resource given is paid; a trade is offered by what the player holds of it."""
    s = started("terran_directorate", "orion_hegemony")
    s = replace(s, players=(replace(s.players[0], money=5, science=0, materials=1), s.players[1]))
    options = answers(s)
    assert {"trade money science", "trade money materials"} <= options  # 5 money, rate 2
    assert not any(o.startswith(("trade materials", "trade science")) for o in options)
    s = do(s, "trade money science")
    assert (s.players[0].money, s.players[0].science, s.players[0].materials) == (3, 1, 1)
