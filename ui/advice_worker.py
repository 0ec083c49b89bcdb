"""The Game page's advice worker process: ``python -m ui.advice_worker``.

Reads a request (JSON) on standard input: ``{"position": <engine.advice.position_json>,
"seat": N, "think_ms": N}``, asks ``engine.advice.advise`` and writes one JSON object per line
on standard output (the protocol of ``ui.worker_job``): ``{"progress": f}`` as the search
goes, then ``{"result": <the advice's JSON, as fleetlab advise --json prints it>}``, or
``{"error": "..."}`` for a position the engine cannot continue from or a request that does not
fit it. ``ui.game_advice.start_advice`` starts it for the page (see ``ui.worker_job`` for why a
process of its own); it is also a plain filter.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from engine.advice import check_budget, position_from_json
from engine.advice.advise import advise
from engine.errors import EngineError

MAX_INPUT_CHARS = 60_000_000
"""Largest request read (a position's JSON is tens of kB; a record's limit is 50 MB)."""


def _say(out: TextIO, message: dict[str, Any]) -> None:
    out.write(json.dumps(message) + "\n")
    out.flush()


def run(source: TextIO, out: TextIO) -> int:
    """Advise on the request read from ``source``; report on ``out``. Returns the exit
    status: 0 with advice, 2 for a request or position that cannot be advised on."""
    text = source.read(MAX_INPUT_CHARS + 1)
    if len(text) > MAX_INPUT_CHARS:
        _say(out, {"error": f"the request is over {MAX_INPUT_CHARS:,} characters"})
        return 2
    try:
        request = json.loads(text)
        position = position_from_json(request["position"])
        seat = int(request["seat"])
        if not 0 <= seat < len(position.seats):
            raise EngineError(f"seat {seat}: the game has seats 0 to {len(position.seats) - 1}")
        budget = check_budget(request["think_ms"])
        advice = advise(
            position,
            seat,
            think_ms=budget,
            progress=lambda fraction: _say(out, {"progress": round(fraction, 4)}),
        )
    except json.JSONDecodeError as exc:
        _say(out, {"error": f"the request is not JSON: {exc}"})
        return 2
    except (KeyError, TypeError) as exc:
        _say(out, {"error": f"the request lacks {exc}"})
        return 2
    except EngineError as exc:
        _say(out, {"error": str(exc)})
        return 2
    _say(out, {"result": advice.to_json()})
    return 0


def main() -> int:
    """The command line: the request on standard input."""
    return run(sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
