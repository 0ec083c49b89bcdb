"""The Game page in a real browser: upload an AsyncEclipse save, see the galaxy, open one of
its battles on the Battle odds page; step through the example record."""

from __future__ import annotations

import pytest

from tests.support import REPO
from tests.ui.browser import (
    ARTIFACTS,
    BROWSER,
    no_horizontal_scroll,
    settle,
)

pytestmark = BROWSER

SAVE = REPO / "engine" / "data" / "examples" / "asynceclipse_small.json"
playwright_api = pytest.importorskip("playwright.sync_api")


def test_upload_a_save_see_the_galaxy_and_open_a_battle(server: str, browser: object) -> None:
    page = browser.new_page(viewport={"width": 1440, "height": 1100})  # type: ignore[attr-defined]
    page.goto(f"{server}/game")
    page.get_by_text("After action").first.wait_for(timeout=90_000)
    page.locator("input[type=file]").set_input_files(str(SAVE))
    page.get_by_text("AsyncEclipse save 'hand-made test'").wait_for(timeout=60_000)
    # The galaxy is drawn when its sector numbers are (SVG text of the Plotly chart). Plotly
    # draws slowly when the suite's other browser and solver tests share the two cores.
    page.wait_for_function(
        """() => [...document.querySelectorAll('[data-testid="stPlotlyChart"] text')]
               .some((t) => t.textContent.trim() === '104')""",
        timeout=150_000,
        polling=250,
    )
    settle(page, 1)
    galaxy = page.get_by_test_id("stPlotlyChart").first
    labels = [t.strip() for t in galaxy.locator("text").all_text_contents()]
    for tile in ("222", "104", "102", "226"):
        assert tile in labels, labels
    assert page.get_by_text("Battles due: 2").is_visible()
    no_horizontal_scroll(page)
    page.screenshot(path=str(ARTIFACTS / "game_asynceclipse_save.png"), full_page=True)

    page.get_by_role("button", name="Open in Battle odds").first.click()
    page.get_by_text("Battle odds", exact=True).first.wait_for(timeout=60_000)
    page.get_by_test_id("stMetric").first.wait_for(timeout=90_000)
    assert "battle=" in page.url
    # The headline comes first and the sides' editors after it: wait for the NPC side too.
    main = page.get_by_test_id("stMain")
    main.get_by_text("Ancient").first.wait_for(timeout=60_000)
    body = main.inner_text()
    assert "Blue (Eridani Empire)" in body and "Ancient" in body
    settle(page, 0)
    page.screenshot(path=str(ARTIFACTS / "game_battle_opened.png"))
    page.close()


def test_step_through_the_example_record(server: str, browser: object) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 900})  # type: ignore[attr-defined]
    page.goto(f"{server}/game")
    status = page.get_by_text("After action").first
    status.wait_for(timeout=90_000)
    last = status.inner_text()
    total = int(last.split(" of ")[1].split(".")[0])
    assert last.startswith(f"After action {total} of {total}")
    # Under load the tab can be busy drawing the galaxy for tens of seconds: wait for it.
    settle(page, 1)
    page.get_by_role("button", name="first_page").click(timeout=90_000)
    page.get_by_text(f"After action 0 of {total}").wait_for(timeout=30_000)
    assert page.get_by_text("Round 1").first.is_visible()
    for step in range(1, 4):
        page.get_by_role("button", name="chevron_right").click()
        page.get_by_text(f"After action {step} of {total}").wait_for(timeout=30_000)
    settle(page, 1)
    page.screenshot(path=str(ARTIFACTS / "game_record_step_3.png"), full_page=True)
    page.close()


def _new_dangers_position(path: object) -> None:
    """A position with every special sector: a Nebula with ships in a part, a controlled Pulsar,
    a Black Hole with two ships in it, an exploded and a whole Supernova."""
    import json
    from dataclasses import replace

    from blueprints import ShipClass
    from engine.actions.explore import place_nebula
    from engine.hexes import Hex
    from engine.modules import MODULES
    from engine.snapshot import snapshot
    from engine.state import Voyage
    from tests.engine.builders import sector, started, with_sector

    s = started("terran_directorate", "planta", "hydran_progress", modules=MODULES)
    s = place_nebula(s, Hex(0, -3), 395, 0)
    part = s.sector(Hex(0, -3, 3))
    assert part is not None
    s = s.with_sector(
        replace(part, ancients=0, ships=((0, ShipClass.INTERCEPTOR, 2),), arrivals=(0,))
    )
    s = with_sector(s, sector(Hex(1, -3), 393, rotation=0, owner=0))
    s = with_sector(s, sector(Hex(-1, -2), 396, rotation=1))
    s = with_sector(s, sector(Hex(2, -3), 397, rotation=0, exploded=True))
    s = with_sector(s, sector(Hex(-2, -1), 398, rotation=0, owner=1, cubes=[0, 1]))
    voyages = (Voyage(0, ShipClass.INTERCEPTOR, 3, Hex(-1, -2)),)
    s = replace(s, voyages=voyages)
    path.write_text(json.dumps(snapshot(s)))  # type: ignore[attr-defined]


def test_the_game_page_draws_the_new_dangers_sectors(
    server: str, browser: object, tmp_path: object
) -> None:
    position = tmp_path / "new_dangers.json"  # type: ignore[operator]
    _new_dangers_position(position)
    for width, height, name in ((1440, 1100, "desktop"), (390, 844, "phone")):
        page = browser.new_page(viewport={"width": width, "height": height})  # type: ignore[attr-defined]
        page.goto(f"{server}/game")
        page.get_by_text("After action").first.wait_for(timeout=90_000)
        page.locator("input[type=file]").set_input_files(str(position))
        page.get_by_text("position snapshot (fleetlab-position)").wait_for(timeout=90_000)
        page.wait_for_function(
            """() => [...document.querySelectorAll('[data-testid="stPlotlyChart"] text')]
                   .some((t) => t.textContent.trim() === '395c')""",
            timeout=150_000,
            polling=250,
        )
        settle(page, 1)
        galaxy = page.get_by_test_id("stPlotlyChart").first
        labels = [t.strip() for t in galaxy.locator("text").all_text_contents()]
        # The Nebula's parts, the Pulsar's spaces, the ship in the Black Hole, the explosion.
        for text in ("395a", "395b", "395c", "393", "M", "U", "B", "396", "I→r3", "exploded"):
            assert text in labels, (text, labels)
        if name == "desktop":
            no_horizontal_scroll(page)
        page.screenshot(path=str(ARTIFACTS / f"game_new_dangers_{name}.png"), full_page=True)
        page.close()


def test_the_new_dangers_example_opens(server: str, browser: object) -> None:
    page = browser.new_page(viewport={"width": 1440, "height": 1100})  # type: ignore[attr-defined]
    page.goto(f"{server}/game")
    page.get_by_text("After action").first.wait_for(timeout=90_000)
    page.get_by_test_id("stSelectbox").first.click()
    page.get_by_role("option", name="A New Dangers game: four bots, every module").click()
    page.get_by_role("button", name="Open the example").click()
    # A Nebula's parts are labelled 295a-c or 395a-c; the bots play the game when it opens.
    page.wait_for_function(
        """() => [...document.querySelectorAll('[data-testid="stPlotlyChart"] text')]
               .some((t) => /^[23]95[abc]$/.test(t.textContent.trim()))""",
        timeout=200_000,
        polling=500,
    )
    assert page.get_by_text("New Dangers game").first.is_visible()
    settle(page, 1)
    page.screenshot(path=str(ARTIFACTS / "game_new_dangers_example.png"), full_page=True)
    page.close()


def test_a_save_shows_its_tech_tray_and_an_unusable_save_is_refused(
    server: str, browser: object, tmp_path: object
) -> None:
    import json
    from pathlib import Path

    page = browser.new_page(viewport={"width": 390, "height": 844})  # type: ignore[attr-defined]
    page.goto(f"{server}/game")
    page.get_by_text("After action").first.wait_for(timeout=90_000)
    settle(page, 1)  # the tab can be busy drawing the galaxy for tens of seconds under load
    page.locator("input[type=file]").set_input_files(str(SAVE), timeout=90_000)
    page.get_by_text("AsyncEclipse save 'hand-made test'").wait_for(timeout=60_000)
    # The example game had a tray too: while the rerun draws the save, Streamlit keeps the old
    # page's elements beside the new ones, so wait for the run to end and one heading to remain.
    settle(page, 1)
    page.wait_for_function(
        """() => [...document.querySelectorAll('h1, h2, h3')]
               .filter((h) => h.textContent.trim() === 'Tech tray').length === 1""",
        timeout=60_000,
        polling=250,
    )
    tray = page.get_by_text("Tech tray", exact=True)
    tray.wait_for(timeout=60_000)
    tray.scroll_into_view_if_needed()
    settle(page, 1)
    page.screenshot(path=str(ARTIFACTS / "game_tech_tray_phone.png"), full_page=True)
    no_horizontal_scroll(page)

    data = json.loads(SAVE.read_text())
    for player in data["players"].values():
        player["name"] = "Klingons"
    nobody = Path(str(tmp_path)) / "nobody.json"
    nobody.write_text(json.dumps(data))
    page.locator("input[type=file]").set_input_files(str(nobody))
    alert = page.get_by_text("no player could be read", exact=False).first
    alert.wait_for(timeout=60_000)
    assert "'nobody.json' cannot be imported" in alert.inner_text()
    # The save opened before is still shown under the message.
    assert page.get_by_text("AsyncEclipse save 'hand-made test'").is_visible()
    alert.scroll_into_view_if_needed()
    settle(page, 0)
    page.screenshot(path=str(ARTIFACTS / "game_unusable_save_phone.png"))
    page.close()
