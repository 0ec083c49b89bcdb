"""Helpers shared by the ``fleetlab`` subcommands: the usage error, text tables, checked
numbers and options, and a quiet end on a closed pipe."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from blueprints import BlueprintError
from fileio import quote


class UsageError(Exception):
    """Bad command-line input: printed to stderr, exit status 2, nothing on stdout."""


def text_table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain aligned text table with a rule under the headers."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in r] for r in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(line.rstrip() for line in lines)


def split_list(text: str | None) -> list[str] | None:
    """``"a, b"`` -> ``["a", "b"]``; ``None`` stays ``None``."""
    if text is None:
        return None
    return [t.strip() for t in text.split(",") if t.strip()]


MAX_SEED = 2**63 - 1
"""Largest seed taken (NumPy takes any non-negative integer; 64 bits is plenty and bounded)."""


def whole_number(low: int, high: int, what: str) -> Callable[[str], int]:
    """An argparse ``type`` for a whole number from ``low`` to ``high``: a bad value is an
    argparse error (usage, message, exit status 2) that says what is legal.

    >>> whole_number(1, 10, "a sample count")("3")
    3
    >>> whole_number(0, 99, "a seed")("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a seed is a whole number from 0 to 99, got '-1'
    """

    def parse(text: str) -> int:
        legal = f"{what} is a whole number from {low:,} to {high:,}, got {quote(text)}"
        digits = text.strip().lstrip("+-").replace("_", "")
        if not digits.isdigit() or len(digits) > 30:
            raise argparse.ArgumentTypeError(legal)
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(legal)
        return value

    return parse


def blueprint_options(
    species_id: str,
    ship_class: str,
    parts_text: str | None,
    outside: str | None,
    techs_text: str | None,
    discoveries_text: str | None,
) -> tuple[list[str] | None, list[str] | None, list[str] | None]:
    """The checked options of ``fleetlab blueprint``: the slot tokens (``None``: the printed
    blueprint), the tech ids and the discovery part ids (``None``: not given).

    Everything the command would otherwise ignore or trip over is a ``UsageError`` naming the
    bad value: a slot count other than the blueprint's, ``--outside`` without ``--parts``, an
    unknown tech, and a discovery that is not a discovery part.
    """
    from blueprints import Origin, species
    from blueprints.catalogue import part, tech

    layout = species(species_id).layout(ship_class)
    tokens = None
    if parts_text is not None:
        tokens = [t.strip() for t in parts_text.split(",")]
        if len(tokens) != layout.slot_count:
            raise UsageError(
                f"--parts gives {len(tokens):,} slots; the {species_id} {ship_class} has "
                f"{layout.slot_count} ('-' for an empty slot, 'x' for a blocked one)"
            )
    elif outside is not None:
        raise UsageError("--outside needs --parts (the slots of the blueprint it goes on)")
    techs = split_list(techs_text)
    for t in techs or ():
        try:
            tech(t)
        except BlueprintError as exc:
            raise UsageError(f"--techs: {exc}") from None
    discoveries = split_list(discoveries_text)
    for d in discoveries or ():
        try:
            found = part(d)
        except BlueprintError as exc:
            raise UsageError(f"--discoveries: {exc}") from None
        if found.origin is not Origin.DISCOVERY:
            raise UsageError(
                f"--discoveries: {quote(d)} is a {found.origin.value.replace('_', ' ')} part, not "
                "a discovery part"
            )
    return tokens, techs, discoveries


def run_command(command: Callable[[], int]) -> int:
    """Run a command and flush its output; a reader that closed the pipe early
    (``fleetlab odds FILE --json | head``) ends it quietly with status 1, as Python's docs
    advise, instead of a ``BrokenPipeError`` traceback."""
    try:
        status = command()
        sys.stdout.flush()
    except BrokenPipeError:
        # Python flushes stdout again at exit, which would report the broken pipe a second
        # time: send whatever is left to /dev/null.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 1
    return status
