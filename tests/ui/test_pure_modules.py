"""The dashboard's logic modules run without Streamlit, and their doctests hold."""

from __future__ import annotations

import doctest
import importlib
import subprocess
import sys

import pytest

from tests.support import REPO

PURE = [
    "ui.battle_editor",
    "ui.share",
    "ui.solve",
    "ui.whatif",
    "ui.results",
    "ui.figures",
    "ui.export",
    "ui.galaxy",
    "ui.game_loader",
    "ui.game_battles",
    "ui.player_boards",
    "ui.designer_form",
    "ui.blueprint_tables",
    "ui.wording",
    "ui.battle_fixes",
    "ui.game_attack",
    "ui.worker_job",
    "ui.design_job",
    "ui.design_worker",
    "ui.advice_worker",
    "ui.game_advice",
    "ui.warmup",
    "ui.serve",
    "ui.cosmic_game",
    "ui.cosmic_figures",
]


@pytest.mark.parametrize("module", PURE)
def test_logic_modules_do_not_import_streamlit(module: str) -> None:
    code = f"import sys, {module}; print('streamlit' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"


def test_the_streamlit_check_can_fail() -> None:
    code = "import sys, ui.state; print('streamlit' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "True"


@pytest.mark.parametrize("module", PURE)
def test_doctests(module: str) -> None:
    failures, _ = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert failures == 0
