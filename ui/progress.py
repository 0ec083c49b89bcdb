"""A terminal progress bar for long computations (rich), shown only on a terminal."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def progress_bar(
    label: str, enabled: bool = True, *, on_first_update: bool = False
) -> Iterator[Callable[[float], None] | None]:
    """Yield a ``fraction -> None`` callback drawing a bar on stderr, or ``None`` when stderr
    is not a terminal (pipes, tests, --json). With ``on_first_update`` the bar appears only
    when the callback is first called (work that may turn out to have nothing to do)."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    # Imported only to draw: rich is 50 modules that a piped or --json run never needs.
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.percentage:>3.0f}%"),
        TimeElapsedColumn(),
        transient=True,
    )
    task = bar.add_task(label, total=1.0)
    shown = False

    def update(fraction: float) -> None:
        nonlocal shown
        if not shown:
            bar.start()
            shown = True
        bar.update(task, completed=fraction)

    if not on_first_update:
        update(0.0)
    try:
        yield update
    finally:
        if shown:
            bar.stop()
