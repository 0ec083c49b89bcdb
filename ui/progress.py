"""A terminal progress bar for long computations (rich), shown only on a terminal."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn


@contextmanager
def progress_bar(label: str, enabled: bool = True) -> Iterator[Callable[[float], None] | None]:
    """Yield a ``fraction -> None`` callback drawing a bar on stderr, or ``None`` when stderr
    is not a terminal (pipes, tests, --json)."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.percentage:>3.0f}%"),
        TimeElapsedColumn(),
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=1.0)

        def update(fraction: float) -> None:
            bar.update(task, completed=fraction)

        yield update
