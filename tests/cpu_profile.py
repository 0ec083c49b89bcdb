"""A pytest plugin that records the CPU time of every test, for ``benchmarks/test_costs.py``.

Wall-clock durations (``--durations``) mislead on a machine whose cores the suite shares: a test
that waits for a server looks as costly as one that computes. This plugin measures, for each
test's setup, call and teardown, the CPU seconds of the process running it
(``time.process_time``) and of the child processes reaped meanwhile (``RUSAGE_CHILDREN``: a
Streamlit server or a notebook kernel counts at the teardown that ends it), and the wall seconds.

It is off unless asked for: ``pytest -p tests.cpu_profile --cpu-profile DIR`` writes one JSON
file per process (each xdist worker its own) into ``DIR``.
"""

from __future__ import annotations

import json
import os
import resource
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

_COSTS: dict[str, dict[str, float]] = {}
_KEY = pytest.StashKey[Path]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--cpu-profile",
        metavar="DIR",
        default=None,
        help="write the CPU seconds of every test into DIR (one JSON file per process)",
    )


def pytest_configure(config: pytest.Config) -> None:
    folder = config.getoption("--cpu-profile")
    if folder:
        config.stash[_KEY] = Path(folder)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _measured(item: pytest.Item, phase: str) -> Generator[None, Any, None]:
    if _KEY not in item.config.stash:
        yield
        return
    cpu, children, wall = time.process_time(), _children_cpu(), time.perf_counter()
    yield
    entry = _COSTS.setdefault(item.nodeid, {"cpu": 0.0, "children": 0.0, "wall": 0.0})
    entry["cpu"] += time.process_time() - cpu
    entry["children"] += _children_cpu() - children
    entry["wall"] += time.perf_counter() - wall
    entry[phase] = entry.get(phase, 0.0) + time.process_time() - cpu


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, Any, Any]:
    gen = _measured(item, "setup")
    next(gen)
    try:
        return (yield)
    finally:
        next(gen, None)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, Any, Any]:
    gen = _measured(item, "call")
    next(gen)
    try:
        return (yield)
    finally:
        next(gen, None)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, Any, Any]:
    gen = _measured(item, "teardown")
    next(gen)
    try:
        return (yield)
    finally:
        next(gen, None)


def pytest_sessionfinish(session: pytest.Session) -> None:
    if _KEY not in session.config.stash:
        return
    folder = session.config.stash[_KEY]
    folder.mkdir(parents=True, exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    process = {"process_cpu": time.process_time(), "children_cpu": _children_cpu()}
    (folder / f"{worker}.json").write_text(json.dumps({"tests": _COSTS, **process}, indent=0))
