"""The progress bar and Cancel button of a search running in its worker process
(``ui.worker_job.WorkerJob``), shared by the pages that run one: the Fleet designer and the
Game page's advice.

A page keeps its jobs, results and error in the session under the keys of a ``JobKeys`` and,
while a job runs, calls ``running_job``: the progress is a fragment redrawn twice a second, and
when the job ends its result (or error) goes into the session and the whole page runs again to
show it. The Cancel button stops the job's process group and forgets it.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from ui.worker_job import WorkerJob


@dataclass(frozen=True, slots=True)
class JobKeys:
    """Session keys of a page's jobs (request key -> ``WorkerJob``), results (request key ->
    the worker's result) and the last error (a string)."""

    jobs: str
    results: str
    error: str


def jobs_of(keys: JobKeys) -> dict[str, WorkerJob]:
    """The page's running jobs by request key."""
    jobs: dict[str, WorkerJob] = st.session_state.setdefault(keys.jobs, {})
    return jobs


@st.fragment(run_every=0.5)
def _progress(keys: JobKeys, key: str, label: str) -> None:
    """The running search's progress, redrawn twice a second; when the search ends, the whole
    page runs again to show the result. The Cancel button is not in here: a widget that is
    redrawn twice a second can lose a click that lands during a redraw."""
    running_job = st.session_state[keys.jobs].get(key)
    if running_job is None:
        # Cancelled: a click that lands while this fragment runs can come back as a rerun of
        # the fragment alone, whose callbacks (``_cancel``) run but whose page does not; the
        # page must run again or it keeps showing the progress and the Cancel button.
        st.rerun(scope="app")
    status = running_job.status()
    if not status.running:
        del st.session_state[keys.jobs][key]
        if status.result is not None:
            st.session_state.setdefault(keys.results, {})[key] = status.result
        elif status.error and not status.cancelled:
            st.session_state[keys.error] = status.error
        st.rerun(scope="app")
    left = status.remaining()
    text = f"{label}: {status.fraction:.0%} after {status.seconds:.0f} s" + (
        f", about {left:.0f} s left" if left is not None else ""
    )
    st.progress(min(1.0, status.fraction), text=text)


def _cancel(keys: JobKeys, key: str) -> None:
    """Stop the search (its worker process group) and forget it; runs before the page does."""
    cancelled = st.session_state[keys.jobs].pop(key, None)
    if cancelled is not None:
        cancelled.cancel()


def start_job(keys: JobKeys, key: str, job: WorkerJob) -> None:
    """Make ``job`` the page's one running search (any other is cancelled: the cores are
    shared), forgetting an earlier result for the same request."""
    jobs = jobs_of(keys)
    for other in jobs.values():
        other.cancel()
    jobs.clear()
    st.session_state.setdefault(keys.results, {}).pop(key, None)
    jobs[key] = job


def running_job(keys: JobKeys, key: str, label: str, cancel_key: str, cancel_help: str) -> None:
    """The progress of the job for ``key`` and its Cancel button."""
    _progress(keys, key, label)
    st.button(
        "Cancel",
        key=cancel_key,
        icon=":material/stop_circle:",
        on_click=_cancel,
        args=(keys, key),
        help=cancel_help,
    )
