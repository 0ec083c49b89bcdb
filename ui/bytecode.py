"""Byte-compile Fleetlab's own Python modules, so that no command compiles them from source.

Python keeps the compiled form of each imported module in ``__pycache__`` and reads it on the
next import. Normally the first import writes it; but where ``PYTHONDONTWRITEBYTECODE`` is set
(some containers and CI images set it), or the sources sit in a checkout installed in editable
mode, nothing writes it, and every process compiles every module it imports from source again:
about 0.1-0.2 s of CPU for a Monte Carlo ``fleetlab odds``, a fifth of the whole command.
NumPy and numba do not pay this, because pip compiled them when it installed them.

``compile_packages()`` does for Fleetlab what pip does for installed packages: it writes the
bytecode of every module of the project's packages, once (a module whose bytecode is current is
left alone, so a second run writes nothing). ``fleetlab warmup`` calls it beside compiling the
numba kernels. Python checks a bytecode file against its source's modification time and size on
every import, so an edited module is never run from stale bytecode.
"""

from __future__ import annotations

import compileall
import importlib.util
import struct
from dataclasses import dataclass
from pathlib import Path
from py_compile import PycInvalidationMode

TIMESTAMP = PycInvalidationMode.TIMESTAMP
"""Bytecode checked against the source's time and size (pip's choice too), even where
``SOURCE_DATE_EPOCH`` would make ``py_compile`` choose hashed bytecode."""

PACKAGES = ("fileio", "blueprints", "calc", "engine", "cosmic", "ui")
"""The project's top-level packages (``docs/architecture.md``), bottom layer first."""


@dataclass(frozen=True, slots=True)
class BytecodeReport:
    """What ``compile_packages`` did: modules whose bytecode it wrote, modules already current,
    and modules it could not write (a read-only install: they still import, from source)."""

    written: int
    current: int
    failed: tuple[str, ...]


def package_folder(name: str) -> Path | None:
    """Where the package ``name`` lives, found without importing it (None if it is absent)."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def is_current(source: Path) -> bool:
    """Whether the bytecode file of ``source`` is the one an import would accept: this Python's
    magic number, and the source's modification time and size in its header (PEP 552's
    timestamp form). ``compileall`` alone compares the time but not the size, so it keeps the
    bytecode of a module edited within the same second."""
    cached = Path(importlib.util.cache_from_source(str(source)))
    try:
        with cached.open("rb") as handle:
            header = handle.read(16)
        stat = source.stat()
    except OSError:
        return False
    expected = struct.pack(
        "<4sLLL",
        importlib.util.MAGIC_NUMBER,
        0,
        int(stat.st_mtime) & 0xFFFF_FFFF,
        stat.st_size & 0xFFFF_FFFF,
    )
    return header == expected


def compile_packages(packages: tuple[str, ...] = PACKAGES) -> BytecodeReport:
    """Write the bytecode of every module of ``packages`` that has none or a stale one."""
    written = current = 0
    failed: list[str] = []
    for name in packages:
        folder = package_folder(name)
        if folder is None:
            continue
        for source in sorted(folder.rglob("*.py")):
            if "__pycache__" in source.parts:
                continue
            if is_current(source):
                current += 1
            # quiet=2: a folder we may not write is reported by the return value, not printed.
            elif compileall.compile_file(
                str(source), quiet=2, force=True, invalidation_mode=TIMESTAMP
            ):
                written += 1
            else:
                failed.append(str(source))
    return BytecodeReport(written, current, tuple(failed))
