"""The edicts in a game: when each may be played, on what, and what it does.

The seed says only that edicts "can only be played when the card says they can be played" and
are discarded once used; it gives no texts. The timings and effects are those of the base-game
edicts (``cosmic.edicts``; FFG calls them artifacts and prints a timing on each), marked U where
the Eon cards could not be confirmed. Each *window* is a step where the holders of the edicts it
offers are asked in turn, the offense first, then from its left; a player who plays one is asked
again (it may hold another).

Edition 2 (``GameConfig.rules``), every edict in each window where it may be played:

* Mobius Tubes (offense only, at the start of its challenge): every ship in the warp returns to
  a base of its owner (``Step.MOBIUS``).
* Plague (any player, at the regroup, ``Step.PLAGUE``; U: FFG's timing, the Eon card's is not
  confirmed): the player chosen loses three ships to the warp, from its fullest bases as in a
  failed deal (a Zombie loses none: its ships never reach the warp), and discards one card of
  each kind it holds, the weakest of each (U: FFG lets the victim choose which).
* Force Field (any player, once alliances are formed, ``Step.FORCE_FIELD``): the alliances of
  one side are cancelled; their ships go home.
* Cosmic Zap (any player, as a power is used): a power used by a decision (Mind, Trader,
  Philanthropist, Mutant before cards; Chronos's time travel; Clone's keep) waits at
  ``Step.ZAP`` for the holders' answers; the Laser and the Oracle act as cards are chosen, so a
  zap on them comes just before (``Step.BEFORE_CARDS``); the powers that act at the reveal
  (Amoeba, Empath, Macron, Virus, Void, Zombie) are zapped at ``Step.REVEAL``. A zapped power is
  cancelled for the rest of the challenge; a zapped use does not happen. (U: the Vulch's take is
  not offered to a zap.)
* Emotion Control and Ionic Gas (any player, at the reveal): attack cards become compromises; no
  consolation or rewards are collected.
* Quash (any player, once a deal is made, ``Step.QUASH``): the deal fails.
* Card Zap (any player, as an edict is played, ``Step.CARD_ZAP``; U: FFG's card, which
  cancels an artifact or a flare, the Eon text is not confirmed): the edict is cancelled and
  discarded (U: the Vulch may take the Card Zap but not the card it cancelled, which never took
  effect). A Card Zap itself cannot be zapped (one copy in the Eon deck). Challenge cards are
  not edicts: a Card Zap never cancels one.

The variant has no flares (the seed plays "sans expansions"; its "flare" means an edict).

Edition 1 (version-1 records) offered only Force Field, Cosmic Zap (main players' powers, at the
reveal), Emotion Control, Ionic Gas, Quash and Mobius Tubes, at those fixed windows.
"""

from __future__ import annotations

from cosmic.cards import Card, CardKind, Edict, edict, strength
from cosmic.game.actions import Action, PlayEdict
from cosmic.game.resolution import allies_of, committed_ships, fullest_base, return_commits
from cosmic.game.state import FAILED_DEAL_SHIPS, GameState, Step, remove_card
from cosmic.powers import Power, rule
from cosmic.sides import Side

LEGACY_WINDOWS: dict[Step, tuple[Edict, ...]] = {
    Step.FORCE_FIELD: (Edict.FORCE_FIELD,),
    Step.REVEAL: (Edict.COSMIC_ZAP, Edict.EMOTION_CONTROL, Edict.IONIC_GAS),
    Step.QUASH: (Edict.QUASH,),
}
"""Edition 1's windows (Mobius Tubes has its own step at the start of a challenge)."""

WINDOWS: dict[Step, tuple[Edict, ...]] = {
    Step.PLAGUE: (Edict.PLAGUE,),
    Step.FORCE_FIELD: (Edict.FORCE_FIELD,),
    Step.BEFORE_CARDS: (Edict.COSMIC_ZAP,),
    Step.REVEAL: (Edict.COSMIC_ZAP, Edict.EMOTION_CONTROL, Edict.IONIC_GAS),
    Step.QUASH: (Edict.QUASH,),
    Step.ZAP: (Edict.COSMIC_ZAP,),
    Step.CARD_ZAP: (Edict.CARD_ZAP,),
}
"""Edition 2's windows (see the module docstring)."""

CARD_TIMED = frozenset({Power.LASER, Power.ORACLE})
"""Powers that act as the cards are chosen: zapped at ``Step.BEFORE_CARDS``."""


def windows(state: GameState) -> dict[Step, tuple[Edict, ...]]:
    """The windows of ``state``'s edition."""
    return LEGACY_WINDOWS if state.config.legacy else WINDOWS


def targets(state: GameState, seat: int, e: Edict, step: Step) -> list[PlayEdict]:
    """Every way ``seat`` may play ``e`` at ``step`` (empty: not now)."""
    c = state.cone
    if e is Edict.FORCE_FIELD:
        return [PlayEdict(e, side.value) for side in Side if allies_of(state, side)]
    if e is Edict.COSMIC_ZAP:
        if step is Step.ZAP:
            use = c.use
            ok = use is not None and state.power(use.seat) is not None
            return [PlayEdict(e, str(use.seat))] if ok and use is not None else []
        mains = [state.main(side) for side in Side]
        if step is Step.BEFORE_CARDS:
            return [PlayEdict(e, str(m)) for m in mains if state.power(m) in CARD_TIMED]
        return [PlayEdict(e, str(m)) for m in mains if state.power(m) is not None]
    if e in (Edict.EMOTION_CONTROL, Edict.IONIC_GAS) and e not in c.edicts:
        return [PlayEdict(e)]
    if e is Edict.QUASH:
        return [PlayEdict(e)]
    if e is Edict.PLAGUE:
        return [PlayEdict(e, str(s)) for s in state.in_play() if s != seat]
    if e is Edict.CARD_ZAP and step is Step.CARD_ZAP:
        return [PlayEdict(e)]
    return []


def options(state: GameState, seat: int, step: Step) -> list[Action]:
    """The edicts ``seat`` may play in the window ``step``."""
    out: list[Action] = []
    for e in windows(state).get(step, ()):
        if edict(e) in state.hands[seat]:
            out.extend(targets(state, seat, e, step))
    return out


def holders(state: GameState, step: Step, besides: int = -1) -> tuple[int, ...]:
    """Who the window ``step`` asks, the offense first then in turn order: edition 1 every
    holder of one of its edicts, edition 2 those who may play one now (``besides`` excepted)."""
    order = (state.offense, *state.left_of(state.offense))
    if state.config.legacy:
        held = [edict(e) for e in windows(state)[step]]
        return tuple(s for s in order if any(card in state.hands[s] for card in held))
    return tuple(s for s in order if s != besides and options(state, s, step))


def free_warp(state: GameState) -> GameState:
    """Mobius Tubes: every ship in the warp returns to its owner's fullest base (a home planet
    when it has none)."""
    for s in range(state.players):
        n = state.warp[s]
        if n and not state.out[s]:
            to = fullest_base(state, s)
            place = to if to is not None else state.home_planets(s)[0]
            state = state.with_warp(s, -n).with_ships(place, s, n)
    return state


def lose_to_warp(state: GameState, seat: int, ships: int = FAILED_DEAL_SHIPS) -> GameState:
    """``seat`` loses ``ships`` to the warp, one at a time from its fullest base (home planets
    first on ties); a Zombie in force loses none (a failed deal, a Plague)."""
    if rule(state.power(seat)).warp_proof:
        return state
    for _ in range(ships):
        base = fullest_base(state, seat)
        if base is None:
            break
        state = state.with_ships(base, seat, -1).with_warp(seat, 1)
    return state


def plague_discards(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards a Plague makes a hand discard: the weakest of each kind it holds.

    >>> from cosmic.cards import parse_cards
    >>> [str(c) for c in plague_discards(parse_cards("attack:8", "attack:4", "compromise"))]
    ['attack:4', 'compromise']
    """
    out: list[Card] = []
    for kind in CardKind:
        of_kind = [c for c in hand if c.kind is kind]
        if of_kind:
            out.append(min(of_kind, key=lambda c: (strength(c), c)))
    return tuple(out)


def plague(state: GameState, victim: int) -> GameState:
    """Plague on ``victim``: three ships to the warp and one card of each kind discarded."""
    state = lose_to_warp(state, victim)
    hand = state.hands[victim]
    lost = plague_discards(hand)
    for card in lost:
        hand = remove_card(hand, card)
    return state.with_hand(victim, hand).with_discards(lost)


def effect(state: GameState, action: PlayEdict) -> GameState:
    """What an edict played (and not cancelled) does to the game."""
    c = state.cone
    e = action.edict
    if e is Edict.FORCE_FIELD:
        side = Side(action.target)
        state = return_commits(state, allies_of(state, side))
        allies = tuple((s, sd) for s, sd in state.cone.allies if sd is not side)
        return state.with_cone(allies=allies, force_fields=(*c.force_fields, side))
    if e is Edict.COSMIC_ZAP:
        target = int(action.target)
        state = state.with_cone(zapped=(*c.zapped, target))
        zapped = state.side_of(target)
        if zapped is not None and c.card(zapped) is not None:
            # A zapped Amoeba's ships are those it committed: its ooze is cancelled with it.
            ships = list(c.ships)
            ships[0 if zapped is Side.OFFENSE else 1] = committed_ships(state, zapped)
            state = state.with_cone(ships=(ships[0], ships[1]))
        return state
    if e is Edict.QUASH:
        return state.with_cone(terms=None)
    if e is Edict.MOBIUS_TUBES:
        return free_warp(state)
    if e is Edict.PLAGUE:
        return plague(state, int(action.target))
    return state.with_cone(edicts=(*c.edicts, e))


__all__ = [
    "CARD_TIMED",
    "LEGACY_WINDOWS",
    "WINDOWS",
    "effect",
    "free_warp",
    "holders",
    "lose_to_warp",
    "options",
    "plague",
    "plague_discards",
    "targets",
    "windows",
]
