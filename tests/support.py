"""Constants shared by tests: the repository root and the read-only ../shared folder."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
