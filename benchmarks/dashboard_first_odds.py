"""First visit to a fresh dashboard server: the time to the first odds against a bare
Streamlit page, measured in one run.

Usage::

    python benchmarks/dashboard_first_odds.py [--repeat 3]

Each repetition starts fresh server processes and opens each in headless Chromium (Debian's, at
/usr/bin/chromium, started once before the clock runs):

* ``bare``: ``streamlit run`` of a page that writes a title and one metric;
* ``cold``: ``python -m ui.serve`` (what ``make run`` starts) with the warm-up turned off
  (``FLEETLAB_WARMUP=0``): the first visitor's solve does the one-time work;
* ``warm``: ``python -m ui.serve`` with the warm-up (``ui.warmup``).

Two moments of arrival are timed. *At start*: the visitor opens the page as soon as the server
answers ``/_stcore/health``; the time runs from starting the server process to the page showing
its first odds (the bare page: its metric). *Later*: the visitor arrives once the server has
settled (the warm-up's end for ``warm``, two seconds after the health check for the others);
the time runs from opening the page to the first odds. The script prints the medians and their
ratios to the bare page's (the goal: the first odds within 2x the bare page's time).

Wall-clock times swing with the machine's load, so each visit also counts CPU time: the server
process's (from ``/proc``, over the same span) and the browser tab's main thread (Chromium's
``TaskDuration`` metric, read over the DevTools protocol when the odds show). Their sum is the
work the visitor waits for, and its ratio to the bare page's holds on a busy machine too.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from ui.warmup import DONE_MESSAGE, ENVIRONMENT  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
BARE_PAGE = 'import streamlit as st\nst.title("Bare page")\nst.metric("Ready", "100%")\n'
SERVER_OPTIONS = (
    "--server.address=127.0.0.1",
    "--server.headless=true",
    "--server.fileWatcherType=none",
    "--browser.gatherUsageStats=false",
)
TIMEOUT = 180.0


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(kind: str, bare_script: Path) -> Iterator[tuple[str, subprocess.Popen[str], float]]:
    """A fresh server of ``kind`` (bare, cold, warm): its address, process and start time."""
    port = free_port()
    env = dict(os.environ)
    if kind == "bare":
        command = [sys.executable, "-m", "streamlit", "run", str(bare_script)]
    else:
        command = [sys.executable, "-m", "ui.serve"]
        env[ENVIRONMENT] = "0" if kind == "cold" else "1"
    started = time.perf_counter()
    process = subprocess.Popen(
        [*command, *SERVER_OPTIONS, f"--server.port={port}"],
        cwd=REPO,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        yield f"http://127.0.0.1:{port}", process, started
    finally:
        process.terminate()
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_healthy(base: str, process: subprocess.Popen[str]) -> None:
    """Until the server answers its health check."""
    deadline = time.perf_counter() + TIMEOUT
    while time.perf_counter() < deadline:
        try:
            with urllib.request.urlopen(f"{base}/_stcore/health", timeout=2) as answer:
                if answer.read().strip() == b"ok":
                    return
        except OSError:
            pass
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with status {process.returncode}")
        time.sleep(0.05)
    raise RuntimeError("the server did not answer its health check")


def wait_warm(process: subprocess.Popen[str]) -> None:
    """Until the warm-up prints its last line on the server's standard error."""
    assert process.stderr is not None
    for line in process.stderr:
        if line.startswith(DONE_MESSAGE):
            return
    raise RuntimeError("the server ended before its warm-up did")


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) a process has used so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True, slots=True)
class Visit:
    """One visit: wall seconds, the server's CPU seconds and the tab's over the same span."""

    wall: float
    server_cpu: float
    page_cpu: float

    @property
    def cpu(self) -> float:
        """The work the visitor waited for: server and browser tab together."""
        return self.server_cpu + self.page_cpu


def first_odds(browser: object, base: str, label: str) -> float:
    """Open the page, wait until the metric ``label`` shows a value; the tab's main-thread CPU
    seconds by then."""
    page = browser.new_page(viewport={"width": 1366, "height": 900})  # type: ignore[attr-defined]
    try:
        devtools = page.context.new_cdp_session(page)
        devtools.send("Performance.enable")
        page.goto(base)
        page.get_by_test_id("stMetric").filter(has_text=label).first.get_by_test_id(
            "stMetricValue"
        ).wait_for(timeout=TIMEOUT * 1000)
        metrics = devtools.send("Performance.getMetrics")["metrics"]
        return float(next(m["value"] for m in metrics if m["name"] == "TaskDuration"))
    finally:
        page.close()


def one_visit(browser: object, kind: str, later: bool, bare_script: Path) -> Visit:
    """One visit to a fresh server (see the module doc)."""
    label = "Ready" if kind == "bare" else "wins"
    with server(kind, bare_script) as (base, process, started):
        if later:
            wait_healthy(base, process)
            if kind == "warm":
                wait_warm(process)
            else:
                time.sleep(2.0)
            started = time.perf_counter()
        cpu_before = 0.0 if not later else process_cpu(process.pid)
        if not later:
            wait_healthy(base, process)
        page_cpu = first_odds(browser, base, label)
        wall = time.perf_counter() - started
        return Visit(wall, process_cpu(process.pid) - cpu_before, page_cpu)


def main() -> int:
    """Measure and print the medians and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    kinds = ("bare", "cold", "warm")
    visits: dict[tuple[str, bool], list[Visit]] = {(k, w): [] for k in kinds for w in (False, True)}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        bare_script = Path(tmp) / "bare.py"
        bare_script.write_text(BARE_PAGE)
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for n in range(args.repeat):
            for later in (False, True):
                for kind in kinds:  # interleaved, so a busy spell of the machine hits all three
                    visit = one_visit(browser, kind, later, bare_script)
                    visits[(kind, later)].append(visit)
                    when = "later" if later else "at start"
                    print(
                        f"run {n + 1}: {kind:>4} {when:>8}: {visit.wall:6.2f} s wall, "
                        f"{visit.server_cpu:5.2f} s server CPU + {visit.page_cpu:5.2f} s page CPU",
                        flush=True,
                    )
        browser.close()
    print()
    for later, title in ((False, "visitor at start (from the server's start)"),
                         (True, "visitor later (from opening the page)")):  # fmt: skip
        bare = visits[("bare", later)]
        wall = statistics.median(v.wall for v in bare)
        cpu = statistics.median(v.cpu for v in bare)
        print(f"{title}: bare page {wall:.2f} s wall, {cpu:.2f} s CPU")
        for kind in ("cold", "warm"):
            mine = visits[(kind, later)]
            w = statistics.median(v.wall for v in mine)
            c = statistics.median(v.cpu for v in mine)
            server_cpu = statistics.median(v.server_cpu for v in mine)
            page_cpu = statistics.median(v.page_cpu for v in mine)
            print(
                f"  {kind:>4}: first odds {w:6.2f} s wall = {w / wall:4.1f} x; "
                f"{c:5.2f} s CPU = {c / cpu:4.1f} x (server {server_cpu:.2f} s, page "
                f"{page_cpu:.2f} s)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
