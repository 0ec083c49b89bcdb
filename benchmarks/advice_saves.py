"""``fleetlab advise`` on real saves: how long each takes at a budget, and what it says.

Usage::

    python benchmarks/advice_saves.py SAVE_OR_FOLDER... [--think-ms N] [--json]

Each file (a folder: its ``*.json`` files) is advised on in a fresh ``fleetlab advise FILE
--json`` process, as a user runs it: the wall seconds and CPU seconds of the whole process
(imports, the save read, the search, the reasons) and the advice's own ``seconds``. A position
the engine cannot continue from is reported with the first words of its message (exit status
1). The goal of issue 35: every real save answered within 60 s at the default budget. The
figures measured are in docs/advice.md.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

MESSAGE_CHARS = 70
"""Characters of a refusal's message shown in the table."""


@dataclass(frozen=True, slots=True)
class Run:
    """One ``fleetlab advise`` process: its file, what it said, and its times."""

    file: str
    status: int
    outcome: str
    actions: int
    wall: float
    cpu: float
    advice_seconds: float | None


def advise_file(path: Path, think_ms: int | None) -> Run:
    """Advise on one file in a fresh process and time it."""
    command = [sys.executable, "-m", "ui.cli", "advise", str(path), "--json"]
    if think_ms is not None:
        command += ["--think-ms", str(think_ms)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode == 0:
        doc = json.loads(done.stdout)
        return Run(
            path.name, 0, doc["player"], len(doc["actions"]), wall, cpu, float(doc["seconds"])
        )
    message = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "no message"
    message = message.split(": ", 2)[-1]
    if len(message) > MESSAGE_CHARS:
        message = message[: MESSAGE_CHARS - 3] + "..."
    return Run(path.name, done.returncode, f"refused: {message}", 0, wall, cpu, None)


def files(paths: list[Path]) -> list[Path]:
    """The files named, a folder's ``*.json`` files in name order."""
    out: list[Path] = []
    for p in paths:
        out.extend(sorted(p.glob("*.json")) if p.is_dir() else [p])
    return out


def table(runs: list[Run]) -> str:
    """The runs as a text table."""
    rows = [("file", "status", "advised / why not", "turns", "wall s", "CPU s", "advice s")]
    for r in runs:
        advice = "-" if r.advice_seconds is None else f"{r.advice_seconds:.1f}"
        rows.append(
            (r.file, str(r.status), r.outcome, str(r.actions), f"{r.wall:.1f}", f"{r.cpu:.1f}",
             advice)
        )  # fmt: skip
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in rows)
    return "\n".join(line.rstrip() for line in lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", type=Path, nargs="+", help="saves, records or folders of them")
    parser.add_argument("--think-ms", type=int, default=None, help="default: fleetlab's")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    runs = [advise_file(p, args.think_ms) for p in files(args.paths)]
    if args.json:
        print(json.dumps([_as_dict(r) for r in runs]))
    else:
        print(table(runs))
        slowest = max((r.wall for r in runs), default=0.0)
        print(f"\n{len(runs)} files; the slowest took {slowest:.1f} s of wall time")
    return 0


def _as_dict(run: Run) -> dict[str, object]:
    return {name: getattr(run, name) for name in Run.__slots__}


if __name__ == "__main__":
    sys.exit(main())
