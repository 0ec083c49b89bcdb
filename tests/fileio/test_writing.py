"""Atomic writes: a write that fails (here, past a file-size limit) leaves the old file whole."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from fileio import write_atomic
from tests.support import REPO

# Run in a child process: RLIMIT_FSIZE applies to the whole process (CPython ignores SIGXFSZ,
# so the write fails with EFBIG instead of killing the process).
UNDER_LIMIT = """
import resource, sys
from pathlib import Path
limit = int(sys.argv[2])
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
{body}
"""


def run_limited(body: str, path: Path, limit: int) -> subprocess.CompletedProcess[str]:
    code = UNDER_LIMIT.format(body=body)
    return subprocess.run(
        [sys.executable, "-c", code, str(path), str(limit)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_write_atomic_keeps_the_old_file_when_the_new_one_cannot_be_written(
    tmp_path: Path,
) -> None:
    target = tmp_path / "out.json"
    target.write_text('{"old": true}\n', encoding="utf-8")
    target.chmod(0o640)
    body = """
from fileio import write_atomic
try:
    write_atomic(sys.argv[1], "x" * 100_000)
except OSError as exc:
    print("refused", exc.errno)
"""
    done = run_limited(body, target, 4_096)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("refused")
    assert target.read_text(encoding="utf-8") == '{"old": true}\n'
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]  # no temporary file left
    write_atomic(target, "new\n")
    assert target.read_text(encoding="utf-8") == "new\n"
    assert target.stat().st_mode & 0o777 == 0o640  # the permissions of the file replaced


def test_replay_snapshot_is_atomic_under_a_file_size_limit(tmp_path: Path) -> None:
    # A record of a short game; its snapshot is far larger than the limit below.
    record = tmp_path / "game.json"
    made = subprocess.run(
        [sys.executable, "-m", "ui.cli", "selfplay", "--players", "2", "--seed", "3",
         "--record", str(record)],
        cwd=REPO, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    snapshot = tmp_path / "snap.json"
    snapshot.write_text('{"previous": "snapshot"}\n', encoding="utf-8")
    # The limit binds writes only: the record is read whole, the snapshot cannot be written.
    body = """
from ui.cli import main
sys.exit(main(["replay", sys.argv[1].replace("snap.json", "game.json"), "--snapshot",
               sys.argv[1]]))
"""
    done = run_limited(body, snapshot, 4_096)
    assert done.returncode == 2, done.stderr
    assert "cannot write" in done.stderr and "Traceback" not in done.stderr
    assert json.loads(snapshot.read_text(encoding="utf-8")) == {"previous": "snapshot"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "snap.json"]
