"""The tech tray of a game position as table rows for the Game page (no Streamlit here).

>>> from engine.setup import new_game
>>> from engine.state import GameConfig
>>> tray_rows(new_game(GameConfig(("terran_directorate", "planta"))))
[]
"""

from __future__ import annotations

from blueprints import tech as find_tech
from engine.state import GameState
from engine.tech_supply import tech_order


def tray_rows(state: GameState) -> list[dict[str, object]]:
    """One row per tech with tiles in the tray: track, name, tiles, cost and least cost (before
    a player's discounts)."""
    rows: list[dict[str, object]] = []
    for tech_id, tiles in zip(tech_order(), state.tech_tray, strict=True):
        if not tiles:
            continue
        found = find_tech(tech_id)
        rows.append(
            {
                "track": found.category.value,
                "tech": found.name,
                "tiles": tiles,
                "cost": found.cost,
                "least cost": found.min_cost,
            }
        )
    return rows
