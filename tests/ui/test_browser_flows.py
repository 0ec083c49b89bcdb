"""The flows the dashboard issue names, in a real browser against ``python -m ui.serve``
(Debian's Chromium driven by Playwright): a population attack opened from the Game page, the
fleet designer's search with its progress, Cancel and a design put into the battle, Back and
Forward through the battle's history, "what if I attack" from a save, and the odds kept in view
on a phone. Screenshots go to ``artifacts/`` (git-ignored) for a person to look at, on desktop
and phone-sized viewports.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from calc import odds, percent
from tests.support import REPO
from tests.ui.browser import (
    ARTIFACTS,
    BROWSER,
    PHONE,
    SLOW,
    frames,
    metric,
    no_horizontal_scroll,
    settle,
    wait_for_metric,
    wait_for_value,
)
from tests.ui.test_app_game import population_attack_position
from ui.battle_editor import build, draft_from_file, printed_battle, set_count

pytestmark = BROWSER
playwright_api = pytest.importorskip("playwright.sync_api")

SAVE = REPO / "engine" / "data" / "examples" / "asynceclipse_small.json"
DESKTOP = {"width": 1366, "height": 900}


def _cmdline(pid: int) -> str:
    try:
        return (Path("/proc") / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def _parent(pid: int) -> int:
    try:
        stat = (Path("/proc") / str(pid) / "stat").read_text()
    except OSError:
        return 0
    return int(stat.rsplit(")", 1)[1].split()[1])  # the field after the state


def freeze_design_search(server: str, timeout: float = 60) -> int:
    """Stop (SIGSTOP) the design search that the dashboard at ``server`` started: its worker
    process and the pool it forked, one process group. Returns the group id. A frozen search
    cannot finish while the test reaches for the Cancel button, however loaded the machine
    (an unfrozen search of 5,454 designs ended in about 6 s and once beat the click in CI)."""
    port = f"--server.port={urlsplit(server).port}"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit() or "ui.design_worker" not in _cmdline(int(entry.name)):
                continue
            ancestor = _parent(int(entry.name))
            while ancestor > 1 and port not in _cmdline(ancestor):
                ancestor = _parent(ancestor)
            if ancestor > 1:  # this server's worker, not another test module's
                group = os.getpgid(int(entry.name))
                os.killpg(group, signal.SIGSTOP)
                return group
        time.sleep(0.2)
    raise AssertionError(f"no design search is running under the server at {server}")


def printed_red(interceptors: int) -> str:
    battle = build(set_count(draft_from_file(printed_battle()), 0, 0, interceptors)).battle
    assert battle is not None
    return percent(odds(battle).attacker_wins)


def set_interceptors(page: object, n: int) -> None:
    count = page.get_by_label("Interceptors").first  # type: ignore[attr-defined]
    count.fill(str(n))
    count.press("Enter")


def test_back_and_forward_restore_the_battle(server: str, browser: object) -> None:
    page = browser.new_page(viewport=DESKTOP)  # type: ignore[attr-defined]
    page.goto(server)
    wait_for_metric(page, "Red wins", printed_red(3), timeout=SLOW / 1000)
    settle(page, 0)  # the first run over (the odds show before the editors are drawn)
    first = page.url
    set_interceptors(page, 5)
    wait_for_metric(page, "Red wins", printed_red(5))
    page.wait_for_function("(u) => location.href !== u", arg=first, timeout=30_000)
    set_interceptors(page, 6)
    wait_for_metric(page, "Red wins", printed_red(6))
    page.go_back()
    wait_for_metric(page, "Red wins", printed_red(5))
    wait_for_value(page, "Interceptors", "5")
    page.go_back()
    wait_for_metric(page, "Red wins", printed_red(3))
    wait_for_value(page, "Interceptors", "3")
    page.go_forward()
    wait_for_metric(page, "Red wins", printed_red(5))
    wait_for_value(page, "Interceptors", "5")
    settle(page, 0)
    page.screenshot(path=str(ARTIFACTS / "flow_back_forward.png"))
    page.close()


def test_the_odds_stay_in_view_while_editing_on_a_phone(server: str, browser: object) -> None:
    page = browser.new_page(viewport=PHONE)  # type: ignore[attr-defined]
    page.goto(server)
    wait_for_metric(page, "Red wins", printed_red(3), timeout=SLOW / 1000)
    settle(page, 0)
    no_horizontal_scroll(page)
    page.screenshot(path=str(ARTIFACTS / "phone_odds_top.png"))
    # Scroll to Blue's ship counts, the last side's input, and edit one there.
    blue = page.get_by_text("Blue · defender").first
    blue.scroll_into_view_if_needed()
    page.get_by_label("Cruisers").nth(1).scroll_into_view_if_needed()
    summary = page.locator(".st-key-odds-summary")
    box = summary.bounding_box()
    assert box is not None and 0 <= box["y"] <= 120, box  # stuck under Streamlit's header
    assert "Red 53.19% · Blue 46.81%" in summary.inner_text()
    cruisers = page.get_by_label("Cruisers").nth(1)
    cruisers.fill("2")
    cruisers.press("Enter")
    page.wait_for_function(
        """(old) => { const s = document.querySelector('.st-key-odds-summary');
                      return s && s.innerText.includes('Red') && !s.innerText.includes(old); }""",
        arg="Red 53.19%",
        timeout=60_000,
    )
    box = summary.bounding_box()
    assert box is not None and 0 <= box["y"] <= 120, box
    settle(page, 0)
    page.screenshot(path=str(ARTIFACTS / "phone_odds_editing_blue.png"))
    # The survivors chart, on request: its toolbar sits above the panel titles.
    chart = page.get_by_text("Survivors chart", exact=True)
    chart.scroll_into_view_if_needed()
    chart.click()
    settle(page, 1)
    plot = page.get_by_test_id("stPlotlyChart").first
    plot.scroll_into_view_if_needed()
    plot.hover()
    page.locator(".modebar").first.wait_for(state="visible")
    bar = page.locator(".modebar").first.bounding_box()
    titles = [t.bounding_box() for t in plot.locator(".annotation-text").all()]
    assert (
        bar is not None
        and titles
        and all(t is not None and t["y"] >= bar["y"] + bar["height"] for t in titles)
    ), (bar, titles)
    page.screenshot(path=str(ARTIFACTS / "phone_survivors_chart.png"))
    page.close()


def test_a_population_attack_from_the_game_page_solves(
    server: str, browser: object, tmp_path: Path
) -> None:
    position = tmp_path / "attack.json"
    position.write_bytes(population_attack_position())
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = browser.new_page(viewport=viewport)  # type: ignore[attr-defined]
        page.goto(f"{server}/game")
        page.get_by_text("After action").first.wait_for(timeout=SLOW)
        settle(page, 1)  # the galaxy drawn: under load the tab is busy with it for a while
        if name == "phone":
            page.get_by_test_id("stExpandSidebarButton").click()
        page.locator("input[type=file]").set_input_files(str(position), timeout=90_000)
        page.get_by_text("position snapshot (fleetlab-position) 'attack.json'").wait_for(
            timeout=SLOW
        )
        if name == "phone":
            page.get_by_test_id("stSidebarCollapseButton").first.click()
        assert page.get_by_text("'s population").first.is_visible()
        page.get_by_role("button", name="Open in Battle odds").first.click()
        cubes = page.get_by_test_id("stMetric").filter(has_text="Cubes destroyed").first
        cubes.wait_for(timeout=SLOW)
        body = page.get_by_test_id("stMain").inner_text()
        assert "cannot be solved" not in body
        value = metric(page, "Cubes destroyed")
        assert " of " in value, value
        settle(page, 0)
        if name == "phone":
            no_horizontal_scroll(page)
        page.screenshot(path=str(ARTIFACTS / f"flow_population_attack_{name}.png"))
        page.close()


def test_what_if_i_attack_from_a_save(server: str, browser: object) -> None:
    page = browser.new_page(viewport={"width": 1440, "height": 1400})  # type: ignore[attr-defined]
    page.goto(f"{server}/game")
    page.get_by_text("After action").first.wait_for(timeout=SLOW)
    settle(page, 1)  # the tab can be busy drawing the galaxy for tens of seconds under load
    page.locator("input[type=file]").set_input_files(str(SAVE), timeout=90_000)
    page.get_by_text("AsyncEclipse save 'hand-made test'").wait_for(timeout=60_000)
    # The panel is drawn again while the page settles: wait for it rather than hold an element
    # (scrolling a held element failed with "not attached to the DOM"); clicks scroll by
    # themselves and the screenshot is of the full page.
    page.get_by_text("What if I attack?").first.wait_for(timeout=60_000)
    page.get_by_text("1 interceptor in sector 222").first.wait_for(timeout=60_000)
    page.get_by_text("2 interceptors, 1 cruiser against 2 Ancients").first.wait_for(timeout=60_000)
    settle(page, 1)
    page.screenshot(path=str(ARTIFACTS / "flow_attack_planner.png"), full_page=True)
    page.get_by_role("button", name="Open this attack in Battle odds").click()
    page.get_by_test_id("stMetric").filter(has_text="Blue (Eridani Empire) wins").first.wait_for(
        timeout=SLOW
    )
    wait_for_value(page, "Interceptors", "2")
    settle(page, 0)
    page.screenshot(path=str(ARTIFACTS / "flow_attack_opened.png"))
    page.close()


def test_the_designer_searches_off_the_page_and_puts_a_design_in_the_battle(
    server: str, browser: object
) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 1400})  # type: ignore[attr-defined]
    page.goto(f"{server}/fleet_designer")
    page.get_by_text("designs to weigh").first.wait_for(timeout=SLOW)
    # A big search first: it shows its progress and stops on Cancel.
    budget = page.get_by_role("spinbutton", name="Materials to spend")
    budget.fill("16")
    budget.press("Enter")
    upgrades = page.get_by_role("spinbutton", name="Upgrade activations")
    upgrades.fill("3")  # 27,564 designs, about 25 s on two idle cores: time to freeze it
    upgrades.press("Enter")
    page.get_by_text("27,564 designs to weigh").first.wait_for(timeout=60_000)
    page.get_by_role("button", name="Find the best designs").click()
    page.get_by_text("Searching the designs").first.wait_for(timeout=60_000)
    group = freeze_design_search(server)  # so it cannot end before the click lands
    page.screenshot(path=str(ARTIFACTS / "flow_designer_searching.png"))
    # One click stops it: the Cancel button sits outside the progress that redraws twice a
    # second, so no redraw can swallow the click; a stopped search is woken to take the stop.
    page.get_by_role("button", name="Cancel").click(timeout=20_000)
    page.get_by_text("Press the button to search.").wait_for(timeout=60_000)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # the worker and its pool are gone, not left stopped
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            break
        time.sleep(0.2)
    else:
        raise AssertionError(f"the cancelled search's process group {group} is still there")
    page.screenshot(path=str(ARTIFACTS / "flow_designer_cancelled.png"))
    # A small one to the end.
    budget.fill("3")
    budget.press("Enter")
    upgrades.fill("1")
    upgrades.press("Enter")
    page.get_by_text("50 designs to weigh").first.wait_for(timeout=60_000)
    page.get_by_role("button", name="Find the best designs").click()
    first = page.get_by_text("#1 · P(win)").first
    first.wait_for(timeout=SLOW)
    text = page.get_by_test_id("stMain").inner_text()
    assert "interceptors (1 new): " in text and "_" not in first.inner_text()
    settle(page, 1)
    no_horizontal_scroll(page)
    page.screenshot(path=str(ARTIFACTS / "flow_designer_results.png"), full_page=True)
    page.set_viewport_size(PHONE)
    frames(page)
    no_horizontal_scroll(page)
    first.scroll_into_view_if_needed()  # the first design's card, as a phone shows it
    frames(page)
    page.screenshot(path=str(ARTIFACTS / "flow_designer_results_phone.png"))
    page.set_viewport_size({"width": 1366, "height": 1400})
    page.get_by_role("button", name="Put design 1 into the battle").click()
    # The battle is now another (Red's ships are the design's), so its search has not been run:
    # wait for that before leaving, or the page switch can overtake the click (it did, once,
    # under load: the odds page still had Red's 3 interceptors).
    page.get_by_text("Press the button to search.").wait_for(timeout=60_000)
    page.get_by_role("link", name="Battle odds").first.click()
    page.get_by_test_id("stMetric").filter(has_text="Red wins").first.wait_for(timeout=SLOW)
    wait_for_value(page, "Interceptors", "4")
    page.close()
