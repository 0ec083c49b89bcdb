"""Constants shared by tests: the repository root and the read-only ../shared folder."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


def shared_file(*parts: str) -> Path:
    """A file under ../shared, or skip the calling test where it is absent (a clone on its own)."""
    import pytest

    path = SHARED.joinpath(*parts)
    if not path.is_file():
        pytest.skip(f"../shared/{'/'.join(parts)} is not present")
    return path
