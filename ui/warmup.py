"""Warm the dashboard's server process before its first visitor asks for odds.

A cold server spends most of its first page on one-time work: importing the solvers, loading
the compiled numba kernels from their cache (or compiling them on a fresh install), building
Plotly's first figure. ``start_warmup()`` does that work once per process, in a background
thread started when the server starts (``python -m ui.serve``, which ``make run`` uses) and
again, as a no-op, from ``app.py`` (so ``streamlit run app.py`` warms on its first session).
It solves the page's opening battle and draws its survivors chart first (what a visitor who
arrives at once waits for), then runs calc's own warm-up (``calc.warmup.warmup``, what
``fleetlab warmup`` runs: every kernel loaded from numba's cache, or compiled into it on a
fresh install, and the process switched to compiled kernels). ``make run`` runs ``fleetlab
warmup`` before it starts the server, so here the kernels are only loaded (about a second).

A visitor who arrives during the warm-up waits for the same work instead of doing it twice:
imports and numba's compilation are serialised by their locks. ``FLEETLAB_WARMUP=0`` in the
environment turns the warm-up off (the benchmark compares the two in one run).
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time

ENVIRONMENT = "FLEETLAB_WARMUP"
DONE_MESSAGE = "fleetlab: warm-up done in"
"""Start of the line the warm-up prints on standard error when it ends (the benchmark waits
for it)."""

_lock = threading.Lock()
_started = False
done = threading.Event()
"""Set when the warm-up has finished (or failed, or is turned off)."""

log = logging.getLogger("fleetlab.warmup")


def warm() -> float:
    """Do the one-time work now, in this thread; returns the seconds it took.

    Imports the modules the pages use, solves the opening battle and draws its survivors chart
    (what a visitor arriving at once needs), then loads (or compiles) every other kernel through
    ``calc.warmup.warmup``.
    """
    start = time.perf_counter()
    from calc import odds
    from calc.warmup import warmup
    from ui.battle_editor import build, draft_from_file, printed_battle
    from ui.figures import survivors_figure

    battle = build(draft_from_file(printed_battle())).battle
    assert battle is not None
    survivors_figure(odds(battle))  # what the first page needs, first
    import ui.components  # noqa: F401  (the pages' widgets; imports Plotly's Streamlit glue)

    warmup()  # then every other kernel, for the battles visitors build next

    return time.perf_counter() - start


def _run() -> None:
    try:
        seconds = warm()
        print(f"{DONE_MESSAGE} {seconds:.1f} s", file=sys.stderr, flush=True)
    except Exception:  # a failed warm-up must not stop the server: the page does the work then
        log.exception("fleetlab: warm-up failed; the first visitor's solve will do the work")
    finally:
        done.set()


def enabled() -> bool:
    """False when ``FLEETLAB_WARMUP`` is ``0`` (or ``false``, ``no``, ``off``)."""
    return os.environ.get(ENVIRONMENT, "1").strip().lower() not in ("0", "false", "no", "off")


def start_warmup() -> threading.Thread | None:
    """Start the warm-up in a daemon thread, once per process; the thread (None when turned
    off or already started)."""
    global _started
    with _lock:
        if _started:
            return None
        _started = True
        if not enabled():
            done.set()
            return None
        thread = threading.Thread(target=_run, name="fleetlab-warmup", daemon=True)
        thread.start()
        return thread
