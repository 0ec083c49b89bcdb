"""The Rift Cannon module (New Dangers text 001) in a whole game: drawn, researched, fitted,
fired."""

from __future__ import annotations

from blueprints import DieColour, ShipClass
from engine.decisions import VolleyRoll
from engine.hexes import Hex
from engine.modules import Module
from engine.state import GameState
from engine.tech_supply import tech_index
from tests.engine.builders import answers, do, edit, sector, started, to_combat, with_sector

FAR = Hex(3, -3)


def rift_game() -> GameState:
    s = started("terran_directorate", "planta", modules=(Module.RIFT_CANNON,), tray=["rift_cannon"])
    assert s.config.rift_cannon and s.tech_tray[tech_index("rift_cannon")] == 1
    return edit(s, 0, science=20)


def test_the_rift_cannon_is_researched_fitted_and_rolls_rift_dice() -> None:
    s = do(rift_game(), "action research")
    # A rare tech may go on any track; 9 science less the military track's discount (1 tech).
    assert {"research rift_cannon military", "research rift_cannon grid"} <= answers(s)
    s = do(s, "research rift_cannon military", "end", "pass", "action upgrade")
    assert "place_part cruiser 1 rift_cannon" in answers(s)  # over the ion cannon
    s = do(s, "place_part cruiser 1 rift_cannon", "end")
    cruiser = s.players[0].blueprint(ShipClass.CRUISER)
    assert cruiser.stats.rift_dice == 1 and cruiser.stats.cannons.pink == 1
    # The cruiser meets a Planta interceptor: its volley is a rift die (faces as calc orders them).
    s = with_sector(s, sector(FAR, 102, ships=[(1, "interceptor", 1), (0, "cruiser", 1)]))
    s = to_combat(s)
    for _ in range(5):  # the interceptor (initiative 3) fires first: it misses
        d = s.decision
        if isinstance(d, VolleyRoll) and d.dice[0][0] is DieColour.PINK:
            break
        s = do(s, "roll yellow 1")
    assert {f"roll pink {f}" for f in range(1, 7)} == answers(s)


def test_without_the_module_there_is_no_rift_cannon() -> None:
    plain = started("terran_directorate", "planta")
    assert (
        plain.tech_bag[tech_index("rift_cannon")] == 0 == plain.tech_tray[tech_index("rift_cannon")]
    )
