"""Importers of positions saved by other tools into engine ``GameState``s.

``engine.importers.asynceclipse`` reads the game JSON of the AsyncEclipse Discord bot (its parts
are the other modules here); ``engine.importers.summary`` turns an imported position into the
plain summary (players, sectors, tech tray, battles with odds, problems) that the CLI prints.
"""

from engine.importers.asynceclipse import (
    MAX_BYTES,
    ImportReport,
    ImportResult,
    SeatInfo,
    import_game,
    load_save,
    parse_save,
    problems,
)
from engine.importers.positions import orientation_rotation, position_code, position_hex
from engine.importers.problems import ImportProblem, Problem, Severity

__all__ = [
    "MAX_BYTES",
    "ImportProblem",
    "ImportReport",
    "ImportResult",
    "Problem",
    "SeatInfo",
    "Severity",
    "import_game",
    "load_save",
    "orientation_rotation",
    "parse_save",
    "position_code",
    "position_hex",
    "problems",
]
