"""The mutation study's reading of mutmut's results (benchmarks/mutation_study.py)."""

from __future__ import annotations

import tomllib

from benchmarks.mutation_study import ModuleScore, module_of, parse_results, scores, table
from tests.support import REPO

RESULTS = """\
    engine.actions.build.x_legal_build__mutmut_1: killed
    engine.actions.build.x_legal_build__mutmut_2: survived
    engine.actions.build.xǁBuildǁ__str____mutmut_1: no tests
    calc.rules.reputation.x_tiles_drawn__mutmut_7: timeout
    calc.rules.reputation.x_tiles_drawn__mutmut_8: not checked
some other line mutmut prints
"""


def test_results_are_read_by_mutant_and_module() -> None:
    statuses = parse_results(RESULTS)
    assert len(statuses) == 5
    assert module_of("engine.actions.build.xǁBuildǁ__str____mutmut_1") == "engine.actions.build"
    rows = {r.module: r for r in scores(statuses)}
    assert rows["engine.actions.build"] == ModuleScore("engine.actions.build", 1, 1, 1)
    assert rows["engine.actions.build"].kill_rate == 1 / 3  # untested counts against
    assert rows["calc.rules.reputation"].kill_rate == 1.0  # a timeout is a kill, ...
    assert rows["calc.rules.reputation"].pending == 1  # ... and one not run yet is left out
    last = table(list(rows.values())).splitlines()[-1].split()
    assert last[0] == "all" and last[1:3] == ["4", "2"] and last[-1] == "50.0%"


def test_the_configured_modules_exist() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["mutmut"]
    for pattern in config["only_mutate"]:
        assert list(REPO.glob(pattern)), pattern
