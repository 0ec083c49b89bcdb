"""The cosmic package's shape: no attribute hides a submodule, no private name crosses a module,
no two modules import each other (directly or round a cycle), imports in functions included."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import cosmic
from tests.support import REPO

COSMIC = REPO / "cosmic"


def _modules() -> list[str]:
    return sorted(info.name for info in pkgutil.iter_modules(cosmic.__path__))


def test_no_package_attribute_hides_a_submodule() -> None:
    for name in _modules():
        module = importlib.import_module(f"cosmic.{name}")
        assert getattr(cosmic, name) is module, f"cosmic.{name} is not the submodule"


def _imports(path: Path) -> list[tuple[str, list[str]]]:
    """``(module, names)`` of every ``import`` and ``from ... import`` in a file, at any depth."""
    out: list[tuple[str, list[str]]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.append((node.module, [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            out.extend((a.name, []) for a in node.names)
    return out


def test_no_private_name_is_imported_from_another_module() -> None:
    files = [
        *COSMIC.glob("*.py"),
        *(REPO / "ui").rglob("*.py"),
        *(REPO / "benchmarks").glob("*.py"),
    ]
    for path in files:
        for module, names in _imports(path):
            if module.startswith("cosmic"):
                private = [n for n in names if n.startswith("_")]
                assert not private, f"{path.relative_to(REPO)} imports {private} from {module}"


def _graph(folder: Path) -> dict[str, set[str]]:
    """Which cosmic modules each module of ``folder`` imports (at any depth in the file)."""
    names = sorted(p.stem for p in folder.glob("*.py") if p.stem != "__init__")
    graph: dict[str, set[str]] = {}
    for name in names:
        deps = set()
        for module, _ in _imports(folder / f"{name}.py"):
            if module == "cosmic":
                raise AssertionError(f"cosmic.{name} imports the package face, not a submodule")
            if module.startswith("cosmic."):
                deps.add(module.split(".")[1])
        graph[name] = deps - {name}
    return graph


def _check_acyclic(graph: dict[str, set[str]]) -> None:
    done: set[str] = set()

    def visit(node: str, stack: list[str]) -> None:
        if node in stack:
            raise AssertionError(f"import cycle: {' -> '.join([*stack, node])}")
        if node in done:
            return
        for dep in sorted(graph.get(node, ())):
            visit(dep, [*stack, node])
        done.add(node)

    for node in graph:
        visit(node, [])


def test_the_modules_import_one_way() -> None:
    _check_acyclic(_graph(COSMIC))


def test_the_cycle_check_would_catch_a_cycle(tmp_path: Path) -> None:
    # The guard can fail: a planted pair of modules importing each other inside functions, as
    # cosmic.mutant and cosmic.odds did.
    (tmp_path / "a.py").write_text("def f():\n    from cosmic.b import g\n")
    (tmp_path / "b.py").write_text("import os\n\ndef g():\n    from cosmic.a import f\n")
    import pytest

    with pytest.raises(AssertionError, match="import cycle: a -> b -> a"):
        _check_acyclic(_graph(tmp_path))
