"""The Monte Carlo convergence figure, read as data."""

from __future__ import annotations

import pytest

from ui.figures import convergence_figure


def test_convergence_figure_data() -> None:
    fig = convergence_figure([100, 1000], [0.5, 0.42], [0.4, 0.39], [0.6, 0.45], 0.41)
    estimate, exact = fig.data
    assert list(estimate.x) == [100, 1000]
    assert list(estimate.y) == pytest.approx([50.0, 42.0])
    assert list(estimate.error_y.array) == pytest.approx([10.0, 3.0])
    assert list(estimate.error_y.arrayminus) == pytest.approx([10.0, 3.0])
    assert list(exact.y) == pytest.approx([41.0, 41.0])
