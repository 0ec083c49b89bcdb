"""Errors of the battle mathematics, rooted in ``ValueError``.

``BattleError`` messages name the offending value by its path in the battle file
(``sides[0].ships[1].parts[3]``) and say what would be legal.
"""

from __future__ import annotations


class BattleError(ValueError):
    """A battle the solvers cannot take: bad file, illegal fleet, impossible options."""


class BattleFileError(BattleError):
    """A battle file that does not follow ``fleetlab-battle/1``; ``path`` names the bad value."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path


class TooLargeError(BattleError):
    """The exact solver's state budget would be exceeded."""


class DesignError(BattleError):
    """A fleet-design request the designer cannot take (see ``calc.design.designer``); ``path``
    names the offending field of the request (``classes[1]``) when there is one."""

    def __init__(self, message: str, path: str = "") -> None:
        super().__init__(message)
        self.path = path
