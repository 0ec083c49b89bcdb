"""CPU seconds of every reader on 1 MB of each pathological shape (``tests/fileio/pathological``).

Every reader of untrusted text (the CLI's files, the uploads, share links) runs the bracket scan
of ``fileio.reading`` before it parses; the scan is linear, so each shape costs about what
reading 1 MB costs. Prints one row per reader and shape: the CPU seconds (median of
``--repeat`` runs) and the scan's searches (``fileio.reading.ScanCounter``), and what the
reader said. Before the linear scan, an unterminated string of escaped quotes took 9.3 s at
32 KB and grew with the square of its length.

Usage::

    python benchmarks/reader_pathological.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fileio.reading import ScanCounter  # noqa: E402
from tests.fileio.pathological import json_shapes, toml_shapes  # noqa: E402
from tests.fileio.test_linear_scan import READERS  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per case (median)")
    args = parser.parse_args(argv)
    from calc.battle.files import decode_battle_text

    print(f"{'reader':34} {'shape':30} {'CPU s':>7} {'searches':>9}  answer")
    with tempfile.TemporaryDirectory() as folder:
        for reader in sorted(READERS):
            for name, text in json_shapes().items():
                run = partial(READERS[reader], text, Path(folder))
                print(_row(reader, name, run, args.repeat))
    for name, text in toml_shapes().items():
        run = partial(decode_battle_text, text, toml=True, where="b.toml")
        print(_row("battle file (TOML)", name, run, args.repeat))


def _row(reader: str, shape: str, run: Callable[[], object], repeat: int) -> str:
    seconds = []
    answer = "read"
    for _ in range(repeat):
        ScanCounter.reset()
        start = time.process_time()
        try:
            run()
        except ValueError as refused:
            answer = str(refused).replace("\n", " ")[:60]
        seconds.append(time.process_time() - start)
    return (
        f"{reader:34} {shape:30} {statistics.median(seconds):7.3f} "
        f"{ScanCounter.searches:9d}  {answer}"
    )


if __name__ == "__main__":
    main()
