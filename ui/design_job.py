"""A fleet-designer search in a worker process of its own, off the dashboard's page (no
Streamlit here): ``python -m ui.design_worker`` run as a ``ui.worker_job.WorkerJob`` (see there
for why a process of its own, the protocol, progress and cancel). It reads the design file on its
standard input and its result is the ``fleetlab-design/1`` document.
"""

from __future__ import annotations

from typing import Any

from ui.worker_job import JobStatus, WorkerJob

WORKER_MODULE = "ui.design_worker"

__all__ = ["WORKER_MODULE", "DesignJob", "JobStatus"]


class DesignJob(WorkerJob):
    """One design search running in its worker process (``workers``: its pool's processes)."""

    def __init__(self, design_doc: dict[str, Any], workers: int | None = None) -> None:
        args = () if workers is None else ("--workers", str(workers))
        super().__init__(WORKER_MODULE, design_doc, args)
