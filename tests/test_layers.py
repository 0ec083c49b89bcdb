"""The layers of docs/architecture.md, checked on the source of every module.

Dependencies point one way: ``blueprints`` <- ``calc`` <- ``engine`` <- ``ui``, and
``cosmic`` <- ``ui``; ``fileio`` (reading and writing files) sits under all of them and imports
none. Nothing outside ``ui`` imports Streamlit or Plotly. No module imports a private name
(``_name``) of another project module, and other packages use calc through its faces
(``calc``, ``calc.design``...), never a module inside a subpackage. The scan reads every
``import`` statement of every file with ``ast``, at any depth (imports inside functions
count), so a lazy import cannot hide a wrong dependency; a self-test plants violations and sees
each one caught.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support import REPO

PACKAGES = ("fileio", "blueprints", "calc", "engine", "cosmic", "ui")
FORBIDDEN: dict[str, frozenset[str]] = {
    "fileio": frozenset({"blueprints", "calc", "engine", "ui", "cosmic", "streamlit", "plotly"}),
    "blueprints": frozenset({"calc", "engine", "ui", "cosmic", "streamlit", "plotly"}),
    "calc": frozenset({"engine", "ui", "cosmic", "streamlit", "plotly"}),
    "engine": frozenset({"ui", "cosmic", "streamlit", "plotly"}),
    "cosmic": frozenset({"blueprints", "calc", "engine", "ui", "streamlit", "plotly"}),
    "ui": frozenset(),
}
"""For each package, the top-level packages its modules may not import."""

FACED = ("calc",)
"""Packages that other packages use through their faces only: ``calc`` or one of its
subpackages (``calc.design``), or a top-level module (``calc.warmup``), never a module inside
a subpackage (``calc.design.evaluate``)."""


def _imports(tree: ast.AST) -> Iterator[tuple[int, str, tuple[str, ...]]]:
    """Every import of a module: (line, imported module, names taken from it)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, ()
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module, tuple(a.name for a in node.names)


def violations(root: Path) -> list[str]:
    """Every broken layer rule and every private name imported across modules, under ``root``
    (a tree with the project's package folders)."""
    found: list[str] = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            module = ".".join(path.relative_to(root).with_suffix("").parts)
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for line, imported, names in _imports(tree):
                top = imported.split(".")[0]
                where = f"{path.relative_to(root)}:{line}"
                if top in FORBIDDEN[package]:
                    found.append(f"{where}: {package} imports {imported}")
                if top in FACED and top != package and len(imported.split(".")) > 2:
                    found.append(f"{where}: {package} reaches past the face of {imported}")
                if top in PACKAGES and imported != module.removesuffix(".__init__"):
                    private = [n for n in names if n.startswith("_") and not n.startswith("__")]
                    if private:
                        found.append(f"{where}: imports private {private} from {imported}")
    return found


def test_the_project_keeps_its_layers() -> None:
    assert violations(REPO) == []


def _plant(root: Path, relative: str, source: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source, encoding="utf-8")


@pytest.mark.parametrize(
    ("relative", "source", "expected"),
    [
        ("engine/bad.py", "import ui.cli\n", "engine imports ui.cli"),
        ("blueprints/bad.py", "def f():\n    from calc import odds\n", "blueprints imports calc"),
        ("calc/deep/bad.py", "def f():\n    import streamlit\n", "calc imports streamlit"),
        ("cosmic/bad.py", "from blueprints import parts\n", "cosmic imports blueprints"),
        ("engine/priv.py", "from engine.state import _hidden\n", "imports private ['_hidden']"),
        (
            "ui/deep.py",
            "def f():\n    from calc.design.evaluate import battle_seed\n",
            "ui reaches past the face of calc.design.evaluate",
        ),
    ],
)
def test_the_scan_catches_a_planted_violation(
    tmp_path: Path, relative: str, source: str, expected: str
) -> None:
    for package in PACKAGES:
        _plant(tmp_path, f"{package}/__init__.py", "")
    _plant(tmp_path, relative, source)
    found = violations(tmp_path)
    assert len(found) == 1 and expected in found[0], found


def test_importing_the_core_loads_no_screen_library() -> None:
    # The same rule at run time: importing every core module pulls in neither library.
    code = """
import importlib, pkgutil, sys
for name in ("fileio", "blueprints", "calc", "engine", "cosmic"):
    pkg = importlib.import_module(name)
    for info in pkgutil.walk_packages(pkg.__path__, prefix=name + "."):
        importlib.import_module(info.name)
print(",".join(sorted(m for m in sys.modules if m.split(".")[0] in ("streamlit", "plotly"))))
"""
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == ""


# The engine's bridges to calc: the combat phase (fights with calc's dice, hit and targeting
# rules), the odds of a sector, the bots (calc's greedy policy; the planner's odds, the fleet it
# ranks and its battle choices), the league (its games run on calc.design's Dask runner, the one
# Dask client of the project) and the importer's summary. No other engine module imports calc:
# the rules of the action phase, upkeep and cleanup do not.
CALC_BRIDGES = (
    "engine.battle",
    "engine.battle_view",
    "engine.combat",
    "engine.importers.summary",
    "engine.league",
    "engine.players",
    "engine.planner.battle",
    "engine.planner.fleet",
    "engine.planner.odds",
    "engine.planner.war",
)


def _calc_importers() -> set[str]:
    found = set()
    for path in (REPO / "engine").rglob("*.py"):
        module = ".".join(path.relative_to(REPO).with_suffix("").parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(imported.split(".")[0] == "calc" for _, imported, _ in _imports(tree)):
            found.add(module)
    return found


def test_only_the_bridges_import_the_battle_solver() -> None:
    found = _calc_importers()
    assert found <= set(CALC_BRIDGES), sorted(found - set(CALC_BRIDGES))
    assert {"engine.battle", "engine.battle_view"} <= found  # the guard can fail
