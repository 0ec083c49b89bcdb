"""Start the dashboard: ``python -m ui.serve [streamlit options]`` (``make run`` does).

It is ``streamlit run app.py`` with two differences: the solver is warmed in this process while
the server starts (``ui.warmup``), so the first visitor's odds do not wait for imports and
compiled kernels; and Streamlit's file watcher is off unless an option turns it on (a served
dashboard does not change under it, and the watcher floods the log on a large tree: "Inotify
queue overflowed"). Options are passed to ``streamlit run`` as they are.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ui.warmup import start_warmup

APP = Path(__file__).resolve().parent.parent / "app.py"
DEFAULTS = ("--server.fileWatcherType=none", "--browser.gatherUsageStats=false")


def command_line(argv: list[str]) -> list[str]:
    """The ``streamlit run`` arguments: the app, the defaults an option does not override, and
    the options given.

    >>> command_line(["--server.port", "8600"])[-2:]
    ['--server.port', '8600']
    >>> any(a.startswith("--server.fileWatcherType") for a in command_line([]))
    True
    """
    given = {a.split("=", 1)[0] for a in argv if a.startswith("--")}
    defaults = [d for d in DEFAULTS if d.split("=", 1)[0] not in given]
    return ["run", str(APP), *defaults, *argv]


def main(argv: list[str] | None = None) -> None:
    """Warm up in the background, then run the Streamlit server in this process."""
    from streamlit.web import cli

    start_warmup()
    cli.main(args=command_line(list(sys.argv[1:] if argv is None else argv)), prog_name="streamlit")


if __name__ == "__main__":
    main()
