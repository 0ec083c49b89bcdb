"""A plain summary of an imported position: players, sectors, the tech tray, battles with their
odds, problems by severity.

``position_summary(result)`` is the document ``fleetlab import --json`` prints (format
``fleetlab-import/1``) and what a dashboard page can show without knowing the engine's types:
every value is JSON-ready. The odds of each contested sector are a ``fleetlab-odds/1`` document
(``calc.battle.report.result_to_dict``) from ``engine.battle_view.sector_odds``; a sector whose
battle cannot be modelled carries an ``error`` instead, and one the budget left no time for a
``skipped`` reason.

The odds of all battles together get ``budget_seconds`` of CPU time (``OddsBudget``), measured
with ``time.process_time`` so that a busy machine, which stretches wall time, does not push a
battle onto a slower rung of the ladder. Each battle is offered what is left: the ladder of
``calc.odds`` picks its rung by its estimate against a third of that (``ESTIMATE_MARGIN``: the
estimates run up to three times short), and a watchdog on the solver's progress stops an exact
solve that runs past all of it; that battle is then answered by Monte Carlo, which is bounded by
its sample count. The watchdog looks between the solver's steps, and building an exact solve's
tables is one step, so a solve can pass its time by part of one solve. Each battle entry
says the method used and the CPU seconds it took (``cpu_seconds``). calc's own budget counts
wall time; the lead will make calc count CPU time too (issue 22), and this budget will then pass
it through.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import Any

from calc import BattleError, BattleResult, Budget, result_to_dict
from engine.battle_view import sector_odds
from engine.galaxy import is_contested
from engine.hexes import Hex
from engine.importers.asynceclipse import ImportResult
from engine.state import GameState, PlayerState, SectorState
from engine.tech_supply import tech_order

SUMMARY_FORMAT = "fleetlab-import/1"

DEFAULT_BUDGET_SECONDS = 20.0
"""CPU seconds for the odds of all of a position's battles (``fleetlab import``'s default)."""

MAX_BUDGET_SECONDS = 3600.0
"""The largest odds budget accepted (an hour of CPU)."""

ESTIMATE_MARGIN = 3.0
"""calc's ladder is offered the seconds left divided by this: its estimates of exact solving time
ran up to 3.2 times short of the CPU time measured on the shared 2-core machine (aeb40's battle
at 207: estimated 0.98 s and 3.4 s for 14 and 16 ships, measured 2.5 s and 11 s;
``benchmarks/import_budget.py``), and an exact solve can only be stopped between its steps."""

WALL_FACTOR = 10.0
"""calc's wall-clock stop of an exact solve, as a multiple of the seconds it is offered: loose, so
that the CPU watchdog decides on a busy machine (calc stops at ``factor * seconds + 5``)."""


class _OverBudget(Exception):  # noqa: N818 - private signal, not an error for users
    """Raised by the watchdog inside a solve that has used the CPU time it was offered."""


@dataclass(slots=True)
class OddsBudget:
    """CPU seconds (``time.process_time``) left for the odds of a position's battles."""

    seconds: float = DEFAULT_BUDGET_SECONDS
    used: float = 0.0

    def __post_init__(self) -> None:
        if not (isinstance(self.seconds, int | float) and math.isfinite(self.seconds)):
            raise ValueError(f"budget seconds must be a number, got {self.seconds!r}")
        if not 0 < self.seconds <= MAX_BUDGET_SECONDS:
            raise ValueError(
                f"budget seconds must be more than 0 and at most {MAX_BUDGET_SECONDS:g}, "
                f"got {self.seconds!r}"
            )

    @property
    def left(self) -> float:
        """CPU seconds not used yet."""
        return max(0.0, self.seconds - self.used)

    def solve(self, state: GameState, where: Hex, seed: int | None) -> tuple[BattleResult, float]:
        """The odds of the sector's battle within what is left, and the CPU seconds spent.

        Raises ``calc.BattleError`` (or ``ValueError``) for a battle that cannot be modelled.
        """
        offered = self.left
        start = time.process_time()

        def watchdog(_: float) -> None:
            if time.process_time() - start > offered:
                raise _OverBudget

        budget = Budget(max_seconds=offered / ESTIMATE_MARGIN, hard_limit_factor=WALL_FACTOR)
        try:
            try:
                result = sector_odds(state, where, budget=budget, seed=seed, progress=watchdog)
            except _OverBudget:
                stopped = time.process_time() - start
                result = sector_odds(state, where, seed=seed, method="monte-carlo")
                result = replace(
                    result,
                    why=f"the solve passed the {offered:.1f} s of CPU left for it after "
                    f"{stopped:.1f} s, so Monte Carlo answered: "
                    + result.why.removeprefix("Monte Carlo requested; "),
                )
        finally:
            spent = time.process_time() - start
            self.used += spent
        return result, spent


def player_summary(state: GameState, player: PlayerState, colour: str, name: str) -> dict[str, Any]:
    """One player's board: species, storage, tracks, techs and blueprints."""
    return {
        "seat": player.seat,
        "name": name,
        "colour": colour or None,
        "species": player.species,
        "resources": {
            "money": player.money,
            "science": player.science,
            "materials": player.materials,
        },
        "population_tracks": {
            "money": player.tracks[0],
            "science": player.tracks[1],
            "materials": player.tracks[2],
        },
        "influence_discs": player.discs_track,
        "colony_ships": {"total": player.colony_ships, "ready": player.colony_ready},
        "techs": {
            "military": list(player.techs[0]),
            "grid": list(player.techs[1]),
            "nano": list(player.techs[2]),
        },
        "blueprints": {
            bp.ship_class.value: {
                "notation": str(bp),
                "slots": [None if p is None else p.id for p in bp.slots],
                "outside": None if bp.outside is None else bp.outside.id,
                "initiative": bp.stats.initiative,
                "hull": bp.stats.hull,
                "computer": bp.stats.computer,
                "shield": bp.stats.shield,
                "movement": bp.stats.movement,
            }
            for bp in player.blueprints
        },
        "parts_held": list(player.parts_held),
        "reputation": list(player.reputation),
        "passed": player.passed,
        "first": player.seat == state.start_player,
    }


def sector_summary(
    state: GameState, sector: SectorState, position: str | None, colours: dict[int, str]
) -> dict[str, Any]:
    """One placed sector: tile, where it is, owner, ships (with damage), NPCs and cubes."""
    return {
        "position": position,
        "hex": [sector.hex.q, sector.hex.r],
        "tile": sector.tile,
        "name": sector.printed.name,
        "rotation": sector.rotation,
        "owner": sector.owner,
        "owner_colour": None if sector.owner is None else colours.get(sector.owner) or None,
        "ships": [
            {"seat": seat, "colour": colours.get(seat) or None, "class": c.value, "count": n}
            for seat, c, n in sector.ships
        ],
        "npcs": {"ancient": sector.ancients, "guardian": sector.guardian, "gcds": sector.gcds},
        "damage": [
            {"side": "npcs" if side < 0 else side, "class": c.value, "ships": list(d)}
            for side, c, d in sector.damage
        ],
        "population": sector.population(),
        "orbital": sector.orbital,
        "monolith": sector.monolith,
        "discovery": sector.discovery,
        "contested": is_contested(state, sector),
    }


def tech_tray(state: GameState) -> dict[str, int]:
    """The tech tray: tech id -> tiles, in the tray's order, techs with tiles only."""
    return {t: n for t, n in zip(tech_order(), state.tech_tray, strict=True) if n}


def battle_summaries(
    result: ImportResult,
    *,
    odds: bool = True,
    budget_seconds: float = DEFAULT_BUDGET_SECONDS,
    seed: int | None = 0,
) -> list[dict[str, Any]]:
    """Every contested sector by position, with the odds of its battle (``odds=False``: without
    them) within ``budget_seconds`` of CPU for them all (``OddsBudget``)."""
    state = result.state
    budget = OddsBudget(budget_seconds)
    out: list[dict[str, Any]] = []
    for sector in state.sectors:
        if not is_contested(state, sector):
            continue
        entry: dict[str, Any] = {
            "position": result.report.position_of(sector.hex),
            "hex": [sector.hex.q, sector.hex.r],
            "tile": sector.tile,
        }
        if odds:
            if budget.left <= 0:
                entry["skipped"] = (
                    f"the {budget.seconds:g} s of CPU for the odds went to the battles before it"
                )
            else:
                try:
                    found, cpu = budget.solve(state, sector.hex, seed)
                    entry["odds"] = result_to_dict(found)
                    entry["cpu_seconds"] = round(cpu, 3)
                except (BattleError, ValueError) as exc:
                    entry["error"] = str(exc)
        out.append(entry)
    return out


def position_summary(
    result: ImportResult,
    *,
    odds: bool = True,
    budget_seconds: float = DEFAULT_BUDGET_SECONDS,
    seed: int | None = 0,
) -> dict[str, Any]:
    """The whole summary document; ``odds=False`` leaves ``battles`` without odds."""
    state, report = result.state, result.report
    colours = {s.seat: s.colour for s in report.seats}
    names = {s.seat: s.name for s in report.seats}
    return {
        "format": SUMMARY_FORMAT,
        "source": "asynceclipse",
        "game_id": report.game_id,
        "game_name": report.game_name,
        "round": state.round,
        "phase": state.phase.value,
        "galaxy": state.config.galaxy.value,
        "players": [
            player_summary(state, p, colours.get(p.seat, ""), names.get(p.seat, ""))
            for p in state.players
        ],
        "sectors": [
            sector_summary(state, s, report.position_of(s.hex), colours) for s in state.sectors
        ],
        "unexplored": [{"hex": [h.q, h.r], "ring": ring} for h, ring in report.unexplored],
        "tech_tray": tech_tray(state),
        "battles": battle_summaries(result, odds=odds, budget_seconds=budget_seconds, seed=seed),
        "problems": [p.to_dict() for p in report.problems],
    }
