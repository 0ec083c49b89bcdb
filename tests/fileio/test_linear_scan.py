"""Every reader is linear in its input: 1 MB of each pathological shape, counted.

``fileio.ScanCounter`` counts the searches of the bracket scan that runs before every parse;
each search starts where the last ended, so at most one search per character (plus the last
that finds nothing) means the scan is linear. The old pre-scan, a regular expression that
skipped strings, retried from every quote of an unterminated string: 32 KB took 9.3 s.
``benchmarks/reader_pathological.py`` prints the CPU seconds of each reader on these texts.
"""

from __future__ import annotations

import base64
import contextlib
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from calc.battle.files import decode_battle_text, load_battle
from calc.design.files import load_design
from cosmic.fileformat import load_challenge, parse_json_text
from cosmic.game.record import loads_record as loads_cosmic_record
from engine.importers.asynceclipse import load_save
from engine.record import loads_record
from fileio import DocumentError, parse_document
from fileio.reading import ScanCounter
from tests.fileio.pathological import json_shapes, toml_shapes
from ui.share import VERSION, decode_battle

JSON = json_shapes()
TOML = toml_shapes()


def linear(text: str | bytes) -> None:
    assert ScanCounter.searches <= len(text) + 1, (ScanCounter.searches, len(text))


@pytest.mark.parametrize("name", sorted(JSON))
def test_the_json_scan_is_linear(name: str) -> None:
    ScanCounter.reset()
    with contextlib.suppress(DocumentError):
        parse_document(JSON[name], max_bytes=2 << 20)
    linear(JSON[name])
    assert ScanCounter.searches > 0


@pytest.mark.parametrize("name", sorted(TOML))
def test_the_toml_scan_is_linear(name: str) -> None:
    ScanCounter.reset()
    with contextlib.suppress(DocumentError):
        parse_document(TOML[name], toml=True, max_bytes=2 << 20)
    linear(TOML[name])


def test_the_scan_still_sees_brackets_outside_strings_only() -> None:
    deep = "[" * 65 + "]" * 65
    with pytest.raises(DocumentError, match="nested deeper than 64"):
        parse_document(deep)
    assert parse_document('["' + "[" * 100 + '\\"' + '"]') == ["[" * 100 + '"']
    assert parse_document('a = "[[[" # [[[[\nb = """\n[[[\\""""\n', toml=True) == {
        "a": "[[[",
        "b": '[[["',
    }
    with pytest.raises(DocumentError, match="nested deeper than 64"):
        parse_document("a = " + "[" * 65 + "]" * 65, toml=True)


def _share_token(text: str) -> str:
    packed = zlib.compress(text.encode("utf-8"), 9)
    return f"{VERSION}.{base64.urlsafe_b64encode(packed).decode('ascii').rstrip('=')}"


READERS: dict[str, Callable[[str, Path], object]] = {
    "battle upload": lambda text, _: decode_battle_text(text, where="upload"),
    "fleetlab odds FILE": lambda text, tmp: load_battle(_file(tmp, "b.json", text)),
    "fleetlab design FILE": lambda text, tmp: load_design(_file(tmp, "d.json", text)),
    "fleetlab import / save upload": lambda text, _: load_save(text.encode()),
    "fleetlab replay / record upload": lambda text, _: loads_record(text),
    "fleetlab cosmic FILE": lambda text, tmp: load_challenge(_file(tmp, "c.json", text)),
    "cosmic upload": lambda text, _: parse_json_text(text.encode(), "upload"),
    "fleetlab cosmic-replay": lambda text, _: loads_cosmic_record(text),
    "share link": lambda text, _: decode_battle(_share_token(text[: 256 * 1024 - 2])),
}


def _file(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("reader", sorted(READERS))
def test_every_reader_answers_each_shape_in_linear_work(reader: str, tmp_path: Path) -> None:
    """Each reader refuses each shape with a message (its own error, a ``ValueError``), or
    reads it (a string of brackets is valid JSON), after a linear scan."""
    silent = []
    for name, text in JSON.items():
        ScanCounter.reset()
        try:
            READERS[reader](text, tmp_path)
        except ValueError as refused:
            if not str(refused):
                silent.append(name)
        linear(text)
    assert not silent, f"{reader} refused {silent} without a message"
