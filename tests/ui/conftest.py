"""Session fixtures of the browser tests: one Streamlit server and one Chromium per process."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator

import pytest

from tests.support import REPO
from tests.ui.browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, free_port


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The address of a dashboard started as ``make run`` starts it (the warm-up, then
    ``streamlit run app.py``), up once ``/_stcore/health`` answers; its log is
    ``artifacts/streamlit.log``."""
    port = free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    log = (ARTIFACTS / "streamlit.log").open("w")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ui.serve",
            "--server.address=127.0.0.1",
            f"--server.port={port}",
            "--server.headless=true",
            "--server.fileWatcherType=none",
            "--browser.gatherUsageStats=false",
        ],
        cwd=REPO,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:  # poll the server's own health answer
            try:
                with urllib.request.urlopen(f"{base}/_stcore/health", timeout=2) as answer:
                    if answer.read().strip() == b"ok":
                        break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"streamlit did not start; see {ARTIFACTS / 'streamlit.log'}")
            time.sleep(0.3)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's Chromium, headless, driven by Playwright."""
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()
