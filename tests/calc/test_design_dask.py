"""The designer on a Dask distributed cluster gives exactly the local answer."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from blueprints import Blueprint, ShipClass
from calc.battle.model import Battle, ShipGroup, Side
from calc.design.designer import DesignRequest, Opponent, design
from calc.design.evaluate import clear_cache
from calc.design.prune import Objective

distributed = pytest.importorskip("distributed")

TERRAN = "terran_directorate"


@pytest.fixture(scope="module")
def cluster() -> Iterator[object]:
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address="127.0.0.1:0"
    ) as local:
        yield local


def request(objective: Objective) -> DesignRequest:
    bp = Blueprint.default(TERRAN, "interceptor")
    return DesignRequest(
        side=Side("Red", (ShipGroup.of(bp, 1),), species=TERRAN),
        opponents=(
            Opponent(Side("Ancients", (ShipGroup.npc("ancient", count=2),), npc=True)),
            Opponent(Side("Guardian", (ShipGroup.npc("guardian"),), npc=True)),
        ),
        techs=("plasma_cannon", "gauss_shield"),
        budget=6,
        upgrades=1,
        classes=(ShipClass.INTERCEPTOR, ShipClass.CRUISER),
        objective=objective,
        top=5,
    )


@pytest.mark.parametrize("objective", [Objective.WIN, Objective.EXCHANGE])
def test_dask_client_equals_local(cluster: object, objective: Objective) -> None:
    req = request(objective)
    clear_cache()
    local = design(req, workers=1)
    clear_cache()
    with distributed.Client(cluster) as client:
        remote = design(req, dask=client)
    assert remote.backend == "dask"
    assert remote.battles == local.battles > 0
    assert remote.designs == local.designs
    assert (remote.evaluated, remote.pruned) == (local.evaluated, local.pruned)


def test_dask_scheduler_address_equals_local(cluster: object) -> None:
    req = request(Objective.WIN)
    clear_cache()
    local = design(req, workers=1)
    clear_cache()
    remote = design(req, dask=cluster.scheduler_address)  # type: ignore[attr-defined]
    assert remote.designs == local.designs


def test_dask_equals_local_in_a_whole_sector(cluster: object) -> None:
    bp = Blueprint.default(TERRAN, "interceptor")
    red = Side("Red", (ShipGroup.of(bp, 1),), species=TERRAN)
    blue = Side("Blue", (ShipGroup.of(bp, 2),), species=TERRAN)
    green = Side("Green", (ShipGroup.of(Blueprint.default(TERRAN, "cruiser"), 1),), species=TERRAN)
    req = DesignRequest(
        side=red,
        sector=Battle((green, red, blue), 0),
        techs=("plasma_cannon", "gauss_shield"),
        budget=3,
        upgrades=1,
        classes=(ShipClass.INTERCEPTOR,),
        objective=Objective.EXCHANGE,
    )
    clear_cache()
    local = design(req, workers=1)
    clear_cache()
    with distributed.Client(cluster) as client:
        remote = design(req, dask=client)
    assert remote.backend == "dask" and remote.battles == local.battles > 0
    assert remote.designs == local.designs
