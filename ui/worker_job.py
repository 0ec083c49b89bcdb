"""A long search in a worker process of its own, off the dashboard's page (no Streamlit here):
the fleet designer's (``ui.design_worker``) and the Game page's advice (``ui.advice_worker``).

Why a process of its own: a search takes tens of seconds and may use every core, and the page
must stay responsive (progress, a Cancel button) while it runs. A process pool cannot be started
from a page: while a page runs, Streamlit holds the page script as ``__main__``, and
``multiprocessing`` re-imports ``__main__`` in every spawned worker, so each would run the page
again (``calc.design.evaluate``, Runners). A ``WorkerJob`` therefore launches ``python -m
<worker module>``, a fresh interpreter whose ``__main__`` is that small module: it reads its
request (JSON) on its standard input, may start its own pool (forked, from a single-threaded
program), and writes one JSON object per line on its standard output: ``{"progress": f}`` as
the search goes, then ``{"result": ...}`` or ``{"error": "..."}``. That protocol, the progress,
the result and the cancel are this module's; a worker module only does its search.

The job's process is the leader of a new process group, so ``cancel`` stops it and its pool's
workers together, and only them.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import IO, Any

STDERR_LINES = 20
"""Lines of the worker's standard error kept for the message of a crash."""


@dataclass(frozen=True, slots=True)
class JobStatus:
    """A snapshot of a job: ``fraction`` of the work done, seconds since it started, and at the
    end the worker's result (a JSON object) or the error (``cancelled`` if asked to)."""

    fraction: float
    seconds: float
    running: bool
    result: dict[str, Any] | None = None
    error: str | None = None
    cancelled: bool = False

    def remaining(self) -> float | None:
        """Seconds left at the pace so far (None before there is a pace to go by)."""
        if not self.running or self.fraction <= 0.02 or self.seconds < 1:
            return None
        return self.seconds * (1 - self.fraction) / self.fraction


class WorkerJob:
    """One search running in its worker process (see the module doc): ``python -m module``
    with ``args``, given ``request`` as JSON on its standard input."""

    def __init__(self, module: str, request: dict[str, Any], args: tuple[str, ...] = ()) -> None:
        command = [sys.executable, "-m", module, *args]
        self._lock = threading.Lock()
        self._fraction = 0.0
        self._result: dict[str, Any] | None = None
        self._error: str | None = None
        self._cancelled = False
        self._stderr: deque[str] = deque(maxlen=STDERR_LINES)
        self._started = time.monotonic()
        self._ended: float | None = None
        self._process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,  # its own process group: cancel stops the pool too
        )
        assert self._process.stdin is not None
        self._process.stdin.write(json.dumps(request))
        self._process.stdin.close()
        self._readers = [
            threading.Thread(target=self._read_stdout, name=f"{module}-out", daemon=True),
            threading.Thread(target=self._read_stderr, name=f"{module}-err", daemon=True),
        ]
        for reader in self._readers:
            reader.start()

    @property
    def pid(self) -> int:
        """The worker's process id (and process group id)."""
        return self._process.pid

    @property
    def exit_status(self) -> int | None:
        """The worker's exit status once it has been reaped (by the reader thread, or by
        ``cancel``'s wait), else None; negative for a process ended by a signal: ``-SIGTERM``
        after a cancel it took. Read, not polled: a poll while the reader thread waits on the
        process answers None."""
        return self._process.returncode

    def _read_stdout(self) -> None:
        stream: IO[str] | None = self._process.stdout
        assert stream is not None
        for line in stream:
            try:
                message = json.loads(line)
            except json.JSONDecodeError:
                continue  # not ours (a library printing); the protocol lines are JSON objects
            if not isinstance(message, dict):
                continue
            with self._lock:
                if "progress" in message:
                    self._fraction = max(self._fraction, float(message["progress"]))
                elif "result" in message:
                    self._result = message["result"]
                    self._fraction = 1.0
                elif "error" in message:
                    self._error = str(message["error"])
        code = self._process.wait()
        with self._lock:
            self._ended = time.monotonic()
            if self._result is None and self._error is None and not self._cancelled:
                tail = " | ".join(self._stderr) or "no message"
                self._error = f"the search stopped (exit status {code}): {tail}"

    def _read_stderr(self) -> None:
        stream: IO[str] | None = self._process.stderr
        assert stream is not None
        for line in stream:
            text = line.strip()
            if text:
                self._stderr.append(text[:300])

    def status(self) -> JobStatus:
        """Where the search is now."""
        with self._lock:
            end = self._ended if self._ended is not None else time.monotonic()
            return JobStatus(
                self._fraction,
                end - self._started,
                self._ended is None,
                self._result,
                self._error,
                self._cancelled,
            )

    def cancel(self) -> None:
        """Stop the search: its worker process and the pool it started (one process group)."""
        with self._lock:
            if self._ended is not None:
                return
            self._cancelled = True
        try:
            os.killpg(self._process.pid, signal.SIGTERM)
            # A stopped process (SIGSTOP, a debugger, a suspended job) holds a SIGTERM until it
            # runs again: wake the group so the cancel takes now, not after the SIGKILL wait.
            os.killpg(self._process.pid, signal.SIGCONT)
        except ProcessLookupError:
            return  # it has just finished
        try:
            self._process.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self._process.pid, signal.SIGKILL)
            self._process.wait()

    def wait(self, timeout: float | None = None) -> JobStatus:
        """Block until the search ends (or ``timeout`` seconds pass); its status then."""
        for reader in self._readers:
            reader.join(timeout)
        return self.status()
