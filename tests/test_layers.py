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


def test_calc_does_not_import_the_engine() -> None:
    # DESIGN.md: blueprints <- calc <- engine <- ui. The engine fights with calc's rules; calc
    # knows nothing of games.
    code = """
import importlib, pkgutil, sys
import calc
for info in pkgutil.walk_packages(calc.__path__, prefix="calc."):
    importlib.import_module(info.name)
print(",".join(sorted(m for m in sys.modules if m.split(".")[0] in ("engine", "ui"))))
"""
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == ""
