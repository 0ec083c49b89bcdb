"""Small builders for battles in tests."""

from __future__ import annotations

from blueprints import Dice, ShipClass, ShipStats
from calc.model import Battle, Policy, ShipGroup, Side


def ship(
    cls: str = "interceptor",
    *,
    init: int = 2,
    hull: int = 0,
    comp: int = 0,
    shield: int = 0,
    cannons: dict[str, int] | None = None,
    missiles: dict[str, int] | None = None,
    cost: int = 0,
    morph: int = 0,
) -> ShipStats:
    return ShipStats(
        ShipClass(cls),
        initiative=init,
        hull=hull,
        computer=comp,
        shield=shield,
        cannons=Dice.from_mapping(cannons if cannons is not None else {"yellow": 1}),
        missiles=Dice.from_mapping(missiles or {}),
        cost=cost,
        morph=morph,
    )


def side(
    name: str,
    *groups: tuple[ShipStats, int] | tuple[ShipStats, int, tuple[int, ...]],
    policy: Policy = Policy.OPTIMAL,
    npc: bool = False,
    splitter: bool = False,
) -> Side:
    built = []
    for g in groups:
        damage: tuple[int, ...] = g[2] if len(g) == 3 else ()  # type: ignore[misc]
        built.append(ShipGroup(g[0], g[1], damage))
    return Side(name, tuple(built), npc=npc, antimatter_splitter=splitter, policy=policy)


def battle(attacker: Side, defender: Side) -> Battle:
    return Battle.two_sided(attacker, defender)
