"""Page: exact Cosmic Encounter challenge odds, the same inputs as ``fleetlab cosmic``."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import streamlit as st

from calc import percent
from cosmic import (
    BySide,
    Challenge,
    CosmicError,
    MutantRule,
    Objective,
    OpponentModel,
    Power,
    PowerOptions,
    Report,
    Side,
    VirusAllies,
    preset,
    presets,
    solve,
)
from cosmic.cards import Card
from cosmic.fileformat import odds_to_dict
from ui.figures import cosmic_win_chart

st.title("Cosmic Encounter")
st.caption(
    "Exact odds of a challenge: the opponent's hand is every possible draw from the cards you "
    "have not seen, weighted exactly (multivariate hypergeometric), never sampled."
)


def _cards(text: str, label: str) -> tuple[Card, ...]:
    out = []
    for i, token in enumerate(t.strip() for t in text.split(",") if t.strip()):
        try:
            out.append(Card.parse(token))
        except CosmicError as exc:
            raise CosmicError(f"{label}[{i}]: {exc}") from None
    return tuple(out)


def _counts(text: str) -> dict[Card, int]:
    counts: dict[Card, int] = {}
    for token in (t.strip() for t in text.split(",") if t.strip()):
        card, sep, n = token.partition("=")
        if not sep or not n.strip().isdigit():
            raise CosmicError(f"deck counts: {token!r} is not card=copies, e.g. 'edict=10'")
        counts[Card.parse(card)] = int(n)
    return counts


POWERS = ["none"] + [p.value for p in Power]


# How the odds columns read: chances as percentages with sensible precision (``calc.battle.report``:
# "<0.01%" is not "0%"), expected counts with two decimals. (A comment, not a docstring:
# Streamlit would show a bare string on the page.)
CHANCES = ("win", "lose", "deal", "redraw", "again")


def _chance(label: str, text: str) -> Any:
    return st.column_config.TextColumn(label, help=text)


def _expected(label: str, text: str) -> Any:
    return st.column_config.NumberColumn(label, help=text, format="%.2f")


ODDS_COLUMNS = {
    "win": _chance("win", "Probability that you win the challenge."),
    "lose": _chance("lose", "Probability that you lose (or both sides lose a failed deal)."),
    "deal": _chance("deal", "Probability that a deal is forced (both played a compromise)."),
    "redraw": _chance("redraw", "Probability that you must discard and draw a new hand."),
    "warp": _expected("warp", "Expected ships you lose to the warp (a failed deal counts 3)."),
    "removed": _expected("removed", "Expected ships of yours removed from the game (Void)."),
    "bases": _expected("bases", "Expected bases gained."),
    "again": _chance("again", "Chance the offense may challenge again this turn."),
}


def _readable(row: dict[str, Any]) -> dict[str, Any]:
    """A table row: the exact fractions left out, chances as percentages."""
    return {
        k: (percent(v) if k in CHANCES and v is not None else v)
        for k, v in row.items()
        if k != "exact"
    }


left, right = st.columns(2)
with left:
    deck_name = st.selectbox(
        "Deck", sorted(presets()), index=sorted(presets()).index("mayfair_1991")
    )
    base = preset(deck_name)
    if not base.exact:
        st.warning(base.note, icon=":material/warning:")
    else:
        st.caption(f"{base.title}: {base.describe()}. {base.note}")
    changes = st.text_input(
        "Change deck counts (card=copies, comma-separated)",
        value="",
        help="For example 'edict=10, attack:40=0'. The Eon preset is an estimate: set its counts.",
    )
    you = st.radio("You are", [s.value for s in Side], horizontal=True)
    hand_text = st.text_input("Your hand", value="attack:12, attack:6, compromise")
    seen_text = st.text_input("Seen cards (discards, shown cards)", value="")
    known_text = st.text_input("Cards known in the opponent's hand", value="")
    hand_size = st.number_input("Opponent's hand size", min_value=0, max_value=20, value=7)
with right:
    a, b = st.columns(2)
    ships_off = a.number_input("Offense ships", min_value=0, max_value=20, value=4)
    ships_def = b.number_input("Defense ships", min_value=0, max_value=20, value=2)
    allies_off = a.number_input("Offensive allies' ships", min_value=0, max_value=40, value=0)
    allies_def = b.number_input("Defensive allies' ships", min_value=0, max_value=40, value=3)
    power_off = a.selectbox("Offense power", POWERS)
    power_def = b.selectbox("Defense power", POWERS)
    model = st.selectbox("Opponent model", [m.value for m in OpponentModel])
    objective = st.selectbox("Best card maximises", [o.value for o in Objective])
    deal = st.slider("Chance a forced deal is made", 0.0, 1.0, 0.5, 0.05)
    with st.expander("Power options (text vs published rules)"):
        virus = st.selectbox("Virus and allies", [v.value for v in VirusAllies])
        mutant = st.selectbox("Mutant may take cards from", [m.value for m in MutantRule])
        takes = st.number_input("Cards an opposing Mutant takes from you", 0, 7, 1)
        reserve = st.number_input("Amoeba reserve ships (-1: all its other ships)", -1, 20, -1)
        swaps = st.checkbox("An opposing Trader swaps hands", value=True)
        vulch_text = st.text_input("Seen cards an opposing Vulch holds", value="")


@st.cache_data(max_entries=256, show_spinner="Enumerating the opponent's hands")
def _solve(challenge: Challenge) -> Report:
    """The challenge's odds, solved once per challenge (a rerun with the same inputs, or a
    return to the page, takes them from the cache)."""
    return solve(challenge)


def _power(name: str) -> Power | None:
    return None if name == "none" else Power(name)


try:
    counts = _counts(changes)
    deck = base.with_counts(counts) if counts else base
    challenge = Challenge(
        deck=deck,
        you=Side(you),
        hand=_cards(hand_text, "hand"),
        ships=BySide(int(ships_off), int(ships_def)),
        allies=BySide(int(allies_off), int(allies_def)),
        opponent_hand_size=int(hand_size),
        seen=_cards(seen_text, "seen"),
        opponent_known=_cards(known_text, "opponent_known"),
        powers=BySide(_power(power_off), _power(power_def)),
        opponent=OpponentModel(model),
        objective=Objective(objective),
        deal_success=Fraction(deal).limit_denominator(1000),
        options=PowerOptions(
            virus_allies=VirusAllies(virus),
            mutant_rule=MutantRule(mutant),
            mutant_takes=int(takes) if MutantRule(mutant) is MutantRule.TEXT else None,
            amoeba_reserve=None if reserve < 0 else int(reserve),
            trader_swaps=swaps,
            vulch_holds=_cards(vulch_text, "options.vulch_holds"),
        ),
    )
    report = _solve(challenge)
except CosmicError as exc:
    st.error(str(exc))
    st.stop()

if not challenge.deck.exact:
    st.info(f"Odds use an estimated deck. {challenge.deck.note}")

rows: list[dict[str, Any]] = [{"card": str(r.card), **odds_to_dict(r.odds)} for r in report.cards]
if rows:
    best = None if report.best is None else str(report.best)
    st.subheader(f"Best card: {best}" if best else "Your card is drawn at random")
    st.plotly_chart(
        cosmic_win_chart(
            [r["card"] for r in rows],
            [r["win"] for r in rows],
            [r["deal"] for r in rows],
            [r["lose"] for r in rows],
            best,
        ),
        width="stretch",
    )
    st.dataframe(
        [_readable(r) for r in rows],
        hide_index=True,
        width="stretch",
        key="cosmic-cards",
        column_config=ODDS_COLUMNS,
    )
plans = [
    {"plan": p.name, "description": p.description, **odds_to_dict(p.odds)} for p in report.plans
]
st.subheader(f"Best plan: {report.best_plan.description}")
st.dataframe(
    [_readable(p) for p in plans],
    hide_index=True,
    width="stretch",
    key="cosmic-plans",
    column_config=ODDS_COLUMNS,
)
for note in report.notes:
    if not note.startswith("Deck "):
        st.caption(note)
st.caption(f"{report.compositions} opponent hand compositions enumerated.")
