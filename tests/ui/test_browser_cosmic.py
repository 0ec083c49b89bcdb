"""The Cosmic Encounter page in a real browser: the odds shown, the equilibrium, a challenge file
opened (a bad one gets a message), desktop and phone-sized viewports."""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import pytest

from tests.ui.browser import (
    ARTIFACTS,
    BROWSER,
    no_horizontal_scroll,
    settle,
)

pytestmark = BROWSER
playwright_api = pytest.importorskip("playwright.sync_api")

CHALLENGE = {
    "format": "fleetlab-cosmic/1", "deck": "mayfair_1991", "you": "offense",
    "hand": ["attack:20", "attack:8", "compromise"], "ships": {"offense": 4, "defense": 2},
    "allies": {"offense": [{"ships": 1, "power": "macron", "name": "red"}],
               "defense": [{"ships": 3, "name": "blue"}]},
    "opponent_hand_size": 7, "opponent": "equilibrium",
}  # fmt: skip


def choose(page: object, label: str, option: str) -> None:
    """Pick an option of a Streamlit select box by its label."""
    box = page.get_by_test_id("stSelectbox").filter(has_text=label).first  # type: ignore[attr-defined]
    box.click()
    page.get_by_role("option", name=option, exact=True).click()  # type: ignore[attr-defined]


def test_the_cosmic_page_odds_equilibrium_and_files(
    server: str, browser: object, tmp_path: Path
) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 2600})  # type: ignore[attr-defined]
    page.goto(f"{server}/cosmic_encounter")
    page.get_by_text("Best card: attack:12").wait_for(timeout=90_000)
    settle(page, 1)
    # The odds shown are the exact ones: 16 against 5 + its card wins unless it holds 11+,
    # C(48,7)/C(69,7) = 6.8%: the chart's label of the attack:12 bar.
    label = f"{100 * comb(48, 7) / comb(69, 7):.1f}%"
    chart = page.get_by_test_id("stPlotlyChart").first
    assert label in chart.inner_text()
    no_horizontal_scroll(page)
    page.screenshot(path=str(ARTIFACTS / "cosmic_1366x2600.png"), full_page=True)

    choose(page, "Opponent model", "equilibrium")
    page.get_by_text("Equilibrium:").wait_for(timeout=90_000)
    settle(page, 1)
    text = page.get_by_test_id("stMarkdown").filter(has_text="Equilibrium:").first.inner_text()
    assert "play attack:12" in text and "guarantees" in text
    page.screenshot(path=str(ARTIFACTS / "cosmic_equilibrium.png"), full_page=True)

    page.get_by_text("Challenge file: open one, or save these inputs").click()
    bad = tmp_path / "deep.json"
    bad.write_text("[" * 50_000 + "]" * 50_000, encoding="utf-8")
    page.locator("input[type=file]").set_input_files(str(bad))
    page.get_by_text("nested deeper than 32").wait_for(timeout=60_000)
    good = tmp_path / "challenge.json"
    good.write_text(json.dumps(CHALLENGE), encoding="utf-8")
    page.locator("input[type=file]").set_input_files(str(good))
    page.get_by_text("Showing the challenge of the file").wait_for(timeout=90_000)
    page.get_by_text("Equilibrium:").wait_for(timeout=90_000)
    page.get_by_text("red", exact=True).first.wait_for(state="attached", timeout=60_000)  # allies
    settle(page, 1)
    page.screenshot(path=str(ARTIFACTS / "cosmic_file.png"), full_page=True)
    page.close()


def test_the_cosmic_page_on_a_phone(server: str, browser: object) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 3800})  # type: ignore[attr-defined]
    page.goto(f"{server}/cosmic_encounter")
    page.get_by_text("Best card: attack:12").wait_for(timeout=90_000)
    settle(page, 1)
    no_horizontal_scroll(page)
    page.screenshot(path=str(ARTIFACTS / "cosmic_390x3800.png"), full_page=True)
    page.close()
