"""Figures as PNG files: Plotly's kaleido driving the system's Chromium.

Kaleido 1.x renders in a headless Chromium that it looks for on the ``PATH`` (or at
``BROWSER_PATH``). ``png_support`` says, without starting a browser, whether an export can
work here and if not why, so a page offers the button only where it works.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from dataclasses import dataclass

import plotly.graph_objects as go

BROWSER_NAMES = ("chromium", "chromium-browser", "google-chrome", "chrome")
PNG_WIDTH = 1000
PNG_HEIGHT = 480


@dataclass(frozen=True, slots=True)
class PngSupport:
    """Whether figures can be saved as PNG here; ``reason`` says why not, or which browser."""

    available: bool
    reason: str


def find_browser() -> str | None:
    """The Chromium kaleido will use: ``BROWSER_PATH`` if set and present, else the PATH."""
    given = os.environ.get("BROWSER_PATH")
    if given:
        return given if os.path.isfile(given) and os.access(given, os.X_OK) else None
    for name in BROWSER_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def png_support() -> PngSupport:
    """Can ``figure_png`` work on this machine?"""
    if importlib.util.find_spec("kaleido") is None:
        return PngSupport(False, "PNG export needs the kaleido package, which is not installed")
    browser = find_browser()
    if browser is None:
        return PngSupport(
            False,
            "PNG export needs Chromium (Debian: apt-get install chromium), which was not found",
        )
    return PngSupport(True, f"PNG export renders with {browser}")


RENDER_ATTEMPTS = 3
"""Tries of one render: kaleido sometimes calls into its page before the page's script has
loaded ("kaleido_scopes is not defined", a ``JavascriptError``, seen on a busy machine); a fresh
try renders."""


def figure_png(fig: go.Figure, width: int = PNG_WIDTH, height: int = PNG_HEIGHT) -> bytes:
    """The figure as PNG bytes, rendered by kaleido with the system Chromium."""
    for attempt in range(1, RENDER_ATTEMPTS + 1):
        try:
            data = fig.to_image(format="png", width=width, height=height, scale=1)
            break
        except Exception as exc:
            # kaleido's error classes live in a private module: match the page-race error by
            # name, and let every other error through at once.
            if type(exc).__name__ != "JavascriptError" or attempt == RENDER_ATTEMPTS:
                raise
    if not isinstance(data, bytes):
        raise TypeError(f"kaleido returned {type(data).__name__}, not PNG bytes")
    return data
