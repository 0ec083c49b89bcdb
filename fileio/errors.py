"""The one error of ``fileio``: a file or text that cannot be read as a document."""

from __future__ import annotations


class DocumentError(ValueError):
    """A file that cannot be read, or text that is not a well-formed, bounded JSON or TOML
    document. ``where`` names the file (or upload), ``path`` the bad value inside it (empty for
    the whole document), ``reason`` says what is wrong and what would be legal."""

    def __init__(self, where: str, path: str, reason: str) -> None:
        head = ": ".join(part for part in (where, path) if part)
        super().__init__(f"{head}: {reason}" if head else reason)
        self.where = where
        self.path = path
        self.reason = reason
