"""Page: exact Cosmic Encounter odds and advice, the same inputs as ``fleetlab cosmic``."""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

import streamlit as st

from calc import percent
from cosmic import (
    Ally,
    AmoebaTiming,
    Budget,
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
from cosmic.advice import invitations, ships_to_send
from cosmic.fileformat import (
    candidates_of,
    challenge_to_dict,
    invitations_to_dict,
    odds_to_dict,
    parse_challenge,
    parse_json_text,
    sends_to_dict,
)
from cosmic.invitation import Invitation, InvitationReport, advise_invitation
from ui.cosmic_inputs import EDICT_CHOICES, read_allies, read_cards, read_counts
from ui.figures import cosmic_win_chart

T = TypeVar("T")

st.title("Cosmic Encounter")
st.caption(
    "Exact odds of a challenge: the opponent's hand is every possible draw from the cards you "
    "have not seen, weighted exactly (multivariate hypergeometric), never sampled."
)

POWERS = ["none"] + [p.value for p in Power]
ALLY = "invited ally"

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
    "ships": st.column_config.NumberColumn("ships", help="Ships an Amoeba plays the card with."),
}


def _readable(row: dict[str, Any]) -> dict[str, Any]:
    """A table row: the exact fractions and allies left out, chances as percentages."""
    return {
        k: (percent(v) if k in CHANCES and v is not None else v)
        for k, v in row.items()
        if k not in ("exact", "allies")
    }


def _power(name: str) -> Power | None:
    return None if name == "none" else Power(name)


def _cached(key: object, compute: Callable[[], T]) -> T:
    """Results by input, kept for the session (a rerun with the same inputs, or a return to
    the page, reuses them); the 64 most recent."""
    cache: OrderedDict[object, Any] = st.session_state.setdefault("cosmic.cache", OrderedDict())
    if key in cache:
        cache.move_to_end(key)
        return cache[key]  # type: ignore[no-any-return]
    value = compute()
    cache[key] = value
    while len(cache) > 64:
        cache.popitem(last=False)
    return value


def _with_progress(label: str, run: Callable[[Callable[[float, str], None]], T]) -> T:
    bar = st.progress(0.0, text=label)

    def progress(fraction: float, stage: str) -> None:
        bar.progress(min(1.0, max(0.0, fraction)), text=f"{label}: {stage}")

    try:
        return run(progress)
    finally:
        bar.empty()


with st.expander("Challenge file: open one, or save these inputs"):
    upload = st.file_uploader(
        "Open a challenge file",
        type=["json"],
        key="cosmic.upload",
        help="A fleetlab-cosmic/1 file (docs/cosmic-file.md); its challenge replaces the inputs "
        "below until you remove it.",
    )
    save_slot = st.empty()

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
    you = st.radio("You are", [Side.OFFENSE.value, Side.DEFENSE.value, ALLY], horizontal=True)
    hand_text = st.text_input(
        "Your hand",
        value="attack:12, attack:6, compromise",
        help="Named edicts you may play: edict:cosmic_zap, edict:emotion_control, "
        "edict:force_field.",
    )
    seen_text = st.text_input("Seen cards (discards, shown cards)", value="")
    if you == ALLY:
        h1, h2 = st.columns(2)
        hand_off = h1.number_input("Offense's hand size", min_value=0, max_value=20, value=7)
        hand_def = h2.number_input("Defense's hand size", min_value=0, max_value=20, value=7)
        invited = st.multiselect(
            "Invited by", [Side.OFFENSE.value, Side.DEFENSE.value], default=[Side.OFFENSE.value]
        )
        your_power = st.selectbox("Your power", POWERS)
    else:
        known_text = st.text_input("Cards known in the opponent's hand", value="")
        hand_size = st.number_input("Opponent's hand size", min_value=0, max_value=20, value=7)
with right:
    a, b = st.columns(2)
    ships_off = a.number_input(
        "Offense ships", min_value=1, max_value=20, value=4, help="1 to 4 (a Macron 1)."
    )
    ships_def = b.number_input("Defense ships", min_value=0, max_value=20, value=2)
    allies_off = a.text_input(
        "Offensive allies", value="", help="Each ally as [name=]ships[ power]: 'red=2, 1 macron'."
    )
    allies_def = b.text_input("Defensive allies", value="3", help="For example 'blue=3'.")
    power_off = a.selectbox("Offense power", POWERS)
    power_def = b.selectbox("Defense power", POWERS)
    if you == ALLY:
        model = st.selectbox(
            "Main players' model", [OpponentModel.HIGHEST.value, OpponentModel.RANDOM.value]
        )
    else:
        model = st.selectbox(
            "Opponent model",
            [m.value for m in OpponentModel],
            help="'equilibrium' solves the card game as a zero-sum game: your best mixed "
            "strategy and what it guarantees, whatever the opponent does.",
        )
        objective = st.selectbox("Best card maximises", [o.value for o in Objective])
        deal = st.slider("Chance a forced deal is made", 0.0, 1.0, 0.5, 0.05)
        second = st.checkbox(
            "Second challenge of the turn", value=False, help="The offense cannot challenge again."
        )
        candidates_text = st.text_input(
            "Allies you might invite",
            value="",
            help="Each as [name=]ships[ power]; the page weighs every set of them (at most 4).",
        )
        want_sends = st.checkbox("Odds of sending 1 to 4 ships", value=False)
    played = st.multiselect("Edicts played on this challenge", list(EDICT_CHOICES))
    with st.expander("Power options (text vs published rules)"):
        timing = st.selectbox(
            "Amoeba oozes",
            [t.value for t in AmoebaTiming],
            help="'text': with its card, before the reveal; 'after_reveal': once both cards "
            "are known.",
        )
        virus = st.selectbox("Virus and allies", [v.value for v in VirusAllies])
        mutant = st.selectbox("Mutant may take cards from", [m.value for m in MutantRule])
        takes = st.number_input("Cards an opposing Mutant takes from you", 0, 7, 1)
        reserve = st.number_input("Amoeba reserve ships (-1: all its other ships)", -1, 20, -1)
        swaps = st.checkbox("An opposing Trader swaps hands", value=True)
        gives = st.checkbox("The opponent's allied Philanthropist gives it a card", value=False)
        vulch_text = st.text_input("Seen cards an opposing Vulch holds", value="")
    budget = st.number_input(
        "Time budget (seconds)",
        min_value=1,
        max_value=600,
        value=30,
        help="The exact odds stop with a message when they need longer.",
    )


def _options() -> PowerOptions:
    return PowerOptions(
        virus_allies=VirusAllies(virus),
        mutant_rule=MutantRule(mutant),
        mutant_takes=int(takes) if MutantRule(mutant) is MutantRule.TEXT else None,
        amoeba_reserve=None if reserve < 0 else int(reserve),
        trader_swaps=swaps,
        vulch_holds=read_cards(vulch_text, "options.vulch_holds"),
        amoeba_timing=AmoebaTiming(timing),
        philanthropist_gives=gives,
    )


def _from_inputs() -> Challenge | Invitation:
    counts = read_counts(changes)
    deck = base.with_counts(counts) if counts else base
    common: dict[str, Any] = {
        "deck": deck,
        "hand": read_cards(hand_text, "hand"),
        "ships": BySide(int(ships_off), int(ships_def)),
        "allies": BySide(
            read_allies(allies_off, "allies.offense"), read_allies(allies_def, "allies.defense")
        ),
        "seen": read_cards(seen_text, "seen"),
        "powers": BySide(_power(power_off), _power(power_def)),
        "options": _options(),
        "edicts": tuple(EDICT_CHOICES[label] for label in played),
    }
    if you == ALLY:
        return Invitation(
            hand_sizes=BySide(int(hand_off), int(hand_def)),
            invited_by=frozenset(Side(s) for s in invited),
            your_power=_power(your_power),
            model=OpponentModel(model),
            **common,
        )
    return Challenge(
        you=Side(you),
        opponent_hand_size=int(hand_size),
        opponent_known=read_cards(known_text, "opponent_known"),
        opponent=OpponentModel(model),
        objective=Objective(objective),
        deal_success=Fraction(deal).limit_denominator(1000),
        second_challenge=second,
        **common,
    )


candidates: tuple[Ally, ...] = ()
try:
    if upload is not None:
        data = parse_json_text(upload.getvalue(), repr(upload.name)[:60])
        challenge = parse_challenge(data)
        candidates = candidates_of(data)
        st.info(
            f"Showing the challenge of the file {upload.name!r}; remove the file to use the "
            "inputs again.",
            icon=":material/description:",
        )
    else:
        challenge = _from_inputs()
        if isinstance(challenge, Challenge):
            candidates = read_allies(candidates_text, "candidates")
except CosmicError as exc:
    st.error(str(exc))
    st.stop()

if isinstance(challenge, Challenge):
    try:
        save_slot.download_button(
            "Save these inputs as a challenge file",
            data=json.dumps(challenge_to_dict(challenge), indent=2),
            file_name="challenge.json",
            mime="application/json",
        )
    except CosmicError:
        save_slot.caption("A deck made card by card has no file form.")


def _show_invitation(report: InvitationReport) -> None:
    st.subheader(f"Best: {report.best.choice}")
    rows = [
        {
            "choice": r.choice,
            "your side wins": percent(float(r.win)) if r.side else "-",
            "loses": percent(float(r.lose)) if r.side else "-",
            "ships lost": float(r.lost),
            "rewards": float(r.rewards),
            "bases": float(r.bases),
            "offense wins": percent(float(r.offense_wins)),
        }
        for r in report.rows
    ]
    st.dataframe(rows, hide_index=True, width="stretch", key="cosmic-invitation")
    for note in report.notes:
        if not note.startswith("Deck "):
            st.caption(note)


def _show_report(report: Report) -> None:
    rows: list[dict[str, Any]] = [
        {"card": str(r.card), "ships": r.ships, **odds_to_dict(r.odds)} for r in report.cards
    ]
    chooses = report.challenge.table.chooses_ships(report.challenge.you)
    if not chooses:
        for r in rows:
            r.pop("ships")
    eq = report.equilibrium
    if rows:
        best = None if report.best is None else str(report.best)
        if eq is not None and best is None:
            st.subheader("Play the equilibrium mix")
        else:
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
        if eq is not None:
            st.caption("Each card's odds against the opponent's equilibrium strategy.")
    if eq is not None:
        mix = ", ".join(
            f"{play.card}{f' with {play.ships} ships' if eq.chooses_ships else ''} "
            f"{100 * float(p):.1f}%"
            for play, p in eq.strategy
        )
        st.markdown(
            f"**Equilibrium:** play {mix}. It guarantees **{percent(float(eq.value))}** "
            f"({'exact' if eq.exact else 'HiGHS, floating point'}; {eq.how})."
        )
        if eq.opponent:
            st.caption(
                "The opponent's equilibrium play: "
                + ", ".join(f"{label} {100 * float(p):.1f}%" for label, p in eq.opponent[:8])
                + f" ({eq.hand_types} kinds of hand, {eq.mixed_types} mixed)."
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
    allies = report.best_plan.odds.allies
    if allies:
        st.markdown("**Allies** (best plan)")
        st.dataframe(
            [
                {
                    "ally": a.name,
                    "side": a.side.value,
                    "side wins": percent(float(a.win)),
                    "ships lost": float(a.lost),
                    "rewards": float(a.rewards),
                    "bases": float(a.bases),
                }
                for a in allies
            ],
            hide_index=True,
            width="stretch",
            key="cosmic-allies",
        )
    for note in report.notes:
        if not note.startswith("Deck "):
            st.caption(note)
    st.caption(f"{report.compositions} opponent hand compositions enumerated.")


def _advice_table(
    title: str, advice: dict[str, Any], key: str, first: tuple[str, str],
    *extra: tuple[str, str],
) -> None:  # fmt: skip
    """One advice table (ships to send, whom to invite): each choice's best card and odds."""
    st.subheader(title)
    rows = []
    for r in advice["rows"]:
        row = {first[0]: r[first[1]], "best card": r["card"], "win": percent(r["win"]),
               "lose": percent(r["lose"]), "ships lost": r["lost"]}  # fmt: skip
        row.update({label: r[name] for label, name in extra})
        rows.append(row)
    st.dataframe(rows, hide_index=True, width="stretch", key=key)


try:
    if isinstance(challenge, Invitation):
        inv = challenge
        _show_invitation(_cached(("invite", inv), lambda: advise_invitation(inv)))
        st.stop()
    c = challenge
    if not c.deck.exact:
        st.info(f"Odds use an estimated deck. {c.deck.note}")
    clock = int(budget)
    report = _cached(
        ("solve", c),
        lambda: _with_progress(
            "Enumerating the opponent's hands",
            lambda progress: solve(c, budget=Budget(clock), progress=progress),
        ),
    )
    _show_report(report)
    if want_sends and c.you is Side.OFFENSE:
        sends: dict[str, Any] = _cached(
            ("sends", c),
            lambda: sends_to_dict(
                *_with_progress(
                    "Ships to send",
                    lambda progress: ships_to_send(c, budget=Budget(clock), progress=progress),
                )
            ),
        )
        _advice_table(f"Ships to send: {sends['best']}", sends, "cosmic-sends", ("ships", "ships"))
    elif want_sends:
        st.caption("Only the offense chooses the ships it sends.")
    if candidates:
        invites: dict[str, Any] = _cached(
            ("invite-candidates", c, candidates),
            lambda: invitations_to_dict(
                *_with_progress(
                    "Whom to invite",
                    lambda progress: invitations(
                        c, candidates, budget=Budget(clock), progress=progress
                    ),
                )
            ),
        )
        _advice_table(
            f"Whom to invite: {invites['best']}", invites, "cosmic-invites", ("invite", "invite"),
            ("allies' bases", "ally_bases"), ("allies' rewards", "ally_rewards"),
        )  # fmt: skip
except CosmicError as exc:
    st.error(str(exc))
