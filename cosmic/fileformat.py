"""The challenge file ``fleetlab-cosmic/1``: reading it safely, and the JSON form of the odds.

Reading is two steps. ``parse_json_text(data)`` turns the file's bytes (or text) into JSON values
and is the only place that looks at raw text: it is ``fileio.parse_document`` (files over
``MAX_BYTES``, text that is not UTF-8, JSON nested deeper than ``MAX_DEPTH``, integers beyond
64 bits, ``NaN`` and ``Infinity``, duplicate keys and lone surrogates are refused, each with a
``ChallengeFileError`` in bounded time and memory). Numbers with a fraction or an exponent are
kept as their decimal text (``JsonNumber``), so a probability is read exactly and an exponent is
checked before any arithmetic. ``parse_challenge(data)`` then reads the
decoded values into a ``Challenge`` (or, for ``"you": "ally"``, an ``Invitation``); every unknown
key and bad value raises ``ChallengeFileError`` whose ``path`` names it (``hand[2]``,
``ships.offense``, ``deck.counts.attack:40``). ``load_challenge(path)`` does both for a file.

``challenge_to_dict`` writes the file back, so a file round-trips. ``report_to_dict`` is the
``--json`` output. The format is documented in docs/cosmic-file.md.

>>> c = parse_challenge({"format": "fleetlab-cosmic/1", "deck": "mayfair_1991", "you": "offense",
...     "hand": ["attack:12", "compromise"], "ships": {"offense": 4, "defense": 2},
...     "allies": {"offense": 0, "defense": 3}, "opponent_hand_size": 7})
>>> parse_challenge(challenge_to_dict(c)) == c
True
>>> parse_challenge({**challenge_to_dict(c), "you": "both"})
Traceback (most recent call last):
  ...
cosmic.errors.ChallengeFileError: you: unknown value 'both' (legal: offense, defense, ally)
>>> parse_json_text(b'{"deal_success": Infinity}')
Traceback (most recent call last):
  ...
cosmic.errors.ChallengeFileError: deal_success: Infinity is not a number JSON allows
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

from cosmic.advice import InviteOdds, SendOdds
from cosmic.cards import Card, Edict
from cosmic.challenge import Challenge, Objective, OpponentModel, anonymous_allies
from cosmic.decks import Deck, preset, presets
from cosmic.edicts import PlayedEdict
from cosmic.equilibrium import Equilibrium
from cosmic.errors import CardError, ChallengeError, ChallengeFileError, DeckError, shown
from cosmic.invitation import Invitation, InvitationReport
from cosmic.odds import Report
from cosmic.outcomes import Odds
from cosmic.powers import AmoebaTiming, MutantRule, Power, PowerOptions, VirusAllies
from cosmic.sides import BySide, Side
from cosmic.table import Ally
from fileio import DocumentError, parse_document

FORMAT = "fleetlab-cosmic/1"
OUTPUT_FORMAT = "fleetlab-cosmic-odds/1"
ALLY_OUTPUT_FORMAT = "fleetlab-cosmic-invitation/1"

MAX_BYTES = 1_000_000
"""Largest challenge file read (a challenge is a few hundred bytes)."""
MAX_DEPTH = 32
"""Deepest nesting of JSON arrays and objects read (the format needs 4)."""
MAX_DIGITS = 30
"""Most digits of a number read (counts need 3; a probability a few)."""
MAX_SHIPS = 50
"""Most ships a main player may have in a challenge (20 tokens each in the text)."""
MAX_HAND = 20
"""Largest hand size read (the decks' hand size is 7 or 8)."""
MAX_COPIES = 200
"""Most copies of a card in a changed deck."""

E = TypeVar("E", bound=StrEnum)

KEYS = {
    "format",
    "deck",
    "you",
    "hand",
    "ships",
    "allies",
    "opponent_hand_size",
    "seen",
    "opponent_known",
    "powers",
    "opponent",
    "objective",
    "deal_success",
    "second_challenge",
    "options",
    "edicts",
    "candidates",
}
REQUIRED = ("format", "deck", "you", "hand", "ships", "allies", "opponent_hand_size")
ALLY_KEYS = {
    "format",
    "deck",
    "you",
    "hand",
    "seen",
    "ships",
    "allies",
    "hand_sizes",
    "invited_by",
    "powers",
    "your_power",
    "opponent",
    "options",
    "edicts",
    "name",
}
ALLY_REQUIRED = ("format", "deck", "you", "hand", "ships", "hand_sizes", "invited_by")
OPTION_KEYS = {
    "virus_allies",
    "mutant_rule",
    "mutant_takes",
    "amoeba_reserve",
    "trader_swaps",
    "vulch_holds",
    "amoeba_timing",
    "philanthropist_gives",
}


class JsonNumber(str):
    """A JSON number with a fraction or an exponent, kept as its text (read by ``_fraction``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str.__str__(self)


def _fail(path: str, message: str) -> ChallengeFileError:
    return ChallengeFileError(path, message)


def _decimal(text: str) -> JsonNumber:
    """A number with a fraction or an exponent, kept as its text (``fileio`` refuses it, with
    its path, when it is longer than cosmic reads)."""
    if len(text) > 2 * MAX_DIGITS:
        raise ValueError(f"a number of {len(text):,} characters; numbers have at most {MAX_DIGITS}")
    return JsonNumber(text)


def parse_json_text(data: bytes | str, where: str = "") -> object:
    """The JSON values of a challenge file's content, or ``ChallengeFileError`` saying why not.

    This is the one function of cosmic that reads raw text: it is ``fileio.parse_document``
    (the reader every Fleetlab file shares, ``docs/file-reading.md``) with cosmic's own limits,
    ``MAX_BYTES``, ``MAX_DEPTH``, and numbers with a fraction or an exponent kept as their text
    (``JsonNumber``, at most ``2 * MAX_DIGITS`` characters); ``where`` names the source in
    messages.
    """
    try:
        return parse_document(
            data, where=where, max_bytes=MAX_BYTES, max_depth=MAX_DEPTH, decimals=_decimal
        )
    except DocumentError as exc:
        raise ChallengeFileError("", str(exc)) from None


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """At most ``MAX_BYTES + 1`` bytes of a file (so ``/dev/zero`` or a huge file is refused
    without reading it whole); ``ChallengeFileError`` when it cannot be read."""
    p = Path(path)
    try:
        with p.open("rb") as handle:
            return handle.read(MAX_BYTES + 1)
    except IsADirectoryError:
        raise ChallengeFileError("", f"{shown(str(p))} is a folder, not a challenge file") from None
    except OSError as exc:
        raise ChallengeFileError(
            "", f"cannot read {shown(str(p))}: {exc.strerror or type(exc).__name__}"
        ) from None


def load_challenge(path: str | os.PathLike[str]) -> Challenge | Invitation:
    """Read and parse a challenge file (``read_bytes``, ``parse_json_text``,
    ``parse_challenge``)."""
    return parse_challenge(parse_json_text(read_bytes(path), shown(str(path))))


# ----- values ---------------------------------------------------------------------------------


def _key(key: object) -> str:
    """A key as a path element, cut to a readable length."""
    text = str(key)
    return text if len(text) <= 30 else f"{text[:30]}..."


def _object(value: object, path: str, keys: set[str]) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise _fail(path, f"expected an object, got {shown(value)}")
    for key in value:
        if key not in keys:
            raise _fail(
                f"{path}.{_key(key)}" if path else _key(key),
                f"unknown key {shown(key)} (legal: {', '.join(sorted(keys))})",
            )
    return value


def _int(value: object, path: str, low: int = 0, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(path, f"expected a whole number, got {shown(value)}")
    if value < low:
        raise _fail(path, f"{shown(value)} is below {low}")
    if high is not None and value > high:
        raise _fail(path, f"{shown(value)} is above {high}")
    return value


def _bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(path, f"expected true or false, got {shown(value)}")
    return value


def _enum(kind: type[E], value: object, path: str, optional: bool = False) -> E | None:
    if value is None and optional:
        return None
    legal = [e.value for e in kind if e.value]
    if isinstance(value, str) and value in legal:
        return kind(value)
    extra = ", null" if optional else ""
    raise _fail(path, f"unknown value {shown(value)} (legal: {', '.join(legal)}{extra})")


def _required_enum(kind: type[E], value: object, path: str) -> E:
    found = _enum(kind, value, path)
    assert found is not None
    return found


def _card(value: object, path: str) -> Card:
    try:
        return Card.parse(value)
    except CardError as exc:
        raise _fail(path, str(exc)) from None


def _cards(value: object, path: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise _fail(path, f"expected a list of cards, got {shown(value)}")
    return tuple(_card(v, f"{path}[{i}]") for i, v in enumerate(value))


def _sides(value: object, path: str, high: int) -> BySide[int]:
    obj = _object(value, path, {"offense", "defense"})
    for side in ("offense", "defense"):
        if side not in obj:
            raise _fail(f"{path}.{side}", "missing (give a number for both sides)")
    return BySide(
        _int(obj["offense"], f"{path}.offense", high=high),
        _int(obj["defense"], f"{path}.defense", high=high),
    )


def _ally(value: object, path: str) -> Ally:
    obj = _object(value, path, {"ships", "power", "name"})
    if "ships" not in obj:
        raise _fail(f"{path}.ships", "missing (1 to 4 ships)")
    name = obj.get("name", "")
    if not isinstance(name, str) or len(name) > 40:
        raise _fail(f"{path}.name", f"expected a short name, got {shown(name)}")
    return Ally(
        _int(obj["ships"], f"{path}.ships", high=MAX_SHIPS),
        _enum(Power, obj.get("power"), f"{path}.power", optional=True),
        name,
    )


def _ally_list(value: object, path: str) -> tuple[Ally, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        try:
            return anonymous_allies(_int(value, path, high=4 * MAX_SHIPS))
        except ChallengeError as exc:
            raise _fail(path, str(exc)) from None
    if not isinstance(value, list) or len(value) > 10:
        raise _fail(
            path, f"expected the allies' ships together or a list of allies, got {shown(value)}"
        )
    return tuple(_ally(v, f"{path}[{i}]") for i, v in enumerate(value))


def _allies(value: object, path: str) -> BySide[tuple[Ally, ...]]:
    obj = _object(value, path, {"offense", "defense"})
    for side in ("offense", "defense"):
        if side not in obj:
            raise _fail(f"{path}.{side}", "missing (give allies for both sides, 0 for none)")
    return BySide(
        _ally_list(obj["offense"], f"{path}.offense"),
        _ally_list(obj["defense"], f"{path}.defense"),
    )


def _deck(value: object) -> Deck:
    if isinstance(value, str):
        try:
            return preset(value)
        except DeckError as exc:
            raise _fail("deck", str(exc)) from None
    obj = _object(value, "deck", {"preset", "counts", "hand_size"})
    if "preset" not in obj:
        raise _fail("deck.preset", "missing (the deck the counts change, e.g. 'eon')")
    try:
        base = preset(obj["preset"])
    except DeckError as exc:
        raise _fail("deck.preset", str(exc)) from None
    counts_raw = obj.get("counts", {})
    if not isinstance(counts_raw, dict):
        raise _fail("deck.counts", f"expected an object of card: copies, got {shown(counts_raw)}")
    counts = {
        _card(k, f"deck.counts.{_key(k)}"): _int(v, f"deck.counts.{_key(k)}", high=MAX_COPIES)
        for k, v in counts_raw.items()
    }
    hand_size = obj.get("hand_size")
    try:
        return base.with_counts(
            counts, None if hand_size is None else _int(hand_size, "deck.hand_size", 1, MAX_HAND)
        )
    except (DeckError, CardError) as exc:
        raise _fail("deck", str(exc)) from None


def _options(value: object) -> PowerOptions:
    obj = _object(value, "options", OPTION_KEYS)
    reserve = obj.get("amoeba_reserve")
    takes = obj.get("mutant_takes")
    return PowerOptions(
        virus_allies=_required_enum(
            VirusAllies, obj.get("virus_allies", "multiply"), "options.virus_allies"
        ),
        mutant_rule=_required_enum(
            MutantRule, obj.get("mutant_rule", "text"), "options.mutant_rule"
        ),
        mutant_takes=None if takes is None else _int(takes, "options.mutant_takes", 0, MAX_HAND),
        amoeba_reserve=None
        if reserve is None
        else _int(reserve, "options.amoeba_reserve", 0, MAX_SHIPS),
        trader_swaps=_bool(obj.get("trader_swaps", True), "options.trader_swaps"),
        vulch_holds=_cards(obj.get("vulch_holds", []), "options.vulch_holds"),
        amoeba_timing=_required_enum(
            AmoebaTiming, obj.get("amoeba_timing", "text"), "options.amoeba_timing"
        ),
        philanthropist_gives=_bool(
            obj.get("philanthropist_gives", False), "options.philanthropist_gives"
        ),
    )


_DECIMAL = re.compile(r"(?P<int>[0-9]+)(?:\.(?P<frac>[0-9]+))?(?:[eE](?P<exp>[+-]?[0-9]+))?")
_RATIO = re.compile(r"(?P<num>[0-9]+)/(?P<den>[0-9]+)")


def _fraction(value: object, path: str) -> Fraction:
    """A probability from a number or a string (``0.5``, ``"1/2"``, ``"0.25"``), exactly, with
    the digits and the exponent checked before any arithmetic."""
    bad = _fail(path, f"expected a probability such as 0.5 or '1/2', got {shown(value)}")
    if isinstance(value, bool):
        raise bad
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise bad
        value = repr(value)
    if isinstance(value, int):
        result = Fraction(value)
    elif isinstance(value, str):
        text = value.strip()
        if len(text) > 2 * MAX_DIGITS:
            raise bad
        ratio = _RATIO.fullmatch(text)
        decimal = _DECIMAL.fullmatch(text)
        if ratio:
            if int(ratio["den"]) == 0:
                raise bad
            result = Fraction(int(ratio["num"]), int(ratio["den"]))
        elif decimal:
            exp = int(decimal["exp"] or 0)
            if abs(exp) > MAX_DIGITS:
                raise _fail(
                    path,
                    f"{shown(value)}: Fleetlab reads exponents from -{MAX_DIGITS} to "
                    f"{MAX_DIGITS} (a probability is between 0 and 1)",
                )
            digits = decimal["int"] + (decimal["frac"] or "")
            scale = len(decimal["frac"] or "") - exp
            result = Fraction(int(digits), 10**scale) if scale >= 0 else int(digits) * 10**-scale
            result = Fraction(result)
        else:
            raise bad
    else:
        raise bad
    if not 0 <= result <= 1:
        raise _fail(path, f"{shown(value)} is not between 0 and 1")
    return result


def _edicts(value: object) -> tuple[PlayedEdict, ...]:
    if not isinstance(value, list) or len(value) > 20:
        raise _fail("edicts", f"expected a list of edicts played, got {shown(value)}")
    out: list[PlayedEdict] = []
    for i, item in enumerate(value):
        path = f"edicts[{i}]"
        if isinstance(item, str):
            item = {"edict": item}
        obj = _object(item, path, {"edict", "target"})
        edict = _required_enum(Edict, obj.get("edict"), f"{path}.edict")
        target = obj.get("target", "")
        if not isinstance(target, str) or len(target) > 40:
            raise _fail(f"{path}.target", f"expected a short name, got {shown(target)}")
        out.append(PlayedEdict(edict, target))
    return tuple(out)


def _powers(value: object) -> BySide[Power | None]:
    raw = _object(value, "powers", {"offense", "defense"})
    return BySide(
        _enum(Power, raw.get("offense"), "powers.offense", optional=True),
        _enum(Power, raw.get("defense"), "powers.defense", optional=True),
    )


def candidates_of(data: object) -> tuple[Ally, ...]:
    """The ``candidates`` of a decoded challenge file: allies you might invite."""
    if not isinstance(data, dict) or "candidates" not in data:
        return ()
    value = data["candidates"]
    if not isinstance(value, list) or len(value) > 6:
        raise _fail("candidates", f"expected a list of up to 6 allies, got {shown(value)}")
    return tuple(_ally(v, f"candidates[{i}]") for i, v in enumerate(value))


def parse_challenge(data: object) -> Challenge | Invitation:
    """A ``Challenge`` (or an ally's ``Invitation``) from a decoded challenge file;
    ``ChallengeFileError`` names any bad path."""
    if isinstance(data, dict) and data.get("you") == "ally":
        return _parse_invitation(data)
    obj = _object(data, "", KEYS)
    for key in REQUIRED:
        if key not in obj:
            raise _fail(key, "missing (required key)")
    if obj["format"] != FORMAT:
        raise _fail("format", f"unknown format {shown(obj['format'])} (legal: {FORMAT!r})")
    if obj["you"] not in ("offense", "defense"):
        raise _fail("you", f"unknown value {shown(obj['you'])} (legal: offense, defense, ally)")
    you = Side(obj["you"])
    candidates_of(obj)
    try:
        return Challenge(
            deck=_deck(obj["deck"]),
            you=you,
            hand=_cards(obj["hand"], "hand"),
            ships=_sides(obj["ships"], "ships", MAX_SHIPS),
            allies=_allies(obj["allies"], "allies"),
            opponent_hand_size=_int(obj["opponent_hand_size"], "opponent_hand_size", high=100),
            seen=_cards(obj.get("seen", []), "seen"),
            opponent_known=_cards(obj.get("opponent_known", []), "opponent_known"),
            powers=_powers(obj.get("powers", {})),
            opponent=_required_enum(OpponentModel, obj.get("opponent", "highest"), "opponent"),
            objective=_required_enum(Objective, obj.get("objective", "win"), "objective"),
            deal_success=_fraction(obj.get("deal_success", "1/2"), "deal_success"),
            second_challenge=_bool(obj.get("second_challenge", False), "second_challenge"),
            options=_options(obj.get("options", {})),
            edicts=_edicts(obj.get("edicts", [])),
        )
    except ChallengeFileError:
        raise
    except ChallengeError as exc:
        raise _fail(exc.path, str(exc).removeprefix(f"{exc.path}: ")) from None
    except (CardError, DeckError) as exc:
        raise _fail("", str(exc)) from None


def _parse_invitation(data: Mapping[str, Any]) -> Invitation:
    obj = _object(data, "", ALLY_KEYS)
    for key in ALLY_REQUIRED:
        if key not in obj:
            raise _fail(key, "missing (required key for an ally's question)")
    if obj["format"] != FORMAT:
        raise _fail("format", f"unknown format {shown(obj['format'])} (legal: {FORMAT!r})")
    invited = obj["invited_by"]
    if not isinstance(invited, list) or not invited or len(invited) > 2:
        raise _fail("invited_by", f"expected a list of sides, got {shown(invited)}")
    sides = frozenset(_required_enum(Side, v, f"invited_by[{i}]") for i, v in enumerate(invited))
    name = obj.get("name", "you")
    if not isinstance(name, str) or len(name) > 40:
        raise _fail("name", f"expected a short name, got {shown(name)}")
    try:
        return Invitation(
            deck=_deck(obj["deck"]),
            hand=_cards(obj["hand"], "hand"),
            ships=_sides(obj["ships"], "ships", MAX_SHIPS),
            hand_sizes=_sides(obj["hand_sizes"], "hand_sizes", MAX_HAND),
            invited_by=sides,
            allies=_allies(obj.get("allies", {"offense": 0, "defense": 0}), "allies"),
            seen=_cards(obj.get("seen", []), "seen"),
            powers=_powers(obj.get("powers", {})),
            your_power=_enum(Power, obj.get("your_power"), "your_power", optional=True),
            model=_required_enum(OpponentModel, obj.get("opponent", "highest"), "opponent"),
            options=_options(obj.get("options", {})),
            edicts=_edicts(obj.get("edicts", [])),
            name=name,
        )
    except ChallengeFileError:
        raise
    except ChallengeError as exc:
        raise _fail(exc.path, str(exc).removeprefix(f"{exc.path}: ")) from None


# ----- writing --------------------------------------------------------------------------------


def _deck_to_json(deck: Deck) -> object:
    base = presets().get(deck.name)
    if base is not None and base == deck:
        return deck.name
    if base is None:
        raise DeckError(
            f"deck {deck.name!r} is not a preset and has no file form (a file names a preset, "
            "with changed counts)"
        )
    counts: dict[str, int] = {}
    mine, theirs = deck.counter(), base.counter()
    for card in sorted(set(mine) | set(theirs)):
        if mine[card] != theirs[card]:
            counts[str(card)] = mine[card]
    out: dict[str, object] = {"preset": deck.name, "counts": counts}
    if deck.hand_size != base.hand_size:
        out["hand_size"] = deck.hand_size
    return out


def _ally_to_json(a: Ally) -> dict[str, object]:
    out: dict[str, object] = {"ships": a.ships, "power": None if a.power is None else a.power.value}
    if a.name:
        out["name"] = a.name
    return out


def challenge_to_dict(c: Challenge) -> dict[str, object]:
    """The challenge file of a challenge (``parse_challenge`` reads it back to an equal value)."""
    o = c.options
    return {
        "format": FORMAT,
        "deck": _deck_to_json(c.deck),
        "you": c.you.value,
        "hand": [str(x) for x in c.hand],
        "ships": {"offense": c.ships.offense, "defense": c.ships.defense},
        "allies": {s.value: [_ally_to_json(a) for a in c.allies.of(s)] for s in Side},
        "opponent_hand_size": c.opponent_hand_size,
        "seen": [str(x) for x in c.seen],
        "opponent_known": [str(x) for x in c.opponent_known],
        "powers": {
            "offense": None if c.powers.offense is None else c.powers.offense.value,
            "defense": None if c.powers.defense is None else c.powers.defense.value,
        },
        "opponent": c.opponent.value,
        "objective": c.objective.value,
        "deal_success": str(c.deal_success),
        "second_challenge": c.second_challenge,
        "options": {
            "virus_allies": o.virus_allies.value,
            "mutant_rule": o.mutant_rule.value,
            "mutant_takes": o.mutant_takes,
            "amoeba_reserve": o.amoeba_reserve,
            "trader_swaps": o.trader_swaps,
            "vulch_holds": [str(x) for x in o.vulch_holds],
            "amoeba_timing": o.amoeba_timing.value,
            "philanthropist_gives": o.philanthropist_gives,
        },
        "edicts": [{"edict": e.edict.value, "target": e.target} for e in c.edicts],
    }


def _number(value: Fraction | None) -> tuple[float | None, str | None]:
    return (None, None) if value is None else (float(value), str(value))


def odds_to_dict(odds: Odds) -> dict[str, object]:
    """Floats for reading plus the exact fractions as strings; allies' odds in ``allies``."""
    fields = ("win", "lose", "deal", "redraw", "warp", "removed", "bases", "again")
    out: dict[str, object] = {}
    exact: dict[str, str | None] = {}
    for name in fields:
        out[name], exact[name] = _number(getattr(odds, name))
    out["exact"] = exact
    if odds.allies:
        out["allies"] = [
            {
                "side": a.side.value,
                "name": a.name,
                "win": float(a.win),
                "lost": float(a.lost),
                "rewards": float(a.rewards),
                "bases": float(a.bases),
            }
            for a in odds.allies
        ]
    return out


def equilibrium_to_dict(eq: Equilibrium) -> dict[str, object]:
    """The ``equilibrium`` entry of the output: ``strategy`` (card: probability; an Amoeba's
    ship counts under ``ships``), ``value`` (what it guarantees), ``opponent`` (its play
    summarised) and the checks."""
    strategy: dict[str, float] = {}
    ships: dict[str, dict[str, float]] = {}
    for play, p in eq.strategy:
        key = str(play.card)
        strategy[key] = strategy.get(key, 0.0) + float(p)
        ships.setdefault(key, {})[str(play.ships)] = float(p)
    out: dict[str, object] = {
        "strategy": strategy,
        "value": float(eq.value),
        "exact": str(eq.value) if eq.exact else None,
        "guarantee": float(eq.guarantee),
        "best_reply": float(eq.best_reply),
        "single_card": float(eq.single_card),
        "opponent": {
            "plays": {label: float(p) for label, p in eq.opponent},
            "hand_types": eq.hand_types,
            "mixed_types": eq.mixed_types,
            "how": eq.how,
        },
        "odds": odds_to_dict(eq.odds),
    }
    if eq.chooses_ships:
        out["ships"] = ships
    return out


def report_to_dict(report: Report) -> dict[str, object]:
    """The JSON output of ``fleetlab cosmic --json``."""
    deck = report.challenge.deck
    out: dict[str, object] = {
        "format": OUTPUT_FORMAT,
        "deck": {"name": deck.name, "exact": deck.exact, "note": deck.note},
        "you": report.challenge.you.value,
        "opponent": report.challenge.opponent.value,
        "cards": [
            {"card": str(r.card), "ships": r.ships, **odds_to_dict(r.odds)} for r in report.cards
        ],
        "best": None if report.best is None else str(report.best),
        "plans": [
            {"plan": p.name, "description": p.description, **odds_to_dict(p.odds)}
            for p in report.plans
        ],
        "best_plan": report.best_plan.name,
        "notes": list(report.notes),
        "compositions": report.compositions,
    }
    if report.equilibrium is not None:
        out["equilibrium"] = equilibrium_to_dict(report.equilibrium)
    return out


def invitation_report_to_dict(report: InvitationReport) -> dict[str, object]:
    """The JSON output of ``fleetlab cosmic --json`` for an ally's question."""
    deck = report.invitation.deck
    rows = []
    for r in report.rows:
        rows.append(
            {
                "choice": r.choice,
                "side": None if r.side is None else r.side.value,
                "ships": r.ships,
                "win": float(r.win),
                "lose": float(r.lose),
                "deal": float(r.deal),
                "lost": float(r.lost),
                "rewards": float(r.rewards),
                "bases": float(r.bases),
                "offense_wins": float(r.offense_wins),
                "exact": {
                    k: str(getattr(r, k))
                    for k in ("win", "lose", "deal", "lost", "rewards", "bases", "offense_wins")
                },
            }
        )
    return {
        "format": ALLY_OUTPUT_FORMAT,
        "deck": {"name": deck.name, "exact": deck.exact, "note": deck.note},
        "model": report.invitation.model.value,
        "choices": rows,
        "best": report.best.choice,
        "notes": list(report.notes),
    }


def sends_to_dict(rows: tuple[SendOdds, ...], best: SendOdds) -> dict[str, object]:
    """The ``ships_to_send`` entry of the output: each count's best card and odds."""
    return {
        "rows": [
            {
                "ships": r.ships,
                "card": None if r.card is None else str(r.card),
                "card_ships": r.card_ships,
                "plan": r.plan,
                "lost": float(r.odds.lost),
                **odds_to_dict(r.odds),
            }
            for r in rows
        ],
        "best": best.ships,
    }


def invitations_to_dict(rows: tuple[InviteOdds, ...], best: InviteOdds) -> dict[str, object]:
    """The ``invitations`` entry of the output: each set of candidates invited, with odds."""
    return {
        "rows": [
            {
                "invite": r.label,
                "allies": [_ally_to_json(a) for a in r.invited],
                "card": None if r.card is None else str(r.card),
                "plan": r.plan,
                "lost": float(r.odds.lost),
                "ally_bases": float(r.ally_bases),
                "ally_rewards": float(r.ally_rewards),
                **odds_to_dict(r.odds),
            }
            for r in rows
        ],
        "best": best.label,
    }
