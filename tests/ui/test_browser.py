"""The dashboard in a real browser: Debian's Chromium driven by Playwright.

Starts ``streamlit run app.py`` on a free port, waits for ``/_stcore/health``, edits the
battle, checks the odds shown against the calculator, follows the share link, and saves
screenshots under ``artifacts/`` (git-ignored) for a person to look at.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest

from calc.battle.report import percent
from calc.sector.ladder import odds
from tests.support import REPO
from ui.battle_editor import build, draft_from_file, example_battle, set_count
from ui.share import PARAM, encode_battle

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = REPO / "artifacts"

pytestmark = pytest.mark.skipif(
    not os.access(CHROMIUM, os.X_OK), reason="needs Debian's chromium (make browser installs it)"
)
playwright_api = pytest.importorskip("playwright.sync_api")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    port = free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    log = (ARTIFACTS / "streamlit.log").open("w")
    process = subprocess.Popen(
        [  # as `make run` starts it: the warm-up, then `streamlit run app.py`
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
        while True:
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


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def metric(page: object, label: str) -> str:
    box = page.get_by_test_id("stMetric").filter(has_text=label).first  # type: ignore[attr-defined]
    return str(box.get_by_test_id("stMetricValue").inner_text()).strip()


def wait_for_metric(page: object, label: str, value: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    seen = ""
    while time.monotonic() < deadline:
        try:
            seen = metric(page, label)
        except Exception:  # the element is being replaced by a rerun
            seen = ""
        if seen == value:
            return
        time.sleep(0.25)
    raise AssertionError(f"{label}: expected {value!r}, the page shows {seen!r}")


def wait_for_value(page: object, label: str, value: str, timeout: float = 60) -> None:
    """Wait up to ``timeout`` seconds (as ``wait_for_metric``) until the first input labelled
    ``label`` holds ``value``. The odds can show before the editors below them are drawn
    again, so an input read at once may still be the one of the page's previous run (it was,
    once, under load: "2" for the 5 interceptors whose odds were already on the page)."""
    box = page.get_by_label(label).first  # type: ignore[attr-defined]
    playwright_api.expect(box).to_have_value(value, timeout=timeout * 1000)


def settle(page: object, charts: int) -> None:
    """Wait until the page has drawn its charts and tables and stopped running."""
    page.wait_for_function(  # type: ignore[attr-defined]
        """(charts) => document.querySelectorAll('[data-testid="stPlotlyChart"] .main-svg')
               .length >= charts
           && !document.querySelector('[data-testid="stSkeleton"]')
           && !document.querySelector('[data-testid="stStatusWidget"] img')""",
        arg=charts,
        timeout=60_000,
        polling=250,  # a timer, not animation frames: those can stall while a page is busy
    )
    page.wait_for_timeout(800)  # type: ignore[attr-defined]


def no_horizontal_scroll(page: object) -> None:
    widths = page.evaluate(  # type: ignore[attr-defined]
        """() => {
            const main = document.querySelector('[data-testid="stMain"]');
            return [document.documentElement.scrollWidth, window.innerWidth,
                    main ? main.scrollWidth : 0, main ? main.clientWidth : 0];
        }"""
    )
    assert widths[0] <= widths[1] and widths[2] <= widths[3], widths


def expected_red(interceptors: int) -> str:
    battle = build(set_count(draft_from_file(example_battle()), 0, 0, interceptors)).battle
    assert battle is not None
    return percent(odds(battle).attacker_wins)


EXAMPLE_QUERY = "?" + urlencode({PARAM: encode_battle(example_battle())})
"""The upgraded example's link (the page itself opens on printed blueprints)."""


def test_edit_the_battle_and_read_the_odds(server: str, browser: object) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 768})  # type: ignore[attr-defined]
    page.goto(server)
    wait_for_metric(page, "Red wins", "53.19%")  # the printed blueprints' battle
    page.goto(server + EXAMPLE_QUERY)
    wait_for_metric(page, "Red wins", "46.92%")
    assert metric(page, "Blue wins") == "53.08%"
    settle(page, 0)
    no_horizontal_scroll(page)
    page.screenshot(path=str(ARTIFACTS / "battle_odds_1366x768.png"))

    # Downloads: the odds as JSON, and the chart as PNG rendered by kaleido with Chromium. They
    # sit below the editors, which a browser sharing both cores with the suite draws slowly.
    page.get_by_role("button", name="Results (JSON)").wait_for(timeout=150_000)
    with page.expect_download() as got:
        page.get_by_role("button", name="Results (JSON)").click()
    odds_file = json.loads(Path(got.value.path()).read_text())
    assert odds_file["format"] == "fleetlab-odds/1" and odds_file["method"] == "exact"
    with page.expect_download(timeout=60_000) as got:
        page.get_by_role("button", name="Survivors chart (PNG)").click()
    assert Path(got.value.path()).read_bytes().startswith(b"\x89PNG\r\n\x1a\n")

    count = page.get_by_label("Interceptors").first
    count.fill("5")
    count.press("Enter")
    wait_for_metric(page, "Red wins", expected_red(5))
    assert "battle=1." in page.url
    page.get_by_text("Link to this battle").click()
    shared = page.get_by_test_id("stCode").first.inner_text().strip()
    assert shared == page.url
    page.screenshot(path=str(ARTIFACTS / "battle_odds_edited.png"))

    # The address holds the battle: a new tab opens it as it was left.
    other = browser.new_page(viewport={"width": 1440, "height": 900})  # type: ignore[attr-defined]
    other.goto(page.url)
    wait_for_metric(other, "Red wins", expected_red(5))
    wait_for_value(other, "Interceptors", "5")
    no_horizontal_scroll(other)
    other.screenshot(path=str(ARTIFACTS / "battle_odds_1440x900.png"))
    other.set_viewport_size({"width": 1366, "height": 2400})
    # The chart is drawn on request (the page's heaviest piece for the browser).
    other.get_by_text("Survivors chart", exact=True).click()
    settle(other, 1)
    other.screenshot(path=str(ARTIFACTS / "battle_odds_whole_page.png"))
    other.close()
    page.close()


def test_whatif_page_ranks_upgrades(server: str, browser: object) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 2200})  # type: ignore[attr-defined]
    page.goto(f"{server}/blueprint_whatif{EXAMPLE_QUERY}")
    page.get_by_text("Best:").first.wait_for(timeout=60_000)
    assert "Electron Computer → Hull" in page.get_by_text("Best:").first.inner_text()
    settle(page, 2)
    no_horizontal_scroll(page)
    page.screenshot(path=str(ARTIFACTS / "blueprint_whatif.png"))
    page.close()


def test_artifacts_are_ignored_by_git() -> None:
    assert shutil.which("git") is not None
    found = subprocess.run(
        ["git", "check-ignore", "-q", "artifacts/battle_odds_1366x768.png"], cwd=REPO
    )
    assert found.returncode == 0
