"""Small builders for battles in tests, and a runner for the deep brute-force recursions."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import TypeVar

from blueprints import Dice, ShipClass, ShipStats
from calc.battle.model import Battle, Policy, ShipGroup, Side


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


T = TypeVar("T")


def with_deep_stack(work: Callable[[], T]) -> T:
    """``work()`` in a thread with a 512 MiB stack and a high recursion limit: the brute-force
    references recurse once per volley, so a battle goes rounds x slots deep."""
    result: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            result.append(work())
        except BaseException as exc:  # re-raised in the caller
            errors.append(exc)

    old_limit = sys.getrecursionlimit()
    old_size = threading.stack_size(512 * 1024 * 1024)
    sys.setrecursionlimit(200_000)
    try:
        thread = threading.Thread(target=run)
        thread.start()
        thread.join()
    finally:
        threading.stack_size(old_size)
        sys.setrecursionlimit(old_limit)
    if errors:
        raise errors[0]
    return result[0]
