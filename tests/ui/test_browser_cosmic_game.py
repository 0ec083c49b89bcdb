"""The Cosmic game page in a real browser: a bot game stepped through, its systems drawn, the
odds of one of its challenges, desktop and phone-sized viewports."""

from __future__ import annotations

import pytest

from tests.ui.browser import (
    ARTIFACTS,
    BROWSER,
    no_horizontal_scroll,
    settle,
)

pytestmark = BROWSER
playwright_api = pytest.importorskip("playwright.sync_api")


@pytest.mark.parametrize(("width", "height"), [(1366, 2200), (390, 3800)])
def test_a_bot_game_is_stepped_through(
    server: str, browser: object, width: int, height: int
) -> None:
    page = browser.new_page(viewport={"width": width, "height": height})  # type: ignore[attr-defined]
    page.goto(f"{server}/cosmic_game")
    page.get_by_text("state hashes verified").wait_for(timeout=120_000)
    won = "Game over: seat 1 (chronos), seat 3 (philanthropist) won."
    page.get_by_text(won).wait_for(timeout=60_000)
    page.get_by_test_id("stDataFrame").first.wait_for(timeout=60_000)  # the players
    page.get_by_text("Hands").wait_for(timeout=60_000)
    settle(page, 1)  # the systems figure
    chart = page.get_by_test_id("stPlotlyChart").first
    box = chart.bounding_box()
    assert box is not None and box["width"] <= width and box["height"] >= 4 * 80
    # One row of planets per system: 4 players, 5 planets each, drawn as Plotly points.
    assert chart.locator("g.trace").count() >= 1 + 4
    assert chart.get_by_text("warp").count() >= 1
    no_horizontal_scroll(page)
    chart.screenshot(path=str(ARTIFACTS / f"cosmic_systems_{width}x{height}.png"))
    page.screenshot(path=str(ARTIFACTS / f"cosmic_game_{width}x{height}.png"), full_page=True)
    # Step back with the keyboard: the slider moves to an earlier entry.
    slider = page.get_by_role("slider").first
    slider.focus()
    for _ in range(40):
        slider.press("ArrowLeft")
    page.get_by_text("Waiting for").first.wait_for(timeout=60_000)  # no longer the game's end
    settle(page, 1)
    no_horizontal_scroll(page)
    chart.screenshot(path=str(ARTIFACTS / f"cosmic_systems_earlier_{width}x{height}.png"))
