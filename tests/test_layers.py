"""The layers of DESIGN.md: rules and maths packages never import the screen libraries."""

from __future__ import annotations

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


# The engine's bridges to the battle solver: everything else in engine/ is rules code that must
# not depend on calc (battles are resolved through these modules only).
CALC_BRIDGES = ("engine.battle_view", "engine.importers.summary")


def test_engine_rules_do_not_use_the_battle_solver() -> None:
    code = f"""
import importlib, pkgutil, sys
import engine
bridges = {CALC_BRIDGES!r}
for info in pkgutil.walk_packages(engine.__path__, prefix="engine."):
    if info.name not in bridges:
        importlib.import_module(info.name)
print(",".join(sorted(m for m in sys.modules if m.split(".")[0] == "calc")))
"""
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == ""


def test_the_bridges_do_use_the_solver() -> None:
    # The guard can fail: importing a bridge pulls calc in.
    code = f"import {CALC_BRIDGES[0]}, sys; print('calc' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "True"
