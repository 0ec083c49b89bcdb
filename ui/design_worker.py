"""The fleet designer's worker process: ``python -m ui.design_worker [--workers N]``.

Reads a design file (JSON) on standard input, runs the search on a process pool of its own and
writes one JSON object per line on standard output: ``{"progress": f}`` as designs are done,
then ``{"result": <fleetlab-design/1>}``, or ``{"error": "..."}`` for a request the designer
refuses. ``ui.design_job.DesignJob`` starts it for the dashboard (see there for why a process of
its own); it is also a plain filter::

    python -m ui.design_worker < examples/design_red_vs_ancients.json
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from calc import BattleError
from calc.design import design, parse_design, result_to_dict, start_pool

MAX_INPUT_CHARS = 1_000_000
"""Largest design file read (a design file is a battle file plus a few keys: a few kB)."""


def _say(out: TextIO, message: dict[str, Any]) -> None:
    out.write(json.dumps(message) + "\n")
    out.flush()


def run(source: TextIO, out: TextIO, workers: int | None = None) -> int:
    """Search the design file read from ``source``; report on ``out``. Returns the exit
    status: 0 with a result, 2 for a request that cannot be searched."""
    text = source.read(MAX_INPUT_CHARS + 1)
    if len(text) > MAX_INPUT_CHARS:
        _say(out, {"error": f"the design file is over {MAX_INPUT_CHARS:,} characters"})
        return 2
    try:
        request, _ = parse_design(json.loads(text))
    except json.JSONDecodeError as exc:
        _say(out, {"error": f"the design file is not JSON: {exc}"})
        return 2
    except BattleError as exc:
        _say(out, {"error": str(exc)})
        return 2
    # The pool starts here, while this program runs a single thread, so its workers are forked
    # with the kernels loaded (calc.design.evaluate.pool_context).
    pool = None if workers == 1 else start_pool(workers)
    try:
        result = design(
            request,
            workers=workers,
            executor=pool,
            progress=lambda fraction: _say(out, {"progress": round(fraction, 4)}),
        )
    except BattleError as exc:
        _say(out, {"error": str(exc)})
        return 2
    finally:
        if pool is not None:
            pool.shutdown()
    _say(out, {"result": result_to_dict(result)})
    return 0


def main(argv: list[str] | None = None) -> int:
    """The command line: ``--workers N`` (default: one per core)."""
    parser = argparse.ArgumentParser(prog="python -m ui.design_worker", description=__doc__)
    parser.add_argument("--workers", type=int, default=None, help="pool processes")
    args = parser.parse_args(argv)
    if args.workers is not None and args.workers < 1:
        parser.error(f"--workers must be at least 1, got {args.workers}")
    return run(sys.stdin, sys.stdout, args.workers)


if __name__ == "__main__":
    sys.exit(main())
