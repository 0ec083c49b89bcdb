"""The dashboard's server start: the warm-up runs once per process (or not at all when turned
off), and ``make run`` starts the server through it with the file watcher off."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.support import REPO
from ui.serve import command_line

PROBE = """
import sys, time
from ui import warmup
first = warmup.start_warmup()
second = warmup.start_warmup()
if first is not None:
    first.join(300)
loaded = "calc.exact" in sys.modules
from calc._jit import is_compiled
print(first is not None, second is None, warmup.done.is_set(), loaded and is_compiled())
"""


def probe(**env: str) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=REPO,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    assert out.stdout.split() and (not env or "warm-up done" not in out.stderr)
    return out.stdout.split()


def test_the_warm_up_runs_once_per_process_and_loads_the_solver() -> None:
    started, again_none, done, solver = probe()
    assert (started, again_none, done, solver) == ("True", "True", "True", "True")


def test_the_warm_up_can_be_turned_off() -> None:
    started, again_none, done, solver = probe(FLEETLAB_WARMUP="0")
    assert (started, again_none, done, solver) == ("False", "True", "True", "False")


def test_the_server_starts_with_the_file_watcher_off_unless_asked() -> None:
    args = command_line(["--server.port", "8600"])
    assert args[0] == "run" and args[1].endswith("app.py")
    assert "--server.fileWatcherType=none" in args
    assert (
        command_line(["--server.fileWatcherType=poll"]).count("--server.fileWatcherType=none") == 0
    )
    makefile = (REPO / "Makefile").read_text()
    run = makefile.split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "-m ui.serve" in run and "--server.fileWatcherType none" in run
