"""Board and economy numbers: stack sizes, starting zones, upkeep, production, reputation tiles.

Loaded once from ``engine/data/rules.toml``, where each number names its source and confidence.
Species, tech, part and ship-class numbers are not here: they come from ``blueprints.catalogue``.

>>> t = tables()
>>> t.upkeep_for(12), t.upkeep_for(8), t.production_for(1), t.production_for(12)
(0, 3, 2, 28)
>>> t.outer_stack[4], t.start_zones[2]
(14, (0, 3))
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from blueprints import Confidence, reputation_tiles
from engine.errors import DataError


@dataclass(frozen=True, slots=True)
class Tables:
    """The numbers of ``rules.toml``; dictionaries are keyed by player count or tile value.

    ``reputation_tiles`` (the base box's bag by value 1-4) is read from
    ``blueprints.reputation_tiles`` so that the engine and the calculator share one source.
    """

    rounds: int
    first_pass_money: int
    spare_discs: int
    outer_stack: dict[int, int]
    start_zones: dict[int, tuple[int, ...]]
    start_zones_confidence: Confidence
    guardians_at_six: bool
    upkeep: tuple[int, ...]
    production: tuple[int, ...]
    cubes_per_track: int
    track_squares: int
    production_confidence: Confidence
    reputation_tiles: tuple[int, int, int, int]
    reputation_confidence: Confidence
    eridani_setup_draws: int
    ambassador_vp: int
    monolith_vp: int
    discovery_vp: int
    traitor_vp: int
    tech_warp_portal_vp: int
    draco_per_ancient: int
    planta_per_sector: int

    def upkeep_for(self, discs_on_track: int) -> int:
        """Money owed at upkeep with this many discs left on the influence track."""
        if discs_on_track >= len(self.upkeep):
            return 0
        return self.upkeep[discs_on_track]

    def production_for(self, empty_squares: int) -> int:
        """Production of a population track with this many empty squares."""
        return self.production[empty_squares]


@cache
def tables() -> Tables:
    """Load and check ``rules.toml`` (once per process)."""
    text = resources.files("engine").joinpath("data", "rules.toml").read_text(encoding="utf-8")
    raw = tomllib.loads(text)
    galaxy = raw["galaxy"]
    economy = raw["economy"]
    rep = raw["reputation"]
    scoring = raw["scoring"]
    out = Tables(
        rounds=raw["rounds"],
        first_pass_money=raw["first_pass_money"],
        spare_discs=raw["spare_discs"],
        outer_stack={int(k): v for k, v in galaxy["outer_stack"].items()},
        start_zones={int(k): tuple(v) for k, v in galaxy["start_zones"].items()},
        start_zones_confidence=Confidence(galaxy["start_zones_confidence"]),
        guardians_at_six=galaxy["guardians_at_six"],
        upkeep=tuple(economy["upkeep"]),
        production=tuple(economy["production"]),
        cubes_per_track=economy["cubes_per_track"],
        track_squares=economy["track_squares"],
        production_confidence=Confidence(economy["production_confidence"]),
        reputation_tiles=reputation_tiles().counts,
        reputation_confidence=reputation_tiles().confidence,
        eridani_setup_draws=rep["eridani_setup_draws"],
        ambassador_vp=scoring["ambassador"],
        monolith_vp=scoring["monolith"],
        discovery_vp=scoring["discovery_vp"],
        traitor_vp=scoring["traitor"],
        tech_warp_portal_vp=scoring["tech_warp_portal"],
        draco_per_ancient=scoring["draco_per_ancient"],
        planta_per_sector=scoring["planta_per_sector"],
    )
    if len(out.production) != out.track_squares + 1:
        raise DataError("production table needs one value per number of empty squares (0..12)")
    if out.cubes_per_track >= out.track_squares:
        raise DataError("a population track needs more squares than starting cubes")
    for players, zones in out.start_zones.items():
        if len(zones) != players or len(set(zones)) != players:
            raise DataError(f"start zones for {players} players: {zones!r}")
    return out
