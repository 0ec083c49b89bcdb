"""What the browser tests share: Debian's Chromium, the page waits, the screenshot folder.

The Streamlit server and the browser are session fixtures (``tests/ui/conftest.py``): one
``python -m ui.serve`` for every browser test of a pytest process, as ``make run`` starts it.
Every browser module marks its tests with :data:`BROWSER`, which skips them where Chromium is
missing and puts them in one xdist group (``--dist loadgroup``), so that one worker, and one
server, runs them all.

Waits are on the page's state, never on the clock: Streamlit's own ``data-test-script-state``
on the app root says whether the script runs, ``data-stale`` marks elements a rerun has not
drawn again yet, and two animation frames let the browser lay out a resized viewport.
"""

from __future__ import annotations

import os
import socket
import time

import pytest

from tests.support import REPO

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
PHONE = {"width": 390, "height": 844}
SLOW = 150_000  # ms: the galaxy and the first solves are slow when the suite loads both cores

BROWSER = [
    pytest.mark.skipif(
        not os.access(CHROMIUM, os.X_OK),
        reason="needs Debian's chromium (make browser installs it)",
    ),
    pytest.mark.xdist_group("browser"),
]
"""``pytestmark = BROWSER`` in every browser module."""


def free_port() -> int:
    """A TCP port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def metric(page: object, label: str) -> str:
    """The value of the ``st.metric`` labelled ``label``."""
    box = page.get_by_test_id("stMetric").filter(has_text=label).first  # type: ignore[attr-defined]
    return str(box.get_by_test_id("stMetricValue").inner_text()).strip()


def wait_for_metric(page: object, label: str, value: str, timeout: float = 60) -> None:
    """Poll (every 0.25 s, up to ``timeout`` seconds) until the metric ``label`` shows
    ``value``; the error names what the page shows instead."""
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
    from playwright.sync_api import expect

    box = page.get_by_label(label).first  # type: ignore[attr-defined]
    expect(box).to_have_value(value, timeout=timeout * 1000)


def frames(page: object, count: int = 2) -> None:
    """Wait until the browser has drawn ``count`` more frames (a resize or scroll laid out)."""
    page.evaluate(  # type: ignore[attr-defined]
        """(count) => new Promise((done) => {
               const step = (left) => left ? requestAnimationFrame(() => step(left - 1)) : done();
               step(count);
           })""",
        count,
    )


def settle(page: object, charts: int) -> None:
    """Wait until the script has stopped running, nothing on the page is stale or loading,
    and at least ``charts`` Plotly charts are drawn; then two frames, for the layout."""
    page.wait_for_function(  # type: ignore[attr-defined]
        """(charts) => {
               const app = document.querySelector('[data-testid="stApp"]');
               return app && app.getAttribute('data-test-script-state') === 'notRunning'
                   && document.querySelectorAll('[data-testid="stPlotlyChart"] .main-svg')
                          .length >= charts
                   && !document.querySelector('[data-stale="true"]')
                   && !document.querySelector('[data-testid="stSkeleton"]')
                   && !document.querySelector('[data-testid="stStatusWidget"] img');
           }""",
        arg=charts,
        timeout=60_000,
        polling=250,  # a timer, not animation frames: those can stall while a page is busy
    )
    frames(page)


def no_horizontal_scroll(page: object) -> None:
    """The page and its main column are no wider than the viewport."""
    widths = page.evaluate(  # type: ignore[attr-defined]
        """() => {
            const main = document.querySelector('[data-testid="stMain"]');
            return [document.documentElement.scrollWidth, window.innerWidth,
                    main ? main.scrollWidth : 0, main ? main.clientWidth : 0];
        }"""
    )
    assert widths[0] <= widths[1] and widths[2] <= widths[3], widths
