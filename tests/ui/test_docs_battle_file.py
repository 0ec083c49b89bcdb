"""docs/battle-file.md stays true: its example file is valid and the output it shows is what
``fleetlab odds`` prints for it (to the six places shown; ``stats.seconds`` excepted)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.support import REPO
from ui.cli import main

DOC = REPO / "docs" / "battle-file.md"


def _json_blocks() -> list[Any]:
    text = DOC.read_text(encoding="utf-8")
    return [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]


def _agrees(shown: Any, real: Any, path: str) -> None:
    """Every value the doc shows equals the real one (floats to the 6 places shown)."""
    if isinstance(shown, dict):
        assert isinstance(real, dict), path
        for key, value in shown.items():
            assert key in real, f"{path}.{key} is not in the output"
            _agrees(value, real[key], f"{path}.{key}")
    elif isinstance(shown, list):
        assert isinstance(real, list), path
        if path.endswith(("sides", "groups")):
            real = real[: len(shown)]  # the doc leaves later entries out
        assert len(shown) == len(real), path
        for i, (a, b) in enumerate(zip(shown, real, strict=True)):
            _agrees(a, b, f"{path}[{i}]")
    elif isinstance(shown, float):
        assert real == pytest.approx(shown, abs=5e-7), path
    else:
        assert shown == real, path


def test_the_documented_output_is_the_examples_real_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    example, shown = _json_blocks()[:2]
    path = tmp_path / "example.json"
    path.write_text(json.dumps(example), encoding="utf-8")
    assert main(["odds", str(path), "--json"]) == 0
    real = json.loads(capsys.readouterr().out)
    shown["stats"].pop("seconds")
    real["stats"].pop("seconds")
    _agrees(shown, real, "output")
