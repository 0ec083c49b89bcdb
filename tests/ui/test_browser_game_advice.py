"""The Game page's advice in a real browser: open the example save, ask for advice, read the
cards, play the first and come back, at desktop and phone sizes (screenshots in artifacts/)."""

from __future__ import annotations

import pytest

from engine.advice import read_position
from engine.advice.advise import advise
from tests.support import REPO
from tests.ui.browser import ARTIFACTS, BROWSER, no_horizontal_scroll, settle

pytestmark = BROWSER
SAVE = REPO / "engine" / "data" / "examples" / "asynceclipse_small.json"
playwright_api = pytest.importorskip("playwright.sync_api")


@pytest.mark.parametrize(
    ("width", "height", "name"), [(1440, 1100, "desktop"), (390, 844, "phone")]
)
def test_ask_for_advice_and_play_it(
    server: str, browser: object, width: int, height: int, name: str
) -> None:
    expected = advise(read_position(SAVE), 0, think_ms=0)
    page = browser.new_page(viewport={"width": width, "height": height})  # type: ignore[attr-defined]
    page.goto(f"{server}/game")
    page.get_by_text("After action").first.wait_for(timeout=90_000)
    settle(page, 1)  # the tab can be busy drawing the galaxy for tens of seconds under load
    page.locator("input[type=file]").set_input_files(str(SAVE), timeout=90_000)
    page.get_by_text("AsyncEclipse save 'hand-made test'").wait_for(timeout=60_000)
    settle(page, 1)
    budget = page.get_by_role("spinbutton", name="Search budget (ms)")
    budget.fill("0")
    budget.press("Enter")
    playwright_api.expect(budget).to_have_value("0", timeout=60_000)
    ask = page.get_by_role("button", name="Advise Blue (Eridani Empire)")
    ask.click(timeout=60_000)
    first = page.get_by_text(f"1. {expected.actions[0].reason}")
    first.wait_for(timeout=180_000)
    page.get_by_text("Advice for Blue (Eridani Empire):").first.wait_for(timeout=30_000)
    for rank, action in enumerate(expected.actions, 1):
        assert page.get_by_text(f"{rank}. {action.reason}").is_visible()
    settle(page, 1)
    first.scroll_into_view_if_needed()
    if name == "desktop":
        no_horizontal_scroll(page)
    page.screenshot(path=str(ARTIFACTS / f"game_advice_{name}.png"), full_page=True)

    page.get_by_role("button", name="Play this").first.click()
    page.get_by_text("Advice 1 for Blue (Eridani Empire) played on").first.wait_for(timeout=60_000)
    steps = len(expected.actions[0].steps)
    page.get_by_text(f"After action {steps} of {steps}.").first.wait_for(timeout=60_000)
    settle(page, 1)
    page.screenshot(path=str(ARTIFACTS / f"game_advice_played_{name}.png"), full_page=True)
    page.get_by_role("button", name="Back to the game").click()
    page.get_by_text("Round 2, action phase, Blue (Eridani Empire) to act").first.wait_for(
        timeout=60_000
    )
    page.close()
