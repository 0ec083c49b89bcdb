"""Writing a file atomically: the old file stays whole until the new one is complete."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _file_mode(target: Path) -> int:
    """The permissions of the file replaced, or of a new file under the current umask."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` (text is written as UTF-8) to ``path`` atomically.

    The data goes to a temporary file in the same folder, is flushed and fsynced, and only then
    renamed over ``path`` (``os.replace``, atomic on POSIX and Windows). A failure at any point
    (a full disk, a file-size limit, an interrupt) removes the temporary file and leaves the old
    file untouched; the ``OSError`` is raised for the caller to report.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        os.chmod(tmp, _file_mode(target))
        with os.fdopen(fd, "wb") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
