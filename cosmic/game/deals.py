"""Deals: what the main players may offer each other after two compromises, and what a deal does.

The seed: "the main players have 72 hours to negotiate a deal amongst themselves. A deal can
involve the trade of cards and/or allowing the other player to establish ONE base where you
already have one (your own planets count) ... If 72 hours pass, or one player just flat out
refuses to agree to a deal, then it collapses and both involved parties lose three ships to the
warp." An attack against a compromise is no deal: the attack wins and pays consolation
(``cosmic.encounter``); an Empath's compromise turns the other card into one ("you must make a
deal within 72 hours").

Terms (``Terms``) are a base for each main player on a planet where the other has one, cards
each gives the other (the giver chooses which, ``Step.DEAL_CARDS``), and the Zombie's freeing of
its partner's ships from the warp (the seed: "you can free ships from the warp as part of a
compromise deal"). Promises are not modelled: the seed says none need be kept.

Negotiation, edition 2 (``GameConfig.rules``): the offense makes the first offer (or none: the
deal fails); the other main player accepts it, refuses it flat (the deal fails), or makes a
counteroffer, and so on alternately for at most ``DEAL_ROUNDS`` offers, the stand-in for the
72 hours (U); the last offer is accepted or the deal fails. An Empath whose compromise forced the
deal cannot refuse or let its partner refuse ("you must make a deal"): a negotiation it forced
ends with an accepted offer. Edition 1 had one round: the offense proposed, the defense accepted
or refused, one card at most each way.

A base granted is one ship from the receiver's fullest base with a ship to spare, else from its
warp (U).
"""

from __future__ import annotations

from cosmic.cards import COMPROMISE
from cosmic.game.state import DEAL_ROUNDS, MAX_DEAL_CARDS, GameState, Terms
from cosmic.powers import Power
from cosmic.sides import Side


def empath_forced(state: GameState, seat: int) -> bool:
    """True when ``seat`` is an Empath whose compromise forced this deal."""
    side = state.side_of(seat)
    if side is None or state.power(seat) is not Power.EMPATH:
        return False
    mine, theirs = state.cone.card(side), state.cone.card(side.other)
    return mine == COMPROMISE and theirs != COMPROMISE


def must_deal(state: GameState) -> bool:
    """True when an Empath forced this deal: it may not fail by refusal."""
    return empath_forced(state, state.offense) or empath_forced(state, state.cone.defense)


def base_source(state: GameState, seat: int, planet: int) -> bool:
    """True when ``seat`` can put a ship on ``planet`` for a deal (a spare ship, or the warp)."""
    if state.ships_on(planet, seat):
        return False
    return state.warp[seat] > 0 or any(state.spare(seat, p) for p in state.bases(seat))


def deal_terms(state: GameState) -> list[Terms]:
    """Every set of terms a main player may offer."""
    off, dfn = state.offense, state.cone.defense
    off_bases = [-1, *(p for p in state.bases(dfn) if base_source(state, off, p))]
    def_bases = [-1, *(p for p in state.bases(off) if base_source(state, dfn, p))]
    zombie = Power.ZOMBIE in (state.power(off), state.power(dfn))
    partner = dfn if state.power(off) is Power.ZOMBIE else off
    frees = [False, True] if zombie and state.warp[partner] else [False]
    most = 1 if state.config.legacy else MAX_DEAL_CARDS
    return [
        Terms(ob, db, og, dg, z)
        for ob in off_bases
        for db in def_bases
        for og in range(min(most, len(state.hands[off])) + 1)
        for dg in range(min(most, len(state.hands[dfn])) + 1)
        for z in frees
    ]


def answerer(state: GameState) -> int:
    """Who answers the offer on the table: the defense in edition 1, else the main player who
    did not make it."""
    c = state.cone
    return c.defense if c.proposer in (-1, state.offense) else state.offense


def can_counter(state: GameState) -> bool:
    """True when the answer to the offer on the table may be a counteroffer."""
    return not state.config.legacy and state.cone.proposals < DEAL_ROUNDS


def gains(terms: Terms, side: Side) -> tuple[int, int, int]:
    """What ``side``'s main player gets and gives under ``terms``: (bases gained, bases
    granted, cards received minus cards given)."""
    mine, theirs = terms.offense_base, terms.defense_base
    got, gave = terms.defense_gives, terms.offense_gives
    if side is Side.DEFENSE:
        mine, theirs, got, gave = theirs, mine, gave, got
    return (int(mine >= 0), int(theirs >= 0), got - gave)


__all__ = [
    "answerer",
    "base_source",
    "can_counter",
    "deal_terms",
    "empath_forced",
    "gains",
    "must_deal",
]
