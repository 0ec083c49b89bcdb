"""The challenge file ``fleetlab-cosmic/1`` and the JSON form of the odds.

``parse_challenge(data)`` reads the decoded JSON of a challenge file into a ``Challenge``; every
unknown key and bad value raises ``ChallengeFileError`` whose ``path`` names it (``hand[2]``,
``ships.offense``, ``deck.counts.attack:40``). ``challenge_to_dict`` writes the file back, so a
file round-trips. ``report_to_dict`` is the ``--json`` output. The format is documented in
docs/cosmic-file.md.

>>> c = parse_challenge({"format": "fleetlab-cosmic/1", "deck": "mayfair_1991", "you": "offense",
...     "hand": ["attack:12", "compromise"], "ships": {"offense": 4, "defense": 2},
...     "allies": {"offense": 0, "defense": 3}, "opponent_hand_size": 7})
>>> parse_challenge(challenge_to_dict(c)) == c
True
>>> parse_challenge({**challenge_to_dict(c), "you": "both"})
Traceback (most recent call last):
  ...
cosmic.errors.ChallengeFileError: you: unknown value 'both' (legal: offense, defense)
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from fractions import Fraction
from typing import Any, TypeVar

from cosmic.cards import Card
from cosmic.challenge import BySide, Challenge, Objective, OpponentModel, Side
from cosmic.decks import Deck, preset, presets
from cosmic.errors import CardError, ChallengeError, ChallengeFileError, DeckError
from cosmic.odds import Odds, Report
from cosmic.powers import MutantRule, Power, PowerOptions, VirusAllies

FORMAT = "fleetlab-cosmic/1"
OUTPUT_FORMAT = "fleetlab-cosmic-odds/1"

E = TypeVar("E", bound=StrEnum)

KEYS = {
    "format", "deck", "you", "hand", "ships", "allies", "opponent_hand_size", "seen",
    "opponent_known", "powers", "opponent", "objective", "deal_success", "second_challenge",
    "options",
}  # fmt: skip
REQUIRED = ("format", "deck", "you", "hand", "ships", "allies", "opponent_hand_size")
OPTION_KEYS = {
    "virus_allies", "mutant_rule", "mutant_takes", "amoeba_reserve", "trader_swaps", "vulch_holds",
}  # fmt: skip


def _fail(path: str, message: str) -> ChallengeFileError:
    return ChallengeFileError(path, message)


def _object(value: object, path: str, keys: set[str]) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise _fail(path, f"expected an object, got {value!r}")
    for key in value:
        if key not in keys:
            raise _fail(
                f"{path}.{key}" if path else key,
                f"unknown key {key!r} (legal: {', '.join(sorted(keys))})",
            )
    return value


def _int(value: object, path: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(path, f"expected a whole number, got {value!r}")
    if value < low:
        raise _fail(path, f"{value!r} is below {low}")
    return value


def _enum(kind: type[E], value: object, path: str, optional: bool = False) -> E | None:
    if value is None and optional:
        return None
    legal = [e.value for e in kind]
    if isinstance(value, str) and value in legal:
        return kind(value)
    extra = ", null" if optional else ""
    raise _fail(path, f"unknown value {value!r} (legal: {', '.join(legal)}{extra})")


def _card(value: object, path: str) -> Card:
    try:
        return Card.parse(value)  # type: ignore[arg-type]
    except CardError as exc:
        raise _fail(path, str(exc)) from None


def _cards(value: object, path: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise _fail(path, f"expected a list of cards, got {value!r}")
    return tuple(_card(v, f"{path}[{i}]") for i, v in enumerate(value))


def _sides(value: object, path: str) -> BySide[int]:
    obj = _object(value, path, {"offense", "defense"})
    for side in ("offense", "defense"):
        if side not in obj:
            raise _fail(f"{path}.{side}", "missing (give ships for both sides)")
    return BySide(_int(obj["offense"], f"{path}.offense"), _int(obj["defense"], f"{path}.defense"))


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
        raise _fail("deck.counts", f"expected an object of card: copies, got {counts_raw!r}")
    counts = {
        _card(k, f"deck.counts.{k}"): _int(v, f"deck.counts.{k}") for k, v in counts_raw.items()
    }
    hand_size = obj.get("hand_size")
    try:
        return base.with_counts(
            counts, None if hand_size is None else _int(hand_size, "deck.hand_size", 1)
        )
    except DeckError as exc:
        raise _fail("deck", str(exc)) from None


def _options(value: object) -> PowerOptions:
    obj = _object(value, "options", OPTION_KEYS)
    reserve = obj.get("amoeba_reserve")
    takes = obj.get("mutant_takes")
    swaps = obj.get("trader_swaps", True)
    if not isinstance(swaps, bool):
        raise _fail("options.trader_swaps", f"expected true or false, got {swaps!r}")
    virus = _enum(VirusAllies, obj.get("virus_allies", "multiply"), "options.virus_allies")
    mutant = _enum(MutantRule, obj.get("mutant_rule", "text"), "options.mutant_rule")
    assert virus is not None and mutant is not None
    return PowerOptions(
        virus_allies=virus,
        mutant_rule=mutant,
        mutant_takes=None if takes is None else _int(takes, "options.mutant_takes"),
        amoeba_reserve=None if reserve is None else _int(reserve, "options.amoeba_reserve"),
        trader_swaps=swaps,
        vulch_holds=_cards(obj.get("vulch_holds", []), "options.vulch_holds"),
    )


def _fraction(value: object, path: str) -> Fraction:
    if isinstance(value, bool):
        raise _fail(path, f"expected a probability, got {value!r}")
    try:
        if isinstance(value, int | float):
            result = Fraction(value).limit_denominator(10**6)
        elif isinstance(value, str):
            result = Fraction(value)
        else:
            raise ValueError
    except (ValueError, ZeroDivisionError):
        raise _fail(path, f"expected a probability such as 0.5 or '1/2', got {value!r}") from None
    if not 0 <= result <= 1:
        raise _fail(path, f"{value!r} is not between 0 and 1")
    return result


def parse_challenge(data: object) -> Challenge:
    """A ``Challenge`` from a decoded challenge file; ``ChallengeFileError`` names any bad path."""
    obj = _object(data, "", KEYS)
    for key in REQUIRED:
        if key not in obj:
            raise _fail(key, "missing (required key)")
    if obj["format"] != FORMAT:
        raise _fail("format", f"unknown format {obj['format']!r} (legal: {FORMAT!r})")
    you = _enum(Side, obj["you"], "you")
    assert you is not None
    powers_raw = _object(obj.get("powers", {}), "powers", {"offense", "defense"})
    powers = BySide(
        _enum(Power, powers_raw.get("offense"), "powers.offense", optional=True),
        _enum(Power, powers_raw.get("defense"), "powers.defense", optional=True),
    )
    second = obj.get("second_challenge", False)
    if not isinstance(second, bool):
        raise _fail("second_challenge", f"expected true or false, got {second!r}")
    opponent = _enum(OpponentModel, obj.get("opponent", "highest"), "opponent")
    objective = _enum(Objective, obj.get("objective", "win"), "objective")
    assert opponent is not None and objective is not None
    try:
        return Challenge(
            deck=_deck(obj["deck"]),
            you=you,
            hand=_cards(obj["hand"], "hand"),
            ships=_sides(obj["ships"], "ships"),
            allies=_sides(obj["allies"], "allies"),
            opponent_hand_size=_int(obj["opponent_hand_size"], "opponent_hand_size"),
            seen=_cards(obj.get("seen", []), "seen"),
            opponent_known=_cards(obj.get("opponent_known", []), "opponent_known"),
            powers=powers,
            opponent=opponent,
            objective=objective,
            deal_success=_fraction(obj.get("deal_success", "1/2"), "deal_success"),
            second_challenge=second,
            options=_options(obj.get("options", {})),
        )
    except ChallengeFileError:
        raise
    except ChallengeError as exc:
        raise _fail(exc.path, str(exc).removeprefix(f"{exc.path}: ")) from None


def _deck_to_json(deck: Deck) -> object:
    base = presets().get(deck.name)
    if base is not None and base == deck:
        return deck.name
    if base is None:
        raise ValueError(f"deck {deck.name!r} is not a preset and has no file form")
    counts: dict[str, int] = {}
    mine, theirs = deck.counter(), base.counter()
    for card in sorted(set(mine) | set(theirs)):
        if mine[card] != theirs[card]:
            counts[str(card)] = mine[card]
    out: dict[str, object] = {"preset": deck.name, "counts": counts}
    if deck.hand_size != base.hand_size:
        out["hand_size"] = deck.hand_size
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
        "allies": {"offense": c.allies.offense, "defense": c.allies.defense},
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
        },
    }


def odds_to_dict(odds: Odds) -> dict[str, object]:
    """Floats for reading plus the exact fractions as strings."""
    fields = ("win", "lose", "deal", "redraw", "warp", "removed", "bases", "again")
    out: dict[str, object] = {}
    exact: dict[str, str | None] = {}
    for name in fields:
        value = getattr(odds, name)
        out[name] = None if value is None else float(value)
        exact[name] = None if value is None else str(value)
    out["exact"] = exact
    return out


def report_to_dict(report: Report) -> dict[str, object]:
    """The JSON output of ``fleetlab cosmic --json``."""
    deck = report.challenge.deck
    return {
        "format": OUTPUT_FORMAT,
        "deck": {"name": deck.name, "exact": deck.exact, "note": deck.note},
        "you": report.challenge.you.value,
        "opponent": report.challenge.opponent.value,
        "cards": [{"card": str(r.card), **odds_to_dict(r.odds)} for r in report.cards],
        "best": None if report.best is None else str(report.best),
        "plans": [
            {"plan": p.name, "description": p.description, **odds_to_dict(p.odds)}
            for p in report.plans
        ],
        "best_plan": report.best_plan.name,
        "notes": list(report.notes),
        "compositions": report.compositions,
    }
