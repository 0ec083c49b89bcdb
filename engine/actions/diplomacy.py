"""Diplomacy (4 or more players): ambassadors, acts of aggression and the traitor.

During their action a player may propose diplomatic relations to another player when a wormhole
connection (not a Wormhole Generator half, nor a warp portal: decision) joins sectors they
control, neither has ships in a sector controlled by or holding ships of the other, neither holds
the other's ambassador or the traitor tile, and both have room on their reputation track (a
reputation tile may be returned to the bag to make room). If the other accepts, each gives an
ambassador tile carrying a population cube from a track of their choice (dized diplomacy page).

An act of aggression breaks relations: at the end of a player's action (or reaction), if they
have ships in a sector where a player they have relations with has ships or control, both
ambassadors go back, each cube to a track of its owner's choice, and the aggressor takes the
traitor tile (from its holder or the supply): no more diplomacy, -2 VP at the end.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.actions.base import Action, register
from engine.board import room_for_ambassador, take_cube
from engine.decisions import CubeReturn, Decision, DiplomacyAnswer
from engine.enums import RESOURCES, Resource, SquareType
from engine.galaxy import board_edges, edge_link
from engine.state import GameState, PlayerState

MIN_PLAYERS = 4


@register
@dataclass(frozen=True, slots=True)
class ProposeDiplomacy(Action):
    """Propose relations to ``other``; give a ``resource`` cube (returning reputation ``drop``)."""

    VERB = "propose"
    other: int
    resource: Resource
    drop: int | None


@register
@dataclass(frozen=True, slots=True)
class AcceptDiplomacy(Action):
    """Accept; give a ``resource`` cube (returning reputation tile ``drop`` to make room)."""

    VERB = "accept"
    resource: Resource
    drop: int | None


@register
@dataclass(frozen=True, slots=True)
class DeclineDiplomacy(Action):
    """Decline the proposal."""

    VERB = "decline_relations"


def have_relations(a: PlayerState, b: PlayerState) -> bool:
    """True when the two players hold each other's ambassador."""
    return b.seat in a.ambassadors and a.seat in b.ambassadors


def _intrusions(state: GameState) -> set[tuple[int, int]]:
    """Pairs ``(a, b)`` where ``a`` has ships in a sector ``b`` controls or has ships in."""
    out: set[tuple[int, int]] = set()
    for sector in state.sectors:
        if not sector.ships:
            continue
        present = {s for s, _, _ in sector.ships}
        others = set(present)
        if sector.owner is not None:
            others.add(sector.owner)
        for a in present:
            for b in others:
                if a != b:
                    out.add((a, b))
    return out


def _wormhole_pairs(state: GameState) -> set[tuple[int, int]]:
    """Pairs of players whose controlled sectors share a full wormhole connection."""
    out: set[tuple[int, int]] = set()
    for sector in state.sectors:
        a = sector.owner
        if a is None:
            continue
        for direction, other, back in board_edges(state, sector.hex):
            s = state.sector(other)
            if s is None or s.owner is None or s.owner == a:
                continue
            if edge_link(sector, direction, s, back) == 2:
                out.add((a, s.owner))
    return out


def _drops(player: PlayerState) -> list[int | None]:
    """Ways to make room for one ambassador: nothing, or returning one reputation tile."""
    out: list[int | None] = []
    if room_for_ambassador(player):
        out.append(None)
    for value in sorted(set(player.reputation)):
        if room_for_ambassador(player, value):
            out.append(value)
    return out


def _basic(state: GameState, a: int, b: int) -> bool:
    if len(state.players) < MIN_PLAYERS or a == b:
        return False
    pa, pb = state.players[a], state.players[b]
    if pa.eliminated or pb.eliminated or state.traitor in (a, b):
        return False
    return b not in pa.ambassadors and a not in pb.ambassadors


def _may_relate(
    state: GameState,
    a: int,
    b: int,
    intrusions: set[tuple[int, int]],
    pairs: set[tuple[int, int]],
) -> bool:
    """The rule of who may relate with whom, given the board's ``_intrusions`` and
    ``_wormhole_pairs`` (computed once when many pairs are asked about)."""
    if not _basic(state, a, b) or (a, b) in intrusions or (b, a) in intrusions:
        return False
    return (a, b) in pairs


def can_relate(state: GameState, a: int, b: int) -> bool:
    """True when ``a`` may propose relations to ``b`` (cubes and room aside)."""
    return _may_relate(state, a, b, _intrusions(state), _wormhole_pairs(state))


def legal_propose(state: GameState, seat: int) -> list[Action]:
    """Proposals the player may make now."""
    others = [o for o in range(len(state.players)) if _basic(state, seat, o)]
    if not others:  # the usual case, answered before the board is read
        return []
    intrusions, pairs = _intrusions(state), _wormhole_pairs(state)
    player = state.players[seat]
    drops = _drops(player)
    cubes = [r for r in RESOURCES if player.tracks[r.track]]
    out: list[Action] = []
    for other in others:
        if not _may_relate(state, seat, other, intrusions, pairs):
            continue
        if not _drops(state.players[other]) or not any(state.players[other].tracks):
            continue
        for drop in drops:
            out.extend(ProposeDiplomacy(other, r, drop) for r in cubes)
    return out


def apply_propose(state: GameState, seat: int, action: ProposeDiplomacy) -> GameState:
    """The other player now answers."""
    return state.with_pending(DiplomacyAnswer(action.other, seat, action.resource, action.drop))


def legal_answer(state: GameState, d: DiplomacyAnswer) -> list[Action]:
    """Accepting with a cube (and a tile to return if needed), or declining."""
    player = state.players[d.seat]
    out: list[Action] = []
    if can_relate(state, d.proposer, d.seat):
        for drop in _drops(player):
            out.extend(AcceptDiplomacy(r, drop) for r in RESOURCES if player.tracks[r.track])
    out.append(DeclineDiplomacy())
    return out


def _give(state: GameState, giver: int, receiver: int, resource: Resource) -> GameState:
    state = state.with_player(take_cube(state.players[giver], resource))
    p = state.players[receiver]
    return state.with_player(replace(p, ambassadors=(*p.ambassadors, giver)))


def _drop(state: GameState, seat: int, value: int | None) -> GameState:
    if value is None:
        return state
    player = state.players[seat]
    rep = list(player.reputation)
    rep.remove(value)
    bag = list(state.reputation_bag)
    bag[value - 1] += 1
    state = replace(state, reputation_bag=(bag[0], bag[1], bag[2], bag[3]))
    return state.with_player(replace(player, reputation=tuple(rep)))


def apply_answer(state: GameState, d: DiplomacyAnswer, action: Action) -> GameState:
    """Exchange ambassadors, or nothing."""
    state = state.with_pending(pop=1)
    if not isinstance(action, AcceptDiplomacy):
        return state
    state = _drop(state, d.proposer, d.drop)
    state = _drop(state, d.seat, action.drop)
    state = _give(state, d.proposer, d.seat, d.resource)
    return _give(state, d.seat, d.proposer, action.resource)


def check_aggression(state: GameState, seat: int) -> GameState:
    """At the end of ``seat``'s action: break relations with every player it intrudes on."""
    me = state.players[seat]
    follow: list[Decision] = []
    intrusions: set[tuple[int, int]] | None = None  # read from the board once, if needed
    for other in range(len(state.players)):
        them = state.players[other]
        if other == seat or not have_relations(me, them):
            continue
        if intrusions is None:
            intrusions = _intrusions(state)
        if (seat, other) not in intrusions:
            continue
        me = replace(me, ambassadors=tuple(a for a in me.ambassadors if a != other))
        them = replace(them, ambassadors=tuple(a for a in them.ambassadors if a != seat))
        state = state.with_player(me).with_player(them)
        state = replace(state, traitor=seat)
        # Each cube goes back to a track of its owner's choice.
        follow.append(CubeReturn(other, SquareType.GREY))
        follow.append(CubeReturn(seat, SquareType.GREY))
    return state.with_pending(*follow)
