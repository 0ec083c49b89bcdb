"""Each player's board of a game position as plain rows for the screen (no Streamlit here).

``overview_rows`` gives one row per player (storage, production, influence, colony ships,
reputation, VP once scored; with the New Dangers modules also the Minor Species tokens held and
the ships in a Black Hole); ``tech_rows`` the techs on each tech track; ``blueprint_rows`` a
player's four (or Exiles' five) blueprints with their derived stats (``ui.blueprint_tables``).
"""

from __future__ import annotations

from collections.abc import Mapping

from blueprints import tech as find_tech
from engine.board import production, upkeep_cost
from engine.enums import Resource
from engine.modules import MinorSpecies, Module
from engine.state import GameState, PlayerState
from ui.blueprint_tables import blueprint_row
from ui.galaxy import SeatStyle

TRACK_NAMES = ("military", "grid", "nano")

TOKEN_LABELS = {
    MinorSpecies.REPUTATION_VP: "1 VP per reputation tile",
    MinorSpecies.AMBASSADOR_VP: "1 VP per ambassador",
    MinorSpecies.THREE_VP: "3 VP",
    MinorSpecies.POPULATION_CUBE: "a cube on the token",
    MinorSpecies.CRUISER_DISCOUNT: "cruisers -1",
    MinorSpecies.MONOLITH_DISCOUNT: "monoliths -2",
    MinorSpecies.ORBITAL_DISCOUNT: "orbitals -1",
    MinorSpecies.DREADNOUGHT_DISCOUNT: "dreadnoughts -2",
    MinorSpecies.RESEARCH_DISCOUNT: "research -1",
}
"""How the player boards name the Minor Species tokens (by their ability)."""


def _label(player: PlayerState, styles: Mapping[int, SeatStyle]) -> str:
    style = styles.get(player.seat)
    return style.label if style is not None else f"seat {player.seat} ({player.species})"


def overview_rows(state: GameState, styles: Mapping[int, SeatStyle]) -> list[dict[str, object]]:
    """One row per player: what is in storage and what the tracks produce."""
    rows: list[dict[str, object]] = []
    for player in state.players:
        status = "eliminated" if player.eliminated else ("passed" if player.passed else "")
        if state.to_act == player.seat and not status:
            status = "to act"
        row: dict[str, object] = {
            "player": _label(player, styles),
            "money": player.money,
            "science": player.science,
            "materials": player.materials,
            "+money": production(player, Resource.MONEY),
            "+science": production(player, Resource.SCIENCE),
            "+materials": production(player, Resource.MATERIALS),
            "upkeep": upkeep_cost(player),
            "discs left": player.discs_track,
            "colony ships": f"{player.colony_ready}/{player.colony_ships}",
            "reputation tiles": len(player.reputation),
            "status": status,
        }
        if state.config.has(Module.MINOR_SPECIES):
            held = [TOKEN_LABELS[m] for m in player.minor_species]
            row["minor species"] = ", ".join(held) or "-"
        if state.config.has(Module.BLACK_HOLE):
            away = [v for v in state.voyages if v.seat == player.seat]
            row["in a black hole"] = (
                ", ".join(f"{v.ship_class.value} (back in round {v.back})" for v in away) or "-"
            )
        if state.scores is not None and player.seat < len(state.scores):
            row["VP"] = state.scores[player.seat]
        elif player.final_score is not None:
            row["VP"] = player.final_score
        rows.append(row)
    return rows


def tech_rows(player: PlayerState) -> list[dict[str, object]]:
    """The player's techs by track: track, how many, and their names in the order taken."""
    rows: list[dict[str, object]] = []
    for name, techs in zip(TRACK_NAMES, player.techs, strict=True):
        rows.append(
            {
                "track": name,
                "count": len(techs),
                "techs": ", ".join(find_tech(t).name for t in techs) or "-",
            }
        )
    return rows


def blueprint_rows(player: PlayerState) -> list[dict[str, object]]:
    """The player's blueprints with derived stats, one row per ship class."""
    return [blueprint_row(bp) for bp in player.blueprints]
