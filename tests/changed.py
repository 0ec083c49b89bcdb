"""The tests of the modules a change touches, for ``make check`` (the inner loop).

``make test`` runs everything; before that, ``make check`` runs ruff, mypy and only the tests
that state something about the files you changed:

- a changed test file runs itself;
- a changed module (``calc/rules/dice.py``) runs its own doctests and every test file that
  imports it by name (``from calc.rules.dice import ...``, ``import calc.rules.dice``,
  ``from calc.rules import dice``); a changed test helper (``tests/engine/builders.py``) runs
  the test files that import it;
- any other changed file (``engine/data/species.json``, ``docs/battle-file.md``) runs the
  test files that mention its name.

Direct importers only: ``from calc import odds`` reaches the dice through ``calc/__init__``, and
following every such path would select nearly the whole suite for a change to the rules. That is
what ``make test`` is for.

"Changed" means against the merge base with ``main`` (every commit of a branch, plus what is
not committed yet); on ``main`` itself, the uncommitted changes, or the last commit when there
are none. ``python -m tests.changed [BASE]`` prints the test paths, one per line.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("fileio", "blueprints", "calc", "engine", "cosmic", "ui", "tests")


def _git(*args: str) -> list[str]:
    out = subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return [line for line in out.splitlines() if line]


def changed_files(base: str | None = None) -> list[str]:
    """Paths (relative to the repository) changed since ``base``, as described above."""
    if base is None:
        head = _git("rev-parse", "HEAD")[0]
        try:
            merge_base = _git("merge-base", "HEAD", "main")[0]
        except subprocess.CalledProcessError:
            merge_base = head
        base = merge_base
        if merge_base == head and not _git("status", "--porcelain"):
            base = "HEAD~1"
    files = set(_git("diff", "--name-only", base))
    files |= set(_git("ls-files", "--others", "--exclude-standard"))
    return sorted(files)


def module_name(path: str) -> str | None:
    """``calc.rules.dice`` for ``calc/rules/dice.py``; None outside the packages."""
    parts = Path(path).with_suffix("").parts
    if not path.endswith(".py") or not parts or parts[0] not in PACKAGES:
        return None
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def imported_modules(source: str) -> set[str]:
    """Every module a file imports by name, ``from a.b import c`` giving ``a.b`` and ``a.b.c``
    (``c`` may be a module or a name in ``a.b``: both are kept, a name is harmless).

    >>> sorted(imported_modules("from calc.rules import dice\\nimport engine.rules as r"))
    ['calc.rules', 'calc.rules.dice', 'engine.rules']
    """
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def select(changed: Iterable[str], test_files: dict[str, str]) -> list[str]:
    """The tests to run for the ``changed`` paths, given every test file's path and text:
    test files, and the changed modules themselves for their doctests.

    >>> tests = {"tests/calc/test_dice.py": "from calc.rules.dice import roll",
    ...          "tests/calc/test_other.py": "import numpy"}
    >>> select(["calc/rules/dice.py"], tests)
    ['calc/rules/dice.py', 'tests/calc/test_dice.py']
    >>> select(["tests/calc/test_other.py", "README.md"], tests)
    ['README.md', 'tests/calc/test_other.py']
    >>> select(["blueprints/data/parts.json"], {"tests/b/test_p.py": "load('parts.json')"})
    ['tests/b/test_p.py']
    """
    imports = {path: imported_modules(text) for path, text in test_files.items()}
    chosen: set[str] = set()
    for path in changed:
        name = Path(path).name
        if path in test_files:
            chosen.add(path)
        elif path == "README.md":
            chosen.add(path)  # its examples are doctests
        elif (module := module_name(path)) is not None:
            chosen.add(path)  # the module's own doctests
            chosen.update(t for t, names in imports.items() if module in names)
        else:  # a data file, a document: the tests that name it
            chosen.update(t for t, text in test_files.items() if name in text)
    return sorted(chosen)


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    tests = {
        str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
        for p in (ROOT / "tests").rglob("test_*.py")
    }
    paths = select(changed_files(args[0] if args else None), tests)
    print("\n".join(p for p in paths if (ROOT / p).exists()))  # not the deleted ones


if __name__ == "__main__":
    main()
