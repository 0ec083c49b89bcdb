"""A deliberately simple, separate exhaustive search for the fleet designer's tests.

It shares nothing with ``calc.design.space``/``calc.design.designer`` but the rules API
(``Blueprint.upgrade``, species data) and the battle ladder: blueprints by trying every
(returned set, slot, part) of every part with ``upgrade()``, fleets by every count, designs as
every combination, each battle solved exactly with ``calc.sector.ladder`` (a two-sided battle, or the
whole sector built by hand with the design's side put in its place).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations, product

from blueprints import (
    OUTSIDE,
    Blueprint,
    BlueprintError,
    ShipClass,
    parts,
    ship_class_info,
    species,
)
from calc.battle.model import Battle, ShipGroup, Side
from calc.sector.ladder import odds


def naive_reachable(
    start: Blueprint, activations: int, techs: list[str], hand: list[str] = ()
) -> dict[Blueprint, int]:
    """Every blueprint reachable with at most ``activations`` activations -> fewest needed."""
    best = {start: 0}
    frontier = [start]
    for level in range(1, activations + 1):
        nxt = []
        for bp in frontier:
            placed = [i for i, p in enumerate(bp.slots) if p != bp.layout.printed[i]]
            if bp.outside is not None:
                placed.append(OUTSIDE)
            on_board = [p.id for p in bp.parts() if p.is_discovery]
            used_from_hand = Counter(
                p.id
                for i, p in enumerate(bp.slots)
                if p is not None and p.is_discovery and start.slots[i] != p
            )
            hand_left = list((Counter(hand) - used_from_hand).elements())
            for k in range(len(placed) + 1):
                for returned in combinations(placed, k):
                    kept = [
                        pid
                        for pid in on_board
                        if pid
                        not in [(bp.outside if i == OUTSIDE else bp.slots[i]).id for i in returned]
                    ]
                    places = [None] + [
                        (slot, p.id) for p in parts() for slot in [*range(len(bp.slots)), OUTSIDE]
                    ]
                    for place in places:
                        if place is None and not returned:
                            continue
                        try:
                            new = bp.upgrade(
                                remove=returned,
                                place=place,
                                techs=techs,
                                discoveries=kept + hand_left,
                            )
                        except BlueprintError:
                            continue
                        if place is not None and new == bp and not returned:
                            continue
                        if new not in best:
                            best[new] = level
                            nxt.append(new)
        frontier = nxt
    return best


@dataclass(frozen=True)
class OracleDesign:
    counts: tuple[tuple[ShipClass, int], ...]
    blueprints: tuple[Blueprint, ...]
    cost: int
    win: float
    exchange: float


def exhaustive(
    species_id: str,
    existing: dict[ShipClass, tuple[Blueprint, int]],
    classes: list[ShipClass],
    techs: list[str],
    budget: int,
    upgrades: int,
    opponent: Side,
    *,
    designer_defends: bool = False,
    policy: str = "optimal",
    sector: tuple[tuple[Side, ...], int, int] | None = None,
) -> list[OracleDesign]:
    """Every design, evaluated exactly against one opponent, or with ``sector`` = (the other
    sides in order of entry, the designing side's index among all sides, the defender's index)
    in that whole sector: win = P(its ships hold the sector), exchange = the other sides'
    expected material lost together minus its own (``opponent`` is then not used)."""
    board = species(species_id)
    all_classes = sorted(set(existing) | set(classes), key=lambda c: ship_class_info(c).slots)
    start = {
        c: existing[c][0] if c in existing else Blueprint.default(species_id, c)
        for c in all_classes
    }
    reach = {c: naive_reachable(start[c], upgrades, techs) for c in all_classes}
    out = []
    ranges = []
    for c in all_classes:
        have = existing[c][1] if c in existing else 0
        room = ship_class_info(c).limit - have if c in classes else 0
        ranges.append(range(have, have + room + 1))
    for counts in product(*ranges):
        new = [
            n - (existing[c][1] if c in existing else 0)
            for c, n in zip(all_classes, counts, strict=True)
        ]
        cost = sum(k * board.build_cost(c) for k, c in zip(new, all_classes, strict=True))
        if cost > budget or not sum(counts):
            continue
        present = [(c, n) for c, n in zip(all_classes, counts, strict=True) if n]
        for bps in product(*(list(reach[c].items()) for c, _ in present)):
            if sum(acts for _, acts in bps) > upgrades:
                continue
            groups = tuple(
                ShipGroup.of(bp, n) for (bp, _), (_, n) in zip(bps, present, strict=True)
            )
            me = Side("Me", groups, policy=policy, species=species_id)
            if sector is not None:
                others, position, defender = sector
                sides = list(others)
                sides.insert(position, me)
                r = odds(Battle(tuple(sides), defender), "exact")
                mine = r.side("Me")
                win = mine.holds_sector
                theirs_lost = sum(r.side(s.name).expected_material_lost for s in others)
            else:
                battle = (
                    Battle.two_sided(opponent, me)
                    if designer_defends
                    else Battle.two_sided(me, opponent)
                )
                r = odds(battle, "exact")
                mine = r.side("Me")
                win = mine.wins
                theirs_lost = r.side(opponent.name).expected_material_lost
            out.append(
                OracleDesign(
                    tuple(present),
                    tuple(bp for bp, _ in bps),
                    cost,
                    win,
                    theirs_lost - mine.expected_material_lost,
                )
            )
    return out
