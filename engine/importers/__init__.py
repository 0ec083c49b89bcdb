"""Importers of positions saved by other tools into engine ``GameState``s.

``engine.importers.asynceclipse`` reads the game JSON of the AsyncEclipse Discord bot;
``engine.importers.summary`` turns an imported position into the plain summary (players,
sectors, battles with odds, problems) that the CLI prints and the dashboard shows.
"""

from engine.importers.asynceclipse import (
    MAX_BYTES,
    ImportProblem,
    ImportReport,
    ImportResult,
    Problem,
    SeatInfo,
    Severity,
    import_game,
    load_save,
    orientation_rotation,
    parse_save,
    position_code,
    position_hex,
    problems,
)

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
