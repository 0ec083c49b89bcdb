"""The dashboard in a real browser: Debian's Chromium driven by Playwright.

Starts ``streamlit run app.py`` on a free port, waits for ``/_stcore/health``, edits the
battle, checks the odds shown against the calculator, follows the share link, and saves
screenshots under ``artifacts/`` (git-ignored) for a person to look at.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlencode

import pytest

from calc.battle.report import percent
from calc.sector.ladder import odds
from tests.support import REPO
from tests.ui.browser import (
    ARTIFACTS,
    BROWSER,
    metric,
    no_horizontal_scroll,
    settle,
    wait_for_metric,
    wait_for_value,
)
from ui.battle_editor import build, draft_from_file, example_battle, set_count
from ui.share import PARAM, encode_battle

pytestmark = BROWSER
playwright_api = pytest.importorskip("playwright.sync_api")


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
