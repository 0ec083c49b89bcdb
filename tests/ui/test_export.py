"""PNG export: kaleido with the system Chromium, and an honest answer where it cannot work."""

from __future__ import annotations

import shutil

import plotly.graph_objects as go
import pytest

from ui.export import figure_png, find_browser, png_support


def test_without_a_browser_png_export_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    monkeypatch.delenv("BROWSER_PATH", raising=False)
    support = png_support()
    assert not support.available
    assert "Chromium" in support.reason
    monkeypatch.setenv("BROWSER_PATH", "/nonexistent/chromium")
    assert find_browser() is None


@pytest.mark.skipif(
    shutil.which("chromium") is None, reason="needs Debian's chromium (make browser)"
)
def test_png_renders_with_the_system_chromium() -> None:
    support = png_support()
    assert support.available, support.reason
    png = figure_png(go.Figure(go.Bar(x=["a", "b"], y=[1, 2])), width=320, height=200)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width = int.from_bytes(png[16:20], "big")
    height = int.from_bytes(png[20:24], "big")
    assert (width, height) == (320, 200)
