"""``ui.bytecode.compile_packages``: Fleetlab's modules get their bytecode written once, even
where ``PYTHONDONTWRITEBYTECODE`` is set, and an edited module gets it written again."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from ui.bytecode import PACKAGES, compile_packages, package_folder


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A two-module package ``fleetlab_probe`` on sys.path, in a fresh folder."""
    folder = tmp_path / "fleetlab_probe"
    (folder / "inner").mkdir(parents=True)
    (folder / "__init__.py").write_text("VALUE = 1\n")
    (folder / "inner" / "__init__.py").write_text("")
    (folder / "inner" / "rule.py").write_text("def rule() -> int:\n    return 2\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)  # as PYTHONDONTWRITEBYTECODE=1 does
    importlib.invalidate_caches()
    return folder


def bytecode_of(source: Path) -> Path:
    return Path(importlib.util.cache_from_source(str(source)))


def test_it_writes_the_bytecode_of_every_module_once(package: Path) -> None:
    first = compile_packages(("fleetlab_probe",))
    assert (first.written, first.current, first.failed) == (3, 0, ())
    assert bytecode_of(package / "inner" / "rule.py").is_file()
    again = compile_packages(("fleetlab_probe",))
    assert (again.written, again.current) == (0, 3)


def test_an_edited_module_gets_new_bytecode(package: Path) -> None:
    compile_packages(("fleetlab_probe",))
    rule = package / "inner" / "rule.py"
    rule.write_text("def rule() -> int:\n    return 30\n")  # another size: stale by its header
    report = compile_packages(("fleetlab_probe",))
    assert (report.written, report.current) == (1, 2)


def test_a_folder_it_cannot_write_is_reported_not_raised(package: Path) -> None:
    (package / "inner" / "__pycache__").write_text("a file where the folder would go")
    report = compile_packages(("fleetlab_probe",))
    assert sorted(Path(f).name for f in report.failed) == ["__init__.py", "rule.py"]
    assert report.written == 1


def test_a_missing_package_is_skipped() -> None:
    assert package_folder("fleetlab_no_such_package") is None
    assert compile_packages(("fleetlab_no_such_package",)).written == 0


def test_the_project_packages_are_the_layers() -> None:
    here = Path(__file__).resolve().parents[2]
    assert all(package_folder(name) == here / name for name in PACKAGES)


@pytest.mark.parametrize(
    ("written", "failed", "said"),
    [
        (0, (), ""),
        (1, (), "wrote the bytecode of 1 module\n"),
        (3, (), "wrote the bytecode of 3 modules\n"),
        (0, ("ui/app.py",), "could not write the bytecode of 1 module (read-only folder?)"),
    ],
)
def test_warmup_says_how_many_modules_it_wrote(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    written: int,
    failed: tuple[str, ...],
    said: str,
) -> None:
    """On a warm kernel cache the command prints only what it did to the bytecode: nothing when
    every module was current, else the count with its noun in the right number."""
    import argparse

    import calc.warmup
    import ui.bytecode
    from calc.warmup import WarmupReport
    from ui.bytecode import BytecodeReport
    from ui.commands.warmup import run

    report = BytecodeReport(written=written, current=5, failed=failed)
    monkeypatch.setattr(ui.bytecode, "compile_packages", lambda: report)
    warm = WarmupReport(compiled=0, loaded=18, seconds=0.5, cache_dir="cache")
    monkeypatch.setattr(calc.warmup, "warmup", lambda progress=None: warm)
    assert run(argparse.Namespace(json=False)) == 0
    err = capsys.readouterr().err
    assert (f"fleetlab warmup: {said}" in err) if said else (err == "")
    assert "1 modules" not in err
