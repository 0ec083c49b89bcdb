"""Shared test helpers: where ../shared is, and Hypothesis profiles."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.support import SHARED

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
# make fuzz: ten times the examples (tests.support.examples scales the explicit counts), drawn
# afresh each run; a failure prints the seed that reproduces it.
settings.register_profile(
    "fuzz",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    max_examples=1000,
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture
def shared_reference() -> Path:
    """../shared/reference, or skip the test where the shared folder is absent."""
    path = SHARED / "reference"
    if not path.is_dir():
        pytest.skip("../shared/reference is not present")
    return path
