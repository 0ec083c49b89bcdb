"""Constants shared by tests: the repository root, the read-only ../shared folder, and how
large the generated and statistical checks are.

``make test`` runs every check at a size that states its rule cheaply; ``make fuzz`` sets
``HYPOTHESIS_PROFILE=fuzz`` and runs the same checks far larger: ten times the Hypothesis
examples (with fresh random examples each run) and the whole seed sweeps of the conformance
harnesses. :func:`examples` and :func:`sized` are the two knobs every such test goes through.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"

FUZZ = os.environ.get("HYPOTHESIS_PROFILE") == "fuzz"
"""True under ``make fuzz``: the large runs of the generated and statistical checks."""


def examples(count: int) -> int:
    """Hypothesis examples for a test written for ``count`` of them: a third (at least 10)
    in ``make test``, ten times as many in ``make fuzz``.

    >>> examples(300) if not FUZZ else 100
    100
    """
    return count * 10 if FUZZ else max(10, count // 3)


def sized(test: int, fuzz: int) -> int:
    """``test`` in ``make test``, ``fuzz`` in ``make fuzz``: the games of a seed sweep."""
    return fuzz if FUZZ else test


def shared_file(*parts: str) -> Path:
    """A file under ../shared, or skip the calling test where it is absent (a clone on its own)."""
    import pytest

    path = SHARED.joinpath(*parts)
    if not path.is_file():
        pytest.skip(f"../shared/{'/'.join(parts)} is not present")
    return path
