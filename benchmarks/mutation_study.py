"""Mutation study of the rules modules: which broken rules does no test notice?

``make mutate`` runs this script. It runs mutmut (configured in ``pyproject.toml`` under
``[tool.mutmut]``: the rules modules of calc and engine, and the tests that state rules) and
prints, per module, how many mutants the tests killed. A surviving mutant in a rules module is a
rule no test guards: read it with ``.venv/bin/mutmut show NAME`` and write the test that states
the rule.

The study runs in its own copy of the repository (``artifacts/mutation/``, the tracked files
only), so the working tree is never touched and a second run reuses the first one's results.
``--modules`` and ``--tests`` narrow a run (they replace ``only_mutate`` and the test selection
of the copy's configuration). mutmut keeps a mutant's result while its source is unchanged, even
when the tests changed: after adding tests, run with ``--fresh`` to see what they kill.

Usage::

    python benchmarks/mutation_study.py                 # every configured module
    python benchmarks/mutation_study.py --modules engine/scoring.py \
        --tests tests/engine/test_scoring.py            # one module and its tests
    python benchmarks/mutation_study.py --report-only   # the table of the last run
    python benchmarks/mutation_study.py --json artifacts/mutation.json

``--tests`` takes test paths and node ids (``file::test``); pytest options such as ``--ignore``
cannot be passed there (they start with ``-``), so list the files instead. Mutant names (to
re-run only those) go before ``--modules``/``--tests``, which take every word after them.

Runtime (measured on the project's 2-core machine while 4-5 other jobs shared it): the configured
modules give 6,486 mutants (generated in about 2 min). With the default test selection the
statistics and clean runs alone took about 14 min for the engine tests, and mutants then ran at
36 a minute at first, falling below 1 a minute for functions whole-game tests reach: the
whole study is many hours (not measured end to end), so it is a study, not part of
``make test``. One group with the tests that state its rules is quick: engine/combat.py and
engine/battle.py (2,135 mutants) with tests/engine/test_combat.py, test_battle_view.py and
test_rift_cannon.py took 20 min; calc/rules/dice.py (190) with its tests 4 min.

Memoised code: mutmut forks each mutant's test run from a process that already ran the tests, so
a warm ``functools`` cache answers with the unmutated result and every mutant beneath it
survives. Tests of memoised functions clear the cache first (``tests/calc/test_dice.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "artifacts" / "mutation"
MUTMUT = Path(sys.executable).with_name("mutmut")

# ``module.x_function__mutmut_3`` or ``module.xǁClassǁmethod__mutmut_3``.
MUTANT_LINE = re.compile(r"^\s*(?P<name>[\w.]+\.x[_ǁ][^\s:]*__mutmut_\d+):\s*(?P<status>.+?)\s*$")
KILLED = frozenset({"killed", "timeout", "segfault", "suspicious"})
"""Statuses that mean the tests noticed the mutant (mutmut counts a timeout as killed)."""


@dataclass(frozen=True, slots=True)
class ModuleScore:
    """Mutants of one module by outcome."""

    module: str
    killed: int
    survived: int
    untested: int
    """Mutants of functions no selected test calls (``no tests`` in mutmut's words)."""
    pending: int = 0
    """Mutants not run yet (``not checked``: an unfinished run); left out of the rate."""

    @property
    def total(self) -> int:
        """Mutants that were tried."""
        return self.killed + self.survived + self.untested

    @property
    def kill_rate(self) -> float:
        """Share of mutants the tests noticed (untested mutants count as survivors)."""
        return self.killed / self.total if self.total else 1.0


def module_of(mutant: str) -> str:
    """The dotted module of a mutant name (``engine.actions.build.x_apply__mutmut_2``)."""
    head, _, _ = re.split(r"\.x[_ǁ]", mutant, maxsplit=1)[0].partition(" ")
    return head


def parse_results(text: str) -> dict[str, str]:
    """Mutant name -> status from ``mutmut results --all true``."""
    out: dict[str, str] = {}
    for line in text.splitlines():
        match = MUTANT_LINE.match(line)
        if match:
            out[match["name"]] = match["status"]
    return out


def scores(statuses: dict[str, str]) -> list[ModuleScore]:
    """Per-module counts, sorted by module."""
    by_module: dict[str, Counter[str]] = defaultdict(Counter)
    for name, status in statuses.items():
        kind = (
            "killed"
            if status in KILLED
            else "untested"
            if status == "no tests"
            else "pending"
            if status == "not checked"
            else "survived"
            if status == "survived"
            else "other"
        )
        by_module[module_of(name)][kind] += 1
    return [
        ModuleScore(module, c["killed"], c["survived"] + c["other"], c["untested"], c["pending"])
        for module, c in sorted(by_module.items())
    ]


def table(rows: list[ModuleScore]) -> str:
    """The kill-rate table as text."""
    header = f"{'module':40} {'mutants':>7} {'killed':>7} {'survived':>8} {'no test':>7}"
    lines = [f"{header} {'rate':>6} {'not run':>7}"]
    for r in rows:
        lines.append(
            f"{r.module:40} {r.total:7d} {r.killed:7d} {r.survived:8d} {r.untested:7d} "
            f"{r.kill_rate:6.1%} {r.pending:7d}"
        )
    killed = sum(r.killed for r in rows)
    total = sum(r.total for r in rows)
    if total:
        lines.append(f"{'all':40} {total:7d} {killed:7d} {'':8} {'':7} {killed / total:6.1%}")
    return "\n".join(lines)


def sync_copy(work: Path) -> None:
    """Copy the tracked files into ``work`` (only those that changed, so mutmut's earlier
    results for unchanged files stay valid)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        target = work / name
        if not source.is_file():
            continue
        if target.exists():
            a, b = source.stat(), target.stat()
            if a.st_size == b.st_size and a.st_mtime_ns == b.st_mtime_ns:
                continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)


def toml_list(values: list[str]) -> str:
    """A TOML array of plain strings (JSON's string quoting is TOML's basic string)."""
    return "[" + ", ".join(json.dumps(v) for v in values) + "]"


def configure_copy(work: Path, modules: list[str], tests: list[str]) -> None:
    """Rewrite the copy's ``[tool.mutmut]`` with narrower modules or tests when asked."""
    if not modules and not tests:
        return
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    config = dict(tomllib.loads(text)["tool"]["mutmut"])
    if modules:
        config["only_mutate"] = modules
    if tests:
        config["pytest_add_cli_args_test_selection"] = tests
    head, marker, _ = text.partition("[tool.mutmut]")
    if not marker:
        raise SystemExit("pyproject.toml has no [tool.mutmut] section")
    lines = [f"{key} = {toml_list(list(value))}" for key, value in config.items()]
    (work / "pyproject.toml").write_text(head + marker + "\n" + "\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    """Run the study (or only report) and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="mutant name patterns (default: all)")
    parser.add_argument("--report-only", action="store_true", help="report the last run")
    parser.add_argument("--max-children", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", type=Path, help="also write the table as JSON here")
    parser.add_argument("--fresh", action="store_true", help="forget earlier results first")
    parser.add_argument("--modules", nargs="+", default=[], help="files to mutate (globs)")
    parser.add_argument("--tests", nargs="+", default=[], help="pytest arguments choosing tests")
    parser.add_argument("--work", type=Path, default=WORK, help="where the copy lives")
    args = parser.parse_args(argv)
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    work: Path = args.work
    if args.fresh:
        shutil.rmtree(work, ignore_errors=True)
    if not args.report_only:
        work.mkdir(parents=True, exist_ok=True)
        sync_copy(work)
        configure_copy(work, args.modules, args.tests)
        run = [str(MUTMUT), "run", "--max-children", str(args.max_children), *args.names]
        subprocess.run(run, cwd=work, env=env, check=False)
    results = subprocess.run(
        [str(MUTMUT), "results", "--all", "true"],
        cwd=work,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    statuses = parse_results(results.stdout)
    if args.names:
        patterns = [re.compile(re.escape(p).replace(r"\*", ".*")) for p in args.names]
        statuses = {n: s for n, s in statuses.items() if any(p.match(n) for p in patterns)}
    rows = scores(statuses)
    print(table(rows))
    survivors = sorted(n for n, s in statuses.items() if s not in KILLED and s != "not checked")
    if survivors:
        print(f"\n{len(survivors)} mutants no test noticed; read one with: mutmut show NAME")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        payload = {
            "modules": [
                {"module": r.module, "mutants": r.total, "killed": r.killed,
                 "survived": r.survived, "no_tests": r.untested, "kill_rate": r.kill_rate,
                 "not_run": r.pending}
                for r in rows
            ],
            "survivors": survivors,
        }  # fmt: skip
        tmp = args.json.with_suffix(args.json.suffix + ".tmp")
        tmp.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
        tmp.replace(args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
