"""Helpers shared by the ``fleetlab`` subcommands: the usage error and text tables."""

from __future__ import annotations

from collections.abc import Sequence


class UsageError(Exception):
    """Bad command-line input: printed to stderr, exit status 2, nothing on stdout."""


def text_table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain aligned text table with a rule under the headers."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in r] for r in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(line.rstrip() for line in lines)


def split_list(text: str | None) -> list[str] | None:
    """``"a, b"`` -> ``["a", "b"]``; ``None`` stays ``None``."""
    if text is None:
        return None
    return [t.strip() for t in text.split(",") if t.strip()]
