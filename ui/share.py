"""Share links: a whole battle file in one URL query parameter, versioned and compact.

A token is ``1.`` (the version of this encoding) followed by the URL-safe base64, without
padding, of the zlib-compressed canonical JSON of the battle file, with part ids shortened to
their codes (battle files accept both). Decoding never executes anything: it undoes the
base64 and zlib (refusing more than ``MAX_JSON_BYTES`` of JSON) and reads the JSON with
``fileio.parse_document`` (the reader of every Fleetlab file); the caller then checks the
document as a battle file.

>>> token = encode_battle({"format": "fleetlab-battle/1", "sides": []})
>>> token
'1.eNqrVirOTEktVrKKjq0FABvkBEc'
>>> decode_battle(token)
{'sides': [], 'format': 'fleetlab-battle/1'}
"""

from __future__ import annotations

import base64
import binascii
import zlib
from typing import Any

from blueprints import BlueprintError, part
from calc import FORMAT as BATTLE_FORMAT
from calc import BattleFileError
from fileio import DocumentError, parse_document
from ui.battle_editor import (
    BattleDraft,
    canonical_json,
    draft_from_file,
    printed_battle,
)

VERSION = "1"
PARAM = "battle"
"""The query parameter that holds the token."""
MAX_TOKEN_CHARS = 16_000
MAX_JSON_BYTES = 256 * 1024


class ShareError(ValueError):
    """A share link that cannot be read; the message says why in words."""


def _shorten(doc: Any) -> Any:
    """The battle file in fewer characters: part ids as their short codes, and without what
    the format implies (its name, which the link's version fixes, and default options)."""
    if not isinstance(doc, dict):
        return doc
    out = {k: v for k, v in doc.items() if k != "format" or v != BATTLE_FORMAT}
    options = out.get("options")
    if isinstance(options, dict):
        options = {k: v for k, v in options.items() if not (k == "method" and v == "auto")}
        policy = options.get("policy")
        if isinstance(policy, dict):
            policy = {name: p for name, p in policy.items() if p != "optimal"}
            options["policy"] = policy
            if not policy:
                del options["policy"]
        out["options"] = options
        if not options:
            del out["options"]
    sides = out.get("sides")
    if isinstance(sides, list):
        out["sides"] = [_shorten_side(s) for s in sides]
    return out


def _shorten_side(side: Any) -> Any:
    if not isinstance(side, dict) or not isinstance(side.get("ships"), list):
        return side
    ships = []
    for group in side["ships"]:
        if isinstance(group, dict) and isinstance(group.get("parts"), list):
            group = dict(group)
            group["parts"] = [_code(p) for p in group["parts"]]
            if isinstance(group.get("outside"), str):
                group["outside"] = _code(group["outside"])
        ships.append(group)
    return {**side, "ships": ships}


def _code(token: Any) -> Any:
    if not isinstance(token, str):
        return token
    try:
        return part(token).code
    except BlueprintError:
        return token


def encode_battle(doc: Any) -> str:
    """The share token of a battle-file document."""
    packed = zlib.compress(canonical_json(_shorten(doc)).encode("utf-8"), 9)
    return f"{VERSION}.{base64.urlsafe_b64encode(packed).decode('ascii').rstrip('=')}"


def decode_battle(token: str) -> Any:
    """The battle-file document in a share token; ``ShareError`` says what is wrong."""
    token = token.strip()
    if not token:
        raise ShareError("the link holds no battle")
    if len(token) > MAX_TOKEN_CHARS:
        raise ShareError(f"the link is {len(token):,} characters long; at most {MAX_TOKEN_CHARS:,}")
    version, dot, body = token.partition(".")
    if not dot:
        raise ShareError("the link's battle has no version mark; it was not made by Fleetlab")
    if version != VERSION:
        raise ShareError(
            f"the link was made by another version of Fleetlab (link format {version!r}; "
            f"this one reads {VERSION!r})"
        )
    try:
        packed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise ShareError("the link is damaged (not URL-safe base64); copy it again") from None
    unpacker = zlib.decompressobj()
    try:
        raw = unpacker.decompress(packed, MAX_JSON_BYTES)
    except zlib.error:
        raise ShareError("the link is damaged (it does not unpack); copy it again") from None
    if unpacker.unconsumed_tail:
        raise ShareError(f"the link's battle is larger than {MAX_JSON_BYTES:,} bytes")
    if not unpacker.eof:
        raise ShareError("the link is cut short; copy all of it")
    try:
        doc = parse_document(raw, where="the link's battle", max_bytes=MAX_JSON_BYTES)
    except DocumentError as exc:
        raise ShareError(str(exc)) from None
    if isinstance(doc, dict):
        doc.setdefault("format", BATTLE_FORMAT)
    return doc


def draft_from_link(token: str | None) -> tuple[BattleDraft, str | None]:
    """The battle a share link holds, or the printed battle (the page's first battle) and a
    message saying what was wrong with the link (never an exception: a bad or old link must not
    break the page)."""
    if token is None:
        return draft_from_file(printed_battle()), None
    try:
        return draft_from_file(decode_battle(token)), None
    except ShareError as exc:
        problem = str(exc)
    except BattleFileError as exc:
        problem = f"its battle does not read as a battle file ({exc})"
    except (BlueprintError, ValueError, TypeError, KeyError) as exc:
        problem = f"its battle cannot be opened ({exc})"
    return (
        draft_from_file(printed_battle()),
        f"The shared link could not be opened: {problem}. Showing a new battle instead.",
    )
