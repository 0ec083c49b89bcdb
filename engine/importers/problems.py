"""What an importer could not take as written: problems, their severity and the log of them.

A ``Problem`` names the JSON path of the value (``players.<id>.nano_tech[1]``, ``board.101``;
``$`` is the whole document), what is wrong (quoting the value) and what was done instead. Its
``severity`` sorts the list for a reader:

- ``loss``: information a user would want did not make it into the position (a player, a
  sector, ships, techs, a blueprint part, damage, a module Fleetlab does not model);
- ``note``: routine, nothing of the position is lost (a number written as a string, a save from
  before the bot kept its discovery bag, a duplicate kept once).

``ProblemLog`` collects them. Problems of one kind met item by item (four unknown codes in one
list, three players without a colour) are reported once, as one problem at the path of the list
or object that holds them, naming each item; a kind met once keeps its own path. In strict mode
the log raises ``ImportProblem`` at the first problem instead.

>>> log = ProblemLog(strict=False)
>>> for i, code in enumerate(["avl", "ion"]):
...     log.add(f"tech_deck[{i}]", f"unknown tech code {code!r}", "left out",
...             group=("tech_deck", "unknown tech codes"), item=f"[{i}] {code!r}")
>>> [str(p) for p in log.finished()]
["tech_deck: 2 unknown tech codes: [0] 'avl', [1] 'ion'; left out"]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.errors import EngineError

ROOT = "$"
"""The path of the whole document."""

GROUP_ITEMS_SHOWN = 8
"""How many items a grouped problem names before it says how many more there are."""


class Severity(StrEnum):
    """How much a problem costs the imported position (see the module docstring)."""

    LOSS = "loss"
    NOTE = "note"


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing in the save that could not be imported as written.

    ``path`` is where in the JSON (``board.101.orientation``; ``$`` is the whole document),
    ``message`` what is wrong (quoting the value), ``action`` what the importer did instead and
    ``severity`` whether information was lost (``loss``) or this is a routine ``note``.
    """

    path: str
    message: str
    action: str
    severity: Severity = Severity.LOSS

    def __str__(self) -> str:
        return f"{self.path}: {self.message}; {self.action}"

    def to_dict(self) -> dict[str, str]:
        """The JSON form: path, message, action, severity."""
        return {
            "path": self.path,
            "message": self.message,
            "action": self.action,
            "severity": self.severity.value,
        }


class ImportProblem(EngineError):  # noqa: N818 - the name DESIGN.md gives
    """A save that cannot be imported, or any problem in strict mode.

    ``problem`` is the one that stopped the import (with its path); ``problems`` every problem
    met up to then (the stopping one last), so a refusal can still show the whole story.
    """

    def __init__(self, problem: Problem, problems: tuple[Problem, ...] = ()) -> None:
        super().__init__(str(problem))
        self.problem = problem
        self.problems = problems or (problem,)

    @property
    def path(self) -> str:
        """The JSON path of the offending value."""
        return self.problem.path


@dataclass(slots=True)
class _Group:
    path: str
    what: str
    members: list[tuple[Problem, str]] = field(default_factory=list)


class ProblemLog:
    """The problems of one import, in the order met; strict mode raises at the first."""

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self._entries: list[Problem | _Group] = []
        self._groups: dict[tuple[str, str], _Group] = {}

    def add(
        self,
        path: str,
        message: str,
        action: str,
        severity: Severity = Severity.LOSS,
        *,
        group: tuple[str, str] | None = None,
        item: str | None = None,
    ) -> None:
        """Record a problem (strict: raise it).

        ``group`` is ``(path of the holder, what the items are)``: problems with the same group
        become one problem at the holder's path that names each ``item`` (default: the
        problem's own path and message), when there is more than one of them.
        """
        found = Problem(path, message, action, severity)
        if self.strict:
            raise ImportProblem(found, (*self.finished(), found))
        if group is None:
            self._entries.append(found)
            return
        holder = self._groups.get(group)
        if holder is None:
            holder = self._groups[group] = _Group(*group)
            self._entries.append(holder)
        holder.members.append((found, item if item is not None else f"{path}: {message}"))

    def __bool__(self) -> bool:
        return bool(self._entries)

    def finished(self) -> tuple[Problem, ...]:
        """Every problem, groups of several merged into one."""
        return tuple(_merged(e) if isinstance(e, _Group) else e for e in self._entries)


def _merged(group: _Group) -> Problem:
    if len(group.members) == 1:
        return group.members[0][0]
    problems = [p for p, _ in group.members]
    items = [item for _, item in group.members]
    shown = ", ".join(items[:GROUP_ITEMS_SHOWN])
    if len(items) > GROUP_ITEMS_SHOWN:
        shown += f" and {len(items) - GROUP_ITEMS_SHOWN} more"
    actions = {p.action for p in problems}
    action = problems[0].action if len(actions) == 1 else "; ".join(sorted(actions))
    severity = (
        Severity.LOSS if any(p.severity is Severity.LOSS for p in problems) else Severity.NOTE
    )
    return Problem(group.path, f"{len(items)} {group.what}: {shown}", action, severity)
