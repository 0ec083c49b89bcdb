"""A plain summary of an imported position: players, sectors, battles with their odds, problems.

``position_summary(result)`` is the document ``fleetlab import --json`` prints (format
``fleetlab-import/1``) and what a dashboard page can show without knowing the engine's types:
every value is JSON-ready. The odds of each contested sector are a ``fleetlab-odds/1`` document
(``calc.battle.report.result_to_dict``) from ``engine.battle_view.sector_odds``; a sector whose
battle cannot be modelled carries an ``error`` instead.
"""

from __future__ import annotations

from typing import Any

from calc import BattleError, Budget, result_to_dict
from engine.battle_view import DEFAULT_BUDGET, sector_odds
from engine.galaxy import is_contested
from engine.importers.asynceclipse import ImportResult
from engine.state import GameState, PlayerState, SectorState

SUMMARY_FORMAT = "fleetlab-import/1"


def player_summary(state: GameState, player: PlayerState, colour: str, name: str) -> dict[str, Any]:
    """One player's board: species, storage, tracks, techs and blueprints."""
    return {
        "seat": player.seat,
        "name": name,
        "colour": colour,
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
    """One placed sector: tile, where it is, owner, ships, NPCs and cubes."""
    return {
        "position": position,
        "hex": [sector.hex.q, sector.hex.r],
        "tile": sector.tile,
        "name": sector.printed.name,
        "rotation": sector.rotation,
        "owner": sector.owner,
        "owner_colour": None if sector.owner is None else colours.get(sector.owner),
        "ships": [
            {"seat": seat, "colour": colours.get(seat), "class": c.value, "count": n}
            for seat, c, n in sector.ships
        ],
        "npcs": {"ancient": sector.ancients, "guardian": sector.guardian, "gcds": sector.gcds},
        "population": sector.population(),
        "orbital": sector.orbital,
        "monolith": sector.monolith,
        "discovery": sector.discovery,
        "contested": is_contested(state, sector),
    }


def battle_summaries(
    result: ImportResult,
    *,
    odds: bool = True,
    budget: Budget = DEFAULT_BUDGET,
    seed: int | None = 0,
) -> list[dict[str, Any]]:
    """Every contested sector by position, with the odds of its battle (``odds=False``: without
    them)."""
    state = result.state
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
            try:
                found = sector_odds(state, sector.hex, budget=budget, seed=seed)
                entry["odds"] = result_to_dict(found)
            except (BattleError, ValueError) as exc:
                entry["error"] = str(exc)
        out.append(entry)
    return out


def position_summary(
    result: ImportResult,
    *,
    odds: bool = True,
    budget: Budget = DEFAULT_BUDGET,
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
        "players": [
            player_summary(state, p, colours.get(p.seat, ""), names.get(p.seat, ""))
            for p in state.players
        ],
        "sectors": [
            sector_summary(state, s, report.position_of(s.hex), colours) for s in state.sectors
        ],
        "unexplored": [{"hex": [h.q, h.r], "ring": ring} for h, ring in report.unexplored],
        "battles": battle_summaries(result, odds=odds, budget=budget, seed=seed),
        "problems": [p.to_dict() for p in report.problems],
    }
