"""The layers of DESIGN.md: rules and maths packages never import the screen libraries."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from tests.support import REPO

CORE = ["blueprints", "calc", "engine", "cosmic"]


@pytest.mark.parametrize("package", CORE)
def test_core_package_does_not_import_streamlit_or_plotly(package: str) -> None:
    code = f"""
import importlib, pkgutil, sys
import {package}
for info in pkgutil.walk_packages({package}.__path__, prefix="{package}."):
    importlib.import_module(info.name)
bad = sorted(m for m in sys.modules if m.split(".")[0] in ("streamlit", "plotly"))
print(",".join(bad))
"""
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "", f"{package} imports {out.stdout.strip()}"


def test_the_check_would_catch_an_import() -> None:
    # The guard itself must be able to fail: importing ui pulls in nothing bad, but plotly does.
    code = "import plotly, sys; print('plotly' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"


def test_dependencies_point_one_way() -> None:
    # blueprints <- calc <- engine <- ui: blueprints imports neither calc nor engine, calc does
    # not import engine.
    code = """
import importlib, pkgutil, sys
for name in ("blueprints", "calc"):
    pkg = importlib.import_module(name)
    for info in pkgutil.walk_packages(pkg.__path__, prefix=name + "."):
        importlib.import_module(info.name)
print(",".join(sorted({m.split(".")[0] for m in sys.modules} & {"engine", "ui", "cosmic"})))
"""
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == ""


# The engine's bridges to calc: the combat phase (fights with calc's dice, hit and targeting
# rules), the odds of a sector, the bots (calc's greedy policy; the planner's odds, the fleet it
# ranks and its battle choices) and the importer's summary. No other engine module imports calc:
# the rules of the action phase, upkeep and cleanup do not.
CALC_BRIDGES = (
    "engine.battle",
    "engine.battle_view",
    "engine.combat",
    "engine.importers.summary",
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
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            if any(n.split(".")[0] == "calc" for n in names):
                found.add(module)
    return found


def test_only_the_bridges_import_the_battle_solver() -> None:
    found = _calc_importers()
    assert found <= set(CALC_BRIDGES), sorted(found - set(CALC_BRIDGES))
    assert {"engine.battle", "engine.battle_view"} <= found  # the guard can fail
