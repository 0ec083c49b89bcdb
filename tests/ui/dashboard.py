"""Helpers for the dashboard's AppTests: open a page, find widgets by the stable part of
their keys (``side0.count.interceptor.0`` in ``side0.count.interceptor.0#3``), open the
expanders whose content is built only while open."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from streamlit.testing.v1 import AppTest

from tests.support import REPO
from ui.battle_editor import example_battle
from ui.share import encode_battle

ODDS = REPO / "ui/views/battle_odds.py"
WHATIF = REPO / "ui/views/blueprint_whatif.py"
DESIGNER = REPO / "ui/views/fleet_designer.py"
GAME = REPO / "ui/views/game.py"
EXAMPLE = {"battle": encode_battle(example_battle())}
"""The query of a link to the upgraded example (the page itself opens on printed blueprints)."""


def open_page(path: Any, query: dict[str, str] | None = None) -> AppTest:
    """Run a page once, with query parameters if given, and check it raised nothing."""
    at = AppTest.from_file(str(path), default_timeout=120)
    for name, value in (query or {}).items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def widget(widgets: Iterable[Any], stem: str) -> Any:
    """The one widget whose key, before '#', is ``stem`` (or starts with ``stem.slotN``)."""
    found = [w for w in widgets if w.key is not None and w.key.split("#")[0] == stem]
    assert len(found) == 1, (stem, [w.key for w in widgets])
    return found[0]


def expand(at: AppTest, stem: str) -> AppTest:
    """Open the lazy expander keyed ``stem`` (before '#') and run the page again."""
    keys = [k for k in at.session_state if str(k).split("#")[0] == stem]
    if not keys:
        revision = at.session_state.get("fleetlab.revision", 0)
        keys = [f"{stem}#{revision}"]
    for key in keys:
        at.session_state[key] = True
    return rerun(at)


def metrics(at: AppTest) -> dict[str, str]:
    """Headline metrics by label."""
    return {m.label: m.value for m in at.metric}


def rerun(at: AppTest) -> AppTest:
    """Run again and check nothing was raised."""
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at
